"""Rules that ask the table: the bottom card of the target pile, and a count of a rank
anywhere (here the columns take cards only on a King-started pile, and the stock turns only
while two Aces are in the waste)."""

from __future__ import annotations

from pathlib import Path

from retro.definition.loader import load_game_file
from retro.engine.gamedef import GameDef
from tests.helpers import game_at, refusal

GAME = """\
id: asking
title: Asking
piles:
  stock:
    kind: stock
    at: [0, 0]
    action: {draw: {allowed: {rank_count: {rank: A, at_least: 2, groups: [waste]}}}}
  waste: {kind: waste, at: [1, 0], pick: top_card}
  tableau:
    kind: tableau
    count: 2
    at: [0, 1.25]
    fan: down
    pick: top_card
    accept: {all: [{rank_below: {suit: any}}, {bottom_is: {rank: K}}]}
deal:
  - {to: tableau, face_up: 1}
  - {to: stock, rest: true}
win: {groups_cleared: {groups: [stock, waste]}}
"""


def _gdef(tmp_path: Path) -> GameDef:
    path = tmp_path / "asking.yaml"
    path.write_text(GAME, encoding="utf-8")
    return load_game_file(path)


def test_cards_go_only_on_a_pile_whose_bottom_card_is_a_king(tmp_path: Path) -> None:
    game = game_at(_gdef(tmp_path), "tableau:1 = KS QH\ntableau:2 = QD\nwaste = JC")
    assert refusal(game, "waste>t1") is None
    assert refusal(game, "waste>t2") == (
        "tableau:2 starts with Q♦: cards go only on a pile started by a K"
    )


def test_a_count_of_a_rank_anywhere_allows_the_deal(tmp_path: Path) -> None:
    gdef = _gdef(tmp_path)
    game = game_at(gdef, "stock = 5c\nwaste = AH 3S")
    assert refusal(game, "deal") == "Not while fewer than 2 As lie in waste (1 now)"
    assert refusal(game_at(gdef, "stock = 5c\nwaste = AH AS 3S"), "deal") is None
