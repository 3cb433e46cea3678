"""Honest play: the deal played as a player must, never seeing a face-down card or the order of
the stock.

Everything the player goes by passes through `view()`, which reads only what is face up (and how
many cards lie face down where). At each decision the hidden cards are dealt afresh at random
into the hidden places, many times over (each a *sample* that agrees with everything visible);
each sample is solved with a small budget by the perfect-information search; the move that wins
the most samples is played (failing any win, the one leading most often to the most promising
position). The line found in a sample (to its win, or to its most promising position) is
followed while the real table keeps looking as the sample said it would: as soon as a turned
card differs, the player thinks again.
"""

from __future__ import annotations

import itertools
import random
import time
from collections import Counter
from dataclasses import dataclass, field

from retro.engine.cards import Card, make_deck
from retro.engine.game import WON, Game
from retro.engine.model import DONE, MOVE, Move, Position
from retro.solver.adapter import make
from retro.solver.guide import Weights, weights_for
from retro.solver.search import LOST, UNKNOWN, Budget, solve

_UNREAD = frozenset(("moves", "score"))  # counters no rule reads: not part of a view
_GLANCE = 60  # nodes of a decision made with the thinking time spent
_PATIENCE = 3  # decisions seeing nothing better before a pile action comes first
_WANDER = 30  # moves without a better table before a pile action comes first
_GIVE_UP = 200  # moves without a better table before the player gives up

Shape = tuple[tuple[str, bool], ...]
View = tuple[tuple[tuple[int, tuple[Card, ...]], ...], tuple[tuple[str, int], ...]]


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
    """The move to play, how many samples it won, and a line to follow: a winning one, or
    failing that one to the most promising position a sample reached (with the sample it was
    found in, to notice when the real table stops agreeing)."""

    move: Move | None
    wins: int
    samples: int
    nodes: int = 0
    hopeless: bool = False  # every sample was proved lost
    stuck: bool = False  # no sample saw anything better than the table now
    plan: list[Move] = field(default_factory=list)
    plan_game: Game | None = None


def decide(game: Game, rng: random.Random, samples: int, budget: Budget,
           avoid: frozenset[View] = frozenset(), restless: bool = False) -> Decision:
    """Choose a move from what is visible: the one that wins most samples. Short of a win, a
    card move comes before a pile action (a deal or a turn of the stock shows cards a sample
    only made up, so samples overrate it); but when the player is `restless` (nothing better
    seen for a while) and no sample sees anything better now, the pile action comes first, or
    with none allowed the moves that allow one, as a player turns the stock rather than
    shuffle cards around. A move leading back to a table in `avoid` (already seen in this game:
    nothing new can come of it) is never chosen; with only such moves left the decision is
    None, as with no move at all."""
    legal = [move for move in game.legal_moves() if move.kind != DONE]
    if not legal:
        return Decision(None, 0, 0)
    seen = view(game)
    wins: Counter[Move] = Counter()
    hopes: Counter[Move] = Counter()
    plans: dict[Move, tuple[list[Move], Game]] = {}
    leads: dict[Move, tuple[list[Move], Game]] = {}  # lines to the most promising positions
    first: Game | None = None
    nodes = lost = 0
    gains: list[float] = []
    for _ in range(samples):
        trial = sample(game, seen, rng)
        first = first or trial
        found = solve(trial, budget)
        nodes += found.nodes
        if found.result == WON and found.moves:
            move = found.moves[0]
            wins[move] += 1
            plans.setdefault(move, (found.moves, trial))
        elif found.result == UNKNOWN and found.best:
            hopes[found.best[0]] += 1
            gains.append(found.gain)
            leads.setdefault(found.best[0], (found.best, trial))
        elif found.result == LOST:
            lost += 1
    assert first is not None
    stuck = not wins and bool(gains) and max(gains) <= 0
    eager = stuck and restless  # for a pile action, after a while of seeing nothing better

    def order(move: Move) -> tuple[int, bool, int, int]:
        return (-wins[move], (move.kind == MOVE) == eager, -hopes[move], legal.index(move))

    ranked = sorted(legal, key=order)
    if eager and all(move.kind == MOVE for move in legal):
        # no pile action allowed now (a Spider deal wants every column filled): first the
        # moves after which one is
        ranked.sort(key=lambda move: not _opens_action(first, move))
    best = next((move for move in ranked if not _repeats(first, move, avoid)), None)
    if best is None:
        return Decision(None, 0, samples, nodes)  # every move goes round in a circle
    plan, plan_game = plans.get(best) or leads.get(best) or ([], None)
    return Decision(best, wins[best], samples, nodes, lost == samples, stuck, list(plan[1:]),
                    plan_game)


def _opens_action(trial: Game, move: Move) -> bool:
    with trial.trial(move):
        return any(other.kind not in (MOVE, DONE) for other in trial.legal_moves())


def _repeats(trial: Game, move: Move, avoid: frozenset[View]) -> bool:
    """Does `move` lead back to a table seen before? (Worked out on a sample: a move that
    turns no card looks the same there as on the real table.)"""
    if not avoid:
        return False
    with trial.trial(move):
        return view(trial) in avoid


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
    glance (one sample, a few nodes a move), as a player short of time plays on; a game still
    going at twice `seconds` ends unknown. Moves are made on `game` itself."""
    rng = random.Random(seed)
    start = time.perf_counter()
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
        spent = time.perf_counter() - start
        if spent > 2 * seconds:
            return Played(UNKNOWN, moves, nodes, spent, decisions)
        left = seconds - spent
        if plan and plan_game is not None and plan[0] in game.legal_moves():
            move = plan.pop(0)
            make(plan_game, move)
        else:
            hidden = sum(pile.down for pile in game.position.piles)
            if left > 0:
                # about one decision for each card still to be seen, and some to spare
                now, budget = samples, Budget(nodes=sample_nodes,
                                              seconds=left / (10 + 0.75 * hidden) / samples)
            else:
                now, budget = 1, Budget(nodes=_GLANCE, seconds=seconds)
            restless = stalls >= _PATIENCE or since >= _WANDER
            decision = decide(game, rng, now, budget, frozenset(avoid), restless)
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
    return Played(result, moves, nodes, time.perf_counter() - start, decisions)
