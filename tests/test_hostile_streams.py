"""Nothing outside the program can crash or hang it: standard streams closed or full, Ctrl-C,
ranges of deals too long to hold, devices and FIFOs for files, terminals that are not UTF-8,
a window with no display or no driver, a plugin that never returns. Each ends in one line and
a documented exit status (0 done, 1 an error, 2 a command line refused, 130 Ctrl-C).

Every program run here is bounded: 1.5 GB of memory, a minute of CPU, a timeout."""

from __future__ import annotations

import json
import os
import resource
import select
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

import pytest

from retro import cli
from retro.cli import main
from tests.test_e2e_window import _wait_for, display  # noqa: F401 (a private X server)

ROOT = Path(__file__).resolve().parent.parent
MEMORY = 1500 << 20


def _bounded(close: tuple[int, ...] = ()) -> Callable[[], None]:
    def start() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
        resource.setrlimit(resource.RLIMIT_CPU, (60, 60))
        for fd in close:
            os.close(fd)

    return start


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "RETRO_PATIENCE_DATA": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "SDL_AUDIODRIVER": "dummy",
        **extra,
    }


def _run(
    tmp_path: Path,
    *args: str,
    stdout: int | IO[bytes] = subprocess.PIPE,
    close: tuple[int, ...] = (),
    stdin: bytes = b"",
    env: dict[str, str] | None = None,
    cwd: Path = ROOT,
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "retro", *args],
        input=None if 0 in close else stdin,
        stdin=subprocess.DEVNULL if 0 in close else None,
        stdout=stdout,
        stderr=subprocess.PIPE,
        env=env or _env(tmp_path),
        cwd=cwd,
        preexec_fn=_bounded(close),
        timeout=120,
    )


def _one_line(stderr: bytes) -> str:
    text = stderr.decode("utf-8", "replace")
    assert "Traceback" not in text, text
    assert text.count("\n") == 1, text
    return text.strip()


# -- standard streams ----------------------------------------------------------------------------


def test_the_console_with_standard_input_closed_shows_the_board_and_ends(tmp_path: Path) -> None:
    result = _run(tmp_path, "console", "klondike", close=(0,))
    assert result.returncode == 0 and result.stderr == b""
    assert result.stdout.decode().startswith("Klondike  deal 1")


COMMANDS = [
    ("list",),
    ("rules",),
    ("validate", "games/klondike.yaml"),
    ("stats",),
    ("instructions", "klondike", "--plain"),
    ("console", "klondike"),
    ("solve", "freecell", "--seconds", "2"),
    ("solve", "freecell", "--seeds", "1-2", "--seconds", "2", "--jobs", "1"),
    ("--version",),
    ("--help",),
]


