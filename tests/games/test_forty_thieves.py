"""Forty Thieves: two packs, ten columns of four, building down in suit one card at a time, one
pass through the stock, as positions and moves."""

from __future__ import annotations

from collections import Counter

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal, suit_run

FORTY = load("forty_thieves")


def test_the_deal_is_ten_columns_of_four_face_up_and_64_cards_in_stock() -> None:
    position = Game(FORTY, 2).position
    assert [(len(p.cards), p.down) for p in position.groups["tableau"]] == [(4, 0)] * 10
    stock = position.by_id["stock"]
    assert (len(stock.cards), stock.down) == (64, 64)
    assert set(Counter(position.cards_in_play()).values()) == {2}
    assert len(position.groups["foundation"]) == 8


def test_columns_build_down_in_suit() -> None:
    game = game_at(FORTY, "tableau:1 = 8H\ntableau:2 = 7H\ntableau:3 = 7D")
    assert refusal(game, "t2>t1") is None
    assert refusal(game, "t3>t1") == "7♦ goes only on an 8 of the same suit, not on 8♥"


def test_one_card_moves_at_a_time_even_from_a_run() -> None:
    game = game_at(FORTY, "tableau:1 = 9H 8H 7H\ntableau:2 = TH\ntableau:3 = 8S")
    assert refusal(game, "t1>t2/3") == "Only the top card can be moved"
    assert "tableau:1>tableau:2" not in legal(game)


def test_an_empty_column_takes_any_card() -> None:
    game = game_at(FORTY, "tableau:1 = 5C\nwaste = QD\ntableau:2 = KS")
    assert {"tableau:1>tableau:3", "waste>tableau:3", "tableau:2>tableau:3"} <= legal(game)


def test_foundations_from_ace_to_king_in_suit_with_two_of_each() -> None:
    game = game_at(FORTY, "foundation:1 = AH\nwaste = AH\ntableau:1 = 2H\ntableau:2 = 3H")
    play(game, "waste>f2", "t1>f1")
    assert pile(game, "foundation:1") == "AH 2H"
    assert refusal(game, "t2>f2") == "foundation:2 takes only the 2 of the same suit next"


def test_one_card_a_turn_and_one_pass_through_the_stock() -> None:
    game = play(game_at(FORTY, "stock = 3c 9d\ntableau:1 = 2H"), "deal")
    assert pile(game, "waste") == "9D"
    play(game, "deal")
    assert refusal(game, "deal") == "No redeal: the stock is gone through only once"


def test_won_when_all_104_cards_are_home() -> None:
    runs = [" ".join(reversed(suit_run(s).split())) for s in "SHDCSHDC"]
    lines = [f"foundation:{i + 1} = {run}" for i, run in enumerate(runs)]
    lines[7] = "foundation:8 = " + " ".join(runs[7].split()[:-1])
    game = play(game_at(FORTY, "\n".join([*lines, "tableau:5 = KC"])), "t5>f8")
    assert game.outcome() == "won"
    assert game.score() == FORTY.score.maximum == 520
