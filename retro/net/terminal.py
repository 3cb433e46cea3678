"""A network duel in the terminal (`retro-patience duel --host` / `--join`): the console's moves
and board (retro/console.py), with the opponent's standing and the duel's news printed as they
come. With `--json` every answer and every piece of news is one JSON object on one line.
"""

from __future__ import annotations

import contextlib
import io
import json
import queue
import sys
import threading
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, BinaryIO, TextIO

from retro.console import Console, read_lines
from retro.duel import moves_text
from retro.errors import RetroError
from retro.net.duelstate import Standing
from retro.net.session import NetDuel

if TYPE_CHECKING:
    from retro.definition.catalog import Catalog

TICK = 0.05  # seconds between looks at the network while no line is typed
HELP = (
    "Commands: a move (t3>t7, t3>t7/2, deal, flip t4), done (end your game), board, moves, "
    "them (how your opponent stands), help, quit (leave the duel)."
)
NO_TAKING_BACK = ("undo", "redo", "restart")


class DuelTerminal:
    """Reads the player's lines, polls the duel between them, writes what happens."""

    def __init__(self, duel: NetDuel, out: TextIO, as_json: bool) -> None:
        self.duel = duel
        self.out = out
        self.as_json = as_json
        self._shown: Standing | None = None

    def run(self, lines: Iterable[str]) -> None:
        """Until the duel is over, the player quits, or the input ends (then, with the player's
        own game finished, until the result is in)."""
        inbox: queue.SimpleQueue[str | None] = queue.SimpleQueue()

        def read() -> None:
            for line in lines:
                inbox.put(line)
            inbox.put(None)

        threading.Thread(target=read, name="duel-input", daemon=True).start()
        ended_input = False
        while True:
            self._news()
            if self.duel.over:
                return
            try:
                line = inbox.get(timeout=TICK) if not ended_input else None
            except queue.Empty:
                continue
            if line is None:
                mine = self.duel.mine
                if mine is None or not mine.finished():
                    self.emit({"event": "left", "text": "You left the duel."})
                    return
                ended_input = True
                threading.Event().wait(TICK)
                continue
            if not self.handle(line):
                return

    def _news(self) -> None:
        for notice in self.duel.poll():
            self.emit({"event": notice.kind, "text": notice.text})
        standing = self.duel.standing()
        if standing is not None and standing != self._shown:
            self._shown = standing
            self.emit({"event": "opponent", **vars(standing)})

    def handle(self, line: str) -> bool:
        """One line of the player's; False to stop."""
        text = line.strip()
        if not text:
            return True
        command = text.lower()
        try:
            if command in ("quit", "exit", "q"):
                self.emit({"event": "left", "text": "You left the duel."})
                return False
            if command == "help":
                self.emit({"help": HELP})
            elif command in ("them", "opponent"):
                standing = self.duel.standing()
                self.emit({"event": "opponent", **vars(standing)} if standing else self._wait())
            elif not self.duel.playing or self.duel.mine is None:
                self.emit(self._wait())
            elif command in ("board", "state"):
                self.emit(self._state())
            elif command == "moves":
                self.emit(Console(self.duel.mine, as_json=True).moves())
            elif command == "hint":
                self.emit({"error": "a duel across two machines has no hints: each plays alone"})
            elif command in NO_TAKING_BACK:
                self.emit({"error": f"a duel has no {command}: every move counts"})
            else:
                console = Console(self.duel.mine, as_json=True)
                self.duel.push(console.read_move(text))
                self._news()
                self.emit(self._state())
        except RetroError as error:
            self.emit({"error": str(error).splitlines()[0]})
        return True

    def _wait(self) -> dict[str, Any]:
        return {"error": self.duel.waiting() or self.duel.ended or "the duel has not begun"}

    def _state(self) -> dict[str, Any]:
        assert self.duel.mine is not None
        state = Console(self.duel.mine, as_json=True).state()
        left = self.duel.seconds_left()
        if left is not None:
            state["seconds_left"] = int(left)
        return state

    def emit(self, answer: dict[str, Any]) -> None:
        if self.as_json:
            self.out.write(json.dumps(answer, ensure_ascii=False, separators=(",", ":")) + "\n")
        else:
            self.out.write(self.render(answer) + "\n")
        self.out.flush()

    def render(self, answer: dict[str, Any]) -> str:
        if "error" in answer:
            return f"?? {answer['error']}"
        if "help" in answer:
            return str(answer["help"])
        event = answer.get("event")
        if event is None and "moves" in answer:
            return "Moves: " + (", ".join(m["move"] for m in answer["moves"]) or "none")
        if event == "opponent":
            state = "finished" if answer["finished"] else "playing"
            away = "" if answer["connected"] else ", not connected"
            return (
                f"   {answer['name']}: score {answer['score']}, {moves_text(answer['moves'])}, "
                f"{answer['home']} cards home ({state}{away})"
            )
        if event is not None:
            return f"** {answer['text']}"
        assert self.duel.mine is not None
        board = Console(self.duel.mine, as_json=False).board()
        left = answer.get("seconds_left")
        return board if left is None else f"{board}\n{left // 60}:{left % 60:02d} left"


