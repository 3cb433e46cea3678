"""The duel in the window: names and the duel code, the hot seat, and the result.

The rules of the duel live in `retro.duel` (turns, no undo, the tie rule); these screens only
show it. Player 1 plays until Done (or until nothing but Done is left); a "pass the keyboard"
screen hides the table; player 2 gets the identical deal; the scores are shown together only
when both have played.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from retro.duel import CODE_PREFIX, Duel, DuelError, DuelResult, parse_duel_code, random_seed
from retro.engine.game import WON
from retro.errors import RetroError
from retro.textmode import Colour, TextScreen
from retro.ui import texts
from retro.ui.dialogs import ConfirmScene, TextField, typed
from retro.ui.table import TableScene
from retro.ui.textview import COLS, ROWS
from retro.ui.widgets import bar, big_text, box, centre, centre_lines, fit, note_line, wrap

if TYPE_CHECKING:
    from retro.ui.app import App

CODE_LENGTH = 24


def parse_code(text: str) -> int | None:
    """The deal number of a duel code as typed: `DUEL-123`, `123`, or nothing for a random
    duel (None). Raises DuelError."""
    text = text.strip()
    if not text:
        return None
    if text.isdigit():
        return parse_duel_code(CODE_PREFIX + text)
    return parse_duel_code(text)


class DuelSetupScene:
    """Two names and a duel code, typed DOS style into fields with a blinking cursor."""

    context = "duel_setup"
    overlay = False
    COL, ROW, WIDTH, HEIGHT = 8, 8, 64, 13
    FIELD_COL = COL + 21

    def __init__(self, app: App, game_id: str, names: tuple[str, str] = ("", "")) -> None:
        self.game_id = game_id
        self.title = app.shelf.entry(game_id).title
        if not any(names):
            names = (app.keeper.last_name, "")
        self.fields = [TextField(names[0]), TextField(names[1]), TextField("", CODE_LENGTH)]
        self.focus = 0 if not names[0] else 1 if not names[1] else 2
        self.problem = ""
        self._screen: TextScreen | None = None
        self._problem_shown = ""

    def update(self, app: App) -> None:
        text = typed()
        if text and not self.fields[self.focus].feed(text):
            app.beeper.play("refuse")
        for action, _ in app.keyboard.actions(self.context):
            self.HANDLERS[action](self, app)
            if app.scene is not self:
                return

    def _next(self, app: App) -> None:
        self.focus = (self.focus + 1) % len(self.fields)

    def _previous(self, app: App) -> None:
        self.focus = (self.focus - 1) % len(self.fields)

    def _erase(self, app: App) -> None:
        self.fields[self.focus].erase()

    def _random(self, app: App) -> None:
        self.fields[2] = TextField(f"{CODE_PREFIX}{random_seed()}", CODE_LENGTH)

    def _accept(self, app: App) -> None:
        if self.focus < 2 and not self.fields[self.focus + 1].value:
            self.focus += 1  # Enter moves on to an empty field, as DOS forms did
        else:
            self._start(app)

    def _cancel(self, app: App) -> None:
        app.pop()

    def _start(self, app: App) -> None:
        names = [field.value for field in self.fields[:2]]
        try:
            if not all(name.strip() for name in names):
                raise DuelError(texts.DUEL_NAMES_NEEDED)
            seed = parse_code(self.fields[2].value)
            gdef = app.catalog.load(self.game_id, {})
            duel = Duel(gdef, names, seed)
        except RetroError as error:
            app.beeper.play("refuse")
            self.problem = str(error).splitlines()[0]
            return
        app.start_duel(self.game_id, duel)

    HANDLERS: ClassVar[dict[str, Callable[[DuelSetupScene, App], None]]] = {
        "next": _next, "previous": _previous, "erase": _erase, "random": _random,
        "accept": _accept, "cancel": _cancel}

    def draw(self, app: App) -> None:
        if self._screen is None or self._problem_shown != self.problem:
            self._problem_shown = self.problem
            self._screen = self.compose()
        app.painter.screen("duel_setup", self._screen)
        for index, field in enumerate(self.fields):
            focused = index == self.focus
            shown = field.shown(app.frame, focused)
            if index == 2 and not field.value and not focused:
                shown = texts.DUEL_RANDOM.ljust(field.limit + 1)
            fg, bg = (Colour.WHITE, Colour.BLACK) if focused else (Colour.BLACK, Colour.CYAN)
            app.painter.cells(self.FIELD_COL, self.ROW + 6 + index, shown, fg, bg)

    def compose(self) -> TextScreen:
        screen = TextScreen(COLS, ROWS, Colour.WHITE, Colour.BLUE)
        screen.fill(0, 1, COLS, ROWS - 2, "░", Colour.BLUE, Colour.BLACK)
        bar(screen, 0, texts.DUEL_BAR, Colour.BLACK, Colour.LIGHT_GREY)
        big_text(screen, (COLS - 8 * len(texts.BIG_DUEL)) // 2, 2, texts.BIG_DUEL,
                 Colour.YELLOW)
        c, r, w, h = self.COL, self.ROW, self.WIDTH, self.HEIGHT
        box(screen, c, r, w, h, texts.DUEL_SETUP_TITLE.format(game=self.title), Colour.WHITE,
            Colour.BLUE, Colour.YELLOW)
        for offset, line in enumerate(texts.DUEL_SETUP_LINES):
            screen.put(c + 3, r + 1 + offset, line, Colour.LIGHT_GREY)
        for index, label in enumerate(texts.DUEL_FIELDS):
            screen.put(c + 3, r + 6 + index, f"{label} ".ljust(17, "."), Colour.YELLOW)
        for offset, line in enumerate(wrap(texts.DUEL_CODE_HINT, w - 6, 2)):
            screen.put(c + 3, r + 10 + offset, line, Colour.LIGHT_CYAN)
        if self.problem:
            note_line(screen, ROWS - 2, self.problem)
        bar(screen, ROWS - 1, " " + texts.DUEL_SETUP_KEYS)
        return screen


class PassScene:
    """Between turns: the table hidden, the keyboard handed over."""

    context = "pass"
    overlay = False

    def __init__(self, app: App, duel: Duel, game_id: str, why: str = "") -> None:
        self.duel = duel
        self.game_id = game_id
        self.title = app.shelf.entry(game_id).title
        self.why = why
        self._screen = self.compose()

    def update(self, app: App) -> None:
        for action, _ in app.keyboard.actions(self.context):
            self.HANDLERS[action](self, app)
            return

    def _go(self, app: App) -> None:
        if app.session is not None:
            app.replace(TableScene(app))

    def _cancel(self, app: App) -> None:
        app.push(ConfirmScene(lambda: app.leave_duel(self.game_id), texts.DUEL_ABANDON_TITLE,
                              texts.DUEL_ABANDON_LINES))

    HANDLERS: ClassVar[dict[str, Callable[[PassScene, App], None]]] = {
        "go": _go, "cancel": _cancel}

    def draw(self, app: App) -> None:
        app.painter.screen("pass", self._screen)

    def compose(self) -> TextScreen:
        duel = self.duel
        name, other = duel.names[duel.turn], duel.names[1 - duel.turn]
        screen = TextScreen(COLS, ROWS, Colour.WHITE, Colour.BLACK)
        bar(screen, 0, texts.DUEL_BAR, Colour.BLACK, Colour.LIGHT_GREY)
        c, r, w, h = 12, 5, 56, 14
        box(screen, c, r, w, h, coded_title(texts.PASS_TITLE, self.title, duel.code, w),
            Colour.WHITE, Colour.BLUE, Colour.YELLOW)
        if duel.turn == 0:
            first = texts.PASS_FIRST.format(name=name, other=other)
        else:
            first = texts.PASS_NEXT.format(name=other, why=self.why)
        centre_lines(screen, r + 2, first, w - 4, Colour.LIGHT_GREY)
        centre(screen, r + 5, texts.PASS_TO, Colour.WHITE)
        centre(screen, r + 7, f"►  {name}  ◄", Colour.YELLOW)
        if duel.turn == 1:
            centre_lines(screen, r + 9, texts.PASS_SECRET.format(other=other), w - 4,
                         Colour.LIGHT_CYAN)
        keys = f" {texts.PASS_KEYS.format(name=name)} "
        centre(screen, r + h - 2, keys, Colour.BLACK, Colour.LIGHT_GREY)
        bar(screen, ROWS - 1, " " + texts.PASS_BAR_KEYS)
        return screen


class DuelResultScene:
    """Both scores side by side and the winner, by the tie rule of `retro.duel.decide`."""

    context = "duel_result"
    overlay = False

    def __init__(self, app: App, duel: Duel, game_id: str) -> None:
        self.duel = duel
        self.result: DuelResult = duel.result()
        self.game_id = game_id
        self.title = app.shelf.entry(game_id).title
        self._screen = self.compose()

    def verdict(self) -> str:
        result = self.result
        if result.winner is None:
            return texts.RESULT_DRAW
        a, b = result.players
        name = result.players[result.winner].name
        if a.score == b.score:
            return texts.RESULT_WINS_MOVES.format(name=name)
        return texts.RESULT_WINS_SCORE.format(name=name)

    def update(self, app: App) -> None:
        for action, _ in app.keyboard.actions(self.context):
            self.HANDLERS[action](self, app)
            return

    def _again(self, app: App) -> None:
        app.show_duel_setup(self.game_id, self.duel.names, replace=True)

    def _scores(self, app: App) -> None:
        app.show_scores(self.game_id, {})

    def _menu(self, app: App) -> None:
        app.show_menu(self.game_id)

    HANDLERS: ClassVar[dict[str, Callable[[DuelResultScene, App], None]]] = {
        "again": _again, "scores": _scores, "menu": _menu}

    def draw(self, app: App) -> None:
        app.painter.screen("duel_result", self._screen)

    def compose(self) -> TextScreen:
        result = self.result
        screen = TextScreen(COLS, ROWS, Colour.WHITE, Colour.BLUE)
        screen.fill(0, 1, COLS, ROWS - 2, "░", Colour.BLUE, Colour.BLACK)
        bar(screen, 0, texts.RESULT_BAR, Colour.BLACK, Colour.LIGHT_GREY)
        word = texts.BIG_DRAW if result.winner is None else texts.BIG_WINNER
        big_text(screen, (COLS - 8 * len(word)) // 2, 2, word, Colour.YELLOW)
        c, r, w, h = 12, 8, 56, 12
        box(screen, c, r, w, h, coded_title(texts.RESULT_TITLE, self.title, result.code, w),
            Colour.WHITE, Colour.BLUE, Colour.YELLOW)
        screen.put(c + 5, r + 2, texts.RESULT_ROW.format(*texts.RESULT_COLUMNS), Colour.YELLOW)
        screen.put(c + 1, r + 3, "─" * (w - 2), Colour.LIGHT_CYAN)
        for index, player in enumerate(result.players):
            how = texts.RESULT_WON_MARK if player.won else texts.RESULT_DONE_MARK
            line = texts.RESULT_ROW.format(player.name, player.score, player.moves, how)
            winner = index == result.winner
            fg = Colour.YELLOW if winner else Colour.WHITE
            screen.put(c + 2, r + 4 + index, "►" if winner else " ", Colour.YELLOW)
            screen.put(c + 5, r + 4 + index, fit(line, w - 7), fg)
        centre_lines(screen, r + 7, self.verdict(), w - 4, Colour.WHITE, lines=1)
        # the code whole, wrapped if need be: a cut code would give another deal
        centre_lines(screen, r + 9, texts.RESULT_CODE.format(code=result.code), w - 4,
                     Colour.LIGHT_CYAN)
        bar(screen, ROWS - 1, " " + texts.RESULT_KEYS)
        return screen


def coded_title(pattern: str, game: str, code: str, width: int) -> str:
    """A box title naming the game and the duel code: a long game title gives way, the code
    is always whole."""
    room = width - 2 - len(pattern.format(game="", code=code))
    return pattern.format(game=fit(game, max(room, 1)), code=code)


def turn_end_reason(duel: Duel) -> str:
    """Why a turn ended, in the words of the pass screen."""
    game = duel.game
    if game.outcome() == WON:
        return texts.PASS_WHY_WON
    if game.position.counters.get("done"):
        return texts.PASS_WHY_DONE
    return texts.PASS_WHY_STUCK

