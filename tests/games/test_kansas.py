"""Kansas: a reserve of twelve, one card to the first foundation, three columns; columns build
down whatever the suit (a King on an Ace), the reserve fills spaces at once and the waste once
it is empty; foundations from the first card's rank, in suit round the corner; one pass."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

KANSAS = load("kansas")


def test_the_deal_a_reserve_of_twelve_one_foundation_card_three_columns() -> None:
    position = Game(KANSAS, 6).position
    reserve = position.by_id["reserve"]
    assert (reserve.down, reserve.face_up) == (11, 1)
    assert [len(p.cards) for p in position.groups["foundation"]] == [1, 0, 0, 0]
    assert [(p.down, p.face_up) for p in position.groups["tableau"]] == [(0, 1)] * 3
    assert len(position.by_id["stock"].cards) == 52 - 16
    assert Counter(position.cards_in_play()) == Counter(make_deck())


def test_foundations_start_from_the_first_cards_rank_and_go_round_the_corner() -> None:
    game = game_at(
        KANSAS,
        "foundation:1 = QS KS\ntableau:1 = AS\ntableau:2 = QH\ntableau:3 = JD\n"
        "waste = 2S\nreserve = 5c 9C",
    )
    assert refusal(game, "t2>f2") is None
    assert refusal(game, "t3>f2") is not None
    play(game, "t1>f1", "waste>f1")
    assert pile(game, "foundation:1") == "QS KS AS 2S"


def test_columns_build_down_any_suit_with_a_king_on_an_ace() -> None:
    game = game_at(
        KANSAS, "tableau:1 = 9H\ntableau:2 = 8H 7S\ntableau:3 = AC\nwaste = KD\nreserve = 5c 9C"
    )
    assert refusal(game, "t2>t1/2") is None
    assert refusal(game, "waste>t3") is None


def test_the_reserve_fills_a_space_at_once() -> None:
    game = game_at(KANSAS, "tableau:1 = 9H\ntableau:2 = 8S\ntableau:3 = 2D\nreserve = 5c 6C")
    play(game, "t2>t1")
    assert pile(game, "tableau:2") == "6C"
    assert pile(game, "reserve") == "5C"


def test_with_the_reserve_empty_only_the_waste_fills_a_space() -> None:
    game = game_at(KANSAS, "tableau:1 = 9H 8S\ntableau:2 = 4D\nwaste = 7C")
    assert refusal(game, "waste>t3") is None
    assert refusal(game, "t1>t3") is not None
    assert refusal(game, "t2>t3") is not None


def test_one_pass_through_the_stock() -> None:
    game = game_at(KANSAS, "waste = 2C 3D\ntableau:1 = KS")
    assert "deal" not in legal(game)
