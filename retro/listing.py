"""What `list` and `stats` print: every game found under a heading for its family, ids and
titles in columns as wide as the longest (or the same rows as JSON for scripts), and the
statistics as a table. Text from files is shown through `printable`, escaped and cut."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from retro.definition.catalog import Catalog
from retro.definition.families import BY_ID, rank
from retro.errors import RetroError
from retro.terminal import printable

if TYPE_CHECKING:
    from retro.store.records import Stats


def rows(catalog: Catalog, lines: bool = False) -> list[dict[str, Any]]:
    """One row a game, in the families' order and by id within each; a broken file's row says
    its first error line (and lists it under other games)."""
    found: list[dict[str, Any]] = []
    for game_id in catalog.ids():
        try:
            info = catalog.info(game_id)
        except RetroError as error:  # one broken file: said in its line, the rest list
            first = str(error).splitlines()[0] if str(error) else type(error).__name__
            found.append({"id": game_id, "family": "other", "title": "(broken)", "error": first})
            continue
        row: dict[str, Any] = {"id": game_id, "family": info.family, "title": info.title}
        row["description"] = info.description
        if lines:
            row["lines"] = len(info.path.read_text(encoding="utf-8").splitlines())
        found.append(row)
    return sorted(found, key=lambda row: (rank(row["family"]), row["id"]))


def print_list(catalog: Catalog, lines: bool = False, as_json: bool = False) -> None:
    listed = rows(catalog, lines)
    if as_json:
        print(json.dumps(listed, indent=1))
        return
    id_width = max((len(printable(row["id"], 64)) for row in listed), default=0)
    title_width = max((len(printable(row["title"], 80)) for row in listed), default=0)
    family = None
    for row in listed:
        if row["family"] != family:
            family = row["family"]
            print(("\n" if row is not listed[0] else "") + BY_ID[family].name)
        about = row.get("error") or row["description"]
        extra = f"  ({row['lines']} lines)" if "lines" in row else ""
        print(
            f"  {printable(row['id'], 64):<{id_width}}  "
            f"{printable(row['title'], 80):<{title_width}}  {printable(about, 500)}{extra}"
        )


def stats_lines(found: Mapping[str, Stats]) -> list[str]:
    """The `stats` command's table: a line a records key, columns as wide as their longest
    entry (a column of draws only once a network duel was drawn)."""
    lines: list[str] = []
    drawn = any(stats.drawn for stats in found.values())  # network duels may end in a draw
    header: tuple[str, ...] = (
        "game and options",
        "played",
        "won",
        "lost",
        *(("drawn",) if drawn else ()),
        "win %",
        "streak",
        "longest",
        "best score",
        "fewest moves",
    )
    rows = [header]
    for key, stats in found.items():
        rows.append(
            (
                printable(key, 120),  # a records key is text from a file
                str(stats.played),
                str(stats.won),
                str(stats.lost),
                *((str(stats.drawn),) if drawn else ()),
                f"{100 * stats.win_rate:.1f}%",
                _streak(stats.streak),
                f"{stats.longest_win_streak}W/{stats.longest_loss_streak}L",
                "-" if stats.best_score is None else str(stats.best_score),
                "-" if stats.fewest_moves is None else str(stats.fewest_moves),
            )
        )
    widths = [max(len(row[column]) for row in rows) for column in range(len(header))]
    for row in rows:
        cells = [row[0].ljust(widths[0])]
        cells += [cell.rjust(width) for cell, width in zip(row[1:], widths[1:], strict=True)]
        lines.append("  ".join(cells).rstrip())
    return lines


def _streak(streak: int) -> str:
    """The current run as the 'longest' column writes runs: wins '3W', losses '2L'."""
    if streak > 0:
        return f"{streak}W"
    if streak < 0:
        return f"{-streak}L"
    return "-"
