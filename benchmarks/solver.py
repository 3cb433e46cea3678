"""The solver measured against the best: one table.

- FreeCell (Windows deal numbers), perfect information: deals solved and the median time, with
  fc-solve (the C solver of the Debian package freecell-solver-bin) run on the same deals as an
  anchor when it is installed (skipped otherwise).
- Spider, honest play (never seeing a face-down card) at 1, 2 and 4 suits: win rates with 95%
  Wilson intervals; with `--spider-deal-anytime` also with a deal allowed onto empty columns,
  the easier rule the open C++ Spider player plays by (docs/solver.md, "Where the limit lies").
- Spider 4 suits, perfect information: the share of deals proved winnable.
- Every other game: won / lost / unknown over a range of deals.

The defaults are the full run (hours); `--quick` or the range flags make a run of minutes:

    python benchmarks/solver.py --quick
    python benchmarks/solver.py --freecell 1-50 --spider 0 --spider4 0 --others 0

`--decided` is the table of the games played most, every card known: won / proved lost /
unknown and the median seconds of Golf, Klondike, Canfield and Black Hole (deals 1-50 at 5 s)
and Spider 4 suits (deals 1-12 at 30 s), beside the goals; and, when a Solvitaire binary is on
PATH or named by `--solvitaire PATH`, its verdicts on the same deals (benchmarks/solvitaire.py)
and the deals where one says won and the other proved lost (a loss proved here that it wins
would question our proof; its presets' rules differ from ours a little, benchmarks/solvitaire.py).
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import multiprocessing
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import yaml

if importlib.util.find_spec("retro") is None:  # else the installed one, compiled or not
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from retro import compiled
from retro.definition.catalog import Catalog
from retro.engine.game import Game
from retro.solver.runner import solve_deal

sys.path.insert(0, str(Path(__file__).resolve().parent))
import solvitaire  # benchmarks/solvitaire.py, beside this file

GOALS = {1: 95.0, 2: 65.0, 4: 25.0}  # Spider honest win rates to beat, in %
# fc-solve's "lg" preset of several searches: its default single search gets lost on deal 9
FC_SOLVE_FLAGS = ("-l", "lg")
RUNAWAY = 1.2  # a deal taking longer than this times its budget has run away
# `--decided`: deals of 1-50 each game should decide (won or proved lost) within 5 s a deal
DECIDED_GOALS = {"golf": 50, "klondike": 47, "canfield": 47, "black_hole": 50}


def _range(text: str) -> range:
    """`A-B`, `N` or `0` (none)."""
    if text.strip() == "0":
        return range(0)
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


Job = tuple[str, dict[str, str], int, bool, float, tuple[Path, ...]]


def _solve(job: Job) -> dict[str, Any]:
    game_id, options, seed, honest, seconds, dirs = job
    try:
        return solve_deal(dirs, game_id, options, seed, honest, seconds)
    except Exception as error:  # a benchmark reports a game that fails instead of stopping
        return {
            "game": game_id,
            "seed": seed,
            "result": "error",
            "error": repr(error),
            "moves": [],
            "nodes": 0,
            "seconds": 0.0,
        }


def _run(jobs: int, work: list[Job], label: str) -> list[dict[str, Any]]:
    answers: list[dict[str, Any]] = []
    started = time.perf_counter()

    def note() -> None:
        sys.stderr.write(
            f"\r{label}: {len(answers)}/{len(work)} ({time.perf_counter() - started:.0f} s)"
        )
        sys.stderr.flush()

    if jobs > 1 and len(work) > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for answer in pool.imap_unordered(_solve, work):
                answers.append(answer)
                note()
    else:
        for job in work:
            answers.append(_solve(job))
            note()
    sys.stderr.write("\n")
    return answers


def wilson(wins: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate, in %."""
    if total == 0:
        return 0.0, 0.0
    p = wins / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return 100 * max(0.0, centre - half), 100 * min(1.0, centre + half)


