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

from retro.engine.cards import Card
from retro.engine.game import LOST, WON, Game, Outcome
from retro.engine.gamedef import GameDef
from retro.engine.position import DONE, MOVE, Move, Pile
from retro.solver.adapter import is_won, make, run_through, unmake
from retro.solver.pergame import ByGame
from retro.solver.sinkrules import Relations, Shape, laid, rules_for, shape_of, short

KEYS_PER_POSITION = 4  # a stored key costs about a quarter of a stored engine position
_PLAYOUTS = 4  # random lines of play the model is checked along, once a game
_RUN_NODES = 4_000  # the nodes of a run of Luby's length 1
_CLOCK_EVERY = 128  # nodes between two looks at the clock when a pause is asked for

_AGREED: ByGame[bool] = ByGame()  # whether a game's model agreed with the engine


class Model(Relations):
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
    agreed = _AGREED.get(game.gdef, lambda: run_through(_agrees(game, shape)))
    return shape if agreed else None


def checking(game: Game) -> Generator[None, None, None]:
    """`trusted_shape`'s check, once a game, a step at a time (a window's frame each)."""
    shape = shape_of(game)
    if shape is not None and not _AGREED.known(game.gdef):
        _AGREED.put(game.gdef, (yield from _agrees(game, shape)))


def model_for(game: Game) -> Model | None:
    """The one-sink model of `game`'s position, or None when the game is not one (its rules,
    see `trusted_shape`) or its sink holds no card yet."""
    shape = trusted_shape(game)
    if shape is None or not game.position.piles[shape[0]].cards:
        return None
    return Model(game, shape)


def distrust(gdef: GameDef) -> None:
    """The model of this game was found wrong (a win that did not replay): never used again."""
    _AGREED.put(gdef, False)


def _agrees(game: Game, shape: Shape) -> Generator[None, None, bool]:
    """Along a few random lines of play from `game`'s position, does the model find the
    engine's moves, reach the engine's tables and see a win where the engine does? (A sink
    with no card yet gets the line's first move from the engine.) A step a move; the game is
    left as it was."""
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
                yield
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
