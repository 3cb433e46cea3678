"""`retro-patience solve`: one deal, or a range of deals on every core, with a progress bar and
a summary table. Each deal's answer is one plain dict (the `--json` object)."""

from __future__ import annotations

import json
import multiprocessing
import re
import signal
import statistics
import sys
from array import array
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from retro.definition.catalog import Catalog
from retro.engine.game import Game
from retro.engine.gamedef import GameDef
from retro.engine.notation import format_move
from retro.errors import RetroError
from retro.solver import honest
from retro.solver.search import Budget, solve
from retro.terminal import printable

_CATALOGS: dict[tuple[Path, ...], Catalog] = {}
_DEFINITIONS: dict[tuple[tuple[Path, ...], str, tuple[tuple[str, str], ...]], GameDef] = {}


def _catalog(dirs: Sequence[Path]) -> Catalog:
    found = _CATALOGS.get(tuple(dirs))
    if found is None:
        found = _CATALOGS[tuple(dirs)] = Catalog(list(dirs))
    return found


def _definition(dirs: Sequence[Path], game_id: str, options: Mapping[str, str]) -> GameDef:
    """The game loaded once a process, so what the solver learns of its rules is kept."""
    name = (tuple(dirs), game_id, tuple(sorted(options.items())))
    found = _DEFINITIONS.get(name)
    if found is None:
        found = _DEFINITIONS[name] = _catalog(dirs).load(game_id, dict(options))
    return found


def solve_deal(
    dirs: Sequence[Path],
    game_id: str,
    options: Mapping[str, str],
    seed: int,
    play_honestly: bool = False,
    seconds: float = 10.0,
) -> dict[str, Any]:
    """Solve (or, honestly, play) one deal; the answer as the `--json` object."""
    gdef = _definition(dirs, game_id, options)
    game = Game(gdef, seed)
    if play_honestly:
        played = honest.play(game, seconds=seconds, seed=seed)
        result, moves, nodes, spent = played.result, played.moves, played.nodes, played.seconds
    else:
        found = solve(game, Budget(seconds=seconds))
        result, moves, nodes, spent = found.result, found.moves, found.nodes, found.seconds
    position = game.position
    return {
        "game": game_id,
        "seed": seed,
        "options": dict(gdef.options),
        "result": result,
        "moves": [format_move(position, move) for move in moves],
        "nodes": nodes,
        "seconds": round(spent, 3),
    }


def _one(job: tuple[tuple[Path, ...], str, dict[str, str], int, bool, float]) -> dict[str, Any]:
    return solve_deal(*job)


