"""Giant: two packs, eight columns dealt a row at a time, one cell; build down in alternate
colours (or in suit, as an option), as positions and moves."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

GIANT = load("giant")
GIANT_IN_SUIT = load("giant", builds="same suit")


def test_eight_columns_of_one_card_and_96_in_the_stock() -> None:
    position = Game(GIANT, 3).position
    assert [len(p.cards) for p in position.groups["tableau"]] == [1] * 8
    assert len(position.by_id["stock"].cards) == 96
    assert len(position.groups["foundation"]) == 8


def test_the_stock_deals_a_row_even_onto_spaces_once_through() -> None:
    game = game_at(GIANT, "stock = " + " ".join(["5c"] * 8) + "\ntableau:1 = 9H")
    play(game, "deal")
    assert [pile(game, f"tableau:{n}") for n in (1, 2, 8)] == ["9H 5C", "5C", "5C"]
    assert not any(move.startswith("deal") for move in legal(game))


def test_runs_in_alternate_colours_move_whole_and_a_space_takes_any_card() -> None:
    game = game_at(GIANT, "tableau:1 = 9S 8H 7C\ntableau:2 = TD\ntableau:3 = TS")
    assert refusal(game, "t1>t2/3") is None
    assert refusal(game, "t1>t3/3") is not None
    play(game, "t1>t4/2")
    assert pile(game, "tableau:4") == "8H 7C"


def test_the_option_builds_in_suit() -> None:
    game = game_at(GIANT_IN_SUIT, "tableau:1 = 9S 8S\ntableau:2 = TS\ntableau:3 = TD 9C 8D")
    assert refusal(game, "t1>t2/2") is None
    assert refusal(game, "t3>t2") is not None
    assert refusal(game, "t3>t4/2") is not None


def test_the_cell_holds_one_card_and_foundations_give_their_top_card_back() -> None:
    game = game_at(GIANT, "tableau:1 = 4D 3S\nfoundation:1 = AH 2H\ncell = 7C")
    assert refusal(game, "t1>cell") is not None
    play(game, "f1>t1")
    assert pile(game, "tableau:1") == "4D 3S 2H"
