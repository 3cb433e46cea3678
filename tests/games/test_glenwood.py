"""Glenwood: a reserve card chosen first sets the base of every foundation, columns build down
in alternate colours with King on Ace and move a top card or a whole column, spaces take
reserve cards (the waste's only once the reserves are empty), as positions and moves."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

GLENWOOD = load("glenwood")


def test_four_reserves_of_three_four_columns_of_one_and_36_in_the_stock() -> None:
    position = Game(GLENWOOD, 5).position
    assert [len(p.cards) for p in position.groups["reserve"]] == [3] * 4
    assert [len(p.cards) for p in position.groups["tableau"]] == [1] * 4
    assert len(position.by_id["stock"].cards) == 36


def test_play_starts_with_a_reserve_card_to_the_foundations_which_sets_the_base() -> None:
    text = "reserve:1 = 7H\ntableau:1 = 7S\ntableau:2 = 9C\nstock = 2c\nreserve:2 = 8D"
    game = game_at(GLENWOOD, text)
    assert refusal(game, "t1>f1") is not None
    assert not any(move.startswith("deal") for move in legal(game))
    assert refusal(game, "r2>t2") is not None
    play(game, "r1>f1")
    assert refusal(game, "t1>f2") is None
    assert refusal(game, "t2>f2") is not None
    assert refusal(game, "r2>t2") is None


def test_foundations_go_up_in_suit_round_the_corner() -> None:
    game = game_at(GLENWOOD, "foundation:1 = QS KS\ntableau:1 = AS")
    play(game, "t1>f1")
    assert pile(game, "foundation:1") == "QS KS AS"


def test_columns_build_down_in_alternate_colours_king_on_ace_whole_columns_only() -> None:
    text = "foundation:1 = 5D\ntableau:1 = AH\ntableau:2 = KS QH\ntableau:3 = KC\ntableau:4 = 3C"
    game = game_at(GLENWOOD, text + "\nwaste = JC")
    assert refusal(game, "t2>t1/2") is None
    assert refusal(game, "t3>t1") is None
    assert refusal(game, "t2>t1") is not None
    assert refusal(game, "waste>t2") is None


def test_a_space_takes_a_reserve_card_and_the_waste_only_when_the_reserves_are_empty() -> None:
    text = "foundation:1 = 5D\ntableau:1 = 9H\nwaste = 4C"
    game = game_at(GLENWOOD, text + "\nreserve:3 = 2S")
    assert refusal(game, "waste>t2") is not None
    assert refusal(game, "r3>t2") is None
    empty_reserves = game_at(GLENWOOD, text)
    assert refusal(empty_reserves, "waste>t2") is None
