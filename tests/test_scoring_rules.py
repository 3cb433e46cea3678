"""Scores of more kinds: points for any event the game reports (a card to a reserve, a
redeal), and the mistakes in naming events and groups, one line each."""

from __future__ import annotations

from pathlib import Path

import pytest

from retro.definition.catalog import Catalog
from retro.engine.gamedef import GameDef
from retro.errors import DefinitionError
from tests.helpers import game_at, play

VARIANT = """\
id: canfield_events
extends: canfield
title: Canfield (events)
score: SCORE
"""


def _load(tmp_path: Path, score: str) -> GameDef:
    (tmp_path / "canfield_events.yaml").write_text(
        VARIANT.replace("SCORE", score), encoding="utf-8"
    )
    return Catalog([tmp_path]).load("canfield_events")


def test_events_pay_for_a_card_landing_on_a_reserve_and_for_a_redeal(tmp_path: Path) -> None:
    gdef = _load(tmp_path, "{events: {points: {to_foundation: 10, redealt: -20}}}")
    game = game_at(gdef, "foundation:1 = 7C\nwaste = 8C")
    play(game, "waste>f1")
    assert game.score() == 10
    game = game_at(gdef, "waste = 2C 3C\ntableau:1 = KS")
    play(game, "deal")
    assert game.score() == -20


def test_an_unknown_event_or_group_is_named_in_one_line(tmp_path: Path) -> None:
    with pytest.raises(DefinitionError) as caught:
        _load(tmp_path, "{events: {points: {to_hand: 5}}}")
    assert len(caught.value.messages) == 1
    assert "no event 'to_hand' (events: moved, to_tableau" in caught.value.messages[0]
    with pytest.raises(DefinitionError) as caught:
        _load(tmp_path, "{cards_in: {points: {foundations: 5}}}")
    assert caught.value.messages == [
        "canfield_events.yaml:4:29: no pile group named 'foundations' (did you mean 'foundation'?)"
    ]


def test_rank_points_pay_by_rank_only_for_moves_from_the_named_group(tmp_path: Path) -> None:
    gdef = _load(tmp_path, "{rank_points: {points: {8: 3, 10: 7}, from: waste}}")
    game = game_at(gdef, "foundation:1 = 7C\nwaste = 8C\ntableau:1 = 9C")
    play(game, "waste>f1")
    assert game.score() == 3
    play(game, "t1>f1")  # not from the waste: nothing
    assert game.score() == 3
    game.pop()
    game.pop()
    assert game.score() == 0


@pytest.mark.parametrize(
    ("points", "words"),
    [
        ("{Z: 3}", "'rank_points': 'Z' is not a rank (A 2 .. 10 J Q K)"),
        ("{10: 4, T: 4}", "'rank_points': points name the rank T twice"),
        ("{A: x}", "'points' of 'rank_points' must be a mapping of names to whole numbers"),
    ],
)
def test_rank_points_that_name_no_rank_are_refused_in_one_line(
    tmp_path: Path, points: str, words: str
) -> None:
    with pytest.raises(DefinitionError) as caught:
        _load(tmp_path, f"{{rank_points: {{points: {points}}}}}")
    assert len(caught.value.messages) == 1
    assert words in caught.value.messages[0]
