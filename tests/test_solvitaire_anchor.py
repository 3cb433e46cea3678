"""The benchmark's anchor writes our deals as the generic C++ solver reads them, card for card.

A deal written wrongly would make the anchor's figures describe some other deal, so these
check the translation against the deal itself; the run of the binary is tried only where one
is installed (benchmarks skip a tool that is missing, tests too).
"""

from __future__ import annotations

import shutil
import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import solvitaire

from retro.definition.catalog import Catalog
from retro.engine.game import Game


def _cards(deal: dict[str, object]) -> list[str]:
    found: list[str] = []
    for value in deal.values():
        if isinstance(value, str):
            found.append(value)
        else:
            for item in value:  # type: ignore[attr-defined]
                found += [item] if isinstance(item, str) else item
    return [text.upper() for text in found]


@pytest.mark.parametrize("game_id", sorted(solvitaire.PRESETS))
def test_every_card_of_the_deal_is_written_once(game_id: str) -> None:
    deal = solvitaire.deal_json(game_id, 7)
    packs = 2 if game_id == "spider" else 1
    counts = Counter(_cards(deal))
    assert sum(counts.values()) == 52 * packs
    assert set(counts.values()) == {packs}


def test_card_codes_and_faces() -> None:
    assert solvitaire.card_text("TD", True) == "10D"
    assert solvitaire.card_text("AS", True) == "AS"
    assert solvitaire.card_text("QH", False) == "qh"


def test_the_top_card_comes_last_and_face_down_cards_are_lower_case() -> None:
    game = Game(Catalog().load("klondike", {}), 3)
    deal = solvitaire.deal_json("klondike", 3)
    for pile, written in zip(game.position.groups["tableau"], deal["tableau piles"], strict=True):
        assert written[-1] == solvitaire.card_text(pile.cards[-1].code, True)
        assert sum(text.islower() for text in written) == pile.down
    stock = game.position.groups["stock"][0]
    assert deal["stock"][-1] == solvitaire.card_text(stock.cards[-1].code, True)


def test_golf_s_hole_is_the_card_dealt_to_the_foundation() -> None:
    game = Game(Catalog().load("golf", {}), 5)
    deal = solvitaire.deal_json("golf", 5)
    assert deal["hole"] == solvitaire.card_text(
        game.position.groups["foundation"][0].cards[-1].code, True
    )
    assert len(deal["stock"]) == 16


def test_the_verdict_is_the_last_field_of_the_classify_line() -> None:
    out = ", solved, 2, 1772, 1267, 1721, 0, 0, 1267, 1543, 51, 51, solved\n"
    assert solvitaire.parse_verdict(out) == "won"
    assert solvitaire.parse_verdict(out.replace("solved", "unsolvable")) == "lost"
    assert solvitaire.parse_verdict(out.replace("solved", "timed-out")) == "unknown"
    assert solvitaire.parse_verdict("") == "unknown"
    assert solvitaire.parse_verdict("Error parsing deal file: x") == "unknown"


def test_a_named_binary_that_is_not_there_is_none(tmp_path: Path) -> None:
    assert solvitaire.find_binary(str(tmp_path / "missing")) is None


@pytest.mark.skipif(shutil.which("solvitaire") is None, reason="no Solvitaire binary on PATH")
def test_the_installed_solver_reads_our_black_hole_deals() -> None:
    binary = shutil.which("solvitaire")
    assert binary is not None
    verdicts = [solvitaire.solve(binary, "black_hole", seed, 5.0)[0] for seed in (1, 2, 3, 4)]
    assert verdicts == ["lost", "lost", "won", "won"]
