"""Helpers for network duel tests, on 127.0.0.1 only: two sides pumped until something holds,
a fake peer speaking raw lines, and a relay between the two sides that a test can cut or freeze
(a connection dropped, a peer that stops answering)."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Callable

from retro.definition.catalog import Catalog
from retro.engine.game import Game
from retro.engine.position import DONE, Move
from retro.net.duelstate import Notice
from retro.net.peer import Timing
from retro.net.protocol import Address
from retro.net.session import NetDuel

LOOPBACK = "127.0.0.1"
FAST = Timing(heartbeat=0.1, silence=0.8, reconnect=3.0, retry=0.1, grace=0.5)
DEADLINE = 10.0  # seconds a test waits for something before failing
CATALOG = Catalog()
DUEL = CATALOG.load("spider_duel", {})


def host(seed: int = 7, name: str = "Anna", time_limit: int = 0) -> NetDuel:
    return NetDuel.host(DUEL, seed, name, 0, LOOPBACK, time_limit, FAST)


def join(hosting: NetDuel, name: str = "Bo", port: int | None = None, check: str = "") -> NetDuel:
    assert hosting.address is not None
    address = Address(LOOPBACK, port or hosting.address.port, check or hosting.address.check)
    return NetDuel.join(address, name, CATALOG.load, FAST)


class Pump:
    """Polls duels in turn, keeping every notice each one gave, until a condition holds."""

    def __init__(self, *duels: NetDuel) -> None:
        self.duels = duels
        self.seen: dict[int, list[Notice]] = {id(duel): [] for duel in duels}

    def step(self) -> None:
        for duel in self.duels:
            self.seen[id(duel)].extend(duel.poll())

    def until(self, condition: Callable[[], bool], what: str = "") -> None:
        deadline = time.monotonic() + DEADLINE
        while True:
            for duel in self.duels:
                self.seen[id(duel)].extend(duel.poll())
            if condition():
                return
            if time.monotonic() > deadline:
                raise AssertionError(f"waited in vain: {what}; notices {self.seen}")
            time.sleep(0.01)

    def kinds(self, duel: NetDuel) -> list[str]:
        return [notice.kind for notice in self.seen[id(duel)]]

    def texts(self, duel: NetDuel) -> str:
        return "\n".join(notice.text for notice in self.seen[id(duel)])


def started(hosting: NetDuel, joining: NetDuel) -> Pump:
    pump = Pump(hosting, joining)
    pump.until(lambda: hosting.playing and joining.playing, "the duel to begin")
    return pump


def play_first(duel: NetDuel, count: int) -> None:
    """Make `count` moves, each the first offered other than Done."""
    for _ in range(count):
        assert duel.mine is not None
        duel.push(next(m for m in duel.mine.legal_moves() if m.kind != DONE))


def done(duel: NetDuel) -> None:
    duel.push(Move(DONE, -1))


def same_game(one: Game | None, other: Game | None) -> bool:
    from retro.engine.notation import format_position

    assert one is not None and other is not None
    return format_position(one.position) == format_position(other.position)


class RawPeer:
    """A peer that speaks raw bytes: what a broken or hostile program might send. While it
    waits for an answer it keeps `pump` going, so the side it talks to can answer."""

    def __init__(self, port: int, pump: Pump | None = None) -> None:
        self.sock = socket.create_connection((LOOPBACK, port), timeout=DEADLINE)
        self.pump = pump
        self.buffer = b""

    def send(self, data: bytes) -> None:
        self.sock.sendall(data)

    def line(self) -> bytes:
        """The next line from the other side but pings, b"" once it has closed."""
        while (found := self._line()) == b'{"type":"ping"}':
            pass
        return found

    def _line(self) -> bytes:
        deadline = time.monotonic() + DEADLINE
        while b"\n" not in self.buffer:
            if self.pump is not None:
                self.pump.step()
            self.sock.settimeout(DEADLINE if self.pump is None else 0.01)
            try:
                chunk = self.sock.recv(65536)
            except TimeoutError:
                assert time.monotonic() < deadline, "no answer from the other side"
                continue
            if not chunk:
                rest, self.buffer = self.buffer, b""
                return rest
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line

    def lines_until_closed(self) -> list[bytes]:
        found = []
        while line := self.line():
            found.append(line)
        return found

    def close(self) -> None:
        self.sock.close()


class Relay:
    """Listens on 127.0.0.1 and passes bytes both ways to the host's port. `cut()` closes every
    connection through it; `frozen` passes nothing on (the ends stay open, silent); `refusing`
    closes new connections at once."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.listener = socket.create_server((LOOPBACK, 0))
        self.port: int = self.listener.getsockname()[1]
        self.frozen = False
        self.refusing = False
        self.sockets: list[socket.socket] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                near, _ = self.listener.accept()
            except OSError:
                return
            if self.refusing:
                near.close()
                continue
            far = socket.create_connection((LOOPBACK, self.target))
            with self.lock:
                self.sockets += [near, far]
            threading.Thread(target=self._pass, args=(near, far), daemon=True).start()
            threading.Thread(target=self._pass, args=(far, near), daemon=True).start()

    def _pass(self, source: socket.socket, sink: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                while self.frozen:
                    time.sleep(0.01)
                sink.sendall(data)
        for sock in (source, sink):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        with self.lock:
            for sock in self.sockets:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                sock.close()
            self.sockets.clear()

    def close(self) -> None:
        self.cut()
        self.listener.close()
