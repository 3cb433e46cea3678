"""Gold Mine: Klondike with the whole pack in the stock, three at a time, once through; the
columns start empty and take any card, as positions and moves."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

GOLD_MINE = load("gold_mine")


def test_the_whole_pack_lies_in_the_stock_and_the_columns_start_empty() -> None:
    position = Game(GOLD_MINE, 4).position
    assert len(position.by_id["stock"].cards) == 52
    assert not any(p.cards for p in position.groups["tableau"])


def test_the_stock_turns_three_cards_and_is_gone_through_once() -> None:
    game = game_at(GOLD_MINE, "stock = 2c 3c 4c 5c\nwaste = 9H")
    play(game, "deal")
    assert pile(game, "waste") == "9H 5C 4C 3C"
    play(game, "deal")
    assert pile(game, "stock") == ""
    assert "deal" not in " ".join(legal(game))


def test_an_empty_column_takes_any_card() -> None:
    game = game_at(GOLD_MINE, "waste = 7D")
    play(game, "waste>t4")
    assert pile(game, "tableau:4") == "7D"


def test_columns_build_down_in_alternate_colours_and_runs_move_together() -> None:
    game = game_at(GOLD_MINE, "tableau:1 = 9S 8H\ntableau:2 = TD\ntableau:3 = TC\nwaste = 7H")
    assert refusal(game, "t1>t2/2") is None
    assert refusal(game, "t1>t3/2") is not None
    assert refusal(game, "waste>t1") is not None


def test_foundations_go_up_in_suit_from_the_ace_and_give_cards_back() -> None:
    game = game_at(GOLD_MINE, "foundation:1 = AH 2H\ntableau:1 = 4S\nwaste = 3H")
    play(game, "waste>f1", "f1>t1")
    assert pile(game, "tableau:1") == "4S 3H"
