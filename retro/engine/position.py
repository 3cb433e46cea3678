"""The position: piles of cards and counters, changed only through `Position.transfer`, `flip`
and `bump`, which keep the undo journal, the position key and the piles' facts up to date; and
the moves a player or the game makes on it. Built from a `GameDef` (retro.engine.gamedef)."""

from __future__ import annotations

from typing import NamedTuple

from retro.engine.bound import Tally
from retro.engine.cards import Card
from retro.engine.faces import settle as settle_faces
from retro.engine.gamedef import FOUNDATION, GameDef, GroupDef
from retro.engine.zobrist import MASK, counters_term, key_tables, mix

# -- moves -------------------------------------------------------------------------------------

MOVE = "move"
DONE = "done"


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


class Pile:
    """Cards bottom first; the lowest `down` of them lie face down, but for those `lit` marks
    (a bit a height: face-up cards dealt between face-down ones, see `retro.engine.faces`).
    `run`, `keys` and `fits` (does it meet the win rule's test of each pile) are facts kept up
    to date as the pile changes; `hash` and `term` are its part of the position key (see
    `retro.engine.zobrist`), kept up to date by every change."""

    __slots__ = (
        "cards",
        "down",
        "fits",
        "group",
        "hash",
        "id",
        "index",
        "key_index",
        "keyers",
        "keys",
        "kind",
        "lit",
        "marks",
        "openers",
        "opens",
        "over",
        "pick_run",
        "run",
        "salt",
        "slot",
        "tallies",
        "term",
        "to_kind",
        "under",
        "weighs",
    )

    def __init__(self, group: GroupDef, slot: int, index: int) -> None:
        self.group = group
        self.slot = slot
        self.index = index
        self.id = group.pile_id(slot)
        self.kind = group.kind
        self.to_kind = "to_" + group.kind  # the event of cards landing here
        self.cards: list[Card] = []
        self.down = 0
        self.lit = 0
        self.run = 0
        self.pick_run = group.pick.run if group.pick is not None else None
        self.keys: tuple[int, ...] = ()
        self.fits = True
        self.hash = 0
        self.salt = 0
        self.term = 0
        # the index keys this pile offers are kept up to date when they depend on it alone
        accept = group.accept
        self.keyers = accept.keys if accept is not None and accept.local else ()
        self.key_index: dict[int, list[Pile]] = {}  # set by the Position: exact or tested
        # the tallies counting piles of this group (set by the Position), and which of them
        # this pile meets, one bit each
        self.tallies: tuple[Tally, ...] = ()
        self.marks = 0
        # the piles lying on this one and the piles this one lies on (set by the Position from
        # the groups' `covered_by`): a change here changes whether those are free
        self.over: tuple[Pile, ...] = ()
        self.under: tuple[Pile, ...] = ()
        # the piles that open this one once one of them is empty, and the piles this one opens
        # (from the groups' `opened_by`); the piles whose cards weigh with its own (`weighs_with`)
        self.openers: tuple[Pile, ...] = ()
        self.opens: tuple[Pile, ...] = ()
        self.weighs: tuple[Pile, ...] = ()

    @property
    def top(self) -> Card | None:
        return self.cards[-1] if self.cards else None

    @property
    def face_up(self) -> int:
        return len(self.cards) - self.down

    def refresh(self, position: Position) -> None:
        """Recompute the facts move generation and the win test read (only when this pile
        changed)."""
        pick_run = self.pick_run
        if pick_run is not None:
            self.run = pick_run(self)
        each = position.win_each
        if each is not None:
            fits = each(self)
            if fits is not self.fits:
                position.unfit += -1 if fits else 1
                self.fits = fits
        tallies = self.tallies
        if tallies:
            marks = 0
            for bit, tally in enumerate(tallies):
                if tally.test(self):
                    marks |= 1 << bit
            if marks != self.marks:
                position.recount(self, marks)
        keyers = self.keyers
        if keyers:
            if len(keyers) == 1:
                new_keys = keyers[0].pile_keys(position, self)
            elif len(keyers) == 2:  # (an empty pile or a card on top, most often)
                first = keyers[0].pile_keys(position, self)
                second = keyers[1].pile_keys(position, self)
                new_keys = (
                    first + second
                    if not first or not second
                    else tuple(dict.fromkeys(first + second))
                )
            else:
                keys: list[int] = []
                for keyer in keyers:
                    keys.extend(keyer.pile_keys(position, self))
                new_keys = tuple(dict.fromkeys(keys))
            old_keys = self.keys
            if new_keys != old_keys:
                self._reindex(position, old_keys, new_keys)

    def _reindex(
        self, position: Position, old_keys: tuple[int, ...], new_keys: tuple[int, ...]
    ) -> None:
        """Move this pile between the index's buckets, each kept in pile order."""
        index = self.key_index
        for key in old_keys:  # an emptied bucket stays: generation may hold it
            index[key].remove(self)
        number = self.index
        for key in new_keys:
            bucket = index.get(key)
            if bucket is None:
                index[key] = [self]
                continue
            place = len(bucket)
            while place and bucket[place - 1].index > number:
                place -= 1
            bucket.insert(place, self)
        self.keys = new_keys
        if len(new_keys) > 1:
            position.multi_keyed.add(number)
        elif len(old_keys) > 1:
            position.multi_keyed.discard(number)

    def __repr__(self) -> str:
        lit = f", lit={self.lit:#b}" if self.lit else ""
        return f"Pile({self.id}, {self.cards}, down={self.down}{lit})"


