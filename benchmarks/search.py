"""Search speed: one depth-first search through the public engine and through compact cores
written by hand for Spider (1 suit) and FreeCell, side by side.

The search is the same for both: depth-first from a deal's opening, a fixed depth limit and
node budget, a transposition set on the position key; a node is one position reached (its key
looked up). The engine runs it through `Game.legal_moves`, `make`, `unmake` and `key`; the cores
hold cards as small ints, piles as int lists and moves as tuples, and keep their own Zobrist key
up to date with each move. Before timing, both sides must agree on every deal: the number of
distinct positions at each of the first levels of the move tree (an order-free count, so it
checks the moves, the automatic moves and which positions the keys call equal).

Times are the CPU time of this process (`time.process_time`), so other programs on a shared
machine slow the figures less than they would a wall clock. Prints medians of several rounds;
the last line is the summary: `search: N nodes/s, R x hand-written` (R = the cores' speed /
the engine's, per round).
"""

from __future__ import annotations

import importlib.util
import statistics
import sys
import time
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path
from typing import Any, Protocol

if importlib.util.find_spec("retro") is None:  # else the installed one, compiled or not
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from retro import compiled
from retro.definition.catalog import Catalog
from retro.engine.cards import Rng
from retro.engine.game import Game

MASK = (1 << 64) - 1
DEPTH = 30
BUDGET = 4000
ROUNDS = 7
SEEDS = {"spider": (1, 2, 3), "freecell": (1, 2, 3)}
LEVELS = 3  # levels of the move tree compared between the engine and the cores


def _mix(value: int) -> int:
    value = (value ^ (value >> 30)) * 0xBF58476D1CE4E5B9 & MASK
    value = (value ^ (value >> 27)) * 0x94D049BB133111EB & MASK
    return value ^ (value >> 31)


def _words(count: int, seed: int) -> list[int]:
    rng = Rng(seed)
    return [(rng.next_u32() << 32) | rng.next_u32() for _ in range(count)]


HEIGHTS = 110
ZOBRIST = _words(64 * HEIGHTS, 77)  # card (rank * 4 + suit) at a height
DOWN = _words(HEIGHTS, 78)


def _code(card: Any) -> int:
    return int(card.rank) * 4 + int(card.suit)


class Core(Protocol):
    def moves(self) -> Sequence[Hashable]: ...

    def make(self, move: Any) -> None: ...

    def unmake(self) -> None: ...

    def key(self) -> int: ...


# -- Spider, one suit ----------------------------------------------------------------------------


