"""First Law: four piles dealt from the stock, a card onto the leftmost card of its rank, four
of a kind showing at once leaving, the piles gathered turned over and dealt again, as positions
and moves."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

FIRST_LAW = load("first_law")


def test_the_whole_pack_waits_in_the_stock_which_deals_a_card_to_each_pile() -> None:
    game = Game(FIRST_LAW, 3)
    assert len(game.position.by_id["stock"].cards) == 52
    play(game, "deal")
    assert [len(p.cards) for p in game.position.groups["tableau"]] == [1] * 4


def test_a_card_joins_only_the_leftmost_pile_of_its_rank_to_its_left() -> None:
    game = game_at(FIRST_LAW, "tableau:1 = 9C\ntableau:2 = 9H\ntableau:3 = 4S\ntableau:4 = 9S")
    assert refusal(game, "t4>t1") is None
    assert refusal(game, "t4>t2") is not None
    assert refusal(game, "t1>t4") is not None
    assert refusal(game, "t3>t1") is not None
    assert {move for move in legal(game) if ">" in move} == {
        "tableau:2>tableau:1",
        "tableau:4>tableau:1",
    }


def test_four_of_a_kind_showing_at_once_leave() -> None:
    game = game_at(FIRST_LAW, "stock = 5c 5h 5s 5d\nfoundation = AS AH AD AC")
    play(game, "deal")
    assert [pile(game, f"tableau:{n}") for n in range(1, 5)] == [""] * 4
    assert len(game.position.by_id["foundation"].cards) == 8
    three = game_at(FIRST_LAW, "stock = 9c 5d\ntableau:1 = 5C\ntableau:2 = 5H\ntableau:3 = 5S")
    play(three, "deal")
    assert pile(three, "foundation") == ""


def test_an_empty_stock_gathers_the_piles_turned_over_so_the_first_card_comes_first() -> None:
    text = "tableau:1 = 2H 3C\ntableau:2 = 4H\ntableau:3 = 6S 7D\ntableau:4 = 8C"
    game = game_at(FIRST_LAW, text)
    play(game, "deal")
    assert [pile(game, f"tableau:{n}") for n in range(1, 5)] == ["2H", "3C", "4H", "6S"]
    assert pile(game, "stock") == "8c 7d"
