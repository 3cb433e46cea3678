"""The computer as a Spider Duel opponent: its score, wins and time at each strength.

Each strength plays the same few deals as it does in the window when its turn is skipped:
thinking in slices of `SLICE` seconds (only the slices count against its budget). Per
strength: the mean and the range of its scores, the games it won, its moves, its thinking time
a game, and how long a skipped turn would last in the window if none of it had been thought
while the person played (a slice a frame at 30 frames a second). A short run by default;
`--deals N` for more. Run: .venv/bin/python benchmarks/duel.py
"""

from __future__ import annotations

import argparse
import statistics

from retro.definition.catalog import Catalog
from retro.duel import STRENGTHS, Computer
from retro.engine.game import WON, Game
from retro.ui.keymap import FPS
from retro.ui.scenes.duelturns import SKIP_SLICE as SLICE


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=4)
    deals = range(1, parser.parse_args().deals + 1)
    gdef = Catalog().load("spider_duel", {})
    print(
        f"Spider Duel, deals {deals.start}-{deals.stop - 1}, the computer thinking in "
        f"slices of {SLICE * 1000:.1f} ms"
    )
    print(
        f"{'strength':<8} {'mean score':>10} {'min':>5} {'max':>5} {'won':>4} "
        f"{'moves':>6} {'thinking s':>11} {'skip s':>7}"
    )
    for strength in STRENGTHS.values():
        scores, wins, moves, thought = [], 0, [], []
        for seed in deals:
            game = Game(gdef, seed)
            computer = Computer(game, strength, seed)
            while not computer.think(SLICE):
                pass
            scores.append(game.score())
            wins += game.outcome() == WON
            moves.append(len(computer.moves))
            thought.append(computer.thought)
        print(
            f"{strength.name:<8} {statistics.mean(scores):>10.1f} {min(scores):>5} "
            f"{max(scores):>5} {wins:>4} {statistics.mean(moves):>6.0f} "
            f"{statistics.mean(thought):>11.2f} "
            f"{statistics.mean(thought) / (SLICE * FPS):>7.0f}"
        )


if __name__ == "__main__":
    main()
