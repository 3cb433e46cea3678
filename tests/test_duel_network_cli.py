"""Two programs, two terminals: `retro-patience duel --host` and `--join` run as two processes on
127.0.0.1 and play a whole duel through the real protocol, each counting it in its own records.
Each process is bounded in memory and CPU, every wait in time."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

WAIT = 30.0  # seconds for any one answer


def _limits() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
    resource.setrlimit(resource.RLIMIT_CPU, (60, 60))


class Player:
    """One `retro-patience duel` process in JSON mode: lines written, objects read."""

    def __init__(self, folder: Path, *args: str) -> None:
        env = {
            **os.environ,
            "RETRO_PATIENCE_DATA": str(folder / "data"),
            "XDG_CONFIG_HOME": str(folder / "config"),
        }
        self.process = subprocess.Popen(
            [sys.executable, "-m", "retro", "duel", *args, "--json"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            preexec_fn=_limits,
        )
        self.env = env
        self.answers: queue.SimpleQueue[dict[str, Any] | None] = queue.SimpleQueue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.answers.put(json.loads(line))
        self.answers.put(None)

    def say(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def until(self, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The first answer `wanted` accepts (others passed over)."""
        while True:
            try:
                answer = self.answers.get(timeout=WAIT)
            except queue.Empty:
                raise AssertionError("no answer in time") from None
            assert answer is not None, f"the program ended: {self.stderr()}"
            if wanted(answer):
                return answer

    def event(self, kind: str) -> dict[str, Any]:
        return self.until(lambda answer: answer.get("event") == kind)

    def stderr(self) -> str:
        self.process.kill()
        assert self.process.stderr is not None
        return self.process.stderr.read()

    def finish(self) -> int:
        assert self.process.stdin is not None
        self.process.stdin.close()
        return self.process.wait(timeout=WAIT)


@pytest.fixture
def players(tmp_path: Path) -> Iterator[list[Player]]:
    started: list[Player] = []
    yield started
    for player in started:
        if player.process.poll() is None:
            player.process.kill()
        player.process.wait(timeout=WAIT)


def test_two_programs_play_a_whole_duel_and_each_counts_it(
    tmp_path: Path, players: list[Player]
) -> None:
    anna = Player(
        tmp_path / "anna", "--host", "0", "--bind", "127.0.0.1", "--name", "Anna", "--seed", "11"
    )
    players.append(anna)
    hosting = anna.event("hosting")
    assert hosting["code"].startswith(f"127.0.0.1:{hosting['port']}/")
    bo = Player(tmp_path / "bo", "--join", hosting["code"], "--name", "Bo")
    players.append(bo)
    assert "Anna" in bo.event("joined")["text"]
    assert "Bo joined" in anna.event("joined")["text"]

    anna.say("moves")
    first = anna.until(lambda answer: isinstance(answer.get("moves"), list))["moves"][0]["move"]
    anna.say(first)
    state = anna.until(lambda answer: "piles" in answer)
    seen = bo.until(lambda answer: answer.get("event") == "opponent" and answer["moves"] == 1)
    assert (seen["name"], seen["score"]) == ("Anna", state["score"])

    bo.say("undo")
    assert "no undo" in bo.until(lambda answer: "error" in answer)["error"]
    bo.say("done")
    assert anna.until(lambda answer: answer.get("event") == "opponent" and answer["finished"])
    anna.say("done")
    verdicts = [player.event("over")["text"] for player in (anna, bo)]
    winner = "Anna" if state["score"] > 0 else "Bo"  # Bo made no move: his score is 0
    assert all(f"{winner} wins" in verdict for verdict in verdicts)
    assert f"Anna {state['score']} (1 move), Bo 0 (0 moves)" in verdicts[0]
    for player in (anna, bo):
        assert "Counted" in player.event("counted")["text"]
        assert player.finish() == 0

    stats = subprocess.run(
        [sys.executable, "-m", "retro", "stats", "spider_duel"],
        capture_output=True,
        text=True,
        timeout=WAIT,
        env=anna.env,
        preexec_fn=_limits,
    )
    line = next(row for row in stats.stdout.splitlines() if "against=Bo" in row)
    won = "1" if winner == "Anna" else "0"
    assert line.split()[2:5] == ["1", won, str(1 - int(won))]  # played, won, lost


