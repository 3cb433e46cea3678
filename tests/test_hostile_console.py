"""One console line never ends the console: each hostile line gets one {"error": ...} in one
line, long lines are refused without being echoed back, and the console goes on."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from retro.console import MAX_LINE, Console, read_lines
from retro.engine.game import Game
from tests.helpers import load

ROOT = Path(__file__).resolve().parent.parent

HOSTILE_LINES = [
    b"t1>t2/\xc2\xb2",  # a superscript two: int() takes it, the notation must not
    b"t1>t2/" + b"9" * 5000,
    b"t" + b"9" * 5000 + b">t2",
    b'{"from": "t1", "to": "t2", "count": ' + b"9" * 5000 + b"}",
    b'{"from": "t1", "to": "t2", "count": 1e400}',
    b'{"from": "t1", "to": "t2", "count": NaN}',
    b'{"from": "t1", "to": "t2", "count": 99999999999}',
    b"[" * 3000 + b"]" * 3000,
    b'{"move": ' * 1500 + b"1" + b"}" * 1500,
    b"\xff\xfe\xfd undecodable",
    b"x" * 5_000_000,
    b"flip t" + b"\xd9\xa3",  # an Arabic-Indic three
    b'{"from": [1], "to": {"a": 2}}',
    b'{"action": "flip", "pile": "' + b"t" * 3000 + b'"}',
]


# under the limits no input may pass: 500 MB of memory, well under a minute of CPU
_MAIN = (
    "import resource, sys; "
    "resource.setrlimit(resource.RLIMIT_AS, (500 << 20, 500 << 20)); "
    "resource.setrlimit(resource.RLIMIT_CPU, (20, 20)); "
    "from retro.cli import main; sys.exit(main(sys.argv[1:]))"
)


def _console_run(stdin: bytes) -> list[str]:
    result = subprocess.run(
        [sys.executable, "-c", _MAIN, "console", "klondike", "--json"],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert result.returncode == 0, result.stderr.decode()
    assert result.stderr == b""
    return result.stdout.decode().splitlines()


def test_every_hostile_line_gets_one_error_and_the_console_goes_on() -> None:
    stdin = b"".join(line + b"\n" for line in HOSTILE_LINES) + b"state\n"
    answers = _console_run(stdin)
    assert len(answers) == len(HOSTILE_LINES) + 1
    for answer in answers[:-1]:
        assert len(answer) < 400  # never echoes a long line back whole
        assert list(json.loads(answer)) == ["error"]
    assert json.loads(answers[-1])["moves_made"] == 0  # nothing was changed


def test_an_endless_last_line_is_refused() -> None:
    answers = _console_run(b"state\n" + b"y" * (MAX_LINE * 50))
    assert len(answers) == 2 and "too long" in json.loads(answers[1])["error"]


def test_read_lines_never_holds_an_endless_line() -> None:
    stream = io.BytesIO(b"a\n" + b"b" * 10_000_000 + b"\nc\n")
    lines = list(read_lines(stream))
    assert lines[0] == "a\n" and lines[2] == "c\n" and len(lines[1]) < 20


def test_help_lists_the_commands_the_moves_and_this_games_piles() -> None:
    answer = Console(Game(load("klondike"), 1), as_json=True).handle("help")[0]
    assert answer is not None
    text = str(answer["help"])
    for words in (
        "state",
        "moves",
        "undo",
        "redo",
        "quit",
        "FROM>TO/N",
        "tableau:1..tableau:7",
        "Actions: deal",
    ):
        assert words in text


def test_grid_games_print_as_rows() -> None:
    board = Console(Game(load("montana"), 1), as_json=False).board().splitlines()
    rows = [line for line in board if line.split(":")[0].strip() in ("grid", "")]
    assert len(rows) == 4  # four rows of thirteen places, not one 52-card line
    assert all(len(row.split(":", 1)[1].split()) == 13 for row in rows)
    board = Console(Game(load("seven_to_ace"), 1), as_json=False).board().splitlines()
    rows = [line for line in board if line.split(":")[0].strip() in ("grid", "")]
    assert len(rows) == 4 and all(len(row.split(":", 1)[1].split()) == 8 for row in rows)


ATOMS = [
    "t1",
    "t2",
    "s",
    "w",
    "f1",
    "tableau:3",
    "stock",
    "waste",
    "foundation:2",
    ">",
    "/",
    "/0",
    "/-1",
    "/999999",
    "/1",
    "deal",
    "flip",
    "done",
    "undo",
    "redo",
    "state",
    "moves",
    " ",
    "{",
    "}",
    '"',
    "[",
    "]",
    ":",
    ",",
    "9" * 30,
    "\u00b2",
    "\u0663",
    "\x00",
    "null",
    "true",
    "1e400",
    "NaN",
    "move",
    "from",
    "to",
    "count",
    "action",
    "pile",
]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.lists(st.sampled_from(ATOMS), min_size=1, max_size=8).map("".join)
        | st.text(max_size=40),
        min_size=1,
        max_size=12,
    )
)
def test_generated_lines_each_get_one_answer_and_never_crash(lines: list[str]) -> None:
    console = Console(Game(load("klondike"), 4), as_json=True)
    for line in lines:
        before = console.game.moves_made
        answer, _ = console.handle(line)
        if answer is None:
            assert not line.strip()
            continue
        json.dumps(answer)
        if "error" in answer:
            assert set(answer) == {"error"} and "\n" not in str(answer["error"])
            assert console.game.moves_made == before  # a refusal changes nothing
