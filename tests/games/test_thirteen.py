"""Thirteen: a pyramid dealt face down but its bottom row, free pairs adding up to 13 leaving
together, Kings alone, and the waste's top card pairing with the card under it, as positions
and moves."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

THIRTEEN = load("thirteen")
BOTTOM = range(22, 29)


def test_the_pyramid_is_face_down_but_its_bottom_row_and_the_stock_holds_24() -> None:
    position = Game(THIRTEEN, 4).position
    rows = position.groups["tableau"]
    assert [(p.down, p.face_up) for p in rows[:21]] == [(1, 0)] * 21
    assert [(p.down, p.face_up) for p in rows[21:]] == [(0, 1)] * 7
    assert len(position.by_id["stock"].cards) == 24


def test_free_cards_adding_up_to_13_leave_together_and_uncover_the_card_above() -> None:
    text = "tableau:16 = 2c\ntableau:22 = 6H\ntableau:23 = 7S\ntableau:24 = 8D"
    game = game_at(THIRTEEN, text)
    assert refusal(game, "t22>t24") is not None
    play(game, "t22>t23")
    assert pile(game, "discard") == "7S 6H"
    assert pile(game, "tableau:16") == "2C"


def test_a_covered_card_pairs_with_nothing() -> None:
    game = game_at(THIRTEEN, "tableau:16 = 6C\ntableau:22 = 3H\ntableau:28 = 7D")
    assert refusal(game, "t28>t16") is not None
    assert refusal(game, "t16>t28") is not None


def test_a_king_goes_alone_from_the_pyramid_or_the_waste() -> None:
    game = game_at(THIRTEEN, "tableau:25 = KC\nwaste = 4H KD\ntableau:26 = QS")
    assert {"tableau:25>discard", "waste>discard"} <= legal(game)
    assert refusal(game, "t26>discard") is not None


def test_the_waste_pairs_with_the_pyramid_and_its_top_two_cards_with_each_other() -> None:
    game = game_at(THIRTEEN, "waste = 2S 9H 4D\ntableau:27 = 9C\nstock = 5c")
    assert refusal(game, "pair waste") is None
    play(game, "waste>t27")
    assert pile(game, "waste") == "2S 9H"
    assert refusal(game, "pair waste") is not None
    play(game, "deal")
    assert refusal(game, "pair waste") is not None
    game = game_at(THIRTEEN, "waste = 2S 9H 4D\ntableau:27 = 9C")
    play(game, "pair waste")
    assert (pile(game, "waste"), pile(game, "discard")) == ("2S", "9H 4D")


def test_the_stock_turns_one_card_and_is_never_turned_over() -> None:
    game = game_at(THIRTEEN, "stock = 5c\ntableau:22 = AH")
    play(game, "deal")
    assert pile(game, "waste") == "5C"
    assert "deal" not in legal(game)


def test_thirteen_is_won_when_every_card_is_removed() -> None:
    game = game_at(THIRTEEN, "tableau:1 = 8S\nwaste = 5D")
    play(game, "waste>t1")
    assert game.outcome() == "won"
    assert game.score() == 2
    assert THIRTEEN.score.maximum == 52
