"""Our deals in Solvitaire's terms, and its verdict on them: the anchor of `solver.py --decided`.

Solvitaire is a generic solver in C++ for patience games with every card known; it reads a
deal as JSON (each pile a list of cards, the top card last; a lower-case card lies face down)
and plays one of its preset games by name. This module writes our deal N of Golf, Black Hole,
Klondike (draw 1), Canfield and Spider (4 suits) in that form and runs the binary with
`--classify`, which prints one line of comma-separated figures ending in the verdict.

Its presets differ from our rules in small ways, named beside each preset below; the same deal
under both is still the measure of whether a solver decides it. The binary is never part of
the project: `solver.py --solvitaire PATH` (or `solvitaire` on PATH) names one built apart.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from retro.definition.catalog import Catalog
from retro.engine.game import Game
from retro.engine.position import Pile

VERDICTS = {"solved": "won", "unsolvable": "lost"}  # anything else: unknown


@dataclass(frozen=True)
class Preset:
    """One of our games as a Solvitaire preset: its type name and our piles in its fields."""

    kind: str  # Solvitaire's `--type`
    options: dict[str, str]  # our game's options for the same rules
    fields: dict[str, str]  # Solvitaire's field -> our pile group
    note: str  # where its preset's rules differ from ours


PRESETS: dict[str, Preset] = {
    "golf": Preset(
        "golf",
        {},
        {"tableau piles": "tableau", "stock": "stock", "hole": "foundation"},
        "the same rules",
    ),
    "black_hole": Preset(
        "black-hole",
        {},
        {"tableau piles": "top left right bottom", "hole": "hole"},
        "the same rules",
    ),
    "klondike": Preset(
        "klondike-deal-1",
        {},
        {"tableau piles": "tableau", "stock": "stock"},
        "a part of a built run moves only where the card above it could also go",
    ),
    "canfield": Preset(
        "canfield",
        {},
        {"tableau piles": "tableau", "stock": "stock", "reserve": "reserve"},
        "its columns count ranks from the foundations' base: the rank below the base never goes"
        " on a base card (ours: any rank on the next higher, round the corner)",
    ),
    "spider": Preset(
        "spider",
        {"suits": "4"},
        {"tableau piles": "tableau", "stock": "stock"},
        "the stock deals onto empty columns too",
    ),
}


def card_text(code: str, face_up: bool) -> str:
    """Our card code (`TD`) as Solvitaire writes it (`10D`, lower case when face down)."""
    text = ("10" + code[1]) if code[0] == "T" else code
    return text if face_up else text.lower()


def _pile(pile: Pile) -> list[str]:
    return [card_text(card.code, i >= pile.down) for i, card in enumerate(pile.cards)]


def deal_json(game_id: str, seed: int) -> dict[str, Any]:
    """Our deal `seed` of `game_id` as Solvitaire's deal document."""
    preset = PRESETS[game_id]
    game = Game(Catalog().load(game_id, preset.options), seed)
    groups = game.position.groups
    deal: dict[str, Any] = {}
    for field, names in preset.fields.items():
        piles = [pile for name in names.split() for pile in groups[name]]
        if field == "tableau piles":
            deal[field] = [_pile(pile) for pile in piles]
        elif field == "hole":
            deal[field] = _pile(piles[0])[-1].upper()
        else:  # one pile of known cards: stock and reserve
            deal[field] = [text.upper() for text in _pile(piles[0])]
    if game_id == "canfield":  # its foundation starts with the one card dealt there
        deal["foundations"] = [
            card_text(pile.cards[-1].code, True) for pile in groups["foundation"] if pile.cards
        ]
    return deal


def find_binary(named: str | None) -> str | None:
    """The Solvitaire binary named, else the one on PATH, else None."""
    if named:
        return named if Path(named).is_file() else None
    return shutil.which("solvitaire")


def parse_verdict(output: str) -> str:
    """`won`, `lost` or `unknown` from `--classify` output (its last field is the verdict)."""
    lines = [line for line in output.splitlines() if line.count(",") >= 2]
    if not lines:
        return "unknown"
    return VERDICTS.get(lines[-1].rsplit(",", 1)[-1].strip(), "unknown")


def solve(binary: str, game_id: str, seed: int, seconds: float) -> tuple[str, float]:
    """Solvitaire's verdict on our deal and the wall seconds it took (process start included)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{game_id}-{seed}.json"
        path.write_text(json.dumps(deal_json(game_id, seed)), encoding="ascii")
        command = [binary, "--type", PRESETS[game_id].kind, "--classify"]
        command += ["--timeout", str(int(seconds * 1000)), str(path)]
        start = time.perf_counter()
        try:
            done = subprocess.run(
                command, capture_output=True, text=True, timeout=seconds + 30, check=False
            )
        except subprocess.TimeoutExpired:
            return "unknown", time.perf_counter() - start
        return parse_verdict(done.stdout), time.perf_counter() - start