def _pile_order(pile: Pile) -> int:
    return pile.index


Event = tuple[str, int]
# One change of a move, enough to take it back: (source, count, target, the source's face-down
# count before, the target's before). A card turned, or lit cards joining the face-up ones, is
# (pile, 0, None, face-down count before, lit bits before).
Change = tuple[Pile, int, "Pile | None", int, int]


# A changed pile's facts before the move: (pile, run, keys, fits, term, marks).
Facts = tuple[Pile, int, tuple[int, ...], bool, int, int]


class Undo(NamedTuple):
    """What a move changed: its card changes in order, the counters as they were, the facts of
    the piles it changed and the piles' part of the key as they were (put back, not worked out
    again)."""

    changes: list[Change]
    counters: dict[str, int]
    facts: list[Facts]
    pile_sum: int


class Position:
    """All piles and counters. Every change goes through `transfer`, `flip` and `bump`, which keep
    the undo journal, the position key and the piles' facts up to date and emit events."""

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
        for group in gdef.groups:
            for pile, over in zip(self.groups[group.name], group.covered_by, strict=False):
                pile.over = tuple(self.by_id[name] for name in over)
                for top in pile.over:
                    top.under += (pile,)
            for pile, openers in zip(self.groups[group.name], group.opened_by, strict=False):
                pile.openers = tuple(self.by_id[name] for name in openers)
                for opener in pile.openers:
                    opener.opens += (pile,)
            for pile, weighs in zip(self.groups[group.name], group.weighs_with, strict=False):
                pile.weighs = tuple(self.by_id[name] for name in weighs)
        # Target piles by the index keys their accept rules offer (rules whose keys depend on
        # the pile alone), kept up to date by Pile.refresh; see Game.legal_moves.
        self.exact_index: dict[int, list[Pile]] = {}
        self.tested_index: dict[int, list[Pile]] = {}
        # piles offering more than one key: only then can one target be found twice
        self.multi_keyed: set[int] = set()
        for pile in self.piles:
            accept = pile.group.accept
            pile.key_index = (
                self.exact_index if accept is not None and accept.exact else self.tested_index
            )
        # piles changed since their facts were last worked out (see `settle`)
        self.dirty: dict[Pile, None] = {}
        # the win rule's test of each pile, when it has one: won when no pile is `unfit`
        self.win_each = gdef.win.each if gdef.win is not None else None
        self.unfit = 0
        # how many piles meet each tally the rules declared (see `Tally`), kept up to date
        self.counts: dict[Tally, int] = {}
        for tally in gdef.tallies():
            self.counts[tally] = 0
            for pile in self.groups[tally.group]:
                pile.tallies += (tally,)
        self.tables = key_tables(gdef)
        tables = self.tables
        for pile in self.piles:
            group = pile.group
            alike = group.interchangeable and not group.ordered_while
            pile.salt = (tables.shared if alike else tables.own)[pile.index]
        # groups interchangeable only while the piles of other groups are empty: (the group's
        # piles, the piles watched), and whether each is interchangeable now
        self.switches = [
            (self.groups[g.name], [p for name in g.ordered_while for p in self.groups[name]])
            for g in gdef.groups
            if g.interchangeable and g.ordered_while
        ]
        self.alike = [False] * len(self.switches)
        self.watched = {pile for _, watched in self.switches for pile in watched}
        self.pile_sum = 0  # the piles' part of the key: the sum of their terms
        self.seed = 0  # the deal number, for rules that shuffle again (redeals)
        self.counters: dict[str, int] = {"moves": 0, "turned": 0, "score": 0}
        self.events: list[Event] = []
        self.journal: list[Change] = []
        self.facts: list[Facts] = []
        self._counters_before: dict[str, int] = {}
        self._sum_before = 0

    # -- changes, journaled ------------------------------------------------------------------

    def begin(self) -> None:
        self.journal = []
        self.facts = []
        self.events = []
        self._counters_before = self.counters.copy()
        self._sum_before = self.pile_sum

    def end(self) -> Undo:
        return tuple.__new__(
            Undo, (self.journal, self._counters_before, self.facts, self._sum_before)
        )

    def restore(self, undo: Undo) -> None:
        """Take back what a move changed, last change first, and put back the facts of the
        piles it changed."""
        tables = self.tables
        card_at, span, down_word = tables.card_at, tables.height_span, tables.down
        for src, count, dst, src_down, dst_down in reversed(undo.changes):
            if count < 0:  # a bottom card taken (transfer_bottom): back under its pile
                assert dst is not None
                src.cards.insert(0, dst.cards.pop())
                dst.down = dst_down
                src.hash = tables.pile_hash(src.cards, src.down, src.lit)
                dst.hash = tables.pile_hash(dst.cards, dst.down, dst.lit)
                continue
            value = src.hash ^ down_word[src.down] ^ down_word[src_down]
            if dst is None:
                if src.lit != dst_down:  # (the lit bits before, for a turn)
                    value ^= tables.lit_hash(src.lit ^ dst_down)
                    src.lit = dst_down
            else:
                cards = dst.cards
                moving = cards[-count:]
                del cards[-count:]
                base = len(cards)
                other = dst.hash ^ down_word[dst.down] ^ down_word[dst_down]
                height = len(src.cards)
                for n, card in enumerate(moving):
                    code = ((card.rank - 1) * 4 + card.suit) * span
                    other ^= card_at[code + base + n]
                    value ^= card_at[code + height + n]
                src.cards.extend(moving)
                dst.down = dst_down
                dst.hash = other
            src.down = src_down
            src.hash = value
        self.counters = undo.counters.copy()
        if self.switches:
            self._switch()
        for pile, run, keys, fits, term, marks in reversed(undo.facts):
            pile.run = run
            pile.term = term
            if fits is not pile.fits:
                self.unfit += -1 if fits else 1
                pile.fits = fits
            if marks != pile.marks:
                self.recount(pile, marks)
            if keys != pile.keys:
                pile._reindex(self, pile.keys, keys)
        self.pile_sum = undo.pile_sum

    def holding(self, names: tuple[str, ...]) -> bool:
        """Does a pile of the groups `names` hold cards?"""
        return any(pile.cards for name in names for pile in self.groups[name])

    def _switch(self) -> bool:
        """Give the piles of a group that is interchangeable only while other piles are empty
        their group's salt or their own, as those piles are now; True when one changed (the
        piles' terms are then out of date)."""
        changed = False
        tables = self.tables
        for number, (piles, watched) in enumerate(self.switches):
            alike = not any(pile.cards for pile in watched)
            if alike is not self.alike[number]:
                self.alike[number] = alike
                salts = tables.shared if alike else tables.own
                for pile in piles:
                    pile.salt = salts[pile.index]
                changed = True
        return changed

    def _rehash(self, pile: Pile, value: int) -> None:
        """Set a pile's hash and its term of the key (the mixed hash, see zobrist.mix)."""
        pile.hash = value
        mixed = value ^ pile.salt
        mixed = (mixed ^ (mixed >> 30)) * 0xBF58476D1CE4E5B9 & MASK
        mixed = (mixed ^ (mixed >> 27)) * 0x94D049BB133111EB & MASK
        mixed ^= mixed >> 31
        self.pile_sum = (self.pile_sum - pile.term + mixed) & MASK
        pile.term = mixed

    def transfer(self, src: Pile, count: int, dst: Pile, face_down: bool = False) -> None:
        """Move the top `count` cards of `src` onto `dst` (face up unless dealt face down)."""
        src_down, dst_down = src.down, dst.down
        cards = src.cards
        moving = cards[-count:]
        below = dst.cards[-1] if dst.cards and len(dst.cards) > dst_down else None
        if face_down and below is not None:
            raise ValueError(f"face-down cards cannot go onto face-up cards ({dst.id})")
        del cards[-count:]
        height = len(cards)
        if src_down > height:
            src.down = height
        base = len(dst.cards)
        if face_down:
            dst.down += count
        dst.cards.extend(moving)
        self.journal.append((src, count, dst, src_down, dst_down))
        tables = self.tables
        card_at, span, down_word = tables.card_at, tables.height_span, tables.down
        value = src.hash ^ down_word[src_down] ^ down_word[src.down]
        other = dst.hash ^ down_word[dst_down] ^ down_word[dst.down]
        for n, card in enumerate(moving):
            code = ((card.rank - 1) * 4 + card.suit) * span
            value ^= card_at[code + height + n]
            other ^= card_at[code + base + n]
        src.hash = value
        dst.hash = other
        if src.lit and src_down > height:  # face-down cards taken: lit ones may come to the top
            self._settle_faces(src)
        events = self.events
        events.append(("moved", count))
        events.append((dst.to_kind, count))
        if below is not None and not face_down:
            bottom = moving[0]
            if bottom.suit == below.suit and bottom.rank + 1 == below.rank:
                events.append(("built_same_suit", count))
        if count >= 13 and dst.kind == FOUNDATION:
            events.append(("run_removed", 1))
        dirty = self.dirty
        dirty[src] = None
        dirty[dst] = None
        if src.under or dst.under:  # the piles under them may have become free or covered
            for pile in src.under + dst.under:
                dirty[pile] = None
        if src.opens or dst.opens:  # the piles they open may have opened or shut again
            for pile in src.opens + dst.opens:
                dirty[pile] = None

    def transfer_bottom(self, src: Pile, dst: Pile) -> None:
        """Move the bottom card of `src`, a pile of face-up cards, face up onto `dst` (the card
        a waste's far end offers: journaled with a negative count)."""
        if src.down or not src.cards:
            raise ValueError(f"no face-up bottom card to take from {src.id}")
        dst_down = dst.down
        dst.cards.append(src.cards.pop(0))
        self.journal.append((src, -1, dst, 0, dst_down))
        tables = self.tables
        src.hash = tables.pile_hash(src.cards, src.down, src.lit)
        dst.hash = tables.pile_hash(dst.cards, dst.down, dst.lit)
        self.events.append(("moved", 1))
        self.events.append((dst.to_kind, 1))
        self.dirty[src] = None
        self.dirty[dst] = None

    def flip(self, pile: Pile) -> None:
        """Turn the top face-down card of `pile` face up (and the face-up cards it lay on with
        it into the pile's face-up part, see `retro.engine.faces`)."""
        down = pile.down
        if down == 0 or len(pile.cards) > down:
            raise ValueError(f"nothing to turn on {pile.id}")
        pile.down = down - 1
        self.journal.append((pile, 0, None, down, pile.lit))
        words = self.tables.down
        pile.hash ^= words[down] ^ words[down - 1]
        if pile.lit:
            self._settle_faces(pile)
        self.counters["turned"] += 1
        self.events.append(("flipped", 1))
        self.dirty[pile] = None

    def reveal(self, pile: Pile) -> None:
        """Turn every face-down card of `pile` face up at once, in their places: a pile shown
        whole (an attack on a face-down pile that fails, in Wall), which `flip`, one top card
        at a time, cannot do while a face-up card lies on them."""
        down = pile.down
        if down == 0:
            raise ValueError(f"nothing to turn on {pile.id}")
        self.journal.append((pile, 0, None, down, pile.lit))
        tables = self.tables
        pile.hash ^= tables.down[down] ^ tables.down[0]
        if pile.lit:  # lit cards among them are simply face up now
            pile.hash ^= tables.lit_hash(pile.lit)
        pile.down, pile.lit = 0, 0
        self.counters["turned"] += down
        self.events.append(("flipped", down))
        self.dirty[pile] = None

    def _settle_faces(self, pile: Pile) -> None:
        """Lit cards that have come to the top of the face-down part join the face-up cards
        (journaled as a turn that turns nothing)."""
        down, lit = settle_faces(pile.down, pile.lit, len(pile.cards))
        if down == pile.down and lit == pile.lit:
            return
        self.journal.append((pile, 0, None, pile.down, pile.lit))
        tables = self.tables
        pile.hash ^= tables.down[pile.down] ^ tables.down[down] ^ tables.lit_hash(pile.lit ^ lit)
        pile.down, pile.lit = down, lit
        self.dirty[pile] = None

    def settle(self) -> None:
        """Work out the facts of the piles changed since the last time: once a move (and its
        automatic moves) is complete, not after each card."""
        dirty = self.dirty
        if dirty:
            facts = self.facts
            watched = self.watched and not self.watched.isdisjoint(dirty)
            total = self.pile_sum
            for pile in dirty:
                term = pile.term
                facts.append((pile, pile.run, pile.keys, pile.fits, term, pile.marks))
                mixed = pile.hash ^ pile.salt  # _rehash, written out: this is the hot path
                mixed = (mixed ^ (mixed >> 30)) * 0xBF58476D1CE4E5B9 & MASK
                mixed = (mixed ^ (mixed >> 27)) * 0x94D049BB133111EB & MASK
                mixed ^= mixed >> 31
                total += mixed - term
                pile.term = mixed
                pile.refresh(self)
            self.pile_sum = total & MASK
            dirty.clear()
            if watched and self._switch():  # a group became interchangeable or stopped being
                for piles, _ in self.switches:
                    for pile in piles:
                        facts.append((pile, pile.run, pile.keys, pile.fits, pile.term, pile.marks))
                        self._rehash(pile, pile.hash)

    def recount(self, pile: Pile, marks: int) -> None:
        """Set which of its tallies `pile` meets, and the counts with it."""
        counts = self.counts
        changed = marks ^ pile.marks
        for bit, tally in enumerate(pile.tallies):
            if changed >> bit & 1:
                counts[tally] += 1 if marks >> bit & 1 else -1
        pile.marks = marks

    def count(self, tally: Tally) -> int:
        """How many piles of its group meet `tally`: kept up to date when the game's rules
        declared it, else counted now (a rule used outside a game, say)."""
        known = self.counts.get(tally)
        if known is not None:
            return known
        return sum(1 for pile in self.groups[tally.group] if tally.test(pile))

    def bump(self, counter: str, delta: int = 1) -> None:
        self.counters[counter] = self.counters.get(counter, 0) + delta

    def emit(self, name: str, count: int = 1) -> None:
        self.events.append((name, count))

    def refresh_all(self) -> None:
        """Every pile's facts and key afresh: after a position is built card by card."""
        tables = self.tables
        self._switch()
        self.pile_sum = 0
        for pile in self.piles:
            pile.term = 0
            self._rehash(pile, tables.pile_hash(pile.cards, pile.down, pile.lit))
            pile.refresh(self)
        self.dirty.clear()

    def touched_since(self, start: int) -> list[Pile]:
        """The piles changed since change number `start` of the current move, in pile order."""
        journal = self.journal
        if len(journal) == start + 1:  # one change: the move itself, most often
            src, _, dst, _, _ = journal[start]
            if dst is None:
                return [src]
            return [src, dst] if src.index < dst.index else [dst, src]
        seen: dict[Pile, None] = {}
        for src, _, dst, _, _ in self.journal[start:]:
            seen[src] = None
            if dst is not None:
                seen[dst] = None
        return sorted(seen, key=_pile_order)

    # -- questions ---------------------------------------------------------------------------

    def cards_in_play(self) -> list[Card]:
        return [card for pile in self.piles for card in pile.cards]

    def piles_state(self) -> tuple[tuple[tuple[Card, ...], int, int], ...]:
        """The cards, face-down counts and lit cards of every pile: the table as a player sees
        it."""
        return tuple((tuple(pile.cards), pile.down, pile.lit) for pile in self.piles)

    def fingerprint(self) -> tuple[object, ...]:
        """Everything that makes two positions the same position (for undo checks and search)."""
        return (
            tuple((tuple(pile.cards), pile.down, pile.lit) for pile in self.piles),
            tuple(sorted(self.counters.items())),
        )


def key_from_scratch(position: Position) -> int:
    """The key worked out from nothing: what the key kept up to date move by move must equal."""
    tables = position.tables
    total = counters_term(position.counters, position.gdef.unkeyed)
    for pile in position.piles:
        alike = pile.group.interchangeable and not position.holding(pile.group.ordered_while)
        salt = (tables.shared if alike else tables.own)[pile.index]
        total += mix(tables.pile_hash(pile.cards, pile.down, pile.lit) ^ salt)
    return total & MASK
