"""Jamestown: nine cards in a square; two of one rank go off together and the stock fills both
places; won when every card is off."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, load, pile, play, refusal

JAMESTOWN = load("jamestown")


def test_nine_cards_in_a_square_and_43_in_the_stock() -> None:
    position = Game(JAMESTOWN, 1).position
    assert [len(p.cards) for p in position.groups["grid"]] == [1] * 9
    assert len(position.by_id["stock"].cards) == 43


def test_two_cards_of_one_rank_go_off_and_the_stock_fills_their_places() -> None:
    full = "\n".join(
        f"grid:{n} = {card}"
        for n, card in zip(
            range(2, 10), ["AS", "2S", "3S", "8C", "4S", "5S", "6S", "7D"], strict=True
        )
    )
    game = game_at(JAMESTOWN, f"grid:1 = 8H\n{full}\nstock = 2h 3d")
    assert refusal(game, "grid:9>grid:1") is not None
    play(game, "grid:5>grid:1")
    assert pile(game, "discard") == "8H 8C"
    assert {pile(game, "grid:1"), pile(game, "grid:5")} == {"2H", "3D"}


def test_won_when_every_card_is_off() -> None:
    game = play(game_at(JAMESTOWN, "grid:1 = QH\ngrid:2 = QS"), "grid:2>grid:1")
    assert game.outcome() == "won"
