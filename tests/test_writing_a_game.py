"""docs/writing-a-game.md stays true: its example game is the bundled file and plays, its error
example is what the loader says, and its rule reference matches the registry."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from retro.definition.loader import load_game_file
from retro.engine.game import Game
from retro.errors import DefinitionError
from retro.rules.reference import rule_reference_markdown

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "writing-a-game.md").read_text(encoding="utf-8")
sys.path.insert(0, str(ROOT / "tools"))


def test_the_whole_file_in_the_doc_is_the_bundled_game() -> None:
    whole = DOC.split("## The whole file", 1)[1]
    block = re.search(r"```yaml\n(.*?)```", whole, flags=re.S)
    assert block is not None
    assert block.group(1) == (ROOT / "games" / "will_o_the_wisp.yaml").read_text(encoding="utf-8")


def test_the_example_game_deals_and_plays() -> None:
    gdef = load_game_file(ROOT / "games" / "will_o_the_wisp.yaml")
    game = Game(gdef, 3)
    tableau = game.position.groups["tableau"]
    assert [(p.down, p.face_up) for p in tableau] == [(2, 1)] * 7
    assert len(game.position.by_id["stock"].cards) == 31
    for _ in range(60):
        moves = game.legal_moves()
        if not moves:
            break
        game.push(moves[-1])
    assert game.moves_made > 0


def test_the_error_example_is_what_the_loader_says(tmp_path: Path) -> None:
    text = (ROOT / "games" / "will_o_the_wisp.yaml").read_text(encoding="utf-8")
    text = text.replace("pick: same_suit_run", "pick: same_suite_run").replace(
        "accept: {any: [empty, rank_below]}", "accept: {any: [empty, {rank_below: {suits: same}}]}")
    path = tmp_path / "will_o_the_wisp.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DefinitionError) as caught:
        load_game_file(path)
    shown = re.search(r"```\n(will_o_the_wisp\.yaml:.*?)```", DOC, flags=re.S)
    assert shown is not None
    assert caught.value.messages == shown.group(1).strip().splitlines()


def test_the_rule_reference_matches_the_registry() -> None:
    from update_rule_reference import BEGIN, END

    section = DOC.split(BEGIN, 1)[1].split(END, 1)[0]
    assert section.strip() == rule_reference_markdown().strip(), (
        "docs/writing-a-game.md is out of date: run python tools/update_rule_reference.py")
