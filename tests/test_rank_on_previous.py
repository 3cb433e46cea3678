"""The accept rule `rank_on_previous` on its own: each pile of a group takes its own suit, the
first in any rank, each later one only in ranks already on the pile just before it (not on any
earlier one), with a reason for each refusal."""

from __future__ import annotations

from pathlib import Path

from retro.definition.loader import load_game_file
from retro.engine.gamedef import GameDef
from tests.helpers import game_at, legal, refusal

GAME = """\
id: seeping
title: Seeping
piles:
  rows:
    kind: foundation
    count: 3
    at: [0, 0]
    step: [0, 1]
    fan: right
    accept: rank_on_previous
  hand: {kind: reserve, count: 4, at: [8, 0], pick: top_card}
deal:
  - {to: rows, face_up: 1}
  - {to: hand, rest: true}
win: all_on_foundations
"""


def _gdef(tmp_path: Path) -> GameDef:
    path = tmp_path / "seeping.yaml"
    path.write_text(GAME, encoding="utf-8")
    return load_game_file(path)


def test_the_first_pile_takes_its_suit_in_any_rank(tmp_path: Path) -> None:
    game = game_at(
        _gdef(tmp_path),
        "rows:1 = 5S\nrows:2 = 5H\nrows:3 = 5D\nhand:1 = QS\nhand:2 = 2S\nhand:3 = 2C",
    )
    assert refusal(game, "hand:1>rows:1") is None
    assert refusal(game, "hand:2>rows:1") is None
    assert refusal(game, "hand:3>rows:1") == "rows:1 takes only cards of the suit of 5♠"


def test_a_later_pile_reads_only_the_pile_just_before_it(tmp_path: Path) -> None:
    game = game_at(
        _gdef(tmp_path),
        "rows:1 = 5S QS 3S\nrows:2 = 5H QH\nrows:3 = 5D\nhand:1 = 3H\nhand:2 = QD\nhand:3 = 3D",
    )
    assert refusal(game, "hand:1>rows:2") is None
    assert refusal(game, "hand:2>rows:3") is None
    assert refusal(game, "hand:3>rows:3") == "3♦ goes to rows:3 only once a 3 lies on rows:2"
    assert legal(game) == {"hand:1>rows:2", "hand:2>rows:3"}


def test_an_empty_pile_takes_nothing_by_this_rule_alone(tmp_path: Path) -> None:
    game = game_at(_gdef(tmp_path), "rows:1 = 5S\nhand:1 = 5H")
    assert refusal(game, "hand:1>rows:2") == "rows:2 is empty"
    assert refusal(game, "hand:1>rows:1") is not None
