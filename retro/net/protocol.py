"""The duel's messages across the network (docs/duel-network.md): one JSON object a line,
versioned, bounded in size, and checked by type and range like any file the program reads.

Nothing a peer sends is trusted: `decode` turns one line into one of the message classes below
or raises ProtocolError with a one-line reason, which the other side is sent before the
connection is closed. The duel's code, `HOST:PORT/CHECK`, is read and written here too: the
check is four letters derived from the deal, so two people can tell they play the same duel.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from retro.duel import DuelError, player_name
from retro.engine.gamedef import GameDef
from retro.engine.notation import format_position
from retro.errors import RetroError
from retro.reading import GAME_ID
from retro.store.files import DamagedFile, Fields, parse_json
from retro.store.saves import MAX_MOVES

VERSION = 1  # the protocol's version: a hello or join of another version is refused
MAX_MESSAGE = 4096  # bytes in one line, its newline included
MAX_MOVE_TEXT = 120  # a move in the notation, as saves allow
MAX_TIME_LIMIT = 24 * 3600  # seconds
DEFAULT_PORT = 47_474
RATE = 40.0  # messages a second a peer may send on average...
BURST = 400  # ...and at most this many at once (a rejoin resends the moves it missed)
_SESSION = re.compile(r"[0-9a-f]{16}", re.ASCII)
_DIGEST = re.compile(r"[0-9a-f]{32}", re.ASCII)
_CHECK = re.compile(r"[A-Z2-7]{4}", re.ASCII)
_LOOKALIKES = str.maketrans("0189", "OIBG")  # digits a check never has, read as the letters
_ADDRESS = re.compile(
    r"^\s*(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]{1,253}):(\d{1,5})(?:/([A-Za-z0-9]{4}))?\s*$"
)


class ProtocolError(RetroError):
    """A peer broke the protocol: the reason goes back to it and the connection is closed."""


@dataclass(frozen=True)
class Join:
    """The joiner's first line: who it is; on a rejoin the duel's session and how many of the
    host's moves it holds."""

    version: int
    name: str
    session: str  # "" when joining afresh
    have: int


@dataclass(frozen=True)
class Hello:
    """The host's answer: the duel (game, options, deal number, the dealt cards' digest, the
    time limit in seconds, 0 for none), the host's name, the session a rejoin names, and how
    many of the joiner's moves the host holds."""

    version: int
    program: str
    game: str
    options: dict[str, Any]
    seed: int
    deal: str
    time_limit: int
    name: str
    session: str
    have: int


@dataclass(frozen=True)
class MoveMessage:
    """A player's move number `n` (from 1), in the notation; Done is the move `done`."""

    n: int
    move: str


@dataclass(frozen=True)
class Ping:
    """Sent when there is nothing else to say, so silence means a connection lost."""


@dataclass(frozen=True)
class Forfeit:
    """The sender's rules refused the receiver's move `n`: the receiver forfeits the duel."""

    n: int
    why: str


@dataclass(frozen=True)
class Failure:
    """Why the sender is closing the connection (a bad message, a duel already under way)."""

    message: str


@dataclass(frozen=True)
class Bye:
    """The sender has left the duel for good."""


Message = Join | Hello | MoveMessage | Ping | Forfeit | Failure | Bye


def encode(message: Message) -> bytes:
    """One line of JSON, newline included; never longer than MAX_MESSAGE."""
    body: dict[str, Any]
    if isinstance(message, Join):
        body = {"type": "join", **vars(message)}
    elif isinstance(message, Hello):
        body = {"type": "hello", **vars(message)}
    elif isinstance(message, MoveMessage):
        body = {"type": "move", "n": message.n, "move": message.move}
    elif isinstance(message, Forfeit):
        body = {"type": "forfeit", "n": message.n, "why": _shown(message.why)}
    elif isinstance(message, Failure):
        body = {"type": "error", "message": _shown(message.message)}
    elif isinstance(message, Bye):
        body = {"type": "bye"}
    else:
        body = {"type": "ping"}
    line = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"
    if len(line) > MAX_MESSAGE:
        raise ProtocolError(f"a {body['type']} message longer than {MAX_MESSAGE} bytes")
    return line


def _shown(text: str) -> str:
    """A reason as the other side will accept it: printable, at most 300 characters."""
    return "".join(c if c.isprintable() else " " for c in text)[:300]


def decode(line: bytes) -> Message:
    """The message in one line (its newline may be left on). Raises ProtocolError."""
    if len(line) > MAX_MESSAGE:
        raise ProtocolError(f"a message longer than {MAX_MESSAGE} bytes")
    try:
        data = parse_json(line.decode("utf-8"))
    except UnicodeDecodeError:
        raise ProtocolError("a message that is not UTF-8 text") from None
    except ValueError as error:
        raise ProtocolError(f"a message that is not JSON ({error})") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message that is not a JSON object")
    kind = data.get("type")
    reader = _READERS.get(kind) if isinstance(kind, str) else None
    if reader is None:
        raise ProtocolError(f"a message of unknown type '{str(kind)[:20]}'")
    try:
        return reader(Fields(data, f"the {kind} message"))
    except DamagedFile as error:
        raise ProtocolError(str(error).replace(": damaged (", ": wrong (")) from None


