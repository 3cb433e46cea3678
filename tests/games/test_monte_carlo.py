"""Monte Carlo: touching pairs of equal rank leave together (diagonals count, rows do not wrap);
'deal' closes the gaps in reading order and fills the places freed at the end from the stock."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

MONTE_CARLO = load("monte_carlo")


def test_twenty_five_cards_face_up_in_five_rows_and_27_in_the_stock() -> None:
    position = Game(MONTE_CARLO, 9).position
    assert [(p.down, len(p.cards)) for p in position.groups["grid"]] == [(0, 1)] * 25
    stock = position.by_id["stock"]
    assert len(stock.cards) == stock.down == 27
    assert Counter(position.cards_in_play()) == Counter(make_deck())


def test_a_touching_pair_of_equal_rank_leaves_diagonals_too() -> None:
    game = game_at(MONTE_CARLO, "grid:1 = 5H\ngrid:7 = 5S\ngrid:2 = 5D")
    assert {"grid:1>grid:7", "grid:1>grid:2", "grid:2>grid:7"} <= legal(game)
    play(game, "grid:1>grid:7")
    assert pile(game, "discard") == "5S 5H"
    assert pile(game, "grid:1") == pile(game, "grid:7") == ""


def test_cards_apart_do_not_pair_and_rows_do_not_wrap() -> None:
    game = game_at(MONTE_CARLO, "grid:1 = 5H\ngrid:3 = 5S\ngrid:5 = 9C\ngrid:6 = 9D\ngrid:2 = 7C")
    assert "grid:1 and grid:3 are not neighbours" in str(refusal(game, "grid:1>grid:3"))
    assert "not neighbours" in str(refusal(game, "grid:5>grid:6"))
    assert "no pair: of the same rank" in str(refusal(game, "grid:2>grid:1"))


def test_deal_closes_the_gaps_in_reading_order_and_fills_the_end() -> None:
    lines = [f"grid:{i} = 9C" for i in range(1, 26) if i not in (2, 7)]
    lines[0] = "grid:1 = 4H"
    lines[1] = "grid:3 = 6D"
    lines[-1] = "grid:25 = KS"
    game = play(game_at(MONTE_CARLO, "\n".join([*lines, "stock = as 2d 3d"])), "deal")
    assert [pile(game, f"grid:{i}") for i in (1, 2, 23, 24, 25)] == ["4H", "6D", "KS", "3D", "2D"]
    assert pile(game, "stock") == "as"


def test_deal_is_refused_with_no_gap_to_close() -> None:
    game = game_at(MONTE_CARLO, "\n".join(f"grid:{i} = 9C" for i in range(1, 26)) + "\nstock = as")
    assert "No gap to close" in str(refusal(game, "deal"))


def test_deal_closes_gaps_even_with_an_empty_stock_but_not_gaps_at_the_end() -> None:
    game = game_at(MONTE_CARLO, "grid:1 = 4H\ngrid:3 = 7S")
    assert "deal" in legal(game)
    play(game, "deal")
    assert pile(game, "grid:2") == "7S"
    assert "empty" in str(refusal(game, "deal"))


def test_won_when_every_card_is_paired_off() -> None:
    game = game_at(MONTE_CARLO, "grid:12 = QH\ngrid:18 = QC\ndiscard = 5S 5H")
    play(game, "grid:18>grid:12")
    assert game.outcome() == "won"


def test_lost_when_nothing_pairs_and_nothing_can_be_dealt() -> None:
    game = game_at(MONTE_CARLO, "grid:1 = 4H\ngrid:2 = 7S\ngrid:3 = 4C")
    assert game.legal_moves() == []
    assert game.outcome() == "lost"
