"""`retro-patience solve`: one deal, or a range of deals on every core, with a progress bar and
a summary table. Each deal's answer is one plain dict (the `--json` object)."""

from __future__ import annotations

import json
import multiprocessing
import statistics
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from retro.definition.catalog import Catalog
from retro.engine.game import Game
from retro.engine.model import GameDef
from retro.engine.notation import format_move
from retro.solver import honest
from retro.solver.search import Budget, solve

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


def solve_range(
    dirs: Sequence[Path],
    game_id: str,
    options: Mapping[str, str],
    seeds: Sequence[int],
    play_honestly: bool,
    seconds: float,
    jobs: int,
    out: IO[str],
    as_json: bool,
    progress: IO[str] = sys.stderr,
) -> list[dict[str, Any]]:
    """Every deal of `seeds` on `jobs` processes; a progress bar on `progress`, then each deal's
    line and a summary table (with `as_json`: one object a deal, then the summary object)."""
    _catalog(dirs).load(game_id, dict(options))  # a wrong name or option fails here, once
    work = [(tuple(dirs), game_id, dict(options), seed, play_honestly, seconds) for seed in seeds]
    answers: list[dict[str, Any]] = []
    try:
        if jobs > 1 and len(work) > 1:
            with multiprocessing.get_context("spawn").Pool(jobs) as pool:
                for answer in pool.imap_unordered(_one, work):
                    answers.append(answer)
                    _bar(progress, len(answers), len(work))
        else:
            for job in work:
                answers.append(_one(job))
                _bar(progress, len(answers), len(work))
    finally:  # the bar's line ends even when Ctrl+C or an error stops the deals
        progress.write("\n")
        progress.flush()
    answers.sort(key=lambda answer: int(answer["seed"]))
    summary = summarise(answers)
    if as_json:
        for answer in answers:
            out.write(json.dumps(answer) + "\n")
        out.write(json.dumps({"summary": summary}) + "\n")
        return answers
    for answer in answers:
        out.write(
            f"deal {answer['seed']:>6}: {answer['result']:<7} {len(answer['moves']):>4} "
            f"moves {answer['nodes']:>9,} nodes {answer['seconds']:>7.2f} s\n"
        )
    out.write(
        f"\n{'game':<16} {'deals':>6} {'won':>5} {'lost':>5} {'unknown':>7} {'median s':>9}\n"
    )
    out.write(
        f"{game_id:<16} {summary['deals']:>6} {summary['won']:>5} {summary['lost']:>5} "
        f"{summary['unknown']:>7} {summary['median_seconds']:>9.2f}\n"
    )
    return answers


def summarise(answers: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Counts of each result and the median time of a deal."""
    results = [answer["result"] for answer in answers]
    times = [float(answer["seconds"]) for answer in answers]
    return {
        "deals": len(answers),
        "won": results.count("won"),
        "lost": results.count("lost"),
        "unknown": results.count("unknown"),
        "median_seconds": round(statistics.median(times), 3) if times else 0.0,
    }


def _bar(out: IO[str], done: int, total: int, width: int = 30) -> None:
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
