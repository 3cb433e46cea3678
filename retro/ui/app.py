"""The window's application object: a stack of scenes, the game in progress, and the seams.

`App.update()` changes state and `App.draw()` only draws, and building an App is separate from
`pyxel.run`, so tests initialise pyxel headless, build an App and step frames themselves. The
scenes never import this module: they know the App as a `retro.ui.scene.Host`, so imports run
one way, from here to the scenes; the game engine, the game list and the scenes the title
screen does not show are imported where first needed, so the first frame comes sooner
(tests/test_startup.py).
`Session` (`retro.ui.session`) is the game in progress. Nothing is lost: the table calls
`autosave` after every move, `on_close` saves once more, and `boot` offers the saved game when
the program starts; a game that ends (`retro.ui.scenes.over`) or is given up by starting
another is counted in the records once.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from retro.display import no_display, opening_window
from retro.errors import RetroError
from retro.store.settings import Settings
from retro.ui import texts
from retro.ui.drawing import palette
from retro.ui.drawing.textview import Painter
from retro.ui.keeper import Keeper
from retro.ui.keymap import FPS, Keyboard
from retro.ui.scene import Scene
from retro.ui.scenes.title import TitleScene
from retro.ui.sound import Beeper
from retro.ui.table.layout import SCREEN_H, SCREEN_W
from retro.ui.texts import APP_TITLE
from retro.ui.window import Window, display_size, largest_scale

if TYPE_CHECKING:
    from retro.definition.catalog import Catalog
    from retro.engine.game import Game
    from retro.engine.gamedef import GameDef
    from retro.net.session import NetDuel
    from retro.ui.drawing.cardart import CardArt
    from retro.ui.session import Session
    from retro.ui.shelf import Shelf

__all__ = ["App", "init_window", "run"]

TRACE_ENV = "RETRO_PATIENCE_TRACE"
AHEAD_SLICE = 0.0008  # seconds of each frame the computer thinks during the person's turn

SaveHook = Callable[["Session"], None]


class App:
    """The whole window: scenes on a stack, the session, sound, keys and the painter."""

    def __init__(
        self,
        catalog: Catalog | None = None,
        *,
        on_save: SaveHook | None = None,
        animate: bool = True,
        sound: bool | None = None,
        lang: str | None = None,
        settings: Settings | None = None,
        window: Window | None = None,
        seed_source: Callable[[], int] | None = None,
        trace: Path | None = None,
        winnable_mark: bool = True,
    ) -> None:
        palette.install()
        if catalog is None:
            from retro.definition.catalog import Catalog

            catalog = Catalog()
        self.catalog = catalog
        self.on_save = on_save
        self.animate = animate
        self.winnable_mark = winnable_mark  # the table's "still winnable?" (off: pictures that
        # must not depend on how far a search got in the frames taken)
        # the player's settings (the config folder's unless given); `sound` and `lang` given
        # here win for this run without being remembered
        self.settings = settings if settings is not None else Settings.load()
        self.lang = lang or self.settings.language or "en"
        texts.use(self.lang)
        # the window's size and fullscreen (init_window's; headless: nothing to resize)
        self.window = window or Window(self.settings.scale or 1, False, 0, live=False)
        self.seed_source = seed_source or (lambda: random.randint(1, 999_999))
        env_trace = os.environ.get(TRACE_ENV)
        self.trace = trace if trace is not None else (Path(env_trace) if env_trace else None)
        self._shelf: Shelf | None = None
        self.keeper = Keeper()
        self.keeper.last_name = self.settings.last_name
        if self.settings.note:
            self.keeper.note = self.settings.note
        self.awaiting: Game | None = None  # a finished game whose player is typing a name
        self.menu_deal = ""  # the deal number the menu offers, kept until played
        self.demo_speed: int | None = None  # the demo's speed last chosen (None: normal)
        self.title_demos = 0  # the title screen's demos played: the next plays the next game
        self.keyboard = Keyboard()
        self.painter = Painter()
        self.beeper = Beeper(self.settings.sound if sound is None else sound)
        self.session: Session | None = None
        self.scenes: list[Scene] = []
        self.frame = 0
        self.closed = False
        self._art: CardArt | None = None

    @property
    def pending(self) -> Game | None:
        """A saved game not resumed (yet): the menu's Resume line brings it back."""
        return self.keeper.pending

    @property
    def note(self) -> str:
        """One line about a file that had to be set aside or could not be written, for the
        title, the menu and the status line; never a stop."""
        return self.keeper.note

    @note.setter
    def note(self, text: str) -> None:
        self.keeper.note = text

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
    def shelf(self) -> Shelf:
        """The games as the menu lists them, read when first asked for (the title screen
        lists none)."""
        if self._shelf is None:
            from retro.ui.shelf import Shelf

            self._shelf = Shelf(self.catalog)
        return self._shelf

    @property
    def art(self) -> CardArt:
        """The card atlas, built on first use (it takes a moment and only the table needs it)."""
        four, back = self.settings.four_colour, self.settings.card_back
        if self._art is None or (self._art.four_colour, self._art.back) != (four, back):
            from retro.ui.drawing.cardart import CardArt

            self._art = CardArt(self.painter.font, four, back)
        return self._art

    def show_title(self) -> None:
        self.replace(TitleScene(self.note))

    def show_menu(self, game_id: str | None = None) -> None:
        from retro.ui.scenes.menu import MenuScene  # the title screen lists no games

        self.push(MenuScene(self, game_id))

    def show_duel(
        self,
        game_id: str,
        names: tuple[str, str] = ("", ""),
        options: Mapping[str, Any] | None = None,
    ) -> None:
        """The duel's form over the menu: the hot seat's, or the network duel's when that was
        the opponent chosen last."""
        from retro.ui.scenes.netsetup import show_duel_form  # only for a duel

        show_duel_form(self, game_id, names, options or {})

    def show_replay(self, gdef: GameDef, seed: int, moves: list[str], label: str) -> None:
        """Watch a game again from its deal and moves; the game in progress is not touched."""
        from retro.engine.game import Game
        from retro.ui.scenes.replay import ReplayScene
        from retro.ui.session import Session

        session = Session(gdef.id, dict(gdef.options), Game(gdef, seed), label=label)
        self.push(ReplayScene(self, session, moves))

    def start(
        self,
        game_id: str,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        gdef: GameDef | None = None,
    ) -> Session:
        """Deal a new game and go to the table (replacing every scene); the game it replaces
        counts as given up if it had moves. `gdef`: the game with these options, loaded
        already (the command line checks it before the window opens), else loaded here."""
        from retro.engine.game import Game
        from retro.ui.session import Session, game_label
        from retro.ui.table.scene import TableScene

        chosen = dict(options or {})
        if gdef is None:  # a broken file fails before anything is lost
            gdef = self.catalog.load(game_id, chosen)
        deal = seed if seed is not None else self.seed_source()
        self.abandon(self.keeper.key_for(self.catalog, game_id, chosen, gdef))
        self.session = Session(
            game_id, chosen, Game(gdef, deal), label=game_label(self.shelf, game_id, chosen)
        )
        table = TableScene(self)
        self.replace(table)
        table.deal_in(self)
        return self.session

    def end_turn(self, session: Session) -> None:
        """A duel player's turn is over (the table tells it): the next turn or the result, by
        the duel's screens (`duelturns.end_turn`)."""
        from retro.ui.scenes.duelturns import end_turn

        end_turn(self, session)

    # -- nothing is lost ------------------------------------------------------------------------

    def boot(
        self,
        game_id: str | None = None,
        options: Mapping[str, Any] | None = None,
        gdef: GameDef | None = None,
        seed: int | None = None,
    ) -> None:
        """The program starts: offer the latest save (the game named's first; with a `seed`, its
        only) with a Y/N prompt; else the title or the game named (`gdef` loaded already)."""
        key = self.keeper.key_for(self.catalog, game_id, options, gdef)
        saved = self.keeper.resume(self.catalog, key)
        self.keeper.records  # noqa: B018 - a damaged records file is told now, not later
        self.show_title()
        if saved is not None and seed is not None and self.keeper.key(saved) != key:
            self.keeper.pending, saved = saved, None

        def afresh() -> None:  # kept until a game of its options starts, not asked again
            self.keeper.pending = self.keeper.declined = saved
            if game_id is not None:
                self.start(game_id, options, seed, gdef=gdef)

        if saved is not None:
            from retro.ui.scenes.dialogs import ResumeScene  # only when there is a game to offer

            instead = self.shelf.entry(game_id).title if game_id is not None else ""
            self.push(ResumeScene(self, saved, lambda: self.resume(saved), afresh, instead))
        elif game_id is not None:
            self.start(game_id, options, seed, gdef=gdef)

    def resume(self, game: Game) -> Session:
        """Go on with a saved game: every move and the undo history as they were."""
        from retro.ui.session import Session, game_label
        from retro.ui.table.scene import TableScene

        self.put_by()
        if game is self.pending:
            self.keeper.pending = self.keeper.resume(self.catalog)  # the next one waits its turn
        self.keeper.adopt(game)
        options = dict(game.gdef.options)
        self.session = Session(
            game.gdef.id,
            options,
            game,
            label=game_label(self.shelf, game.gdef.id, options),
            recorded=self.keeper.counted(game),
        )
        self.replace(TableScene(self))
        return self.session

    def autosave(self) -> None:
        """After every move (and on closing): the game in progress to disk, so a crash or a
        closed window loses nothing. A counted, finished game leaves no save behind."""
        session = self.session
        if session is None or session.duel is not None:
            return
        from retro.engine.game import PLAYING  # a session's game has brought the engine

        game = session.game
        if session.recorded and game.outcome() != PLAYING:
            self.keeper.clear()
        elif game.history or game.future:
            self.keeper.save(game, session.recorded)
        else:
            self.keeper.clear(aside=session.kept is None)  # a game kept aside stays

    def give_up(self, session: Session | None) -> None:
        """Count a game left unfinished with moves made (a new deal, a restart) as lost, in the
        statistics only: a game given up never enters the ten best."""
        if session is None or session.duel is not None or session.recorded:
            return
        if session.in_progress():
            self.keeper.record(session.game, abandoned=True)
        session.recorded = True

    def abandon(self, key: str | None = None) -> None:
        """Another game starts: the one in progress and a saved one not resumed are given up if
        of its game and options (`key`); others are put by, saved."""
        session = self.session
        if session is not None and session.duel is None and self.keeper.key(session.game) == key:
            self.give_up(session)
            self.keeper.clear()  # the slot stays this window's, for the new deal
        else:
            self.put_by()
        self.keeper.give_up_pending(self.catalog, key)

    def put_by(self) -> None:
        """The game in progress stops being played, still saved: offered again by the menu
        (when no other saved game is waiting) and at the next start."""
        session = self.session
        if session is not None and session.duel is None:
            self.autosave()
            if session.net is not None:  # a duel across machines is left: the other is told
                session.net.close()
            self.keeper.put_by(session.game, session.recorded, session.in_progress())
            self.session = None

    # -- the player's settings ------------------------------------------------------------------

    def save_settings(self) -> None:
        """Keep the settings for the next run; a disk that refuses costs one line, not play."""
        try:
            self.settings.save()
        except OSError as error:
            self.note = f"settings.json: cannot be written ({error.strerror})"

    def set_language(self, lang: str) -> None:
        """Speak `lang` from the next frame on, and remember it."""
        self.lang = self.settings.language = lang
        texts.use(lang)
        self.save_settings()

    def toggle_sound(self) -> bool:
        """Sound on or off, remembered; the new state."""
        self.settings.sound = self.beeper.toggle()
        self.save_settings()
        return self.settings.sound

    # -- the frame --------------------------------------------------------------------------

    def update(self) -> None:
        self.frame += 1
        self.window.update(self)  # the keys of every screen (size, fullscreen, quit) first
        if self.scenes and not self.closed:
            self.scene.update(self)
        if self.session is not None and self.session.net is not None and not self.closed:
            from retro.ui.scenes.netplay import net_frame  # only in a duel across machines

            net_frame(self, self.session)
        duel = self.session.duel if self.session is not None else None
        if duel is not None and duel.opponent is not None and duel.turn == 0:
            # the computer plays its own game of the deal while the person plays theirs,
            # so that at its turn it has little left to think
            duel.opponent.think(AHEAD_SLICE)

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
        """The window is closing: save the game in progress (and count a finished game whose
        player was still typing a name), then hand the session to the save hook, once."""
        if self.closed:
            return
        self.closed = True
        if self.awaiting is not None:
            from retro.ui.scenes.over import settle_awaiting  # loaded when the game ended

            settle_awaiting(self)
        self.autosave()
        if self.session is not None and self.session.net is not None:
            self.session.net.close()  # the other player is told at once that this one left
        self.keeper.close()  # every save is free for the next start
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