def record(duel: NetDuel) -> str:
    """Count a finished duel in the records (this side's game, against the opponent's name);
    the line to tell the player. A duel without a result is not counted."""
    from retro.store.records import Records

    result = duel.result()
    if result is None or duel.mine is None or duel.opponent is None:
        return "This duel had no result: it is not counted."
    records = Records()
    records.record(
        duel.mine,
        duel.name,
        won=result.winner == 0,
        drawn=result.winner is None,
        opponent=duel.opponent,
    )
    return f"Counted in your statistics against {duel.opponent}."


def default_name() -> str:
    """The name last typed in the window, else the login name (cut to fit), else Player."""
    from retro.duel import NAME_LENGTH, player_name
    from retro.store.settings import Settings

    for candidate in (Settings.load().last_name, _login()):
        with contextlib.suppress(RetroError):
            return player_name(candidate[:NAME_LENGTH])
    return "Player"


def _login() -> str:
    import getpass

    try:
        return getpass.getuser()
    except (OSError, KeyError, ImportError):
        return ""


def open_duel(
    catalog: Catalog,
    *,
    join: str | None,
    port: int | None,
    game_id: str,
    options: Mapping[str, str],
    seed: int | None,
    name: str | None,
    minutes: float,
    bind: str,
) -> NetDuel:
    """`retro-patience duel`: a duel hosted (on `port`) or joined (`join`, the host's code)."""
    from retro.duel import duel_code, random_seed
    from retro.net.protocol import MAX_TIME_LIMIT, parse_address

    name = name if name is not None else default_name()
    if join is not None:
        return NetDuel.join(parse_address(join), name, catalog.load)
    port = port or 0
    if not 0 <= minutes * 60 <= MAX_TIME_LIMIT or not 0 <= port <= 65535:
        raise RetroError(f"--minutes is 0 to {MAX_TIME_LIMIT // 60} and PORT 0 to 65535")
    gdef = catalog.load(game_id, dict(options))
    seed = random_seed() if seed is None else seed
    duel_code(seed)  # a deal number a duel can have, or DuelError
    return NetDuel.host(gdef, seed, name, port, bind, round(minutes * 60))


def play_in_terminal(duel: NetDuel, bind: str, as_json: bool) -> int:
    """The duel played on standard input and output until it is over; counted in the records."""
    from retro.net.peer import reachable_address

    terminal = DuelTerminal(duel, sys.stdout, as_json)
    try:
        if duel.address is not None and duel.hosting:
            shown = duel.address
            if not bind:
                shown = type(shown)(reachable_address(), shown.port, shown.check)
            title = duel.mine.gdef.title if duel.mine else ""
            terminal.emit(
                {
                    "event": "hosting",
                    "port": shown.port,
                    "code": shown.code(),
                    "text": f"Hosting {title}: tell the other player to join with  "
                    f"retro-patience duel --join {shown.code()}",
                }
            )
        try:
            terminal.run(read_lines(_unbuffered_stdin()))
        except KeyboardInterrupt:  # Ctrl+C leaves the duel as `quit` does
            terminal.emit({"event": "left", "text": "You left the duel."})
        if duel.playing or duel.over:
            terminal.emit({"event": "counted", "text": record(duel)})
    finally:
        duel.close()
    return 0


def _unbuffered_stdin() -> BinaryIO | TextIO:
    """Standard input without Python's buffer: the duel reads it on a thread of its own that
    may still wait for a line when the duel ends, and a buffered reader would then hold a lock
    the interpreter's exit waits for."""
    try:
        return io.FileIO(sys.stdin.fileno(), "rb", closefd=False)
    except (AttributeError, OSError, ValueError):  # no file behind it: read it as it is
        return getattr(sys.stdin, "buffer", sys.stdin)
