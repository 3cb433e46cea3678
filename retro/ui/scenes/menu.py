"""The game menu: choose a game, its options and a deal number; resume, the scores, the duel,
the settings, or quit.

The game list scrolls (a hundred games under their family headings): PgUp/PgDn/Home/End page
through it, Shift+Left/Right jump a family, and letters typed find a game by its name, as DOS
file pickers did. What is chosen is `Choices`; `menuview` draws it, repainted only when
something shown changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from retro.errors import RetroError
from retro.textmode import TextScreen
from retro.ui import texts
from retro.ui.drawing.textview import CELL_H, CELL_W
from retro.ui.scene import Scene
from retro.ui.scenes import menuview
from retro.ui.scenes.choices import Choices

if TYPE_CHECKING:
    from retro.ui.scene import Host


class MenuScene(Choices, Scene):
    """The game menu: its keys, its mouse, and what each line does."""

    context = "menu"
    _state: tuple[object, ...] = ()  # what the screen last composed showed
    _screen: TextScreen | None = None

    def act(self, app: Host, action: str, key: str) -> None:
        """The menu's handlers take the key too (a letter jumps, a digit is typed)."""
        self.focus = min(self.focus, len(self.lines(app)) - 1)
        if action not in ("letter", "erase", "cancel"):
            self.find = ""  # any other key ends the name being typed
        self.HANDLERS[action](self, app, key)

    def _focused(self, app: Host) -> tuple[str, str]:
        return self.lines(app)[self.focus]

    def _up(self, app: Host, key: str) -> None:
        self.focus = (self.focus - 1) % len(self.lines(app))

    def _down(self, app: Host, key: str) -> None:
        self.focus = (self.focus + 1) % len(self.lines(app))

    def _left(self, app: Host, key: str) -> None:
        self._change(app, *self._focused(app), -1)

    def _right(self, app: Host, key: str) -> None:
        self._change(app, *self._focused(app), 1)

    def _page_up(self, app: Host, key: str) -> None:
        self._page("page_up")

    def _page_down(self, app: Host, key: str) -> None:
        self._page("page_down")

    def _first(self, app: Host, key: str) -> None:
        self._page("first")

    def _last(self, app: Host, key: str) -> None:
        self._page("last")

    def _letter(self, app: Host, key: str) -> None:
        if not self._type(key[-1]):
            app.beeper.play("refuse")  # no game's name holds that letter

    def _previous_family(self, app: Host, key: str) -> None:
        self._family_step(-1)

    def _next_family(self, app: Host, key: str) -> None:
        self._family_step(1)

    def _digit(self, app: Host, key: str) -> None:
        if not self.typing:
            self.deal, self.typing = "", True
        if len(self.deal) < 9:
            self.deal = (self.deal + key[-1]).lstrip("0") or "0"
        app.menu_deal = self.deal

    def _erase(self, app: Host, key: str) -> None:
        if self._unfind():  # a letter of the name typed first, then the deal's digits
            return
        self.deal = self.deal[:-1]
        self.typing = True
        app.menu_deal = self.deal

    def _random(self, app: Host, key: str) -> None:
        self.deal = app.menu_deal = str(app.seed_source())
        self.typing = False

    def _sound(self, app: Host, key: str) -> None:
        app.toggle_sound()

    def _select(self, app: Host, key: str) -> None:
        self._do(app, self._focused(app)[0])

    def _cancel(self, app: Host, key: str) -> None:
        if self.find:  # Esc forgets the name typed before it leaves the menu
            self.find = ""
        elif len(app.scenes) > 1:
            app.pop()

    def _help(self, app: Host, key: str) -> None:
        from retro.ui.scenes.helpscreen import show_help  # not needed by the title screen

        show_help(app, self.game_id)

    def _scores(self, app: Host, key: str) -> None:
        self._do(app, "scores")

    def _mouse(self, app: Host, key: str) -> None:
        import pyxel

        self._click(app, pyxel.mouse_x // CELL_W, pyxel.mouse_y // CELL_H)

    HANDLERS: ClassVar[dict[str, Callable[[MenuScene, Host, str], None]]] = {
        "up": _up,
        "down": _down,
        "left": _left,
        "right": _right,
        "page_up": _page_up,
        "page_down": _page_down,
        "first": _first,
        "last": _last,
        "letter": _letter,
        "previous_family": _previous_family,
        "next_family": _next_family,
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

    def _change(self, app: Host, kind: str, name: str, delta: int) -> None:
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

    def _toggle_winnable(self, app: Host) -> None:
        """Winnable deals only, on or off, remembered."""
        app.settings.winnable_only = not app.settings.winnable_only
        app.save_settings()

    def _change_window(self, app: Host, delta: int) -> None:
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

    def _do(self, app: Host, kind: str) -> None:
        if kind == "resume":
            if app.session is None and app.pending is not None:
                app.resume(app.pending)
            else:
                app.pop()
        elif kind == "scores":
            from retro.ui.scenes.scores import show_scores  # not needed by the title screen

            show_scores(app, self.game_id, self.values[self.game_id])
        elif kind == "duel":
            app.show_duel(self.game_id, options=self.values[self.game_id])
        elif kind == "quit":
            from retro.ui.scenes.dialogs import ConfirmScene  # only when asked for

            kept = app.session is not None and app.session.in_progress()
            lines = texts.QUIT_LINES if kept else texts.QUIT_LINES_NO_GAME
            app.push(ConfirmScene(app.quit, texts.QUIT_TITLE, lines))
        elif kind == "settings":
            from retro.ui.scenes.settingsbox import SettingsScene  # only when asked for

            app.push(SettingsScene())
        elif kind == "sound":
            app.toggle_sound()
        elif kind == "winnable":
            self._toggle_winnable(app)
        elif kind == "window":
            self._change_window(app, 1)
        else:
            self._play(app)

    def _play(self, app: Host) -> None:
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
            from retro.ui.table.dealsearch import new_deal  # not needed by the title screen

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
                from retro.ui.scenes.dialogs import ConfirmScene  # not needed by the title screen

                app.push(ConfirmScene(start))
            else:
                start()

        key = app.keeper.key_for(app.catalog, game_id, options)
        saved = app.keeper.saved_for(app.catalog, game_id, options)  # asked about first
        if saved is None:
            afresh()
            return
        from retro.ui.scenes.dialogs import ResumeScene

        app.push(ResumeScene(app, saved, lambda: app.resume(saved), afresh, entry.title))

    def _click(self, app: Host, col: int, row: int) -> None:
        bar_col = self.LIST_COL + self.LIST_W - 1
        if col == bar_col and self.overflows():
            if row == self.LIST_ROW + 1:
                self._choose_game(max(self.game - 1, 0))
            elif row == self.LIST_ROW + self.LIST_H - 2:
                self._choose_game(min(self.game + 1, len(self.entries) - 1))
            return
        if row in self.heading_rows and col < bar_col:  # a family's heading: its first game
            self._choose_game(self.heading_rows[row])
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

    def draw(self, app: Host) -> None:
        if self.lang != app.lang:  # titles in the new language, sorted anew
            self.lang = app.lang
            chosen = self.game_id
            self._list_games(app)
            self.game = self.ids.index(chosen)
            self._scroll_to_game()
        state = (
            self.game,
            self.top,
            self.find,
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

    def compose(self, app: Host) -> TextScreen:
        return menuview.compose(self, app)
