"""How far honest Spider play gets, not only whether it wins: per deal the outcome, the cards
still face down in the tableau when the game ends, the cards home and the moves; then the
totals and means. Where no deal is won (2 and 4 suits) the cards left face down tell one way
of playing from another on a few deals. One process; a short run by default:

    .venv/bin/python benchmarks/honest.py --suits 2 --seeds 1-10 --seconds 5
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from retro.definition.catalog import Catalog
from retro.engine.game import WON, Game
from retro.solver import honest


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--suits", default="2", help="Spider's suits (1, 2 or 4)")
    parser.add_argument("--seeds", default="1-10", help="deals A-B")
    parser.add_argument("--seconds", type=float, default=5.0, help="thinking a deal")
    args = parser.parse_args()
    first, last = (int(part) for part in args.seeds.split("-"))
    gdef = Catalog().load("spider", {"suits": args.suits})
    print(f"Spider {args.suits} suit(s) honest, deals {first}-{last}, {args.seconds:g} s a deal")
    print(f"{'deal':>5} {'result':>7} {'face down':>9} {'home':>5} {'moves':>6} {'seconds':>8}")
    downs, homes, won = [], [], 0
    for seed in range(first, last + 1):
        game = Game(gdef, seed)
        start = time.perf_counter()
        played = honest.play(game, seconds=args.seconds, seed=seed)
        piles = game.position.piles
        down = sum(pile.down for pile in piles if pile.kind == "tableau")
        home = sum(len(pile.cards) for pile in piles if pile.kind == "foundation")
        downs.append(down)
        homes.append(home)
        won += played.result == WON
        print(
            f"{seed:>5} {played.result:>7} {down:>9} {home:>5} {len(played.moves):>6} "
            f"{time.perf_counter() - start:>8.2f}"
        )
    print(
        f"won {won} of {len(downs)}; face down at the end: mean {statistics.mean(downs):.1f}"
        f" (of 44); home: mean {statistics.mean(homes):.1f} (of 104)"
    )


if __name__ == "__main__":
    main()
