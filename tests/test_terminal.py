"""The program in a terminal, as the README shows it: `retro-patience GAME`, `--version`, a pipe
closed early, a wrong game name, the statistics table, colour on a light terminal, no display."""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import retro
from retro import cli
from retro.cli import main
from retro.store.records import Records, Stats

ROOT = Path(__file__).resolve().parent.parent
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _played(monkeypatch: pytest.MonkeyPatch) -> list[argparse.Namespace]:
    """Replace the window with a recorder of what it was asked to open."""
    opened: list[argparse.Namespace] = []

    def fake_play(args: argparse.Namespace, catalog: object) -> int:
        opened.append(args)
        return 0

    monkeypatch.setitem(cli._COMMANDS, "play", fake_play)
    return opened


def test_a_game_named_without_play_opens_it(monkeypatch: pytest.MonkeyPatch) -> None:
    opened = _played(monkeypatch)
    assert main(["spider", "--seed", "7"]) == 0
    assert main(["--games-dir", str(ROOT / "games"), "freecell", "--option", "x=1"]) == 0
    assert main(["--seed", "3"]) == 0
    assert main(["--games=" + str(ROOT / "games"), "golf"]) == 0
    assert [(a.command, a.game, a.seed) for a in opened] == [
        ("play", "spider", 7),
        ("play", "freecell", None),
        ("play", "spider", 3),
        ("play", "golf", None),
    ]
    assert opened[1].option == ["x=1"]


def test_a_command_word_stays_a_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    opened = _played(monkeypatch)
    assert main(["list"]) == 0
    assert not opened and "spider" in capsys.readouterr().out


def test_a_wrong_game_name_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["no_such_game"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("retro-patience: no game 'no_such_game'") and err.count("\n") == 1


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"retro-patience {retro.__version__}\n"


def test_a_reader_that_stops_early_gets_no_traceback() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "retro", "list"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # like `| head -1` that has had its line, before we write
    err = process.stderr.read().decode()
    process.stderr.close()
    process.wait(timeout=60)
    assert "Traceback" not in err and "BrokenPipe" not in err
    assert process.returncode == 1


def test_stats_of_an_unknown_game_is_an_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("RETRO_PATIENCE_DATA", str(tmp_path))
    assert main(["stats", "no_such_game"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("retro-patience: no game 'no_such_game'") and err.count("\n") == 1
    assert main(["stats", "freecell"]) == 0
    assert "No freecell games played yet." in capsys.readouterr().out


def test_stats_columns_line_up_and_streaks_read_as_runs(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("RETRO_PATIENCE_DATA", str(tmp_path))
    records = Records()
    long_key = "spider extra=leftmost relaxed=1 remove=at_once suits=4"
    records.stats[long_key] = Stats(
        played=3, lost=3, streak=-3, longest_loss_streak=3, best_score=-12
    )
    records.stats["golf"] = Stats(
        played=12,
        won=10,
        lost=2,
        streak=4,
        longest_win_streak=6,
        longest_loss_streak=1,
        best_score=35,
        fewest_moves=40,
    )
    records.save()
    assert main(["stats"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3
    header, golf, spider = lines
    assert spider.startswith(long_key)
    for column in (
        "played",
        "won",
        "lost",
        "win %",
        "streak",
        "longest",
        "best score",
        "fewest moves",
    ):
        end = header.index(column) + len(column)  # numbers are right-aligned under their name
        assert golf[end - 1] != " " and spider[end - 1] != " ", column
        assert golf[end : end + 1] in (" ", "") and spider[end : end + 1] in (" ", "")
    assert "3L" in spider.split() and "4W" in golf.split()
    assert "-3" not in spider.replace("-12", "")


def test_colour_instructions_carry_their_own_background(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["instructions", "spider", "--ansi", "--page", "1"]) == 0
    out = capsys.readouterr().out
    for line in out.splitlines():
        codes = re.findall(r"\x1b\[([0-9;]*)m", line)
        assert codes and codes[-1] == "0"
        assert all(code.endswith(";44") for code in codes[:-1]), line  # always the DOS blue
        assert len(ANSI.sub("", line)) == 78


def test_no_display_is_told_on_unix_only() -> None:
    from retro.display import no_display

    def there(address: object) -> bool:  # every display named answers
        return True

    assert no_display({}, "linux") is not None
    assert no_display({"DISPLAY": ":0"}, "linux", there) is None
    assert no_display({"WAYLAND_DISPLAY": "/run/wayland-0"}, "linux", there) is None
    assert no_display({"SDL_VIDEODRIVER": "kmsdrm"}, "linux") is None
    assert no_display({}, "win32") is None
    assert no_display({}, "darwin") is None
    assert no_display({}, "emscripten") is None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland systems only")
def test_the_window_without_a_display_says_so_and_stops(tmp_path: Path) -> None:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
    }
    env["RETRO_PATIENCE_DATA"] = str(tmp_path)
    result = subprocess.run(
        [sys.executable, "-m", "retro", "spider", "--seed", "1"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1
    assert result.stderr.startswith("retro-patience: no display to open the window on")
    assert result.stderr.count("\n") == 1
