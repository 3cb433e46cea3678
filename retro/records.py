"""Statistics and a high score table (the ten best) per game and option set, kept in the
player's data folder. Each finished game is recorded once, with its moves for replays; a game
given up counts in the statistics only, never in the ten best."""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from retro.engine.game import WON, Game
from retro.engine.notation import format_move
from retro.storage import DamagedFile, data_dir, read_document, set_aside, write_document

RECORDS_KIND = "retro-patience-records"
RECORDS_VERSION = 1
TABLE_SIZE = 10


@dataclass
class Stats:
    played: int = 0
    won: int = 0
    lost: int = 0
    streak: int = 0  # positive: wins in a row now; negative: losses in a row now
    longest_win_streak: int = 0
    longest_loss_streak: int = 0
    best_score: int | None = None
    fewest_moves: int | None = None  # in a won game

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    def add(self, won: bool, score: int, moves: int) -> None:
        self.played += 1
        if won:
            self.won += 1
            self.streak = self.streak + 1 if self.streak > 0 else 1
            self.longest_win_streak = max(self.longest_win_streak, self.streak)
            self.fewest_moves = moves if self.fewest_moves is None else min(
                self.fewest_moves, moves)
        else:
            self.lost += 1
            self.streak = self.streak - 1 if self.streak < 0 else -1
            self.longest_loss_streak = max(self.longest_loss_streak, -self.streak)
        self.best_score = score if self.best_score is None else max(self.best_score, score)


@dataclass
class HighScore:
    name: str
    score: int
    moves: int
    date: str
    seed: int
    options: dict[str, Any]
    won: bool
    replay: list[str] = field(default_factory=list)


def _rank(entry: HighScore) -> tuple[int, int]:
    """Higher scores first, then fewer moves."""
    return (-entry.score, entry.moves)


def option_key(game_id: str, options: dict[str, Any]) -> str:
    """`spider` for the default options the menu shows, else `spider relaxed=1 suits=2`."""
    parts = [f"{name}={value}" for name, value in sorted(options.items())]
    return " ".join([game_id, *parts])


class Records:
    """All statistics and high score tables, loaded once and saved after each change."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or data_dir() / "records.json"
        self.stats: dict[str, Stats] = {}
        self.tables: dict[str, list[HighScore]] = {}
        self.note: str | None = None
        try:
            data = read_document(self.path, RECORDS_KIND, RECORDS_VERSION)
            if data is not None:
                self._read(data)
        except DamagedFile as error:
            aside = set_aside(self.path)
            self.note = f"{error}; it was kept as {aside.name} and records start afresh"
            self.stats, self.tables = {}, {}

    def _read(self, data: dict[str, Any]) -> None:
        try:
            self.stats = {key: Stats(**value) for key, value in data.get("stats", {}).items()}
            self.tables = by_option_set({game: [HighScore(**entry) for entry in entries]
                                         for game, entries in data.get("high_scores", {}).items()})
        except (TypeError, AttributeError):
            raise DamagedFile(f"{self.path.name}: damaged (an entry is wrong)") from None

    def save(self) -> None:
        write_document(self.path, RECORDS_KIND, RECORDS_VERSION, {
            "stats": {key: asdict(value) for key, value in self.stats.items()},
            "high_scores": {game: [asdict(e) for e in entries]
                            for game, entries in self.tables.items()}})

    def record(self, game: Game, name: str, today: str | None = None, *,
               won: bool | None = None, abandoned: bool = False) -> int | None:
        """Count a finished game; its place in the high score table of its option set
        (1-based), or None when it did not make the table. `won` overrides the game's own
        outcome (a duel's winner); an `abandoned` game counts in the statistics only."""
        won = game.outcome() == WON if won is None else won
        score = game.score()
        key = option_key(game.gdef.id, dict(game.gdef.options))
        self.stats.setdefault(key, Stats()).add(won, score, game.moves_made)
        if abandoned:
            self.save()
            return None
        entry = HighScore(name=name, score=score, moves=game.moves_made,
                          date=today or time.strftime("%Y-%m-%d"), seed=game.seed,
                          options=dict(game.gdef.options), won=won,
                          replay=[format_move(game.position, m) for m, *_ in game.history])
        table = self.tables.setdefault(key, [])
        table.append(entry)
        table.sort(key=_rank)
        del table[TABLE_SIZE:]
        self.save()
        return table.index(entry) + 1 if entry in table else None

    def table(self, game_id: str, options: dict[str, Any]) -> list[HighScore]:
        """The ten best of a game with these options, best first."""
        return list(self.tables.get(option_key(game_id, options), []))

    def place_for(self, game_id: str, options: dict[str, Any], score: int,
                  moves: int) -> int | None:
        """The place (1-based) a result would take in the table of the game and options, None
        if it would not make it; equal results keep the older entry ahead."""
        mine = (-score, moves)
        place = 1 + sum(1 for entry in self.table(game_id, options) if _rank(entry) <= mine)
        return place if place <= TABLE_SIZE else None

    def stats_for(self, game_id: str | None = None) -> dict[str, Stats]:
        return {key: value for key, value in sorted(self.stats.items())
                if game_id is None or key.split(" ")[0] == game_id}


def by_option_set(tables: dict[str, list[HighScore]]) -> dict[str, list[HighScore]]:
    """The tables keyed by game and option set. Files written before kept one table per game
    (1-suit and 4-suit Spider mixed); each entry knows its options, so they are sorted apart."""
    regrouped: dict[str, list[HighScore]] = {}
    for key, entries in tables.items():
        game_id = key.split(" ")[0]
        for entry in entries:
            regrouped.setdefault(option_key(game_id, entry.options), []).append(entry)
    for entries in regrouped.values():
        entries.sort(key=_rank)
        del entries[TABLE_SIZE:]
    return regrouped
