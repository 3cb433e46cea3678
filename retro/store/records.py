"""Statistics and a high score table (the ten best) per game and option set, kept in the
player's data folder. Each finished game is recorded once, with its moves for replays; a game
given up counts in the statistics only, never in the ten best."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from retro.reading import GAME_ID
from retro.store.files import (
    MAX_DOCUMENT_BYTES,
    DamagedFile,
    Fields,
    atomic_write,
    data_dir,
    document_text,
    locked,
    read_kept,
)
from retro.store.saves import MAX_MOVE_TEXT, MAX_MOVES
from retro.store.saves import option_key as option_key  # where the records' keys come from

if TYPE_CHECKING:
    from retro.engine.game import Game
    from retro.engine.position import Move, Position

RECORDS_KIND = "retro-patience-records"
RECORDS_VERSION = 1
TABLE_SIZE = 10
MAX_KEYS = 10_000  # option sets with statistics, games with tables
MAX_COUNT = 10**12
MAX_REPLAY = MAX_MOVES  # a high score's moves, as long as a saved game may be


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

    @property
    def drawn(self) -> int:
        """Games neither won nor lost: drawn network duels."""
        return self.played - self.won - self.lost

    def add(self, won: bool, score: int, moves: int, drawn: bool = False) -> None:
        self.played += 1
        if drawn:
            self.streak = 0
        elif won:
            self.won += 1
            self.streak = self.streak + 1 if self.streak > 0 else 1
            self.longest_win_streak = max(self.longest_win_streak, self.streak)
            self.fewest_moves = (
                moves if self.fewest_moves is None else min(self.fewest_moves, moves)
            )
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


class Records:
    """All statistics and high score tables, loaded once; each finished game is added to what
    is on disk at that moment (under a lock), so two copies of the program both count."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or data_dir() / "records.json"
        self.stats: dict[str, Stats] = {}
        self.tables: dict[str, list[HighScore]] = {}
        self.note: str | None = None
        found, note = read_kept(self.path, RECORDS_KIND, RECORDS_VERSION, self._checked)
        if found is not None:
            self.stats, self.tables = found
        if note:
            self.note = note + ("" if found is not None else "; records start afresh")

    def _checked(self, data: dict[str, Any]) -> tuple[dict[str, Stats], dict[str, list[HighScore]]]:
        name = self.path.name
        fields = Fields(data, name)
        stats = fields.mapping("stats")
        tables = fields.mapping("high_scores")
        if len(stats) > MAX_KEYS or len(tables) > MAX_KEYS:
            raise DamagedFile(f"{name}: damaged (too many entries)")
        read_stats = {str(key): _stats(value, name) for key, value in stats.items()}
        read_tables: dict[str, list[HighScore]] = {}
        for game, entries in tables.items():
            # keyed by game and option set (older files: by game alone, sorted apart below)
            if (
                not GAME_ID.fullmatch(str(game).split(" ")[0])
                or not isinstance(entries, list)
                or len(entries) > TABLE_SIZE
            ):
                raise DamagedFile(f"{name}: damaged (the high score table '{game[:40]}')")
            read_tables[game] = sorted((_high_score(entry, name) for entry in entries), key=_rank)
        return read_stats, by_option_set(read_tables)

    def save(self) -> None:
        atomic_write(self.path, self._text())

    def _text(self, limit: int = MAX_DOCUMENT_BYTES) -> str:
        """The records as written, never larger than the reader takes: while they would be,
        the replays of the oldest high scores are dropped (their scores, and every statistic,
        stay)."""
        while True:
            text = document_text(
                RECORDS_KIND,
                RECORDS_VERSION,
                {
                    "stats": {key: asdict(value) for key, value in self.stats.items()},
                    "high_scores": {
                        game: [asdict(e) for e in entries] for game, entries in self.tables.items()
                    },
                },
            )
            excess = len(text.encode("utf-8")) - limit
            replayed = [entry for table in self.tables.values() for entry in table if entry.replay]
            if excess <= 0 or not replayed:
                return text
            for entry in sorted(replayed, key=lambda entry: entry.date):
                excess -= sum(len(move.encode("utf-8")) + 2 for move in entry.replay)
                entry.replay = []
                if excess <= 0:
                    break

    def _reload(self) -> None:
        """Take what another copy of the program may have written since; a file that cannot
        be read now keeps what this copy holds."""
        try:
            found, _ = read_kept(self.path, RECORDS_KIND, RECORDS_VERSION, self._checked)
        except OSError:
            return
        if found is not None:
            self.stats, self.tables = found

    def record(
        self,
        game: Game,
        name: str,
        today: str | None = None,
        *,
        won: bool | None = None,
        abandoned: bool = False,
        computer: str = "",
        opponent: str = "",
        drawn: bool = False,
        player: str = "",
    ) -> int | None:
        """Count a finished game; its place in the high score table of its option set
        (1-based), or None when it did not make the table. `won` overrides the game's own
        outcome (a duel's winner); an `abandoned` game counts in the statistics only. A duel
        against the `computer` (its strength) counts in statistics of their own
        (`computer_key`); its score may enter the table like any other. So does a duel over
        the network against the `opponent` (their name: `opponent_key`), which may be `drawn`.
        A hot-seat duel counts each `player`'s game in their own statistics (`player_key`)."""
        from retro.engine.game import WON  # loaded with the game being counted
        from retro.engine.notation import format_move

        duel = won is not None  # a duel's result: both players listed, ranked by score
        won = game.outcome() == WON if won is None else won
        score = game.score()
        key = option_key(game.gdef.id, dict(game.gdef.options))
        counted = (
            computer_key(key, computer)
            if computer
            else opponent_key(key, opponent)
            if opponent
            else player_key(key, player)
            if player
            else key
        )
        entry = HighScore(
            name=name,
            score=score,
            moves=game.moves_made,
            date=today or time.strftime("%Y-%m-%d"),
            seed=game.seed,
            options=dict(game.gdef.options),
            won=won,
            replay=_replay(game, format_move),
        )
        with locked(self.path):
            self._reload()
            self.stats.setdefault(counted, Stats()).add(won, score, game.moves_made, drawn)
            if abandoned or not (duel or enters_table(game, won)):
                self.save()
                return None
            table = self.tables.setdefault(key, [])
            table.append(entry)
            table.sort(key=_rank)
            del table[TABLE_SIZE:]
            self.save()
        return table.index(entry) + 1 if entry in table else None

    def table(self, game_id: str, options: dict[str, Any]) -> list[HighScore]:
        """The ten best of a game with these options, best first."""
        return list(self.tables.get(option_key(game_id, options), []))

    def place_for(
        self, game_id: str, options: dict[str, Any], score: int, moves: int
    ) -> int | None:
        """The place (1-based) a result would take in the table of the game and options, None
        if it would not make it; equal results keep the older entry ahead."""
        mine = (-score, moves)
        place = 1 + sum(1 for entry in self.table(game_id, options) if _rank(entry) <= mine)
        return place if place <= TABLE_SIZE else None

    def stats_for(self, game_id: str | None = None) -> dict[str, Stats]:
        return {
            key: value
            for key, value in sorted(self.stats.items())
            if game_id is None or key.split(" ")[0] == game_id
        }


