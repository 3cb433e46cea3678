"""Camelot: cards placed one by one in a square of sixteen, court cards only in their own
places, and, once the square is full, 10s and pairs adding up to 10 taken away until the next
card is turned, as positions and moves."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

CAMELOT = load("camelot")
# a full square: Kings in the corners, Queens and Jacks in theirs, numbers in the middle
FULL = {
    1: "KS", 2: "QS", 3: "QH", 4: "KH", 5: "JS", 6: "3C", 7: "7D", 8: "JH",
    9: "JD", 10: "TC", 11: "4S", 12: "JC", 13: "KD", 14: "QD", 15: "QC", 16: "KC",
}  # fmt: skip


def square(places: dict[int, str]) -> str:
    return "\n".join(f"grid:{n} = {card}" for n, card in places.items())


def test_every_card_starts_in_the_stock() -> None:
    position = Game(CAMELOT, 5).position
    assert len(position.by_id["stock"].cards) == 52
    assert not any(pile.cards for pile in position.groups["grid"])


def test_court_cards_go_only_to_their_own_places() -> None:
    king = game_at(CAMELOT, "waste = KD\nstock = 2c")
    assert {move for move in legal(king) if move.startswith("waste")} == {
        f"waste>grid:{n}" for n in (1, 4, 13, 16)
    }
    queen = game_at(CAMELOT, "waste = QD\nstock = 2c")
    assert refusal(queen, "w>grid:14") is None
    assert refusal(queen, "w>grid:5") is not None
    jack = game_at(CAMELOT, "waste = JD\nstock = 2c")
    assert refusal(jack, "w>grid:12") is None
    number = game_at(CAMELOT, "waste = 6D\nstock = 2c")
    assert refusal(number, "w>grid:1") is None
    assert refusal(number, "w>grid:6") is None


def test_a_card_is_turned_only_onto_an_empty_waste() -> None:
    game = game_at(CAMELOT, "waste = 6D\nstock = 2c")
    assert refusal(game, "deal") is not None
    play(game, "w>grid:7", "deal")
    assert pile(game, "waste") == "2C"


def test_nothing_leaves_until_the_square_is_full() -> None:
    places = dict(FULL)
    del places[11]
    game = game_at(CAMELOT, square(places) + "\nwaste = 5H\nstock = 2c")
    assert refusal(game, "grid:6>grid:7") is not None
    assert refusal(game, "grid:10>discard") is not None
    play(game, "w>grid:11")
    assert refusal(game, "grid:10>discard") is None
    play(game, "grid:6>grid:7")
    assert pile(game, "discard") == "7D 3C"
    play(game, "grid:10>discard")


def test_turning_a_card_ends_the_removals_until_the_square_is_full_again() -> None:
    places = dict(FULL)
    places[11] = "5H"
    game = game_at(CAMELOT, "counters phase=1\n" + square(places) + "\nstock = 2c 5c")
    play(game, "grid:6>grid:7", "deal")
    assert refusal(game, "grid:10>discard") is not None


def test_camelot_is_won_with_the_twelve_court_cards_alone() -> None:
    courts = {n: card for n, card in FULL.items() if card[0] in "KQJ"}
    numbers = " ".join(f"{rank}{suit}" for rank in "A23456789" for suit in "SHDC")
    game = game_at(CAMELOT, square(courts) + f"\ndiscard = {numbers} TS TH TD\ngrid:6 = TC")
    assert game.outcome() != "won"
    play(game, "grid:6>discard")
    assert game.outcome() == "won"
    assert game.score() == 40
