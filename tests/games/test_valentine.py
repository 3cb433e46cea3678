"""Valentine: four columns built down in suit, fed one waste card at a time, and slipped under
the stock to be dealt again when nothing fits, as positions and moves."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

VALENTINE = load("valentine")
FULL = "tableau:1 = 5H 4H\ntableau:2 = KS\ntableau:3 = 7D\ntableau:4 = JC"


def test_four_columns_of_one_card_and_the_rest_in_the_stock() -> None:
    position = Game(VALENTINE, 5).position
    assert [(p.down, p.face_up) for p in position.groups["tableau"]] == [(0, 1)] * 4
    assert len(position.by_id["stock"].cards) == 48
    assert not position.by_id["waste"].cards


def test_columns_build_down_in_suit_and_runs_move_whole() -> None:
    game = game_at(VALENTINE, "waste = 6D\ntableau:1 = 8H 7H\ntableau:2 = 6H\ntableau:3 = 7D")
    assert refusal(game, "w>t3") is None
    assert refusal(game, "t2>t3") is not None
    play(game, "t2>t1")
    assert refusal(game, "t1>t3") is not None
    assert "tableau:1>tableau:2/3" not in legal(game)


def test_the_stock_turns_one_card_onto_an_empty_waste() -> None:
    game = game_at(VALENTINE, "stock = 2c 3c\n" + FULL)
    play(game, "deal")
    assert pile(game, "waste") == "3C"
    assert refusal(game, "deal") is None


def test_a_full_waste_sends_the_columns_under_the_stock_and_deals_again() -> None:
    game = game_at(VALENTINE, "stock = 2c 3c 4c\nwaste = 9D\n" + FULL)
    play(game, "deal")
    assert [pile(game, f"tableau:{n}") for n in range(1, 5)] == ["9D", "4C", "3C", "2C"]
    assert pile(game, "stock") == "jc 7d ks 4h 5h"
    assert not pile(game, "waste")
    game.pop()
    assert (pile(game, "stock"), pile(game, "tableau:2")) == ("2c 3c 4c", "KS")


def test_a_space_fills_from_the_waste_first_then_from_the_stock() -> None:
    text = "stock = 2c 3c\nwaste = 8D\n" + FULL.replace("JC", "6H")
    game = game_at(VALENTINE, text)
    play(game, "t1>t4/2")
    assert pile(game, "tableau:1") == "8D"
    assert not pile(game, "waste")
    play(game, "deal")
    assert pile(game, "waste") == "3C"


def test_valentine_is_won_once_the_stock_and_the_waste_are_empty() -> None:
    text = "waste = AS\ntableau:1 = KH\ntableau:2 = 2S\ntableau:3 = KD\ntableau:4 = KC"
    game = game_at(VALENTINE, text)
    play(game, "w>t2")
    assert game.outcome() == "won"
