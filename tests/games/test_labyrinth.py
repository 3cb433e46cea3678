"""Labyrinth: the Aces start the foundations; a column's top card and the row card heading it
are both in play, home only; a row card played is replaced by its column's bottom card, or from
the stock while no column holds a card; the stock deals rows, as positions and moves."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, load, pile, play, refusal

LABYRINTH = load("labyrinth")


def test_the_deal_lays_the_aces_home_a_row_of_eight_and_a_stock_of_40() -> None:
    position = Game(LABYRINTH, 1).position
    assert [pile.cards[0].rank for pile in position.groups["foundation"]] == [1] * 4
    assert [len(p.cards) for p in position.groups["row"]] == [1] * 8
    assert all(not p.cards for p in position.groups["tableau"])
    assert len(position.by_id["stock"].cards) == 40


def test_before_the_first_deal_a_row_card_played_is_replaced_from_the_stock() -> None:
    game = game_at(LABYRINTH, "foundation:1 = AC\nrow:1 = 2C\nrow:2 = 9D\nstock = 5S 4S")
    play(game, "row:1>foundation:1")
    assert pile(game, "row:1") == "4S"


def test_top_and_heading_cards_go_home_and_the_column_moves_up() -> None:
    game = game_at(
        LABYRINTH,
        "foundation:1 = AC\nfoundation:2 = AD\nrow:1 = 2C\ntableau:1 = 3C 7H 2D\n"
        "row:2 = 9S\ntableau:2 = 4C\nstock = 5S",
    )
    assert refusal(game, "t1>foundation:2") is None
    assert refusal(game, "row:2>foundation:1") is not None
    assert refusal(game, "t1>t2") is not None
    play(game, "row:1>foundation:1")
    assert pile(game, "row:1") == "3C"
    assert pile(game, "tableau:1") == "7H 2D"
    play(game, "row:1>foundation:1", "t2>foundation:1")
    assert pile(game, "tableau:2") == ""
    assert pile(game, "stock") == "5S"


def test_the_stock_deals_a_row_onto_the_columns_and_heads_the_empty_ones() -> None:
    game = game_at(
        LABYRINTH,
        "row:1 = 9C\ntableau:1 = 8C\nstock = 2H 3H 4H 5H 6H 7H 8H 9H",
    )
    play(game, "deal")
    assert pile(game, "tableau:1") == "8C 9H"
    assert pile(game, "row:2") == "8H"
    assert pile(game, "tableau:2") == ""
    assert pile(game, "row:8") == "2H"


def test_won_when_all_are_home() -> None:
    lines = [
        f"foundation:{n} = " + " ".join(r + s for r in "A23456789TJQK")
        for n, s in enumerate("CDH", 1)
    ]
    lines += ["foundation:4 = " + " ".join(r + "S" for r in "A23456789TJQ"), "row:5 = KS"]
    game = play(game_at(LABYRINTH, "\n".join(lines)), "row:5>foundation:4")
    assert game.outcome() == "won"
    assert game.score() == LABYRINTH.score.maximum == 48
