"""Quatorze: pairs adding up to 14 from one row or one column of a five-by-five grid; the stock
fills the gaps where they are, and once it is empty the grid closes up in reading order, as
positions and moves."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, load, pile, play, refusal

QUATORZE = load("quatorze")


def grid(game: Game) -> list[str]:
    return [pile(game, f"grid:{n}") for n in range(1, 26)]


def test_the_deal_lays_one_card_on_each_of_25_places_and_27_in_the_stock() -> None:
    position = Game(QUATORZE, 1).position
    assert [len(p.cards) for p in position.groups["grid"]] == [1] * 25
    assert len(position.by_id["stock"].cards) == 27


def test_a_pair_adding_up_to_14_goes_in_a_row_or_a_column_but_not_across() -> None:
    game = game_at(
        QUATORZE,
        "grid:1 = 5C\ngrid:5 = 9D\ngrid:21 = 9H\ngrid:7 = 9S\ngrid:2 = KH\ngrid:3 = 2S",
    )
    assert refusal(game, "grid:1>grid:5") is None
    assert refusal(game, "grid:1>grid:21") is None
    assert refusal(game, "grid:1>grid:7") == "grid:1 and grid:7 share no row or column"
    assert refusal(game, "grid:2>grid:3") is not None
    play(game, "grid:1>grid:21")
    assert pile(game, "discard") == "9H 5C"


def test_the_stock_fills_both_gaps_where_they_are() -> None:
    cards = ["5C", "7D", "9D"] + [f"{rank}{suit}" for suit in "SH" for rank in "A23456789TJ"]
    places = "\n".join(f"grid:{n} = {card}" for n, card in enumerate(cards, 1))
    game = game_at(QUATORZE, places + "\nstock = 3C 2C")
    play(game, "grid:1>grid:3")
    assert grid(game) == ["2C", "7D", "3C", *cards[3:]]


def test_with_the_stock_empty_the_grid_closes_up_in_reading_order() -> None:
    game = game_at(QUATORZE, "grid:1 = 5C\ngrid:3 = 7D\ngrid:5 = 9D\ngrid:6 = 4S\ngrid:12 = QH")
    play(game, "grid:1>grid:5")
    assert grid(game)[:4] == ["7D", "4S", "QH", ""]
    assert all(place == "" for place in grid(game)[3:])


def test_won_when_every_card_is_discarded() -> None:
    game = game_at(QUATORZE, "grid:1 = 5C\ngrid:2 = 9D")
    play(game, "grid:1>grid:2")
    assert game.outcome() == "won"
    assert game.score() == 2
