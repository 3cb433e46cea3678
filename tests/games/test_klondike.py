"""Klondike and Klondike (draw 3): the deal, turning the stock, building, the foundations, the
limits on passes, the win and Windows' score, as positions and moves."""

from __future__ import annotations

from collections import Counter

import pytest

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal, suit_run


def home(suit: str, high: int = 13) -> str:
    """`AS 2S ... KS`: a foundation built from the Ace up to `high`."""
    return " ".join(reversed(suit_run(suit, high).split()))


KLONDIKE = load("klondike")
DRAW3 = load("klondike_draw3")


def test_the_deal_is_seven_columns_of_1_to_7_with_the_top_card_face_up() -> None:
    position = Game(KLONDIKE, 5).position
    tableau = position.groups["tableau"]
    assert [(p.down, p.face_up) for p in tableau] == [(i, 1) for i in range(7)]
    stock = position.by_id["stock"]
    assert len(stock.cards) == stock.down == 24
    assert not position.by_id["waste"].cards
    assert not any(p.cards for p in position.groups["foundation"])
    assert set(Counter(position.cards_in_play()).values()) == {1}
    assert len(position.cards_in_play()) == 52


def test_deal_turns_the_top_card_of_the_stock_onto_the_waste() -> None:
    game = play(game_at(KLONDIKE, "stock = 2c 3d 4h"), "deal")
    assert pile(game, "stock") == "2c 3d"
    assert pile(game, "waste") == "4H"


def test_draw_3_turns_three_cards_and_the_third_lies_on_top() -> None:
    game = play(game_at(DRAW3, "stock = 9s 2c 3d 4h"), "deal")
    assert pile(game, "waste") == "4H 3D 2C"
    play(game, "deal")
    assert pile(game, "waste") == "4H 3D 2C 9S"  # what is left, when fewer than three


def test_only_the_top_card_of_the_waste_plays() -> None:
    game = game_at(KLONDIKE, "waste = 5H 6C\ntableau:1 = 7D\ntableau:2 = 7S")
    assert refusal(game, "waste>tableau:1") is None
    assert "top card" in str(refusal(game, "waste>tableau:2/2"))


def test_columns_build_down_in_alternate_colours() -> None:
    game = game_at(KLONDIKE, "tableau:1 = 8S\ntableau:2 = 7H\ntableau:3 = 7C\ntableau:4 = 6D")
    assert refusal(game, "t2>t1") is None
    assert "goes only on an 8 of the other colour" in str(refusal(game, "t3>t1"))
    assert refusal(game, "t4>t3") is None


def test_a_run_in_alternate_colours_moves_as_a_unit_and_any_tail_of_it() -> None:
    game = game_at(KLONDIKE, "tableau:1 = 3c 9H 8S 7D\ntableau:2 = TC\ntableau:3 = 9D")
    assert {"tableau:1>tableau:2/3", "tableau:1>tableau:3/2"} <= legal(game)
    play(game, "t1>t2/3")
    assert pile(game, "tableau:2") == "TC 9H 8S 7D"
    assert pile(game, "tableau:1") == "3C"  # turned by itself


def test_only_a_king_or_a_run_from_a_king_goes_to_an_empty_column() -> None:
    game = game_at(KLONDIKE, "tableau:1 = 4s KH QS\ntableau:2 = 2d QD\nwaste = KC")
    assert refusal(game, "t1>t3/2") is None
    assert refusal(game, "waste>t3") is None
    assert "takes only a K" in str(refusal(game, "t2>t3"))


def test_foundations_start_with_an_ace_and_build_up_in_suit() -> None:
    game = game_at(KLONDIKE, "waste = 2H AH\ntableau:1 = 2S\nfoundation:2 = AC")
    assert "takes only an A" in str(refusal(game, "t1>f1"))
    play(game, "waste>f1", "waste>f1")
    assert pile(game, "foundation:1") == "AH 2H"
    assert "takes only the 2 of the same suit next" in str(refusal(game, "t1>f2"))


def test_a_foundation_card_may_come_back_to_a_column_but_not_to_another_foundation() -> None:
    game = game_at(KLONDIKE, "foundation:1 = AH 2H 3H\ntableau:1 = 4C\nfoundation:2 = AS")
    assert refusal(game, "f1>t1") is None
    assert "only from tableau, waste" in str(refusal(game, "f2>f3"))


def test_the_stock_used_up_the_waste_turns_over_to_make_it_again() -> None:
    game = play(game_at(KLONDIKE, "waste = 2C 3D 4H\ntableau:1 = KS"), "deal")
    assert pile(game, "stock") == "4h 3d 2c"  # 2C, turned first, is on top again
    assert not game.position.by_id["waste"].cards
    assert game.position.counters["redeals"] == 1
    game.pop()
    assert pile(game, "waste") == "2C 3D 4H"
    assert game.position.counters.get("redeals", 0) == 0


@pytest.mark.parametrize(
    "passes,redeals,allowed",
    [("unlimited", 50, True), ("3", 1, True), ("3", 2, False), ("1", 0, False)],
)
def test_the_number_of_passes_through_the_stock_is_an_option(
    passes: str, redeals: int, allowed: bool
) -> None:
    game = game_at(
        load("klondike", passes=passes),
        f"counters redeals={redeals}\nwaste = 2C 3D\ntableau:1 = KS",
    )
    assert ("deal" in legal(game)) is allowed
    if not allowed:
        assert "No redeal" in str(refusal(game, "deal"))


def test_nothing_to_turn_when_stock_and_waste_are_empty() -> None:
    game = game_at(KLONDIKE, "tableau:1 = KS")
    assert "stock and the waste are empty" in str(refusal(game, "deal"))


def test_won_when_the_last_king_goes_home() -> None:
    game = game_at(
        KLONDIKE,
        f"foundation:1 = {home('S')}\nfoundation:2 = {home('H')}\n"
        f"foundation:3 = {home('D')}\nfoundation:4 = {home('C', 12)}\n"
        "tableau:3 = KC",
    )
    assert game.outcome() == "playing"
    play(game, "t3>f4")
    assert game.outcome() == "won"


def test_lost_when_nothing_moves_and_the_stock_cannot_turn_again() -> None:
    game = game_at(load("klondike", passes="1"), "tableau:1 = 2S\ntableau:2 = 2C\nwaste = 9H")
    assert game.legal_moves() == []
    assert game.outcome() == "lost"


def test_score_10_a_card_home_5_a_card_turned_minus_100_a_redeal_never_below_0() -> None:
    game = game_at(
        KLONDIKE, "counters turned=3\nfoundation:1 = AS 2S\ntableau:1 = 4h 9C\nwaste = 3S"
    )
    assert game.score() == 20 + 15
    play(game, "waste>f1")
    assert game.score() == 30 + 15
    game = game_at(KLONDIKE, "counters redeals=1 turned=20\nfoundation:1 = AS")
    assert game.score() == 10 + 100 - 100
    assert game_at(KLONDIKE, "counters redeals=3").score() == 0


def test_draw_3_score_costs_20_a_redeal_after_the_third() -> None:
    assert game_at(DRAW3, "counters redeals=3\nfoundation:1 = AS").score() == 10
    assert game_at(DRAW3, "counters redeals=5\nfoundation:1 = AS AS AS AS AS").score() == 10
    assert KLONDIKE.score.maximum == DRAW3.score.maximum == 625


def test_a_card_taken_back_from_the_foundations_loses_its_points() -> None:
    game = game_at(KLONDIKE, "foundation:1 = AH 2H 3H\ntableau:1 = 4C")
    before = game.score()
    play(game, "f1>t1")
    assert game.score() == before - 10
