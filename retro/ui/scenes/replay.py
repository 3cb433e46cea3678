"""Watching a game again: its moves made one by one on the table, at a speed the viewer sets.

The replay is a table whose moves come from a list (a high score entry's, or a saved game
file's) instead of the keyboard; each is checked by the engine like a player's, so a replay of
a game whose rules have changed stops at the first move the rules now refuse and says why.
It never touches the game in progress, the save or the records.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from retro.engine.game import Game
from retro.engine.notation import parse_move
from retro.engine.position import Move
from retro.errors import RetroError
from retro.ui import texts
from retro.ui.scene import Scene
from retro.ui.session import Session
from retro.ui.table.scene import TableScene

if TYPE_CHECKING:
    from retro.ui.scene import Host

SPEEDS = (60, 40, 30, 20, 15, 10, 6, 3, 1)  # frames between two moves, slow to fast
DEFAULT_SPEED = 4  # half a second a move


class ReplayScene(Scene):
    """A table that plays itself: Space pauses, → and ← step, + and - change the speed."""

    context = "replay"

    def __init__(self, app: Host, session: Session, moves: list[str]) -> None:
        self.table = TableScene(app, session, top_keys=texts.REPLAY_TOP_KEYS, follow_file=False)
        self.moves = list(moves)
        self.speed = DEFAULT_SPEED
        self.paused = False
        self.wait = SPEEDS[self.speed]
        self.stopped = ""  # why the replay cannot go on (a move the rules now refuse)
        self.counted = self._counted()
        self._status()

    def _counted(self) -> int:
        """The moves the game counts in the list, as the status line counts them: Done at
        the end of a game is no move (a game of 69 moves replays as 69, not 70)."""
        from retro.solver.adapter import copy_game  # only to count, once

        trial = copy_game(self.game)
        for text in self.moves:
            try:
                if trial.attempt(parse_move(trial.position, text)) is not None:
                    break
            except RetroError:
                break
        return trial.moves_made

    @property
    def game(self) -> Game:
        return self.table.game

    @property
    def error(self) -> bool:
        """Whether the status line shows a refusal (a move the rules now refuse)."""
        return self.table.error

    @property
    def at(self) -> int:
        """How many moves have been replayed."""
        return len(self.game.history)

    def update(self, app: Host) -> None:
        flights = self.table.flights
        actions = app.keyboard.actions(self.context)
        if actions and flights:
            flights.clear()
        if not self.handle(app, actions):
            return
        if flights and all(f.landed(app.frame) for f in flights):
            flights.clear()
        if not self.paused and not flights:
            self.wait -= 1
            if self.wait <= 0:
                self.wait = SPEEDS[self.speed]
                if not self.forward(app):
                    self.paused = True
        self._status()

    def draw(self, app: Host) -> None:
        self.table.draw(app)

    # -- keys ------------------------------------------------------------------------------------

    def _close(self, app: Host) -> None:
        if len(app.scenes) > 1:
            app.pop()
        else:  # `retro-patience replay FILE`: on to the program's usual start
            app.boot()

    def _pause(self, app: Host) -> None:
        self.paused = not self.paused
        self.wait = 0

    def _step(self, app: Host) -> None:
        self.paused = True
        self.forward(app)

    def _back(self, app: Host) -> None:
        self.paused = True
        self.back(app)

    def _faster(self, app: Host) -> None:
        self._speed_by(1)

    def _slower(self, app: Host) -> None:
        self._speed_by(-1)

    def _speed_by(self, step: int) -> None:
        self.speed = min(max(self.speed + step, 0), len(SPEEDS) - 1)
        self.wait = min(self.wait, SPEEDS[self.speed])

    def _start(self, app: Host) -> None:
        self.game.restart()
        self.table.flights.clear()
        self.stopped = ""

    HANDLERS: ClassVar[dict[str, Callable[[ReplayScene, Host], None]]] = {
        "close": _close,
        "pause": _pause,
        "step": _step,
        "back": _back,
        "faster": _faster,
        "slower": _slower,
        "start": _start,
    }

    # -- moving through the list --------------------------------------------------------------

    def forward(self, app: Host) -> bool:
        """The next move of the list, as the engine judges it now; False at the end."""
        if self.at >= len(self.moves) or self.stopped:
            return False
        text = self.moves[self.at]
        reason: str | None
        try:
            move = parse_move(self.game.position, text)
            reason = self.game.why_not(move)
        except RetroError as error:
            move, reason = Move("none", -1), str(error)
        if reason is not None:
            self.stopped = texts.REPLAY_STOPPED.format(n=self.at + 1, move=text, why=reason)
            app.beeper.play("refuse")
            return False
        before = self.table.snapshot()
        events = self.game.push(move)
        if any(name == "won" for name, _ in events):
            app.beeper.play("win")
        self.table.after_change(app, before, move)
        return True

    def back(self, app: Host) -> None:
        if not self.game.history:
            return
        before = self.table.snapshot()
        move = self.game.pop()
        self.game.future.clear()  # the list, not the redo stack, says what comes next
        self.stopped = ""
        self.table.after_change(app, before, move, undo=True)

    def _status(self) -> None:
        if self.stopped:
            self.table.say(self.stopped, error=True)
            return
        if self.at >= len(self.moves):
            state = texts.REPLAY_END
        else:
            state = texts.REPLAY_PAUSED if self.paused else texts.REPLAY_PLAYING
        self.table.say(
            texts.REPLAY_STATUS.format(
                at=self.game.moves_made,
                n=self.counted,
                speed=self.speed + 1,
                top=len(SPEEDS),
                state=state,
            )
        )