def init_window(headless: bool = False, fps: int = FPS, settings: Settings | None = None) -> Window:
    """pyxel.init for our screen: 640x400 at the scale the player chose, else the largest
    whole one that fits the display; fullscreen if chosen; no quit key (Esc opens the menu);
    the DOS palette and the program's icon. Without a display the window would run unseen for
    ever (SDL falls back to drawing nowhere), so that is a RetroError before anything opens.

    pyxel's screen-recording buffer (10 s of frames, about 75 MB) is turned off: its Alt keys
    are not among the program's keys. pyxel.init changes the working directory to the caller's
    folder; it is put back, so paths given on the command line keep their meaning.
    """
    import pyxel

    from retro.ui.drawing import icon

    if not headless:
        missing = no_display()
        if missing:
            raise RetroError(missing)
    chosen = settings or Settings()
    largest = 0 if headless else largest_scale(display_size())
    scale = min(chosen.scale, largest) if chosen.scale and largest else chosen.scale or largest
    with opening_window():
        pyxel.init(
            SCREEN_W,
            SCREEN_H,
            title=APP_TITLE,
            fps=fps,
            quit_key=pyxel.KEY_NONE,
            display_scale=scale or None,
            capture_sec=0,
            headless=headless,
        )
    palette.install()
    icon.install()
    fullscreen = chosen.fullscreen and not headless
    if not headless:
        pyxel.integer_scale(True)  # crisp pixels: 2x, 3x..., never 2.5x
        if fullscreen:
            pyxel.fullscreen(True)
    return Window(scale or 1, fullscreen, largest, live=not headless)


def run(app: App, after_update: Callable[[], None] | None = None) -> None:
    """Open the window and play until it is closed; closing saves through `on_close`.
    `after_update` runs after each frame's update (a browser keeps the saves with it)."""
    import atexit

    import pyxel

    atexit.register(app.on_close)  # pyxel runs atexit handlers when the window closes
    pyxel.mouse(True)
    update = app.update
    if after_update is not None:

        def update() -> None:
            app.update()
            after_update()

    pyxel.run(update, app.draw)


def run_duel(catalog: Catalog, duel: NetDuel) -> None:
    """A network duel hosted or joined on the command line, played in the window: the wait's
    screen over the game menu, then the table. The duel is closed if the window cannot open."""
    from retro.instructions import choose_language
    from retro.ui.scenes.netsetup import NetWaitScene

    try:
        settings = Settings.load()
        window = init_window(settings=settings)
    except BaseException:
        duel.close()
        raise
    lang = choose_language(settings.language or None)
    app = App(catalog, lang=lang, settings=settings, window=window)
    app.show_title()
    app.show_menu(duel.mine.gdef.id if duel.mine is not None else None)
    app.push(NetWaitScene(app, duel, ""))
    run(app)
