"""Text from a file never commands the terminal: a game's title, a file's name, a records key
reach it with their escapes shown (ESC as `\\x1b`), never obeyed, and a very long value is
cut. `retro.terminal.printable` is the one way there; these tests go through the commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from retro.cli import MESSAGE_MOST, main
from retro.terminal import FOLD, printable

ESCAPES = "\x1b]0;owned\x07\x1b[2J\x9b31m\u202e\r"


def _clean(text: str) -> None:
    """Every line of `text` shows only what a terminal prints as it is."""
    for line in text.splitlines():
        assert line.isprintable(), repr(line)


def _game(folder: Path, title: str, extra: str = "") -> Path:
    folder.mkdir(exist_ok=True)
    path = folder / "evil.yaml"
    path.write_text(
        f"id: evil\nextends: klondike\ntitle: {json.dumps(title)}\n{extra}", encoding="utf-8"
    )
    return path


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RETRO_PATIENCE_DATA", str(tmp_path / "data"))
    return tmp_path / "data"


def test_printable_shows_escapes_and_cuts_long_text() -> None:
    assert printable("Klondike") == "Klondike"
    assert printable("7 bis As ♠ Ü") == "7 bis As ♠ Ü"
    assert printable("a\x1b[2Jb\x07") == "a\\x1b[2Jb\\x07"
    assert printable("\u202eevil\ndone") == "\\u202eevil\\ndone"
    assert printable("x" * 100_000, 20) == "x" * 20 + "... (100,000 characters)"


@given(st.text(), st.integers(min_value=1, max_value=300))
def test_printable_text_is_always_printable_and_bounded(text: str, most: int) -> None:
    shown = printable(text, most)
    assert shown.isprintable()
    assert len(shown) <= most * 10 + 30  # an escape is at most 10 characters (\U0010ffff)
    if text.isprintable() and len(text) <= most:
        assert shown == text


@given(st.text())
def test_any_text_can_be_written_to_an_ascii_terminal(text: str) -> None:
    written = printable(text, 1000).encode("ascii", FOLD)
    assert written.decode("ascii").isprintable()


def test_list_shows_a_title_with_its_escapes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _game(tmp_path / "games", ESCAPES + "x" * 100_000)
    assert main(["--games-dir", str(tmp_path / "games"), "list"]) == 0
    out = capsys.readouterr().out
    _clean(out)
    line = next(line for line in out.splitlines() if line.lstrip().startswith("evil"))
    assert "\\x1b]0;owned\\x07" in line and len(line) < 300


def test_the_console_board_shows_a_title_with_its_escapes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io
    import sys

    _game(tmp_path / "games", ESCAPES[:60])
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"state\nbogus\x1b[2J\n")))
    assert main(["--games-dir", str(tmp_path / "games"), "console", "evil"]) == 0
    out = capsys.readouterr().out
    _clean(out)
    assert out.startswith("\\x1b]0;owned\\x07\\x1b[2J")


def test_stats_cut_a_long_records_key_and_show_its_escapes(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from retro.store.records import Records, Stats

    records = Records()
    records.stats["klondike " + ESCAPES + "y" * 100_000] = Stats(played=1, lost=1, streak=-1)
    records.save()
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    _clean(out)
    assert max(len(line) for line in out.splitlines()) < 300
    assert "(100,0" in out  # cut, saying how long it was


def test_a_long_game_name_is_cut_in_the_error(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["stats", ESCAPES + "z" * 100_000]) == 1
    err = capsys.readouterr().err
    _clean(err)
    assert err.count("\n") == 1 and len(err) < MESSAGE_MOST + 50


def test_an_option_of_ten_thousand_values_is_cut_in_the_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    values = json.dumps(list(range(10_000)))
    extra = f"options:\n  passes: {{label: Passes, values: {values}, default: 0}}\n"
    _game(tmp_path / "games", "Evil", extra)
    code = main(["--games-dir", str(tmp_path / "games"), "console", "evil", "--option", "passes=x"])
    assert code == 1
    err = capsys.readouterr().err
    assert err.startswith("evil.yaml:5:35: 'values': [0, 1, 2, 3, 4, 5, 6, 7, 8, 9")
    assert err.endswith("... is not valid under any of the given schemas\n") and len(err) < 200


def test_validate_shows_a_file_name_with_its_escapes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "evil\x1b[2J.yaml"
    bad.write_text("id: [\n", encoding="utf-8")
    good = _game(tmp_path / "games", "Evil")
    named = good.with_name("ok\x07.yaml")
    good.rename(named)
    assert main(["validate", str(bad), str(named)]) == 1
    out = capsys.readouterr().out
    _clean(out)
    assert "evil\\x1b[2J.yaml" in out


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.text(min_size=1, max_size=80))
def test_generated_titles_never_reach_the_terminal_raw(
    capsys: pytest.CaptureFixture[str], title: str
) -> None:
    from dataclasses import replace

    from retro.console import Console
    from retro.engine.game import Game
    from tests.helpers import load

    console = Console(Game(replace(load("golf"), title=title), 1), as_json=False)
    _clean(console.board())
    capsys.readouterr()


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.text(min_size=1, max_size=2000))
def test_generated_records_keys_and_names_never_reach_the_terminal_raw(
    data: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    from retro.store.records import Records, Stats

    records = Records()
    records.stats = {text: Stats(played=2, won=1, lost=1, streak=1)}
    records.save()
    assert main(["stats"]) == 0
    main(["stats", "--", text])
    main(["solve", "klondike", f"--seeds={text}"])
    captured = capsys.readouterr()
    for shown in (captured.out, captured.err):
        _clean(shown)
        assert max((len(line) for line in shown.splitlines()), default=0) < MESSAGE_MOST + 100


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60), st.text(max_size=60))
def test_any_display_named_is_answered_in_one_printable_line(x11: str, wayland: str) -> None:
    from retro.display import no_display

    env = {"DISPLAY": x11, "WAYLAND_DISPLAY": wayland, "XDG_RUNTIME_DIR": "/nonexistent"}
    said = no_display(env, "linux", reach=lambda address: False)
    assert said is not None and said.isprintable() and len(said) < 400


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.sampled_from(["--seed", "--seconds", "--jobs", "--option"]), st.text(max_size=5000))
def test_a_command_line_refused_is_one_printable_short_line(
    capsys: pytest.CaptureFixture[str], option: str, value: str
) -> None:
    try:
        code = main(["solve", "klondike", f"{option}={value}", "--seeds=1-1"])
    except SystemExit as stop:  # argparse's own refusal
        code = stop.code
    captured = capsys.readouterr()
    if code == 0:
        return
    _clean(captured.err)
    assert len(captured.err.splitlines()[-1]) < MESSAGE_MOST + 100
