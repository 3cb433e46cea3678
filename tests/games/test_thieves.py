"""Thieves: a pack with two jokers, seven columns of five face up, one waste pile built up or
down regardless of suit with the jokers wild, a stock turned once, points for the cards played
off the columns by rank, as positions and moves."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

THIEVES = load("thieves")


def test_the_deal_is_seven_columns_of_five_one_waste_card_and_18_in_stock_from_54_cards() -> None:
    position = Game(THIEVES, 4).position
    assert [(len(p.cards), p.down) for p in position.groups["tableau"]] == [(5, 0)] * 7
    waste = position.by_id["waste"]
    assert (len(waste.cards), waste.down) == (1, 0)
    stock = position.by_id["stock"]
    assert (len(stock.cards), stock.down) == (18, 18)
    assert Counter(position.cards_in_play()) == Counter(make_deck(jokers=2))


def test_a_column_top_goes_on_the_waste_one_rank_up_or_down_whatever_its_suit() -> None:
    game = game_at(THIEVES, "waste = 7S\ntableau:1 = 8H\ntableau:2 = 6D\ntableau:3 = 9S")
    assert legal(game) == {"tableau:1>waste", "tableau:2>waste"}
    assert refusal(game, "t3>w") == (
        "Only a card one rank above or below goes on 7♠: an 8 or a 6 or a joker"
    )
    play(game, "t1>w", "t3>w")
    assert pile(game, "waste") == "7S 8H 9S"


def test_a_joker_goes_on_any_card_and_any_card_goes_on_a_joker() -> None:
    game = game_at(THIEVES, "waste = 4D\ntableau:1 = KC XR\ntableau:2 = 9S\ntableau:3 = XB")
    assert legal(game) == {"tableau:1>waste", "tableau:3>waste"}
    play(game, "t1>w")
    assert legal(game) == {"tableau:1>waste", "tableau:2>waste", "tableau:3>waste"}
    play(game, "t2>w", "t3>w", "t1>w")
    assert pile(game, "waste") == "4D XR 9S XB KC"


def test_no_turn_from_king_to_ace() -> None:
    game = game_at(THIEVES, "waste = KS\ntableau:1 = AH\ntableau:2 = QC")
    assert refusal(game, "t1>w") == "Only a card one rank above or below goes on K♠: a Q or a joker"
    assert refusal(game, "t2>w") is None


def test_only_the_top_card_moves_and_nothing_goes_onto_the_columns() -> None:
    game = game_at(THIEVES, "waste = 7S\ntableau:1 = 8H 9C\ntableau:2 = 8D")
    assert "top card" in str(refusal(game, "t1>w/2"))
    assert refusal(game, "t2>t1") == "Nothing can be put on tableau:1"


def test_the_stock_turns_one_card_onto_the_waste_once_through_and_earns_nothing() -> None:
    game = play(game_at(THIEVES, "waste = KS\nstock = xr ad\ntableau:1 = 2H"), "deal")
    assert pile(game, "waste") == "KS AD"
    play(game, "deal")
    assert pile(game, "waste") == "KS AD XR"
    assert game.score() == 0
    assert refusal(game, "deal") == "No redeal: the stock is gone through only once"


def test_each_card_off_the_columns_scores_its_ranks_points_and_undo_takes_them_back() -> None:
    # Ace and King 8; 2, 3, Jack and Queen 6; 4, 5, 9 and 10 4; 6, 7 and 8 2; a joker 0
    columns = ["AS 2H", "3D 4C", "5S 6H", "7D 8C", "9S TH", "JD QC", "KS XB"]
    text = "waste = XR\n" + "\n".join(f"tableau:{n} = {c}" for n, c in enumerate(columns, 1))
    game = game_at(THIEVES, text)
    earned = []
    for move in ("t7", "t7", "t6", "t6", "t5", "t5", "t4", "t4", "t3", "t3", "t2", "t2"):
        before = game.score()
        play(game, f"{move}>w")
        earned.append(game.score() - before)
    assert earned == [0, 8, 6, 6, 4, 4, 2, 2, 2, 4, 4, 6]
    play(game, "t1>w", "t1>w")
    assert game.score() == 8 + 6 + 6 + 4 + 4 + 2 + 2 + 2 + 4 + 4 + 6 + 6 + 8
    game.pop()
    assert game.score() == 8 + 6 + 6 + 4 + 4 + 2 + 2 + 2 + 4 + 4 + 6 + 6


def test_won_when_the_columns_are_cleared_even_with_stock_left() -> None:
    game = game_at(THIEVES, "waste = 5D\ntableau:4 = 4C\nstock = 9h xb")
    assert game.outcome() == "playing"
    play(game, "t4>w")
    assert game.outcome() == "won"
    assert game.score() == 4


def test_lost_when_no_card_fits_and_the_stock_is_empty() -> None:
    game = game_at(THIEVES, "waste = 5D\ntableau:1 = 9C\ntableau:2 = JH")
    assert game.legal_moves() == []
    assert game.outcome() == "lost"


def test_still_playing_while_the_stock_holds_a_card() -> None:
    game = game_at(THIEVES, "waste = 5D\ntableau:1 = 9C\nstock = 8h")
    assert legal(game) == {"deal"}
    play(game, "deal")
    assert legal(game) == {"tableau:1>waste"}