def test_a_program_joining_with_a_wrong_check_is_refused_and_ends(
    tmp_path: Path, players: list[Player]
) -> None:
    anna = Player(tmp_path / "anna", "--host", "0", "--bind", "127.0.0.1", "--name", "Anna")
    players.append(anna)
    code = anna.event("hosting")["code"]
    wrong = code[:-4] + ("AAAA" if not code.endswith("AAAA") else "BBBB")
    bo = Player(tmp_path / "bo", "--join", wrong, "--name", "Bo")
    players.append(bo)
    assert "another duel" in bo.event("refused")["text"]
    assert "not counted" in bo.event("counted")["text"]
    assert bo.process.wait(timeout=WAIT) == 0


def test_a_stranger_sending_garbage_leaves_the_hosting_program_unharmed(
    tmp_path: Path, players: list[Player]
) -> None:
    import socket

    anna = Player(tmp_path / "anna", "--host", "0", "--bind", "127.0.0.1", "--name", "Anna")
    players.append(anna)
    hosting = anna.event("hosting")
    with socket.create_connection(("127.0.0.1", hosting["port"]), timeout=WAIT) as stranger:
        stranger.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n" + b"\xff" * 9000)
        told = stranger.makefile("rb").readline()
    assert b'"type":"error"' in told
    bo = Player(tmp_path / "bo", "--join", hosting["code"], "--name", "Bo")
    players.append(bo)
    assert "Bo joined" in anna.event("joined")["text"]


def test_when_the_other_program_dies_the_host_waits_for_it_and_can_leave(
    tmp_path: Path, players: list[Player]
) -> None:
    anna = Player(tmp_path / "anna", "--host", "0", "--bind", "127.0.0.1", "--name", "Anna")
    players.append(anna)
    code = anna.event("hosting")["code"]
    bo = Player(tmp_path / "bo", "--join", code, "--name", "Bo")
    players.append(bo)
    anna.event("joined")
    bo.process.kill()
    assert "Waiting for Bo... reconnecting" in anna.event("lost")["text"]
    anna.say("deal")  # Anna plays on while she waits
    assert anna.until(lambda answer: "piles" in answer)["moves_made"] == 1
    anna.say("quit")
    assert anna.event("left")
    assert "not counted" in anna.event("counted")["text"]
    assert anna.process.wait(timeout=WAIT) == 0


def test_two_programs_carry_on_after_the_connection_between_them_drops(
    tmp_path: Path, players: list[Player]
) -> None:
    from tests.netduel import Relay

    anna = Player(tmp_path / "anna", "--host", "0", "--bind", "127.0.0.1", "--name", "Anna")
    players.append(anna)
    hosting = anna.event("hosting")
    relay = Relay(hosting["port"])
    try:
        code = hosting["code"].replace(f":{hosting['port']}/", f":{relay.port}/")
        bo = Player(tmp_path / "bo", "--join", code, "--name", "Bo")
        players.append(bo)
        anna.event("joined")
        bo.event("joined")
        relay.refusing = True
        relay.cut()
        assert "Waiting for Bo" in anna.event("lost")["text"]
        assert "Waiting for Anna" in bo.event("lost")["text"]
        bo.say("deal")  # played while apart, sent once together again
        assert bo.until(lambda answer: "piles" in answer)["moves_made"] == 1
        relay.refusing = False
        assert "Bo is back" in anna.event("back")["text"]
        seen = anna.until(lambda answer: answer.get("event") == "opponent" and answer["moves"])
        assert seen["moves"] == 1 and seen["connected"]
    finally:
        relay.close()


@pytest.mark.parametrize(
    ("flags", "tty", "display", "window"),
    [
        ([], True, ":0", True),  # typed at a display: the window
        ([], False, ":0", False),  # moves piped in: the terminal
        ([], True, "", False),  # no display: the terminal
        (["--terminal"], True, ":0", False),
        (["--json"], True, ":0", False),
        (["--window"], False, "", True),  # insisted on (without a display: its error)
    ],
)
def test_the_duel_opens_the_window_when_typed_at_a_display(
    flags: list[str], tty: bool, display: str, window: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    from retro import cli

    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    if display:
        monkeypatch.setenv("DISPLAY", display)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: tty)
    monkeypatch.setattr("retro.display.answers", lambda address: True)  # the display answers
    args = cli._parser().parse_args(["duel", "--host", *flags])
    assert cli._duel_in_window(args) is window