class SpiderCore:
    """Spider as played by `games/spider.yaml` with its default options (no deal while a column
    is empty, complete runs taken off by hand to the next empty foundation, face-down cards
    turned by themselves): ten columns, the stock, and a count of runs taken off. The columns
    are told apart while the stock deals rows in column order, and interchangeable after."""

    def __init__(self, game: Game) -> None:
        groups = game.position.groups
        self.cols = [[_code(c) for c in p.cards] for p in groups["tableau"]]
        self.down = [p.down for p in groups["tableau"]]
        self.stock = [_code(c) for c in groups["stock"][0].cards]
        self.off = sum(1 for p in groups["foundation"] if p.cards)
        self.salts = [_mix(i + 1) for i in range(12)]
        self.own_salts = self.salts[:10]
        self.shared_salts = [_mix(400)] * 10
        if not self.stock:
            self.salts[:10] = self.shared_salts
        self.hashes = [self._pile_hash(i) for i in range(10)]
        self.total = sum(_mix(h ^ self.salts[i]) for i, h in enumerate(self.hashes))
        self.total = (self.total + self._stock_term() + self._off_term()) & MASK
        self.trail: list[tuple[Any, ...]] = []

    def _pile_hash(self, i: int) -> int:
        value = DOWN[self.down[i]]
        for height, card in enumerate(self.cols[i]):
            value ^= ZOBRIST[card * HEIGHTS + height]
        return value

    def _stock_term(self) -> int:
        value = 0
        for height, card in enumerate(self.stock):
            value ^= ZOBRIST[card * HEIGHTS + height]
        return _mix(value ^ self.salts[10])

    def _off_term(self) -> int:
        return _mix(self.off ^ self.salts[11])

    def _set_hash(self, i: int, value: int) -> None:
        salt = self.salts[i]
        self.total = (self.total - _mix(self.hashes[i] ^ salt) + _mix(value ^ salt)) & MASK
        self.hashes[i] = value

    def _resalt(self, salts: list[int]) -> None:
        """The columns' terms with other salts: the stock has just emptied or refilled."""
        for i, value in enumerate(self.hashes):
            self.total = (self.total - _mix(value ^ self.salts[i]) + _mix(value ^ salts[i])) & MASK
        self.salts[:10] = salts

    def key(self) -> int:
        return self.total

    def won(self) -> bool:
        """`complete_runs_only`: the stock dealt, every column empty or one complete run."""
        return not self.stock and all(
            not cards
            or (
                not self.down[i]
                and len(cards) == 13
                and cards[0] >> 2 == 13
                and all(cards[n] + 4 == cards[n - 1] for n in range(1, 13))
            )
            for i, cards in enumerate(self.cols)
        )

    def moves(self) -> list[tuple[int, int, int]]:
        if not self.stock and self.won():
            return []
        cols, down = self.cols, self.down
        empties = [i for i in range(10) if not cols[i]]
        tops: dict[int, list[int]] = {}
        for i in range(10):
            if len(cols[i]) > down[i]:
                tops.setdefault(cols[i][-1] >> 2, []).append(i)
        moves: list[tuple[int, int, int]] = []
        for src in range(10):
            cards = cols[src]
            size = len(cards)
            if size == down[src]:
                continue
            i = size - 1
            while i > down[src] and cards[i] + 4 == cards[i - 1]:
                i -= 1
            for count in range(1, size - i + 1):
                rank = cards[size - count] >> 2
                moves.extend((src, count, dst) for dst in empties if dst != src)
                moves.extend((src, count, dst) for dst in tops.get(rank + 1, ()))
                if count == 13:
                    moves.append((src, 13, -2))
        if self.stock and not empties:
            moves.append((-1, 0, -1))
        return moves

    def make(self, move: tuple[int, int, int]) -> None:
        src, count, dst = move
        cols = self.cols
        if src == -1:
            stock = self.stock
            stock_term = self._stock_term()
            for i in range(10):
                card = stock.pop()
                self._set_hash(i, self.hashes[i] ^ ZOBRIST[card * HEIGHTS + len(cols[i])])
                cols[i].append(card)
            self.total = (self.total - stock_term + self._stock_term()) & MASK
            if not stock:
                self._resalt(self.shared_salts)
            self.trail.append((src, 0, 0, False))
            return
        cards = cols[src]
        value = self.hashes[src]
        moving = cards[-count:]
        del cards[-count:]
        size = len(cards)
        for n, card in enumerate(moving):
            value ^= ZOBRIST[card * HEIGHTS + size + n]
        if dst == -2:
            self.total = (self.total - self._off_term()) & MASK
            self.off += 1
            self.total = (self.total + self._off_term()) & MASK
        else:
            target = cols[dst]
            base = len(target)
            dst_value = self.hashes[dst]
            for n, card in enumerate(moving):
                dst_value ^= ZOBRIST[card * HEIGHTS + base + n]
            target.extend(moving)
            self._set_hash(dst, dst_value)
        turned = bool(size) and self.down[src] == size
        if turned:
            value ^= DOWN[size] ^ DOWN[size - 1]
            self.down[src] = size - 1
        self._set_hash(src, value)
        self.trail.append((src, count, dst, turned))

    def unmake(self) -> None:
        src, count, dst, turned = self.trail.pop()
        cols = self.cols
        if src == -1:
            if not self.stock:
                self._resalt(self.own_salts)
            stock_term = self._stock_term()
            for i in range(9, -1, -1):
                card = cols[i].pop()
                self._set_hash(i, self.hashes[i] ^ ZOBRIST[card * HEIGHTS + len(cols[i])])
                self.stock.append(card)
            self.total = (self.total - stock_term + self._stock_term()) & MASK
            return
        value = self.hashes[src]
        size = len(cols[src])
        if turned:
            value ^= DOWN[size] ^ DOWN[size - 1]
            self.down[src] = size
        if dst == -2:
            self.total = (self.total - self._off_term()) & MASK
            self.off -= 1
            self.total = (self.total + self._off_term()) & MASK
            moving = self._run_back()
        else:
            target = cols[dst]
            moving = target[-count:]
            del target[-count:]
            dst_value = self.hashes[dst]
            base = len(target)
            for n, card in enumerate(moving):
                dst_value ^= ZOBRIST[card * HEIGHTS + base + n]
            self._set_hash(dst, dst_value)
        for n, card in enumerate(moving):
            value ^= ZOBRIST[card * HEIGHTS + size + n]
        cols[src].extend(moving)
        self._set_hash(src, value)

    @staticmethod
    def _run_back() -> list[int]:
        """A run taken off, one suit King to Ace (the only suit of 1-suit Spider: spades)."""
        return [rank * 4 for rank in range(13, 0, -1)]


