"""Perfect-information search: can this deal still be won from here, every card known?

One search for every game, over the same `Game` the window plays (no rules of its own):

- Each child of a position is one legal move followed by every safe move it allows
  (`retro.solver.safety`): moves that can never lose a won game are not branched on.
- A transposition table on the position key: a position is searched once, however reached
  (looked up before its safe moves too, and before its moves are generated, which happens only
  when it is expanded; moves onto interchangeable empty piles are tried once).
- A portfolio: greedy best-first and depth-first searches with different weightings of the
  position features (`retro.solver.guide`) take turns in slices, each keeping its own frontier.
  The first to win, or to search the whole space without a win, decides.
- Budgets in nodes (moves made), seconds and stored positions; a depth limit keeps a game with an
  unbounded counter (unlimited redeals) from running away.
- A one-sink game (Golf, Black Hole: every move onto one pile) is searched instead by the
  search of its own small state (`retro.solver.onesink`), alone, within the same budgets.

Memory: a stored position costs about 400 bytes (its keys in a set, before and after its safe
moves; in the frontier a node with the moves that reached it; its own moves are generated only
when it is expanded: measured with tracemalloc in 4-suit Spider, less in smaller games), so the
default cap of 250,000 positions keeps a search under about 100 MB; a search that reaches the
cap stops and answers "unknown".
"""

from __future__ import annotations

import heapq
import math
import random
import time
from collections.abc import Generator

from retro.engine.game import LOST, UNKNOWN, WON, Game, Outcome
from retro.engine.gamedef import GameDef
from retro.engine.position import Move
from retro.solver import cursor, onesink
from retro.solver.adapter import is_won, make, unmake
from retro.solver.guide import Weights, evaluate, tilts_for, weights_for
from retro.solver.onesink import luby as _luby
from retro.solver.pergame import ByGame
from retro.solver.phases import Phases, deal_shape
from retro.solver.shared import Budget as Budget  # (callers ask the search for them)
from retro.solver.shared import Node, Shared, candidates, path, walk
from retro.solver.shared import Result as Result
from retro.solver.sinkrules import Shape

PAUSE = "pause"  # a member stops for the caller's time slice, its position kept, to go on
BEST_FIRST, DEPTH_FIRST = "best-first", "depth-first"
IN_ORDER = "in-order"  # depth first, children in the order the rules give the moves, unweighed
_SLICE = 2_000  # nodes a portfolio member searches before the next one's turn
_RESTART_SLICES = 4  # slices of a restarting member's shortest run
_SPREAD = math.log(2.0)  # a restarting member's weights are scaled by up to this (log) either way
_LATE_SHARE = 0.5  # the share of the budget spent without an answer before it joins
# the once-a-game checks under way, by definition (`prepare`); None once made
_PREPARING: ByGame[Generator[None, None, None] | None] = ByGame()


