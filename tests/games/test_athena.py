"""Athena: Klondike whose seven columns are dealt face down, face up, face down, face up; the
face-up card between two face-down ones is in sight but lies buried until the card on it is
turned. Three passes through the stock, one card a turn or three; Kings only into spaces."""

from __future__ import annotations

from collections import Counter

import pytest

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal, suit_run

ATHENA = load("athena")


def home(suit: str, high: int = 13) -> str:
    """`AS 2S ... KS`: a foundation built from the Ace up to `high`."""
    return " ".join(reversed(suit_run(suit, high).split()))


def test_seven_columns_of_four_dealt_down_up_down_up_and_24_in_the_stock() -> None:
    position = Game(ATHENA, 3).position
    for column in position.groups["tableau"]:
        assert len(column.cards) == 4
        assert column.down == 3 and column.lit == 0b010  # the second card lies face up
    stock = position.by_id["stock"]
    assert len(stock.cards) == stock.down == 24
    assert Counter(position.cards_in_play()) == Counter(make_deck())


def test_the_deal_in_the_notation_shows_the_buried_face_up_card() -> None:
    game = Game(ATHENA, 1)
    assert pile(game, "tableau:1") == "4c 6C qd 8S"


def test_only_the_top_card_moves_at_first_the_buried_one_never() -> None:
    game = game_at(ATHENA, "tableau:1 = 4c 6C qd 8S\ntableau:2 = 9H\ntableau:3 = 7D")
    assert refusal(game, "t1>t2") is None
    assert refusal(game, "t1>t3/3") is not None  # the 6 of clubs lies under the Queen
    assert "t1>t3/3" not in legal(game)


def test_the_card_turned_on_a_buried_one_brings_it_into_play() -> None:
    game = game_at(ATHENA, "tableau:1 = 4c 6C 5d 8S\ntableau:2 = 9H\ntableau:3 = 7D")
    play(game, "t1>t2")
    assert pile(game, "tableau:1") == "4c 6C 5D"
    assert refusal(game, "t1>t3/2") is None  # the 6 and the 5 now move together
    play(game, "t1>t3/2")
    assert pile(game, "tableau:3") == "7D 6C 5D"
    assert pile(game, "tableau:1") == "4C"


def test_a_buried_card_out_of_sequence_stays_until_the_cards_on_it_go() -> None:
    game = game_at(ATHENA, "tableau:1 = 4c 6C qd 8S\ntableau:2 = 9H\ntableau:3 = KC")
    play(game, "t1>t2")
    assert pile(game, "tableau:1") == "4c 6C QD"
    assert refusal(game, "t1>t3/2") is not None  # 6 and Queen are no run
    play(game, "t1>t3")
    assert pile(game, "tableau:1") == "4c 6C"
    assert game.position.by_id["tableau:1"].run == 1  # the 6, on top now, may move


def test_undo_buries_the_card_again() -> None:
    game = game_at(ATHENA, "tableau:1 = 4c 6C qd 8S\ntableau:2 = 9H")
    play(game, "t1>t2")
    game.pop()
    assert pile(game, "tableau:1") == "4c 6C qd 8S"
    assert game.position.by_id["tableau:1"].lit == 0b010


def test_columns_build_down_in_alternate_colours() -> None:
    game = game_at(ATHENA, "tableau:1 = 8S\ntableau:2 = 7H\ntableau:3 = 7C")
    assert refusal(game, "t2>t1") is None
    assert refusal(game, "t3>t1") is not None


def test_only_a_king_or_a_run_from_a_king_fills_a_space() -> None:
    game = game_at(ATHENA, "tableau:1 = KS QH\ntableau:2 = 9d JC\nwaste = QD")
    assert refusal(game, "t1>t3/2") is None
    assert refusal(game, "t2>t3") is not None
    assert refusal(game, "waste>t3") is not None


def test_one_card_a_turn_and_three_passes() -> None:
    game = play(game_at(ATHENA, "stock = 2c 3d 4h"), "deal")
    assert pile(game, "waste") == "4H"
    for redeals, allowed in ((1, True), (2, False)):
        game = game_at(ATHENA, f"counters redeals={redeals}\nwaste = 2C 3D\ntableau:1 = KS")
        assert ("deal" in legal(game)) is allowed


def test_three_cards_a_turn_as_the_option_still_three_passes() -> None:
    draw3 = load("athena", turn=3)
    game = play(game_at(draw3, "stock = 9s 2c 3d 4h"), "deal")
    assert pile(game, "waste") == "4H 3D 2C"
    game = game_at(draw3, "counters redeals=2\nwaste = 2C 3D\ntableau:1 = KS")
    assert "deal" not in legal(game)


def test_foundations_go_up_in_suit_and_give_cards_back() -> None:
    game = game_at(ATHENA, "foundation:1 = AH 2H 3H\ntableau:1 = 4C\ntableau:2 = 4H")
    assert refusal(game, "t2>f1") is None
    assert refusal(game, "f1>t1") is None


@pytest.mark.parametrize("cards,score", [("", 0), ("AS", 1), ("AS 2S 3S", 3)])
def test_a_point_a_card_home(cards: str, score: int) -> None:
    assert game_at(ATHENA, f"foundation:1 = {cards}").score() == score


def test_won_when_the_last_king_goes_home() -> None:
    game = game_at(
        ATHENA,
        f"foundation:1 = {home('S')}\nfoundation:2 = {home('H')}\n"
        f"foundation:3 = {home('D')}\nfoundation:4 = {home('C', 12)}\n"
        "tableau:3 = KC",
    )
    play(game, "t3>f4")
    assert game.outcome() == "won"
    assert game.score() == 52
