"""The one-sink search (`retro/solver/onesink.py`): Golf, Black Hole and Escalator decided over
their own small state. Every "won" is replayed through the ordinary Game; every "lost" of a
small game is checked by a plain exhaustive search written here, which knows nothing of the
model, its key or its cuts."""

from __future__ import annotations

import random

import pytest

from retro.engine.game import LOST, UNKNOWN, WON, Game
from retro.engine.gamedef import FOUNDATION, GameDef
from retro.engine.position import DONE
from retro.solver import onesink, sinkrules
from retro.solver.adapter import copy_game
from retro.solver.search import Budget, Search, solve
from tests.helpers import load
from tests.proving import SMALL_GOLF, brute_force, load_text, replays_to_a_win

NODES = Budget(nodes=2_000_000, seconds=600)

# A pyramid of ten cards on a waste that starts empty (as Escalator's): a card is free once
# no card lies on it; the stock turns one card, once through.
SMALL_PYRAMID = """\
id: small_pyramid
title: Small Pyramid
description: Ten cards in a pyramid, Ace to Six in two suits.
deck: {ranks: [A, 2, 3, 4, 5, 6], suits: 2}
piles:
  tableau:
    kind: tableau
    count: 10
    at: [[1.5, 0], [1, 0.5], [2, 0.5], [0.5, 1], [1.5, 1], [2.5, 1], [0, 1.5], [1, 1.5],
         [2, 1.5], [3, 1.5]]
    covered_by: {1: [2, 3], 2: [4, 5], 3: [5, 6], 4: [7, 8], 5: [8, 9], 6: [9, 10]}
    pick: top_card
  stock: {kind: stock, at: [4, 0], action: {draw: {to: foundation, passes: 1}}}
  foundation: {kind: foundation, at: [4, 1], accept: {rank_next: {wrap: false}}}
deal:
  - {to: tableau, face_up: 1}
  - {to: stock, rest: true}
win: {groups_cleared: {groups: [tableau]}}
"""


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> dict[str, GameDef]:
    folder = tmp_path_factory.mktemp("games")
    return {
        "golf": load_text(folder, SMALL_GOLF),
        "pyramid": load_text(folder, SMALL_PYRAMID),
    }


def table(game: Game) -> object:
    """The cards of every pile, of a foundation only its top card and height: these games'
    foundations take a card by the rank of their top card alone."""
    return tuple(
        (tuple(pile.cards[-1:]), len(pile.cards))
        if pile.kind == FOUNDATION
        else (tuple(pile.cards),)
        for pile in game.position.piles
    )


def test_the_games_whose_every_move_goes_onto_one_pile_are_recognised_from_their_rules() -> None:
    for game_id in ("golf", "black_hole", "escalator"):
        assert onesink.trusted_shape(Game(load(game_id), 1)) is not None, game_id
    assert sinkrules.shape_of(Game(load("golf", wrap="yes"), 1)) is not None
    # cards turned by an automatic rule, several foundations, builds on the tableau
    for game_id in ("tri_peaks", "elevator", "eliminator", "klondike", "freecell"):
        assert sinkrules.shape_of(Game(load(game_id), 1)) is None, game_id


@pytest.mark.parametrize(("name", "deals"), [("golf", 12), ("pyramid", 12)])
def test_every_small_deal_is_decided_and_every_loss_is_true(
    small: dict[str, GameDef], name: str, deals: int
) -> None:
    gdef = small[name]
    assert onesink.trusted_shape(Game(gdef, 1)) is not None
    answers = []
    for seed in range(1, deals + 1):
        result = solve(Game(gdef, seed), NODES)
        assert result.result != UNKNOWN, seed
        assert (result.result == WON) == brute_force(Game(gdef, seed), table), seed
        if result.result == WON:
            assert replays_to_a_win(gdef, seed, result.moves), seed
        answers.append(result.result)
    assert WON in answers and LOST in answers  # both kinds of deal were met


