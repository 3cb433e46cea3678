"""Yield: Treize with the pyramid upside down, its single card at the foot free first, as
positions and moves."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

YIELD = load("yield")


def test_seven_rows_face_up_from_seven_cards_down_to_one() -> None:
    position = Game(YIELD, 4).position
    assert [(p.down, p.face_up) for p in position.groups["tableau"]] == [(0, 1)] * 28
    assert len(position.by_id["stock"].cards) == 24


def test_only_the_card_at_the_foot_is_free_at_first() -> None:
    game = game_at(YIELD, "tableau:26 = 6S\ntableau:27 = 7D\ntableau:28 = 9H\nwaste = 7C 4C")
    assert refusal(game, "t27>t28") is not None
    assert refusal(game, "waste>t26") is not None
    play(game, "waste>t28")
    assert pile(game, "bottom") == "7C"
    assert refusal(game, "bottom>t26") is None
    assert refusal(game, "t27>t26") is None


def test_a_card_lies_under_the_one_or_two_cards_of_the_row_below() -> None:
    text = "tableau:1 = 5S\ntableau:2 = 5H\ntableau:8 = 8D\ntableau:9 = 8C\nwaste = 5C"
    game = game_at(YIELD, text)
    assert {"waste>tableau:8", "waste>tableau:9"} <= legal(game)
    play(game, "waste>t8")
    assert refusal(game, "t2>t9") is not None
    play(game, "t1>t9")
    assert pile(game, "tableau:2") == "5H"
    assert refusal(game, "t2>discard") is not None


def test_yield_is_won_when_every_card_is_removed() -> None:
    game = game_at(YIELD, "tableau:1 = 8S\nbottom = 5D")
    play(game, "bottom>t1")
    assert game.outcome() == "won"
    assert pile(game, "discard") == "8S 5D"