# -- FreeCell --------------------------------------------------------------------------------------


class FreeCellCore:
    """FreeCell as played by `games/freecell.yaml`: eight columns, four cells and four
    foundations (any Ace starts any of them), runs moved as the free places allow."""

    def __init__(self, game: Game) -> None:
        groups = game.position.groups
        self.cols = [[_code(c) for c in p.cards] for p in groups["tableau"]]
        self.cells = [_code(p.cards[-1]) if p.cards else 0 for p in groups["cell"]]
        self.found = [_code(p.cards[-1]) if p.cards else 0 for p in groups["foundation"]]
        self.home = sum(len(p.cards) for p in groups["foundation"])
        self.col_salts = [_mix(300)] * 8  # the columns are interchangeable too
        self.cell_salt = _mix(100)
        self.found_salt = _mix(200)
        self.hashes = [self._col_hash(i) for i in range(8)]
        self.total = sum(_mix(h ^ self.col_salts[i]) for i, h in enumerate(self.hashes))
        self.total += sum(self._cell_term(c) for c in self.cells)
        self.total += sum(self._found_term(c) for c in self.found)
        self.total &= MASK
        self.trail: list[tuple[int, int, int, int]] = []

    def _col_hash(self, i: int) -> int:
        value = DOWN[0]
        for height, card in enumerate(self.cols[i]):
            value ^= ZOBRIST[card * HEIGHTS + height]
        return value

    def _cell_term(self, card: int) -> int:
        return _mix((ZOBRIST[card * HEIGHTS] if card else 0) ^ DOWN[0] ^ self.cell_salt)

    def _found_term(self, card: int) -> int:
        value = DOWN[0]
        for rank in range(1, (card >> 2) + 1):  # the foundation holds Ace up to its top card
            value ^= ZOBRIST[(rank * 4 + (card & 3)) * HEIGHTS + rank - 1]
        return _mix(value ^ self.found_salt)

    def key(self) -> int:
        return self.total

    def _room(self, dst: int) -> int:
        room = 1 + sum(1 for c in self.cells if not c)
        for i in range(8):
            if i != dst and not self.cols[i]:
                room *= 2
        return room

    def moves(self) -> list[tuple[int, int, int]]:
        """Moves as (source, count, target): columns 0-7, cells 8-11, foundations 12-15."""
        if self.home == 52:
            return []
        cols, cells, found = self.cols, self.cells, self.found
        moves: list[tuple[int, int, int]] = []
        free_cells = [8 + i for i in range(4) if not cells[i]]
        sources = [(i, cols[i]) for i in range(8) if cols[i]]
        sources += [(8 + i, [cells[i]]) for i in range(4) if cells[i]]
        for src, cards in sources:
            size = len(cards)
            run = 1
            if src < 8:
                while (
                    run < size
                    and cards[size - run] >> 2 == (cards[size - run - 1] >> 2) - 1
                    and _red(cards[size - run]) != _red(cards[size - run - 1])
                ):
                    run += 1
            top = cards[-1]
            for f in range(4):
                card = found[f]
                if (not card and top >> 2 == 1) or (card and top == card + 4):
                    moves.append((src, 1, 12 + f))
            moves.extend((src, 1, c) for c in free_cells if c != src)
            for count in range(1, run + 1):
                card = cards[size - count]
                for dst in range(8):
                    if dst == src:
                        continue
                    target = cols[dst]
                    if target:
                        under = target[-1]
                        if under >> 2 != (card >> 2) + 1 or _red(under) == _red(card):
                            continue
                    if count == 1 or count <= self._room(dst):
                        moves.append((src, count, dst))
        return moves

    def _take(self, src: int, count: int) -> list[int]:
        if src < 8:
            cards = self.cols[src]
            moving = cards[-count:]
            del cards[-count:]
            value = self.hashes[src]
            for n, card in enumerate(moving):
                value ^= ZOBRIST[card * HEIGHTS + len(cards) + n]
            self._set_col(src, value)
            return moving
        if src < 12:
            card = self.cells[src - 8]
            self.total = (self.total - self._cell_term(card) + self._cell_term(0)) & MASK
            self.cells[src - 8] = 0
            return [card]
        card = self.found[src - 12]
        below = card - 4 if card >> 2 > 1 else 0
        self.total = (self.total - self._found_term(card) + self._found_term(below)) & MASK
        self.found[src - 12] = below
        self.home -= 1
        return [card]

    def _put(self, dst: int, moving: list[int]) -> None:
        if dst < 8:
            cards = self.cols[dst]
            value = self.hashes[dst]
            for n, card in enumerate(moving):
                value ^= ZOBRIST[card * HEIGHTS + len(cards) + n]
            cards.extend(moving)
            self._set_col(dst, value)
        elif dst < 12:
            card = moving[0]
            self.total = (self.total - self._cell_term(0) + self._cell_term(card)) & MASK
            self.cells[dst - 8] = card
        else:
            card = moving[0]
            old = self.found[dst - 12]
            self.total = (self.total - self._found_term(old) + self._found_term(card)) & MASK
            self.found[dst - 12] = card
            self.home += 1

    def _set_col(self, i: int, value: int) -> None:
        salt = self.col_salts[i]
        self.total = (self.total - _mix(self.hashes[i] ^ salt) + _mix(value ^ salt)) & MASK
        self.hashes[i] = value

    def make(self, move: tuple[int, int, int]) -> None:
        src, count, dst = move
        self._put(dst, self._take(src, count))
        self.trail.append(move)

    def unmake(self) -> None:
        src, count, dst = self.trail.pop()
        self._put(src, self._take(dst, count))


