"""Moves that can never hurt, worked out from a game's own rules.

A card may go to a foundation at once, without search, when nothing it could still do in play
matters: no card that could ever be built on it is left outside the foundations (Horne's rule
for FreeCell, found here for any game). The facts this needs are learnt once per game by asking
the game's accept rules about cards laid on otherwise empty piles (probes), and the model is
only trusted when the answers do not change with what lies on the other piles: a rule that
looks at neighbours (gaps, covering cards) switches safe moves off for that game, since a card
may then matter for more than what it holds.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from retro.engine.cards import Card
from retro.engine.gamedef import FOUNDATION, STOCK, GameDef, GroupDef
from retro.engine.position import DONE, MOVE, Move, Pile, Position

if TYPE_CHECKING:
    from retro.engine.game import Game

BASES = "bases"  # a game file's `safe_home`: only the cards an empty foundation starts with


@dataclass(frozen=True)
class SafetyModel:
    """What the probes found. `builders[c]`: the cards that may be built on `c` anywhere but a
    foundation. `successor`: foundation groups whose pile topped by a card takes exactly one
    card (that card's), with `bases` what their empty piles take. `keeps` the foundation
    groups cards never leave. A card leaving a pile that a deal or redeal gathers changes
    what that action does later (the thirds of a draw-three waste, a reshuffle), so no safe
    move starts from the `stirred` groups."""

    builders: dict[Card, frozenset[Card]]
    successor: dict[str, dict[Card, Card | None]]
    bases: dict[str, frozenset[Card]]
    keeps: frozenset[str]
    copies: Counter[Card]
    stirred: frozenset[str]  # groups a pile action changes: no safe move leaves them


# Learnt models by definition (held with it, so an id is never taken for another's), and the
# learning under way of those a window learns a slice at a time.
Learning = Generator[None, None, "SafetyModel | None"]
# A player's model (`player`) leaves the pile actions out: a card going home that changes how
# a later redeal lays the cards is the search's worry, not a player's.
_MODELS: dict[tuple[int, bool], tuple[GameDef, SafetyModel | None]] = {}
_LEARNING: dict[tuple[int, bool], tuple[GameDef, Learning]] = {}


def model_for(gdef: GameDef, player: bool = False) -> SafetyModel | None:
    """The game's safety model, or None when its rules give no safe moves (learnt once).
    `player`: the model of the cards a player's table sends home by itself (see `safe_home`)."""
    found = _MODELS.get((id(gdef), player))
    if found is None or found[0] is not gdef:
        learn_for(gdef, float("inf"), player)
        found = _MODELS[(id(gdef), player)]
    return found[1]


def learn_for(gdef: GameDef, seconds: float, player: bool = False) -> bool:
    """Learn the game's model for about `seconds` (tens of milliseconds in all, so a window
    learns it a slice a frame before its first search); True once it is known."""
    key = (id(gdef), player)
    found = _MODELS.get(key)
    if found is not None and found[0] is gdef:
        return True
    under_way = _LEARNING.get(key)
    if under_way is None or under_way[0] is not gdef:
        under_way = _LEARNING[key] = (gdef, _learn(gdef, player))
    until = time.perf_counter() + seconds
    try:
        while time.perf_counter() < until:
            next(under_way[1])
    except StopIteration as done:
        del _LEARNING[key]
        if len(_MODELS) > 64:
            _MODELS.clear()
        _MODELS[key] = (gdef, done.value)
        return True
    return False


def _learn(gdef: GameDef, player: bool = False) -> Learning:
    deck = gdef.deck.pack()
    copies = Counter(deck)
    cards = sorted(copies, key=lambda card: (card.suit, card.rank))
    foundations = [g for g in gdef.groups if g.kind == FOUNDATION and g.accept is not None]
    if not foundations:
        return None
    # what empty piles take first (cheap, and where neighbours show), then every card below;
    # a group at a time, so a rule that reads other piles ends the learning early
    accepted: set[tuple[str, int, Card | None, Card]] = set()
    for full in (False, True):
        for group in gdef.groups:
            answers = []
            for busy in (0, 1, 2):
                answers.append((yield from _answers(gdef, group, cards, busy, full)))
            if any(other != answers[0] for other in answers[1:]):
                return None  # some rule reads the other piles' cards
            accepted |= answers[0]
    yield
    builders: dict[Card, set[Card]] = {card: set() for card in cards}
    successor: dict[str, dict[Card, Card | None]] = {}
    bases: dict[str, frozenset[Card]] = {}
    for group in gdef.groups:
        if group.accept is None:
            continue
        if group.kind != FOUNDATION:
            for name, _, below, card in accepted:
                if name == group.name and below is not None:
                    builders[below].add(card)
            continue
        takes: dict[Card, set[Card]] = {card: set() for card in cards}
        empty_by_slot: dict[int, set[Card]] = {slot: set() for slot in range(group.count)}
        for name, slot, below, card in accepted:
            if name != group.name:
                continue
            if below is None:
                empty_by_slot[slot].add(card)
            elif slot == 0:
                takes[below].add(card)
        if any(len(taken) > 1 for taken in takes.values()):
            continue  # a foundation that offers a choice (Golf's pile): no move there is safe
        if len({frozenset(found) for found in empty_by_slot.values()}) != 1:
            continue
        if not empty_by_slot[0] and not any(takes.values()):
            continue  # takes no single card at all (Spider's whole suits): nothing to learn
        successor[group.name] = {card: next(iter(taken), None) for card, taken in takes.items()}
        bases[group.name] = frozenset(empty_by_slot[0])
    if not successor:
        return None
    yield
    stirred = frozenset() if player else _stirred(gdef, cards)
    if stirred is None:
        return None
    keeps = frozenset(g.name for g in foundations if g.pick is None)
    return SafetyModel(
        {card: frozenset(found) for card, found in builders.items()},
        successor,
        bases,
        keeps,
        copies,
        stirred,
    )


def _stirred(gdef: GameDef, cards: list[Card]) -> frozenset[str] | None:
    """The groups whose piles the game's actions (and the autos after them) change, seen by
    making each action on a table with a card on every pile; None if some action cannot be
    seen at work there."""
    from retro.engine.game import Game
    from retro.solver.adapter import make, unmake

    acting = {g.name for g in gdef.groups if g.action is not None}
    if not acting:
        return frozenset()
    position = Position(gdef)
    _fill_others(position, (), cards, 1)
    game = Game(gdef, 1, position)
    stirred: set[str] = set()
    seen: set[str] = set()
    for move in game.legal_moves():
        if move.kind in (MOVE, DONE):
            continue
        before = position.piles_state()
        try:
            make(game, move)
        except (ValueError, IndexError, KeyError):
            return None  # the action needs a table the probe does not give it
        after = position.piles_state()
        unmake(game)
        seen.add(position.piles[move.src].group.name)
        stirred.update(
            pile.group.name
            for pile, old, new in zip(position.piles, before, after, strict=True)
            if old != new
        )
    return frozenset(stirred) if seen >= acting else None


def _answers(
    gdef: GameDef, group: GroupDef, cards: list[Card], busy: int, full: bool
) -> Generator[None, None, set[tuple[str, int, Card | None, Card]]]:
    """Every (group, slot, card below or None for an empty pile, card put) `group`'s accept
    rule allows, with a card from any pile that may be picked from; `busy` > 0 lays a different
    card on every other pile first, to see whether the answers depend on them. Without `full`
    only empty piles are asked."""
    result: set[tuple[str, int, Card | None, Card]] = set()
    sources = [g for g in gdef.groups if g.pick is not None]
    if group.accept is None:
        return result
    # every foundation (they must agree); elsewhere a row's first places and its last,
    # so a rule that looks at a neighbour meets one
    slots = (
        range(group.count)
        if group.kind == FOUNDATION
        else sorted({0, 1, group.count - 1} & set(range(group.count)))
    )
    for slot in slots:
        for source in sources:
            position = Position(gdef)
            dst = position.groups[group.name][slot]
            src = next((p for p in position.groups[source.name] if p is not dst), None)
            if src is None:
                continue
            if busy:
                _fill_others(position, (src, dst), cards, busy)
            # below each card on the first pile; elsewhere what an empty pile takes
            for below in (None, *cards) if slot == 0 and full else (None,):
                dst.cards[:] = [] if below is None else [below]
                dst.refresh(position)
                for card in cards:
                    src.cards[:] = [card]
                    src.refresh(position)
                    if _accepts(group, position, src, dst):
                        result.add((group.name, slot, below, card))
                yield  # a card below asked about with every card: a step of the learning
    return result


def _accepts(group: GroupDef, position: Position, src: Pile, dst: Pile) -> bool:
    assert group.accept is not None
    try:
        return bool(group.accept.test(position, src, 1, dst))
    except (IndexError, KeyError, ValueError):
        return False  # a rule that needs a shape the probe lacks: not an answer


def _fill_others(position: Position, keep: Iterable[Pile], cards: list[Card], turn: int) -> None:
    kept = {pile.index for pile in keep}
    for pile in position.piles:
        if pile.index not in kept:
            pile.cards[:] = [cards[(pile.index * 7 + turn * 13) % len(cards)]]
    position.refresh_all()


def _home(position: Position, model: SafetyModel) -> tuple[Counter[Card], dict[Card, bool]]:
    """How many copies of each card lie on foundations, and whether some copy lies on one
    it can leave again."""
    home: Counter[Card] = Counter()
    loose: dict[Card, bool] = {}
    for pile in position.piles:
        if pile.kind == FOUNDATION:
            home.update(pile.cards)
            if pile.group.name not in model.keeps:
                for card in pile.cards:
                    loose[card] = True
    return home, loose


def home_moves(position: Position, model: SafetyModel, legal: Callable[[Move], bool]) -> list[Move]:
    """The moves of one card to a foundation that takes it next, as the model learnt it, each
    confirmed by the game's rules (`legal`): all that `safe_move` looks at, found without
    generating every move of the position."""
    wanted: list[tuple[Pile, Iterable[Card]]] = []
    for name, follows in model.successor.items():
        for pile in position.groups[name]:
            if pile.cards:
                card = follows.get(pile.cards[-1])
                if card is not None:
                    wanted.append((pile, (card,)))
            else:
                wanted.append((pile, model.bases[name]))
    moves: list[Move] = []
    if not wanted:
        return moves
    for src in position.piles:
        if not src.run or src.kind == FOUNDATION or src.group.name in model.stirred:
            continue
        card = src.cards[-1]
        for dst, cards in wanted:
            if card in cards:
                move = Move(MOVE, src.index, 1, dst.index)
                if legal(move):
                    moves.append(move)
    return moves


def safe_move(position: Position, moves: list[Move], model: SafetyModel) -> Move | None:
    """A move among `moves` that cannot lose a won game, or None."""
    home: Counter[Card] | None = None
    loose: dict[Card, bool] = {}
    for move in moves:
        if move.kind != MOVE or move.count != 1:
            continue
        dst = position.piles[move.dst]
        src = position.piles[move.src]
        follows = model.successor.get(dst.group.name)
        if follows is None or src.kind == FOUNDATION or src.group.name in model.stirred:
            continue
        card = src.cards[-1]
        if home is None:
            home, loose = _home(position, model)
        if not dst.cards:
            empty = sum(1 for pile in position.groups[dst.group.name] if not pile.cards)
            waiting = sum(model.copies[base] - home[base] for base in model.bases[dst.group.name])
            if waiting > empty:
                continue  # the empty foundations are too few: which card goes first may matter
        if all(_useless(found, home, loose, model, 0) for found in model.builders[card]):
            return move
    return None


def _useless(
    card: Card, home: Counter[Card], loose: dict[Card, bool], model: SafetyModel, depth: int
) -> bool:
    """Every copy of `card` is home for good: on a foundation nothing leaves, or, where cards
    may come back, with nothing left in play that it could hold."""
    if home[card] < model.copies[card]:
        return False
    if not loose.get(card):
        return True
    if depth > 20:
        return False
    return all(_useless(found, home, loose, model, depth + 1) for found in model.builders[card])


def safe_home(game: Game, moves: Iterable[Move] | None = None) -> Move | None:
    """A card a player's table may send home by itself now (or the first among `moves`): one
    the dominance rule says nothing on the table can ever need (an Ace; a card whose lower
    cards of the other colour are home, in FreeCell), pile actions left out of it; or what the
    game file's `safe_home` says instead (`bases`: only a foundation's first cards; `none`)."""
    rule = game.gdef.safe_home
    model = model_for(game.gdef, player=True) if rule != "none" else None
    if model is None:
        return None
    position = game.position
    if moves is None:
        legal = set(game.legal_moves())
        candidates = home_moves(position, model, legal.__contains__)
    else:
        candidates = [move for move in moves if move.kind == MOVE]
    if rule == BASES:  # the game file says: only the cards a foundation starts with
        return next((move for move in candidates if _starts(position, move, model)), None)
    return safe_move(position, candidates, model)


def _starts(position: Position, move: Move, model: SafetyModel) -> bool:
    """Whether `move` lays the first card on an empty foundation of the model's."""
    dst = position.piles[move.dst]
    bases = model.bases.get(dst.group.name)
    src = position.piles[move.src]
    return bases is not None and not dst.cards and bool(src.cards) and src.cards[-1] in bases


def play_out(game: Game) -> Move | None:
    """The first move of a finish, when one is certain: nothing lies face down (nor in a
    stock) and moves to the foundations alone win the game from here; else None. The game is
    left as it was."""
    position = game.position
    if any(pile.down or (pile.kind == STOCK and pile.cards) for pile in position.piles):
        return None
    piles = position.piles
    first: Move | None = None
    made = 0
    try:
        while not position.counters.get("won"):
            move = next(
                (
                    move
                    for move in game.legal_moves()
                    if move.kind == MOVE
                    and piles[move.dst].kind == FOUNDATION
                    and piles[move.src].kind != FOUNDATION
                ),
                None,
            )
            if move is None:
                return None
            first = first or move
            game.make(move)
            made += 1
        return first
    finally:
        for _ in range(made):
            game.unmake()
