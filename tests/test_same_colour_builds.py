"""The suit mode `same_color`: a card goes on one of its own colour (a heart on a diamond or a
heart, a club on a spade or a club), in every rule that takes a suit mode, with moves generated
exactly as judged."""

from __future__ import annotations

from pathlib import Path

from retro.definition.loader import load_game_file
from retro.engine.game import Game
from retro.engine.gamedef import GameDef
from tests.games.agreement import generation_agrees_with_judgement
from tests.helpers import game_at, legal, refusal

GAME = """\
id: colours
title: Colours
piles:
  foundation:
    kind: foundation
    count: 2
    at: [0, 0]
    pick: top_card
    accept: {any: [{base: {rank: A}}, {build_up: {suit: same_color}}]}
  tableau:
    kind: tableau
    count: 4
    at: [0, 1.25]
    fan: down
    pick: top_card
    accept: {any: [empty, {rank_below: {suit: same_color}}]}
  wrap:
    kind: tableau
    at: [5, 1.25]
    fan: down
    pick: top_card
    accept: {rank_below_wrap: {suit: same_color}}
deal:
  - {to: tableau, face_up: 13}
win: all_on_foundations
"""


def _gdef(tmp_path: Path) -> GameDef:
    path = tmp_path / "colours.yaml"
    path.write_text(GAME, encoding="utf-8")
    return load_game_file(path)


def test_a_card_goes_down_on_one_of_its_own_colour(tmp_path: Path) -> None:
    game = game_at(
        _gdef(tmp_path), "tableau:1 = 9D\ntableau:2 = 8H\ntableau:3 = 8C\ntableau:4 = 8D"
    )
    assert refusal(game, "t2>t1") is None
    assert refusal(game, "t4>t1") is None
    assert refusal(game, "t3>t1") == "8♣ goes only on a 9 of the same colour, not on 9♦"
    assert {"tableau:2>tableau:1", "tableau:4>tableau:1"} <= legal(game)
    assert "tableau:3>tableau:1" not in legal(game)


def test_foundations_and_wrapping_builds_take_the_same_colour_too(tmp_path: Path) -> None:
    game = game_at(
        _gdef(tmp_path),
        "foundation:1 = AS\ntableau:1 = 2C\ntableau:2 = 2H\nwrap = AH\n"
        "tableau:3 = KD\ntableau:4 = KS",
    )
    assert refusal(game, "t1>f1") is None
    assert refusal(game, "t2>f1") is not None
    assert refusal(game, "t3>wrap") is None
    assert refusal(game, "t4>wrap") is not None


def test_moves_are_generated_exactly_as_judged(tmp_path: Path) -> None:
    generation_agrees_with_judgement(Game(_gdef(tmp_path), 3))
