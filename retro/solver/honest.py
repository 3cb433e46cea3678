"""Honest play: the deal played as a player must, never seeing a face-down card or the order of
the stock.

Everything the player goes by passes through `view()`, which reads only what is face up (and how
many cards lie face down where). At each decision the player searches the known part of the
game (`lookahead`): every line of moves that shows no new card, best first, each position once;
a move that shows one (turns a card face up, deals or turns the stock) ends its line. A line is
valued by what its table shows (`seen_value`: cards home, cards still face down, empty piles,
cards in order and in suit; a card just shown counts only as a card fewer face down). The best
line, to the move showing a card or to a better table, is played (unless it strands the
stock: it can then never be dealt, see `stranding.py`), and the player thinks again once it
has been seen what the new card is. With every card in sight the deal is solved as it
stands. Before searching (with at most 20 cards hidden), one sample of the hidden cards is
solved; if it is won, more are, and each move starting a sample's win is tried on the other
samples (wins seldom start alike). The move winning most of them is played when it wins more
than half (a Klondike endgame).
"""

from __future__ import annotations

import heapq
import itertools
import random
import time
from collections import Counter
from collections.abc import Callable, Generator
from dataclasses import dataclass, field

from retro.engine import faces
from retro.engine.cards import Card
from retro.engine.game import LOST, PLAYING, UNKNOWN, WON, Game, Outcome
from retro.engine.gamedef import CELL, FOUNDATION, STOCK, GameDef
from retro.engine.position import DONE, Move, Pile, Position
from retro.solver.adapter import copy_game, is_won, key, laid_out, make, unmake
from retro.solver.guide import Weights, is_clean, weights_for
from retro.solver.pacing import Pace, Thinking, finish, solving
from retro.solver.shared import Budget, Result, distinct
from retro.solver.stranding import best_open, hidden_count

_UNREAD = frozenset(("moves", "score"))  # counters no rule reads: not part of a view
_GLANCE = 60  # nodes of a decision made with the thinking time spent
_RESERVE = 0.1  # share of the thinking time kept for when every card is in sight
_NODES = 10_000  # nodes of each search of a decision at most (within its share of the time)
_PATIENCE = 3  # decisions seeing nothing better before a pile action comes first
_WANDER = 30  # moves without a better table before a pile action comes first
_SOLVE_HIDDEN = 20  # cards hidden at most for samples to be solved before the known part
_GIVE_UP = 200  # moves without a better table before the player gives up

Shape = tuple[tuple[str, bool], ...]
Lit = tuple[tuple[int, Card], ...]  # the face-up cards among a pile's face-down ones, by height
View = tuple[tuple[tuple[int, tuple[Card, ...], Lit], ...], tuple[tuple[str, int], ...]]


def view(game: Game) -> View:
    """What a player sees: for each pile how many cards lie face down, the face-up ones and
    those among the face-down ones (`faces.lit_cards`); the counters rules read (redeals, ...;
    not the moves made or the score). The only place honest play reads the table."""
    position = game.position
    piles = tuple((p.down, tuple(p.cards[p.down :]), faces.lit_cards(p)) for p in position.piles)
    counters = sorted(
        (name, value) for name, value in position.counters.items() if name not in _UNREAD
    )
    return piles, tuple(counters)


def sample(game: Game, seen: View, rng: random.Random) -> Game:
    """A game that looks exactly like `seen`, its hidden cards dealt at random from the cards
    not in sight (and a random deal number for any later reshuffle)."""
    gdef = game.gdef
    deck = gdef.deck
    unseen = Counter(deck.pack())
    piles = seen[0]
    for _, up, lit in piles:
        unseen.subtract([*up, *(card for _, card in lit)])
    hidden = sorted(unseen.elements(), key=lambda card: (card.suit, card.rank))
    rng.shuffle(hidden)
    face_down = []
    for down, _, lit in piles:
        face_down.append(hidden[: down - len(lit)])
        del hidden[: down - len(lit)]
        for height, card in lit:  # (lowest first: each goes in at its own height)
            face_down[-1].insert(height, card)
    return _table(gdef, seen, face_down, rng.randrange(1 << 31))


