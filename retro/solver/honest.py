"""Honest play: the deal played as a player must, never seeing a face-down card or the order of
the stock.

Everything the player goes by passes through `view()`, which reads only what is face up (and how
many cards lie face down where). At each decision the player searches the known part of the
game (`lookahead`): every line of moves that shows no new card, best first, each position once;
a move that shows one (turns a card face up, deals or turns the stock) ends its line. A line is
valued by what its table shows (`seen_value`: cards home, cards still face down, empty piles,
cards in order and in suit; a card just shown counts only as a card fewer face down). The best
line, to the move showing a card or to a better table, is played, and the player thinks again
once it has been seen what the new card is. With every card in sight the deal is solved as it
stands. Before searching, one sample of the hidden cards is solved; if it is won, more are, and
the move that wins most of them is played when it wins more than half (a Klondike endgame).
"""

from __future__ import annotations

import heapq
import itertools
import random
import time
from collections import Counter
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import TypeVar

from retro.engine.cards import Card, make_deck
from retro.engine.game import WON, Game
from retro.engine.model import DONE, Move, Position
from retro.solver.adapter import copy_game, key, make, unmake
from retro.solver.guide import Weights, weights_for
from retro.solver.search import LOST, UNKNOWN, Budget, Result, Search

_UNREAD = frozenset(("moves", "score"))  # counters no rule reads: not part of a view
_GLANCE = 60  # nodes of a decision made with the thinking time spent
_PATIENCE = 3  # decisions seeing nothing better before a pile action comes first
_WANDER = 30  # moves without a better table before a pile action comes first
_GIVE_UP = 200  # moves without a better table before the player gives up
_UNTIMED = 24 * 3600.0  # a search's seconds when thinking in slices: its nodes bound it

_STEP = 0.0002  # seconds a search runs between two pauses of a player thinking in steps

Shape = tuple[tuple[str, bool], ...]
View = tuple[tuple[tuple[int, tuple[Card, ...]], ...], tuple[tuple[str, int], ...]]
T = TypeVar("T")
Steps = Generator[None, None, T]
"""Thinking in steps: each `next` does a little (one move searched, or about `_STEP` seconds)
and the answer comes with StopIteration, so a window can think a slice a frame; `finish` runs
the steps straight through, as the command line does."""


def finish(steps: Generator[object, None, T]) -> T:
    """Run thinking steps to their end; their answer."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value  # type: ignore[no-any-return]


def _solving(game: Game, budget: Budget) -> Steps[Result]:
    """`solve` in steps, on a copy of `game` (left half-searched between steps, it must not be
    the table the player plays on)."""
    search = Search(copy_game(game), budget)
    while (found := search.run_for(_STEP)) is None:
        yield
    return found


def view(game: Game) -> View:
    """What a player sees: for each pile how many cards lie face down and the face-up ones;
    the counters that rules read (redeals, ...; not the moves made or the score, so a table
    seen again is the same view). The only place honest play reads the table."""
    position = game.position
    piles = tuple((pile.down, tuple(pile.cards[pile.down:])) for pile in position.piles)
    counters = sorted((name, value) for name, value in position.counters.items()
                      if name not in _UNREAD)
    return piles, tuple(counters)


def sample(game: Game, seen: View, rng: random.Random) -> Game:
    """A game that looks exactly like `seen`, its hidden cards dealt at random from the cards
    not in sight (and a random deal number for any later reshuffle)."""
    gdef = game.gdef
    deck = gdef.deck
    unseen = Counter(make_deck(deck.decks, deck.suits, deck.ranks, deck.ace_high))
    piles, counters = seen
    for _, up in piles:
        unseen.subtract(up)
    hidden = sorted(unseen.elements(), key=lambda card: (card.suit, card.rank))
    rng.shuffle(hidden)
    position = Position(gdef)
    for pile, (down, up) in zip(position.piles, piles, strict=True):
        pile.cards.extend(hidden[:down])
        del hidden[:down]
        pile.cards.extend(up)
        pile.down = down
    position.counters.update(dict(counters))
    position.refresh_all()
    return Game(gdef, rng.randrange(1 << 31), position)


def progress(seen: View, shape: Shape, weights: Weights) -> float:
    """How far along the game looks from what is visible alone: cards home, cards turned,
    empty piles, cards on the next higher of their suit (weighted as the search weighs them).
    `shape`: each pile's kind and whether it takes cards."""
    home = down = empty = suited = 0
    for (hidden, up), (kind, takes) in zip(seen[0], shape, strict=True):
        if kind == "foundation":
            home += len(up)
            continue
        if kind != "stock":
            down += hidden
            if not hidden and not up and takes:
                empty += 1
        for below, card in itertools.pairwise(up):
            if below.suit == card.suit and below.rank == card.rank + 1:
                suited += 1
    return (weights.home * home - weights.turned * down + weights.empty * empty
            + weights.suited * suited)


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


