"""The deal rule `distinct_ranks` on its own: no pile gets a rank twice while the pack can
avoid it, a card passed over is dealt later, and when every card left repeats a rank of the
pile the next one is laid all the same (the deal never stalls)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from retro.definition.loader import load_game_file
from retro.engine.cards import plain_rank
from retro.engine.game import Game
from retro.engine.gamedef import GameDef
from retro.errors import RetroError

GAME = """\
id: apart
title: Apart
deck: {ranks: [A, 2, 3]}
piles:
  rows: {kind: tableau, count: 3, at: [0, 0], fan: down, pick: top_card}
  discard: {kind: foundation, at: [5, 0]}
  stock: {kind: stock, at: [4, 0]}
deal:
  - {to: rows, rule: {distinct_ranks: {cards: CARDS}}}
  - {to: stock, rest: true}
win: all_on_foundations
"""


def _gdef(tmp_path: Path, cards: int) -> GameDef:
    path = tmp_path / "apart.yaml"
    path.write_text(GAME.replace("CARDS", str(cards)), encoding="utf-8")
    return load_game_file(path)


def test_each_pile_gets_each_rank_once(tmp_path: Path) -> None:
    gdef = _gdef(tmp_path, 3)
    for seed in range(1, 20):
        position = Game(gdef, seed).position
        rows = position.groups["rows"]
        assert [sorted(plain_rank(card) for card in p.cards) for p in rows] == [[1, 2, 3]] * 3
        assert len(position.by_id["stock"].cards) == 3
        assert len(Counter(position.cards_in_play())) == 12


def test_when_only_repeats_are_left_the_next_card_is_laid(tmp_path: Path) -> None:
    gdef = _gdef(tmp_path, 4)  # four cards a pile of three ranks: one repeat a pile at least
    position = Game(gdef, 3).position
    assert [len(p.cards) for p in position.groups["rows"]] == [4, 4, 4]


def test_more_cards_than_ranks_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RetroError, match="cards must be from 1 to 13"):
        _gdef(tmp_path, 14)