def enters_table(game: Game, won: bool) -> bool:
    """Whether a finished game may enter the high score table: a win, or a loss of a game
    that ranks losses by its score, when it scored something (a Golf game lost with no card
    cleared is no high score; a game without a score ranks its wins alone, by moves)."""
    score = game.gdef.score
    has_score = score.from_position is not None or bool(score.points) or score.running
    return won or (has_score and game.score() > 0)


def computer_key(key: str, strength: str) -> str:
    """The statistics of duels against the computer at `strength`, apart from those of the
    hot seat: `spider_duel computer=easy` (written as an option, so older files and programs
    read it as one more option set)."""
    return f"{key} computer={strength}"


def player_key(key: str, name: str) -> str:
    """The statistics of one player's hot-seat duels, `spider_duel player=Anna`: a duel of two
    players at one machine is one game for each of them, not two games of one line."""
    return f"{key} player={name}"


def opponent_key(key: str, name: str) -> str:
    """The statistics of network duels against the player called `name`: won, lost and drawn
    against each opponent, as `spider_duel against=Anna`."""
    return f"{key} against={name}"


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


def _replay(game: Game, format_move: Callable[[Position, Move], str]) -> list[str]:
    """A finished game's moves for watching it again; none when they are more (or longer)
    than the reader takes back, so one endless game never costs the records."""
    if len(game.history) > MAX_REPLAY:
        return []
    moves = [format_move(game.position, step.move) for step in game.history]
    return moves if all(len(move) <= MAX_MOVE_TEXT for move in moves) else []


def _stats(data: Any, where: str) -> Stats:
    fields = Fields(data, where)
    count = {
        key: fields.integer(key, 0, MAX_COUNT, default=0)
        for key in ("played", "won", "lost", "longest_win_streak", "longest_loss_streak")
    }
    stats = Stats(
        **count,
        streak=fields.integer("streak", -MAX_COUNT, MAX_COUNT, default=0),
        best_score=fields.optional_integer("best_score", -MAX_COUNT, MAX_COUNT),
        fewest_moves=fields.optional_integer("fewest_moves", 0, MAX_COUNT),
    )
    if stats.won + stats.lost > stats.played:
        raise DamagedFile(f"{where}: damaged (more games won and lost than played)")
    return stats


def _high_score(data: Any, where: str) -> HighScore:
    fields = Fields(data, where)
    return HighScore(
        name=fields.text("name", 100),
        score=fields.integer("score", -MAX_COUNT, MAX_COUNT),
        moves=fields.integer("moves", 0, MAX_COUNT),
        date=fields.text("date", 32),
        seed=fields.integer("seed"),
        options=fields.options(),
        won=fields.flag("won"),
        replay=fields.texts("replay", MAX_REPLAY, MAX_MOVE_TEXT),
    )
