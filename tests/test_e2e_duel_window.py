"""End to end: a duel across two machines between the real window, hosting under Xvfb and
played by xdotool keystrokes, and the terminal's duel joining it, two processes on 127.0.0.1.
Skipped, with the reason, where Xvfb, xdotool or ImageMagick is missing."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import threading
from pathlib import Path

from tests.test_e2e_window import (  # noqa: F401
    _command,
    _grab_settled,
    _wait_for,
    display,
    pytestmark,
)

LOOPBACK = "127.0.0.1"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        return int(probe.getsockname()[1])


class Lines:
    """A process's output lines, read on a thread of their own as they come."""

    def __init__(self, stream: object) -> None:
        self.lines: list[str] = []
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream: object) -> None:
        for line in stream:  # type: ignore[attr-defined]
            self.lines.append(line)

    def events(self) -> list[dict[str, object]]:
        found = []
        for line in list(self.lines):
            if line.startswith("{"):
                found.append(json.loads(line))
        return found

    def has(self, kind: str) -> bool:
        return any(event.get("event") == kind for event in self.events())


def test_the_window_hosts_a_duel_the_terminal_joins_and_both_see_the_result(
    display: str,  # noqa: F811
    tmp_path: Path,
) -> None:
    port = _free_port()
    trace = tmp_path / "trace.txt"
    env = {
        **os.environ,
        "DISPLAY": display,
        "RETRO_PATIENCE_TRACE": str(trace),
        "RETRO_PATIENCE_DATA": str(tmp_path / "anna"),
        "XDG_CONFIG_HOME": str(tmp_path / "anna-config"),
        "SDL_AUDIODRIVER": "dummy",
    }
    hosting = ["--host", str(port), "--bind", LOOPBACK, "--seed", "1", "--name", "Anna"]
    host = subprocess.Popen(
        [*_command(), "duel", *hosting, "--window"],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    joiner_env = {
        **env,
        "RETRO_PATIENCE_DATA": str(tmp_path / "bo"),
        "XDG_CONFIG_HOME": str(tmp_path / "bo-config"),
    }
    joiner = None
    try:

        def window_up() -> bool:
            found = subprocess.run(
                ["xdotool", "search", "--onlyvisible", "--class", "."],
                env=env,
                capture_output=True,
                text=True,
            )
            return bool(found.stdout.strip())

        assert _wait_for(window_up, 30), "the window did not open"
        joiner = subprocess.Popen(
            [*_command(), "duel", "--join", f"{LOOPBACK}:{port}", "--name", "Bo", "--json"],
            env=joiner_env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        news = Lines(joiner.stdout)
        assert _wait_for(lambda: news.has("joined"), 20), news.lines
        assert joiner.stdin is not None
        joiner.stdin.write("done\n")  # Bo: Done at once, score 0 in no move
        joiner.stdin.flush()
        _grab_settled(env, tmp_path / "table.png")  # Anna's window has left the wait for the table
        # Anna: column 1's card onto column 7 (in suit: 1 point), then Done, asked and answered
        keys = ["Return", *["Right"] * 6, "Return", "x", "y"]
        subprocess.run(["xdotool", "key", "--delay", "150", *keys], env=env, check=True, timeout=30)
        assert _wait_for(lambda: news.has("over"), 20), news.lines
        (over,) = [event for event in news.events() if event.get("event") == "over"]
        assert "Anna" in str(over["text"]) and "wins" in str(over["text"])
        assert trace.read_text().splitlines() == ["tableau:1>tableau:7", "done"]
        records = tmp_path / "anna" / "records.json"
        assert _wait_for(lambda: records.exists() and "against=Bo" in records.read_text(), 10)
        assert host.poll() is None, "the window closed"
    finally:
        for process in (joiner, host):
            if process is not None:
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
