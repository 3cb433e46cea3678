"""What makes a game one-sink, and what its sink rule answers (`retro.solver.onesink`): the
shape read from the loaded rules, the sink rule asked once for each top card and height, and
the counts the search's cuts are made of (`Relations`), apart from the search itself.
"""

from __future__ import annotations

from retro.engine.bound import Accept
from retro.engine.cards import Card, make_deck
from retro.engine.game import Game
from retro.engine.gamedef import GameDef
from retro.engine.position import Pile, Position
from retro.solver.compact import sink_piles
from retro.solver.pergame import ByGame

Shape = tuple[int, tuple[int, ...], int, str]  # sink, sources, stock (or -1), the stock's verb

_SHAPES: ByGame[Shape | None] = ByGame()  # each game's shape, or None: not one-sink


def shape_of(game: Game) -> tuple[int, tuple[int, ...], int, str] | None:
    """(the sink's pile index, the source piles, the stock's pile index or -1, its action's
    verb) when the game's rules make it a one-sink game (see the module's doc), else None."""
    return _SHAPES.get(game.gdef, lambda: _shape(game))


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


def two_sides(follow: list[set[int]]) -> list[bool] | None:
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


class Relations:
    """The counts the one-sink search's cuts read (see `retro.solver.onesink`): which cards may
    follow which, which must still leave, and how many of each kind are left to lie on. The
    search's `Model` fills in what is declared here before `_relations` is called."""

    cards: list[Card]
    value: list[int]
    values: list[Card]
    pile_of: list[int]
    place: list[int]
    playable: list[int]
    kind: list[int]
    weights: list[int]
    fits: list[list[bool]]
    rules: SinkRules

    def follows(self) -> list[set[int]]:
        """For each card value, the values that may ever be laid on it (at any height)."""
        found: list[set[int]] = [set() for _ in self.values]
        for top, card in enumerate(self.values):
            for taken in self.rules.ever_taken(card):
                if taken in self.values:
                    found[top].add(self.values.index(taken))
        return found

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
        side = two_sides(follow)
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
