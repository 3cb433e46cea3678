"""A duel between two machines (docs/duel-network.md): the duel's state and rules over the
connection of `retro.net.peer`, polled by the window each frame or by the terminal's loop.

What cannot be faked: the host chooses the game, its options and the deal; the joiner deals the
same cards itself and checks them against the host's digest. Each side sends its moves in the
notation, never its score, and replays the other's on its own copy of the deal through the
ordinary `Game`: the score, moves and cards home it shows are its own reckoning. A move the rules
refuse is a forfeit. Done ends one's game; the result comes when both are done, by the hot
seat's rule (`retro.duel.decide`). A lost connection leaves both playing: the joiner calls again,
the host listens, and within `Timing.reconnect` the sides trade the moves the other missed (by
number). After that the duel ends and the one left finishes alone.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from retro import __version__
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
from retro.engine.model import DONE, Event, GameDef, Move
from retro.engine.notation import format_move, parse_move
from retro.errors import RetroError
from retro.net.peer import Closed, Opened, Received, Switchboard, Timing
from retro.net.protocol import (
    VERSION,
    Address,
    Bye,
    Failure,
    Forfeit,
    Hello,
    Join,
    MoveMessage,
    check_code,
    deal_digest,
)

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


class NetDuel:
    """One side of a network duel. Make it with `host` or `join`; then call `poll` often (each
    frame), `push` the player's moves, and `close` at the end."""

    def __init__(
        self,
        board: Switchboard,
        name: str,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.board = board
        self.name = player_name(name)
        self.clock = clock
        self.hosting = False
        self.address: Address | None = None  # the joiner's host, the host's own code
        self.load: Callable[[str, dict[str, Any]], GameDef] | None = None
        self.hello: Hello | None = None  # the duel, once agreed
        self.opponent: str | None = None
        self.mine: Game | None = None
        self.theirs: Game | None = None
        self.sent: list[str] = []  # my moves, in the notation, number n at [n - 1]
        self.received = 0  # the opponent's moves made on `theirs`
        self.link: int | None = None  # the connection to the opponent, while there is one
        self.pending: set[int] = set()  # the host's connections yet to say who they are
        self.started: float | None = None
        self.lost_since: float | None = None
        self.retry_at = 0.0
        self.gone = False  # the opponent will not come back
        self.ended: str | None = None  # why the duel ended before both were done
        self.forfeit: int | None = None  # who forfeited: 0 this side, 1 the opponent
        self.cut = False  # the opponent's game ended as it stands, past the time limit
        self._notices: list[Notice] = []

    # -- making one --------------------------------------------------------------------------

    @classmethod
    def host(
        cls,
        gdef: GameDef,
        seed: int,
        name: str,
        port: int,
        bind: str = "",
        time_limit: int = 0,
        timing: Timing | None = None,
    ) -> NetDuel:
        """Listen on `port` of `bind` ("" every interface) for the other player."""
        if not gdef.done:
            raise DuelError(f"{gdef.title} has no 'done', so a game could never be ended")
        board = Switchboard(timing)
        duel = cls(board, name)
        try:
            bound = board.listen(bind, port)
        except OSError as error:
            board.shutdown()
            raise DuelError(f"cannot listen on port {port}: {error.strerror or error}") from None
        duel.hosting = True
        duel.mine = Game(gdef, seed)
        duel.hello = Hello(
            VERSION,
            __version__,
            gdef.id,
            dict(gdef.options),
            seed,
            deal_digest(gdef, seed),
            time_limit,
            duel.name,
            secrets.token_hex(8),
            0,
        )
        duel.address = Address(bind or "0.0.0.0", bound, check_code(duel.hello))
        return duel

    @classmethod
    def join(
        cls,
        address: Address,
        name: str,
        load: Callable[[str, dict[str, Any]], GameDef],
        timing: Timing | None = None,
    ) -> NetDuel:
        """Call the host at `address`; `load` finds the game the host names."""
        duel = cls(Switchboard(timing), name)
        duel.address = address
        duel.load = load
        duel.link = duel.board.connect(address.host, address.port)
        return duel

    # -- questions ---------------------------------------------------------------------------

    @property
    def timing(self) -> Timing:
        return self.board.timing

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
        home = sum(len(p.cards) for p in game.position.piles if p.kind == "foundation")
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

    # -- the player's moves ------------------------------------------------------------------

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
        if self.link is not None and self.lost_since is None and not self.gone:
            self.board.send(self.link, MoveMessage(len(self.sent), text))
        if self.mine.finished():
            self._finished_mine()
        return events

    def done(self) -> None:
        """End this side's game as it stands."""
        assert self.mine is not None
        if not self.mine.finished():
            self.push(Move(DONE, -1))

    def close(self) -> None:
        """Leave: the opponent is told, the connections closed."""
        if self.link is not None and not self.gone and self.lost_since is None:
            self.board.send(self.link, Bye())
            self.board.close(self.link)
        self.link = None
        self.board.shutdown()

    # -- what comes in -----------------------------------------------------------------------

    def poll(self) -> list[Notice]:
        """Take what the network brought and what the clock says; never waits. The notices
        to show."""
        for event in self.board.poll():
            if isinstance(event, Opened):
                self._opened(event)
            elif isinstance(event, Received):
                self._received(event.link, event.message)
            elif isinstance(event, Closed):
                self._closed(event)
        self._tick()
        return self.notices()

    def _say(self, kind: str, text: str) -> None:
        self._notices.append(Notice(kind, text))

    def _opened(self, event: Opened) -> None:
        if self.hosting:
            if self.ended is not None or self.gone or self.over:
                self.board.close(event.link, "the duel here is over")
            else:
                self.pending.add(event.link)
        elif event.link == self.link:
            session = self.hello.session if self.hello else ""
            self.board.send(event.link, Join(VERSION, self.name, session, self._have()))

    def _have(self) -> int:
        return self.received

    def _received(self, link: int, message: object) -> None:
        if isinstance(message, Join) and link in self.pending:
            self.pending.discard(link)
            self._joined(link, message)
        elif link != self.link:
            self.board.close(link, "not expected here")
        elif isinstance(message, Hello) and not self.hosting:
            self._welcomed(message)
        elif isinstance(message, MoveMessage) and self.theirs is not None:
            self._their_move(message)
        elif isinstance(message, Forfeit) and self.mine is not None:
            self.forfeit = 0
            self._end(
                FORFEIT,
                f"{self.opponent}'s rules refuse your move {message.n} "
                f"({self._sent_text(message.n)}): {message.why}. You forfeit the duel.",
            )
        elif isinstance(message, Failure):
            if self.started is None:
                self._end(REFUSED, f"The host refused: {message.message}.")
            else:
                self._end(BROKEN, f"The other side ended the duel: {message.message}.")
        elif isinstance(message, Bye):
            self._left(f"{self.opponent or 'The other player'} left the duel.")
        else:
            kind = type(message).__name__.lower()
            self.board.close(link, f"a {kind} message out of place")
            self._end(BROKEN, f"The other side sent a {kind} message out of place: the duel ends.")

    def _sent_text(self, n: int) -> str:
        return self.sent[n - 1] if 1 <= n <= len(self.sent) else "?"

    def _joined(self, link: int, join: Join) -> None:
        """The host hears who called: the opponent, the opponent back, or neither."""
        assert self.hello is not None and self.mine is not None
        if self.opponent is None:
            if join.session:
                self.board.close(link, "there is no such duel here to rejoin")
                return
            if join.name.casefold() == self.name.casefold():
                self.board.close(
                    link, f"both players are called {self.name}: one of you needs another name"
                )
                return
            self.opponent = join.name
            self.theirs = Game(self.mine.gdef, self.mine.seed)
            self._adopt(link, join.have)
            self.started = self.clock()
            self._say(JOINED, f"{join.name} joined: the duel begins.")
            return
        if join.session != self.hello.session or join.name != self.opponent:
            self.board.close(link, "a duel is under way here")
            return
        if join.have > len(self.sent):
            self.board.close(link, "you hold more of my moves than I made")
            return
        if self.link is not None:
            self.board.close(self.link)  # the old connection, lost without our knowing
        self._adopt(link, join.have)
        self._back()

    def _adopt(self, link: int, have: int) -> None:
        """Answer the joiner with the duel and resend the moves it lacks."""
        assert self.hello is not None
        self.link = link
        self.board.send(
            link,
            Hello(**{**vars(self.hello), "have": self._have()}),
        )
        self._resend(have)

    def _resend(self, have: int) -> None:
        assert self.link is not None
        for n in range(have + 1, len(self.sent) + 1):
            self.board.send(self.link, MoveMessage(n, self.sent[n - 1]))

    def _back(self) -> None:
        if self.lost_since is not None:
            self._say(BACK, f"{self.opponent} is back: the duel carries on.")
        self.lost_since = None

    def _welcomed(self, hello: Hello) -> None:
        """The joiner hears the duel: checked, dealt, begun (or, on a rejoin, carried on)."""
        if self.hello is not None:
            same = (hello.session, hello.deal, hello.seed) == (
                self.hello.session,
                self.hello.deal,
                self.hello.seed,
            )
            if not same or hello.have > len(self.sent):
                self._refuse("the host answered with another duel")
                return
            self._resend(hello.have)
            self._back()
            return
        reason = self._mismatch(hello)
        if reason:
            self._refuse(reason)
            return
        assert self.load is not None
        gdef = self.load(hello.game, hello.options)
        self.hello = hello
        self.opponent = hello.name
        self.mine = Game(gdef, hello.seed)
        self.theirs = Game(gdef, hello.seed)
        self.started = self.clock()
        limit = f", {_minutes(hello.time_limit)}" if hello.time_limit else ""
        self._say(
            JOINED,
            f"Playing {gdef.title} (deal {hello.seed}{limit}) against {hello.name}: "
            "the duel begins.",
        )

    def _mismatch(self, hello: Hello) -> str | None:
        """Why the joiner cannot play the host's duel, or None."""
        assert self.load is not None and self.address is not None
        if hello.name.casefold() == self.name.casefold():
            return f"both players are called {self.name}: one of you needs another name"
        try:
            gdef = self.load(hello.game, hello.options)
        except RetroError as error:
            return f"cannot play {hello.game}: {str(error).splitlines()[0]}"
        if not gdef.done:
            return f"{gdef.title} has no 'done'"
        if deal_digest(gdef, hello.seed) != hello.deal:
            return (
                f"this copy of {gdef.title} deals other cards than the host's "
                "(different versions of the game?)"
            )
        if self.address.check and check_code(hello) != self.address.check:
            return (
                f"the host plays another duel (its check is {check_code(hello)}, "
                f"you were told {self.address.check})"
            )
        return None

    def _refuse(self, reason: str) -> None:
        assert self.link is not None
        self.board.close(self.link, reason)
        self.link = None
        self._end(REFUSED, f"Cannot play this duel: {reason}.")

    def _their_move(self, message: MoveMessage) -> None:
        assert self.theirs is not None and self.link is not None
        expected = self.received + 1
        if message.n < expected or self.cut:
            return  # resent after a rejoin, or past the time limit: already counted or not
        if message.n > expected:
            reason = f"move {message.n} came before move {expected}"
            self.board.close(self.link, reason)
            self._end(BROKEN, f"{self.opponent}'s side broke the duel's protocol ({reason}).")
            return
        try:
            why = self.theirs.attempt(parse_move(self.theirs.position, message.move))
        except RetroError as error:
            why = str(error).splitlines()[0]
        if why is None:
            self.received += 1
        else:
            self.board.send(self.link, Forfeit(message.n, why))
            self.board.close(self.link)
            self.forfeit = 1
            self._end(
                FORFEIT,
                f"The rules refuse {self.opponent}'s move {message.n} "
                f"({message.move[:40]}): {why}. {self.opponent} forfeits: you win.",
            )
            return
        if self.theirs.finished():
            how = "won their game" if self.theirs.outcome() == WON else "pressed Done"
            self._say(
                FINISHED,
                f"{self.opponent} {how}: score {self.theirs.score()}, "
                f"{moves_text(self.theirs.moves_made)}.",
            )
            self._maybe_over()

    def _closed(self, event: Closed) -> None:
        self.pending.discard(event.link)
        if event.link != self.link:
            return
        self.link = None
        if event.fault:
            self._end(
                BROKEN,
                f"{self.opponent or 'The other side'} sent what the duel's protocol does not "
                f"allow ({event.reason}): the connection is closed.",
            )
            return
        if self.over or self.gone or self.ended:
            return
        if self.started is None:
            self._end(REFUSED, f"Cannot join: {event.reason}.")
            return
        if self.lost_since is None:
            self.lost_since = self.clock()
            self.retry_at = self.lost_since + self.timing.retry
            self._say(LOST, f"Waiting for {self.opponent}... reconnecting ({event.reason}).")

    def _tick(self) -> None:
        now = self.clock()
        if self.lost_since is not None and not self.gone and not self.ended:
            if now - self.lost_since > self.timing.reconnect:
                self._left(
                    f"{self.opponent} did not come back within {self.timing.reconnect:g} seconds."
                )
            elif not self.hosting and self.link is None and now >= self.retry_at:
                assert self.address is not None
                self.link = self.board.connect(self.address.host, self.address.port)
                self.retry_at = now + self.timing.retry
        left = self.seconds_left()
        if left is not None and left <= 0:
            assert self.mine is not None and self.hello is not None
            if not self.mine.finished() and self.forfeit is None:
                self._say(TIME, "Time is up: your game ends as it stands.")
                self.push(Move(DONE, -1))
            limit = self.hello.time_limit + self.timing.grace
            if not self.their_final and self.started is not None and now - self.started >= limit:
                self.cut = True
                self._say(TIME, f"Time is up for {self.opponent} too.")
                self._maybe_over()

    def _finished_mine(self) -> None:
        assert self.mine is not None
        how = "You won your game" if self.mine.outcome() == WON else "Your game is over"
        self._say(
            FINISHED, f"{how}: score {self.mine.score()}, {moves_text(self.mine.moves_made)}."
        )
        self._maybe_over()

    def _maybe_over(self) -> None:
        if not self.over:
            return
        duel = self.result()
        if duel is not None:
            self._say(OVER, duel.summary())
        else:
            self._say(OVER, "The duel ended without a result.")
        if self.link is not None:
            self.board.send(self.link, Bye())
            self.board.close(self.link)
            self.link = None

    def _left(self, why: str) -> None:
        """The opponent is gone for good: with their game finished the duel still has its
        result; else the one left finishes alone."""
        self.gone = True
        self.lost_since = None
        if self.link is not None:
            self.board.close(self.link)
            self.link = None
        if self.their_final:
            self._say(GONE, why)
        else:
            self._say(GONE, f"{why} The duel ends: finish your game alone.")
        self._maybe_over()

    def _end(self, kind: str, text: str) -> None:
        """The duel ends before both are done (a forfeit, a broken protocol, a refusal)."""
        if self.ended is not None:
            return
        self.ended = text
        self.lost_since = None
        if self.link is not None:
            self.board.close(self.link)
            self.link = None
        self._say(kind, text)
        self._maybe_over()


def _minutes(seconds: int) -> str:
    minutes = seconds / 60
    return f"{minutes:g} minute{'s' if minutes != 1 else ''}"
