"""Jumbo: Klondike with two packs, nine columns of nine to one with the top cards up, eight
foundations, one card at a time from the stock and two passes through it."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal, suit_run

JUMBO = load("jumbo")


def test_nine_columns_of_nine_to_one_and_the_rest_in_the_stock() -> None:
    position = Game(JUMBO, 3).position
    assert [(p.down, p.face_up) for p in position.groups["tableau"]] == [
        (8 - i, 1) for i in range(9)
    ]
    stock = position.by_id["stock"]
    assert len(stock.cards) == stock.down == 104 - 45
    assert len(position.groups["foundation"]) == 8
    assert Counter(position.cards_in_play()) == Counter(make_deck() * 2)


def test_columns_build_down_in_alternate_colours_and_only_kings_fill_spaces() -> None:
    game = game_at(
        JUMBO, "tableau:1 = 9S\ntableau:2 = 8H 7C\ntableau:3 = 8S\ntableau:4 = QD\nwaste = KH"
    )
    assert refusal(game, "t2>t1/2") is None
    assert refusal(game, "t3>t1") is not None
    assert refusal(game, "t4>t5") is not None
    assert refusal(game, "waste>t5") is None


def test_the_stock_turns_one_card_and_goes_round_twice() -> None:
    game = play(game_at(JUMBO, "stock = 2c 3d\ntableau:1 = KS"), "deal")
    assert pile(game, "waste") == "3D"
    game = game_at(JUMBO, "counters redeals=0\nwaste = 2C 3D\ntableau:1 = KS")
    assert "deal" in legal(game)
    game = game_at(JUMBO, "counters redeals=1\nwaste = 2C 3D\ntableau:1 = KS")
    assert "No redeal" in str(refusal(game, "deal"))


def test_two_foundations_of_a_suit_each_go_up_from_an_ace() -> None:
    game = game_at(JUMBO, "tableau:1 = AH\ntableau:2 = AH\ntableau:3 = 2H\nwaste = 2S")
    play(game, "t1>f1", "t2>f2", "t3>f2")
    assert pile(game, "foundation:2") == "AH 2H"
    assert refusal(game, "waste>f1") is not None


def test_won_when_all_104_cards_are_home() -> None:
    lines = [
        f"foundation:{i + 1} = " + " ".join(reversed(suit_run(s).split()))
        for i, s in enumerate("SHDCSHD")
    ]
    lines += ["foundation:8 = " + " ".join(reversed(suit_run("C", 12).split())), "tableau:9 = KC"]
    game = game_at(JUMBO, "\n".join(lines))
    assert game.outcome() == "playing"
    play(game, "t9>f8")
    assert game.outcome() == "won"