def _table(gdef: GameDef, seen: View, face_down: list[list[Card]], seed: int) -> Game:
    """A game showing `seen`, `face_down` (a list a pile, lit cards in place) under its cards."""
    piles = [
        (down, [*cards, *up], sum(1 << height for height, _ in lit))
        for (down, up, lit), cards in zip(seen[0], face_down, strict=True)
    ]
    return laid_out(gdef, seed, piles, dict(seen[1]))


def progress(seen: View, shape: Shape, weights: Weights) -> float:
    """How far along the game looks from what is visible alone: cards home, cards turned,
    empty piles, cards on the next higher of their suit (weighted as the search weighs them).
    `shape`: each pile's kind and whether it takes cards."""
    home = down = empty = suited = 0
    for (face_down, up, lit), (kind, takes) in zip(seen[0], shape, strict=True):
        if kind == FOUNDATION:
            home += len(up)
            continue
        if kind != STOCK:
            down += face_down - len(lit)
            if not face_down and not up and takes:
                empty += 1
        for below, card in itertools.pairwise(up):
            if below.suit == card.suit and below.rank == card.rank + 1:
                suited += 1
    return (
        weights.home * home
        - weights.turned * down
        + weights.empty * empty
        + weights.suited * suited
    )


def shape_of(game: Game) -> Shape:
    return tuple((pile.kind, pile.group.accept is not None) for pile in game.position.piles)


@dataclass
class Decision:
    """The move to play, how many samples it won, and a line to follow: the rest of the best
    line of the known part, or a winning line found with every card in sight (with the game it
    was found on, to notice when the real table stops agreeing)."""

    move: Move | None
    wins: int
    samples: int
    nodes: int = 0
    hopeless: bool = False  # every sample was proved lost
    stuck: bool = False  # nothing better than the table now is in sight
    plan: list[Move] = field(default_factory=list)
    plan_game: Game | None = None


def seen_value(
    position: Position,
    weights: Weights,
    before: list[tuple[int, int]] | None = None,
    known: dict[int, float] | None = None,
) -> float:
    """How promising a table looks from its face-up cards alone: cards home, face-down cards
    outside the stock (minus), empty piles and cells, cards in order on the one below (more
    when in suit), cards above a lower card (minus); the search's weights. `before`: each
    pile's face-down and total counts before a move that showed cards; a card it showed (its
    place in a sample is made up) counts for nothing but one card fewer face down. `known`:
    each pile's worth by its part of the position key, kept between the tables of one search
    (a move changes two or three piles: the others are read from it)."""
    dealt = before is not None and any(
        pile.kind == STOCK and len(pile.cards) < before[index][1]
        for index, pile in enumerate(position.piles)
    )
    total = 0.0
    for index, pile in enumerate(position.piles):
        top = len(pile.cards)
        first = pile.down
        if before is not None:
            was_down, was_len = before[index]
            if first < was_down:
                first = was_down  # the cards just turned face up are not read
            if dealt and top > was_len:
                top = was_len  # nor the cards just dealt onto the pile
        if known is None or first != pile.down or top != len(pile.cards):
            total += pile_worth(pile, weights, first, top)  # (a pile read in part: not kept)
            continue
        worth = known.get(pile.term)
        if worth is None:
            worth = known[pile.term] = pile_worth(pile, weights, first, top)
        total += worth
    return total


def pile_worth(pile: Pile, weights: Weights, first: int, top: int) -> float:
    """One pile's part of `seen_value`, reading its cards from `first` up to `top`."""
    kind = pile.kind
    cards = pile.cards
    if kind == FOUNDATION:
        return weights.home * len(cards)
    if kind == STOCK:
        return 0.0
    worth = -weights.turned * faces.hidden(pile)
    if not cards:
        if pile.group.accept is not None:
            worth += weights.cells if kind == CELL else weights.empty
        return worth
    if is_clean(pile):
        worth += weights.clean
    if first + 1 >= top:
        return worth
    runs = suited = disorder = 0
    lowest = 99
    below = cards[first]
    for card in itertools.islice(cards, first + 1, top):
        below_rank, rank = below.rank, card.rank
        if below_rank < lowest:
            lowest = below_rank
        if below_rank == rank + 1:
            runs += 1
            if below.suit == card.suit:
                suited += 1
        if rank > lowest:
            disorder += 1
        below = card
    return worth + weights.runs * runs + weights.suited * suited - weights.disorder * disorder


