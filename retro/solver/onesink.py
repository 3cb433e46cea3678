"""One-sink games, decided by a search of their own small state: Golf, Black Hole, Escalator.

In a *one-sink* game every move puts one card onto the same pile, a sink (`compact.sink_piles`:
a foundation alone in its group that gives no card back): a source pile's top card, or the
stock's next card. Nothing else ever moves, so a position is fixed by a few numbers: the height
of each source pile (its cards are the bottom ones dealt to it), how many cards the stock still
holds, and the sink's top card (the cards under it are every card not elsewhere, and no rule
reads their order). The search keys a position by those numbers packed in one integer, and
makes and takes back a move by changing two of them, where the engine's move costs tens of
microseconds; a Golf deal's space is then searched to its end in seconds.

A game is recognised from its loaded rules, never by name (`shape_of`):

- one pile takes cards, the sink, and its accept rule says what it reads: exact and indexed,
  the card's key from the card alone (`Keyer.of_card`), the sink's keys from the sink alone
  (`Accept.local`), one card at a time. Which cards it takes is asked once for each top card
  and height of the sink (`SinkRules`), on a pile laid out for the question; two top cards
  answered alike at every height (Golf's 5s) are one in the key;
- every other pile either gives its top cards (a pick rule; piles lying on it, `covered_by`,
  must be source piles too) or is a stock whose action deals its next card onto the sink, or
  does nothing; no automatic rules, no rotations, no lose rule, and a win rule tested pile by
  pile (`Condition.each`);
- what the rules do is then checked against the engine once a game (`_agrees`): along a few
  random lines of play from the first position searched, the moves the model finds and the
  table they lead to are the engine's own.

The search is depth first with a table of the positions proved lost, in runs from the root of
Luby's lengths, each trying the cards in its own order (`_order`), the table kept. Four cuts
end a line early, each sound (a position cut could never be won):

- *no way in*: a card that must still leave (the win rule wants its pile emptier) and every card
  it may be laid on is buried in the sink, or lies under it in its own pile;
- *no way on*: each card played but the last is covered at once, by a card the rules let onto it
  or by the stock's next card. Cards that must still leave and that no card left in the source
  piles can follow (none remains, or only deeper under them in their own pile) each need a card
  of the stock after them, but for the one played last;
- *sides*: when the cards fall into two sides, each laid only on the other's (Golf's odd and
  even ranks), a stretch of cards from the source piles alternates sides, and each stretch but
  the first starts after a card of the stock;
- *too few to lie on*: each card lies directly on one card, which no other card lies on
  directly; the cards that must still leave need as many distinct cards still to play (or the
  top) of the kinds that take them (`short`, a maximum flow between kinds).

A win found is replayed through the ordinary `Game` before it is answered; a loss is the whole
space searched with those cuts.
"""

from __future__ import annotations

import random
import time
from collections.abc import Generator

from retro.engine.bound import Accept
from retro.engine.cards import Card, make_deck
from retro.engine.game import LOST, WON, Game, Outcome
from retro.engine.gamedef import GameDef
from retro.engine.position import DONE, MOVE, Move, Pile, Position
from retro.solver.adapter import is_won, make, unmake
from retro.solver.compact import sink_piles

KEYS_PER_POSITION = 4  # a stored key costs about a quarter of a stored engine position
_PLAYOUTS = 4  # random lines of play the model is checked along, once a game
_RUN_NODES = 4_000  # the nodes of a run of Luby's length 1
_CLOCK_EVERY = 128  # nodes between two looks at the clock when a pause is asked for

# Structural verdicts per game definition, and whether its model agreed with the engine:
# (definition, (sink, sources, stock, verb) or None, agreed: None until checked).
_SHAPES: dict[int, tuple[GameDef, tuple[int, tuple[int, ...], int, str] | None]] = {}
_AGREED: dict[int, tuple[GameDef, bool]] = {}


def shape_of(game: Game) -> tuple[int, tuple[int, ...], int, str] | None:
    """(the sink's pile index, the source piles, the stock's pile index or -1, its action's
    verb) when the game's rules make it a one-sink game (see the module's doc), else None."""
    gdef = game.gdef
    found = _SHAPES.get(id(gdef))
    if found is None or found[0] is not gdef:
        if len(_SHAPES) > 64:
            _SHAPES.clear()
        found = _SHAPES[id(gdef)] = (gdef, _shape(game))
    return found[1]


