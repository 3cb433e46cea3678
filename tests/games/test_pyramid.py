"""Pyramid: free pairs adding up to 13 leave together, Kings alone; the tops of the waste and
the stock play too; one pass through the stock, or more as an option; won with the pyramid
cleared. A pair is one card moved onto its partner (docs/notation.md, "Pairs")."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

PYRAMID = load("pyramid")
ROWS = [f"row{n}" for n in range(1, 8)]


def test_a_pyramid_of_28_cards_face_up_and_a_stock_showing_its_top_card() -> None:
    position = Game(PYRAMID, 2).position
    assert [[len(p.cards) for p in position.groups[name]] for name in ROWS] == [
        [1] * n for n in range(1, 8)
    ]
    assert all(p.down == 0 for name in ROWS for p in position.groups[name])
    stock = position.by_id["stock"]
    assert (stock.down, stock.face_up) == (23, 1)
    assert not position.by_id["waste"].cards and not position.by_id["discard"].cards
    assert Counter(position.cards_in_play()) == Counter(make_deck())


def test_two_free_cards_adding_up_to_13_leave_together() -> None:
    game = play(game_at(PYRAMID, "row7:1 = 6S\nrow7:2 = 7H\nrow7:3 = 8D"), "row7:1>row7:2")
    assert pile(game, "discard") == "7H 6S"
    assert pile(game, "row7:1") == pile(game, "row7:2") == ""
    assert pile(game, "row7:3") == "8D"


def test_jack_queen_and_ace_count_11_12_and_1() -> None:
    game = game_at(PYRAMID, "row7:1 = JS\nrow7:2 = 2H\nrow7:3 = QC\nrow7:4 = AD\nrow7:5 = 9D")
    assert {"row7:1>row7:2", "row7:3>row7:4"} <= legal(game)
    assert "no pair: adding up to 13" in str(refusal(game, "row7:1>row7:5"))


def test_a_covered_card_cannot_pair() -> None:
    game = game_at(PYRAMID, "row6:1 = 5C\nrow7:1 = 8H\nrow7:2 = 2S")
    assert "5♣ is not free: 8♥ and 2♠ lie on it" in str(refusal(game, "row7:1>row6:1"))


def test_a_card_is_free_once_both_cards_on_it_are_gone() -> None:
    game = game_at(
        PYRAMID, "row6:1 = 5C\nrow7:1 = 8H\nrow7:2 = 4S\nrow7:3 = 9D\nstock = 2c 5D\nwaste = 8S"
    )
    play(game, "row7:2>row7:3")
    assert "5♣ is not free: 8♥ lies on it" in str(refusal(game, "waste>row6:1"))
    play(game, "stock>row7:1")
    assert refusal(game, "waste>row6:1") is None


def test_a_king_goes_alone_when_free() -> None:
    game = game_at(PYRAMID, "row6:1 = KC\nrow7:1 = KH\nrow7:2 = 5S\nrow7:3 = QD")
    assert "row7:1>discard" in legal(game)
    assert "not free" in str(refusal(game, "row6:1>discard"))
    assert "needs a partner" in str(refusal(game, "row7:3>discard"))
    play(game, "row7:1>discard")
    assert pile(game, "discard") == "KH"


def test_the_waste_and_the_stock_tops_pair_with_the_pyramid_and_each_other() -> None:
    game = game_at(PYRAMID, "row7:1 = TD\nrow7:2 = 3C\nstock = 2c TH\nwaste = 3S")
    assert {"waste>row7:1", "stock>row7:2", "waste>stock"} <= legal(game)
    play(game, "waste>stock")
    assert pile(game, "discard") == "TH 3S"  # the stock's next card turns up by itself
    assert pile(game, "stock") == "2C"
    assert pile(game, "waste") == ""


def test_a_pair_is_made_onto_the_stock_not_onto_the_waste() -> None:
    game = game_at(PYRAMID, "row7:1 = 3D\nstock = 2c TH\nwaste = 3S")
    assert "Nothing can be put on waste" in str(refusal(game, "stock>waste"))
    assert "takes cards only from waste" in str(refusal(game, "row7:1>stock"))


def test_deal_turns_the_stock_top_onto_the_waste_and_shows_the_next() -> None:
    game = play(game_at(PYRAMID, "row1 = 5C\nstock = 9d 6s 7H\nwaste = 2S"), "deal")
    assert pile(game, "waste") == "2S 7H"
    assert pile(game, "stock") == "9d 6S"
    play(game, "deal")
    assert pile(game, "waste") == "2S 7H 6S"  # 7 and 6 on the waste stay: no pair made there


def test_one_pass_through_the_stock() -> None:
    game = game_at(PYRAMID, "row1 = 5C\nwaste = 2S 7H")
    assert "only once" in str(refusal(game, "deal"))


def test_the_option_turns_the_waste_over_for_another_pass() -> None:
    game = play(game_at(load("pyramid", passes=2), "row1 = 5C\nwaste = 2S 7H"), "deal")
    assert pile(game, "stock") == "7h 2S"
    assert pile(game, "waste") == ""
    play(game, "deal", "deal")
    assert "at most" in str(refusal(game, "deal"))


def test_won_when_the_pyramid_is_cleared_whatever_the_stock_holds() -> None:
    game = game_at(PYRAMID, "row1 = 8C\nstock = 9d 5H\nwaste = 3S")
    assert game.outcome() == "playing"
    play(game, "stock>row1")
    assert game.outcome() == "won"


def test_lost_with_no_pair_and_no_card_to_turn() -> None:
    game = game_at(PYRAMID, "row1 = 8C\nwaste = 3S")
    assert game.legal_moves() == []
    assert game.outcome() == "lost"
