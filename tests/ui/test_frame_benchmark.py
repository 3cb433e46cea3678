"""benchmarks/frame.py gives its figures however soon a thinking window stops: a duel whose
computer ends its game within the frames measured is begun again (a busy machine, where the
computer's time runs out sooner, used to end the run with no summary)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from retro.duel import Strength

pytestmark = pytest.mark.usefixtures("window")


def _frame_benchmark() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "frame.py"
    spec = importlib.util.spec_from_file_location("frame_benchmark", path)
    assert spec is not None and spec.loader is not None
    benchmark = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(benchmark)
    return benchmark


def test_a_computer_that_ends_its_game_early_is_begun_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    frame = _frame_benchmark()
    # A game ends by 0.1 s of thinking (twice its time), which takes at most 125 frames of at
    # least 0.8 ms each: 150 frames cannot be measured on one game.
    monkeypatch.setattr(frame, "FRAMES", 150)
    monkeypatch.setitem(frame.STRENGTHS, "hard", Strength("hard", 0.05, 1, 20))
    figures = frame.against_the_computer()
    assert [name for name, _, _ in figures] == [
        "the person's table, the computer thinking ahead",
        "the computer's turn, watched",
        "the computer's turn, skipped",
    ]
    assert all(cost > 0 for _, cost, _ in figures)
    assert all(starts > 1 for _, _, starts in figures)
