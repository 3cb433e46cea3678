"""Streets and Alleys: eight rows of seven and six, all face up, no card taken out first; top
cards only, built down whatever the suit; a space takes any card; the foundations start from
the Aces and give their top cards back."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal, suit_run

STREETS = load("streets_and_alleys")


def test_the_left_rows_get_seven_cards_and_the_right_rows_six() -> None:
    for seed in (1, 2, 99):
        position = Game(STREETS, seed).position
        rows = position.groups["row"]
        assert [(p.down, len(p.cards)) for p in rows] == [(0, 7), (0, 6)] * 4
        assert not any(p.cards for p in position.groups["foundation"])
        assert Counter(position.cards_in_play()) == Counter(make_deck())


def test_only_the_top_card_moves_down_on_a_card_one_higher_of_any_suit() -> None:
    game = game_at(STREETS, "row:1 = 9S 8H\nrow:2 = 9C\nrow:3 = 7D\nrow:4 = 7C")
    assert "top card" in str(refusal(game, "row:1>row:2/2"))
    assert refusal(game, "row:1>row:2") is None
    assert refusal(game, "row:3>row:1") is None
    assert "goes only on an 8" in str(refusal(game, "row:4>row:2"))


def test_a_space_takes_any_card() -> None:
    game = game_at(STREETS, "row:1 = 4C 7D\nrow:2 = KS")
    assert {"row:1>row:3", "row:2>row:3"} <= legal(game)
    play(game, "row:1>row:8")
    assert pile(game, "row:8") == "7D"


def test_the_foundations_start_from_an_ace_and_go_up_in_suit() -> None:
    game = game_at(STREETS, "row:1 = 2H\nrow:2 = AH\nrow:3 = 3S")
    assert refusal(game, "row:1>f1") is not None
    play(game, "row:2>f1", "row:1>f1")
    assert pile(game, "foundation:1") == "AH 2H"
    assert refusal(game, "row:3>f1") is not None


def test_a_foundation_card_may_come_back_onto_a_row() -> None:
    game = game_at(STREETS, "foundation:1 = AH 2H\nrow:1 = 3S")
    play(game, "f1>row:1")
    assert pile(game, "row:1") == "3S 2H"
    assert pile(game, "foundation:1") == "AH"


def test_won_when_every_card_is_home() -> None:
    lines = [
        f"foundation:{i + 1} = " + " ".join(reversed(suit_run(s).split()))
        for i, s in enumerate("SHD")
    ]
    lines += ["foundation:4 = " + " ".join(reversed(suit_run("C", 12).split())), "row:5 = KC"]
    game = game_at(STREETS, "\n".join(lines))
    assert game.outcome() == "playing"
    play(game, "row:5>f4")
    assert game.outcome() == "won"
