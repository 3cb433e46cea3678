"""Legal-move generation speed: the YAML interpreter against a hand-written Spider generator.

Both run over the same fixed corpus (benchmarks/corpus.py) and must agree move for move on
every position. Times are the CPU time of this process (`time.process_time`), so other
programs on a shared machine slow the figures less. Prints medians of several rounds; the last
line is the summary:
`movegen: N positions/s, R x hand-written` (R = hand-written speed / interpreter speed).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import build_corpus

from retro.definition.catalog import Catalog
from retro.engine.game import Game
from retro.engine.notation import parse_position
from retro.engine.position import MOVE, Move, Pile, Position


def handwritten_moves(position: Position) -> list[Move]:
    """Spider's legal moves written out by hand: no rules, no closures, no index keys."""
    tableau = position.groups["tableau"]
    new = tuple.__new__
    moves: list[Move] = []
    by_rank: dict[int, list[Pile]] = {}
    empties: list[Pile] = []
    for pile in tableau:
        if not pile.cards:
            empties.append(pile)
        elif len(pile.cards) > pile.down:
            by_rank.setdefault(pile.cards[-1].rank, []).append(pile)
    free_foundation = next((f for f in position.groups["foundation"] if not f.cards), None)
    for src in tableau:
        cards, down = src.cards, src.down
        size = len(cards)
        if size == down:
            continue
        run = 1
        i = size - 1
        while (
            i > down
            and cards[i].suit == cards[i - 1].suit
            and cards[i].rank + 1 == cards[i - 1].rank
        ):
            run += 1
            i -= 1
        for count in range(1, run + 1):
            card = cards[size - count]
            for dst in by_rank.get(card.rank + 1, ()):
                moves.append(new(Move, (MOVE, src.index, count, dst.index)))
            for dst in empties:
                if dst is not src:
                    moves.append(new(Move, (MOVE, src.index, count, dst.index)))
            if count == 13 and card.rank == 13 and free_foundation is not None:
                moves.append(Move(MOVE, src.index, 13, free_foundation.index))
    stock = position.groups["stock"][0]
    if stock.cards and (not empties or _relaxed_deal_ok(tableau)):
        moves.append(Move("deal", stock.index))
    return moves


def _relaxed_deal_ok(tableau: list[Pile]) -> bool:
    """relaxed: 2 (the corpus is played with it so empty columns stay in the game)."""
    for pile in tableau:
        cards = pile.cards
        if not cards:
            continue
        if pile.down:
            return False
        for i in range(1, len(cards)):
            if cards[i].rank + 1 != cards[i - 1].rank:
                return False
    return True


def _seconds(function: Callable[[Any], object], items: list[Any]) -> float:
    start = time.process_time()
    for item in items:
        function(item)
    return time.process_time() - start


def measure(games: list[Game], rounds: int) -> tuple[float, float, float]:
    """Median rates of both generators and the median of their per-round ratio. The two are
    timed in turn within each round, so a busy machine slows both alike."""
    positions = [game.position for game in games]
    ours: list[float] = []
    theirs: list[float] = []
    for _ in range(rounds):
        ours.append(len(games) / _seconds(Game.legal_moves, games))
        theirs.append(len(games) / _seconds(handwritten_moves, positions))
    ratios = [t / o for o, t in zip(ours, theirs, strict=True)]
    return statistics.median(ours), statistics.median(theirs), statistics.median(ratios)


def main() -> None:
    gdef = Catalog().load("spider", {"relaxed": 2})
    corpus = build_corpus()
    games = [Game(gdef, 1, position=parse_position(gdef, text)) for _, _, text in corpus]
    moves_total = 0
    for game, (variant, phase, _) in zip(games, corpus, strict=True):
        ours = sorted(game.legal_moves())
        theirs = sorted(handwritten_moves(game.position))
        if ours != theirs:
            raise SystemExit(f"disagreement on a {variant} {phase} position:\n{ours}\n{theirs}")
        moves_total += len(ours)
    empty_columns = sum(1 for g in games for p in g.position.groups["tableau"] if not p.cards)
    longest = max(p.run for g in games for p in g.position.groups["tableau"])
    print(
        f"corpus: {len(games)} positions (1/2/4 suits; early/middle/late), "
        f"{moves_total} legal moves, {empty_columns} empty columns, longest run {longest}"
    )
    print("agreement: every position, move for move")
    rounds = 21
    phases: dict[str, list[Game]] = {}
    for game, (_, phase, _) in zip(games, corpus, strict=True):
        phases.setdefault(phase, []).append(game)
    for phase, members in phases.items():
        size = sum(len(g.legal_moves()) for g in members) / len(members)
        rate, _, phase_ratio = measure(members, 9)
        print(
            f"  {phase:<12} {len(members):>3} positions, {size:4.1f} moves each: "
            f"{rate:,.0f} positions/s, {phase_ratio:.2f} x hand-written"
        )
    ours, theirs, ratio = measure(games, rounds)
    print(f"interpreter: {ours:,.0f} positions/s (median of {rounds} rounds)")
    print(f"hand-written: {theirs:,.0f} positions/s (median of {rounds} rounds)")
    print(f"movegen: {ours:,.0f} positions/s, {ratio:.2f} x hand-written")


if __name__ == "__main__":
    main()
