"""Poker: cards laid one by one in a square of five by five where they stay, the twelve lines
scoring their poker hands by the British points, 75 points a win, as positions and moves."""

from __future__ import annotations

import pytest

from retro.engine.cards import parse_card
from retro.engine.game import Game
from retro.rules.scoring import poker_hand
from tests.helpers import game_at, legal, load, play, refusal

POKER = load("poker")


def test_one_card_waits_on_the_waste_and_the_square_is_empty() -> None:
    position = Game(POKER, 6).position
    assert len(position.by_id["waste"].cards) == 1
    assert len(position.by_id["stock"].cards) == 51
    assert not any(pile.cards for pile in position.groups["grid"])


def test_the_waste_card_goes_to_an_empty_place_and_stays_there() -> None:
    game = game_at(POKER, "stock = 2c 3c\nwaste = 9H\ngrid:1 = KS")
    assert refusal(game, "w>grid:1") is not None
    play(game, "w>grid:2")
    assert "grid:2>grid:3" not in legal(game)
    assert game.position.by_id["waste"].cards[-1].code == "3C"


@pytest.mark.parametrize(
    ("cards", "hand"),
    [
        ("9H TH JH QH KH", "straight_flush"),
        ("4S 4H 4D 4C 9H", "four"),
        ("AS 2H 3D 4C 5H", "straight"),
        ("TS JH QD KC AH", "straight"),
        ("7S 7H 7D 2C 2H", "full_house"),
        ("7S 7H 7D 2C 3H", "three"),
        ("2S 7S 9S JS KS", "flush"),
        ("7S 7H 2D 2C 3H", "two_pairs"),
        ("7S 7H 2D 4C 3H", "pair"),
        ("JS QH KD AC 2H", None),
    ],
)
def test_five_cards_make_their_best_hand(cards: str, hand: str | None) -> None:
    assert poker_hand([parse_card(code) for code in cards.split()]) == hand


def test_rows_columns_and_diagonals_score_their_hands() -> None:
    full_house = ["7S", "7H", "7D", "2C", "2H"]
    row = "\n".join(f"grid:{n} = {code}" for n, code in enumerate(full_house, 1))
    column = "\ngrid:6 = 9S\ngrid:11 = 9C\ngrid:16 = 4D\ngrid:21 = 5D"
    game = game_at(POKER, row + column)
    assert game.score() == 10 + 1  # the full house and the pair of nines in column 1
    diagonal = "\ngrid:7 = QH\ngrid:13 = QS\ngrid:19 = KD\ngrid:25 = KC"
    game = game_at(POKER, row + column + diagonal)
    assert game.score() == 10 + 1 + 3  # and two pairs on the diagonal


def test_poker_is_won_at_75_points() -> None:
    flushes = {1: "AS 2S 3S 4S 6S", 2: "AH 2H 3H 4H 6H", 3: "AD 2D 3D 4D 6D"}
    text = "\n".join(
        f"grid:{(row - 1) * 5 + n} = {code}"
        for row, cards in flushes.items()
        for n, code in enumerate(cards.split(), 1)
    )
    text += "\ngrid:16 = 5C\ngrid:17 = 5H\ngrid:18 = 5D\ngrid:19 = 5S\ngrid:20 = 8C"
    text += "\ngrid:21 = 9C\ngrid:22 = 9H\ngrid:23 = 9D\ngrid:24 = 9S\nwaste = 8H"
    game = game_at(POKER, text)
    assert game.score() < 75
    play(game, "w>grid:25")
    assert game.score() >= 75
    assert game.outcome() == "won"