_SOONER = 0.01  # (minus) a move of a line: of two equal lines the shorter, so a card shows sooner
_WIDER = 3.0  # (minus) a move of a line when choosing the next one to extend: wide before deep


Line = tuple[list[Move], bool, float, int, Game]


def lookahead(
    game: Game,
    seen: View,
    budget: Budget,
    avoid: frozenset[View] = frozenset(),
    weights: Weights | None = None,
    memo: SeenKeys | None = None,
) -> Line:
    """`looking` in one piece (`memo`: the keys of tables seen, kept from an earlier look)."""
    return finish(looking(game, seen, budget, avoid, weights, Pace(), memo or SeenKeys()))


def looking(
    game: Game,
    seen: View,
    budget: Budget,
    avoid: frozenset[View],
    weights: Weights | None,
    pace: Pace,
    memo: SeenKeys,
) -> Thinking[Line]:
    """Search the known part of the game: every line of moves that shows no new card, best
    first, the next line to extend chosen by its worth less `_WIDER` a move (short lines come
    first, so the search spreads wide before it goes deep), once per position (a
    transposition table on the position key). A move that shows a card (turns one face up,
    deals or turns the stock) ends its line. The search runs on a sample of the hidden cards
    (the same for the same cards unseen), whose cards it never weighs: a card shown counts
    only as one card fewer face down. Returns the best line (to its most promising table not already
    seen in this game; of equals the one showing a card soonest), whether it ends by showing
    a card, its gain over the table now, the nodes searched and the sample searched on."""
    trial = sample(game, seen, random.Random(0))  # (the same while no card shows: see _seen_keys)
    weights = weights or weights_for(game.gdef)
    root_hidden = hidden_count(trial.position)
    known: dict[int, float] = {}
    root_value = seen_value(trial.position, weights, known=known)
    visited = {key(trial)} | _seen_keys(trial, avoid, memo)
    alike = player_alike(trial.position)
    frontier: list[tuple[float, int, list[Move]]] = [(0.0, 0, [])]
    # the lines showing a card, and those making the table better without
    found: dict[bool, list[tuple[float, list[Move]]]] = {True: [], False: []}
    nodes = count = 0
    deadline = time.perf_counter() + budget.seconds
    made: list[Move] = []  # the line made on `trial` now
    while frontier and nodes < budget.nodes and time.perf_counter() < deadline:
        line = heapq.heappop(frontier)[2]
        _walk(trial, made, line)
        before = [(pile.down, len(pile.cards)) for pile in trial.position.piles]
        moves = [move for move in trial.legal_moves() if move.kind != DONE]
        for move in distinct(trial.position, moves, alike):
            make(trial, move)
            nodes += 1
            position_key = key(trial)
            if position_key not in visited:  # (a table met before is not valued again)
                visited.add(position_key)
                shows = hidden_count(trial.position) < root_hidden
                worth = seen_value(trial.position, weights, before if shows else None, known)
                value = worth - _SOONER * (len(line) + 1)
                new = [*line, move]
                if shows or value > root_value + _SOONER:  # (tables seen are in `visited`)
                    found[shows].append((value, new))
                if not shows and not is_won(trial):
                    count += 1
                    heapq.heappush(frontier, (_WIDER * len(new) - worth, count, new))
            unmake(trial)
        if pace.due():
            paused = time.perf_counter()
            yield
            deadline += time.perf_counter() - paused
    _walk(trial, made, [])
    best = {shows: best_open(trial, lines) for shows, lines in found.items()}
    shows = bool(best[True][1]) and (not best[False][1] or best[True][0] >= best[False][0])
    value, line = best[shows]
    return line, shows, value - root_value if line else 0.0, nodes, trial


