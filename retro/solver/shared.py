"""What the members of one search's portfolio share (`retro.solver.search`): the game, the
budget and what is spent of it, the best line seen, the moves worth searching with the safe
moves after them, and what a search answers (`Result`); a module of its own so the members
kept apart (the one-sink search, the beams) read it without importing the search back."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from retro.engine.game import Game, Outcome
from retro.engine.position import DONE, MOVE, Move, Position
from retro.engine.rotation import rotation_moves, rotators
from retro.solver.adapter import is_won, make, unmake
from retro.solver.compact import search_key
from retro.solver.cursor import cursor_for
from retro.solver.safety import SafetyModel, home_moves, model_for, safe_move


@dataclass(frozen=True)
class Budget:
    """How much a search may spend: nodes (moves made), seconds, positions stored, depth."""

    nodes: int = 2_000_000
    seconds: float = 10.0
    positions: int = 250_000
    depth: int = 1_500


@dataclass
class Result:
    """`result` is won (with `moves` from the starting position), lost (proved: the whole
    space was searched) or unknown (the budget ran out). `best` leads to the most promising
    position seen, for a player who must move on without a proof."""

    result: Outcome
    moves: list[Move]
    nodes: int
    seconds: float
    best: list[Move] = field(default_factory=list)
    gain: float = 0.0  # how much better the position `best` leads to looks than the start


class Node:
    """A position of a search tree: the moves from its parent, its depth in moves and its
    level in the tree (for finding common ancestors)."""

    __slots__ = ("depth", "level", "moves", "parent", "step")

    def __init__(
        self,
        parent: Node | None,
        step: tuple[Move, ...],
        depth: int,
        moves: list[Move] | None = None,
    ) -> None:
        self.parent = parent
        self.step = step
        self.depth = depth
        self.level: int = parent.level + 1 if parent is not None else 0
        self.moves = moves  # its legal moves, kept from its making until it is expanded


def path(node: Node | None) -> list[Move]:
    """The moves from the root to `node`."""
    steps: list[tuple[Move, ...]] = []
    while node is not None:
        steps.append(node.step)
        node = node.parent
    return [move for step in reversed(steps) for move in step]


def walk(game: Game, current: Node, target: Node) -> Node:
    """Take back and make moves from `current`'s position to `target`'s, through their common
    ancestor; returns `target`."""
    node, down = current, []
    while node.level > target.level:
        node = _up(game, node)
    while target.level > node.level:
        down.append(target)
        target = target.parent  # type: ignore[assignment]
    while node is not target:
        node = _up(game, node)
        down.append(target)
        target = target.parent  # type: ignore[assignment]
    for step_node in reversed(down):
        for move in step_node.step:
            make(game, move)
    return down[0] if down else node


def _up(game: Game, node: Node) -> Node:
    for _ in node.step:
        unmake(game)
    assert node.parent is not None
    return node.parent


def candidates(game: Game) -> list[Move]:
    """The moves worth searching: none once the game's `lose` condition holds ('done' never:
    it ends the game unwon)."""
    lose = game.gdef.lose
    position = game.position
    if lose is not None and lose.test(position):
        return []
    return distinct(position, [move for move in game.legal_moves() if move.kind != DONE])


def distinct(
    position: Position, moves: list[Move], alike: frozenset[str] = frozenset()
) -> list[Move]:
    """`moves` less those that lead where an earlier one does: the same cards onto another
    empty pile the position key counts as the same (FreeCell's cells and empty columns share
    a salt while the rules make them interchangeable), which the transposition table would
    only throw away after the move was made; or onto another empty pile of a group in
    `alike` (piles the honest search cannot tell apart, see `honest.player_alike`)."""
    piles = position.piles
    filled: set[tuple[int, int, int | str]] = set()
    kept = []
    for move in moves:
        if move.kind == MOVE:
            target = piles[move.dst]
            if not target.cards:
                name = target.group.name
                same = (move.src, move.count, name if name in alike else target.salt)
                if same in filled:
                    continue
                filled.add(same)
        kept.append(move)
    return kept


def actions_of(moves: list[Move]) -> set[tuple[str, int]]:
    return {(move.kind, move.src) for move in moves if move.kind != MOVE}


class Shared:
    """What the members of one portfolio share: the game, budgets, counts, the best seen."""

    def __init__(self, game: Game, budget: Budget) -> None:
        self.game = game
        self.budget = budget
        self.model: SafetyModel | None = model_for(game.gdef)
        self.nodes = 0
        self.positions = 0
        self.start = time.perf_counter()
        self.deadline = self.start + budget.seconds
        self.start_value = 0.0
        self.best_value = float("-inf")
        self.best: list[Move] = []
        self.won: list[Move] | None = None
        self.pause_at = 0.0  # a time (perf_counter) to pause at, between two children; 0: never
        groups = game.position.groups
        self.actors = [
            (groups[group.name], group.action)
            for group in game.gdef.groups
            if group.action is not None
        ]
        self.rotating = rotators(game.gdef, groups)
        self.cursor = cursor_for(game, self.model)  # a stock and waste searched as a sequence
        self.key = search_key(game, self.cursor)  # what play can read of the position

    def steps(self, moves: list[Move]) -> list[tuple[Move, ...]]:
        """Each child's moves: one move, or draws and the move they lead to (`cursor`)."""
        if self.cursor is None:
            return [(move,) for move in moves]
        found = self.cursor.steps(moves, distinct)
        self.nodes += self.cursor.made
        self.cursor.made = 0
        return found

    def met(self, seen: set[int], key: int) -> bool:
        """Whether the position of `key` (the last asked for) or a stronger one is in `seen`."""
        if key in seen:
            return True
        cursor = self.cursor
        return cursor is not None and any(other in seen for other in cursor.stronger(key))

    def spent(self) -> float:
        """The share of the budget in nodes or seconds spent, whichever is more."""
        budget = self.budget
        left = self.deadline - time.perf_counter()
        return max(self.nodes / budget.nodes, 1.0 - left / budget.seconds)

    def out_of_budget(self) -> bool:
        return (
            self.nodes >= self.budget.nodes
            or self.positions >= self.budget.positions
            or time.perf_counter() >= self.deadline
        )

    def close_lazily(self, step: list[Move]) -> None:
        """What `close_safely` does, without generating every legal move: safe moves are found
        among the moves to the foundations (`safety.home_moves`), pile actions are asked for
        alone; a child's moves can then wait until it is expanded (most never are)."""
        model = self.model
        game = self.game
        lose = game.gdef.lose
        legal = self._legal
        acting = bool(self.actors or self.rotating)
        actions = self.actions_now() if acting and model is not None else set()
        while model is not None and not is_won(game):
            if lose is not None and lose.test(game.position):
                break
            move = safe_move(game.position, home_moves(game.position, model, legal), model)
            if move is None:
                break
            make(game, move)
            self.nodes += 1
            if acting:
                after = self.actions_now()
                if not actions <= after:
                    unmake(game)
                    break
                actions = after
            step.append(move)

    def actions_now(self) -> set[tuple[str, int]]:
        """The pile actions and rotations legal now (what `_actions` reads off the moves)."""
        position = self.game.position
        lose = self.game.gdef.lose
        counters = position.counters
        if (
            counters.get("won")
            or counters.get("done")
            or (lose is not None and lose.test(position))
        ):
            return set()
        found = {
            (action.verb, pile.index)
            for piles, action in self.actors
            for pile in piles
            if action.available(position, pile)
        }
        found.update((move.kind, move.src) for move in rotation_moves(self.rotating, position))
        return found

    def _legal(self, move: Move) -> bool:
        return self.game.why_not(move) is None

    def close_safely(self, moves: list[Move], step: list[Move]) -> list[Move]:
        """Make safe moves after the last one while there are any; returns the legal moves of
        the position reached. A safe move that takes away a pile action (a deal that needs no
        empty column) is not taken."""
        model = self.model
        game = self.game
        while model is not None and moves and not is_won(game):
            move = safe_move(game.position, moves, model)
            if move is None:
                break
            make(game, move)
            self.nodes += 1
            after = candidates(game)
            if not actions_of(moves) <= actions_of(after):
                unmake(game)
                break
            step.append(move)
            moves = after
        return moves