def _version(fields: Fields) -> int:
    """Checked before anything else: another version's fields may mean other things."""
    version = fields.integer("version", 1, 1 << 31)
    if version != VERSION:
        raise ProtocolError(
            f"the other side speaks version {version} of the duel protocol, this program "
            f"version {VERSION}: both need the same version of retro-patience"
        )
    return version


def _name(fields: Fields) -> str:
    try:
        return player_name(fields.text("name", 40))
    except DuelError as error:
        raise ProtocolError(str(error)) from None


def _session(fields: Fields, blank: bool) -> str:
    session = fields.text("session", 16)
    if not (_SESSION.fullmatch(session) or (blank and session == "")):
        raise ProtocolError("the session must be 16 hexadecimal digits")
    return session


def _text(fields: Fields, key: str, longest: int) -> str:
    """Text shown to the player: printable only, so no control character reaches a terminal."""
    text = fields.text(key, longest)
    if not text.isprintable():
        raise ProtocolError(f"the '{key}' has characters that cannot be shown")
    return text


def _join(fields: Fields) -> Join:
    version = _version(fields)
    return Join(
        version, _name(fields), _session(fields, blank=True), fields.integer("have", 0, MAX_MOVES)
    )


def _hello(fields: Fields) -> Hello:
    version = _version(fields)
    deal = fields.text("deal", 32)
    if not _DIGEST.fullmatch(deal):
        raise ProtocolError("the deal's digest must be 32 hexadecimal digits")
    return Hello(
        version,
        _text(fields, "program", 40),
        fields.text("game", 64, GAME_ID),
        fields.options(),
        fields.integer("seed", 0, (1 << 63) - 1),
        deal,
        fields.integer("time_limit", 0, MAX_TIME_LIMIT),
        _name(fields),
        _session(fields, blank=False),
        fields.integer("have", 0, MAX_MOVES),
    )


def _move(fields: Fields) -> MoveMessage:
    return MoveMessage(fields.integer("n", 1, MAX_MOVES), _text(fields, "move", MAX_MOVE_TEXT))


_READERS: dict[str, Callable[[Fields], Message]] = {
    "join": _join,
    "hello": _hello,
    "move": _move,
    "ping": lambda _: Ping(),
    "forfeit": lambda fields: Forfeit(fields.integer("n", 1, MAX_MOVES), _text(fields, "why", 300)),
    "error": lambda fields: Failure(_text(fields, "message", 300)),
    "bye": lambda _: Bye(),
}


# -- the deal's digest and the code to tell the other player ----------------------------------


def deal_digest(gdef: GameDef, seed: int) -> str:
    """The dealt cards of `gdef` at `seed`, as 32 hexadecimal digits: two copies of the program
    that deal differently (another version of the game file) find out before playing."""
    from retro.engine.game import deal_position

    text = format_position(deal_position(gdef, seed))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def check_code(hello: Hello) -> str:
    """Four letters that differ, all but surely, between any two duels: the game, its options,
    the deal, the time limit and the host's session."""
    summary = json.dumps(
        [
            hello.game,
            sorted(hello.options.items()),
            hello.seed,
            hello.deal,
            hello.time_limit,
            hello.session,
        ],
        separators=(",", ":"),
    )
    digest = hashlib.sha256(summary.encode("utf-8")).digest()
    return base64.b32encode(digest).decode("ascii")[:4]


@dataclass(frozen=True)
class Address:
    """Where a host listens, and the check code the joiner was told (None: not told)."""

    host: str
    port: int
    check: str | None = None

    def code(self) -> str:
        """`HOST:PORT/CHECK`: what the host tells the other player."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}" + (f"/{self.check}" if self.check else "")


def parse_address(text: str) -> Address:
    """`HOST:PORT` or `HOST:PORT/CHECK` (an IPv6 address in brackets). Raises DuelError."""
    match = _ADDRESS.match(text)
    check = match.group(3).upper().translate(_LOOKALIKES) if match and match.group(3) else None
    if (
        match is None
        or not 1 <= int(match.group(2)) <= 65535
        or (check is not None and not _CHECK.fullmatch(check))
    ):
        raise DuelError(
            f"'{text.strip()[:60]}' is not a duel to join: write HOST:PORT or HOST:PORT/CHECK, "
            "as the host's screen shows it (like 192.168.1.20:47474/K7QX)"
        )
    host = match.group(1).strip("[]")
    return Address(host, int(match.group(2)), check)