def _shape(game: Game) -> tuple[int, tuple[int, ...], int, str] | None:
    gdef = game.gdef
    if gdef.win is None or gdef.win.each is None or gdef.lose is not None or gdef.autos:
        return None
    sinks = sink_piles(game)
    accepting = [g for g in gdef.groups if g.accept is not None]
    if len(sinks) != 1 or len(accepting) != 1 or not _reads_top_only(accepting[0].accept):
        return None
    sink = sinks[0]
    if sink.group is not accepting[0]:
        return None
    position = game.position
    sources: list[int] = []
    stock = -1
    verb = ""
    for group in gdef.groups:
        if group is sink.group:
            continue
        if group.rotate is not None or (group.pick is not None and group.action is not None):
            return None
        piles = position.groups[group.name]
        if group.pick is not None:
            sources.extend(pile.index for pile in piles)
        elif group.action is not None:
            if stock >= 0 or len(piles) != 1:
                return None
            stock, verb = piles[0].index, group.action.verb
        elif group.covered_by:
            return None
    chosen = set(sources)
    for index in sources:
        if any(over.index not in chosen for over in position.piles[index].over):
            return None
    return sink.index, tuple(sources), stock, verb


def _reads_top_only(accept: Accept | None) -> bool:
    """The sink's rule declares what it reads: an index key of the moving card alone against
    keys of the sink alone, a match being a yes, one card at a time."""
    if accept is None or not accept.exact or not accept.local or accept.tallies:
        return False
    return bool(accept.keys) and all(
        keyer.card_key is None
        and (keyer.of_card is not None or keyer.constant is not None)
        and keyer.min_count <= 1
        and keyer.max_count == 1
        for keyer in accept.keys
    )


def laid(like: Pile, cards: list[Card], down: int) -> Pile:
    """A pile of `like`'s group holding `cards` (the lowest `down` face down), to ask a rule
    about; it lies on no other pile."""
    pile = Pile(like.group, like.slot, like.index)
    pile.cards = cards
    pile.down = min(down, len(cards))
    return pile


class SinkRules:
    """What a game's sink rule answers, asked once a game and kept: which cards the sink takes
    with a given bottom card, top card and height (what `compact` says a rule may read of a
    sink), and whether it then meets the win rule."""

    def __init__(self, gdef: GameDef, sink: Pile, bottom: Card) -> None:
        accept = sink.group.accept
        win = gdef.win
        assert accept is not None and win is not None and win.each is not None
        self.accept = accept
        self.each = win.each
        self.sink = sink
        self.bottom = bottom
        self.scratch = Position(gdef)
        deck = gdef.deck
        pack = make_deck(deck.decks, deck.suits, deck.ranks, deck.ace_high)
        self.size = len(pack)  # the sink's height at most
        self.card_keys = {card: self._keys_of(card) for card in dict.fromkeys(pack)}
        self.verdicts: dict[tuple[Card, int], tuple[frozenset[Card], bool]] = {}
        self.ever: dict[Card, frozenset[Card]] = {}
        self.kinds: dict[Card, int] = {}
        self.rows: dict[tuple[tuple[frozenset[Card], bool], ...], int] = {}

    def _keys_of(self, card: Card) -> frozenset[int]:
        found = set()
        for keyer in self.accept.keys:
            if keyer.constant is not None:
                found.add(keyer.constant)
            elif keyer.of_card is not None:
                key = keyer.of_card(card)
                if key is not None:
                    found.add(key)
        return frozenset(found)

    def verdict(self, top: Card, height: int) -> tuple[frozenset[Card], bool]:
        """The cards taken on `top` at `height` cards, and whether the sink then meets the win
        rule."""
        found = self.verdicts.get((top, height))
        if found is None:
            # the cards between the bottom and the top are read by no rule (see `compact`)
            cards = [top] if height == 1 else [self.bottom] + [top] * (height - 1)
            sink = laid(self.sink, cards, self.sink.down)
            offered: set[int] = set()
            for keyer in self.accept.keys:
                offered.update(keyer.pile_keys(self.scratch, sink))
            taken = frozenset(
                card for card, keys in self.card_keys.items() if not offered.isdisjoint(keys)
            )
            found = self.verdicts[(top, height)] = (taken, self.each(sink))
        return found

    def ever_taken(self, top: Card) -> frozenset[Card]:
        """Every card the sink takes on `top` at some height."""
        found = self.ever.get(top)
        if found is None:
            union: set[Card] = set()
            for height in range(1, self.size + 1):
                union.update(self.verdict(top, height)[0])
            found = self.ever[top] = frozenset(union)
        return found

    def kind(self, top: Card) -> int:
        """A number for what the sink answers with `top` on it at every height: two top cards
        of one kind play alike (Golf's 5s, whatever their suit), so the key tells them apart
        no more."""
        found = self.kinds.get(top)
        if found is None:
            row = tuple(self.verdict(top, height) for height in range(1, self.size + 1))
            found = self.kinds[top] = self.rows.setdefault(row, len(self.rows))
        return found


