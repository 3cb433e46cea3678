"""The console's `hint` and `winnable`: answers as docs/console.md gives them, and the position,
undo and redo lists and the cheat count left exactly as they were."""

from __future__ import annotations

import io
import json

import pytest

from retro.console import Console
from retro.engine.game import Game
from retro.solver import hints as advice
from tests.helpers import game_at, load

FREECELL = load("freecell")
SPIDER = load("spider")
STUCK = "\n".join(
    f"tableau:{i + 1} = {card}"
    for i, card in enumerate(["KS", "KS", "KH", "KH", "KD", "KD", "KC", "KC", "AS", "AH"])
)


def _talk(console: Console, *lines: str) -> list[dict[str, object]]:
    out = io.StringIO()
    console.run(lines, out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def _everything(game: Game) -> object:
    return (
        game.key(),
        game.position.piles_state(),
        list(game.history),
        list(game.future),
        game.cheat,
        game.score(),
        dict(game.position.counters),
    )


def test_hint_is_an_entry_of_the_moves_list_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(advice, "HINT_SECONDS", 30.0)  # FreeCell 3 is won in well under that
    game = Game(FREECELL, 3)
    game.push(game.legal_moves()[0])
    game.pop()  # a redo list to keep
    before = _everything(game)
    moves, answer = _talk(Console(game, as_json=True), "moves", "hint")
    assert set(answer) == {"hint", "why", "kind"}
    assert answer["hint"] in moves["moves"]  # type: ignore[operator]
    assert answer["kind"] == "solver" and "win in" in str(answer["why"])
    assert _everything(game) == before


def test_a_ranked_hint_and_none_when_no_move_is_left(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(advice, "HINT_SECONDS", 0.0)
    answer = _talk(Console(Game(SPIDER, 5), as_json=True), "hint")[0]
    assert answer["kind"] == "ranked" and answer["hint"] and answer["why"]
    stuck = _talk(Console(game_at(SPIDER, STUCK), as_json=True), "hint")[0]
    assert stuck == {"hint": None, "why": "no move is left", "kind": "ranked"}


def test_winnable_yes_no_unknown_and_changes_nothing() -> None:
    game = Game(FREECELL, 3)
    before = _everything(game)
    assert _talk(Console(game, as_json=True), "winnable 30") == [{"winnable": "yes"}]
    assert _everything(game) == before
    stuck = game_at(SPIDER, STUCK)
    assert _talk(Console(stuck, as_json=True), "winnable") == [{"winnable": "no"}]
    spider = Game(SPIDER, 5)
    before = _everything(spider)
    assert _talk(Console(spider, as_json=True), "winnable 0.001") == [{"winnable": "unknown"}]
    assert _everything(spider) == before


@pytest.mark.parametrize(
    "words",
    [
        "winnable x",
        "winnable 0",
        "winnable -3",
        "winnable 1e400",
        "winnable nan",
        "winnable 601",
        "winnable 1 2",
        "winnable " + "9" * 2000,
    ],
)
def test_winnable_refuses_a_bad_budget_in_one_line(words: str) -> None:
    game = Game(SPIDER, 5)
    before = _everything(game)
    answer = _talk(Console(game, as_json=True), words)[0]
    assert set(answer) == {"error"} and "seconds" in str(answer["error"])
    assert _everything(game) == before
