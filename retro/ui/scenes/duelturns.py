"""The turns of a duel in the window: the end of a player's turn (the pass screen, the
computer's turn or the result) and the computer's turn itself, its moves shown one by one on a
table of their own as it makes them (thinking a slice each frame), or skipped to its finished
game. The duel's form, the pass screen and the result are `retro.ui.scenes.duelscreens`'.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from retro.duel import Duel
from retro.engine.game import WON, Game
from retro.textmode import Colour, TextScreen
from retro.ui import texts
from retro.ui.drawing.textview import COLS, ROWS
from retro.ui.drawing.widgets import bar, box, centre_lines
from retro.ui.scene import Scene
from retro.ui.scenes.dialogs import ConfirmScene
from retro.ui.scenes.duelscreens import (
    DuelResultScene,
    PassScene,
    duel_label,
    leave_duel,
    strength_word,
)
from retro.ui.session import Session
from retro.ui.table.scene import TableScene

if TYPE_CHECKING:
    from retro.ui.scene import Host

WATCH_SLICE = 0.0012  # seconds of each frame the computer thinks in its turn, watched
SKIP_SLICE = 0.0015  # and skipped (a still screen, drawn at once: the frame has more room)
MOVE_FRAMES = 12  # frames between two of its moves shown: watchable, a card's glide and a rest


class ComputerTurnScene(Scene):
    """The computer's turn: its moves shown one by one on a table of their own, as it makes
    them, thinking a slice each frame; Space skips to its finished game (a box counting its
    moves while it plays on, the window drawn all the while). Then the result."""

    context = "computer"

    def __init__(self, app: Host, duel: Duel, game_id: str) -> None:
        assert duel.opponent is not None and duel.computer is not None
        self.duel = duel
        self.computer = duel.opponent
        self.game_id = game_id
        self.strength = strength_word(duel.computer)
        shown = Session(
            game_id,
            {},
            Game(duel.gdef, duel.seed),
            label=texts.COMPUTER_LABEL.format(strength=self.strength, code=duel.code),
            duel=duel,
        )
        self.table = TableScene(app, shown, top_keys=texts.COMPUTER_TOP_KEYS)
        self.table.winwatch = None  # the computer's table is watched, not judged
        self.table.done_button = False  # the computer ends its turn by itself
        self.skipping = False
        self.wait = MOVE_FRAMES
        self._skip_screen: TextScreen | None = None
        self._skip_count = -1

    @property
    def shown(self) -> int:
        """How many of the computer's moves the table shows."""
        return len(self.table.game.history)

    def update(self, app: Host) -> None:
        if not self.handle(app, app.keyboard.actions(self.context)):
            return
        finished = self.computer.think(SKIP_SLICE if self.skipping else WATCH_SLICE)
        if self.skipping:
            if finished and app.session is not None:
                app.end_turn(app.session)
            return
        flights = self.table.flights
        if flights and all(f.landed(app.frame) for f in flights):
            flights.clear()
        self.wait -= 1
        kept = self.computer.kept  # the moves it stands by: up to its best score yet
        if self.wait <= 0 and not flights and self.shown < kept:
            self.wait = MOVE_FRAMES
            move = self.computer.moves[self.shown]
            before = self.table.snapshot()
            self.table.game.push(move)
            self.table.after_change(app, before, move)
        elif (
            finished
            and self.shown == kept
            and not flights
            and self.wait <= 0
            and app.session is not None
        ):
            app.end_turn(app.session)
            return
        thinking = not finished and self.shown == kept
        self.table.say(
            texts.COMPUTER_THINKS.format(strength=self.strength)
            if thinking
            else texts.COMPUTER_PLAYS.format(strength=self.strength, n=self.shown)
        )

    def _skip(self, app: Host) -> None:
        self.skipping = True
        self.table.flights.clear()

    def _cancel(self, app: Host) -> None:
        app.push(
            ConfirmScene(
                lambda: leave_duel(app, self.game_id),
                texts.DUEL_ABANDON_TITLE,
                texts.DUEL_ABANDON_LINES,
            )
        )

    HANDLERS: ClassVar[dict[str, Callable[[ComputerTurnScene, Host], None]]] = {
        "skip": _skip,
        "cancel": _cancel,
    }

    def draw(self, app: Host) -> None:
        if not self.skipping:
            self.table.draw(app)
            return
        count = len(self.computer.moves)
        if self._skip_screen is None or count != self._skip_count:
            self._skip_count = count
            self._skip_screen = self.compose_skip(count)
        app.painter.screen("computer", self._skip_screen)

    def compose_skip(self, count: int) -> TextScreen:
        screen = TextScreen(COLS, ROWS, Colour.WHITE, Colour.BLACK)
        bar(screen, 0, texts.DUEL_BAR, Colour.BLACK, Colour.LIGHT_GREY)
        c, r, w, h = 12, 8, 56, 8
        box(screen, c, r, w, h, texts.COMPUTER_SKIP_TITLE, Colour.WHITE, Colour.BLUE, Colour.YELLOW)
        first, second = texts.COMPUTER_SKIP_LINES
        centre_lines(screen, r + 2, first.format(n=count), w - 4, Colour.WHITE)
        centre_lines(screen, r + 4, second, w - 4, Colour.LIGHT_CYAN)
        bar(screen, ROWS - 1, " " + texts.COMPUTER_SKIP_KEYS)
        return screen


def turn_end_reason(duel: Duel) -> str:
    """Why a turn ended, in the words of the pass screen."""
    game = duel.game
    if game.outcome() == WON:
        return texts.PASS_WHY_WON
    if game.position.counters.get("done"):
        return texts.PASS_WHY_DONE
    return texts.PASS_WHY_STUCK


def end_turn(app: Host, session: Session) -> None:
    """A player's turn is over (Done, won, or nothing but Done left): the pass screen for
    player 2 (the computer's turn against it), or, when both have played, the result, and the
    games counted, the winner's as won (against the computer: the person's game alone, in
    statistics of their own)."""
    duel = session.duel
    assert duel is not None
    why = turn_end_reason(duel)
    duel.end_turn()
    if duel.over:
        winner = duel.result().winner
        if duel.computer is not None:
            app.keeper.record(
                duel.played[0], duel.names[0], won=winner == 0, computer=duel.computer.name
            )
        else:
            for index, game in enumerate(duel.played):
                name = duel.names[index]
                app.keeper.record(game, name, won=index == winner, player=name)
        app.replace(DuelResultScene(app, duel, session.game_id))
        return
    session.game = duel.game
    session.label = duel_label(duel)
    if duel.computer_turn:
        app.replace(ComputerTurnScene(app, duel, session.game_id))
    else:
        app.replace(PassScene(app, duel, session.game_id, why))