_RULES: dict[tuple[int, Card], tuple[GameDef, SinkRules]] = {}


def rules_for(gdef: GameDef, sink: Pile, bottom: Card) -> SinkRules:
    """The game's `SinkRules` for a sink whose bottom card is `bottom`, made once."""
    found = _RULES.get((id(gdef), bottom))
    if found is None or found[0] is not gdef:
        if len(_RULES) > 256:
            _RULES.clear()
        found = _RULES[(id(gdef), bottom)] = (gdef, SinkRules(gdef, sink, bottom))
    return found[1]


def short(demand: list[int], capacity: list[int], edges: list[list[int]]) -> bool:
    """Does some of `demand` (by group) go unmet by every assignment to `capacity` (by kind),
    each group only to the kinds `edges` lists? A maximum flow: greedily first (in the
    groups' and kinds' order, which for cards in a row of ranks is already the best), then
    along augmenting paths from the demand the greedy pass left, as in bipartite matching."""
    left = capacity[:]
    width = len(capacity)
    flow: list[int] = []
    unmet: list[tuple[int, int]] = []
    for group, wanted in enumerate(demand):
        for kind in edges[group]:
            if not wanted:
                break
            given = left[kind] if left[kind] < wanted else wanted
            if given:
                if not flow:
                    flow = [0] * (len(demand) * width)
                left[kind] -= given
                flow[group * width + kind] += given
                wanted -= given
        if wanted:
            unmet.append((group, wanted))
    if not unmet:
        return False
    if not flow:
        return True
    groups = range(len(demand))
    for group, wanted in unmet:
        while wanted:
            by_kind: dict[int, int] = {}  # a kind reached: the group it was reached from
            by_group = {group: -1}  # a group reached: the kind it would give up
            todo = [group]
            end = -1
            while todo and end < 0:
                now = todo.pop()
                for kind in edges[now]:
                    if kind in by_kind:
                        continue
                    by_kind[kind] = now
                    if left[kind]:
                        end = kind
                        break
                    for other in groups:
                        if flow[other * width + kind] and other not in by_group:
                            by_group[other] = kind
                            todo.append(other)
            if end < 0:
                return True  # no path now, none later (as in Kuhn's matching)
            left[end] -= 1
            kind = end
            while kind >= 0:  # back along the path: each group takes a kind, gives up one
                now = by_kind[kind]
                flow[now * width + kind] += 1
                kind = by_group[now]
                if kind >= 0:
                    flow[now * width + kind] -= 1
            wanted -= 1
    return False


def _two_sides(follow: list[set[int]]) -> list[bool] | None:
    """A side for each card value such that every card that may be laid on another is of the
    other side, or None when there is no such split."""
    sides: list[bool | None] = [None] * len(follow)
    linked: list[set[int]] = [set(after) for after in follow]
    for value, after in enumerate(follow):
        for other in after:
            linked[other].add(value)
    for start in range(len(follow)):
        if sides[start] is not None:
            continue
        sides[start] = False
        todo = [start]
        while todo:
            value = todo.pop()
            for other in linked[value]:
                if sides[other] is None:
                    sides[other] = not sides[value]
                    todo.append(other)
                elif sides[other] == sides[value]:
                    return None
    return [bool(side) for side in sides]


