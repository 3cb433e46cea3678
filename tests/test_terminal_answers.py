"""What the terminal answers a player who asks for a language, a deal or help it does not have:
a clear refusal naming what there is, never a wrong answer with status 0."""

from __future__ import annotations

import argparse
import io
from pathlib import Path

import pytest

from retro import cli
from retro.cli import main
from retro.solver import runner

ROOT = Path(__file__).resolve().parent.parent


def _opened(monkeypatch: pytest.MonkeyPatch) -> list[argparse.Namespace]:
    opened: list[argparse.Namespace] = []

    def fake_play(args: argparse.Namespace, catalog: object) -> int:
        opened.append(args)
        return 0

    monkeypatch.setitem(cli._COMMANDS, "play", fake_play)
    return opened


def _refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    return capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["instructions", "spider", "--lang", "fr"],
        ["play", "--lang", "xx"],
        ["spider", "--lang", "fr"],
        ["--lang", "fr", "list"],
    ],
)
def test_a_language_we_do_not_have_is_refused_naming_those_we_have(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    opened = _opened(monkeypatch)
    err = _refused(argv, capsys)
    assert "languages: en, de" in err and not opened


def test_a_language_before_the_command_is_the_language_not_a_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    opened = _opened(monkeypatch)
    assert main(["--lang", "de", "list"]) == 0
    assert "spider" in capsys.readouterr().out
    assert main(["--lang", "de_DE.UTF-8", "golf"]) == 0
    assert main(["play", "freecell", "--lang", "en"]) == 0
    assert [(a.game, a.lang) for a in opened] == [("golf", "de"), ("freecell", "en")]


def test_instructions_follow_a_language_given_before_the_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["instructions", "spider", "--plain", "--page", "1"]) == 0
    english = capsys.readouterr().out
    assert main(["--lang", "de", "instructions", "spider", "--plain", "--page", "1"]) == 0
    assert capsys.readouterr().out != english


@pytest.mark.parametrize("seed", ["-5", "18446744073709551616", "x"])
def test_a_deal_number_outside_the_one_range_is_refused(
    seed: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    opened = _opened(monkeypatch)
    err = _refused(["play", "freecell", "--seed", seed], capsys)
    assert "a deal number is a whole number from 0 to 18446744073709551615" in err
    assert not opened


def test_play_help_explains_the_game_the_deal_and_the_options(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "a game id from `list`" in text
    assert "the deal number" in text
    assert "one of the game's options" in text


def test_list_columns_line_up_whatever_the_length_of_an_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    long_id = "a_game_with_a_very_long_identifier"
    (tmp_path / f"{long_id}.yaml").write_text(
        f"extends: golf\nid: {long_id}\ntitle: Long Golf\ndescription: Golf, long named.\n",
        encoding="utf-8",
    )
    assert main(["--games-dir", str(tmp_path), "list"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("  ")]
    assert len(lines) > 20 and any(line.split()[0] == long_id for line in lines)
    title_columns = {
        len(line) - len(line[line.index(line.split()[0]) + len(line.split()[0]) :].lstrip())
        for line in lines
    }
    assert len(title_columns) == 1


def test_the_progress_bar_leaves_its_line_clear_when_the_deals_are_stopped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def stopped(job: object) -> dict[str, object]:
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "_one", stopped)
    progress = io.StringIO()
    assert not runner.solve_range(  # stopped: the deals done are summed up
        [], "golf", {}, range(1, 3), False, 1.0, 1, io.StringIO(), False, progress
    )
    written = progress.getvalue()  # the bar rubbed out: what follows starts a clean line
    assert written.endswith("\r") and written.rstrip("\r").split("\r")[-1].strip() == ""