def hidden_count(position: Position) -> int:
    """Cards lying face down anywhere (the stock's too): a move lowering it shows a card."""
    return sum(pile.down for pile in position.piles)


def seen_value(position: Position, weights: Weights,
               before: list[tuple[int, int]] | None = None) -> float:
    """How promising a table looks from its face-up cards alone: cards home, face-down cards
    outside the stock (minus), empty piles and cells, cards in order on the one below (more
    when in suit), cards above a lower card (minus); the search's weights. `before`: each
    pile's face-down and total counts before a move that showed cards; a card it showed (its
    place in a sample is made up) counts for nothing but one card fewer face down."""
    home = down = empty = cells = runs = suited = disorder = 0
    dealt = before is not None and any(
        pile.kind == "stock" and len(pile.cards) < before[index][1]
        for index, pile in enumerate(position.piles))
    for index, pile in enumerate(position.piles):
        kind = pile.kind
        cards = pile.cards
        if kind == "foundation":
            home += len(cards)
            continue
        if kind == "stock":
            continue
        down += pile.down
        if not cards:
            if pile.group.accept is not None:
                if kind == "cell":
                    cells += 1
                else:
                    empty += 1
            continue
        top = len(cards)
        first = pile.down
        if before is not None:
            was_down, was_len = before[index]
            if pile.down < was_down:
                first = was_down  # the cards just turned face up are not read
            if dealt and top > was_len:
                top = was_len  # nor the cards just dealt onto the pile
        lowest = 99
        for at in range(first + 1, top):
            below, card = cards[at - 1], cards[at]
            if below.rank == card.rank + 1:
                runs += 1
                suited += below.suit == card.suit
            lowest = min(lowest, below.rank)
            if card.rank > lowest:
                disorder += 1
    return (weights.home * home - weights.turned * down + weights.empty * empty
            + weights.cells * cells + weights.runs * runs + weights.suited * suited
            - weights.disorder * disorder)


_SOONER = 0.01  # (minus) a move of a line: of two equal lines the shorter, so a card shows sooner


Line = tuple[list[Move], bool, float, int, Game]


def lookahead(game: Game, seen: View, rng: random.Random, budget: Budget,
              avoid: frozenset[View] = frozenset(), weights: Weights | None = None) -> Line:
    """`lookahead_steps` run to its end."""
    return finish(lookahead_steps(game, seen, rng, budget, avoid, weights))


