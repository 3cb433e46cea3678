"""The bound rule objects a game definition holds: plain closures made once from a game file
(see `retro.rules`), so the hot path of move generation does no name lookups.

The rules take the position and its piles (`retro.engine.position`), which in turn hold the
definition these objects belong to. So that imports run one way, the rules' arguments are only
named here (`_Position`, `_Pile`) and not imported: each rule is checked against the real types
where it is written, in `retro.rules`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from retro.engine.cards import Card

_Position = Any  # a retro.engine.position.Position
_Pile = Any  # a retro.engine.position.Pile

PileKeys = Callable[[_Position, _Pile], tuple[int, ...]]
CardKey = Callable[[_Pile, int], "int | None"]
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
    test: Callable[[_Pile], bool]


@dataclass(frozen=True)
class Pick:
    """How many cards from the top of a pile may be lifted; every tail of that run may be too."""

    run: Callable[[_Pile], int]
    why: Callable[[_Pile, int], str]


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

    test: Callable[[_Position, _Pile, int, _Pile], bool]
    why: Callable[[_Position, _Pile, int, _Pile], str]
    keys: tuple[Keyer, ...] = ()
    exact: bool = False
    local: bool = True
    keyed: Callable[[_Position, _Pile, int, _Pile], bool] | None = None
    tallies: tuple[Tally, ...] = ()  # the counts its test reads (see `Tally`)
    # the sentence that says the rule holds, for the refusal of a `not` of it ("Nothing goes
    # on a K: tableau:2 shows K♠"); without it, the rule's description is said
    holds: Callable[[_Position, _Pile, int, _Pile], str] | None = None


@dataclass(frozen=True)
class Condition:
    """A yes/no question about the whole position (win, deal allowed, ...).

    `each`, when given, is the same question asked of one pile: the condition holds exactly
    when every pile meets it. The engine then keeps the answer up to date pile by pile as piles
    change, so the win test after a move costs nothing."""

    test: Callable[[_Position], bool]
    why: Callable[[_Position], str]
    each: Callable[[_Pile], bool] | None = None
    tallies: tuple[Tally, ...] = ()  # the counts its test reads (see `Tally`)
    # the sentence that says it holds, for the refusal of a `not` of it (see `Accept.holds`)
    holds: Callable[[_Position], str] | None = None


@dataclass(frozen=True)
class Action:
    """What a key or click on a pile does when it is not a card move: deal, flip, redeal."""

    verb: str
    available: Callable[[_Position, _Pile], bool]
    why: Callable[[_Position, _Pile], str]
    apply: Callable[[_Position, _Pile], None]
    # how often the pile is dealt anew in a game, counted by the "redeals" counter (None: no
    # limit; 0: never): the window shows the redeal mark and the redeals left from it
    redeals: int | None = 0
    tallies: tuple[Tally, ...] = ()  # the counts `available` reads (see `Tally`)
    # a stock's draw that reads and changes only its own pile and that group's one pile: it
    # turns `turns` cards at a time onto it, and turns it back over when the pile is empty (the
    # solver then sees the two piles as one sequence and a cursor, `retro.solver.cursor`)
    turns_onto: str = ""
    turns: int = 0


@dataclass(frozen=True)
class Auto:
    """Done by the game itself after each move; returns True when it changed something.

    `on_piles`, when given, does the same looking only at the piles it is handed (in pile
    order): for rules whose every action starts from one pile's own state, so after a move only
    the piles changed since it last looked need a look."""

    apply: Callable[[_Position], bool]
    on_piles: Callable[[_Position, list[_Pile]], bool] | None = None
    score_only: tuple[str, ...] = ()  # counters it keeps for the score alone: not in the key
    # the groups whose piles it reads and changes, when it looks at no other (None: any pile)
    groups: frozenset[str] | None = None


@dataclass(frozen=True)
class Score:
    """The score: computed from the position, and/or accumulated from events (points each)."""

    from_position: Callable[[_Position], int] | None = None
    points: Mapping[str, int] = field(default_factory=dict)
    maximum: int = 0
    running: bool = False  # a running score kept (by events or auto rules such as streaks)
    name: str = ""  # what the score counts, for the status line ("Cleared"); "": "Score"
    # points a player's card move earns, asked with (position, src, count, dst) before the
    # cards move (Thieves: what the card taken from the tableau is worth)
    per_move: Callable[[_Position, _Pile, int, _Pile], int] | None = None


@dataclass(frozen=True)
class Rotate:
    """Whether a pile of the group may be rotated now (`available`, `why` not) and what a
    rotation counts (`done`, after the cards moved): XPat2's rotations, a few a game."""

    available: Callable[[_Position, _Pile], bool]
    why: Callable[[_Position, _Pile], str]
    done: Callable[[_Position, _Pile], None]


@dataclass(frozen=True)
class Deal:
    """A way of laying cards in a deal step (the step's `rule`, from a plugin): `lay` gets the
    position, the pack still to be dealt (dealt from its end, with pop()) and the step's piles."""

    lay: Callable[[_Position, list[Card], list[_Pile]], None]
