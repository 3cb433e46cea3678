"""Beam searches a step at a time, for games whose stock deals one card onto every column
(Spider).

Such a deal lays ten cards at once, mostly across the runs built, so the positions worth
reaching before it are few and the ways to reach them many: a search over single moves spends
its nodes ordering the same runs in other ways and never gets far past the first deals. These
members of the portfolio search a step at a time instead, a step ending at each deal (one
member) or at each card shown, turned or dealt (the other):

- from each position of the *beam* (at first the root alone), a best-first search of the lines
  that do not end a step (a budget of nodes each, one table for the step; a move costs `STEP`
  points, so short lines come first) collects the lines that do, each valued (`value`) with
  the card shown or the cards dealt in place: a card landing on the next higher of its suit
  is a gain, one on another card a break;
- the best `width` of them, distinct by key, are the next beam; a step that ends no line is
  searched again, longer; the member ending steps at cards shown deals only when no line
  turns a card, even searched longer (dealing early buries the runs);
- once nothing is left to show, the search looks for a win, with a larger budget.

A win found is a win; a beam search that finds none proves nothing, so a member never answers
lost: each attempt that ends without a win starts again from the root with a wider beam and
more nodes a position, until the portfolio's budget runs out (an attempt that left no line
unfollowed ends the member, unknown). Every choice is made on counts of nodes, never on time,
so the search is the same on every run (and node for node the same compiled or not).

The games they serve are recognised from the rules (`deal_shape`): a stock whose action,
never redealt, lays one card on every pile of a group of columns.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Generator

from retro.engine.game import UNKNOWN, WON, Game
from retro.engine.gamedef import FOUNDATION, STOCK, GameDef
from retro.engine.position import MOVE, Move, Pile
from retro.solver.adapter import is_won, make, unmake
from retro.solver.shared import Node, Shared, path, walk

PAUSE = "pause"  # (the portfolio's word: stop for the caller's time slice, place kept)

# Points of a position (see `value`): what a Spider player counts.
HOME = 8.0  # a card on a foundation (a suit removed: 104, more than its run's 12 links)
DOWN = 24.0  # (minus) a face-down card
EMPTY = 20.0  # an empty column
SUITED = 5.0  # a card on the next higher card of its own suit
NATURAL = 1.0  # a card on the next higher card of another suit (a link that may pay later)
BREAK = 3.0  # (minus) a face-up card on a card not one higher: a run broken
IN_STOCK = 2.0  # (minus) a card still in the stock (a deal lays ten cards, most on no run)
STEP = 3.0  # (minus, in the order of a phase's search only) a move made since the phase began
OPEN = 4.0  # a column with cards and none of them face down

# attempts: (beam width, nodes a position of the beam searches in a step); the last attempt's
# numbers are doubled again for each attempt after it (Spider 1 suit is won most often a
# deal a step, 2 suits a card shown a step: measured, benchmarks/RESULTS.md)
DEALING = ((4, 300), (8, 600), (16, 1_200))  # a step a deal
SHOWING = ((8, 600),)  # a step a card shown
RETRIES, LONGER = 2, 4  # a step that shows no card is searched again, this many times longer
DEAL_AFTER = 1  # a step a card shown: the deal is taken once this many searches turn none
ENOUGH = 12  # a step a card shown: a position's search stops once this many lines show one
FINAL = 20  # with nothing left to show, a step (the search for a win) is this many times longer
_SHAPES: dict[int, tuple[GameDef, tuple[str, str] | None]] = {}


def deal_shape(game: Game) -> tuple[str, str] | None:
    """(stock group, column group) when the game's stock deals one card onto every pile of a
    group of two or more columns and is never dealt again, else None. Read off the rules by
    dealing once, on the game's own opening (learnt once a game)."""
    gdef = game.gdef
    found = _SHAPES.get(id(gdef))
    if found is not None and found[0] is gdef:
        return found[1]
    shape = _learn_shape(Game(gdef, game.seed))
    if len(_SHAPES) > 64:
        _SHAPES.clear()
    _SHAPES[id(gdef)] = (gdef, shape)
    return shape