def lookahead_steps(game: Game, seen: View, rng: random.Random, budget: Budget,
                    avoid: frozenset[View] = frozenset(), weights: Weights | None = None,
                    ) -> Steps[Line]:
    """Search the known part of the game: every line of moves that shows no new card, best
    first, once per position (a transposition table on the position key). A move that shows
    a card (turns one face up, deals or turns the stock) ends its line. The search runs on a
    sample of the hidden cards, whose cards it never weighs: a card shown counts only as one
    card fewer face down. Returns the best line (to its most promising table not already
    seen in this game; of equals the one showing a card soonest), whether it ends by showing
    a card, its gain over the table now, the nodes searched and the sample searched on."""
    trial = sample(game, seen, rng)
    weights = weights or weights_for(game.gdef)
    root_hidden = hidden_count(trial.position)
    root_value = seen_value(trial.position, weights)
    visited = {key(trial)}
    frontier: list[tuple[float, int, list[Move]]] = [(0.0, 0, [])]
    # the best line showing a card, and the best one making the table better without
    best: dict[bool, tuple[float, list[Move]]] = {True: (float("-inf"), []),
                                                 False: (root_value + _SOONER, [])}
    nodes = count = 0
    deadline = time.perf_counter() + budget.seconds
    while frontier and nodes < budget.nodes and time.perf_counter() < deadline:
        line = heapq.heappop(frontier)[2]
        for move in line:
            make(trial, move)
        before = [(pile.down, len(pile.cards)) for pile in trial.position.piles]
        for move in [m for m in trial.legal_moves() if m.kind != DONE]:
            make(trial, move)
            nodes += 1
            shows = hidden_count(trial.position) < root_hidden
            value = (seen_value(trial.position, weights, before if shows else None)
                     - _SOONER * (len(line) + 1))
            position_key = key(trial)
            if position_key not in visited:
                visited.add(position_key)
                new = [*line, move]
                if value > best[shows][0] and (shows or view(trial) not in avoid):
                    best[shows] = (value, new)
                if not shows and not _won(trial):
                    count += 1
                    heapq.heappush(frontier, (-value, count, new))
            unmake(trial)
            yield
        for _ in line:
            unmake(trial)
    shows = bool(best[True][1]) and (not best[False][1] or best[True][0] >= best[False][0])
    value, line = best[shows]
    return line, shows, value - root_value if line else 0.0, nodes, trial


def _won(game: Game) -> bool:
    return bool(game.position.counters.get("won"))


def decide(game: Game, rng: random.Random, samples: int, budget: Budget,
           avoid: frozenset[View] = frozenset(), restless: bool = False) -> Decision:
    """`decide_steps` run to its end."""
    return finish(decide_steps(game, rng, samples, budget, avoid, restless))


def decide_steps(game: Game, rng: random.Random, samples: int, budget: Budget,
                 avoid: frozenset[View] = frozenset(), restless: bool = False,
                 ) -> Steps[Decision]:
    """Choose a move from what is visible. With every card in sight the deal is solved as it
    stands. Otherwise a sample of the hidden cards is solved (a share of `budget`); if it is
    won, the rest of `samples` are too, and a move winning more than half of them is played.
    Failing that the known part is searched (`lookahead`) and its best line's first move
    played: a line that shows a card, or that makes the table better without. Short of
    either the search is made again with empty piles counted as worth filling (first, when
    the player is `restless`: nothing better seen for a while). A move
    leading back to a table in `avoid` (seen already in this game) ends no line; with
    nothing else the decision is None, as with no move at all."""
    legal = [move for move in game.legal_moves() if move.kind != DONE]
    if not legal:
        return Decision(None, 0, 0)
    seen = view(game)
    if not any(down for down, _ in seen[0]):
        found = yield from _solving(game, budget)
        if found.result == WON and found.moves:
            return Decision(found.moves[0], 1, 1, found.nodes, plan=found.moves[1:],
                            plan_game=_copy(game))
        if found.result == LOST:
            return Decision(None, 0, 1, found.nodes, hopeless=True)
    nodes = 0
    wins: Counter[Move] = Counter()
    plans: dict[Move, tuple[list[Move], Game]] = {}
    share = Budget(nodes=budget.nodes, seconds=budget.seconds / max(samples, 1))
    for _ in range(samples):
        other = sample(game, seen, rng)
        found = yield from _solving(other, share)
        nodes += found.nodes
        if found.result == WON and found.moves:
            wins[found.moves[0]] += 1
            plans.setdefault(found.moves[0], (found.moves, other))
        elif not wins:
            break  # the first sample is not won: the known part is searched instead
    if 2 * won_most(wins) > samples:
        move, won = wins.most_common(1)[0]
        moves, other = plans[move]
        return Decision(move, won, samples, nodes, plan=moves[1:], plan_game=other)
    # with nothing better in sight empty piles are worth filling, so that a pile action
    # wanting them filled (a Spider deal) or a card to show comes within reach; a restless
    # player looks that way first
    weights = weights_for(game.gdef)
    eager = weights.with_changes({"empty": -weights.empty, "cells": -weights.cells})
    for tried in ((eager, weights) if restless else (weights, eager)):
        line, shows, gain, more, trial = yield from lookahead_steps(game, seen, rng, budget,
                                                                    avoid, tried)
        nodes += more
        if line and (shows or gain > 0):
            return Decision(line[0], 0, samples, nodes, False, tried is eager, line[1:], trial)
    return Decision(None, 0, samples, nodes, stuck=True)


