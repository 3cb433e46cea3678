"""Helsinki: ten cards face up; two adding up to 13 go off together, a King alone; the stock
fills each place emptied; won when every card is off."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, load, pile, play, refusal

HELSINKI = load("helsinki")


def test_ten_cards_face_up_and_the_rest_in_the_stock() -> None:
    position = Game(HELSINKI, 1).position
    assert [len(p.cards) for p in position.groups["grid"]] == [1] * 10
    assert len(position.by_id["stock"].cards) == 42


def test_two_cards_adding_up_to_13_go_off_and_the_stock_fills_both_places() -> None:
    game = game_at(HELSINKI, "grid:1 = 8H\ngrid:2 = 5C\ngrid:3 = 6D\nstock = 2s 3d")
    assert refusal(game, "grid:3>grid:1") is not None
    play(game, "grid:2>grid:1")
    assert pile(game, "discard") == "8H 5C"
    assert {pile(game, "grid:1"), pile(game, "grid:2")} == {"2S", "3D"}


def test_a_jack_pairs_with_a_2_and_a_queen_with_an_ace() -> None:
    game = game_at(HELSINKI, "grid:1 = JH\ngrid:2 = 2C\ngrid:3 = QD\ngrid:4 = AS")
    assert refusal(game, "grid:2>grid:1") is None
    assert refusal(game, "grid:4>grid:3") is None


def test_a_king_goes_off_alone() -> None:
    game = game_at(HELSINKI, "grid:1 = KH\ngrid:2 = QC\nstock = 4s")
    assert refusal(game, "grid:2>discard") is not None
    play(game, "grid:1>discard")
    assert pile(game, "grid:1") == "4S"


def test_won_when_every_card_is_off() -> None:
    game = game_at(HELSINKI, "grid:1 = 9H\ngrid:2 = 4C")
    play(game, "grid:2>grid:1")
    assert game.outcome() == "won"
