"""Straight Up: the Ace high; the four 2s start the foundations, going up in suit to the Aces;
a reserve of thirteen fills the four columns' spaces, then only the waste may; columns build
down in suit, runs of a suit moving whole; three passes."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

STRAIGHT = load("straight_up")


def test_the_2s_start_the_foundations_a_reserve_of_thirteen_four_columns() -> None:
    position = Game(STRAIGHT, 5).position
    assert [p.cards[0].code for p in position.groups["foundation"]] == ["2S", "2H", "2D", "2C"]
    reserve = position.by_id["reserve"]
    assert (reserve.down, reserve.face_up) == (12, 1)
    assert [len(p.cards) for p in position.groups["tableau"]] == [1] * 4
    codes = Counter(card.code for card in position.cards_in_play())
    assert codes == Counter(card.code for card in make_deck())


def test_foundations_go_up_in_suit_to_the_ace() -> None:
    game = game_at(
        STRAIGHT, "foundation:1 = 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS\ntableau:1 = AS\nreserve = 4c"
    )
    play(game, "t1>f1")
    assert pile(game, "foundation:1").endswith("KS AS")


def test_columns_build_down_in_suit_and_an_ace_takes_a_king() -> None:
    game = game_at(STRAIGHT, "tableau:1 = AH\ntableau:2 = KH QH\ntableau:3 = KS\nreserve = 4c")
    assert refusal(game, "t2>t1/2") is None
    assert refusal(game, "t3>t1") is not None


def test_the_reserve_fills_a_space_then_only_the_waste_may() -> None:
    game = game_at(
        STRAIGHT, "tableau:1 = 9H\ntableau:2 = 8H\ntableau:3 = 2D\ntableau:4 = 3C\nreserve = 5c 6C"
    )
    play(game, "t2>t1")
    assert pile(game, "tableau:2") == "6C"
    game = game_at(STRAIGHT, "tableau:1 = 9H 8H\ntableau:2 = 4D\nwaste = 7C")
    assert refusal(game, "waste>t3") is None
    assert refusal(game, "t1>t3") is not None


def test_three_passes_through_the_stock() -> None:
    game = game_at(STRAIGHT, "counters redeals=2\nwaste = 2C 3D\ntableau:1 = KS")
    assert "deal" not in legal(game)
