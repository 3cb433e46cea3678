"""Backbone: two packs, a reserve of two stacks under one card lying across both, eight
columns built down in suit one card at a time, spaces any card but the backbone's, as
positions and moves."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

BACKBONE = load("backbone")


def test_the_backbone_has_two_stacks_of_nine_and_one_card_across_them() -> None:
    position = Game(BACKBONE, 7).position
    assert [len(p.cards) for p in position.groups["reserve"]] == [9, 9, 1]
    assert [len(p.cards) for p in position.groups["tableau"]] == [1] * 8
    assert len(position.by_id["stock"].cards) == 104 - 19 - 8


def test_a_stack_gives_its_card_only_once_the_card_across_it_has_gone() -> None:
    text = "reserve:1 = 9C 4H\nreserve:2 = 2S 8D\nreserve:3 = JS\ntableau:1 = 5H\ntableau:2 = QS"
    game = game_at(BACKBONE, text)
    assert refusal(game, "r1>t1") is not None
    play(game, "r3>t2")
    assert refusal(game, "r1>t1") is None
    assert "reserve:2>tableau:1" not in legal(game)


def test_columns_build_down_in_suit_one_card_at_a_time() -> None:
    game = game_at(BACKBONE, "tableau:1 = 9S 8S\ntableau:2 = TS\ntableau:3 = 9H\ntableau:4 = 8H")
    assert refusal(game, "t1>t2/2") is not None
    assert refusal(game, "t3>t2") is not None
    play(game, "t4>t3")
    assert pile(game, "tableau:3") == "9H 8H"


def test_a_space_takes_a_column_or_waste_card_but_no_backbone_card() -> None:
    game = game_at(BACKBONE, "tableau:1 = 9S 8S\nwaste = 4D\nreserve:3 = JS")
    assert refusal(game, "t1>t2") is None
    assert refusal(game, "waste>t2") is None
    assert refusal(game, "r3>t2") is not None