def _count(answers: Sequence[dict[str, Any]], result: str) -> int:
    return sum(1 for answer in answers if answer["result"] == result)


def _median(answers: Sequence[dict[str, Any]], only: str | None = None) -> float:
    times = [float(a["seconds"]) for a in answers if only is None or a["result"] == only]
    return statistics.median(times) if times else float("nan")


def _longest(answers: Sequence[dict[str, Any]]) -> float:
    return max((float(a["seconds"]) for a in answers), default=0.0)


def fc_solve(seeds: range, seconds: float) -> list[tuple[bool, float]] | None:
    """fc-solve on the same Windows deals (our deal N is theirs): (solved, seconds) a deal."""
    program = shutil.which("fc-solve")
    if program is None:
        return None
    gdef = Catalog().load("freecell", {})
    found = []
    with tempfile.TemporaryDirectory() as folder:
        for seed in seeds:
            game = Game(gdef, seed)
            board = (
                "\n".join(
                    " ".join(card.code for card in pile.cards)
                    for pile in game.position.groups["tableau"]
                )
                + "\n"
            )
            path = Path(folder) / f"{seed}.board"
            path.write_text(board, encoding="ascii")
            start = time.perf_counter()
            try:
                done = subprocess.run(
                    [program, *FC_SOLVE_FLAGS, str(path)],
                    capture_output=True,
                    text=True,
                    timeout=seconds,
                    check=False,
                )
                solved = "This game is solveable" in done.stdout
            except subprocess.TimeoutExpired:
                solved = False
            found.append((solved, time.perf_counter() - start))
    return found


ANYTIME = "spider_deal_anytime"


def _write_deal_anytime(folder: Path) -> None:
    """Spider's file with the condition on its deal taken out, as a game of its own in
    `folder`: the stock deals whenever it holds cards, empty columns or not."""
    spider = Catalog().path("spider")
    assert spider is not None
    definition = yaml.safe_load(spider.read_text(encoding="utf-8"))
    definition["id"] = ANYTIME
    del definition["piles"]["stock"]["action"]["deal_row"]["allowed"]
    (folder / f"{ANYTIME}.yaml").write_text(yaml.safe_dump(definition), encoding="utf-8")


