"""The solver's search run a slice at a time (`Search.run_for`, `Search.step`): the same answer
as one call of `solve`, the game it works on back as it was after every slice's end, and a
search ended by its budget while paused half-way still leaves the game as it was."""

from __future__ import annotations

import pytest

from retro.engine.game import WON, Game
from retro.solver.adapter import copy_game
from retro.solver.search import Budget, Search, solve
from tests.helpers import load

NODES = Budget(nodes=6_000, seconds=3600.0)


def _look(game: Game) -> object:
    return (game.key(), game.position.piles_state(), dict(game.position.counters))


@pytest.mark.parametrize(
    ("game_id", "seed"),
    [("freecell", 3), ("spider", 5), ("klondike", 2), ("montana", 3), ("golf", 4)],
)
def test_a_sliced_search_answers_as_solve_does(game_id: str, seed: int) -> None:
    game = Game(load(game_id), seed)
    whole = solve(copy_game(game), NODES)
    copy = copy_game(game)
    search = Search(copy, NODES)
    slices = 0
    while (found := search.run_for(0.0002)) is None:
        slices += 1
    assert (found.result, found.moves, found.nodes) == (whole.result, whole.moves, whole.nodes)
    assert _look(copy) == _look(game)
    assert slices > 1 or found.nodes < 100


def test_a_copy_plays_like_the_game_and_leaves_it_alone() -> None:
    game = Game(load("spider"), 5)
    game.push(game.legal_moves()[0])
    copy = copy_game(game)
    assert _look(copy) == _look(game) and copy.legal_moves() == game.legal_moves()
    copy.push(copy.legal_moves()[0])
    assert copy.key() != game.key() and len(game.history) == 1


def test_the_first_move_of_a_sliced_win_is_legal() -> None:
    game = Game(load("freecell"), 3)
    search = Search(copy_game(game), NODES)
    while (found := search.run_for(0.001)) is None:
        pass
    assert found.result == WON and found.moves[0] in game.legal_moves()
