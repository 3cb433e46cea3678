"""`at_most: {cards: 0}`: a pile no move may put a card on, whatever else its rules say (a spot
that is never filled again once emptied); its cards still leave it."""

from __future__ import annotations

from pathlib import Path

import pytest

from retro.definition.loader import load_game_file
from retro.engine.game import Game
from retro.engine.gamedef import GameDef
from retro.errors import RetroError
from tests.games.agreement import generation_agrees_with_judgement
from tests.helpers import game_at, legal, pile, play, refusal

GAME = """\
id: closed
title: Closed
piles:
  spot:
    kind: cell
    count: 2
    at: [0, 0]
    pick: top_card
    accept: {all: [single, {at_most: {cards: LIMIT}}]}
  tableau:
    kind: tableau
    count: 4
    at: [0, 1.25]
    fan: down
    pick: top_card
    accept: {any: [empty, rank_below]}
deal:
  - {to: tableau, face_up: 12}
  - {to: spot, face_up: 2}
win: {groups_cleared: {groups: [spot]}}
"""


def _gdef(tmp_path: Path, limit: int) -> GameDef:
    path = tmp_path / "closed.yaml"
    path.write_text(GAME.replace("LIMIT", str(limit)), encoding="utf-8")
    return load_game_file(path)


def test_a_pile_holding_at_most_no_card_takes_none_and_still_gives(tmp_path: Path) -> None:
    game = game_at(_gdef(tmp_path, 0), "spot:1 = 5H\ntableau:1 = 6S\ntableau:2 = 9D")
    assert refusal(game, "t2>spot:2") == "spot:2 holds at most 0 cards (0 now)"
    play(game, "spot:1>t1")
    assert pile(game, "tableau:1") == "6S 5H"
    assert not {move for move in legal(game) if ">spot" in move}


def test_a_pile_of_one_card_at_most_takes_one_again_once_empty(tmp_path: Path) -> None:
    game = game_at(_gdef(tmp_path, 1), "spot:1 = 5H\ntableau:1 = 6S\ntableau:2 = 9D")
    assert refusal(game, "t2>spot:2") is None
    assert refusal(game, "t2>spot:1") is not None


def test_a_negative_limit_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(RetroError, match="0 or more"):
        _gdef(tmp_path, -1)


def test_moves_are_generated_exactly_as_judged(tmp_path: Path) -> None:
    generation_agrees_with_judgement(Game(_gdef(tmp_path, 0), 3))
