"""Golf: seven columns of five, one pile built up or down regardless of suit, a stock turned
one card at a time onto the pile, as positions and moves."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

GOLF = load("golf")


def test_the_deal_is_seven_columns_of_five_face_up_one_card_on_the_pile_and_16_in_stock() -> None:
    position = Game(GOLF, 4).position
    assert [(len(p.cards), p.down) for p in position.groups["tableau"]] == [(5, 0)] * 7
    foundation = position.by_id["foundation"]
    assert (len(foundation.cards), foundation.down) == (1, 0)
    stock = position.by_id["stock"]
    assert (len(stock.cards), stock.down) == (16, 16)


def test_a_column_top_goes_on_the_pile_one_rank_up_or_down_whatever_its_suit() -> None:
    game = game_at(GOLF, "foundation = 7S\ntableau:1 = 8H\ntableau:2 = 6D\ntableau:3 = 9S")
    assert {"tableau:1>foundation", "tableau:2>foundation"} <= legal(game)
    assert refusal(game, "t3>f") == "Only a card one rank above or below goes on 7♠: an 8 or a 6"
    play(game, "t1>f", "t3>f")
    assert pile(game, "foundation") == "7S 8H 9S"


def test_only_the_top_card_of_a_column_moves_and_nothing_goes_onto_the_columns() -> None:
    game = game_at(GOLF, "foundation = 7S\ntableau:1 = 8H 2C\ntableau:2 = 3D")
    assert "top card" in str(refusal(game, "t1>f/2"))
    assert refusal(game, "t2>t1") == "Nothing can be put on tableau:1"


def test_no_turn_from_king_to_ace_unless_chosen() -> None:
    text = "foundation = KS\ntableau:1 = AH\ntableau:2 = QC"
    game = game_at(GOLF, text)
    assert refusal(game, "t1>f") == "Only a card one rank above or below goes on K♠: a Q"
    assert refusal(game, "t2>f") is None
    assert refusal(game_at(load("golf", wrap="yes"), text), "t1>f") is None


def test_the_stock_turns_one_card_onto_the_pile_and_is_gone_through_once() -> None:
    game = play(game_at(GOLF, "foundation = KS\nstock = 4c 9d\ntableau:1 = 2H"), "deal")
    assert pile(game, "foundation") == "KS 9D"
    play(game, "deal")
    assert pile(game, "foundation") == "KS 9D 4C"
    assert refusal(game, "deal") == "No redeal: the stock is gone through only once"


def test_won_when_the_columns_are_cleared_even_with_stock_left() -> None:
    game = game_at(GOLF, "foundation = 5D\ntableau:4 = 4C\nstock = 9h 9c")
    play(game, "t4>f")
    assert game.outcome() == "won"
    assert game.score() == 35 + 2


def test_lost_when_no_card_fits_and_the_stock_is_empty() -> None:
    game = game_at(GOLF, "foundation = 5D\ntableau:1 = 9C\ntableau:2 = JH")
    assert game.legal_moves() == []
    assert game.outcome() == "lost"


def test_score_is_the_cards_cleared_from_the_columns() -> None:
    assert Game(GOLF, 9).score() == 0
    game = game_at(GOLF, "foundation = 5D\ntableau:1 = 9C 6S\nstock = 2h")
    assert game.score() == 33
    play(game, "t1>f")
    assert game.score() == 34
    assert GOLF.score.maximum == 51