def late_position(game_id: str, seed: int, left: int) -> Game | None:
    """Deal `seed` of a bundled game along its winning line until at most `left` cards are
    still in the columns, then three random moves (which may lose it); None for a deal not
    won."""
    gdef = load(game_id)
    line = solve(Game(gdef, seed), NODES)
    if line.result != WON:
        return None
    game = Game(gdef, seed)
    columns = [pile for pile in game.position.piles if pile.kind == "tableau"]
    moves = iter(line.moves)
    while sum(len(pile.cards) for pile in columns) > left:
        game.push(next(moves))
    rng = random.Random(seed)
    for _ in range(3):
        legal = [move for move in game.legal_moves() if move.kind != DONE]
        if legal:
            game.push(rng.choice(legal))
    return game


@pytest.mark.parametrize(("game_id", "left"), [("black_hole", 20), ("golf", 20)])
def test_late_positions_of_real_deals_are_decided_and_every_loss_is_true(
    game_id: str, left: int
) -> None:
    answers = []
    for seed in range(1, 21):
        game = late_position(game_id, seed, left)
        if game is None or game.outcome() != "playing":
            continue
        result = solve(game, NODES)
        assert result.result != UNKNOWN, seed
        assert (result.result == WON) == brute_force(copy_game(game), table), seed
        if result.result == WON:
            for move in result.moves:
                game.push(move)
            assert game.outcome() == WON, seed
        answers.append(result.result)
    assert WON in answers and LOST in answers


@pytest.mark.parametrize(
    ("game_id", "seed", "verdict"),
    [("golf", 1, LOST), ("golf", 5, WON), ("black_hole", 5, WON), ("black_hole", 2, LOST)],
)
def test_golf_and_black_hole_deals_get_their_known_verdicts(
    game_id: str, seed: int, verdict: str
) -> None:
    gdef = load(game_id)
    result = solve(Game(gdef, seed), NODES)
    assert result.result == verdict
    if verdict == WON:
        assert replays_to_a_win(gdef, seed, result.moves)


def test_a_search_in_slices_answers_as_one_search_does() -> None:
    gdef = load("golf")
    whole = solve(Game(gdef, 7), NODES)
    search = Search(Game(gdef, 7), NODES)
    while (found := search.run_for(0.002)) is None:
        pass
    assert (found.result, found.moves, found.nodes) == (whole.result, whole.moves, whole.nodes)


def test_a_search_out_of_nodes_answers_unknown_and_leaves_the_game_as_it_was() -> None:
    game = Game(load("golf"), 1)  # lost, after tens of thousands of positions
    before = game.position.piles_state()
    assert solve(game, Budget(nodes=500, seconds=600)).result == UNKNOWN
    assert game.position.piles_state() == before


def test_the_flow_cut_finds_exactly_when_some_demand_cannot_be_met() -> None:
    def unmet(demand: list[int], capacity: list[int], edges: list[list[int]]) -> int:
        units = [group for group, count in enumerate(demand) for _ in range(count)]

        def best(unit: int, left: list[int]) -> int:  # the most units placed from `unit` on
            if unit == len(units):
                return 0
            found = best(unit + 1, left)
            for kind in edges[units[unit]]:
                if left[kind]:
                    left[kind] -= 1
                    found = max(found, 1 + best(unit + 1, left))
                    left[kind] += 1
            return found

        return len(units) - best(0, list(capacity))

    rng = random.Random(5)
    for _ in range(400):
        groups, kinds = rng.randint(1, 4), rng.randint(1, 4)
        demand = [rng.randint(0, 2) for _ in range(groups)]
        capacity = [rng.randint(0, 3) for _ in range(kinds)]
        edges = [rng.sample(range(kinds), rng.randint(0, kinds)) for _ in range(groups)]
        assert sinkrules.short(demand, capacity, edges) == (unmet(demand, capacity, edges) > 0)
