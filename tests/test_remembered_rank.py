"""The deal rule `remembered_rank` on its own: after a step has remembered a rank, it lays every
other card of that rank still in the pack face up round its piles, in the order the pack would
deal them, and the rest of the deal goes on without them."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from retro.definition.loader import load_game_file
from retro.engine.cards import make_deck, plain_rank, shuffle
from retro.engine.game import Game
from retro.engine.gamedef import GameDef

GAME = """\
id: fellows
title: Fellows
deck: {decks: 2}
piles:
  first: {kind: reserve, at: [0, 0]}
  starts: {kind: foundation, count: 3, at: [1, 0]}
  stock: {kind: stock, at: [5, 0]}
deal:
  - {to: first, face_up: 1, remember: base}
  - {to: starts, rule: {remembered_rank: {counter: base}}}
  - {to: stock, rest: true}
win: all_on_foundations
"""


def _gdef(tmp_path: Path) -> GameDef:
    path = tmp_path / "fellows.yaml"
    path.write_text(GAME, encoding="utf-8")
    return load_game_file(path)


def test_the_fellows_of_the_first_card_go_round_the_piles_in_pack_order(tmp_path: Path) -> None:
    gdef = _gdef(tmp_path)
    for seed in (1, 2):
        position = Game(gdef, seed).position
        pack = shuffle(make_deck(2, 4, gdef.deck.ranks, False), seed)
        first = pack[0]
        fellows = [card for card in pack[1:] if plain_rank(card) == plain_rank(first)]
        assert len(fellows) == 7
        starts = position.groups["starts"]
        assert [p.cards for p in starts] == [fellows[0::3], fellows[1::3], fellows[2::3]]
        assert all(p.down == 0 for p in starts)
        stock = position.by_id["stock"].cards
        assert len(stock) == 104 - 8
        assert all(plain_rank(card) != plain_rank(first) for card in stock)
        assert Counter(position.cards_in_play()) == Counter(pack)
