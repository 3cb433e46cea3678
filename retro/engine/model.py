"""The pure game model: piles, the position, moves, and the bound rule objects a definition holds.

Nothing here knows YAML or pyxel. A `GameDef` is built by `retro.definition` from a game file;
its rules are plain closures (see `retro.rules`), bound once, so the hot path of move generation
does no name lookups.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from retro.engine.cards import Card

# -- moves -------------------------------------------------------------------------------------

MOVE = "move"
DONE = "done"
# Moves inside one pile (a group's `rotate` rule): `count` is the chosen face-up card and the
# cards on it. Up: they move up one place and the top card goes under them; down: they move down
# one place and the chosen card comes onto the top (XPat2's F and B).
ROTATE_UP = "rotate_up"
ROTATE_DOWN = "rotate_down"
ROTATIONS = (ROTATE_UP, ROTATE_DOWN)


class Move(NamedTuple):
    """A card move (`kind` "move": `count` cards from pile `src` onto pile `dst`), a pile action
    (`kind` is its verb, "deal", "flip", "redeal": `src` is the pile acted on) or "done".

    Piles are indexes into `Position.piles`; the notation turns them into ids.
    """

    kind: str
    src: int
    count: int = 0  # type: ignore[assignment]  # a field, hiding tuple.count on purpose
    dst: int = -1


def card_move(src: int, count: int, dst: int) -> Move:
    return Move(MOVE, src, count, dst)


# -- bound rules ---------------------------------------------------------------------------------

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
    """

    test: Callable[[Position, Pile, int, Pile], bool]
    why: Callable[[Position, Pile, int, Pile], str]
    keys: tuple[Keyer, ...] = ()
    exact: bool = False
    local: bool = True


@dataclass(frozen=True)
class Condition:
    """A yes/no question about the whole position (win, deal allowed, ...)."""

    test: Callable[[Position], bool]
    why: Callable[[Position], str]


@dataclass(frozen=True)
class Action:
    """What a key or click on a pile does when it is not a card move: deal, flip, redeal."""

    verb: str
    available: Callable[[Position, Pile], bool]
    why: Callable[[Position, Pile], str]
    apply: Callable[[Position, Pile], None]


@dataclass(frozen=True)
class Rotate:
    """Whether a pile of the group may be rotated now (`available`, `why` not) and what a
    rotation counts (`done`, after the cards moved): XPat2's rotations, a few a game."""

    available: Callable[[Position, Pile], bool]
    why: Callable[[Position, Pile], str]
    done: Callable[[Position, Pile], None]


@dataclass(frozen=True)
class Deal:
    """A way of laying cards in a deal step (the step's `rule`, from a plugin): `lay` gets the
    position, the pack still to be dealt (dealt from its end, with pop()) and the step's piles."""

    lay: Callable[[Position, list[Card], list[Pile]], None]


@dataclass(frozen=True)
class Auto:
    """Done by the game itself after each move; returns True when it changed something."""

    apply: Callable[[Position], bool]


@dataclass(frozen=True)
class Score:
    """The score: computed from the position, and/or accumulated from events (points each)."""

    from_position: Callable[[Position], int] | None = None
    points: Mapping[str, int] = field(default_factory=dict)
    maximum: int = 0


# -- the definition --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """Where a pile group lies, in card-sized units; the window turns them into pixels."""

    at: tuple[float, float] = (0.0, 0.0)
    step: tuple[float, float] = (1.0, 0.0)
    fan: str = "none"
    columns: int = 0
    show: int = 0  # fan only the top `show` cards (a draw-three waste); 0: all of them


