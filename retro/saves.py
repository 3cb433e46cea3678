"""The game in progress, saved after every move and resumed exactly, undo history included.

The file is small and readable: game id, options, deal number, the moves made and the moves that
can be redone, all in the notation (docs/notation.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from retro.definition.catalog import Catalog
from retro.engine.game import Game
from retro.engine.notation import format_move, parse_move
from retro.errors import RetroError
from retro.storage import DamagedFile, data_dir, read_document, set_aside, write_document

SAVE_KIND = "retro-patience-save"
SAVE_VERSION = 1


@dataclass
class SavedGame:
    game: str
    options: dict[str, Any]
    seed: int
    moves: list[str]
    redo: list[str] = field(default_factory=list)
    cheat: int = 0
    recorded: bool = False  # already counted in the records (it ended, then was undone)

    @classmethod
    def of(cls, game: Game, recorded: bool = False) -> SavedGame:
        moves, future = _move_texts(game)
        return cls(game.gdef.id, dict(game.gdef.options), game.seed, moves, future, game.cheat,
                   recorded)

    def restore(self, catalog: Catalog) -> Game:
        """The game exactly as it was: every move replayed, the redo moves ready again."""
        gdef = catalog.load(self.game, self.options)
        game = Game(gdef, self.seed)
        try:
            for text in [*self.moves, *reversed(self.redo)]:
                game.push(parse_move(game.position, text))
            for _ in self.redo:
                game.pop()
        except RetroError as error:
            raise DamagedFile(f"the saved {self.game} game no longer replays: {error}") from None
        game.cheat = self.cheat
        return game


def _move_texts(game: Game) -> tuple[list[str], list[str]]:
    """The moves made and the moves that can be redone, in the notation (which names piles
    only, so any position of the game writes them alike)."""
    position = game.position
    made = [format_move(position, entry.move) for entry in game.history]
    return made, [format_move(position, move) for move in game.future]


def current_path() -> Path:
    return data_dir() / "current-game.json"


def save_current(game: Game, path: Path | None = None, recorded: bool = False) -> None:
    """Save the game in progress; `recorded`: it has been counted in the records already, so
    finishing it again after resuming must not count it twice."""
    saved = SavedGame.of(game, recorded)
    write_document(path or current_path(), SAVE_KIND, SAVE_VERSION, {
        "game": saved.game, "options": saved.options, "seed": saved.seed,
        "moves": saved.moves, "redo": saved.redo, "cheat": saved.cheat,
        "recorded": saved.recorded})


def clear_current(path: Path | None = None) -> None:
    (path or current_path()).unlink(missing_ok=True)


def load_saved(path: Path) -> SavedGame | None:
    """The saved game in `path`, None if there is none; DamagedFile if it cannot be used."""
    data = read_document(path, SAVE_KIND, SAVE_VERSION)
    if data is None:
        return None
    try:
        saved = SavedGame(game=str(data["game"]), options=dict(data.get("options") or {}),
                          seed=int(data["seed"]), moves=[str(m) for m in data["moves"]],
                          redo=[str(m) for m in data.get("redo", [])],
                          cheat=int(data.get("cheat", 0)),
                          recorded=bool(data.get("recorded", False)))
    except (KeyError, TypeError, ValueError):
        raise DamagedFile(f"{path.name}: damaged (a field is missing or wrong)") from None
    return saved


def resume_current(catalog: Catalog,
                   path: Path | None = None) -> tuple[Game | None, str | None, bool]:
    """The game to offer for resuming, a one-line note when a file had to be set aside, and
    whether the game was counted in the records already."""
    path = path or current_path()
    try:
        saved = load_saved(path)
        if saved is None:
            return None, None, False
        return saved.restore(catalog), None, saved.recorded
    except RetroError as error:
        aside = set_aside(path) if path.exists() else None
        where = f"; it was kept as {aside.name}" if aside else ""
        return None, f"{error}{where}", False
