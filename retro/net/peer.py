"""The sockets of one side of a duel, served by a thread of their own, so the window's frame or
the terminal's loop never waits on the network: orders go in (`listen`, `connect`, `send`,
`close`) and what happened comes out of `poll`, at once and without blocking.

The thread reads lines of at most protocol.MAX_MESSAGE bytes, decodes them (a peer that breaks
the protocol is sent the reason and closed), holds each peer to protocol.RATE messages a second,
sends a ping when it has been quiet for `heartbeat` seconds, and closes a connection that has
said nothing for `silence` seconds: a peer that stops answering is found out within that bound.
"""

from __future__ import annotations

import contextlib
import errno
import os
import queue
import selectors
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from retro.net.protocol import (
    BURST,
    MAX_MESSAGE,
    RATE,
    Failure,
    Message,
    Ping,
    ProtocolError,
    decode,
    encode,
)

CONNECT_SECONDS = 5.0  # a connection not made by then has failed
MAX_WAITING_BYTES = 1 << 20  # unsent bytes to a peer that does not read: it is closed


@dataclass(frozen=True)
class Timing:
    """How long the network waits (seconds): tests shorten them, play keeps these."""

    heartbeat: float = 2.0  # quiet this long: a ping
    silence: float = 12.0  # nothing heard this long: the connection is taken for lost
    reconnect: float = 60.0  # a lost opponent may come back within this
    retry: float = 2.0  # the joiner tries again this often while the opponent is lost
    grace: float = 30.0  # past the time limit, the opponent's game ends as it stands


@dataclass(frozen=True)
class Opened:
    link: int
    peer: str  # the other side's address, as `host:port`


@dataclass(frozen=True)
class Received:
    link: int
    message: Message


@dataclass(frozen=True)
class Closed:
    """A connection has ended; `fault`: the peer broke the protocol (`reason` says how), else
    it was lost, refused or closed (a retry may succeed)."""

    link: int
    reason: str
    fault: bool = False


Event = Opened | Received | Closed


@dataclass
class _Line:
    """One connection as the thread sees it."""

    sock: socket.socket
    peer: str
    connecting: bool = False
    started: float = 0.0
    heard: float = 0.0  # when a byte last arrived
    said: float = 0.0  # when a line was last sent
    inbox: bytearray = field(default_factory=bytearray)
    outbox: bytearray = field(default_factory=bytearray)
    closing: bool = False  # close once the outbox is sent
    tokens: float = float(BURST)
    counted: float = 0.0