@dataclass(frozen=True)
class GroupDef:
    name: str
    kind: str
    count: int
    layout: Layout
    pick: Pick | None = None
    accept: Accept | None = None
    action: Action | None = None
    rotate: Rotate | None = None

    def pile_id(self, index: int) -> str:
        return f"{self.name}:{index + 1}" if self.count > 1 else self.name


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
class DeckDef:
    decks: int = 1
    suits: int = 4
    ranks: tuple[int, ...] = tuple(range(1, 14))
    ace_high: bool = False
    shuffle: str = "pcg32"  # a name in retro.engine.deals.SHUFFLES (docs/deals.md)


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
    instructions: str = ""
    source: str = ""
    rule_lines: tuple[str, ...] = ()

    def group(self, name: str) -> GroupDef:
        for group in self.groups:
            if group.name == name:
                return group
        raise KeyError(name)


# -- piles and the position -------------------------------------------------------------------


class Pile:
    """Cards bottom first; the lowest `down` of them lie face down (face-down cards are always
    under the face-up ones). `run` and `keys` are facts kept up to date as the pile changes."""

    __slots__ = ("cards", "down", "group", "id", "index", "keys", "kind", "run", "slot")

    def __init__(self, group: GroupDef, slot: int, index: int) -> None:
        self.group = group
        self.slot = slot
        self.index = index
        self.id = group.pile_id(slot)
        self.kind = group.kind
        self.cards: list[Card] = []
        self.down = 0
        self.run = 0
        self.keys: tuple[int, ...] = ()

    @property
    def top(self) -> Card | None:
        return self.cards[-1] if self.cards else None

    @property
    def face_up(self) -> int:
        return len(self.cards) - self.down

    def refresh(self, position: Position) -> None:
        """Recompute the facts move generation reads (only when this pile changed)."""
        group = self.group
        self.run = group.pick.run(self) if group.pick is not None else 0
        accept = group.accept
        if accept is not None and accept.local and accept.keys:
            keys: list[int] = []
            for keyer in accept.keys:
                keys.extend(keyer.pile_keys(position, self))
            new_keys = tuple(dict.fromkeys(keys))
            if new_keys != self.keys:
                index = position.exact_index if accept.exact else position.tested_index
                for key in self.keys:  # an emptied bucket stays: generation may hold it
                    index[key].remove(self)
                for key in new_keys:
                    bucket = index.setdefault(key, [])
                    bucket.append(self)
                    if len(bucket) > 1:
                        bucket.sort(key=_pile_order)
                self.keys = new_keys
                if len(new_keys) > 1:
                    position.multi_keyed.add(self.index)
                else:
                    position.multi_keyed.discard(self.index)

    def __repr__(self) -> str:
        return f"Pile({self.id}, {self.cards}, down={self.down})"


def _pile_order(pile: Pile) -> int:
    return pile.index


Event = tuple[str, int]
Snapshot = tuple[list[tuple[Pile, list[Card], int]], dict[str, int]]