def _seen_keys(trial: Game, avoid: frozenset[View], memo: SeenKeys) -> set[int]:
    """The keys on `trial` of the tables in `avoid` (seen in this game) that the known-part
    search could reach again: those with as many cards face down on each pile as now (no card
    shown since), whose face-down cards are then the sample's. The search passes through none
    of them, so no line goes back to a table seen. The sample is the same at every decision
    until a card shows, so each table's key is made once (in `memo`), not at every decision: a
    player wandering long among the same cards would otherwise spend time growing with the
    square of its moves."""
    piles = trial.position.piles
    downs = [pile.down for pile in piles]
    face_down = [pile.cards[: pile.down] for pile in piles]
    hidden = tuple(map(tuple, face_down))
    if memo.gdef is not trial.gdef or memo.hidden != hidden:
        memo.gdef, memo.hidden, memo.keys = trial.gdef, hidden, {}
    keys = memo.keys
    found = set()
    for table in avoid:
        if [down for down, _, _ in table[0]] == downs:
            if table not in keys:
                keys[table] = key(_table(trial.gdef, table, face_down, trial.seed))
            found.add(keys[table])
    return found


@dataclass
class SeenKeys:
    """The face-down cards of the last sample searched (of the game `gdef`) and the keys on it
    of tables seen: one entry, as a game's known part is searched on one sample until a card
    shows. A player keeps its own between decisions."""

    gdef: GameDef | None = None
    hidden: tuple[tuple[Card, ...], ...] = ()
    keys: dict[View, int] = field(default_factory=dict)


def player_alike(position: Position) -> frozenset[str]:
    """The groups whose empty piles the known-part search cannot tell apart: those the rules
    make interchangeable, even while a stock deals them a row in pile order (Spider's), as
    the search reads no card a deal puts down: a line filling one empty pile is worth what
    the same line filling another is."""
    return frozenset(group.name for group in position.gdef.groups if group.interchangeable)


def _walk(trial: Game, made: list[Move], line: list[Move]) -> None:
    """Bring `trial` from the line `made` on it to `line`, taking back only the moves past
    the part they share: a best-first search goes on mostly near where it just was."""
    shared = 0
    for one, other in zip(made, line, strict=False):
        if one != other:
            break
        shared += 1
    for _ in range(len(made) - shared):
        unmake(trial)
    for move in line[shared:]:
        make(trial, move)
    made[:] = line


def decide(
    game: Game,
    rng: random.Random,
    samples: int,
    budget: Budget,
    avoid: frozenset[View] = frozenset(),
    restless: bool = False,
) -> Decision:
    """`deciding` in one piece."""
    return finish(deciding(game, rng, samples, budget, avoid, restless, Pace(), SeenKeys()))