class Model:
    """One position of a one-sink game as numbers, with what the rules say of each card, and
    the search of it (`advance`, a slice at a time). The sink must hold a card to start with
    (its bottom card is then known)."""

    def __init__(self, game: Game, shape: tuple[int, tuple[int, ...], int, str]) -> None:
        sink_index, sources, stock_index, verb = shape
        piles = game.position.piles
        self.sink = piles[sink_index]
        self.sources = [piles[index] for index in sources]
        self.stock = piles[stock_index] if stock_index >= 0 else None
        self.verb = verb
        self.base = list(self.sink.cards)  # the sink as it starts
        assert self.base, "a sink to start from holds a card"
        self.rules = rules_for(game.gdef, self.sink, self.base[0])
        self.each = self.rules.each
        # every card still to be played, and the sink's top: an id each (two decks give one
        # card two ids), with its value (the card itself, numbered), pile and place in it
        values: dict[Card, int] = {}
        self.cards: list[Card] = []
        self.value: list[int] = []
        self.pile_of: list[int] = []  # the source's number; -1: the stock, -2: the sink
        self.place: list[int] = []  # its height in its pile (0 at the bottom)
        for number, pile in enumerate(self.sources):
            for height, card in enumerate(pile.cards):
                self._add(values, card, number, height)
        stock_cards = self.stock.cards if self.stock is not None else []
        self.stock_ids: list[int] = []
        for height, card in enumerate(stock_cards):
            self.stock_ids.append(len(self.cards))
            self._add(values, card, -1, height)
        self.playable = [card for card in range(len(self.cards)) if self.pile_of[card] >= 0]
        self.top = len(self.cards)  # the sink's top card's id
        self._add(values, self.base[-1], -2, len(self.base) - 1)
        self.values = list(values)
        self.kind = [self.rules.kind(card) for card in self.cards]  # what the key reads of a top
        self.movable = [self._movable(card) for card in range(len(self.cards))]
        self.heights = [len(pile.cards) for pile in self.sources]
        self.left = len(stock_cards)  # cards still in the stock
        self.height = len(self.base)  # cards in the sink
        self.over = [[self.sources.index(over) for over in pile.over] for pile in self.sources]
        self.fits = [
            [self._fits(pile, pile.cards[:height]) for height in range(len(pile.cards) + 1)]
            for pile in self.sources
        ]
        self.stock_fits = [
            self.stock is None or self._fits(self.stock, stock_cards[:height])
            for height in range(len(stock_cards) + 1)
        ]
        others = [pile for pile in piles if pile is not self.sink and pile is not self.stock]
        self.inert_fit = all(self.each(pile) for pile in others if pile not in self.sources)
        # the key: each source's height, the stock's and the top card's value, in mixed radix
        self.weights: list[int] = []
        weight = 1
        for pile in self.sources:
            self.weights.append(weight)
            weight *= len(pile.cards) + 1
        self.stock_weight = weight
        self.top_weight = weight * (len(stock_cards) + 1)  # times the top card's kind
        self.total = len(self.base) + len(self.cards) - 1  # the sink's height at most
        self.table: dict[int, tuple[tuple[int, ...], bool]] = {}  # see `answers`
        self.line: list[Move] = []  # the winning moves, once found
        self.nodes = 0
        self.lost: set[int] = set()  # the keys of positions proved lost
        self.slice_end = 0
        self.pause_at = 0.0
        self._relations()
        self.tops: list[int] = []  # the sink's top card before each card played
        self.unfit = sum(0 if fits[-1] else 1 for fits in self.fits)
        self.key = sum(h * w for h, w in zip(self.heights, self.weights, strict=True))
        self.key += self.left * self.stock_weight + self.kind[self.top] * self.top_weight
        self._search = self._dfs()

    def _add(self, values: dict[Card, int], card: Card, pile: int, height: int) -> None:
        self.value.append(values.setdefault(card, len(values)))
        self.cards.append(card)
        self.pile_of.append(pile)
        self.place.append(height)

    def _movable(self, card: int) -> bool:
        """May the card be picked up once it is its pile's top (nothing lying on the pile)?"""
        number = self.pile_of[card]
        if number < 0:
            return False
        source = self.sources[number]
        pick = source.group.pick
        assert pick is not None
        return pick.run(laid(source, source.cards[: self.place[card] + 1], source.down)) >= 1

    def _fits(self, like: Pile, cards: list[Card]) -> bool:
        return self.each(laid(like, list(cards), like.down))

    # -- what the sink takes -------------------------------------------------------------------

    def answers(self, top: int, height: int) -> tuple[tuple[int, ...], bool]:
        """The ids of the source cards the sink takes with the card `top` (an id) on it at
        `height` cards, and whether the sink then meets the win rule: asked of the rules once
        for each top card and height (`SinkRules`), kept by its value and the height."""
        index = self.value[top] * (self.total + 1) + height
        found = self.table.get(index)
        if found is None:
            taken, fits = self.rules.verdict(self.cards[top], height)
            ids = tuple(card for card in self.playable if self.cards[card] in taken)
            found = self.table[index] = (ids, fits)
        return found

    def follows(self) -> list[set[int]]:
        """For each card value, the values that may ever be laid on it (at any height)."""
        found: list[set[int]] = [set() for _ in self.values]
        for top, card in enumerate(self.values):
            for taken in self.rules.ever_taken(card):
                if taken in self.values:
                    found[top].add(self.values.index(taken))
        return found

    # -- the search ----------------------------------------------------------------------------

    def move_of(self, card: int) -> Move:
        """The engine's move that plays `card`."""
        number = self.pile_of[card]
        if number < 0:
            assert self.stock is not None
            return Move(self.verb, self.stock.index, 0, -1)
        return Move(MOVE, self.sources[number].index, 1, self.sink.index)

    def advance(self, nodes: int, pause_at: float) -> Outcome | None:
        """Search about `nodes` more nodes (fewer when `pause_at`, a perf_counter time, comes
        first): WON (`line` holds the moves), LOST, or None when not done."""
        self.slice_end = self.nodes + nodes
        self.pause_at = pause_at
        return next(self._search)

    def _relations(self) -> None:
        """The cards each card may follow and be followed by, for the two cuts (see the module's
        doc), and how many of each are still there to be played."""
        follow = self.follows()
        cards = range(len(self.cards))
        pile_of, place, value = self.pile_of, self.place, self.value
        self.required = [
            pile_of[card] >= 0 and not any(self.fits[pile_of[card]][place[card] + 1 :])
            for card in cards
        ]

        def under(low: int, high: int, gap: int) -> bool:  # `low` lies deeper than `gap` under
            return (
                pile_of[low] >= 0
                and pile_of[low] == pile_of[high]
                and place[low] < place[high] - gap
            )

        self.after: list[list[int]] = [[] for _ in cards]  # cards that may lie on this one
        self.before: list[list[int]] = [[] for _ in cards]  # required cards this one may follow
        self.ways_in = [0] * len(self.cards)
        self.ways_on = [0] * len(self.cards)
        for card in cards:
            if not self.required[card]:
                continue
            for other in cards:
                if other == card:
                    continue
                if value[card] in follow[value[other]] and not under(other, card, 0):
                    self.after[other].append(card)
                    self.ways_in[card] += 1
                if (
                    pile_of[other] >= 0
                    and value[other] in follow[value[card]]
                    and not under(other, card, 1)
                ):
                    self.before[other].append(card)
                    self.ways_on[card] += 1
        self.stranded = sum(1 for card in cards if self.required[card] and not self.ways_in[card])
        self.dead_ends = sum(1 for card in cards if self.required[card] and not self.ways_on[card])
        # when the cards fall into two sides, each laid only on the other's (Golf's odd and even
        # ranks), a stretch of cards played from the sources alternates sides
        side = _two_sides(follow)
        everything = all(self.required[card] for card in self.playable)
        self.side = [0] * len(self.cards)
        if side is not None and everything:
            for card in self.playable:
                self.side[card] = 1 if side[value[card]] else -1
        self.tilt = sum(self.side)
        # what a card played changes in the key and in the count of piles not yet cleared
        self.shift = [self.weights[pile_of[card]] if pile_of[card] >= 0 else 0 for card in cards]
        self.fit_gain = [
            self.fits[pile_of[card]][place[card] + 1] - self.fits[pile_of[card]][place[card]]
            if pile_of[card] >= 0
            else 0
            for card in cards
        ]
        self.table_by_kind: dict[int, tuple[tuple[int, ...], bool]] = {}
        self._groups(follow)

    def _groups(self, follow: list[set[int]]) -> None:
        """The counts of the third cut, by kind of card: each card played lies directly on one
        card, which no other card lies on directly. So the cards that must still leave need as
        many distinct cards to lie on (cards still to play, or the top) of the kinds that take
        them."""
        cards = range(len(self.cards))
        local: dict[int, int] = {}  # kinds numbered in the order of their lowest card
        for card in sorted(cards, key=lambda card: (self.cards[card].rank, self.cards[card].suit)):
            local.setdefault(self.kind[card], len(local))
        self.sort = [local[self.kind[card]] for card in cards]
        takers: list[set[int]] = [set() for _ in self.values]  # value: kinds that take it
        for card in cards:
            for value in follow[self.value[card]]:
                takers[value].add(self.sort[card])
        rows = sorted({tuple(sorted(takers[self.value[card]])) for card in cards})
        classes = {row: number for number, row in enumerate(rows)}
        self.taken_by = [classes[tuple(sorted(takers[self.value[card]]))] for card in cards]
        self.lie_on = [list(kinds) for kinds in classes]  # class: the kinds that take it
        self.need_in = [0] * len(classes)  # required cards of each class
        self.free_in = [0] * len(local)  # cards of each kind still to play, and the top
        for card in self.playable:
            if self.required[card]:
                self.need_in[self.taken_by[card]] += 1
        for card in cards:
            self.free_in[self.sort[card]] += 1
        # both lists as one number (mixed radix), kept up to date, to keep the cut's answers by
        self.need_weight: list[int] = []
        self.free_weight: list[int] = []
        weight = 1
        for count in self.need_in:
            self.need_weight.append(weight)
            weight *= count + 1
        for count in self.free_in:
            self.free_weight.append(weight)
            weight *= count + 1
        self.counts = sum(n * w for n, w in zip(self.need_in, self.need_weight, strict=True))
        self.counts += sum(n * w for n, w in zip(self.free_in, self.free_weight, strict=True))
        self.shortages: dict[int, bool] = {}  # the cut's answer for each value of `counts`

    def _short(self) -> bool:
        """The third cut (see `_groups`)."""
        return short(self.need_in, self.free_in, self.lie_on)

    def _children(self, taken: tuple[int, ...]) -> list[int]:
        """The cards that may be played now, the one to try first last; the stock's next card
        first (tried last: a card of the stock is a reserve)."""
        heights, pile_of, place, movable, over = (
            self.heights,
            self.pile_of,
            self.place,
            self.movable,
            self.over,
        )
        found = [self.stock_ids[self.left - 1]] if self.left else []
        for card in taken:
            number = pile_of[card]
            if heights[number] == place[card] + 1 and movable[card]:
                if over[number] and any(heights[o] for o in over[number]):
                    continue
                found.append(card)
        return found

    def _children_now(self) -> list[int]:
        return self._children(self.answers(self.top, self.height)[0])

    def _matches(self, game: Game) -> bool:
        """Is `game`'s table the one the model holds?"""
        sink = self.sink.cards
        stock = self.stock.cards if self.stock is not None else []
        return (
            all(
                len(pile.cards) == height
                for pile, height in zip(self.sources, self.heights, strict=True)
            )
            and len(stock) == self.left
            and len(sink) == self.height
            and sink[-1] == self.cards[self.top]
        )

    def _won(self) -> bool:
        return (
            self.unfit == 0
            and self.inert_fit
            and self.stock_fits[self.left]
            and self.answers(self.top, self.height)[1]
        )

    def _order(self, run: int) -> list[int]:
        """The order the search tries the cards in, in its `run`-th run from the root: the
        card of the tallest pile first, then in the first run the pile first in the game's
        order, in later ones a pile drawn at random (the same each time the run is made).
        Where a line goes wrong is luck of the order: a new order finds the wins another
        searches long for."""
        count = len(self.cards)
        if run == 1:
            ties = [count - self.pile_of[card] for card in range(count)]
        else:
            ties = list(range(count))
            random.Random(run).shuffle(ties)
        return [self.place[card] * count + ties[card] for card in range(count)]

    def _step(self, card: int) -> None:
        """Play `card` as the search does, without its counts (for `_agrees`)."""
        number = self.pile_of[card]
        if number >= 0:
            self.heights[number] -= 1
            self.unfit += self.fit_gain[card]
        else:
            self.left -= 1
        self.top = card
        self.height += 1

    def _dfs(self) -> Generator[Outcome | None, None, None]:
        """Depth first, the positions proved lost kept by key; the state is kept in local
        names and every change made and taken back here, as this is the hot path."""
        lost = self.lost
        heights, pile_of, place, kind = self.heights, self.pile_of, self.place, self.kind
        after, before, ways_in, ways_on = self.after, self.before, self.ways_in, self.ways_on
        required, side, fit_gain, shift = self.required, self.side, self.fit_gain, self.shift
        movable, over, stock_ids = self.movable, self.over, self.stock_ids
        top_weight, stock_weight, row = self.top_weight, self.stock_weight, self.total + 1
        table, answers = self.table_by_kind, self.answers
        top, left, height, key = self.top, self.left, self.height, self.key
        unfit, stranded, dead_ends, tilt = self.unfit, self.stranded, self.dead_ends, self.tilt
        if self._won():
            yield WON
            return
        if stranded or dead_ends > left + 1 or abs(tilt) > left + 1 or self._short():
            yield LOST
            return
        need_in, free_in, lie_on = self.need_in, self.free_in, self.lie_on
        need_weight, free_weight = self.need_weight, self.free_weight
        counts, shortages = self.counts, self.shortages
        sort, taken_by = self.sort, self.taken_by
        frames: list[list[int]] = []
        tops: list[int] = []
        played: list[int] = []
        card = -1  # the card whose position is to be expanded (-1: the root)
        nodes = self.nodes
        clock = 0
        run = 1  # runs from the root, each to a number of nodes (Luby's sequence)
        order = self._order(run)
        run_end = nodes + _RUN_NODES * luby(run)
        ending = False  # the run is over: back to the root, proving nothing on the way
        while True:
            if card >= -1:  # expand the position reached: its children, the first tried last
                found = table.get(kind[top] * row + height)
                if found is None:
                    found = table[kind[top] * row + height] = answers(top, height)
                children = []
                for other in found[0]:
                    number = pile_of[other]
                    if heights[number] == place[other] + 1 and movable[other]:
                        covering = over[number]
                        if not covering or not any(heights[o] for o in covering):
                            children.append(other)
                if len(children) > 1:  # the tallest pile's card first (popped last)
                    children.sort(key=order.__getitem__)
                if left:  # the stock's next card last: a card of the stock is a reserve
                    children.insert(0, stock_ids[left - 1])
                frames.append(children)
                if card >= 0:
                    played.append(card)
                card = -2
            if nodes >= self.slice_end:
                self.nodes = nodes
                yield None
            elif self.pause_at:
                clock += 1
                if clock >= _CLOCK_EVERY:
                    clock = 0
                    if time.perf_counter() >= self.pause_at:
                        self.nodes = nodes
                        yield None
            children = frames[-1]
            if nodes >= run_end and played:
                ending = True
                children.clear()
            if children:
                card = children.pop()
                undo = False
            else:  # every child searched: lost; back to the parent
                frames.pop()
                if not ending:
                    lost.add(key)
                if not played:
                    if not ending:
                        self.nodes = nodes
                        yield LOST
                        return
                    ending = False
                    run += 1  # the next run: the positions proved lost are kept
                    order = self._order(run)
                    run_end = nodes + _RUN_NODES * luby(run)
                    card = -1
                    continue
                card = played.pop()
                undo = True
            # play `card`, or take it back: the same changes, the other way round
            number = pile_of[card]
            if not undo:
                nodes += 1
                old = top
                tops.append(old)
                free_in[sort[old]] -= 1
                counts -= free_weight[sort[old]]
                if number >= 0:
                    heights[number] -= 1
                    key -= shift[card]
                    unfit += fit_gain[card]
                    tilt -= side[card]
                    if required[card]:
                        need_in[taken_by[card]] -= 1
                        counts -= need_weight[taken_by[card]]
                        if not ways_on[card]:
                            dead_ends -= 1
                    for other in before[card]:
                        ways_on[other] -= 1
                        if not ways_on[other] and heights[pile_of[other]] > place[other]:
                            dead_ends += 1
                else:
                    left -= 1
                    key -= stock_weight
                for other in after[old]:
                    ways_in[other] -= 1
                    if not ways_in[other] and heights[pile_of[other]] > place[other]:
                        stranded += 1
                key += (kind[card] - kind[old]) * top_weight
                top = card
                height += 1
                if (
                    not unfit
                    and self.inert_fit
                    and self.stock_fits[left]
                    and answers(top, height)[1]
                ):
                    self.nodes = nodes
                    self.line = [self.move_of(c) for c in played] + [self.move_of(card)]
                    yield WON
                    return
                ends = left + 1  # stretches of source cards still to play, at most
                if (
                    stranded
                    or dead_ends > ends
                    or tilt > ends
                    or -tilt > ends
                    or key in lost
                    or shortages.get(counts, False)
                ):
                    undo = True  # cut: taken back at once
                elif counts not in shortages and short(need_in, free_in, lie_on):
                    shortages[counts] = True
                    undo = True
                else:
                    shortages[counts] = False
                    continue  # expanded at the top of the loop
            old = tops.pop()
            free_in[sort[old]] += 1
            counts += free_weight[sort[old]]
            for other in after[old]:
                if not ways_in[other] and heights[pile_of[other]] > place[other]:
                    stranded -= 1
                ways_in[other] += 1
            key -= (kind[card] - kind[old]) * top_weight
            top = old
            height -= 1
            if number >= 0:
                for other in before[card]:
                    if not ways_on[other] and heights[pile_of[other]] > place[other]:
                        dead_ends -= 1
                    ways_on[other] += 1
                if required[card]:
                    need_in[taken_by[card]] += 1
                    counts += need_weight[taken_by[card]]
                    if not ways_on[card]:
                        dead_ends += 1
                heights[number] += 1
                key += shift[card]
                unfit -= fit_gain[card]
                tilt += side[card]
            else:
                left += 1
                key += stock_weight
            card = -2  # nothing to expand: the next child of the frame on top