class Position:
    """All piles and counters. Every change goes through `transfer`, `flip` and `bump`, which keep
    the undo journal, emit events and refresh the piles' facts."""

    def __init__(self, gdef: GameDef) -> None:
        self.gdef = gdef
        self.piles: list[Pile] = []
        self.groups: dict[str, list[Pile]] = {}
        for group in gdef.groups:
            members = []
            for slot in range(group.count):
                pile = Pile(group, slot, len(self.piles))
                self.piles.append(pile)
                members.append(pile)
            self.groups[group.name] = members
        self.by_id = {pile.id: pile for pile in self.piles}
        # Target piles by the index keys their accept rules offer (rules whose keys depend on
        # the pile alone), kept up to date by Pile.refresh; see Game.legal_moves.
        self.exact_index: dict[int, list[Pile]] = {}
        self.tested_index: dict[int, list[Pile]] = {}
        # piles offering more than one key: only then can one target be found twice
        self.multi_keyed: set[int] = set()
        self.seed = 0  # the deal number, for rules that shuffle again (redeals)
        self.counters: dict[str, int] = {"moves": 0, "turned": 0, "score": 0}
        self.events: list[Event] = []
        self._journal: list[tuple[Pile, list[Card], int]] | None = None
        self._touched: set[int] = set()

    # -- changes, journaled ------------------------------------------------------------------

    def begin(self) -> None:
        self._journal = []
        self._touched = set()
        self.events = []
        self._counters_before = dict(self.counters)

    def end(self) -> Snapshot:
        journal = self._journal or []
        self._journal = None
        return journal, self._counters_before

    def _save(self, pile: Pile) -> None:
        if self._journal is not None and pile.index not in self._touched:
            self._touched.add(pile.index)
            self._journal.append((pile, list(pile.cards), pile.down))

    def restore(self, snapshot: Snapshot) -> None:
        journal, counters = snapshot
        for pile, cards, down in journal:
            pile.cards[:] = cards
            pile.down = down
        self.counters = dict(counters)
        self.refresh_all()

    def transfer(self, src: Pile, count: int, dst: Pile, face_down: bool = False) -> None:
        """Move the top `count` cards of `src` onto `dst` (face up unless dealt face down)."""
        self._save(src)
        self._save(dst)
        moving = src.cards[-count:]
        below = dst.cards[-1] if dst.cards and dst.face_up else None
        del src.cards[-count:]
        if src.down > len(src.cards):
            src.down = len(src.cards)
        if face_down:
            if dst.face_up:
                raise ValueError(f"face-down cards cannot go onto face-up cards ({dst.id})")
            dst.down += count
        dst.cards.extend(moving)
        self.events.append(("moved", count))
        self.events.append(("to_" + dst.kind, count))
        if below is not None and not face_down:
            bottom = moving[0]
            if bottom.suit == below.suit and bottom.rank + 1 == below.rank:
                self.events.append(("built_same_suit", count))
        if dst.kind == "foundation" and count >= 13:
            self.events.append(("run_removed", 1))
        src.refresh(self)
        dst.refresh(self)

    def flip(self, pile: Pile) -> None:
        """Turn the top face-down card of `pile` face up."""
        if pile.down == 0 or pile.face_up:
            raise ValueError(f"nothing to turn on {pile.id}")
        self._save(pile)
        pile.down -= 1
        self.counters["turned"] += 1
        self.events.append(("flipped", 1))
        pile.refresh(self)

    def rotate(self, pile: Pile, count: int, up: bool) -> None:
        """Turn the top `count` cards of `pile` round by one place (see ROTATE_UP/DOWN)."""
        if not 2 <= count <= pile.face_up:
            raise ValueError(f"cannot rotate {count} cards of {pile.id}")
        self._save(pile)
        cards = pile.cards
        chosen = cards[-count:]
        cards[-count:] = [chosen[-1], *chosen[:-1]] if up else [*chosen[1:], chosen[0]]
        self.events.append(("rotated", 1))
        pile.refresh(self)

    def bump(self, counter: str, delta: int = 1) -> None:
        self.counters[counter] = self.counters.get(counter, 0) + delta

    def emit(self, name: str, count: int = 1) -> None:
        self.events.append((name, count))

    def refresh_all(self) -> None:
        for pile in self.piles:
            pile.refresh(self)

    # -- questions ---------------------------------------------------------------------------

    def cards_in_play(self) -> list[Card]:
        return [card for pile in self.piles for card in pile.cards]

    def piles_state(self) -> tuple[tuple[tuple[Card, ...], int], ...]:
        """The cards and face-down counts of every pile: the table as a player sees it."""
        return tuple((tuple(pile.cards), pile.down) for pile in self.piles)

    def fingerprint(self) -> tuple[object, ...]:
        """Everything that makes two positions the same position (for undo checks and search)."""
        return (
            tuple((tuple(pile.cards), pile.down) for pile in self.piles),
            tuple(sorted(self.counters.items())),
        )


def piles_of(position: Position, names: Sequence[str]) -> list[Pile]:
    return [pile for name in names for pile in position.groups[name]]