class _Member:
    """One search of the portfolio: its own frontier and transposition table."""

    def __init__(
        self,
        shared: Shared,
        order: str,
        weights: Weights,
        root_key: int,
        slice_nodes: int = _SLICE,
    ) -> None:
        self.shared = shared
        self.slice_nodes = slice_nodes
        self.order = order
        self.weights = weights
        self.seen: set[int] = {root_key}
        self.root = Node(None, (), 0)
        self.current = self.root
        self.frontier: list[tuple[float, int, Node]] = [(0.0, 0, self.root)]
        self.stack: list[Node] = [self.root]
        self.counter = 0
        self.cut = False  # some child was left out for depth: an empty frontier proves nothing
        self.stored = 0  # positions it stores (given back to the shared count when dropped)
        self.noise = 0.0  # a random amount up to this added to each value (ties broken apart)
        self.rng: random.Random | None = None
        self.leads = False  # its values are the game's own weights': it keeps the best seen
        self.lazy = not weights.mobility  # a child's moves are made when it is expanded

    def goto(self, target: Node) -> None:
        """Walk the game from the current node to `target` through their common ancestor."""
        self.current = walk(self.shared.game, self.current, target)

    def pop(self) -> Node | None:
        if self.order == BEST_FIRST:
            return heapq.heappop(self.frontier)[2] if self.frontier else None
        return self.stack.pop() if self.stack else None

    def run(self) -> Generator[str | None, None, None]:
        """Search, yielding None after each slice; ends with WON or LOST (frontier empty)."""
        shared = self.shared
        game = shared.game
        budget = shared.budget
        next_pause = shared.nodes + self.slice_nodes
        while True:
            node = self.pop()
            if node is None:
                self.goto(self.root)
                yield UNKNOWN if self.cut else LOST
                return
            self.goto(node)
            children: list[tuple[float, Node]] = []
            todo = shared.steps(node.moves if node.moves is not None else candidates(game))
            node.moves = None
            for made in todo:
                for move in made:
                    make(game, move)
                shared.nodes += len(made)
                step = list(made)
                reached = shared.key()
                if shared.met(self.seen, reached):  # seen already, before or after its safe moves
                    for _ in made:
                        unmake(game)
                    if shared.pause_at and time.perf_counter() >= shared.pause_at:
                        yield PAUSE
                    continue
                self.seen.add(reached)
                moves: list[Move] | None = None
                if self.lazy:
                    shared.close_lazily(step)
                else:
                    moves = shared.close_safely(candidates(game), step)
                if is_won(game):
                    shared.won = path(node) + step
                    for _ in step:
                        unmake(game)
                    self.goto(self.root)
                    yield WON
                    return
                position_key = shared.key()
                if position_key == reached or not shared.met(self.seen, position_key):
                    self.seen.add(position_key)
                    shared.positions += 1
                    self.stored += 1
                    depth = node.depth + len(step) - len(made) + 1  # draws not counted
                    if depth > budget.depth:
                        self.cut = True
                    elif moves is None or moves:
                        mobility = len(moves) if moves is not None else 0
                        value = (
                            evaluate(game.position, self.weights, shared.model, mobility)
                            - self.weights.depth * depth
                            if self.order != IN_ORDER
                            else 0.0
                        )
                        if self.rng is not None:
                            value += self.rng.random() * self.noise
                        child = Node(node, tuple(step), depth, moves)
                        children.append((value, child))
                        if self.leads and value > shared.best_value:
                            shared.best_value = value
                            shared.best = path(child)
                for _ in step:
                    unmake(game)
                if shared.pause_at and time.perf_counter() >= shared.pause_at:
                    yield PAUSE
            self.counter += 1
            if self.order == BEST_FIRST:
                for value, child in children:
                    self.counter += 1
                    heapq.heappush(self.frontier, (-value, -self.counter, child))
            else:
                if self.order == IN_ORDER:
                    children.reverse()  # the first move the rules give is searched first
                else:
                    children.sort(key=lambda item: item[0])
                self.stack.extend(child for _, child in children)
            if shared.nodes >= next_pause or shared.out_of_budget():
                self.goto(self.root)
                yield None
                next_pause = shared.nodes + self.slice_nodes


def _restarting(
    shared: Shared, base: Weights, root_key: int, slice_nodes: int
) -> Generator[str | None, None, None]:
    """Best-first searches begun again and again from the root, each with the weights scaled at
    random (each between half and double) and ties broken at random, for a number of slices
    that follows Luby's sequence. A search guided by one weighting can stay lost for a long
    time in a part of the space that looks good and is not; short runs with other weightings
    often find the way out. The random numbers come from the position key, so a search is
    the same every time it is made. Each run's table is dropped at its end."""
    rng = random.Random(root_key)
    names = Weights.names()
    run = 0
    while True:
        run += 1
        weights = base.with_changes(
            {name: getattr(base, name) * math.exp(rng.uniform(-_SPREAD, _SPREAD)) for name in names}
        )
        member = _Member(shared, BEST_FIRST, weights, root_key, slice_nodes)
        member.rng, member.noise = rng, 1.0
        slices = _RESTART_SLICES * _luby(run)
        try:
            for status in member.run():
                if status in (WON, LOST):  # a whole space searched proves lost all the same
                    yield status
                    return
                if status == UNKNOWN:
                    break  # cut for depth: another run may do better
                yield status
                if status is None:
                    slices -= 1
                    if slices <= 0:
                        break
        finally:
            shared.positions -= member.stored


