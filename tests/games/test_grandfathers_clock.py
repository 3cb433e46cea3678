"""Grandfather's Clock: twelve foundations on a clock face, each started by its own card and
built up in suit, round from King to Ace, until it shows its hour; eight columns of five built
down one card at a time, any suit; any card into an empty column."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import WON, Game
from tests.helpers import game_at, legal, load, pile, play, refusal

CLOCK = load("grandfathers_clock")
STARTS = ["TH", "JS", "QD", "KC", "2H", "3S", "4D", "5C", "6H", "7S", "8D", "9C"]


def test_each_hour_starts_with_its_own_card_and_40_cards_lie_in_eight_columns() -> None:
    position = Game(CLOCK, 7).position
    assert [pile.cards[0].code for pile in position.groups["foundation"]] == STARTS
    assert [(len(p.cards), p.down) for p in position.groups["tableau"]] == [(5, 0)] * 8
    assert Counter(position.cards_in_play()) == Counter(make_deck())


def test_the_foundations_lie_on_a_clock_face_one_at_one_oclock_twelve_at_the_top() -> None:
    ring = CLOCK.group("foundation").layout.ring
    assert ring is not None and ring[2] == 1


def test_a_foundation_builds_up_in_suit_round_from_king_to_ace() -> None:
    game = game_at(CLOCK, "foundation:4 = KC\ntableau:1 = AC\ntableau:2 = AS\ntableau:3 = 2C")
    assert refusal(game, "t2>foundation:4") is not None
    assert refusal(game, "t3>foundation:4") is not None
    play(game, "t1>foundation:4", "t3>foundation:4")
    assert pile(game, "foundation:4") == "KC AC 2C"


def test_a_foundation_is_full_when_it_shows_its_hour() -> None:
    game = game_at(
        CLOCK,
        "foundation:12 = 9C TC JC QC\ntableau:1 = KC\n"
        "foundation:4 = KC AC 2C 3C 4C\ntableau:2 = 5C",
    )
    assert refusal(game, "t1>foundation:12") is not None
    assert refusal(game, "t2>foundation:4") is not None


def test_columns_build_down_one_card_at_a_time_any_suit_and_a_space_takes_any_card() -> None:
    game = game_at(CLOCK, "tableau:1 = 8H\ntableau:2 = 7H\ntableau:3 = 7S 6D\ntableau:4 = 9C")
    assert {"tableau:2>tableau:1", "tableau:4>tableau:5"} <= legal(game)
    assert refusal(game, "t3>t1/2") is not None
    assert refusal(game, "t4>t1") is not None


def test_won_with_every_card_home() -> None:
    text = "\n".join(f"foundation:{n} = {card}" for n, card in enumerate(STARTS, 1))
    game = game_at(
        CLOCK, text.replace("foundation:12 = 9C", "foundation:12 = 9C TC JC") + "\ntableau:1 = QC"
    )
    play(game, "t1>foundation:12")
    assert game.outcome() == WON