class Switchboard:
    """The network side of one player: at most one listening socket and any connections, each
    known by a number. Every method may be called from the game's thread at any time."""

    def __init__(self, timing: Timing | None = None, clock: Callable[[], float] = time.monotonic):
        self.timing = timing or Timing()
        self._clock = clock
        self._events: queue.SimpleQueue[Event] = queue.SimpleQueue()
        self._orders: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
        self._selector = selectors.DefaultSelector()
        self._lines: dict[int, _Line] = {}
        self._listener: socket.socket | None = None
        self._next = 1
        self._lock = threading.Lock()
        self._stopped = threading.Event()
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self._selector.register(self._wake_r, selectors.EVENT_READ, None)
        self._thread = threading.Thread(target=self._run, name="duel-network", daemon=True)
        self._thread.start()

    # -- orders (the game's thread) -------------------------------------------------------------

    def listen(self, host: str, port: int) -> int:
        """Listen for players on `host` ("" for every interface) and `port` (0: a free one);
        the port listened on. Raises OSError (the port in use, an address not ours)."""
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        listener = socket.socket(family, socket.SOCK_STREAM)
        try:
            if os.name == "posix":  # a port just left is free again at once (elsewhere
                # the same option lets another program take a port in use)
                listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            listener.bind((host, port))
            listener.listen(8)
            listener.setblocking(False)
        except OSError:
            listener.close()
            raise
        bound: int = listener.getsockname()[1]
        self._order(lambda: self._take_listener(listener))
        return bound

    def connect(self, host: str, port: int) -> int:
        """Start connecting to a host: Opened, or Closed when it cannot be reached."""
        link = self._number()
        self._order(lambda: self._start_connect(link, host, port))
        return link

    def send(self, link: int, message: Message) -> None:
        data = encode(message)
        self._order(lambda: self._queue(link, data))

    def close(self, link: int, failure: str | None = None) -> None:
        """Close a connection once what was sent has gone, `failure` told to the peer first."""
        data = encode(Failure(failure)) if failure else b""
        self._order(lambda: self._finish(link, data))

    def poll(self) -> list[Event]:
        """Everything that happened since the last poll; never waits."""
        found: list[Event] = []
        while True:
            try:
                found.append(self._events.get_nowait())
            except queue.Empty:
                return found

    def shutdown(self) -> None:
        """Flush what is waiting to be sent (a moment at most), close everything, end the
        thread."""
        if self._stopped.is_set():
            return
        self._order(self._stop)
        self._thread.join(timeout=2.0)

    # -- the thread ---------------------------------------------------------------------------

    def _number(self) -> int:
        with self._lock:
            number = self._next
            self._next += 1
            return number

    def _order(self, order: Callable[[], None]) -> None:
        self._orders.put(order)
        with contextlib.suppress(OSError):
            self._wake_w.send(b"x")

    def _run(self) -> None:
        try:
            while not self._stopped.is_set():
                self._serve(min(0.25, self.timing.heartbeat / 2))
        finally:
            for link in list(self._lines):
                self._drop(link, "", quiet=True)
            if self._listener is not None:
                self._listener.close()
            self._selector.close()
            self._wake_r.close()
            self._wake_w.close()

    def _serve(self, wait: float) -> None:
        for key, mask in self._selector.select(wait):
            if key.data is None:
                with contextlib.suppress(OSError):
                    self._wake_r.recv(4096)
            elif key.data == 0:
                self._accept()
            elif key.data in self._lines:
                if mask & selectors.EVENT_WRITE:
                    self._writable(key.data)
                if mask & selectors.EVENT_READ and key.data in self._lines:
                    self._readable(key.data)
        while True:
            try:
                order = self._orders.get_nowait()
            except queue.Empty:
                break
            order()
        self._tick()

    def _take_listener(self, listener: socket.socket) -> None:
        if self._listener is not None:
            self._selector.unregister(self._listener)
            self._listener.close()
        self._listener = listener
        self._selector.register(listener, selectors.EVENT_READ, 0)

    def _accept(self) -> None:
        assert self._listener is not None
        try:
            sock, address = self._listener.accept()
        except OSError:
            return
        sock.setblocking(False)
        link = self._number()
        now = self._clock()
        self._lines[link] = _Line(sock, _peer(address), started=now, heard=now, said=now)
        self._selector.register(sock, selectors.EVENT_READ, link)
        self._events.put(Opened(link, _peer(address)))

    def _start_connect(self, link: int, host: str, port: int) -> None:
        try:  # a name is looked up here; an address is taken as it is
            info = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
            sock = socket.socket(info[0], socket.SOCK_STREAM)
        except OSError as error:
            self._events.put(Closed(link, f"cannot find {host}: {error.strerror or error}"))
            return
        sock.setblocking(False)
        code = sock.connect_ex(info[4])
        if code not in (0, errno.EINPROGRESS, errno.EWOULDBLOCK, errno.EAGAIN):
            sock.close()
            self._events.put(Closed(link, f"cannot reach {host}:{port}: {_strerror(code)}"))
            return
        now = self._clock()
        self._lines[link] = _Line(
            sock, f"{host}:{port}", connecting=True, started=now, heard=now, said=now
        )
        self._selector.register(sock, selectors.EVENT_WRITE, link)

    def _queue(self, link: int, data: bytes) -> None:
        line = self._lines.get(link)
        if line is None or line.closing:
            return
        line.outbox += data
        if len(line.outbox) > MAX_WAITING_BYTES:
            self._drop(link, "the other side stopped reading")
            return
        line.said = self._clock()
        self._want_write(link, line)

    def _finish(self, link: int, data: bytes) -> None:
        line = self._lines.get(link)
        if line is None:
            return
        if line.connecting:
            self._drop(link, "closed", quiet=True)
            return
        line.outbox += data
        line.closing = True
        line.started = self._clock()  # a moment to flush, then closed regardless
        self._want_write(link, line)

    def _want_write(self, link: int, line: _Line) -> None:
        events = selectors.EVENT_READ | (selectors.EVENT_WRITE if line.outbox else 0)
        if line.connecting:
            events = selectors.EVENT_WRITE
        self._selector.modify(line.sock, events, link)

    def _writable(self, link: int) -> None:
        line = self._lines[link]
        if line.connecting:
            code = line.sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
            if code:
                self._drop(link, f"cannot reach {line.peer}: {_strerror(code)}")
                return
            line.connecting = False
            line.heard = line.said = self._clock()
            self._events.put(Opened(link, line.peer))
            self._want_write(link, line)
            return
        try:
            sent = line.sock.send(line.outbox)
        except BlockingIOError:
            return
        except OSError as error:
            self._drop(link, f"the connection broke ({error.strerror or error})")
            return
        del line.outbox[:sent]
        if not line.outbox and line.closing:
            self._drop(link, "closed", quiet=True)
            return
        self._want_write(link, line)

    def _readable(self, link: int) -> None:
        line = self._lines[link]
        try:
            data = line.sock.recv(65536)
        except BlockingIOError:
            return
        except OSError as error:
            self._drop(link, f"the connection broke ({error.strerror or error})")
            return
        if not data:
            self._drop(link, "the other side closed the connection")
            return
        line.heard = self._clock()
        if line.closing:
            return  # what a peer says after we have closed on it is not heard
        line.inbox += data
        while link in self._lines and not line.closing:
            end = line.inbox.find(b"\n")
            if end < 0:
                if len(line.inbox) >= MAX_MESSAGE:
                    self._fault(link, f"a message longer than {MAX_MESSAGE} bytes")
                return
            raw = bytes(line.inbox[: end + 1])
            del line.inbox[: end + 1]
            if not self._within_rate(line):
                self._fault(link, f"more than {RATE:g} messages a second")
                return
            try:
                message = decode(raw)
            except ProtocolError as error:
                self._fault(link, str(error))
                return
            if not isinstance(message, Ping):
                self._events.put(Received(link, message))

    def _within_rate(self, line: _Line) -> bool:
        now = self._clock()
        line.tokens = min(float(BURST), line.tokens + (now - line.counted) * RATE)
        line.counted = now
        line.tokens -= 1
        return line.tokens >= 0

    def _fault(self, link: int, reason: str) -> None:
        """The peer broke the protocol: told why, closed, and the game told."""
        line = self._lines[link]
        line.inbox.clear()
        self._events.put(Closed(link, reason, fault=True))
        self._finish(link, encode(Failure(f"closed: {reason}")))
        line.closing = True

    def _tick(self) -> None:
        now = self._clock()
        timing = self.timing
        for link, line in list(self._lines.items()):
            if line.connecting:
                if now - line.started > CONNECT_SECONDS:
                    self._drop(link, f"cannot reach {line.peer}: no answer")
            elif line.closing:
                if now - line.started > 1.0:
                    self._drop(link, "closed", quiet=True)
            elif now - line.heard > timing.silence:
                self._drop(link, f"no answer for {timing.silence:g} seconds")
            elif now - line.said > timing.heartbeat:
                self._queue(link, encode(Ping()))

    def _drop(self, link: int, reason: str, quiet: bool = False) -> None:
        line = self._lines.pop(link, None)
        if line is None:
            return
        with contextlib.suppress(KeyError, ValueError):
            self._selector.unregister(line.sock)
        line.sock.close()
        if not quiet and not line.closing:
            self._events.put(Closed(link, reason))

    def _stop(self) -> None:
        """Send what waits (briefly), then end the loop."""
        until = self._clock() + 1.0
        while any(line.outbox for line in self._lines.values()) and self._clock() < until:
            for key, mask in self._selector.select(0.05):
                if key.data and mask & selectors.EVENT_WRITE and key.data in self._lines:
                    self._writable(key.data)
        self._stopped.set()


def _peer(address: object) -> str:
    if isinstance(address, tuple) and len(address) >= 2:
        return f"{address[0]}:{address[1]}"
    return str(address)


def _strerror(code: int) -> str:
    return os.strerror(code).lower()


def reachable_address() -> str:
    """This machine's address on its network, as another machine there would call it: the
    address a route to an outside address would leave from (no packet is sent)."""
    with (
        contextlib.suppress(OSError),
        socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe,
    ):
        probe.connect(("192.0.2.1", 9))  # a documentation address, never routed
        address: str = probe.getsockname()[0]
        if not address.startswith("0."):
            return address
    return socket.gethostname()
