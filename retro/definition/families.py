"""The families games are grouped by in `list` and the game menu: a short, well-known set, in
the order they are shown. A game file names its own (`family: klondike`); a file without one
is listed under "other" (an author's file keeps working, and `validate` says how to place it).
No YAML here: the title screen's menu reads it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Family:
    id: str
    name: str  # the heading, in English (the window translates it)
    holds: str  # what belongs here, for authors


FAMILIES: tuple[Family, ...] = (
    Family(
        "klondike", "Klondike", "columns built down in alternate colours, a stock dealt to a waste"
    ),
    Family("freecell", "FreeCell", "all cards dealt face up, free cells that hold one card each"),
    Family("spider", "Spider", "runs in suit from King to Ace taken off the table whole"),
    Family(
        "canfield", "Canfield", "a reserve beside the columns; foundations often from a dealt base"
    ),
    Family("yukon", "Yukon", "any face-up card moves with those on it, no stock"),
    Family("forty_thieves", "Forty Thieves", "two packs, columns built down in suit, one pass"),
    Family(
        "fans",
        "Fans and Castles",
        "face-up fans or rows, one card moved at a time (Beleaguered Castle, La Belle Lucie)",
    ),
    Family("golf", "Golf", "cards played onto one pile a rank above or below"),
    Family(
        "pairing",
        "Pairing",
        "cards removed in pairs, sums or by a higher card (Pyramid, Monte Carlo, Aces Up)",
    ),
    Family(
        "calculation",
        "Calculation",
        "the foundations are the game: cards go to them from waste or reserve",
    ),
    Family("gaps", "Gaps", "the pack laid out in rows, cards moved into the gaps (Montana)"),
    Family("clock", "Clocks", "a clock face of piles"),
    Family("other", "Other games", "whatever fits none of the above"),
)

BY_ID: dict[str, Family] = {family.id: family for family in FAMILIES}
DEFAULT = "other"


def rank(family_id: str) -> int:
    """Where a family's games are listed: in the order above."""
    return next((i for i, family in enumerate(FAMILIES) if family.id == family_id), len(FAMILIES))
