"""The demo: the computer plays the deal on the table honestly, never seeing a face-down card or
the order of the stock (`retro.solver.honest`), at a speed the player chooses.

Its thinking runs a slice of about `SLICE_SECONDS` inside each frame's update (no thread: the
browser build has none), on a copy of the game, so the window never stalls; the move found is
made on the table like a player's, once the pause of the chosen speed is over. P starts it at
the table (`retro.ui.table.hints`); + and - change its speed, any other key stops it, leaving
the player at the position reached with every move in the undo history. The title screen's
demos (`retro.ui.scenes.titledemo`) use the same `Demo`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import ClassVar

from retro.engine.game import PLAYING, WON, Game
from retro.engine.position import DONE, Move
from retro.solver.adapter import copy_game
from retro.solver.hints import hints
from retro.solver.honest import Player, view
from retro.solver.pacing import Pace, Thinking
from retro.solver.search import Budget
from retro.ui import texts

SLICE_SECONDS = 0.001  # of each frame: the frame's own drawing takes a few tenths of a ms
# Each decision: two samples of the hidden cards, a few hundred nodes each (most decisions
# take a few milliseconds of thinking, the longest about a tenth of a second).
SAMPLES = 2
BUDGET = Budget(nodes=600, seconds=0.05)
PAUSES = (45, 15, 3)  # frames at least between two moves: slow, normal, fast
NORMAL = 1

# Why a demo stopped (also its status line's words, by `Demo.ending`).
STOPPED, GAME_WON, GAME_LOST, NO_MOVE = "stopped", "won", "lost", "no move"


class Demo:
    """The computer's play at one table: thinking a slice a frame, a move when ready. Its keys
    (`HANDLERS`, the keymap's "demo" screen) change its speed or stop it."""

    context = "demo"

    def __init__(self, game: Game, speed: int = NORMAL, seed: int = 0) -> None:
        self.player = Player(game, seed)
        self.speed = speed
        self.pace = Pace()
        self.thinking: Thinking[Move | None] | None = None
        self.ready = False  # a decision has been made: `chosen` (None: no move)
        self.chosen: Move | None = None
        self.wait = 0  # frames until the next move may be made
        self.moves = 0
        self.ended = ""  # why it stopped ("" while it plays)

    def faster(self) -> None:
        self.speed = min(self.speed + 1, len(PAUSES) - 1)

    def slower(self) -> None:
        self.speed = max(self.speed - 1, 0)

    def stop(self) -> None:
        self.ended = self.ended or STOPPED

    HANDLERS: ClassVar[dict[str, Callable[[Demo], None]]] = {
        "faster": faster,
        "slower": slower,
        "stop": stop,
    }

    def tick(self, game: Game) -> Move | None:
        """One frame: a slice of thinking about `game`'s position; the move to make now, if
        one is ready and the pause is over. Ends the demo when the game is over or the
        computer has no move."""
        if self.ended:
            return None
        if self.wait > 0:
            self.wait -= 1
        outcome = game.outcome()
        if outcome != PLAYING:
            self.ended = GAME_WON if outcome == WON else GAME_LOST
            return None
        if self.thinking is None and not self.ready:
            self.thinking = self.player.choosing(copy_game(game), SAMPLES, BUDGET, self.pace)
        if self.thinking is not None:
            self.pace.until = time.perf_counter() + SLICE_SECONDS
            try:
                next(self.thinking)
            except StopIteration as stop:
                self.chosen, self.ready, self.thinking = stop.value, True, None
        if not self.ready or self.wait > 0:
            return None
        self.ready = False
        if self.chosen is None:
            self.chosen = self._played_on(game)
        if self.chosen is None:
            self.ended = NO_MOVE
            return None
        self.wait = PAUSES[self.speed]
        return self.chosen

    def _played_on(self, game: Game) -> Move | None:
        """When its search sees nothing that gets on (Montana's first moves look alike), the
        computer plays as the hint key advises, the best move to a table not seen yet in
        this game, as a player would rather than giving up while moves are left."""
        for hint in hints(game):
            if hint.move.kind == DONE:
                continue
            with game.trial(hint.move):
                unseen = view(game) not in self.player.avoid
            if unseen:
                return hint.move
        return None

    def moved(self, game: Game) -> None:
        """The move `tick` gave was made on `game`."""
        self.moves += 1
        if not self.player.moved(game):
            self.ended = NO_MOVE  # wandering without getting anywhere: it gives up
        elif game.outcome() != PLAYING:
            self.ended = GAME_WON if game.outcome() == WON else GAME_LOST

    def status(self) -> str:
        """The status line while it plays, or why it ended."""
        if not self.ended:
            return texts.DEMO_PLAYING.format(speed=texts.DEMO_SPEEDS[self.speed])
        return ending(self.ended)


def ending(why: str) -> str:
    return {
        STOPPED: texts.DEMO_STOPPED,
        GAME_WON: texts.DEMO_WON,
        GAME_LOST: texts.DEMO_LOST,
        NO_MOVE: texts.DEMO_NO_MOVE,
    }[why]