def _quiet_worker() -> None:
    """A worker leaves Ctrl-C to the program that started it, which stops them all at once
    (else every worker would print its own traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def solve_range(
    dirs: Sequence[Path],
    game_id: str,
    options: Mapping[str, str],
    seeds: range,
    play_honestly: bool,
    seconds: float,
    jobs: int,
    out: IO[str],
    as_json: bool,
    progress: IO[str] | None = None,
) -> bool:
    """Every deal of `seeds` on `jobs` processes: each deal's line as it is done, in order (with
    `as_json` one object a deal), then a summary (the summary object); a progress bar on
    `progress` (standard error unless told). The deals are handed out as the workers take them
    and only their times are kept, so a range of millions costs little memory. Ctrl-C stops
    the work and the summary of the deals done is printed all the same; returns whether every
    deal was done."""
    _catalog(dirs).load(game_id, dict(options))  # a wrong name or option fails here, once
    progress = sys.stderr if progress is None else progress
    work = ((tuple(dirs), game_id, dict(options), seed, play_honestly, seconds) for seed in seeds)
    total = seeds.stop - seeds.start  # len() of a range past 2**63 would overflow
    tally = _Tally()

    def done(answer: dict[str, Any]) -> None:
        _bar(progress, None)
        if as_json:
            out.write(json.dumps(answer) + "\n")
        else:
            out.write(
                f"deal {answer['seed']:>6}: {answer['result']:<7} {len(answer['moves']):>4} "
                f"moves {answer['nodes']:>9,} nodes {answer['seconds']:>7.2f} s\n"
            )
        out.flush()
        tally.add(answer)
        _bar(progress, (tally.deals, total))

    finished = False
    try:
        if jobs > 1 and total > 1:
            context = multiprocessing.get_context("spawn")
            with context.Pool(jobs, initializer=_quiet_worker) as pool:
                for answer in pool.imap(_one, work):
                    done(answer)
        else:
            for job in work:
                done(_one(job))
        finished = True
    except KeyboardInterrupt:
        pass  # the workers are stopped as the pool is left; the deals done are summed up
    finally:  # the bar's line is cleared whatever stops the deals
        _bar(progress, None)
    summary = tally.summary()
    if as_json:
        out.write(json.dumps({"summary": summary}) + "\n")
        return finished
    out.write(
        f"\n{'game':<16} {'deals':>6} {'won':>5} {'lost':>5} {'unknown':>7} {'median s':>9}\n"
    )
    out.write(
        f"{game_id:<16} {summary['deals']:>6} {summary['won']:>5} {summary['lost']:>5} "
        f"{summary['unknown']:>7} {summary['median_seconds']:>9.2f}\n"
    )
    return finished


class _Tally:
    """What the summary needs of the deals done: counts of each result and every deal's time."""

    def __init__(self) -> None:
        self.results: Counter[str] = Counter()
        self.times = array("d")

    @property
    def deals(self) -> int:
        return len(self.times)

    def add(self, answer: Mapping[str, Any]) -> None:
        self.results[str(answer["result"])] += 1
        self.times.append(float(answer["seconds"]))

    def summary(self) -> dict[str, Any]:
        return {
            "deals": self.deals,
            "won": self.results["won"],
            "lost": self.results["lost"],
            "unknown": self.results["unknown"],
            "median_seconds": round(statistics.median(self.times), 3) if self.times else 0.0,
        }


def summarise(answers: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Counts of each result and the median time of a deal."""
    tally = _Tally()
    for answer in answers:
        tally.add(answer)
    return tally.summary()


def _bar(out: IO[str], count: tuple[int, int] | None, width: int = 30) -> None:
    """The progress bar, drawn again in its line (None: its line cleared, for a deal's line
    to take it, or at the end)."""
    if count is None:
        out.write("\r" + " " * (width + 26) + "\r")
    else:
        done, total = count
        filled = width * done // max(total, 1)
        out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    out.flush()


def print_one(answer: Mapping[str, Any], out: IO[str], as_json: bool) -> None:
    """One deal's answer: the JSON object alone, or a line of words and the moves, one a line
    (as the console takes them)."""
    if as_json:
        out.write(json.dumps(answer) + "\n")
        return
    moves = answer["moves"]
    out.write(
        f"{answer['game']} deal {answer['seed']}: {answer['result']}"
        + (f" in {len(moves)} moves" if moves else "")
        + f" ({answer['nodes']:,} nodes, {answer['seconds']:.2f} s)\n"
    )
    for move in moves:
        out.write(move + "\n")


MAX_SEED_DIGITS = 20  # a deal number is a 64-bit number at most


def seed_range(text: str) -> range:
    """`A-B`, every deal from A to B, both in the one range of deal numbers; the range is never
    built as a list, so it may be long."""
    from retro.engine.cards import DEAL_NUMBERS

    found = re.fullmatch(r"\s*([0-9]+)\s*-\s*([0-9]+)\s*", text, re.ASCII)
    if found and max(len(found[1]), len(found[2])) <= MAX_SEED_DIGITS:
        first, last = int(found[1]), int(found[2])
        if first <= last and last in DEAL_NUMBERS:
            return range(first, last + 1)
    raise RetroError(
        f"--seeds wants A-B, deal numbers from 0 to {DEAL_NUMBERS[-1]} with A <= B, "
        f"not '{printable(text, 60)}'"
    )