def _one_sink(shared: Shared, shape: Shape, slice_nodes: int) -> Generator[str | None, None, None]:
    """The search of a one-sink game's own small state (`retro.solver.onesink`) as a member:
    its nodes count against the budget like the others', its stored keys a quarter of a
    position each. A sink with no card yet is searched after each first move in turn (the
    model needs its bottom card). A win is replayed through the game before it is answered;
    one that does not replay (the model wrong, never seen) ends the member, and the game is
    not searched so again."""
    game = shared.game
    positions = shared.positions
    sink = game.position.piles[shape[0]]
    firsts: list[Move | None] = [None] if sink.cards else list(candidates(game))
    for first in firsts:
        before: list[Move] = [] if first is None else [first]
        for move in before:
            make(game, move)
            shared.nodes += 1
        try:
            if is_won(game):
                shared.won = list(before)
                model = None
            else:
                model = onesink.Model(game, shape)
        finally:
            for _ in before:
                unmake(game)
        if model is None:
            yield WON
            return
        next_pause = shared.nodes + slice_nodes  # slices end where they would unpaused
        while True:
            done = model.nodes
            status = model.advance(next_pause - shared.nodes, shared.pause_at)
            shared.nodes += model.nodes - done
            shared.positions = positions + len(model.lost) // onesink.KEYS_PER_POSITION
            if status == WON:
                if not _replays(game, before + model.line):
                    onesink.distrust(game.gdef)
                    yield UNKNOWN
                    return
                shared.won = before + model.line
                yield WON
                return
            if status == LOST:
                break
            if shared.nodes < next_pause:
                yield PAUSE  # the caller's time is up half-way through the slice
            else:
                next_pause = shared.nodes + slice_nodes
                yield None
    yield LOST


def _replays(game: Game, moves: list[Move]) -> bool:
    """Do `moves` win from `game`'s position, each legal in turn? The game is left as it was."""
    made = 0
    try:
        for move in moves:
            if game.why_not(move) is not None:
                return False
            make(game, move)
            made += 1
        return is_won(game)
    finally:
        for _ in range(made):
            unmake(game)


