"""The state of a duel between two machines, apart from the connection (`retro.net.session`
carries it): both games, the moves each side made, the time limit, the notices to show, and the
result by the hot seat's rule (`retro.duel.decide`).

What cannot be faked: each side sends its moves in the notation, never its score, and replays
the other's on its own copy of the deal through the ordinary `Game`: the score, moves and cards
home it shows are its own reckoning. A move the rules refuse is a forfeit. Done ends one's game;
the result comes when both are done.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from retro.duel import (
    DuelError,
    DuelResult,
    PlayerResult,
    decide,
    duel_code,
    moves_text,
    player_name,
)
from retro.engine.game import WON, Game
from retro.engine.gamedef import FOUNDATION
from retro.engine.notation import format_move, parse_move
from retro.engine.position import DONE, Event, Move
from retro.errors import RetroError
from retro.net.peer import Timing
from retro.net.protocol import Hello

# what a Notice is about, for a window that words it in its own language
JOINED, BACK, LOST, GONE, FINISHED, TIME, FORFEIT, BROKEN, REFUSED, OVER = (
    "joined",
    "back",
    "lost",
    "gone",
    "finished",
    "time",
    "forfeit",
    "broken",
    "refused",
    "over",
)


@dataclass(frozen=True)
class Notice:
    """Something the player should be told, once."""

    kind: str
    text: str


@dataclass(frozen=True)
class Standing:
    """How the opponent stands, as this side reckons it from their moves: what a side panel
    shows (never their cards)."""

    name: str
    score: int
    moves: int
    home: int  # cards on the foundations
    finished: bool
    connected: bool


class DuelState:
    """One side's view of a network duel. The connection's part (`NetDuel`) says what came in
    (`their_move`, `forfeited`, `left`, `end`) and is asked to pass things on (`send_move`,
    `send_forfeit`, `hang_up`)."""

    def __init__(self, name: str, timing: Timing, clock: Callable[[], float] = time.monotonic):
        self.name = player_name(name)
        self.timing = timing
        self.clock = clock
        self.hello: Hello | None = None  # the duel, once agreed
        self.opponent: str | None = None
        self.mine: Game | None = None
        self.theirs: Game | None = None
        self.sent: list[str] = []  # my moves, in the notation, number n at [n - 1]
        self.received = 0  # the opponent's moves made on `theirs`
        self.started: float | None = None
        self.lost_since: float | None = None  # the connection lost, the opponent awaited
        self.gone = False  # the opponent will not come back
        self.ended: str | None = None  # why the duel ended before both were done
        self.forfeit: int | None = None  # who forfeited: 0 this side, 1 the opponent
        self.cut = False  # the opponent's game ended as it stands, past the time limit
        self._notices: list[Notice] = []

    # -- what the connection does ------------------------------------------------------------

    def send_move(self, n: int, text: str) -> None:
        """Pass this side's move `n` on, when there is a connection."""

    def send_forfeit(self, n: int, why: str) -> None:
        """Tell the opponent its move `n` is refused, and close."""

    def hang_up(self, farewell: bool = False, failure: str | None = None) -> None:
        """Close the connection, saying goodbye first when `farewell`, or telling the opponent
        what they did wrong (`failure`)."""

    # -- questions ---------------------------------------------------------------------------

    @property
    def playing(self) -> bool:
        """The duel has begun: the player may move (until their game is finished)."""
        return self.mine is not None and self.started is not None

    @property
    def connected(self) -> bool:
        return self.started is not None and self.lost_since is None and not self.gone

    @property
    def their_final(self) -> bool:
        """The opponent's game will change no more."""
        return self.theirs is not None and (self.theirs.finished() or self.cut)

    @property
    def over(self) -> bool:
        """Nothing more to play or wait for."""
        if self.forfeit is not None:
            return True
        if self.ended is not None and not self.playing:
            return True
        mine_done = self.mine is not None and self.mine.finished()
        return mine_done and (self.their_final or self.ended is not None or self.gone)

    def standing(self) -> Standing | None:
        """The opponent's side panel (None before they joined)."""
        if self.theirs is None or self.opponent is None:
            return None
        game = self.theirs
        home = sum(len(p.cards) for p in game.position.piles if p.kind == FOUNDATION)
        return Standing(
            self.opponent, game.score(), game.moves_made, home, self.their_final, self.connected
        )

    def waiting(self) -> str | None:
        """What the panel says while the opponent is not there."""
        if self.started is None:
            return None if self.ended else "waiting for the other player..."
        if self.lost_since is not None and not self.gone:
            return f"waiting for {self.opponent}... reconnecting"
        return None

    def seconds_left(self) -> float | None:
        """Of the time limit (None when there is none or the duel has not begun)."""
        if self.hello is None or not self.hello.time_limit or self.started is None:
            return None
        return max(0.0, self.hello.time_limit - (self.clock() - self.started))

    def result(self) -> DuelResult | None:
        """Both games and the winner (this side first): once over with both games to compare;
        None for a duel that ended without one (the opponent gone before finishing, a broken
        connection)."""
        if not self.over or self.mine is None or self.theirs is None or self.opponent is None:
            return None
        assert self.hello is not None
        players = (
            PlayerResult.of(self.name, self.mine),
            PlayerResult.of(self.opponent, self.theirs),
        )
        code = duel_code(self.hello.seed)
        if self.forfeit is not None:
            return DuelResult(code, players, 1 - self.forfeit)
        if not self.their_final:
            return None
        return DuelResult(code, players, decide(*players))

    def notices(self) -> list[Notice]:
        found, self._notices = self._notices, []
        return found

    # -- this side's moves --------------------------------------------------------------------

    def push(self, move: Move) -> list[Event]:
        """A move of this side's player (IllegalMove with the rule's reason when refused), sent
        to the opponent."""
        if not self.playing:
            raise DuelError("The duel has not begun: waiting for the other player")
        if self.forfeit is not None:
            raise DuelError("The duel is over")
        assert self.mine is not None
        text = format_move(self.mine.position, move)
        events = self.mine.push(move)
        self.sent.append(text)
        self.send_move(len(self.sent), text)
        if self.mine.finished():
            self._finished_mine()
        return events

    def done(self) -> None:
        """End this side's game as it stands."""
        assert self.mine is not None
        if not self.mine.finished():
            self.push(Move(DONE, -1))

    # -- the opponent's moves and the duel's end ---------------------------------------------

    def say(self, kind: str, text: str) -> None:
        self._notices.append(Notice(kind, text))

    def their_move(self, n: int, text: str) -> None:
        """The opponent's move number `n`: made on this side's copy of their game; a move
        already had is passed over, one out of order ends the duel, one the rules refuse is
        a forfeit."""
        assert self.theirs is not None
        expected = self.received + 1
        if n < expected or self.cut:
            return  # resent after a rejoin, or past the time limit: already counted or not
        if n > expected:
            reason = f"move {n} came before move {expected}"
            self.end(
                BROKEN, f"{self.opponent}'s side broke the duel's protocol ({reason}).", reason
            )
            return
        try:
            why = self.theirs.attempt(parse_move(self.theirs.position, text))
        except RetroError as error:
            why = str(error).splitlines()[0]
        if why is None:
            self.received += 1
        else:
            self.send_forfeit(n, why)
            self.forfeit = 1
            self.end(
                FORFEIT,
                f"The rules refuse {self.opponent}'s move {n} "
                f"({text[:40]}): {why}. {self.opponent} forfeits: you win.",
            )
            return
        if self.theirs.finished():
            how = "won their game" if self.theirs.outcome() == WON else "pressed Done"
            self.say(
                FINISHED,
                f"{self.opponent} {how}: score {self.theirs.score()}, "
                f"{moves_text(self.theirs.moves_made)}.",
            )
            self._maybe_over()

    def forfeited(self, n: int, why: str) -> None:
        """The opponent's rules refused this side's move `n`."""
        self.forfeit = 0
        self.end(
            FORFEIT,
            f"{self.opponent}'s rules refuse your move {n} ({self._sent_text(n)}): {why}. "
            "You forfeit the duel.",
        )

    def _sent_text(self, n: int) -> str:
        return self.sent[n - 1] if 1 <= n <= len(self.sent) else "?"

    def check_time(self) -> None:
        """At the time limit this side's game ends; a grace later the opponent's, as it
        stands."""
        now = self.clock()
        left = self.seconds_left()
        if left is not None and left <= 0:
            assert self.mine is not None and self.hello is not None
            if not self.mine.finished() and self.forfeit is None:
                self.say(TIME, "Time is up: your game ends as it stands.")
                self.push(Move(DONE, -1))
            limit = self.hello.time_limit + self.timing.grace
            if not self.their_final and self.started is not None and now - self.started >= limit:
                self.cut = True
                self.say(TIME, f"Time is up for {self.opponent} too.")
                self._maybe_over()

    def _finished_mine(self) -> None:
        assert self.mine is not None
        how = "You won your game" if self.mine.outcome() == WON else "Your game is over"
        self.say(FINISHED, f"{how}: score {self.mine.score()}, {moves_text(self.mine.moves_made)}.")
        self._maybe_over()

    def _maybe_over(self) -> None:
        if not self.over:
            return
        duel = self.result()
        if duel is not None:
            self.say(OVER, duel.summary())
        else:
            self.say(OVER, "The duel ended without a result.")
        self.hang_up(farewell=True)

    def left(self, why: str) -> None:
        """The opponent is gone for good: with their game finished the duel still has its
        result; else the one left finishes alone."""
        self.gone = True
        self.lost_since = None
        self.hang_up()
        if self.their_final:
            self.say(GONE, why)
        else:
            self.say(GONE, f"{why} The duel ends: finish your game alone.")
        self._maybe_over()

    def end(self, kind: str, text: str, failure: str | None = None) -> None:
        """The duel ends before both are done (a forfeit, a broken protocol, a refusal); the
        opponent is told `failure`, when given."""
        if self.ended is not None:
            return
        self.ended = text
        self.lost_since = None
        self.hang_up(failure=failure)
        self.say(kind, text)
        self._maybe_over()