def _learn_shape(game: Game) -> tuple[str, str] | None:
    position = game.position
    for group in game.gdef.groups:
        action = group.action
        if group.kind != STOCK or action is None or action.redeals != 0:
            continue
        for pile in position.groups[group.name]:
            if not action.available(position, pile):
                continue
            before = [len(other.cards) for other in position.piles]
            make(game, Move(action.verb, pile.index))
            grown = [
                other
                for other, height in zip(position.piles, before, strict=True)
                if len(other.cards) != height and other is not pile
            ]
            names = {other.group.name for other in grown}
            dealt = before[pile.index] - len(pile.cards)
            unmake(game)
            if len(names) != 1:
                continue
            (name,) = names
            columns = position.groups[name]
            if len(columns) >= 2 and len(grown) == len(columns) == dealt:
                return group.name, name
    return None


class Phases:
    """The member: `run` searches as the portfolio's members do (see `retro.solver.search`),
    on the shared game, going back to the root at the end of each slice."""

    def __init__(
        self, shared: Shared, shape: tuple[str, str], slice_nodes: int, shows: bool
    ) -> None:
        self.shared = shared
        self.shows = shows  # a step ends at each card shown (else at each deal)
        self.slice_nodes = slice_nodes
        game = shared.game
        position = game.position
        self.stocks = position.groups[shape[0]]
        self.columns = position.groups[shape[1]]
        action = self.stocks[0].group.action
        assert action is not None
        self.verb = action.verb
        self.homes = [pile for pile in position.piles if pile.kind == FOUNDATION]
        self.root = Node(None, (), 0)
        self.current = self.root
        self.stored = 0
        self.worth: dict[int, float] = {}  # a column's points by its part of the key
        self.dealt: list[tuple[float, int, Node]] = []  # the lines ending in a deal
        self.cut = False  # some line was left unfollowed in this attempt (budget or width)
        self.next_pause = 0  # the node count at which the slice ends

    # -- walking the tree ---------------------------------------------------------------------

    def goto(self, target: Node) -> None:
        self.current = walk(self.shared.game, self.current, target)

    # -- what a position is worth -------------------------------------------------------------

    def value(self) -> float:
        """Cards home, face-down cards, empty and open columns, links in suit and out of it,
        runs broken. Each column's points are kept by its part of the position key."""
        total = 0.0
        worth = self.worth
        for pile in self.columns:
            term = pile.term
            points = worth.get(term)
            if points is None:
                points = _column(pile)
                if len(worth) > 200_000:
                    worth.clear()
                worth[term] = points
            total += points
        for pile in self.homes:
            total += HOME * len(pile.cards)
        return total - IN_STOCK * self.stock_left()

    def dealable(self) -> bool:
        """Whether the stock may deal now."""
        position = self.shared.game.position
        for pile in self.stocks:
            action = pile.group.action
            if action is not None and action.available(position, pile):
                return True
        return False

    def stock_left(self) -> int:
        return sum(len(pile.cards) for pile in self.stocks)

    # -- the search ---------------------------------------------------------------------------

    def run(self) -> Generator[str | None, None, None]:
        """Attempts with wider beams, one after another, until a win (WON) or the portfolio
        stops it; yields None after each slice (back at the root), PAUSE mid-slice."""
        shared = self.shared
        self.next_pause = shared.nodes + self.slice_nodes
        attempt = 0
        while True:
            schedule = SHOWING if self.shows else DEALING
            if attempt < len(schedule):
                width, per_state = schedule[attempt]
            else:
                grow = 2 ** (attempt - len(schedule) + 1)
                width, per_state = schedule[-1][0] * grow, schedule[-1][1] * grow
            beam = [self.root]
            step = 0
            self.cut = False
            while beam:
                found: list[tuple[float, int, Node]] = []
                for tries in range(RETRIES + 1):  # nothing shown: again, searching longer
                    seen: set[int] = set()
                    self.dealt = []
                    for state in beam:
                        budget = per_state * LONGER**tries
                        for status in self._phase(state, budget, seen, found):
                            if status == WON:
                                self.goto(self.root)
                                yield WON
                                return
                            yield status
                    if found:
                        break
                    if self.dealt and tries >= DEAL_AFTER:
                        found = self.dealt
                        break
                found.sort(key=lambda item: (-item[0], item[1]))
                self.cut = self.cut or len(found) > width
                beam = [node for _, _, node in found[:width]]
                step += 1
                self.shared.positions -= self.stored
                self.stored = 0
            if not self.cut:  # every line was followed to its end: a wider beam finds no more
                self.goto(self.root)
                yield UNKNOWN  # (not lost: a line past a step's best few was never followed)
                return
            attempt += 1

    def hidden(self) -> int:
        """Cards still to be seen: face down in the columns, or in the stock."""
        return sum(pile.down for pile in self.columns) + self.stock_left()

    def _moves(self) -> list[Move]:
        """The moves now: card moves, the same cards onto an empty column tried once (which
        one they fill changes only the card the next deal lays there), and the deal."""
        piles = self.shared.game.position.piles
        filled: set[tuple[int, int, str]] = set()
        kept = []
        for move in self.shared.game.legal_moves():
            if move.kind != MOVE:
                if move.kind == self.verb and piles[move.src] in self.stocks:
                    kept.append(move)
                continue
            target = piles[move.dst]
            if not target.cards:
                source = piles[move.src]
                if move.count == len(source.cards) and target.group is source.group:
                    continue  # a whole column onto an empty one: the same column elsewhere
                same = (move.src, move.count, target.group.name)
                if same in filled:
                    continue
                filled.add(same)
            kept.append(move)
        return kept

    def _slice_over(self) -> bool:
        shared = self.shared
        return shared.nodes >= self.next_pause or shared.out_of_budget()

    def _rest(self) -> Generator[str | None, None, None]:
        """The end of a slice: back to the root, a turn for the others."""
        self.goto(self.root)
        yield None
        self.next_pause = self.shared.nodes + self.slice_nodes

    def _phase(
        self,
        start: Node,
        budget: int,
        seen: set[int],
        found: list[tuple[float, int, Node]],
    ) -> Generator[str | None, None, None]:
        """Best first from `start`, for `budget` nodes, along lines that show no card: each
        line that shows one (a card turned, a deal) ends there and goes to `found` with its
        value. With nothing left to show, the search looks for a win, `FINAL` times as long.
        A win ends it with WON (`shared.won` set)."""
        shared = self.shared
        game = shared.game
        key = shared.key
        self.goto(start)
        hidden = self.hidden() if self.shows else self.stock_left()
        if not hidden:
            budget *= FINAL
        seen.add(key())
        frontier: list[tuple[float, int, Node]] = [(0.0, 0, start)]
        counter = 0
        until = shared.nodes + budget
        enough = len(found) + ENOUGH if self.shows else None
        while frontier and shared.nodes < until and (enough is None or len(found) < enough):
            node = heapq.heappop(frontier)[2]
            self.goto(node)
            for move in self._moves():
                make(game, move)
                shared.nodes += 1
                step = [move]
                reached = key()
                if reached in seen:
                    unmake(game)
                    continue
                seen.add(reached)
                shared.close_lazily(step)
                if is_won(game):
                    shared.won = path(node) + step
                    for _ in step:
                        unmake(game)
                    yield WON
                    return
                if len(step) > 1:
                    seen.add(key())
                child = Node(node, tuple(step), node.depth + len(step))
                self.stored += 1
                shared.positions += 1
                worth = self.value()
                counter += 1
                if move.kind != MOVE and self.shows:
                    self.dealt.append((worth, len(self.dealt), child))
                elif move.kind != MOVE or (self.shows and self.hidden() < hidden):
                    found.append((worth, len(found), child))
                else:
                    depth = child.depth - start.depth
                    heapq.heappush(frontier, (STEP * depth - worth, counter, child))
                for _ in step:
                    unmake(game)
                if shared.pause_at and time.perf_counter() >= shared.pause_at:
                    yield PAUSE
            if self._slice_over():
                yield from self._rest()
        self.cut = self.cut or bool(frontier)


def _column(pile: Pile) -> float:
    """A column's points (see the weights above)."""
    cards = pile.cards
    if not cards:
        return EMPTY
    down = pile.down
    points = -DOWN * down + (OPEN if down == 0 else 0.0)
    if down >= len(cards):  # every card face down (a game whose player turns the top one)
        return points
    below = cards[down]
    for index in range(down + 1, len(cards)):
        card = cards[index]
        if card.rank + 1 == below.rank:
            points += SUITED if card.suit == below.suit else NATURAL
        else:
            points -= BREAK
        below = card
    return points
