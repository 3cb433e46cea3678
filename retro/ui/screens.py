"""The text-mode scenes that start a game: the title screen and the game menu.

Each composes a `retro.textmode.TextScreen` (80x25 cells of character and colours) and hands
it to the painter, which repaints only when a cell changed: the 1994 look comes from the
cell grid itself, box characters and all.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from retro.errors import RetroError
from retro.textmode import Colour, TextScreen
from retro.ui import texts
from retro.ui.keymap import FPS
from retro.ui.textview import CELL_H, CELL_W, COLS, ROWS
from retro.ui.widgets import bar, big_text, centre, note_line

if TYPE_CHECKING:
    from retro.ui.app import App
    from retro.ui.shelf import Entry


# -- title ----------------------------------------------------------------------------------------

DEMO_AFTER = 20 * FPS  # frames the title screen is left alone before its demos begin


class TitleScene:
    """The first screen, in the style of a 1994 shareware title."""

    context = "title"
    overlay = False

    def __init__(self, note: str = "") -> None:
        self.note = note
        self.screen = compose_title(note)
        self.words = texts.TITLE_LINES  # composed again when the language changes
        self.idle = 0  # frames since the last key, for the demos (`retro.ui.titledemo`)

    def update(self, app: App) -> None:
        for action, _ in app.keyboard.actions(self.context):
            self.idle = 0
            self.HANDLERS[action](self, app)
            return
        self.idle = 0 if app.keyboard.any_pressed() else self.idle + 1
        if self.idle >= DEMO_AFTER:
            from retro.ui.titledemo import TitleDemoScene  # only once left alone

            self.idle = 0
            app.push(TitleDemoScene(app))

    def _menu(self, app: App) -> None:
        app.show_menu()

    def _help(self, app: App) -> None:
        app.show_all_keys()

    HANDLERS: ClassVar[dict[str, Callable[[TitleScene, App], None]]] = {
        "continue": _menu,
        "help": _help,
    }

    def draw(self, app: App) -> None:
        if self.words != texts.TITLE_LINES:
            self.words = texts.TITLE_LINES
            self.screen = compose_title(self.note)
        app.painter.screen("title", self.screen)


def compose_title(note: str = "") -> TextScreen:
    screen = TextScreen(COLS, ROWS, Colour.WHITE, Colour.BLUE)
    screen.frame(0, 0, COLS, ROWS - 1, "double", Colour.LIGHT_CYAN)
    first, second = texts.TITLE_LOGO
    big_text(screen, (COLS - 8 * len(first)) // 2, 2, first, Colour.YELLOW)
    big_text(screen, (COLS - 8 * len(second)) // 2, 8, second, Colour.LIGHT_CYAN)
    tagline, suits, press, version, files = texts.TITLE_LINES
    centre(screen, 15, tagline, Colour.WHITE)
    col = (COLS - len(suits)) // 2
    for offset, char in enumerate(suits):
        red = char in "♥♦"
        screen.put_char(col + offset, 17, char, Colour.LIGHT_RED if red else Colour.WHITE)
    centre(screen, 19, files, Colour.LIGHT_GREY)
    centre(screen, 21, f" {press} ", Colour.BLACK, Colour.LIGHT_GREY)
    bar(screen, ROWS - 1, f" {version}")
    screen.put(
        COLS - len(texts.APP_TITLE) - 1, ROWS - 1, texts.APP_TITLE, Colour.BLACK, Colour.CYAN
    )
    if note:
        note_line(screen, ROWS - 2, note)
    return screen


# -- the game menu --------------------------------------------------------------------------------


class MenuScene:
    """Choose a game, its options and a deal number; resume or quit.

    The game list scrolls (about thirty games and growing): PgUp/PgDn/Home/End page through it
    and a letter jumps to the next game whose title starts with it, as DOS file pickers did.
    """

    context = "menu"
    overlay = False
    LIST_COL, LIST_ROW, LIST_W, LIST_H = 1, 2, 26, 21
    VISIBLE = LIST_H - 2  # games shown at once
    LEFT, WIDTH = 29, 49
    NOTE_ROW = 23

    def __init__(self, app: App, game_id: str | None = None) -> None:
        self.lang = app.lang
        self.entries: list[Entry] = app.shelf.entries()
        self.ids = [entry.id for entry in self.entries]
        session = app.session
        wanted = game_id or (session.game_id if session else None) or "spider"
        self.game = self.ids.index(wanted) if wanted in self.ids else 0
        self.top = self.game - self.VISIBLE // 2  # the chosen game in the middle at first
        self._scroll_to_game()
        self.values: dict[str, dict[str, Any]] = {}
        for entry in self.entries:
            values = {name: spec.default for name, spec in entry.options.items()}
            if session is not None and session.game_id == entry.id:
                values.update(session.options)
            self.values[entry.id] = values
        if not app.menu_deal:  # one number offered until it is played or F2 draws another
            app.menu_deal = str(app.seed_source())
        self.deal = app.menu_deal
        self.typing = False  # the first digit typed replaces the offered number
        self.focus = 0
        self.error = app.note
        self.rows: dict[int, int] = {}  # screen row -> line index, for the mouse
        self.game_rows: dict[int, int] = {}
        self._state: tuple[object, ...] = ()
        self._screen: TextScreen | None = None

    @property
    def entry(self) -> Entry:
        return self.entries[self.game]

    @property
    def game_id(self) -> str:
        return self.entry.id

    def lines(self, app: App) -> list[tuple[str, str]]:
        """The focusable lines: (kind, name)."""
        entry = self.entry
        lines = [("game", "")] + [("option", name) for name in entry.options]
        lines += [("deal", ""), ("winnable", ""), ("sound", ""), ("window", ""), ("play", "")]
        if entry.duel and not entry.error:
            lines.append(("duel", ""))
        lines += [("scores", ""), ("settings", "")]
        if app.session is not None or app.pending is not None:
            lines.append(("resume", ""))
        lines.append(("quit", ""))
        return lines

    # -- input ----------------------------------------------------------------------------------

    def update(self, app: App) -> None:
        for action, key in app.keyboard.actions(self.context):
            self.focus = min(self.focus, len(self.lines(app)) - 1)
            self.HANDLERS[action](self, app, key)
            if app.scene is not self:
                return

    def _focused(self, app: App) -> tuple[str, str]:
        return self.lines(app)[self.focus]

    def _up(self, app: App, key: str) -> None:
        self.focus = (self.focus - 1) % len(self.lines(app))

    def _down(self, app: App, key: str) -> None:
        self.focus = (self.focus + 1) % len(self.lines(app))

    def _left(self, app: App, key: str) -> None:
        self._change(app, *self._focused(app), -1)

    def _right(self, app: App, key: str) -> None:
        self._change(app, *self._focused(app), 1)

    def _page_up(self, app: App, key: str) -> None:
        self._page("page_up")

    def _page_down(self, app: App, key: str) -> None:
        self._page("page_down")

    def _first(self, app: App, key: str) -> None:
        self._page("first")

    def _last(self, app: App, key: str) -> None:
        self._page("last")

    def _letter(self, app: App, key: str) -> None:
        self._jump(key[-1])

    def _digit(self, app: App, key: str) -> None:
        if not self.typing:
            self.deal, self.typing = "", True
        if len(self.deal) < 9:
            self.deal = (self.deal + key[-1]).lstrip("0") or "0"
        app.menu_deal = self.deal

    def _erase(self, app: App, key: str) -> None:
        self.deal = self.deal[:-1]
        self.typing = True
        app.menu_deal = self.deal

    def _random(self, app: App, key: str) -> None:
        self.deal = app.menu_deal = str(app.seed_source())
        self.typing = False

    def _sound(self, app: App, key: str) -> None:
        app.toggle_sound()

    def _select(self, app: App, key: str) -> None:
        self._do(app, self._focused(app)[0])

    def _cancel(self, app: App, key: str) -> None:
        if len(app.scenes) > 1:
            app.pop()

    def _help(self, app: App, key: str) -> None:
        app.show_help(self.game_id)

    def _scores(self, app: App, key: str) -> None:
        self._do(app, "scores")

    def _mouse(self, app: App, key: str) -> None:
        import pyxel

        self._click(app, pyxel.mouse_x // CELL_W, pyxel.mouse_y // CELL_H)

    HANDLERS: ClassVar[dict[str, Callable[[MenuScene, App, str], None]]] = {
        "up": _up,
        "down": _down,
        "left": _left,
        "right": _right,
        "page_up": _page_up,
        "page_down": _page_down,
        "first": _first,
        "last": _last,
        "letter": _letter,
        "digit": _digit,
        "erase": _erase,
        "random": _random,
        "sound": _sound,
        "select": _select,
        "cancel": _cancel,
        "help": _help,
        "scores": _scores,
        "click": _mouse,
    }

    def _choose_game(self, index: int) -> None:
        self.game = index % len(self.entries)
        self._scroll_to_game()
        self.focus = 0

    def _scroll_to_game(self) -> None:
        """Scroll as little as needed to keep the chosen game in sight."""
        if self.game < self.top:
            self.top = self.game
        elif self.game >= self.top + self.VISIBLE:
            self.top = self.game - self.VISIBLE + 1
        self.top = max(0, min(self.top, len(self.entries) - self.VISIBLE))

    def _page(self, action: str) -> None:
        last = len(self.entries) - 1
        target = {
            "page_up": max(self.game - (self.VISIBLE - 1), 0),
            "page_down": min(self.game + self.VISIBLE - 1, last),
            "first": 0,
            "last": last,
        }[action]
        if action in ("page_up", "page_down"):  # the page turns with the cursor, as in DOS lists
            self.top += target - self.game
        self._choose_game(target)

    def _jump(self, letter: str) -> None:
        """The next game (after the chosen one, round the end) whose title starts with
        `letter`."""
        count = len(self.entries)
        for step in range(1, count + 1):
            index = (self.game + step) % count
            if self.entries[index].title[:1].upper() == letter.upper():
                self._choose_game(index)
                return

    def _change(self, app: App, kind: str, name: str, delta: int) -> None:
        if kind == "game":
            self.game = (self.game + delta) % len(self.entries)
            self._scroll_to_game()
        elif kind == "option":
            spec = self.entry.options[name]
            values = list(spec.values)
            current = self.values[self.game_id][name]
            at = next((i for i, v in enumerate(values) if str(v) == str(current)), 0)
            self.values[self.game_id][name] = values[(at + delta) % len(values)]
        elif kind == "sound":
            app.toggle_sound()
        elif kind == "winnable":
            self._toggle_winnable(app)
        elif kind == "window":
            self._change_window(app, delta)

    def _toggle_winnable(self, app: App) -> None:
        """Winnable deals only, on or off, remembered."""
        app.settings.winnable_only = not app.settings.winnable_only
        app.save_settings()

    def _change_window(self, app: App, delta: int) -> None:
        """The window line's values: each whole scale that fits, then fullscreen."""
        window = app.window
        sizes = list(range(1, (window.largest or max(window.scale, 2)) + 1))
        at = len(sizes) if window.fullscreen else sizes.index(min(window.scale, sizes[-1]))
        chosen = (at + delta) % (len(sizes) + 1)
        if chosen == len(sizes):
            window.set_fullscreen(app, True)
            return
        if window.fullscreen:
            window.set_fullscreen(app, False)
        window.set_scale(app, sizes[chosen])

    def _do(self, app: App, kind: str) -> None:
        if kind == "resume":
            if app.session is None and app.pending is not None:
                app.resume(app.pending)
            else:
                app.pop()
        elif kind == "scores":
            app.show_scores(self.game_id, self.values[self.game_id])
        elif kind == "duel":
            app.show_duel_setup(self.game_id)
        elif kind == "quit":
            app.quit()
        elif kind == "settings":
            app.show_settings()
        elif kind == "sound":
            app.toggle_sound()
        elif kind == "winnable":
            self._toggle_winnable(app)
        elif kind == "window":
            self._change_window(app, 1)
        else:
            self._play(app)

    def _play(self, app: App) -> None:
        entry = self.entry
        if entry.error:
            app.beeper.play("refuse")
            self.error = entry.error
            return
        game_id = entry.id
        options = dict(self.values[game_id])
        # a number typed is played as it is; one offered is drawn anew for winnable deals only
        offered = not self.typing and app.settings.winnable_only
        seed = None if offered or not self.deal else int(self.deal)

        def start() -> None:
            from retro.ui.dealsearch import new_deal  # not needed by the title screen

            try:
                new_deal(app, game_id, options, seed)
                app.menu_deal = ""  # played: the next menu offers a new number
            except RetroError as error:  # a broken game file: say so, keep the menu
                app.beeper.play("refuse")
                self.error = str(error).splitlines()[0]

        def afresh() -> None:
            session = app.session  # a duel, or the game played, would be given up: asked first
            if (
                session is not None
                and session.in_progress()
                and (session.duel is not None or app.keeper.key(session.game) == key)
            ):
                from retro.ui.dialogs import ConfirmScene  # not needed by the title screen

                app.push(ConfirmScene(start))
            else:
                start()

        key = app.keeper.key_for(app.catalog, game_id, options)
        saved = app.keeper.saved_for(app.catalog, game_id, options)  # asked about first
        if saved is None:
            afresh()
            return
        from retro.ui.dialogs import ResumeScene

        app.push(ResumeScene(app, saved, lambda: app.resume(saved), afresh, entry.title))

    def _click(self, app: App, col: int, row: int) -> None:
        bar_col = self.LIST_COL + self.LIST_W - 1
        if col == bar_col and self.overflows():
            if row == self.LIST_ROW + 1:
                self._choose_game(max(self.game - 1, 0))
            elif row == self.LIST_ROW + self.LIST_H - 2:
                self._choose_game(min(self.game + 1, len(self.entries) - 1))
            return
        if row in self.game_rows and col < bar_col:
            index = self.game_rows[row]
            if index == self.game:  # a click on the chosen game plays it
                self._play(app)
            else:
                self._choose_game(index)
            return
        line = self.rows.get(row)
        if line is None:
            return
        if line == self.focus:
            kind, name = self.lines(app)[line]
            if kind in ("game", "option"):
                self._change(app, kind, name, 1)
            elif kind != "deal":
                self._do(app, kind)
        self.focus = line

    def overflows(self) -> bool:
        return len(self.entries) > self.VISIBLE

    # -- drawing ----------------------------------------------------------------------------------

    def draw(self, app: App) -> None:
        if self.lang != app.lang:  # titles in the new language, sorted anew
            self.lang = app.lang
            chosen = self.game_id
            self.entries = app.shelf.entries()
            self.ids = [entry.id for entry in self.entries]
            self.game = self.ids.index(chosen)
            self._scroll_to_game()
        state = (
            self.game,
            self.top,
            self.focus,
            repr(self.values[self.game_id]),
            self.deal,
            app.beeper.enabled,
            app.window.scale,
            app.window.fullscreen,
            app.session is not None,
            self.error,
            app.pending,
            app.lang,
            app.settings.winnable_only,
        )
        screen = self._screen
        if screen is None or state != self._state:
            self._state = state
            screen = self._screen = self.compose(app)
        app.painter.screen("menu", screen)

    def compose(self, app: App) -> TextScreen:
        from retro.ui import menuview  # with the menu, not with the title screen

        return menuview.compose(self, app)
