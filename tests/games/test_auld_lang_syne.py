"""Auld Lang Syne: the Aces start the foundations, built up regardless of suit from four
reserves the stock deals onto, as positions and moves."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

AULD = load("auld_lang_syne")


def test_the_aces_start_the_foundations_and_the_rest_wait_in_the_stock() -> None:
    position = Game(AULD, 8).position
    assert [p.cards[0].rank for p in position.groups["foundation"]] == [1, 1, 1, 1]
    assert len(position.by_id["stock"].cards) == 48
    assert not any(p.cards for p in position.groups["reserve"])


def test_the_stock_deals_a_card_onto_each_reserve() -> None:
    game = game_at(AULD, "stock = 2c 3c 4c 5c 6c")
    play(game, "deal")
    assert [pile(game, f"reserve:{n}") for n in range(1, 5)] == ["6C", "5C", "4C", "3C"]
    assert pile(game, "stock") == "2c"


def test_foundations_go_up_whatever_the_suit() -> None:
    game = game_at(AULD, "foundation:1 = AS\nreserve:1 = 2H\nreserve:2 = 3D\nreserve:3 = 2C")
    assert refusal(game, "r2>f1") is not None
    play(game, "r1>f1", "r2>f1")
    assert pile(game, "foundation:1") == "AS 2H 3D"


def test_reserve_cards_go_only_to_the_foundations() -> None:
    game = game_at(AULD, "foundation:1 = AS\nreserve:1 = 5H\nreserve:2 = 6D")
    assert refusal(game, "r1>r2") is not None
    assert not any(">reserve" in move for move in legal(game))
