"""Bear River: eighteen piles of three, the holes of two; the first card home sets the base of
every foundation, going round the corner; piles hold three cards at most, built up or down in
suit; only the holes take a card once empty; as positions and moves."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

BEAR_RIVER = load("bear_river")


def test_one_card_home_fifteen_piles_of_three_and_three_holes_of_two() -> None:
    position = Game(BEAR_RIVER, 4).position
    assert [len(p.cards) for p in position.groups["foundation"]] == [1, 0, 0, 0]
    assert [len(p.cards) for p in position.groups["tableau"]] == [3] * 15
    assert [len(p.cards) for p in position.groups["hole"]] == [2] * 3
    assert Counter(position.cards_in_play()) == Counter(make_deck())
    assert position.counters["base"] == position.by_id["foundation:1"].cards[0].rank


def test_the_other_foundations_start_with_the_base_rank_and_go_round_the_corner() -> None:
    text = "counters base=12\nfoundation:1 = QS KS\ntableau:1 = QH\ntableau:2 = AS\ntableau:3 = JD"
    game = game_at(BEAR_RIVER, text)
    assert refusal(game, "t3>f2") is not None
    assert {"tableau:1>foundation:2", "tableau:2>foundation:1"} <= legal(game)


def test_piles_build_up_or_down_in_suit_to_three_cards_king_next_to_ace() -> None:
    game = game_at(
        BEAR_RIVER,
        "tableau:1 = 5C 9S\ntableau:2 = 8S\ntableau:3 = TS\ntableau:4 = 2D KH\ntableau:5 = AH",
    )
    assert {"tableau:2>tableau:1", "tableau:3>tableau:1", "tableau:4>tableau:5"} <= legal(game)
    play(game, "t2>t1")
    assert refusal(game, "t3>t1") is not None
    play(game, "t4>t5")
    assert pile(game, "tableau:5") == "AH KH"


def test_only_a_hole_takes_a_card_once_empty() -> None:
    game = game_at(BEAR_RIVER, "tableau:1 = 5C 9S\nhole:1 = 4D")
    assert refusal(game, "t1>t2") is not None
    assert refusal(game, "t1>h2") is None