class Search:
    """A search that can be run a slice at a time (`step`), so a window can keep drawing
    between slices; `solve` runs one to its end. It makes moves on `game` and leaves it as it
    was only when it finishes: give it a copy (`adapter.copy_game`) to drop it half-way."""

    def __init__(
        self,
        game: Game,
        budget: Budget | None = None,
        weights: Weights | None = None,
        portfolio: bool = True,
        order: str = BEST_FIRST,
        slice_nodes: int = _SLICE,
    ) -> None:
        self.game = game
        base = weights or weights_for(game.gdef)
        self.shared = shared = Shared(game, budget or Budget())
        self.prefix: list[Move] = []
        self.result: Result | None = None
        self.members: list[Generator[str | None, None, None]] = []
        self.plans: list[tuple[str, Weights]] = []  # each member's order and weights, in turn
        self.late: tuple[Weights, int, int] | None = None  # a restarting member still to join
        self.paused = False  # the member whose turn it is stopped half-way through a position
        self.left_at = 0.0  # when the last slice ended (perf_counter), 0 before the first
        moves = shared.close_safely(candidates(game), self.prefix)
        if is_won(game):
            self._end(WON, self.prefix)
            return
        if not moves:
            self._end(LOST, [], best_from_start=False)
            return
        root_key = shared.key()
        shared.start_value = evaluate(game.position, base, shared.model, len(moves))
        sink_shape = onesink.trusted_shape(game) if portfolio else None
        if sink_shape is not None:  # the one search that decides these games: alone
            self.members = [_one_sink(shared, sink_shape, slice_nodes)]
            self.turn = 0
            return
        plans = [(BEST_FIRST, base), (DEPTH_FIRST, base)]
        plans += [(BEST_FIRST, base.with_changes(tilt)) for tilt in tilts_for(game.gdef)]
        if not portfolio:
            plans = [(order, base)]
        self.plans = plans
        searches = [
            _Member(shared, member_order, w, root_key, slice_nodes) for member_order, w in plans
        ]
        searches[0].leads = True
        self.members = [search.run() for search in searches]
        if portfolio:  # one more searching in order, every other turn: it runs out of a small
            # space soonest, proving the deal lost, and wins most Black Hole deals by itself
            prover = _Member(shared, IN_ORDER, base, root_key, slice_nodes).run()
            self.members = [turn for other in self.members for turn in (other, prover)]
        shape = deal_shape(game) if portfolio else None
        if shape is not None:  # a stock dealing a card onto every column: beam searches a
            # deal or a card shown at a time (`phases`), each every third turn
            beams = [Phases(shared, shape, slice_nodes, shows).run() for shows in (False, True)]
            self.members = [turn for other in self.members for turn in (*beams, other)]
        # joins once half the budget is spent without an answer, so a deal the portfolio
        # answers early is searched exactly as before
        self.late = (base, root_key, slice_nodes) if portfolio else None
        self.turn = 0

    def step(self) -> Result | None:
        """One member's slice of the search: the result once there is one, else None."""
        if self.result is not None:
            return self.result
        shared = self.shared
        if not self.members or (not self.paused and shared.out_of_budget()):
            return self._end(UNKNOWN, [])  # (a paused member first goes back to the root)
        if self.late is not None and not self.paused and shared.spent() >= _LATE_SHARE:
            restarts = _restarting(shared, *self.late)
            self.members.insert(self.turn % len(self.members), restarts)
            self.late = None
        self.turn %= len(self.members)
        member = self.members[self.turn]
        status = next(member)
        self.paused = status == PAUSE
        if self.paused:
            return None  # the same member goes on at the next step
        self.turn += 1
        if status == WON:
            assert shared.won is not None
            return self._end(WON, self.prefix + shared.won)
        if status == LOST:
            return self._end(LOST, [])
        if status == UNKNOWN:  # every turn of the member ends
            before = self.members[: self.turn]
            self.members = [other for other in self.members if other is not member]
            self.turn = sum(1 for other in before if other is not member)
        return None

    def run_for(self, seconds: float) -> Result | None:
        """Search for about `seconds` (a frame's share), pausing between two children of a
        position; the result once there is one, else None. The budget's seconds count the
        time spent searching: the time between two slices moves its deadline on."""
        shared = self.shared
        now = time.perf_counter()
        if self.left_at:
            shared.deadline += now - self.left_at
        shared.pause_at = now + seconds
        try:
            while self.result is None and time.perf_counter() < shared.pause_at:
                self.step()
        finally:
            shared.pause_at = 0.0
            self.left_at = time.perf_counter()
        return self.result

    def _end(self, result: Outcome, moves: list[Move], best_from_start: bool = True) -> Result:
        self.result = _finish(self.shared, result, moves, self.prefix if best_from_start else None)
        for _ in self.prefix:
            unmake(self.game)
        self.prefix = []
        for member in self.members:  # its `finally` run now, compiled or not
            member.close()
        self.members = []
        return self.result


def prepare(gdef: GameDef, seconds: float) -> bool:
    """Make the checks the search's members make once a game (the stock as a cursor, the
    one-sink model) for about `seconds`; True once they are made. A window calls it a slice a
    frame before its first search of a game, as it learns the safe moves (`learn_for`), so
    no frame holds the whole check (up to a sixth of a second in Plait)."""
    steps = _PREPARING.get(gdef, lambda: _checks(gdef))
    if steps is None:
        return True
    until = time.perf_counter() + seconds
    try:
        while True:
            next(steps)
            if time.perf_counter() >= until:
                return False
    except StopIteration:
        _PREPARING.put(gdef, None)
        return True


def _checks(gdef: GameDef) -> Generator[None, None, None]:
    yield from cursor.checking(Game(gdef, 1))
    yield from onesink.checking(Game(gdef, 1))


def solve(
    game: Game,
    budget: Budget | None = None,
    weights: Weights | None = None,
    portfolio: bool = True,
    order: str = BEST_FIRST,
) -> Result:
    """Search the deal from `game`'s position with every card known; the game is left as it
    was. The portfolio is the game's weights (from its file) in best-first and depth-first
    order, then tilted weightings; `portfolio=False` runs one search alone, in `order`."""
    search = Search(game, budget, weights, portfolio, order)
    try:
        while (result := search.step()) is None:
            pass
        return result
    finally:
        for _ in search.prefix:  # an error half-way: the game back as it was all the same
            unmake(game)


def _finish(
    shared: Shared, result: Outcome, moves: list[Move], prefix: list[Move] | None = None
) -> Result:
    best = (prefix or []) + shared.best if result != WON else moves
    gain = shared.best_value - shared.start_value if shared.best else 0.0
    return Result(result, moves, shared.nodes, time.perf_counter() - shared.start, best, gain)
