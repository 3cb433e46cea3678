"""Pileon: thirteen piles of four and two empty in rows of four; cards go on a card of their
rank, any suits, so long as no pile passes four; cards of a rank on top move together; a space
takes any such group; won when each rank lies gathered."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, load, pile, play, refusal

PILEON = load("pileon")


def test_thirteen_piles_of_four_face_up_and_two_empty() -> None:
    position = Game(PILEON, 2).position
    assert [(p.down, len(p.cards)) for p in position.groups["tableau"]] == [(0, 4)] * 13 + [
        (0, 0)
    ] * 2


def test_cards_go_on_their_rank_whatever_the_suit_up_to_four_a_pile() -> None:
    game = game_at(
        PILEON, "tableau:1 = 2C 9H\ntableau:2 = 3D 9S\ntableau:3 = 5C 8D\ntableau:4 = 9C 9D 5H"
    )
    assert refusal(game, "t2>t1") is None
    assert refusal(game, "t3>t1") is not None
    play(game, "t2>t1")
    assert pile(game, "tableau:1") == "2C 9H 9S"
    game = game_at(PILEON, "tableau:1 = 2C 4S 9H 9S\ntableau:2 = 3D 9D")
    assert "at most 4" in str(refusal(game, "t2>t1"))


def test_cards_of_a_rank_on_top_move_together_and_fill_a_space() -> None:
    game = game_at(PILEON, "tableau:1 = 2C 9H 9S\ntableau:2 = 4D 9D")
    assert refusal(game, "t1>t2/2") is None
    assert refusal(game, "t1>t2/3") is not None
    assert refusal(game, "t1>t14/2") is None
