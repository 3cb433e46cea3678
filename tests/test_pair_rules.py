"""Pairs of one suit (`pairs_with` and `discard_pairs` with match: suit), and `landed`: only
the pair a move itself made leaves, so piles may be dealt face up with pairs lying in them."""

from __future__ import annotations

from pathlib import Path

from retro.definition.loader import load_game_file
from retro.engine.gamedef import GameDef
from tests.helpers import game_at, pile, play, refusal

GAME = """\
id: pairing
title: Pairing
piles:
  tableau:
    kind: tableau
    count: 13
    at: [0, 0]
    fan: down
    pick: top_card
    accept: {pairs_with: {match: suit}}
  discard: {kind: foundation, at: [13, 0]}
deal:
  - {to: tableau, face_up: 4}
auto: [{discard_pairs: {groups: [tableau], match: suit, landed: LANDED}}]
win: all_on_foundations
"""


def _gdef(tmp_path: Path, landed: bool) -> GameDef:
    path = tmp_path / "pairing.yaml"
    path.write_text(GAME.replace("LANDED", str(landed).lower()), encoding="utf-8")
    return load_game_file(path)


def test_a_card_pairs_only_with_a_card_of_its_suit(tmp_path: Path) -> None:
    game = game_at(_gdef(tmp_path, True), "tableau:1 = 2H\ntableau:2 = KH\ntableau:3 = KS")
    assert refusal(game, "t1>t3") == "2♥ and K♠ are no pair: of the same suit"
    play(game, "t1>t2")
    assert pile(game, "discard") == "KH 2H"


def test_with_landed_a_pair_dealt_in_a_pile_stays_after_the_pair_on_it_leaves(
    tmp_path: Path,
) -> None:
    text = "tableau:1 = 4C 9C 7D\ntableau:2 = 3D\ntableau:3 = 5S"
    landed = play(game_at(_gdef(tmp_path, True), text), "t2>t1")
    assert pile(landed, "tableau:1") == "4C 9C"
    assert pile(landed, "discard") == "7D 3D"
    everything = play(game_at(_gdef(tmp_path, False), text), "t2>t1")
    assert pile(everything, "tableau:1") == ""
