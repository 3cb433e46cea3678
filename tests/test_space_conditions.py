"""The conditions `no_space_fillable` (no card or run could go into an empty pile and leave a
card behind) and `card_count` (at most so many cards in some groups), as a stock's `allowed`."""

from __future__ import annotations

from pathlib import Path

from retro.definition.loader import load_game_file
from retro.engine.gamedef import GameDef
from tests.helpers import game_at, refusal

GAME = """\
id: spaces
title: Spaces
piles:
  stock:
    kind: stock
    at: [0, 0]
    action:
      deal_row:
        to: tableau
        allowed: {any: [no_space_fillable, {card_count: {groups: [tableau], at_most: 3}}]}
  foundation:
    kind: foundation
    count: 4
    at: [2, 0]
    accept: {any: [{base: {rank: A}}, rank_above]}
  tableau:
    kind: tableau
    count: 3
    at: [0, 1.25]
    fan: down
    pick: descending_run
    accept: {any: [{base: {rank: K}}, rank_below]}
deal:
  - {to: tableau, face_up: 1}
  - {to: stock, rest: true}
win: all_on_foundations
"""


def _gdef(tmp_path: Path) -> GameDef:
    path = tmp_path / "spaces.yaml"
    path.write_text(GAME, encoding="utf-8")
    return load_game_file(path)


def test_no_deal_while_a_run_could_fill_a_space_and_leave_a_card_behind(tmp_path: Path) -> None:
    game = game_at(_gdef(tmp_path), "stock = 2c 3c\ntableau:1 = 5S KH QS\ntableau:2 = 9D 4C")
    assert refusal(game, "deal") == (
        "Fill the space first: tableau:3 can take cards from tableau:1; "
        "or Not while more than 3 cards lie in tableau (5 now)"
    )


def test_a_deal_when_the_only_king_lies_alone_or_no_space_is_left(tmp_path: Path) -> None:
    gdef = _gdef(tmp_path)
    alone = game_at(gdef, "stock = 2c 3c\ntableau:1 = KH QS\ntableau:2 = 9D 4C")
    assert refusal(alone, "deal") is None
    full = game_at(gdef, "stock = 2c 3c\ntableau:1 = 5S KH\ntableau:2 = 9D 4C\ntableau:3 = 7D")
    assert refusal(full, "deal") is None


def test_a_deal_with_a_space_once_few_cards_are_left(tmp_path: Path) -> None:
    game = game_at(_gdef(tmp_path), "stock = 2c 3c\ntableau:1 = 5S KH")
    assert refusal(game, "deal") is None