def _anchor(
    binary: str | None, game_id: str, answers: Sequence[dict[str, Any]], seconds: float, jobs: int
) -> str:
    """Solvitaire's row for the same deals as `answers`, or why there is none."""
    if binary is None:
        return "  Solvitaire: not found (on PATH or by --solvitaire), anchor skipped"
    seeds = sorted(int(a["seed"]) for a in answers)
    with ThreadPoolExecutor(max(1, jobs)) as pool:
        theirs = dict(
            zip(
                seeds,
                pool.map(lambda s: solvitaire.solve(binary, game_id, s, seconds), seeds),
                strict=True,
            )
        )
    verdicts = [verdict for verdict, _ in theirs.values()]

    def clash(ours: str, its: str) -> list[int]:
        return sorted(
            int(a["seed"])
            for a in answers
            if a["result"] == ours and theirs[int(a["seed"])][0] == its
        )

    # a win of ours is replayed through the Game: where its preset's rules differ, a deal it
    # proves lost may be won here; a loss we prove that it wins would question our proof
    won_here, lost_here = clash("won", "lost"), clash("lost", "won")
    preset = solvitaire.PRESETS[game_id]
    return (
        f"  Solvitaire --type {preset.kind} (same deals, {seconds:g} s; {preset.note}): "
        f"won {verdicts.count('won')}, proved lost {verdicts.count('lost')}, unknown "
        f"{verdicts.count('unknown')}; median "
        f"{statistics.median(t for _, t in theirs.values()):.2f} s; won here and lost "
        f"there: {won_here or 'none'}; lost here and won there: {lost_here or 'none'}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--freecell", default="1-1000", help="FreeCell deals, A-B (0: none)")
    parser.add_argument("--freecell-seconds", type=float, default=10.0)
    parser.add_argument("--spider", default="1-200", help="Spider honest deals (0: none)")
    parser.add_argument("--spider-seconds", type=float, default=10.0)
    parser.add_argument("--suits", default="1,2,4", help="Spider suit counts played honestly")
    parser.add_argument(
        "--spider-deal-anytime",
        action="store_true",
        help="also play Spider honestly with a deal allowed onto empty columns",
    )
    parser.add_argument(
        "--spider4", default="1-200", help="Spider 4 suits perfect-information deals (0: none)"
    )
    parser.add_argument("--spider4-seconds", type=float, default=30.0)
    parser.add_argument("--others", default="1-50", help="deals of every other game (0: none)")
    parser.add_argument("--other-seconds", type=float, default=5.0)
    parser.add_argument("--games", default="", help="only these other games (comma separated)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (the machine's cores)")
    parser.add_argument(
        "--quick",
        action="store_true",
        help="a run of minutes: FreeCell 1-20 at 5 s, Spider 1-3 honest at "
        "5 s, Spider 4 suits 1-2 at 10 s, other games 1-2 at 2 s",
    )
    parser.add_argument(
        "--decided",
        action="store_true",
        help="the games played most, decided: Golf, Klondike, Canfield and Black Hole 1-50 at "
        "5 s, Spider 4 suits 1-12 at 30 s, every card known",
    )
    parser.add_argument(
        "--solvitaire",
        default=None,
        help="a Solvitaire binary run on the same deals of --decided (default: on PATH)",
    )
    args = parser.parse_args(argv)
    binary = solvitaire.find_binary(args.solvitaire) if args.decided else None
    if args.decided:
        args.freecell, args.spider = "0", "0"
        args.spider4, args.spider4_seconds = "1-12", 30.0
        args.others, args.other_seconds = "1-50", 5.0
        args.games = ",".join(DECIDED_GOALS)
    if args.quick:
        args.freecell, args.freecell_seconds = "1-20", 5.0
        args.spider, args.spider_seconds = "1-3", 5.0
        args.spider4, args.spider4_seconds = "1-2", 10.0
        args.others, args.other_seconds = "1-2", 2.0
    rows = [f"build: {'compiled' if compiled() else 'pure Python'}"]

    freecell = _range(args.freecell)
    if freecell:
        answers = _run(
            args.jobs,
            [("freecell", {}, s, False, args.freecell_seconds, ()) for s in freecell],
            "FreeCell",
        )
        won = _count(answers, "won")
        rows.append(
            f"FreeCell {freecell.start}-{freecell.stop - 1} ({args.freecell_seconds:g} s)"
            f": solved {won}/{len(answers)}, lost {_count(answers, 'lost')}, unknown "
            f"{_count(answers, 'unknown')}; median {_median(answers):.2f} s, median of "
            f"the solved {_median(answers, 'won'):.2f} s (goal: all solved)"
        )
        anchor = fc_solve(freecell, args.freecell_seconds)
        if anchor is None:
            rows.append("fc-solve: not installed, anchor skipped")
        else:
            solved = sum(1 for ok, _ in anchor if ok)
            median_ms = 1000 * statistics.median(t for _, t in anchor)
            rows.append(
                f"fc-solve -l lg (same deals): solved {solved}/{len(anchor)}, median "
                f"{median_ms:.1f} ms (process start included); ours / fc-solve median: "
                f"{1000 * _median(answers) / median_ms:.0f}x"
            )

    spider = _range(args.spider)
    variants: list[tuple[str, tuple[Path, ...], str]] = [("spider", (), "")]
    folder = Path(tempfile.mkdtemp()) if spider and args.spider_deal_anytime else None
    if folder is not None:
        _write_deal_anytime(folder)
        variants.append((ANYTIME, (folder,), ", a deal onto empty columns"))
    try:
        for game_id, dirs, rule in variants if spider else []:
            for suits in [int(s) for s in args.suits.split(",") if s.strip()]:
                answers = _run(
                    args.jobs,
                    [
                        (game_id, {"suits": str(suits)}, s, True, args.spider_seconds, dirs)
                        for s in spider
                    ],
                    f"Spider {suits} honest{rule}",
                )
                won = _count(answers, "won")
                low, high = wilson(won, len(answers))
                rows.append(
                    f"Spider {suits} suit{'s' if suits > 1 else ''} honest{rule} "
                    f"{spider.start}-{spider.stop - 1} ({args.spider_seconds:g} s): won "
                    f"{won}/{len(answers)} = {100 * won / len(answers):.0f}% [95%: "
                    f"{low:.0f}-{high:.0f}%]"
                    + ("" if rule else f"; goal >= {GOALS.get(suits, 0):.0f}%")
                )
    finally:  # (the variant's folder goes even when a run is stopped)
        if folder is not None:
            shutil.rmtree(folder)

    spider4 = _range(args.spider4)
    if spider4:
        answers = _run(
            args.jobs,
            [("spider", {"suits": "4"}, s, False, args.spider4_seconds, ()) for s in spider4],
            "Spider 4 perfect",
        )
        won = _count(answers, "won")
        rows.append(
            f"Spider 4 suits perfect information {spider4.start}-{spider4.stop - 1} "
            f"({args.spider4_seconds:g} s): proved winnable {won}/{len(answers)} = "
            f"{100 * won / len(answers):.0f}%, proved lost {_count(answers, 'lost')}, "
            f"median {_median(answers):.2f} s" + ("; goal >= 10 won" if args.decided else "")
        )
        if args.decided:
            rows.append(_anchor(binary, "spider", answers, args.spider4_seconds, args.jobs))

    others = _range(args.others)
    if others:
        chosen = [g.strip() for g in args.games.split(",") if g.strip()]
        games = chosen or [g for g in Catalog().ids() if g not in ("freecell", "spider")]
        rows.append(
            f"{'game':<20} {'deals':>7} {'won':>4} {'lost':>4} {'unknown':>7} "
            f"{'errors':>6} {'median s':>8} {'longest s':>9}"
        )
        everything: list[dict[str, Any]] = []
        for game_id in games:
            answers = _run(
                args.jobs,
                [(game_id, {}, s, False, args.other_seconds, ()) for s in others],
                game_id,
            )
            everything += answers
            errors = [a for a in answers if a["result"] == "error"]
            rows.append(
                f"{game_id:<20} {f'{others.start}-{others.stop - 1}':>7} "
                f"{_count(answers, 'won'):>4} {_count(answers, 'lost'):>4} "
                f"{_count(answers, 'unknown'):>7} {len(errors):>6} "
                f"{_median(answers):>8.2f} {_longest(answers):>9.2f}"
                + (f"  first error: {errors[0]['error']}" if errors else "")
                + (
                    f"  (goal: {DECIDED_GOALS[game_id]} of 50 decided)"
                    if args.decided and game_id in DECIDED_GOALS
                    else ""
                )
            )
            if args.decided and game_id in solvitaire.PRESETS:
                rows.append(_anchor(binary, game_id, answers, args.other_seconds, args.jobs))
        # a deal running well past its budget is a search that does not stop when told
        over = [a for a in everything if float(a["seconds"]) > RUNAWAY * args.other_seconds]
        rows.append(
            f"every other game: {_count(everything, 'won')} won, "
            f"{_count(everything, 'lost')} lost, {_count(everything, 'unknown')} unknown,"
            f" {_count(everything, 'error')} errors of {len(everything)}; longest deal "
            f"{_longest(everything):.2f} s of {args.other_seconds:g}; "
            f"{len(over)} over {RUNAWAY:g}x the budget (goal: no error, none over)"
        )
    print()
    for row in rows:
        print(row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
