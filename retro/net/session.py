"""A duel between two machines (docs/duel-network.md): the duel's state (`retro.net.duelstate`)
over the connection of `retro.net.peer`, polled by the window each frame or by the terminal's
loop.

The host chooses the game, its options and the deal; the joiner deals the same cards itself and
checks them against the host's digest (and the check code it was told). A lost connection leaves
both playing: the joiner calls again, the host listens, and within `Timing.reconnect` the sides
trade the moves the other missed (by number). After that the duel ends and the one left
finishes alone.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from typing import Any

from retro import __version__
from retro.duel import (
    DuelError,
)
from retro.engine.game import Game
from retro.engine.gamedef import GameDef
from retro.errors import RetroError
from retro.net.duelstate import BACK, BROKEN, JOINED, LOST, REFUSED, DuelState, Notice
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


class NetDuel(DuelState):
    """One side of a network duel. Make it with `host` or `join`; then call `poll` often (each
    frame), `push` the player's moves, and `close` at the end."""

    def __init__(
        self,
        board: Switchboard,
        name: str,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(name, board.timing, clock)
        self.board = board
        self.hosting = False
        self.address: Address | None = None  # the joiner's host, the host's own code
        self.load: Callable[[str, dict[str, Any]], GameDef] | None = None
        self.link: int | None = None  # the connection to the opponent, while there is one
        self.pending: set[int] = set()  # the host's connections yet to say who they are
        self.retry_at = 0.0

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

    # -- the connection's part of the duel -----------------------------------------------------

    def send_move(self, n: int, text: str) -> None:
        if self.link is not None and self.lost_since is None and not self.gone:
            self.board.send(self.link, MoveMessage(n, text))

    def send_forfeit(self, n: int, why: str) -> None:
        if self.link is not None:
            self.board.send(self.link, Forfeit(n, why))
        self.hang_up()

    def hang_up(self, farewell: bool = False, failure: str | None = None) -> None:
        if self.link is not None:
            if farewell:
                self.board.send(self.link, Bye())
            self.board.close(self.link, failure)
            self.link = None

    def close(self) -> None:
        """Leave: the opponent is told, the connections closed."""
        self.hang_up(farewell=self.lost_since is None and not self.gone)
        self.board.shutdown()

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

    def _opened(self, event: Opened) -> None:
        if self.hosting:
            if self.ended is not None or self.gone or self.over:
                self.board.close(event.link, "the duel here is over")
            else:
                self.pending.add(event.link)
        elif event.link == self.link:
            session = self.hello.session if self.hello else ""
            self.board.send(event.link, Join(VERSION, self.name, session, self.received))

    def _received(self, link: int, message: object) -> None:
        if isinstance(message, Join) and link in self.pending:
            self.pending.discard(link)
            self._joined(link, message)
        elif link != self.link:
            self.board.close(link, "not expected here")
        elif isinstance(message, Hello) and not self.hosting:
            self._welcomed(message)
        elif isinstance(message, MoveMessage) and self.theirs is not None:
            self.their_move(message.n, message.move)
        elif isinstance(message, Forfeit) and self.mine is not None:
            self.forfeited(message.n, message.why)
        elif isinstance(message, Failure):
            if self.started is None:
                self.end(REFUSED, f"The host refused: {message.message}.")
            else:
                self.end(BROKEN, f"The other side ended the duel: {message.message}.")
        elif isinstance(message, Bye):
            self.left(f"{self.opponent or 'The other player'} left the duel.")
        else:
            kind = type(message).__name__.lower()
            self.end(
                BROKEN,
                f"The other side sent a {kind} message out of place: the duel ends.",
                f"a {kind} message out of place",
            )

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
            self.say(JOINED, f"{join.name} joined: the duel begins.")
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
            Hello(**{**vars(self.hello), "have": self.received}),
        )
        self._resend(have)

    def _resend(self, have: int) -> None:
        assert self.link is not None
        for n in range(have + 1, len(self.sent) + 1):
            self.board.send(self.link, MoveMessage(n, self.sent[n - 1]))

    def _back(self) -> None:
        if self.lost_since is not None:
            self.say(BACK, f"{self.opponent} is back: the duel carries on.")
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
        self.say(
            JOINED,
            f"Playing {gdef.title} (deal {hello.seed}{limit}) against {hello.name}: "
            "the duel begins.",
        )
        if hello.program != __version__:
            self.say(
                JOINED,
                f"{hello.name} plays retro-patience {hello.program[:20]}, you {__version__}: "
                "should the rules differ, a move one side allows and the other refuses ends "
                "the duel.",
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
        self.end(REFUSED, f"Cannot play this duel: {reason}.", reason)

    def _closed(self, event: Closed) -> None:
        self.pending.discard(event.link)
        if event.link != self.link:
            return
        self.link = None
        if event.fault:
            self.end(
                BROKEN,
                f"{self.opponent or 'The other side'} sent what the duel's protocol does not "
                f"allow ({event.reason}): the connection is closed.",
            )
            return
        if self.over or self.gone or self.ended:
            return
        if self.started is None:
            self.end(REFUSED, f"Cannot join: {event.reason}.")
            return
        if self.lost_since is None:
            self.lost_since = self.clock()
            self.retry_at = self.lost_since + self.timing.retry
            self.say(LOST, f"Waiting for {self.opponent}... reconnecting ({event.reason}).")

    def _tick(self) -> None:
        now = self.clock()
        if self.lost_since is not None and not self.gone and not self.ended:
            if now - self.lost_since > self.timing.reconnect:
                self.left(
                    f"{self.opponent} did not come back within {self.timing.reconnect:g} seconds."
                )
            elif not self.hosting and self.link is None and now >= self.retry_at:
                assert self.address is not None
                self.link = self.board.connect(self.address.host, self.address.port)
                self.retry_at = now + self.timing.retry
        self.check_time()


def _minutes(seconds: int) -> str:
    minutes = seconds / 60
    return f"{minutes:g} minute{'s' if minutes != 1 else ''}"
