"""Neighbor: touching pairs adding up to 13 leave the grid, Kings go alone; after each move the
grid closes up in reading order and the stock fills its end, as positions and moves."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, load, pile, play, refusal

NEIGHBOR = load("neighbor")


def grid(game: Game) -> list[str]:
    return [pile(game, f"grid:{n}") for n in range(1, 26)]


def test_the_deal_lays_one_card_on_each_of_25_places_and_27_in_the_stock() -> None:
    position = Game(NEIGHBOR, 1).position
    assert [len(p.cards) for p in position.groups["grid"]] == [1] * 25
    assert len(position.by_id["stock"].cards) == 27


def test_a_pair_adding_up_to_13_must_touch_diagonals_too() -> None:
    game = game_at(
        NEIGHBOR, "grid:1 = 5C\ngrid:7 = 8D\ngrid:3 = 8S\ngrid:2 = QH\ngrid:6 = 2S\ngrid:8 = 9C"
    )
    assert refusal(game, "grid:1>grid:7") is None
    assert refusal(game, "grid:1>grid:3") == "grid:1 and grid:3 are not neighbours"
    assert refusal(game, "grid:6>grid:8") is not None
    play(game, "grid:1>grid:7")
    assert pile(game, "discard") == "8D 5C"


def test_a_king_goes_to_the_discard_alone_and_nothing_else_does() -> None:
    game = game_at(NEIGHBOR, "grid:1 = KC\ngrid:2 = QD\ngrid:3 = AS")
    assert refusal(game, "grid:2>discard") is not None
    play(game, "grid:1>discard")
    assert pile(game, "discard") == "KC"


def test_the_grid_closes_up_and_the_stock_fills_its_end() -> None:
    places = "\n".join(
        f"grid:{n} = {card}" for n, card in enumerate(["5C", "8D", "2S", "3S", "4S", "6S", "7S"], 1)
    )
    game = game_at(NEIGHBOR, places + "\nstock = 3H 2H")
    play(game, "grid:1>grid:2")
    assert grid(game)[:8] == ["2S", "3S", "4S", "6S", "7S", "2H", "3H", ""]


def test_won_when_every_card_is_discarded() -> None:
    game = game_at(NEIGHBOR, "grid:1 = 5C\ngrid:2 = 8D\ngrid:3 = KS")
    play(game, "grid:1>grid:2", "grid:1>discard")
    assert game.outcome() == "won"
    assert game.score() == 3
