"""Clock: thirteen piles of four face down; the top card of the current pile (the Kings' at
first) goes face up under the pile of its rank, which becomes current; won when every card is
turned, lost when the fourth King comes up too soon."""

from __future__ import annotations

from collections import Counter

import pytest

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

CLOCK = load("clock")
HOURS = ["ne", "se", "sw", "nw", "kings"]


def test_thirteen_piles_of_four_face_down_and_the_kings_pile_starts() -> None:
    position = Game(CLOCK, 8).position
    piles = [p for name in HOURS for p in position.groups[name]]
    assert [(p.down, len(p.cards)) for p in piles] == [(4, 4)] * 13
    assert not any(p.cards for p in position.piles if p.kind == "foundation")
    assert Counter(position.cards_in_play()) == Counter(make_deck())
    assert legal(Game(CLOCK, 8)) == {"turn kings"}


def test_the_turned_card_goes_under_its_hour_which_is_next() -> None:
    game = play(game_at(CLOCK, "kings = 5c 9d 2s 7h\nsw:1 = 3c 3d"), "turn kings")
    assert pile(game, "sw_up:1") == "7H"  # 7 o'clock
    assert pile(game, "kings") == "5c 9d 2s"
    assert game.position.counters["hour"] == 7
    assert legal(game) == {"turn sw:1"}
    play(game, "turn sw:1")
    assert pile(game, "ne_up:3") == "3D"  # 3 o'clock


@pytest.mark.parametrize(
    ("card", "faces", "hour"),
    [
        ("AS", "ne_up:1", "ne:1"),
        ("6D", "se_up:3", "se:3"),
        ("TC", "nw_up:1", "nw:1"),
        ("QH", "nw_up:3", "nw:3"),
    ],
)
def test_the_hours_run_ace_at_one_to_queen_at_twelve(card: str, faces: str, hour: str) -> None:
    game = play(game_at(CLOCK, f"kings = 2c {card.lower()}\n{hour} = 3s 4s"), "turn kings")
    assert pile(game, faces) == card
    assert legal(game) == {f"turn {hour}"}


def test_only_the_current_pile_turns() -> None:
    game = game_at(CLOCK, "counters hour=7\nsw:1 = 4c\nne:1 = 5d")
    assert "The card to turn is on sw:1, the 7s' pile" in str(refusal(game, "turn ne:1"))


def test_lost_when_the_fourth_king_turns_up_too_soon() -> None:
    game = game_at(CLOCK, "counters hour=13\nkings = kh\nkings_up = KS KD KC\nne:1 = 2d")
    play(game, "turn kings")
    assert pile(game, "kings_up") == "KS KD KC KH"
    assert game.legal_moves() == []
    assert game.outcome() == "lost"
    assert "no card left" in str(refusal(game, "turn kings"))


def test_won_when_the_last_card_is_turned() -> None:
    game = play(game_at(CLOCK, "counters hour=13\nkings = kh\nkings_up = KS KD KC"), "turn kings")
    assert game.outcome() == "won"


def test_undo_puts_the_card_back_and_the_hour_too() -> None:
    game = play(game_at(CLOCK, "kings = 5c 9d 2s 7h"), "turn kings")
    game.pop()
    assert pile(game, "kings") == "5c 9d 2s 7h"
    assert "hour" not in game.position.counters
    assert legal(game) == {"turn kings"}
    assert game.cheat == 1  # a turned card was seen