def won_most(wins: Counter[Move]) -> int:
    return wins.most_common(1)[0][1] if wins else 0


def _copy(game: Game) -> Game:
    """A copy of the table to follow a plan on (a game of its own, so its moves are kept)."""
    return sample(game, view(game), random.Random(0))


@dataclass
class Played:
    """An honest game: its outcome (won, lost or unknown: out of time), the moves played."""

    result: str
    moves: list[Move]
    nodes: int
    seconds: float
    decisions: int


def play(game: Game, seconds: float = 10.0, samples: int = 4, seed: int = 0,
         sample_nodes: int = 3_000, max_moves: int = 3_000) -> Played:
    """Play the deal from here to its end, honestly, thinking for about `seconds` (each
    decision takes a share of what is left). With the time spent, the rest is played at a
    glance (a few nodes a move), as a player short of time plays on; a game still
    going at twice `seconds` ends unknown. Moves are made on `game` itself."""
    return finish(playing(game, seconds, samples, seed, sample_nodes, max_moves))


Clock = Callable[[], float]


def playing(game: Game, seconds: float = 10.0, samples: int = 4, seed: int = 0,
            sample_nodes: int = 3_000, max_moves: int = 3_000,
            clock: Clock | None = None) -> Generator[Move | None, None, Played]:
    """`play` in steps: yields None while thinking and each move once it is made on `game`.
    `clock`: the thinking time spent so far, for a player thinking a slice a frame (the wall
    clock runs on between slices); with it a decision is bounded by its nodes alone, as the
    searches' own deadlines go by the wall clock."""
    rng = random.Random(seed)
    timed = clock is None
    now = clock or time.perf_counter
    start = now()
    moves: list[Move] = []
    nodes = decisions = 0
    plan: list[Move] = []
    plan_game: Game | None = None
    avoid: set[View] = {view(game)}
    stalls = 0  # decisions in a row that saw nothing better ahead
    weights, shape = weights_for(game.gdef), shape_of(game)
    best, since = progress(view(game), shape, weights), 0  # the best table yet, moves since it
    while len(moves) < max_moves:
        if game.outcome() != "playing":
            break
        spent = now() - start
        if spent > 2 * seconds:
            return Played(UNKNOWN, moves, nodes, spent, decisions)
        left = seconds - spent
        if plan and plan_game is not None and plan[0] in game.legal_moves():
            move = plan.pop(0)
            make(plan_game, move)
        else:
            hidden = sum(pile.down for pile in game.position.piles)
            if left > 0:
                # a share for each four cards still to be seen (many show several at once)
                share = left / (5 + 0.25 * hidden) if timed else _UNTIMED
                count, budget = samples, Budget(nodes=sample_nodes, seconds=share)
            else:
                count, budget = 1, Budget(nodes=_GLANCE, seconds=seconds if timed else _UNTIMED)
            restless = stalls >= _PATIENCE or since >= _WANDER
            decision = yield from decide_steps(game, rng, count, budget, frozenset(avoid),
                                               restless)
            stalls = stalls + 1 if decision.stuck else 0
            decisions += 1
            nodes += decision.nodes
            if decision.move is None or decision.hopeless:
                break  # no move that leads anywhere new, or every sample loses: give up
            move = decision.move
            plan, plan_game = decision.plan, decision.plan_game
            if plan_game is not None:
                make(plan_game, move)
        game.push(move)
        moves.append(move)
        yield move
        seen = view(game)
        avoid.add(seen)
        value = progress(seen, shape, weights)
        best, since = (value, 0) if value > best else (best, since + 1)
        if since >= _GIVE_UP:
            break  # wandering without getting anywhere: give up
        if plan_game is not None and view(plan_game) != seen:
            plan, plan_game = [], None  # a turned card differs: think again
    result = WON if game.outcome() == WON else LOST
    if len(moves) >= max_moves and result != WON:
        result = UNKNOWN
    return Played(result, moves, nodes, now() - start, decisions)
