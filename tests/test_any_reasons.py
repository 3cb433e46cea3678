"""Inside `any`, a member that is only tested (a plugin's rule, most often) keeps its own reason
next to the reason of the member that could take a card there."""

from __future__ import annotations

from pathlib import Path

from retro.definition.loader import load_game_file
from retro.engine.gamedef import GameDef
from tests.helpers import game_at, refusal

GAME = """\
id: reasons
title: Reasons
piles:
  stock: {kind: stock, at: [0, 0], action: {draw: {}}}
  waste: {kind: waste, at: [1, 0], pick: top_card}
  tableau:
    kind: tableau
    count: 2
    at: [0, 1.25]
    fan: down
    pick: top_card
    accept: ACCEPT
deal:
  - {to: tableau, face_up: 1}
  - {to: stock, rest: true}
win: {groups_cleared: {groups: [stock, waste]}}
"""


def _game(tmp_path: Path, accept: str) -> GameDef:
    path = tmp_path / "reasons.yaml"
    path.write_text(GAME.replace("ACCEPT", accept), encoding="utf-8")
    return load_game_file(path)


def test_a_tested_member_speaks_beside_the_indexed_one(tmp_path: Path) -> None:
    gdef = _game(
        tmp_path, "{any: [{rank_below: {suit: alternate}}, {from_group: {groups: [waste]}}]}"
    )
    game = game_at(gdef, "tableau:1 = 9S\ntableau:2 = 5H")
    assert refusal(game, "t2>t1") == (
        "5♥ goes only on a 6 of the other colour, not on 9♠; or tableau:1 takes cards only "
        "from waste"
    )


def test_indexed_members_alone_still_answer_with_the_one_that_fits(tmp_path: Path) -> None:
    gdef = _game(tmp_path, "{any: [{base: {rank: K}}, {rank_below: {suit: alternate}}]}")
    game = game_at(gdef, "tableau:1 = 9S\ntableau:2 = 5H")
    assert refusal(game, "t2>t1") == "5♥ goes only on a 6 of the other colour, not on 9♠"
