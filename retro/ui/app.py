"""The window's application object: a stack of scenes, the game in progress, and the seams.

`App.update()` changes state and `App.draw()` only draws, and building an App is separate from
`pyxel.run`, so tests initialise pyxel headless, build an App and step frames themselves.
`Session` is the game in progress; `on_close` hands it to a save hook (saving itself comes with
another issue), and `run` calls it when the window closes, so closing asks nothing.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from retro.definition.catalog import Catalog
from retro.engine.game import PLAYING, Game
from retro.ui import palette
from retro.ui.keys import FPS, Keys
from retro.ui.layout import SCREEN_H, SCREEN_W
from retro.ui.shelf import Shelf
from retro.ui.sound import Beeper
from retro.ui.texts import APP_TITLE
from retro.ui.textview import Painter

TRACE_ENV = "RETRO_PATIENCE_TRACE"


class Scene(Protocol):
    """One screen. `overlay` scenes are drawn over the scene below them (dialogs)."""

    context: str
    overlay: bool

    def update(self, app: App) -> None: ...

    def draw(self, app: App) -> None: ...


@dataclass
class Session:
    """The game in progress: what a save needs to bring it back exactly."""

    game_id: str
    options: dict[str, Any]
    game: Game
    label: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def in_progress(self) -> bool:
        """True while abandoning it would lose something worth asking about."""
        return bool(self.game.history) and self.game.outcome() == PLAYING


SaveHook = Callable[[Session], None]


class App:
    """The whole window: scenes on a stack, the session, sound, keys and the painter."""

    def __init__(self, catalog: Catalog | None = None, *, on_save: SaveHook | None = None,
                 animate: bool = True, sound: bool = True, lang: str = "en",
                 seed_source: Callable[[], int] | None = None,
                 trace: Path | None = None) -> None:
        palette.install()
        self.catalog = catalog if catalog is not None else Catalog()
        self.on_save = on_save
        self.animate = animate
        self.lang = lang
        self.seed_source = seed_source or (lambda: random.randint(1, 999_999))
        env_trace = os.environ.get(TRACE_ENV)
        self.trace = trace if trace is not None else (Path(env_trace) if env_trace else None)
        self.shelf = Shelf(self.catalog)
        self.note = ""  # one line about a file set aside (a damaged save), for title and menu
        self.keys = Keys()
        self.painter = Painter()
        self.beeper = Beeper(sound)
        self.session: Session | None = None
        self.scenes: list[Scene] = []
        self.frame = 0
        self.closed = False
        self._art: Any = None

    # -- scenes ---------------------------------------------------------------------------

    @property
    def scene(self) -> Scene:
        return self.scenes[-1]

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)

    def pop(self) -> None:
        if len(self.scenes) > 1:
            self.scenes.pop()

    def replace(self, scene: Scene) -> None:
        """Make `scene` the only one (a new game, the menu from the title)."""
        self.scenes = [scene]

    @property
    def art(self) -> Any:
        """The card atlas, built on first use (it takes a moment and only the table needs it)."""
        if self._art is None:
            from retro.ui.cardart import CardArt

            self._art = CardArt(self.painter.font)
        return self._art

    def show_title(self) -> None:
        from retro.ui.screens import TitleScene

        self.replace(TitleScene())

    def show_menu(self, game_id: str | None = None) -> None:
        from retro.ui.screens import MenuScene

        self.push(MenuScene(self, game_id))

    def show_help(self, game_id: str | None = None) -> None:
        from retro.ui.screens import InstructionsScene

        self.push(InstructionsScene(self, game_id))

    def start(self, game_id: str, options: Mapping[str, Any] | None = None,
              seed: int | None = None) -> Session:
        """Deal a new game and go to the table (replacing every scene)."""
        from retro.ui.table import TableScene

        chosen = dict(options or {})
        gdef = self.catalog.load(game_id, chosen)
        deal = seed if seed is not None else self.seed_source()
        self.session = Session(game_id, chosen, Game(gdef, deal), label=_label(self, game_id,
                                                                                chosen))
        self.replace(TableScene(self))
        return self.session

    # -- the frame --------------------------------------------------------------------------

    def update(self) -> None:
        self.frame += 1
        if self.scenes:
            self.scene.update(self)

    def draw(self) -> None:
        if not self.scenes:
            return
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].overlay:
            start -= 1
        for scene in self.scenes[start:]:
            scene.draw(self)

    # -- leaving ----------------------------------------------------------------------------

    def on_close(self) -> None:
        """The window is closing: hand the game in progress to the save hook, once."""
        if self.closed:
            return
        self.closed = True
        if self.session is not None and self.on_save is not None:
            self.on_save(self.session)

    def quit(self) -> None:
        import pyxel

        self.on_close()
        pyxel.quit()

    def record(self, line: str) -> None:
        """Append a move's notation to the trace file (RETRO_PATIENCE_TRACE), for end-to-end
        tests and bug reports."""
        if self.trace is not None:
            with self.trace.open("a", encoding="utf-8") as out:
                out.write(line + "\n")


def _label(app: App, game_id: str, options: Mapping[str, Any]) -> str:
    """The game's title with the options that differ from their defaults, for the title bar."""
    entry = app.shelf.entry(game_id)
    parts = [f"{spec.label} {options[name]}" for name, spec in entry.options.items()
             if name in options and str(options[name]) != str(spec.default)]
    return entry.title + (f" ({', '.join(parts)})" if parts else "")


def init_window(headless: bool = False, fps: int = FPS) -> None:
    """pyxel.init for our screen: 640x400, no quit key (Esc opens the menu).

    pyxel.init changes the working directory to the caller's folder; it is put back, so paths
    given on the command line (and other tests in the same process) keep their meaning.
    """
    import pyxel

    cwd = os.getcwd()
    pyxel.init(SCREEN_W, SCREEN_H, title=APP_TITLE, fps=fps, quit_key=pyxel.KEY_NONE,
               headless=headless)
    os.chdir(cwd)
    if not headless:
        pyxel.integer_scale(True)  # crisp pixels: 2x, 3x..., never 2.5x


def run(app: App) -> None:
    """Open the window and play until it is closed; closing saves through `on_close`."""
    import atexit

    import pyxel

    atexit.register(app.on_close)  # pyxel runs atexit handlers when the window closes
    pyxel.mouse(True)
    pyxel.run(app.update, app.draw)