def _red(card: int) -> bool:
    return 1 <= card & 3 <= 2  # hearts and diamonds (suits S H D C)


# -- the search ------------------------------------------------------------------------------


def dfs(
    moves: Callable[[], Sequence[Any]],
    make: Callable[[Any], None],
    unmake: Callable[[], None],
    key: Callable[[], int],
    budget: int,
) -> int:
    """Depth-first to DEPTH with a transposition set, until `budget` nodes: the nodes visited."""
    seen: set[int] = set()
    nodes = 0

    def visit(depth: int) -> None:
        nonlocal nodes
        nodes += 1
        k = key()
        if k in seen:
            return
        seen.add(k)
        if depth == 0:
            return
        for move in moves():
            if nodes >= budget:
                return
            make(move)
            visit(depth - 1)
            unmake()

    visit(DEPTH)
    return nodes


def level_counts(
    moves: Callable[[], Sequence[Any]],
    make: Callable[[Any], None],
    unmake: Callable[[], None],
    key: Callable[[], int],
) -> list[int]:
    """How many distinct positions lie exactly 1, 2, ... LEVELS moves deep."""
    levels: list[set[int]] = [set() for _ in range(LEVELS)]

    def visit(depth: int) -> None:
        for move in moves():
            make(move)
            levels[depth].add(key())
            if depth + 1 < LEVELS:
                visit(depth + 1)
            unmake()

    visit(0)
    return [len(level) for level in levels]