def deciding(
    game: Game,
    rng: random.Random,
    samples: int,
    budget: Budget,
    avoid: frozenset[View],
    restless: bool,
    pace: Pace,
    memo: SeenKeys,
) -> Thinking[Decision]:
    """Choose a move from what is visible. With every card in sight the deal is solved as it
    stands. Otherwise, with few cards hidden (`_SOLVE_HIDDEN`), a sample of the hidden cards is
    solved (a share of `budget`); if it is won, the rest of `samples` are too, each move
    starting a win is tried on the others (`_cross_check`), and a move winning more than half
    of them is played.
    Failing that the known part is searched (`lookahead`) and its best line's first move
    played: a line that shows a card, or that makes the table better without. Short of
    either the search is made again with empty piles counted as worth filling (first, when
    the player is `restless`: nothing better seen for a while). A move
    leading back to a table in `avoid` (seen already in this game) ends no line; with
    nothing else the decision is None, as with no move at all. `memo`: the keys of tables seen,
    kept between decisions. `pace`: when to hand the
    frame back (the game is then left half-way through a search: give it a copy)."""
    legal = [move for move in game.legal_moves() if move.kind != DONE]
    if not legal:
        return Decision(None, 0, 0)
    seen = view(game)
    if not any(down for down, _, _ in seen[0]):
        found = yield from solving(game, budget, pace)
        if found.result == WON and found.moves:
            table = sample(game, seen, random.Random(0))  # the plan's own: reshuffles unknown
            plan = found.moves[1:]
            return Decision(found.moves[0], 1, 1, found.nodes, plan=plan, plan_game=table)
        if found.result == LOST:
            return Decision(None, 0, 1, found.nodes, hopeless=True)
    nodes = 0
    wins: Counter[Move] = Counter()
    plans: dict[Move, tuple[list[Move], Game]] = {}
    share = Budget(nodes=budget.nodes, seconds=budget.seconds / max(samples, 1))
    # with many cards hidden a sample is seldom won: the time goes to the known part instead
    solved = samples if hidden_count(game.position) <= _SOLVE_HIDDEN else 0
    tables: list[tuple[Game, Result]] = []
    for _ in range(solved):
        other = sample(game, seen, rng)
        found = yield from solving(other, share, pace)
        nodes += found.nodes
        tables.append((other, found))
        if found.result == WON and found.moves:
            wins[found.moves[0]] += 1
            plans.setdefault(found.moves[0], (found.moves, other))
        elif not wins:
            break  # the first sample is not won: the known part is searched instead
    if len(wins) > 1:
        nodes += yield from _cross_check(tables, wins, plans, share, pace)
    if 2 * won_most(wins) > samples:
        move, won = wins.most_common(1)[0]
        moves, other = plans[move]
        return Decision(move, won, samples, nodes, plan=moves[1:], plan_game=other)
    # with nothing better in sight empty piles are worth filling, so that a pile action
    # wanting them filled (a Spider deal) or a card to show comes within reach; a restless
    # player looks that way first
    weights = weights_for(game.gdef)
    eager = weights.with_changes({"empty": -weights.empty, "cells": -weights.cells})
    for tried in (eager, weights) if restless else (weights, eager):
        line, shows, gain, more, trial = yield from looking(
            game, seen, budget, avoid, tried, pace, memo
        )
        nodes += more
        if line and (shows or gain > 0):
            return Decision(line[0], 0, samples, nodes, False, tried is eager, line[1:], trial)
    return Decision(None, 0, samples, nodes, stuck=True)


def _cross_check(
    tables: list[tuple[Game, Result]],
    wins: Counter[Move],
    plans: dict[Move, tuple[list[Move], Game]],
    share: Budget,
    pace: Pace,
) -> Thinking[int]:
    """Try each first move of a sample's win on the other samples solved and not proved lost:
    the winning lines of samples seldom start alike (moves in another order win as well), so
    a move is counted for every sample it wins (its line kept in `plans`). Returns the nodes
    searched."""
    nodes = 0
    for move in list(wins):
        for other, found in tables:
            if found.result == LOST or (found.moves and found.moves[0] == move):
                continue  # (samples look alike: a move legal on one is legal on all)
            trial = copy_game(other)
            make(trial, move)
            after = yield from solving(trial, share, pace)
            nodes += after.nodes
            if after.result == WON:
                wins[move] += 1
                plans.setdefault(move, ([move, *after.moves], other))
    return nodes


def won_most(wins: Counter[Move]) -> int:
    return wins.most_common(1)[0][1] if wins else 0


@dataclass
class Played:
    """An honest game: its outcome (won, lost or unknown: out of time), the moves played."""

    result: Outcome
    moves: list[Move]
    nodes: int
    seconds: float
    decisions: int