Shape = tuple[int, tuple[int, ...], int, str]


def luby(run: int) -> int:
    """The `run`-th term (from 1) of Luby's sequence 1, 1, 2, 1, 1, 2, 4, 1, ...: restarts of
    these lengths lose at most a small factor against the best fixed length, unknown ahead."""
    while True:
        size = 1
        while size - 1 < run:
            size *= 2
        if size - 1 == run:
            return size // 2
        run -= size // 2 - 1


def trusted_shape(game: Game) -> Shape | None:
    """`shape_of(game)` when its model agrees with the engine (`_agrees`, asked once a game),
    else None."""
    shape = shape_of(game)
    if shape is None:
        return None
    gdef = game.gdef
    agreed = _AGREED.get(id(gdef))
    if agreed is None or agreed[0] is not gdef:
        if len(_AGREED) > 64:
            _AGREED.clear()
        agreed = _AGREED[id(gdef)] = (gdef, _agrees(game, shape))
    return shape if agreed[1] else None


def model_for(game: Game) -> Model | None:
    """The one-sink model of `game`'s position, or None when the game is not one (its rules,
    see `trusted_shape`) or its sink holds no card yet."""
    shape = trusted_shape(game)
    if shape is None or not game.position.piles[shape[0]].cards:
        return None
    return Model(game, shape)


