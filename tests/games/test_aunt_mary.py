"""Aunt Mary: Klondike on six columns of six whose face-up cards grow by one a row, three
passes through the stock, as positions and moves."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

AUNT_MARY = load("aunt_mary")


def test_six_columns_of_six_from_all_face_up_to_one_face_up() -> None:
    position = Game(AUNT_MARY, 6).position
    assert [(p.down, p.face_up) for p in position.groups["tableau"]] == [
        (0, 6),
        (1, 5),
        (2, 4),
        (3, 3),
        (4, 2),
        (5, 1),
    ]
    assert len(position.by_id["stock"].cards) == 16


def test_columns_build_down_in_alternate_colours_and_only_a_king_fills_a_space() -> None:
    game = game_at(AUNT_MARY, "tableau:1 = 9S 8H\ntableau:2 = TD\ntableau:3 = QC\nwaste = KH")
    assert refusal(game, "t1>t2/2") is None
    assert refusal(game, "t3>t4") is not None
    assert refusal(game, "waste>t4") is None


def test_a_face_down_card_left_on_top_turns_over() -> None:
    game = game_at(AUNT_MARY, "tableau:1 = 3c 9S\ntableau:2 = TD")
    play(game, "t1>t2")
    assert pile(game, "tableau:1") == "3C"


def test_the_stock_is_gone_through_three_times() -> None:
    game = game_at(AUNT_MARY, "stock = 5c")
    for _ in range(2):
        play(game, "deal", "deal")
    play(game, "deal")
    assert pile(game, "waste") == "5C"
    assert not any(move.startswith("deal") for move in legal(game))
