"""Zebra: two packs, the eight Aces out; foundations up and columns down in alternate colours;
only top cards move; a space fills itself from the waste, or the stock while the waste is
empty; two passes through the stock."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

ZEBRA = load("zebra")


def test_the_eight_aces_start_the_foundations_and_eight_columns_get_one_card() -> None:
    position = Game(ZEBRA, 8).position
    assert sorted(p.cards[0].code for p in position.groups["foundation"]) == sorted(
        ["AS", "AH", "AD", "AC"] * 2
    )
    assert [len(p.cards) for p in position.groups["tableau"]] == [1] * 8
    assert Counter(position.cards_in_play()) == Counter(make_deck() * 2)


def test_foundations_go_up_in_alternate_colours() -> None:
    game = game_at(
        ZEBRA, "foundation:1 = AS\ntableau:1 = 2D\ntableau:2 = 2C\ntableau:3 = 3C\nwaste = 9H"
    )
    assert refusal(game, "t2>f1") is not None
    play(game, "t1>f1", "t3>f1")
    assert pile(game, "foundation:1") == "AS 2D 3C"
    assert pile(game, "tableau:1") == "9H"


def test_columns_go_down_in_alternate_colours_top_card_only() -> None:
    game = game_at(ZEBRA, "tableau:1 = 9S\ntableau:2 = 9C 8H\ntableau:3 = 8C\nstock = 4h")
    assert refusal(game, "t2>t1") is None
    assert refusal(game, "t3>t1") is not None
    assert refusal(game, "t2>t1/2") is not None


def test_a_space_fills_from_the_waste_or_else_from_the_stock() -> None:
    game = game_at(ZEBRA, "tableau:1 = 9S\ntableau:2 = 8H\nwaste = 2C 5D\nstock = 4h 6s")
    play(game, "t2>t1")
    assert pile(game, "tableau:2") == "5D"
    game = game_at(ZEBRA, "tableau:1 = 9S\ntableau:2 = 8H\nstock = 4h 6s")
    play(game, "t2>t1")
    assert pile(game, "tableau:2") == "6S"


def test_two_passes_through_the_stock() -> None:
    game = game_at(ZEBRA, "counters redeals=1\nwaste = 2C 3D\ntableau:1 = KS")
    assert "deal" not in legal(game)
