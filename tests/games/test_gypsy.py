"""Gypsy: two packs, eight columns of two face-down cards and one face up, building down in
alternate colours, a stock that deals a card onto every column, as positions and moves."""

from __future__ import annotations

from collections import Counter

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

GYPSY = load("gypsy")


def test_the_deal_is_eight_columns_of_two_down_and_one_up_and_80_in_stock() -> None:
    position = Game(GYPSY, 13).position
    assert [(p.down, p.face_up) for p in position.groups["tableau"]] == [(2, 1)] * 8
    stock = position.by_id["stock"]
    assert (len(stock.cards), stock.down) == (80, 80)
    assert set(Counter(position.cards_in_play()).values()) == {2}


def test_runs_in_alternate_colours_build_down_and_move_together() -> None:
    game = game_at(
        GYPSY, "tableau:1 = 4d 9S 8H 7C\ntableau:2 = TD\ntableau:3 = 9C\ntableau:4 = 8D 7S"
    )
    assert {"tableau:1>tableau:2/3", "tableau:1>tableau:3/2"} <= legal(game)
    assert refusal(game, "t4>t3/2") is None
    assert refusal(game, "t4>t2/2") == "8♦ goes only on a 9 of the other colour, not on 10♦"


def test_an_empty_column_takes_any_card_or_run() -> None:
    game = game_at(GYPSY, "tableau:1 = 4d 9S 8H 7C\ntableau:2 = 5H")
    assert {"tableau:1>tableau:3/3", "tableau:1>tableau:3", "tableau:2>tableau:3"} <= legal(game)
    play(game, "t1>t3/3")
    assert pile(game, "tableau:1") == "4D"


def test_the_stock_deals_a_card_onto_every_column_even_an_empty_one() -> None:
    cards = " ".join(f"{r}h" for r in "23456789") + " ks"
    game = play(game_at(GYPSY, f"tableau:1 = QC\nstock = {cards}"), "deal")
    assert pile(game, "tableau:1") == "QC KS"
    assert pile(game, "tableau:2") == "9H"
    assert pile(game, "tableau:8") == "3H"
    assert pile(game, "stock") == "2h"


def test_eight_foundations_from_ace_to_king_in_suit() -> None:
    game = game_at(GYPSY, "foundation:1 = AS\ntableau:1 = AS\ntableau:2 = 2S\ntableau:3 = 2C")
    play(game, "t1>f2", "t2>f2")
    assert pile(game, "foundation:2") == "AS 2S"
    assert refusal(game, "t3>f1") == "foundation:1 takes only the 2 of the same suit next"


def test_won_with_all_104_cards_home_scoring_5_a_card_and_5_a_turned_card() -> None:
    suits = "SHDCSHDC"
    lines = [
        f"foundation:{i + 1} = " + " ".join(r + s for r in "A23456789TJQK")
        for i, s in enumerate(suits)
    ]
    lines[7] = lines[7].rsplit(" ", 1)[0]
    game = game_at(GYPSY, "\n".join(["counters turned=16", *lines, "tableau:4 = KC"]))
    play(game, "t4>f8")
    assert game.outcome() == "won"
    assert game.score() == GYPSY.score.maximum == 600