@pytest.mark.parametrize("args", [*COMMANDS, ("schema", "-")], ids=" ".join)
def test_every_command_with_standard_output_closed_says_so_in_one_line(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    if args == ("schema", "-"):
        args = ("schema", str(tmp_path / "game.schema.json"))
    result = _run(tmp_path, *args, close=(1,), stdin=b"quit\n")
    assert result.returncode == 1
    assert _one_line(result.stderr).endswith(
        "retro-patience: cannot write the output: standard output is closed"
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [*COMMANDS, ("schema", "-")], ids=" ".join)
def test_every_command_on_a_full_device_says_so_in_one_line(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    if args == ("schema", "-"):
        args = ("schema", str(tmp_path / "game.schema.json"))
    with open("/dev/full", "wb") as full:
        result = _run(tmp_path, *args, stdout=full, stdin=b"quit\n")
    assert result.returncode == 1
    assert _one_line(result.stderr).endswith(
        "retro-patience: cannot write the output: No space left on device"
    )


# -- Ctrl-C ----------------------------------------------------------------------------------------


class _Running:
    """A program started with pipes, read line by line as it writes."""

    def __init__(self, tmp_path: Path, *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "retro", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=_env(tmp_path),
            cwd=ROOT,
            preexec_fn=_bounded(),
            bufsize=0,  # lines read one by one leave nothing in a buffer `communicate` skips
        )
        self.lines: list[str] = []

    def line(self, seconds: float = 60) -> str:
        stdout = self.process.stdout
        assert stdout is not None
        ready, _, _ = select.select([stdout], [], [], seconds)
        assert ready, "no line came"
        line = stdout.readline().decode()
        self.lines.append(line)
        return line

    def say(self, text: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(text.encode())
        self.process.stdin.flush()

    def interrupt(self) -> tuple[int, str, str]:
        self.process.send_signal(signal.SIGINT)
        out, err = self.process.communicate(timeout=60)
        return self.process.returncode, out.decode(), err.decode()


@pytest.fixture
def running(tmp_path: Path) -> Iterator[Callable[..., _Running]]:
    started: list[_Running] = []

    def start(*args: str) -> _Running:
        started.append(_Running(tmp_path, *args))
        return started[-1]

    yield start
    for one in started:
        if one.process.poll() is None:
            one.process.kill()
            one.process.wait(timeout=30)


def test_ctrl_c_during_ten_million_deals_prints_the_summary_of_those_done(
    running: Callable[..., _Running],
) -> None:
    solving = running(
        "solve", "klondike", "--seeds", "1-10000000", "--seconds", "0.2", "--jobs", "2"
    )
    solving.line()
    solving.line()  # two deals are done: the range was not built before the work began
    code, out, err = solving.interrupt()
    assert code == 130
    lines = [*solving.lines, *out.splitlines(keepends=True)]
    deals = [line for line in lines if line.startswith("deal ")]
    summary = lines[-1].split()
    assert summary[0] == "klondike" and int(summary[1]) == len(deals) >= 2
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert err.splitlines()[-1] == (
        "retro-patience: stopped (Ctrl-C); the summary is of the deals done"
    )


def test_a_range_up_to_the_last_deal_number_starts_at_once(
    running: Callable[..., _Running],
) -> None:
    solving = running(
        "solve", "klondike", "--seeds", "1-18446744073709551615", "--seconds", "0.1", "--json"
    )
    assert json.loads(solving.line())["seed"] == 1
    code, out, _ = solving.interrupt()
    assert code == 130 and json.loads(out.splitlines()[-1])["summary"]["deals"] >= 1


def test_ctrl_c_while_the_console_waits_ends_it(running: Callable[..., _Running]) -> None:
    console = running("console", "klondike", "--json")
    console.say("state\n")
    assert json.loads(console.line())["moves_made"] == 0
    code, out, err = console.interrupt()
    assert code == 130 and out == ""
    assert err == "retro-patience: stopped (Ctrl-C)\n"


def test_ctrl_c_during_a_long_winnable_ends_the_console(
    running: Callable[..., _Running],
) -> None:
    console = running("console", "spider", "--json")
    console.say("state\nwinnable 600\n")
    assert json.loads(console.line())["moves_made"] == 0
    time.sleep(1)  # searching now: four suits are not decided in a second
    code, out, err = console.interrupt()
    assert code == 130 and out == ""
    assert err == "retro-patience: stopped (Ctrl-C)\n"


# -- bounds ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "seeds",
    [
        "1-" + "9" * 5000,
        "9" * 21 + "-" + "9" * 22,
        "3-1",
        "1-\u0663",
        "x" * 100_000,
        "1-18446744073709551616",  # one past the last deal number a save can hold
        "99999999999999999990-99999999999999999999",
    ],
)
def test_a_range_of_deals_past_the_bounds_is_one_short_line(tmp_path: Path, seeds: str) -> None:
    result = _run(tmp_path, "solve", "klondike", f"--seeds={seeds}")
    assert result.returncode == 1
    line = _one_line(result.stderr)
    assert line.startswith("retro-patience: --seeds wants A-B") and len(line) < 300


@pytest.mark.parametrize("seconds", ["nan", "inf", "-inf", "0", "-1"])
def test_solve_refuses_a_budget_that_is_not_a_number_above_0(
    seconds: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", "klondike", f"--seconds={seconds}"]) == 1
    assert capsys.readouterr().err.startswith("retro-patience: --seconds must be a number")


def test_never_more_workers_than_deals_or_cores(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from retro.solver import runner

    asked: list[int] = []

    def solve_range(*args: Any) -> bool:
        asked.append(args[6])
        return True

    monkeypatch.setattr(runner, "solve_range", solve_range)
    assert main(["solve", "klondike", "--seeds", "1-3", "--jobs", "1000"]) == 0
    assert main(["solve", "klondike", "--seeds", "1-100000", "--jobs", "1000"]) == 0
    assert main(["solve", "klondike", "--seeds", "4-4"]) == 0
    cores = os.cpu_count() or 1
    assert asked == [min(3, cores), cores, 1]
    assert main(["solve", "klondike", "--seeds", "1-3", "--jobs", "0"]) == 1


def test_a_console_game_is_at_most_as_long_as_a_save() -> None:
    from retro.console import Console
    from retro.engine.game import Game
    from retro.store.saves import MAX_MOVES
    from tests.helpers import load

    assert Console(Game(load("freecell"), 1), True).most_moves == MAX_MOVES
    console = Console(Game(load("freecell"), 1), True, most_moves=5)
    there, back = "cell:1>cell:2", "cell:2>cell:1"
    answers = [console.handle(line)[0] for line in ["t1>cell:1", there, back, there, back]]
    assert all(answer and "error" not in answer for answer in answers)
    refused = {
        "error": "a game is at most 5 moves long, as a saved game; undo to go on, or start again"
    }
    assert console.handle(there)[0] == refused and console.game.moves_made == 5
    console.handle("undo")
    assert console.handle("redo")[0] == console.state()  # back to five: allowed
    assert console.handle("redo")[0] == {"error": "Nothing to redo"}
    assert console.handle(there)[0] == refused
    console.handle("undo")
    assert console.handle("cell:2>cell:3")[0] == console.state()


# -- files that are not files ----------------------------------------------------------------------


def test_instructions_on_a_device_or_a_fifo_are_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "rules.anl"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.anl"
    zero.symlink_to("/dev/zero")
    for source in ("/dev/zero", str(fifo), str(zero)):
        result = _run(tmp_path, "instructions", source)
        assert result.returncode == 1
        assert _one_line(result.stderr).endswith("not a regular file")
    big = tmp_path / "big.anl"
    big.write_bytes(b"x" * (2 << 20))
    result = _run(tmp_path, "instructions", str(big))
    assert result.returncode == 1 and _one_line(result.stderr).endswith("larger than 1 MB")


# -- terminals that are not UTF-8 ------------------------------------------------------------


@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
def test_a_terminal_that_is_not_utf8_gets_ascii_for_what_it_lacks(
    tmp_path: Path, encoding: str
) -> None:
    env = _env(tmp_path, PYTHONIOENCODING=encoding)
    shown = _run(tmp_path, "instructions", "klondike", "--plain", env=env)
    assert shown.returncode == 0 and shown.stderr == b""
    text = shown.stdout.decode(encoding)
    assert "KLONDIKE" in text.upper() and "+---" in text  # the boxes, drawn in ASCII
    board = _run(tmp_path, "console", "klondike", stdin=b"state\n", env=env)
    assert board.returncode == 0 and board.stderr == b""
    assert "8S" in board.stdout.decode(encoding).split("\n")[5]  # 8♠ written as the notation


# -- the window --------------------------------------------------------------------------------


def test_a_display_that_does_not_answer_is_no_display(tmp_path: Path) -> None:
    from retro.display import no_display

    listening = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    path = tmp_path / "wayland-1"
    listening.bind(str(path))
    listening.listen()
    try:
        env = {"WAYLAND_DISPLAY": "wayland-1", "XDG_RUNTIME_DIR": str(tmp_path)}
        assert no_display(env, "linux") is None
        assert no_display({"WAYLAND_DISPLAY": str(path)}, "linux") is None
        assert no_display({**env, "DISPLAY": ":9999"}, "linux") is None  # either will do
    finally:
        listening.close()
    for env in (
        {"WAYLAND_DISPLAY": "wayland-1", "XDG_RUNTIME_DIR": str(tmp_path)},  # nobody listens
        {"WAYLAND_DISPLAY": "wayland-1"},  # no runtime folder to find it in
        {"DISPLAY": ":9999"},
        {"DISPLAY": "nonsense"},
        {"DISPLAY": "127.0.0.1:9999"},
        {"DISPLAY": ":1\x1b]0;title\x07"},
    ):
        said = no_display(env, "linux")
        assert said is not None and said.startswith("no display answers at ")
        assert said.isprintable()


@pytest.mark.parametrize(
    "env",
    [
        {"DISPLAY": ":9999"},
        {"DISPLAY": "", "WAYLAND_DISPLAY": "bogus"},
        {"SDL_VIDEODRIVER": "no_such_driver", "DISPLAY": ""},
    ],
    ids=["no X server", "no Wayland compositor", "no such SDL driver"],
)
def test_a_window_that_cannot_be_seen_says_so_and_stops(
    tmp_path: Path, env: dict[str, str]
) -> None:
    environ = _env(tmp_path, XDG_RUNTIME_DIR=str(tmp_path))
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        environ.pop(name, None)
    environ.update(env)
    result = _run(tmp_path, "spider", "--seed", "1", env=environ)
    assert result.returncode == 1
    line = _one_line(result.stderr)
    assert line.startswith(
        ("retro-patience: no display answers at", "retro-patience: the window cannot be opened")
    )


def test_a_language_of_bytes_that_are_not_utf8_is_refused_in_one_line(tmp_path: Path) -> None:
    result = _run(tmp_path, "spider", "--lang", os.fsdecode(b"d\xffe"))
    text = result.stderr.decode("utf-8", "replace")
    assert result.returncode == 2 and "Traceback" not in text
    assert "languages: en, de" in text.splitlines()[-1]  # below the usage, as argparse says


NEEDS = [tool for tool in ("Xvfb", "xdotool") if shutil.which(tool) is None]


@pytest.mark.skipif(bool(NEEDS), reason=f"needs {', '.join(NEEDS)}")
@pytest.mark.parametrize("where", ["working folder", "--games-dir"])
def test_the_window_opens_from_names_that_are_not_utf8(
    tmp_path: Path,
    where: str,
    display: str,  # noqa: F811 (the fixture)
) -> None:
    odd = Path(os.fsdecode(bytes(tmp_path) + b"/caf\xe9"))
    odd.mkdir()
    args = {
        "working folder": ["spider"],
        "--games-dir": ["--games-dir", str(odd), "spider"],
    }[where]
    env = _env(tmp_path, DISPLAY=display)
    program = subprocess.Popen(
        [sys.executable, "-m", "retro", *args],
        cwd=odd if where == "working folder" else ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        preexec_fn=_bounded(),
    )
    try:

        def window_up() -> bool:
            found = subprocess.run(
                ["xdotool", "search", "--onlyvisible", "--class", "."],
                env=env,
                capture_output=True,
                text=True,
            )
            return bool(found.stdout.strip()) or program.poll() is not None

        assert _wait_for(window_up, 120), "the window did not open"  # a busy machine is slow
        assert program.poll() is None, program.communicate(timeout=30)[1].decode()
    finally:
        program.terminate()
        program.wait(timeout=30)


# -- plugins -------------------------------------------------------------------------------------


def _looping_plugin(tmp_path: Path) -> dict[str, str]:
    site = tmp_path / "site"
    site.mkdir()
    (site / "forever_rules.py").write_text("while True:\n    pass\n", encoding="utf-8")
    info = site / "forever_rules-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: forever-rules\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        "[retro_patience.rules]\nforever = forever_rules\n", encoding="utf-8"
    )
    return _env(tmp_path, PYTHONPATH=os.pathsep.join([str(site), str(ROOT)]))


def test_a_plugin_that_never_returns_can_be_started_without(tmp_path: Path) -> None:
    env = _looping_plugin(tmp_path)
    listing = _run(tmp_path, "--no-plugins", "list", env=env)
    assert listing.returncode == 0 and b"klondike" in listing.stdout
    console = _run(tmp_path, "--no-plugins", "console", "klondike", stdin=b"quit\n", env=env)
    assert console.returncode == 0 and console.stderr == b""
    off = {**env, "RETRO_PATIENCE_NO_PLUGINS": "1"}
    for args in (("stats",), ("validate", "games/golf.yaml"), ("rules",)):
        result = _run(tmp_path, *args, env=off)
        assert result.returncode == 0 and result.stderr == b"", args
    with pytest.raises(subprocess.TimeoutExpired):  # and with it, the plugin runs: for ever
        subprocess.run(
            [sys.executable, "-m", "retro", "list"],
            env=env,
            cwd=ROOT,
            capture_output=True,
            preexec_fn=_bounded(),
            timeout=5,
        )


def test_a_failing_plugin_is_logged_with_its_traceback_and_told_in_one_line(
    caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]
) -> None:
    from retro.rules import plugins

    def fail() -> None:
        raise ValueError("boom\x1b[2J")

    try:
        fail()
    except ValueError as error:
        with caplog.at_level("WARNING", logger="retro.rules.plugins"):
            plugins.report("failing_rule_for_a_test", error)
            plugins.report("failing_rule_for_a_test", error)
    assert len(caplog.records) == 1 and caplog.records[0].exc_info is not None
    err = capsys.readouterr().err
    assert err == (
        "retro-patience: plugin rule 'failing_rule_for_a_test' failed and now refuses: "
        "ValueError: boom\\x1b[2J\n"
    )


def test_the_commands_are_one_table() -> None:
    parser = cli._parser()
    commands: set[str] = set()
    for action in parser._actions:
        if action.choices and isinstance(action.choices, dict):
            commands.update(action.choices)
    assert commands == set(cli._COMMANDS)


def test_no_plugins_comes_before_the_command_or_a_game(monkeypatch: pytest.MonkeyPatch) -> None:
    from retro.rules.plugins import PLUGINS_OFF, plugins_off

    monkeypatch.setenv(PLUGINS_OFF, "")  # put back as it was after the test
    assert not plugins_off()
    opened: list[str] = []
    monkeypatch.setitem(cli._COMMANDS, "play", lambda args, catalog: opened.append(args.game) or 0)
    assert main(["--no-plugins", "golf", "--seed", "2"]) == 0
    assert opened == ["golf"] and plugins_off()
    monkeypatch.setenv(PLUGINS_OFF, "0")
    assert not plugins_off()
