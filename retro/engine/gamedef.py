"""The game's definition: its pile groups, their layout and rules, the deck and the deal, as
`retro.definition` builds it from a game file. Frozen: one definition serves every position
(`retro.engine.position`) played from it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import Any

from retro.engine.bound import Accept, Action, Auto, Condition, Deal, Pick, Rotate, Score, Tally
from retro.engine.cards import Card, make_deck

# Counters that only keep account (the score reads some of them) and never change what is
# legal: left out of the position key (retro.engine.zobrist).
UNKEYED = frozenset(("moves", "score", "turned"))


class PileKind(StrEnum):
    """What a pile group is, as a game file names it (`kind:`): how the window draws it and
    words its moves, what the solver weighs, and a few rules' tests (a foundation's cards are
    home). A string, so game files read as before."""

    TABLEAU = "tableau"
    FOUNDATION = "foundation"
    STOCK = "stock"
    WASTE = "waste"
    CELL = "cell"
    RESERVE = "reserve"
    GRID = "grid"


# The kinds by their plain names: a member read from its class costs a lookup (tens of
# nanoseconds in Python 3.11) where search compares kinds at every position.
TABLEAU, FOUNDATION, STOCK = PileKind.TABLEAU, PileKind.FOUNDATION, PileKind.STOCK
WASTE, CELL, RESERVE, GRID = PileKind.WASTE, PileKind.CELL, PileKind.RESERVE, PileKind.GRID


@dataclass(frozen=True)
class Layout:
    """Where a pile group lies, in card-sized units; the window turns them into pixels."""

    at: tuple[float, float] = (0.0, 0.0)
    step: tuple[float, float] = (1.0, 0.0)
    fan: str = "none"
    columns: int = 0
    show: int = 0  # fan only the top `show` cards (a draw-three waste); 0: all of them
    # each pile its own place (`at` given as a list of points), instead of at + slot * step
    places: tuple[tuple[float, float], ...] = ()
    # the piles on a ring round `at` (its centre): (radius across, radius down, the hour on a
    # clock face where the first pile lies); the others follow clockwise. None: no ring
    ring: tuple[float, float, float] | None = None
    hidden: bool = False  # a helper pile the rules use but the window never shows


@dataclass(frozen=True)
class GroupDef:
    name: str
    kind: PileKind
    count: int
    layout: Layout
    pick: Pick | None = None
    accept: Accept | None = None
    action: Action | None = None
    rotate: Rotate | None = None
    # the rules make its piles alike: a position with two of them swapped plays the same,
    # except while a pile of the groups `ordered_while` holds cards (Spider's stock, which deals
    # a row in column order)
    interchangeable: bool = False
    ordered_while: tuple[str, ...] = ()
    # for each pile of the group, the ids of the piles lying on it (`covered_by`): while one of
    # them holds cards the pile gives and takes none (retro.engine.cover)
    covered_by: tuple[tuple[str, ...], ...] = ()
    # for each pile of the group, the ids of the piles that open it (`opened_by`): while every
    # one of them holds cards the pile gives and takes none; once one is empty it is open
    opened_by: tuple[tuple[str, ...], ...] = ()
    # for each pile of the group, the ids of the piles whose cards weigh with its own
    # (`weighs_with`): what an attack on it must outweigh (retro.rules.attacks)
    weighs_with: tuple[tuple[str, ...], ...] = ()

    def pile_id(self, index: int) -> str:
        return f"{self.name}:{index + 1}" if self.count > 1 else self.name


@dataclass(frozen=True)
class DeckDef:
    decks: int = 1
    suits: int = 4
    ranks: tuple[int, ...] = tuple(range(1, 14))
    ace_high: bool = False
    shuffle: str = "pcg32"  # a name in retro.engine.deals.SHUFFLES (docs/deals.md)
    jokers: int = 0  # added to the whole pack, black and red in turn (Thieves: two)

    def pack(self) -> list[Card]:
        """The unshuffled pack: the one place a game's cards are made."""
        return make_deck(self.decks, self.suits, self.ranks, self.ace_high, self.jokers)

    @property
    def size(self) -> int:
        return self.decks * 4 * len(self.ranks) + self.jokers


@dataclass(frozen=True)
class DealStep:
    """One step of the deal. `to` a group: `face_down` then `face_up` cards per pile (an int for
    every pile, or a list), or `rest` for all cards left (face down). `extract_rank`: take every
    card of that rank out of `source` onto the piles of `to`, in suit order (only onto the piles
    at `places`, 0-based, when given: the Aces of Blue Moon go to the rows' left ends); with no
    `source`, out of the pack before the rest of it is dealt. `to_bottom`: after the step, the
    cards of that rank in each pile of `to` go under its other cards, in their order (Baker's
    Dozen's Kings); each pile keeps its number of face-down cards. `cards`: those named cards,
    taken out of `source` (or the pack) face up onto the piles of `to` (at `places`), one a
    pile. `rule`: a deal rule lays the cards instead. `remember`: after the step, a counter of
    that name holds the rank of the top card of the step's first pile that has one: a value
    the deal decides and rules read later."""

    to: str
    face_down: tuple[int, ...] = ()
    face_up: tuple[int, ...] = ()
    rest: bool = False
    extract_rank: int = 0
    source: str = ""
    places: tuple[int, ...] = ()
    to_bottom: int = 0
    cards: tuple[Card, ...] = ()
    remember: str = ""
    rule: Deal | None = None  # a deal rule lays this step's cards


@dataclass(frozen=True)
class GameDef:
    id: str
    title: str
    description: str
    deck: DeckDef
    groups: tuple[GroupDef, ...]
    deal: tuple[DealStep, ...]
    options: Mapping[str, object]
    autos: tuple[Auto, ...] = ()
    win: Condition | None = None
    lose: Condition | None = None
    score: Score = field(default_factory=Score)
    done: bool = False
    auto_after_deal: bool = False  # the auto rules run once the deal is done, too
    safe_home: str = "dominance"  # the cards that go home by themselves (see the schema)
    instructions: str = ""
    source: str = ""
    rule_lines: tuple[str, ...] = ()
    solver: Mapping[str, Any] = field(default_factory=dict)  # the file's hints (see the schema)

    @cached_property
    def unkeyed(self) -> frozenset[str]:
        """The counters left out of the position key: those no rule of play reads (the move
        count, the score, the cards turned) and those auto rules keep for the score alone
        (a streak's length), so that tables reached by different paths meet in search."""
        return UNKEYED.union(*(auto.score_only for auto in self.autos))

    def group(self, name: str) -> GroupDef:
        for group in self.groups:
            if group.name == name:
                return group
        raise KeyError(name)

    def tallies(self) -> list[Tally]:
        """Every tally its rules declare (win, lose, each group's accept and action), once."""
        found: dict[Tally, None] = {}
        rules: list[Condition | Accept | Action | None] = [self.win, self.lose]
        for group in self.groups:
            rules += [group.accept, group.action]
        for bound in rules:
            if bound is not None:
                found.update(dict.fromkeys(bound.tallies))
        return list(found)
