"""Escalator and Elevator: a pyramid of 28 cards cleared onto the waste one rank up or down,
King and Ace joining, the stock turned once; Elevator's cards turn up once free. Eliminator:
four columns of thirteen onto six foundations any card starts. As positions and moves."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

ESCALATOR = load("escalator")
ELEVATOR = load("elevator")
ELIMINATOR = load("eliminator")


def test_escalator_deals_a_pyramid_of_28_face_up_and_the_waste_empty() -> None:
    position = Game(ESCALATOR, 2).position
    assert [(p.down, len(p.cards)) for p in position.groups["tableau"]] == [(0, 1)] * 28
    assert len(position.by_id["stock"].cards) == 24
    assert not position.by_id["foundation"].cards


def test_elevator_shows_only_the_bottom_row_and_turns_a_card_once_free() -> None:
    faces = [p.face_up for p in Game(ELEVATOR, 2).position.groups["tableau"]]
    assert faces == [0] * 21 + [1] * 7
    text = "tableau:16 = 5s\ntableau:22 = 6H\nfoundation = 7D"
    half_free = play(game_at(ELEVATOR, text + "\ntableau:23 = 9C"), "t22>f")
    assert pile(half_free, "tableau:16") == "5s"
    free = play(game_at(ELEVATOR, text), "t22>f")
    assert pile(free, "tableau:16") == "5S"


def test_only_a_free_card_goes_onto_the_waste_one_rank_up_or_down_king_and_ace_join() -> None:
    text = "tableau:1 = 8S\ntableau:2 = 6H\ntableau:22 = AC\ntableau:23 = KD\nfoundation = KS"
    game = game_at(ESCALATOR, text)
    assert refusal(game, "t1>f") is not None
    assert refusal(game, "t2>f") is not None
    assert "tableau:22>foundation" in legal(game)
    play(game, "t22>f")
    assert refusal(game, "t23>f") is None


def test_the_stock_turns_one_card_onto_the_waste_once_through() -> None:
    game = game_at(ESCALATOR, "stock = 3c 4c\nfoundation = 9H\ntableau:1 = 2D")
    play(game, "deal", "deal")
    assert pile(game, "foundation") == "9H 4C 3C"
    assert not any(move.startswith("deal") for move in legal(game))


def test_escalator_is_won_when_the_pyramid_is_cleared() -> None:
    game = game_at(ESCALATOR, "tableau:1 = 5D\nfoundation = 4S\nstock = 7c")
    play(game, "t1>f")
    assert game.outcome() == "won"


def test_eliminators_foundations_start_with_any_card_and_go_up_or_down_round_the_corner() -> None:
    position = Game(ELIMINATOR, 4).position
    assert [len(p.cards) for p in position.groups["tableau"]] == [13] * 4
    game = game_at(ELIMINATOR, "tableau:1 = 9C\ntableau:2 = AS\ntableau:3 = 3D\nfoundation:1 = KH")
    assert {"tableau:1>foundation:2", "tableau:2>foundation:1"} <= legal(game)
    assert refusal(game, "t3>f1") is not None
    play(game, "t2>f1")
    assert refusal(game, "f1>t3") is not None
