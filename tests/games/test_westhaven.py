"""Westhaven: ten columns of two face down under one face up; built down in alternate colours;
from a column only its top card or all its face-up cards move (one_or_all_face_up); a space
takes any card or run; foundations up in suit and kept; one card a turn, one pass."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

WESTHAVEN = load("westhaven")


def test_ten_columns_of_three_with_the_top_card_up() -> None:
    position = Game(WESTHAVEN, 2).position
    assert [(p.down, p.face_up) for p in position.groups["tableau"]] == [(2, 1)] * 10
    assert len(position.by_id["stock"].cards) == 22
    assert Counter(position.cards_in_play()) == Counter(make_deck())


def test_the_top_card_or_all_the_face_up_cards_move_nothing_between() -> None:
    game = game_at(
        WESTHAVEN, "tableau:1 = 4d 9S 8H 7C\ntableau:2 = TD\ntableau:3 = 9C\ntableau:4 = 8D"
    )
    assert refusal(game, "t1>t2/3") is None
    assert "top card or all 3 face-up cards" in str(refusal(game, "t1>t3/2"))
    assert refusal(game, "t1>t4") is None
    play(game, "t1>t2/3")
    assert pile(game, "tableau:1") == "4D"


def test_columns_build_down_in_alternate_colours_and_spaces_take_anything() -> None:
    game = game_at(WESTHAVEN, "tableau:1 = 9S\ntableau:2 = 8S\ntableau:3 = 5c 8H 7C\nwaste = QD")
    assert refusal(game, "t2>t1") is not None
    assert refusal(game, "t3>t4/2") is None
    assert refusal(game, "waste>t4") is None


def test_foundations_take_one_card_at_a_time_and_keep_them() -> None:
    game = game_at(WESTHAVEN, "tableau:1 = 2H AH\ntableau:2 = 3S")
    play(game, "t1>f1", "t1>f1")
    assert pile(game, "foundation:1") == "AH 2H"
    assert not {move for move in legal(game) if move.startswith("foundation")}


def test_one_pass_through_the_stock() -> None:
    game = game_at(WESTHAVEN, "waste = 2C 3D\ntableau:1 = KS")
    assert "deal" not in legal(game)
