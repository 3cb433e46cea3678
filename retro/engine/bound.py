"""The bound rule objects a game definition holds: plain closures made once from a game file
(see `retro.rules`), so the hot path of move generation does no name lookups. The engine's
`model` re-exports them; nothing here knows piles beyond their type."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from retro.engine.cards import Card

if TYPE_CHECKING:
    from retro.engine.model import Pile, Position

PileKeys = Callable[["Position", "Pile"], tuple[int, ...]]
CardKey = Callable[["Pile", int], "int | None"]
CardOnlyKey = Callable[[Card], "int | None"]


@dataclass(frozen=True)
class Keyer:
    """One way an accept rule is indexed: the keys a target pile offers, and the key the moving
    cards ask for. `of_card` when that key depends on the bottom moving card alone (it is then
    worked out once per card, not per move), `card_key` when it needs the source and the count.
    `min_count`/`max_count` (0: no limit) skip the question for counts that never match;
    `constant` when every card asks for the same key, so its targets are looked up once."""

    pile_keys: PileKeys
    of_card: CardOnlyKey | None = None
    card_key: CardKey | None = None
    min_count: int = 1
    max_count: int = 0
    constant: int | None = None  # the key every card asks for (an empty pile takes anything)


@dataclass(frozen=True, eq=False)
class Tally:
    """How many piles of `group` meet `test`, a question about one pile alone. A rule that asks
    it of a whole group (Spider: is a column empty?) declares the tally; the position then keeps
    the count up to date as piles change, and `Position.count` reads it without looking at
    every pile. Compared by identity: each rule makes its own."""

    group: str
    test: Callable[[Pile], bool]


@dataclass(frozen=True)
class Pick:
    """How many cards from the top of a pile may be lifted; every tail of that run may be too."""

    run: Callable[[Pile], int]
    why: Callable[[Pile, int], str]


@dataclass(frozen=True)
class Accept:
    """May `count` cards from `src` land on `dst`?

    `keys` make move generation an index lookup instead of a test of every target: a target pile
    offers integer keys, the moving cards ask for one; a match is a candidate (`exact`: a match is
    a yes, no test needed). `local`: a pile's keys depend on that pile alone, so they are kept up
    to date as it changes; otherwise they are worked out afresh for each generation.
    `keyed`, when given, is all that is left to test of a target its keys found (an `all` whose
    first member's keys are exact tests only its other members).
    """

    test: Callable[[Position, Pile, int, Pile], bool]
    why: Callable[[Position, Pile, int, Pile], str]
    keys: tuple[Keyer, ...] = ()
    exact: bool = False
    local: bool = True
    keyed: Callable[[Position, Pile, int, Pile], bool] | None = None
    tallies: tuple[Tally, ...] = ()  # the counts its test reads (see `Tally`)
    # the sentence that says the rule holds, for the refusal of a `not` of it ("Nothing goes
    # on a K: tableau:2 shows K♠"); without it, the rule's description is said
    holds: Callable[[Position, Pile, int, Pile], str] | None = None


@dataclass(frozen=True)
class Condition:
    """A yes/no question about the whole position (win, deal allowed, ...).

    `each`, when given, is the same question asked of one pile: the condition holds exactly
    when every pile meets it. The engine then keeps the answer up to date pile by pile as piles
    change, so the win test after a move costs nothing."""

    test: Callable[[Position], bool]
    why: Callable[[Position], str]
    each: Callable[[Pile], bool] | None = None
    tallies: tuple[Tally, ...] = ()  # the counts its test reads (see `Tally`)
    # the sentence that says it holds, for the refusal of a `not` of it (see `Accept.holds`)
    holds: Callable[[Position], str] | None = None


@dataclass(frozen=True)
class Action:
    """What a key or click on a pile does when it is not a card move: deal, flip, redeal."""

    verb: str
    available: Callable[[Position, Pile], bool]
    why: Callable[[Position, Pile], str]
    apply: Callable[[Position, Pile], None]
    # how often the pile is dealt anew in a game, counted by the "redeals" counter (None: no
    # limit; 0: never): the window shows the redeal mark and the redeals left from it
    redeals: int | None = 0
    tallies: tuple[Tally, ...] = ()  # the counts `available` reads (see `Tally`)


@dataclass(frozen=True)
class Auto:
    """Done by the game itself after each move; returns True when it changed something.

    `on_piles`, when given, does the same looking only at the piles it is handed (in pile
    order): for rules whose every action starts from one pile's own state, so after a move only
    the piles changed since it last looked need a look."""

    apply: Callable[[Position], bool]
    on_piles: Callable[[Position, list[Pile]], bool] | None = None
    score_only: tuple[str, ...] = ()  # counters it keeps for the score alone: not in the key


@dataclass(frozen=True)
class Score:
    """The score: computed from the position, and/or accumulated from events (points each)."""

    from_position: Callable[[Position], int] | None = None
    points: Mapping[str, int] = field(default_factory=dict)
    maximum: int = 0
    running: bool = False  # a running score kept (by events or auto rules such as streaks)
    name: str = ""  # what the score counts, for the status line ("Cleared"); "": "Score"