def engine_side(
    game: Game,
) -> tuple[
    Callable[[], Sequence[Any]], Callable[[Any], None], Callable[[], None], Callable[[], int]
]:
    return game.legal_moves, game.make, game.unmake, game.key


def core_side(
    core: Core,
) -> tuple[
    Callable[[], Sequence[Any]], Callable[[Any], None], Callable[[], None], Callable[[], int]
]:
    return core.moves, core.make, core.unmake, core.key


def main() -> None:
    catalog = Catalog()
    cases: list[tuple[str, Game, Core]] = []
    for game_id, options, core_type in (
        ("spider", {"suits": 1}, SpiderCore),
        ("freecell", {}, FreeCellCore),
    ):
        gdef = catalog.load(game_id, options)
        for seed in SEEDS[game_id]:
            game = Game(gdef, seed)
            core: Core = core_type(game)  # type: ignore[operator]
            ours = level_counts(*engine_side(game))
            theirs = level_counts(*core_side(core))
            if ours != theirs:
                raise SystemExit(
                    f"{game_id} {seed}: the engine sees {ours} positions on the "
                    f"first levels, the core {theirs}"
                )
            cases.append((game_id, game, core))
    print(f"build: {'compiled' if compiled() else 'pure Python'}")
    print(f"agreement: distinct positions on the first {LEVELS} levels, every deal")
    print(
        f"search: depth {DEPTH}, {BUDGET} nodes from each deal's opening, "
        f"deals {', '.join(f'{g} {list(s)}' for g, s in SEEDS.items())}"
    )
    rates: dict[str, list[float]] = {}
    ratios: dict[str, list[float]] = {}
    for _ in range(ROUNDS):
        spent = {"engine": 0.0, "core": 0.0}
        nodes = {"engine": 0, "core": 0}
        per_game: dict[str, dict[str, float]] = {}
        for game_id, game, core in cases:
            for side, functions in (("engine", engine_side(game)), ("core", core_side(core))):
                start = time.process_time()
                count = dfs(*functions, budget=BUDGET)
                seconds = time.process_time() - start
                spent[side] += seconds
                nodes[side] += count
                entry = per_game.setdefault(game_id, {})
                entry[side + "_s"] = entry.get(side + "_s", 0.0) + seconds
                entry[side + "_n"] = entry.get(side + "_n", 0.0) + count
        for game_id, entry in per_game.items():
            ours = entry["engine_n"] / entry["engine_s"]
            theirs = entry["core_n"] / entry["core_s"]
            rates.setdefault(game_id, []).append(ours)
            ratios.setdefault(game_id, []).append(theirs / ours)
        ours = nodes["engine"] / spent["engine"]
        rates.setdefault("all", []).append(ours)
        ratios.setdefault("all", []).append(nodes["core"] / spent["core"] / ours)
    for name in (*SEEDS, "all"):
        print(
            f"  {name:<9} engine {statistics.median(rates[name]):>9,.0f} nodes/s, "
            f"{statistics.median(ratios[name]):.2f} x hand-written (median of {ROUNDS} rounds)"
        )
    print(
        f"search: {statistics.median(rates['all']):,.0f} nodes/s, "
        f"{statistics.median(ratios['all']):.2f} x hand-written"
    )


if __name__ == "__main__":
    main()
