"""Isabel: thirteen piles of three face down under one face up; two top cards of one rank go
off together and the cards under them turn up; an empty pile stays empty."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

ISABEL = load("isabel")


def test_thirteen_piles_of_three_down_and_one_up() -> None:
    position = Game(ISABEL, 3).position
    assert [(p.down, p.face_up) for p in position.groups["tableau"]] == [(3, 1)] * 13


def test_two_cards_of_one_rank_go_off_and_the_cards_under_them_turn_up() -> None:
    game = game_at(ISABEL, "tableau:1 = 4c 9H\ntableau:2 = 2d 9S\ntableau:3 = 8H")
    assert refusal(game, "t3>t1") is not None
    play(game, "t2>t1")
    assert pile(game, "discard") == "9H 9S"
    assert pile(game, "tableau:1") == "4C"
    assert pile(game, "tableau:2") == "2D"


def test_an_empty_pile_stays_empty() -> None:
    game = game_at(ISABEL, "tableau:1 = 9H\ntableau:2 = 2D")
    assert not {m for m in legal(game) if ">tableau:3" in m}


def test_won_when_every_card_is_off() -> None:
    game = play(game_at(ISABEL, "tableau:1 = 9H\ntableau:2 = 9D"), "t2>t1")
    assert game.outcome() == "won"
