"""Proofs of loss: the search key leaves out what no rule reads, so a small space runs out and
the deal is proved lost. Every "lost" here is checked by an exhaustive search written below,
which knows nothing of the solver's key, and every "won" is replayed through the ordinary Game."""

from __future__ import annotations

import pytest

from retro.engine.game import LOST, UNKNOWN, WON, Game
from retro.engine.gamedef import GameDef
from retro.solver.compact import search_key
from retro.solver.search import Budget, solve
from tests.helpers import game_at, load, play
from tests.proving import SMALL_GOLF, brute_force, load_text, replays_to_a_win

NODES = Budget(nodes=200_000, seconds=600)

# Klondike with 24 cards, three turned at a time, the stock gone through any number of times.
SMALL_KLONDIKE = """\
id: small_klondike
title: Small Klondike
description: Klondike with Ace to Six, five columns, three cards a turn, no limit on passes.
deck: {ranks: [A, 2, 3, 4, 5, 6]}
piles:
  stock: {kind: stock, at: [0, 0], action: {draw: {count: 3, passes: 0}}}
  waste: {kind: waste, at: [1, 0], pick: top_card}
  foundation:
    kind: foundation
    count: 4
    at: [3, 0]
    pick: top_card
    accept: {any: [{base: {rank: A}}, rank_above]}
  tableau:
    kind: tableau
    count: 5
    at: [0, 1]
    fan: down
    pick: alternate_color_run
    accept: {any: [{base: {rank: "6"}}, {rank_below: {suit: alternate}}]}
deal:
  - {to: tableau, face_down: [0, 1, 2, 3, 4], face_up: 1}
  - {to: stock, rest: true}
auto: [turn_exposed]
win: all_on_foundations
"""


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> dict[str, GameDef]:
    folder = tmp_path_factory.mktemp("games")
    return {"golf": load_text(folder, SMALL_GOLF), "klondike": load_text(folder, SMALL_KLONDIKE)}


@pytest.mark.parametrize(("name", "deals"), [("golf", 12), ("klondike", 6)])
def test_every_small_deal_is_decided_and_every_loss_is_true(
    small: dict[str, GameDef], name: str, deals: int
) -> None:
    gdef = small[name]
    answers = []
    for seed in range(1, deals + 1):
        result = solve(Game(gdef, seed), NODES)
        assert result.result != UNKNOWN, seed
        assert (result.result == WON) == brute_force(Game(gdef, seed)), seed
        if result.result == WON:
            assert replays_to_a_win(gdef, seed, list(result.moves)), seed
        answers.append(result.result)
    assert WON in answers and LOST in answers  # both kinds of deal were met


GOLF = """\
foundation = 5H
tableau:1 = 5D 5S
tableau:2 = 6C
tableau:3 = 4C
tableau:4 = 3D 9C
stock = 2c 4h
"""
ONE_WAY = ("tableau:2>foundation", "tableau:1>foundation", "tableau:3>foundation")
OTHER_WAY = ("tableau:3>foundation", "tableau:1>foundation", "tableau:2>foundation")


def test_the_order_of_cards_under_golf_s_pile_top_is_not_in_the_search_key() -> None:
    gdef = load("golf")
    one = play(game_at(gdef, GOLF), *ONE_WAY)  # 6C 5S 4C: 4C on top
    other = play(game_at(gdef, GOLF), *OTHER_WAY)  # 4C 5S 6C: 6C on top
    assert search_key(one)() != search_key(other)()
    play(one, "tableau:1>foundation")
    play(other, "tableau:1>foundation")  # 5D on top of both, the same cards under it
    assert one.key() != other.key()  # the engine's key has every card at its height
    assert search_key(one)() == search_key(other)()
    under = game_at(gdef, GOLF.replace("foundation = 5H", "foundation = 5H 8D 9D 7D"))
    over = game_at(gdef, GOLF.replace("foundation = 5H", "foundation = 5H 9D 8D 7D"))
    assert under.key() != over.key() and search_key(under)() == search_key(over)()


KLONDIKE = """\
stock = 4s 3s
waste = 2S
tableau:1 = KH
"""


@pytest.mark.parametrize(("passes", "alike"), [("unlimited", True), ("3", False)])
def test_passes_through_the_stock_are_keyed_only_when_they_are_limited(
    passes: str, alike: bool
) -> None:
    gdef = load("klondike", passes=passes)
    game = game_at(gdef, KLONDIKE)
    before = search_key(game)()
    for _ in range(4):  # two cards turned, the waste turned over, its first card turned again
        play(game, "deal")
    assert game.position.counters.get("redeals") == 1
    assert game.position.piles_state() == game_at(gdef, KLONDIKE).position.piles_state()
    assert (search_key(game)() == before) is alike
