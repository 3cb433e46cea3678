"""Royal East: foundations in the corners of a square, the first dealt a card whose rank starts
all four, going up in suit round the corner; five piles in the cross built down whatever the
suit, a King on an Ace, one card at a time; a space takes any card; one pass."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

EAST = load("royal_east")


def test_one_card_to_the_first_foundation_and_one_to_each_pile_of_the_cross() -> None:
    position = Game(EAST, 4).position
    assert [len(p.cards) for p in position.groups["foundation"]] == [1, 0, 0, 0]
    assert [len(p.cards) for p in position.groups["tableau"]] == [1] * 5
    assert len(position.by_id["stock"].cards) == 46
    assert Counter(position.cards_in_play()) == Counter(make_deck())


def test_foundations_start_from_the_first_cards_rank_and_go_round_the_corner() -> None:
    game = game_at(
        EAST, "foundation:1 = KC\ntableau:1 = AC\ntableau:2 = KH\ntableau:3 = QS\nstock = 2d"
    )
    assert refusal(game, "t2>f2") is None
    assert refusal(game, "t3>f2") is not None
    play(game, "t1>f1")
    assert pile(game, "foundation:1") == "KC AC"


def test_the_cross_builds_down_any_suit_a_king_on_an_ace_one_card_at_a_time() -> None:
    game = game_at(
        EAST, "tableau:1 = 9H\ntableau:2 = 7D 8S\ntableau:3 = AC\nwaste = KD\nstock = 2d"
    )
    assert refusal(game, "t2>t1") is None
    assert refusal(game, "t2>t1/2") is not None
    assert refusal(game, "waste>t3") is None


def test_a_space_takes_any_card() -> None:
    game = game_at(EAST, "tableau:1 = 9H\nwaste = 4C\nstock = 2d")
    assert refusal(game, "waste>t2") is None
    assert refusal(game, "t1>t5") is None


def test_one_pass_through_the_stock() -> None:
    game = game_at(EAST, "waste = 2C 3D\ntableau:1 = KS")
    assert "deal" not in legal(game)