def distrust(gdef: GameDef) -> None:
    """The model of this game was found wrong (a win that did not replay): never used again."""
    _AGREED[id(gdef)] = (gdef, False)


def _agrees(game: Game, shape: Shape) -> bool:
    """Along a few random lines of play from `game`'s position, does the model find the
    engine's moves, reach the engine's tables and see a win where the engine does? (A sink
    with no card yet gets the line's first move from the engine.) The game is left as it
    was."""
    rng = random.Random(game.key())
    unkeyed = game.gdef.unkeyed | {"won"}
    sink = game.position.piles[shape[0]]

    def counters() -> dict[str, int]:
        return {k: v for k, v in game.position.counters.items() if k not in unkeyed and v}

    def legal() -> list[Move]:
        return sorted(move for move in game.legal_moves() if move.kind != DONE)

    before = counters()
    for _ in range(_PLAYOUTS):
        made = 0
        try:
            if not sink.cards:
                first = legal()
                if not first:
                    return True  # nothing to play: any search ends at once
                make(game, rng.choice(first))
                made += 1
                if not sink.cards:
                    return False
            model = Model(game, shape)
            while True:
                won = is_won(game)
                if won != model._won():
                    return False
                if won:
                    break
                found = {model.move_of(card): card for card in model._children_now()}
                moves = legal()
                if set(found) != set(moves):
                    return False
                if not moves:
                    break
                move = rng.choice(moves)
                make(game, move)
                made += 1
                model._step(found[move])
                if not model._matches(game) or counters() != before:
                    return False
        finally:
            for _ in range(made):
                unmake(game)
    return True
