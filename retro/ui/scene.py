"""What every screen shares: `Scene`, the base that sends each key action to its handler, and
`Host`, what a scene may ask of the application.

The scenes know the application only as a `Host`, so they never import `retro.ui.app`: imports
run one way, from the app to the scenes, even counting those made for types alone. A scene
reaches another by pushing it (`app.push`), by the opener the other's module offers
(`scores.show_scores`, `helpscreen.show_help`...), or, for the screens every path leads back
to, through the host (`show_title`, `show_menu`) and the games it starts (`start`, `resume`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

if TYPE_CHECKING:
    from retro.definition.catalog import Catalog
    from retro.engine.game import Game
    from retro.engine.gamedef import GameDef
    from retro.store.settings import Settings
    from retro.ui.drawing.cardart import CardArt
    from retro.ui.drawing.textview import Painter
    from retro.ui.keeper import Keeper
    from retro.ui.keymap import Keyboard
    from retro.ui.session import Session
    from retro.ui.shelf import Shelf
    from retro.ui.sound import Beeper
    from retro.ui.window import Window


class Host(Protocol):
    """The application as the scenes see it (`retro.ui.app.App` is the one there is)."""

    catalog: Catalog
    settings: Settings
    lang: str
    window: Window
    keyboard: Keyboard
    painter: Painter
    beeper: Beeper
    keeper: Keeper
    seed_source: Callable[[], int]
    animate: bool
    winnable_mark: bool
    session: Session | None
    awaiting: Game | None  # a finished game whose player is typing a name
    menu_deal: str
    demo_speed: int | None
    title_demos: int
    scenes: list[Scene]
    frame: int
    note: str

    @property
    def scene(self) -> Scene: ...

    @property
    def pending(self) -> Game | None:
        """A saved game the player chose not to resume (yet)."""

    @property
    def shelf(self) -> Shelf: ...

    @property
    def art(self) -> CardArt: ...

    def push(self, scene: Scene) -> None: ...

    def pop(self) -> None: ...

    def replace(self, scene: Scene) -> None: ...

    def show_title(self) -> None: ...

    def show_menu(self, game_id: str | None = None) -> None: ...

    def show_duel(
        self,
        game_id: str,
        names: tuple[str, str] = ("", ""),
        options: Mapping[str, Any] | None = None,
    ) -> None: ...

    def show_replay(self, gdef: GameDef, seed: int, moves: list[str], label: str) -> None: ...

    def start(
        self,
        game_id: str,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        gdef: GameDef | None = None,
    ) -> Session: ...

    def resume(self, game: Game) -> Session: ...

    def boot(
        self,
        game_id: str | None = None,
        options: Mapping[str, Any] | None = None,
        gdef: GameDef | None = None,
        seed: int | None = None,
    ) -> None: ...

    def abandon(self, key: str | None = None) -> None: ...

    def put_by(self) -> None: ...

    def give_up(self, session: Session | None) -> None: ...

    def autosave(self) -> None: ...

    def end_turn(self, session: Session) -> None: ...

    def record(self, line: str) -> None: ...

    def save_settings(self) -> None: ...

    def set_language(self, lang: str) -> None: ...

    def toggle_sound(self) -> bool: ...

    def quit(self) -> None: ...


class Scene:
    """One screen. Its `HANDLERS` map each action of its keymap screen (`context`) to a handler;
    `overlay` scenes are drawn over the scene below them (dialogs)."""

    context: ClassVar[str]
    overlay: ClassVar[bool] = False
    HANDLERS: ClassVar[Mapping[str, Callable[..., None]]] = {}

    def update(self, app: Host) -> None:
        self.handle(app, app.keyboard.actions(self.context))

    def handle(self, app: Host, actions: Iterable[tuple[str, str]]) -> bool:
        """Each action to its handler in turn, until one takes this scene off the top (the
        keys after it are not its own); whether it is still on top."""
        for action, key in actions:
            self.act(app, action, key)
            if app.scene is not self:
                return False
        return True

    def act(self, app: Host, action: str, key: str) -> None:
        """One action: its handler, given the scene and the app (`key` is the key pressed,
        for a scene whose handlers want it)."""
        self.HANDLERS[action](self, app)

    def draw(self, app: Host) -> None:
        raise NotImplementedError
