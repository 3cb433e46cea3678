"""Maze: 54 places read as one line, row after row; the Kings are left out of the deal, so six
gaps remain; a gap takes the card after the one before it or before the one after it, an Ace
after any Queen; won when the line runs Ace to Queen suit after suit, as positions and moves."""

from __future__ import annotations

from retro.engine.cards import plain_rank
from retro.engine.game import Game
from tests.helpers import game_at, load, pile, play, refusal

MAZE = load("maze")


def test_the_deal_leaves_places_9_and_18_and_the_kings_places_empty() -> None:
    for seed in (1, 2, 3):
        position = Game(MAZE, seed).position
        places = position.groups["grid"]
        assert not places[8].cards and not places[17].cards
        assert sum(1 for place in places if not place.cards) == 6
        assert all(plain_rank(place.cards[-1]) != 13 for place in places if place.cards)
        assert len(position.by_id["kings"].cards) == 4


def test_a_gap_takes_the_next_card_in_suit_after_its_left_neighbour_across_a_row_end() -> None:
    game = game_at(MAZE, "grid:9 = 5C\ngrid:20 = 6C\ngrid:30 = 6H\ngrid:31 = 4D")
    assert refusal(game, "grid:20>grid:10") is None
    assert refusal(game, "grid:30>grid:10") is not None
    play(game, "grid:20>grid:10")
    assert pile(game, "grid:10") == "6C"


def test_a_gap_takes_the_card_just_below_its_right_neighbour() -> None:
    game = game_at(MAZE, "grid:5 = 8S\ngrid:20 = 7S\ngrid:21 = 7H")
    assert refusal(game, "grid:20>grid:4") is None
    assert refusal(game, "grid:21>grid:4") == (
        "7♥ neither follows the card before grid:4 nor comes just before the card after it"
    )


def test_an_ace_follows_any_queen_and_the_ends_take_an_ace_and_a_queen() -> None:
    game = game_at(MAZE, "grid:3 = QH\ngrid:20 = AS\ngrid:21 = QD\ngrid:22 = 2C")
    assert refusal(game, "grid:20>grid:4") is None
    assert refusal(game, "grid:20>grid:1") is None
    assert refusal(game, "grid:21>grid:54") is None
    assert refusal(game, "grid:22>grid:1") is not None
    assert refusal(game, "grid:22>grid:54") is not None


def test_won_when_the_line_runs_ace_to_queen_suit_after_suit_gaps_anywhere() -> None:
    line = [f"{rank}{suit}" for suit in "HSCD" for rank in "A23456789TJQ"]
    slots = [n for n in range(1, 55) if n not in (2, 9, 18, 30, 31, 54)]
    places = dict(zip(slots, line, strict=True))
    del places[3]  # the 2 of hearts lies at the far end instead
    text = "\n".join(f"grid:{n} = {card}" for n, card in places.items())
    game = game_at(MAZE, f"{text}\ngrid:54 = 2H\nkings = KH KS KC KD")
    assert game.outcome() != "won"
    assert game.score() == 46
    play(game, "grid:54>grid:3")
    assert game.outcome() == "won"
    assert game.score() == MAZE.score.maximum == 48