class Player:
    """An honest player's memory between the moves of one game: the plan being followed, the
    tables seen (not to be gone back to), decisions in a row that saw nothing better, the
    best table yet and the moves since. `play` asks it for every move; a window asks it a
    slice at a time (`choosing`), making the moves on its own table."""

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.plan: list[Move] = []
        self.plan_game: Game | None = None
        self.avoid: set[View] = {view(game)}
        self.stalls = 0
        self.weights, self.shape = weights_for(game.gdef), shape_of(game)
        self.best, self.since = progress(view(game), self.shape, self.weights), 0
        self.nodes = self.decisions = 0
        self.memo = SeenKeys()

    def choosing(
        self, game: Game, samples: int, budget: Budget, pace: Pace | None = None
    ) -> Thinking[Move | None]:
        """The next move on `game` (None: the player gives up): the plan's next move while it
        is legal, else a decision of `samples` samples within `budget`."""
        if self.plan and self.plan_game is not None and self.plan[0] in game.legal_moves():
            make(self.plan_game, self.plan[0])
            if view(self.plan_game) not in self.avoid:
                return self.plan.pop(0)
            self.plan, self.plan_game = [], None  # it comes back to a table seen: think again
        restless = self.stalls >= _PATIENCE or self.since >= _WANDER
        avoid, pace = frozenset(self.avoid), pace or Pace()
        decision = yield from deciding(
            game, self.rng, samples, budget, avoid, restless, pace, self.memo
        )
        self.stalls = self.stalls + 1 if decision.stuck else 0
        self.decisions += 1
        self.nodes += decision.nodes
        if decision.move is None or decision.hopeless:
            return None  # no move that leads anywhere new, or every sample loses: give up
        self.plan, self.plan_game = decision.plan, decision.plan_game
        if self.plan_game is not None:
            make(self.plan_game, decision.move)
        return decision.move

    def moved(self, game: Game) -> bool:
        """The move chosen was made on `game`: remember the table; False when the player
        gives up (wandering without getting anywhere)."""
        seen = view(game)
        self.avoid.add(seen)
        value = progress(seen, self.shape, self.weights)
        self.best, self.since = (value, 0) if value > self.best else (self.best, self.since + 1)
        if self.since >= _GIVE_UP:
            return False
        if self.plan_game is not None and view(self.plan_game) != seen:
            self.plan, self.plan_game = [], None  # a turned card differs: think again
        return True


def play(
    game: Game,
    seconds: float = 10.0,
    samples: int = 4,
    seed: int = 0,
    sample_nodes: int = _NODES,
    max_moves: int = 3_000,
) -> Played:
    """Play the deal from here to its end, honestly, thinking for about `seconds` (each
    decision takes a share of what is left). With the time spent, the rest is played at a
    glance (a few nodes a move), as a player short of time plays on; a game still
    going at twice `seconds` ends unknown. Moves are made on `game` itself."""
    return finish(playing(game, seconds, samples, seed, sample_nodes, max_moves))


Clock = Callable[[], float]


def thinking_for(
    seconds: float, spent: float, hidden: int, samples: int, nodes: int
) -> tuple[int, Budget]:
    """The samples and budget of the next decision of a game given `seconds` with `spent`
    gone and `hidden` cards face down: a share of the time left for each four cards still to
    be seen (many show several at once), or a glance once it is spent. A part of the time
    (`_RESERVE`) is kept for the end, every card in sight, when the deal is solved as it
    stands: a game that took long to show its cards is not lost at a glance then."""
    left = seconds - spent - (_RESERVE * seconds if hidden else 0.0)
    if left > 0:
        return samples, Budget(nodes=nodes, seconds=left / (5 + 0.25 * hidden))
    return 1, Budget(nodes=_GLANCE, seconds=seconds)


def playing(
    game: Game,
    seconds: float = 10.0,
    samples: int = 4,
    seed: int = 0,
    sample_nodes: int = _NODES,
    max_moves: int = 3_000,
    pace: Pace | None = None,
    clock: Clock = time.perf_counter,
) -> Generator[Move | None, None, Played]:
    """`play` a slice at a time when `pace` asks for slices: yields None to hand the frame
    back and each move once it is made on `game`. `clock` tells the thinking time spent (for
    a player thinking in slices the wall clock runs on between them)."""
    start = clock()
    moves: list[Move] = []
    player = Player(game, seed)
    while len(moves) < max_moves:
        if game.outcome() != PLAYING:
            break
        spent = clock() - start
        if spent > 2 * seconds:
            return Played(UNKNOWN, moves, player.nodes, spent, player.decisions)
        now, budget = thinking_for(
            seconds, spent, hidden_count(game.position), samples, sample_nodes
        )
        move = yield from player.choosing(game, now, budget, pace)
        if move is None:
            break
        game.push(move)
        moves.append(move)
        yield move
        if not player.moved(game):
            break
    result = WON if game.outcome() == WON else LOST
    if len(moves) >= max_moves and result != WON:
        result = UNKNOWN
    return Played(result, moves, player.nodes, clock() - start, player.decisions)
