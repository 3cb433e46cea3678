"""The duel in the window: names and the duel code, the hot seat, and the result.

The rules of the duel live in `retro.duel` (turns, no undo, the tie rule); these screens only
show it. Player 1 plays until Done (or until nothing but Done is left); a "pass the keyboard"
screen hides the table; player 2 gets the identical deal; the scores are shown together only
when both have played.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from retro.duel import (
    CODE_PREFIX,
    COMPUTER_NAME,
    NAME_LENGTH,
    STRENGTHS,
    Duel,
    DuelError,
    DuelResult,
    Strength,
    parse_duel_code,
    random_seed,
)
from retro.errors import RetroError
from retro.textmode import Colour, TextScreen
from retro.ui import texts
from retro.ui.drawing.textview import COLS, ROWS
from retro.ui.drawing.widgets import bar, big_text, box, centre, centre_lines, fit, note_line, wrap
from retro.ui.scene import Scene
from retro.ui.scenes.dialogs import ConfirmScene, TextField, typed
from retro.ui.scenes.scores import show_scores
from retro.ui.session import Session
from retro.ui.table.scene import TableScene

if TYPE_CHECKING:
    from retro.ui.scene import Host

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


def show_duel_setup(
    app: Host, game_id: str, names: tuple[str, str] = ("", ""), replace: bool = False
) -> None:
    """The duel's form, over the menu; `replace`: over a fresh title and menu (a duel again,
    from the result)."""
    scene = DuelSetupScene(app, game_id, names)
    if replace:
        app.show_title()
        app.show_menu(game_id)
    app.push(scene)


def start_duel(app: Host, game_id: str, duel: Duel) -> None:
    """Player 1's turn begins (after the pass screen; against the computer at once); the
    game in progress is given up."""
    app.abandon()
    app.keeper.clear()
    app.session = Session(game_id, {}, duel.game, label=duel_label(duel), duel=duel)
    app.replace(PassScene(app, duel, game_id) if duel.computer is None else TableScene(app))


def leave_duel(app: Host, game_id: str) -> None:
    """The duel given up: a turn already played counts in the statistics only (the
    computer's never)."""
    session = app.session
    if session is not None and session.duel is not None and not session.duel.over:
        duel = session.duel
        strength = "" if duel.computer is None else duel.computer.name
        for game, name in zip(duel.played[: 1 if strength else 2], duel.names, strict=False):
            app.keeper.record(
                game, abandoned=True, computer=strength, player="" if strength else name
            )
    app.session = None
    app.show_title()
    app.show_menu(game_id)


class DuelSetupScene(Scene):
    """Player 1's name, the opponent (a person, or the computer at a strength: ← → on any
    field, remembered in the settings), player 2's name for a person, and a duel code, typed
    DOS style into fields with a blinking cursor."""

    context = "duel_setup"
    COL, ROW, WIDTH, HEIGHT = 8, 8, 64, 14
    FIELD_COL = COL + 21
    NAME1, NAME2, CODE = range(3)  # the text fields
    LINES = (NAME1, None, NAME2, CODE)  # the form's lines from the top; None: the opponent

    def __init__(
        self,
        app: Host,
        game_id: str,
        names: tuple[str, str] = ("", ""),
        options: Mapping[str, Any] | None = None,
    ) -> None:
        self.game_id = game_id
        self.options = dict(options or {})  # the menu's, for a network duel's host
        self.title = app.shelf.entry(game_id).title
        if not any(names):
            names = (app.keeper.last_name, "")
        chosen = app.settings.duel_opponent
        self.opponent = 1 + list(STRENGTHS).index(chosen) if chosen in STRENGTHS else 0
        if names[1] == COMPUTER_NAME:
            names = (names[0], "")  # a new duel after one against the computer
        self.fields = [TextField(names[0]), TextField(names[1]), TextField("", CODE_LENGTH)]
        empty = [
            index for index in self.cycle() if index != self.CODE and not self.fields[index].value
        ]
        self.focus = empty[0] if empty else self.CODE
        self.problem = ""
        self._screen: TextScreen | None = None
        self._problem_shown = ""

    @property
    def strength(self) -> Strength | None:
        """The computer's strength chosen, or None for a person."""
        return list(STRENGTHS.values())[self.opponent - 1] if self.opponent else None

    def cycle(self) -> list[int]:
        """The fields Tab visits: no second name against the computer."""
        return [index for index in range(3) if index != self.NAME2 or self.strength is None]

    def update(self, app: Host) -> None:
        text = typed()
        if text and not self.fields[self.focus].feed(text):
            app.beeper.play("refuse")
        self.handle(app, app.keyboard.actions(self.context))

    def _next(self, app: Host) -> None:
        cycle = self.cycle()
        self.focus = cycle[(cycle.index(self.focus) + 1) % len(cycle)]

    def _previous(self, app: Host) -> None:
        cycle = self.cycle()
        self.focus = cycle[(cycle.index(self.focus) - 1) % len(cycle)]

    def _choose(self, app: Host, step: int) -> None:
        """← →: the next opponent, remembered for the next duel; past the computer's strengths
        (either way), the network duel's form."""
        self.opponent += step
        if not 0 <= self.opponent <= len(STRENGTHS):
            app.settings.duel_opponent = "host" if step > 0 else "join"
            app.save_settings()
            app.pop()
            app.show_duel(self.game_id, (self.fields[self.NAME1].value, ""), self.options)
            return
        strength = self.strength
        if self.focus not in self.cycle():
            self.focus = self.CODE
        app.settings.duel_opponent = "" if strength is None else strength.name
        app.save_settings()

    def _opponent_next(self, app: Host) -> None:
        self._choose(app, 1)

    def _opponent_previous(self, app: Host) -> None:
        self._choose(app, -1)

    def _erase(self, app: Host) -> None:
        self.fields[self.focus].erase()

    def _random(self, app: Host) -> None:
        self.fields[self.CODE] = TextField(f"{CODE_PREFIX}{random_seed()}", CODE_LENGTH)

    def _accept(self, app: Host) -> None:
        cycle = self.cycle()
        later = [
            index
            for index in cycle[cycle.index(self.focus) + 1 :]
            if index != self.CODE and not self.fields[index].value
        ]
        if later:
            self.focus = later[0]  # Enter moves on to an empty field, as DOS forms did
        else:
            self._start(app)

    def _cancel(self, app: Host) -> None:
        app.pop()

    def _start(self, app: Host) -> None:
        strength = self.strength
        second = COMPUTER_NAME if strength is not None else self.fields[self.NAME2].value
        names = [self.fields[self.NAME1].value, second]
        try:
            if not all(name.strip() for name in names):
                raise DuelError(texts.DUEL_NAMES_NEEDED)
            seed = parse_code(self.fields[self.CODE].value)
            gdef = app.catalog.load(self.game_id, {})
            duel = Duel(gdef, names, seed, strength)
        except RetroError as error:
            app.beeper.play("refuse")
            self.problem = str(error).splitlines()[0]
            return
        start_duel(app, self.game_id, duel)

    HANDLERS: ClassVar[dict[str, Callable[[DuelSetupScene, Host], None]]] = {
        "next": _next,
        "previous": _previous,
        "erase": _erase,
        "random": _random,
        "accept": _accept,
        "cancel": _cancel,
        "opponent_next": _opponent_next,
        "opponent_previous": _opponent_previous,
    }

    def draw(self, app: Host) -> None:
        if self._screen is None or self._problem_shown != self.problem:
            self._problem_shown = self.problem
            self._screen = self.compose()
        app.painter.screen("duel_setup", self._screen)
        for line, index in enumerate(self.LINES):
            row = self.ROW + 5 + line
            if index is None:
                shown = f"◄ {opponent_text(self.strength)} ►".ljust(CODE_LENGTH + 1)
                app.painter.cells(self.FIELD_COL, row, shown, Colour.YELLOW, Colour.BLUE)
                continue
            if index == self.NAME2 and self.strength is not None:
                app.painter.cells(
                    self.FIELD_COL,
                    row,
                    COMPUTER_NAME.ljust(NAME_LENGTH + 1),
                    Colour.LIGHT_GREY,
                    Colour.BLUE,
                )
                continue
            field = self.fields[index]
            focused = index == self.focus
            shown = field.shown(app.frame, focused)
            if index == self.CODE and not field.value and not focused:
                shown = texts.DUEL_RANDOM.ljust(field.limit + 1)
            # the field being typed in is the one lit, as the menu lights its chosen line
            fg, bg = (Colour.BLACK, Colour.CYAN) if focused else (Colour.LIGHT_GREY, Colour.BLACK)
            app.painter.cells(self.FIELD_COL, row, shown, fg, bg)

    def compose(self) -> TextScreen:
        screen = TextScreen(COLS, ROWS, Colour.WHITE, Colour.BLUE)
        screen.fill(0, 1, COLS, ROWS - 2, "░", Colour.BLUE, Colour.BLACK)
        bar(screen, 0, texts.DUEL_BAR, Colour.BLACK, Colour.LIGHT_GREY)
        big_text(screen, (COLS - 8 * len(texts.BIG_DUEL)) // 2, 2, texts.BIG_DUEL, Colour.YELLOW)
        c, r, w, h = self.COL, self.ROW, self.WIDTH, self.HEIGHT
        box(
            screen,
            c,
            r,
            w,
            h,
            texts.DUEL_SETUP_TITLE.format(game=self.title),
            Colour.WHITE,
            Colour.BLUE,
            Colour.YELLOW,
        )
        for offset, line in enumerate(texts.DUEL_SETUP_LINES):
            screen.put(c + 3, r + 1 + offset, line, Colour.LIGHT_GREY)
        for index, label in enumerate(texts.DUEL_FIELDS):
            screen.put(c + 3, r + 5 + index, f"{label} ".ljust(17, "."), Colour.YELLOW)
        for offset, line in enumerate(wrap(texts.DUEL_CODE_HINT, w - 6, 2)):
            screen.put(c + 3, r + 10 + offset, line, Colour.LIGHT_CYAN)
        if self.problem:
            note_line(screen, ROWS - 2, self.problem)
        bar(screen, ROWS - 1, " " + texts.DUEL_SETUP_KEYS)
        return screen


def opponent_text(strength: Strength | None) -> str:
    """`a person`, `the computer, easy`: the opponent row's value, in the current language."""
    if strength is None:
        return texts.OPPONENT_PERSON
    return texts.OPPONENT_COMPUTER.format(strength=strength_word(strength))


def strength_word(strength: Strength) -> str:
    """`easy`, `medium`, `hard` in the current language."""
    return texts.STRENGTH_WORDS[list(STRENGTHS).index(strength.name)]


class PassScene(Scene):
    """Between turns: the table hidden, the keyboard handed over."""

    context = "pass"

    def __init__(self, app: Host, duel: Duel, game_id: str, why: str = "") -> None:
        self.duel = duel
        self.game_id = game_id
        self.title = app.shelf.entry(game_id).title
        self.why = why
        self._screen = self.compose()

    def _go(self, app: Host) -> None:
        if app.session is not None:
            app.replace(TableScene(app))

    def _cancel(self, app: Host) -> None:
        app.push(
            ConfirmScene(
                lambda: leave_duel(app, self.game_id),
                texts.DUEL_ABANDON_TITLE,
                texts.DUEL_ABANDON_LINES,
            )
        )

    HANDLERS: ClassVar[dict[str, Callable[[PassScene, Host], None]]] = {
        "go": _go,
        "cancel": _cancel,
    }

    def draw(self, app: Host) -> None:
        app.painter.screen("pass", self._screen)

    def compose(self) -> TextScreen:
        duel = self.duel
        name, other = duel.names[duel.turn], duel.names[1 - duel.turn]
        screen = TextScreen(COLS, ROWS, Colour.WHITE, Colour.BLACK)
        bar(screen, 0, texts.DUEL_BAR, Colour.BLACK, Colour.LIGHT_GREY)
        c, r, w, h = 12, 5, 56, 14
        box(
            screen,
            c,
            r,
            w,
            h,
            coded_title(texts.PASS_TITLE, self.title, duel.code, w),
            Colour.WHITE,
            Colour.BLUE,
            Colour.YELLOW,
        )
        if duel.turn == 0:
            first = texts.PASS_FIRST.format(name=name, other=other)
        else:
            first = texts.PASS_NEXT.format(name=other, why=self.why)
        centre_lines(screen, r + 2, first, w - 4, Colour.LIGHT_GREY)
        centre(screen, r + 5, texts.PASS_TO, Colour.WHITE)
        centre(screen, r + 7, f"►  {name}  ◄", Colour.YELLOW)
        if duel.turn == 1:
            centre_lines(
                screen, r + 9, texts.PASS_SECRET.format(other=other), w - 4, Colour.LIGHT_CYAN
            )
        keys = f" {texts.PASS_KEYS.format(name=name)} "
        centre(screen, r + h - 2, keys, Colour.BLACK, Colour.LIGHT_GREY)
        bar(screen, ROWS - 1, " " + texts.PASS_BAR_KEYS)
        return screen


class DuelResultScene(Scene):
    """Both scores side by side and the winner, by the tie rule of `retro.duel.decide`."""

    context = "duel_result"

    def __init__(self, app: Host, duel: Duel, game_id: str) -> None:
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

    def _again(self, app: Host) -> None:
        show_duel_setup(app, self.game_id, self.duel.names, replace=True)

    def _scores(self, app: Host) -> None:
        show_scores(app, self.game_id, {})

    def _replay(self, app: Host) -> None:
        """R: the computer's game again, move by move, from the same deal."""
        duel = self.duel
        if duel.computer is None:
            app.beeper.play("refuse")
            return
        label = texts.COMPUTER_REPLAY.format(strength=strength_word(duel.computer), code=duel.code)
        app.show_replay(duel.gdef, duel.seed, list(self.result.players[1].record), label)

    def _menu(self, app: Host) -> None:
        app.show_menu(self.game_id)

    HANDLERS: ClassVar[dict[str, Callable[[DuelResultScene, Host], None]]] = {
        "again": _again,
        "scores": _scores,
        "replay": _replay,
        "menu": _menu,
    }

    def draw(self, app: Host) -> None:
        app.painter.screen("duel_result", self._screen)

    def compose(self) -> TextScreen:
        result = self.result
        screen = TextScreen(COLS, ROWS, Colour.WHITE, Colour.BLUE)
        screen.fill(0, 1, COLS, ROWS - 2, "░", Colour.BLUE, Colour.BLACK)
        bar(screen, 0, texts.RESULT_BAR, Colour.BLACK, Colour.LIGHT_GREY)
        word = texts.BIG_DRAW if result.winner is None else texts.BIG_WINNER
        big_text(screen, (COLS - 8 * len(word)) // 2, 2, word, Colour.YELLOW)
        c, r, w, h = 12, 8, 56, 12
        box(
            screen,
            c,
            r,
            w,
            h,
            coded_title(texts.RESULT_TITLE, self.title, result.code, w),
            Colour.WHITE,
            Colour.BLUE,
            Colour.YELLOW,
        )
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
        centre_lines(
            screen, r + 9, texts.RESULT_CODE.format(code=result.code), w - 4, Colour.LIGHT_CYAN
        )
        bar(screen, ROWS - 1, " " + self.keys())
        return screen

    def keys(self) -> str:
        return texts.RESULT_KEYS if self.duel.computer is None else texts.RESULT_KEYS_COMPUTER


def coded_title(pattern: str, game: str, code: str, width: int) -> str:
    """A box title naming the game and the duel code: a long game title gives way, the code
    is always whole."""
    room = width - 2 - len(pattern.format(game="", code=code))
    return pattern.format(game=fit(game, max(room, 1)), code=code)


def duel_label(duel: Duel) -> str:
    """The title bar in a duel: whose turn it is, and the duel code."""
    return texts.DUEL_LABEL.format(name=duel.player, code=duel.code)
