"""`retro-patience instructions`: pages in the terminal, by game or file, in either language."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from retro.cli import main
from retro.instructions import choose_language, game_instructions
from retro.textmode import to_plain
from tests.helpers import load
from tests.test_broken_games import GOOD

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_plain_pages_have_no_codes_and_fit_80_columns(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "instructions", "spider", "--plain", "--all")
    assert code == 0
    assert not ANSI.search(out) and "@" not in out.replace("@@", "")
    assert all(len(line) <= 80 for line in out.splitlines())
    assert out.count("\f") >= 3  # a form-feed line between pages
    assert "Spider" in out


def test_ansi_colours_the_headings(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "instructions", "spider", "--ansi", "--page", "1")
    assert code == 0
    assert "\x1b[93;44mSPIDER" in out  # yellow (DOS 14) -> SGR 93, on the help screen's blue
    assert "\f" not in out


def test_german_pages(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = _run(capsys, "instructions", "spider", "--lang", "de", "--plain")
    assert "König" in out


def test_a_page_out_of_range_is_one_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "instructions", "spider", "--page", "99")
    assert code == 1
    assert err.strip().startswith("retro-patience: there are pages 1 to")


def test_any_file_is_shown_even_a_damaged_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "junk.anl"
    path.write_bytes(bytes(range(256)) * 3 + b"\r\n@\r\n>>\r\n@Z@@\xff\xfe")
    code, out, _ = _run(capsys, "instructions", str(path), "--plain")
    assert code == 0 and out


def test_a_game_without_a_file_gets_pages_from_its_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "mini.yaml").write_text(GOOD, encoding="utf-8")
    code, out, _ = _run(capsys, "--games-dir", str(tmp_path), "instructions", "mini", "--plain")
    assert code == 0
    assert "THE RULES" in out
    assert "same suit" in out  # same_suit_run's one-line description
    assert "An empty pile takes any card" in out


def test_generated_pages_in_german_have_german_headings() -> None:
    pages = game_instructions(load("spider"), "de")
    assert pages.title  # spider has its own file: this is that file
    text = to_plain(pages)
    assert "Spider" in text


@pytest.mark.parametrize(
    "given,env,expected",
    [
        ("de", {}, "de"),
        ("en", {"LANG": "de_DE.UTF-8"}, "en"),
        (None, {"LANG": "de_DE.UTF-8"}, "de"),
        (None, {"LANG": "fr_FR.UTF-8"}, "en"),
        ("xx", {}, "en"),
    ],
)
def test_language_follows_the_option_or_the_locale(
    monkeypatch: pytest.MonkeyPatch, given: str | None, env: dict[str, str], expected: str
) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr("locale.getlocale", lambda: (None, None))
    assert choose_language(given) == expected


def test_instructions_run_as_a_program() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "retro", "instructions", "seven_to_ace", "--plain", "--lang", "de"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "7 bis As" in result.stdout or "7 BIS AS" in result.stdout
