"""The game in progress, saved after every move and resumed exactly, undo history included.

The file is small and readable: game id, options, deal number, the moves made and the moves that
can be redone, all in the notation (docs/notation.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from retro.errors import RetroError
from retro.reading import GAME_ID
from retro.store.files import (
    DamagedFile,
    Fields,
    backup_path,
    data_dir,
    read_document,
    read_kept,
    write_document,
)

if TYPE_CHECKING:
    from retro.definition.catalog import Catalog
    from retro.engine.game import Game

SAVE_KIND = "retro-patience-save"
SAVE_VERSION = 1
# A saved game longer than this is damaged, not played: each move replayed keeps an undo entry
# (about 1 KB), so this bounds a resume to some 200 MB and a few seconds. No game played by
# hand comes near it.
MAX_MOVES = 200_000
MAX_MOVE_TEXT = 120


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
        return cls(
            game.gdef.id, dict(game.gdef.options), game.seed, moves, future, game.cheat, recorded
        )

    def restore(self, catalog: Catalog) -> Game:
        """The game exactly as it was: every move replayed, the redo moves ready again (as
        far as they still replay: a damaged redo list costs only what cannot be redone)."""
        from retro.engine.game import Game  # the engine comes with the first game, not before
        from retro.engine.notation import replay

        try:
            gdef = catalog.load(self.game, self.options)
        except RetroError as error:
            first = str(error).splitlines()[0] if str(error) else type(error).__name__
            raise DamagedFile(f"the saved game cannot be loaded: {first}") from None
        game = Game(gdef, self.seed)
        refused = replay(game, self.moves, self.redo)
        if refused is not None:
            raise DamagedFile(
                f"the saved {self.game} game no longer replays: move "
                f"{refused.number} ({refused.move[:40]}): "
                f"{refused.why.splitlines()[0][:200]}"
            )
        game.cheat = self.cheat
        return game


def _move_texts(game: Game) -> tuple[list[str], list[str]]:
    """The moves made and the moves that can be redone, in the notation (which names piles
    only, so any position of the game writes them alike)."""
    from retro.engine.notation import format_move

    position = game.position
    made = [format_move(position, entry.move) for entry in game.history]
    return made, [format_move(position, move) for move in game.future]


def current_path() -> Path:
    return data_dir() / "current-game.json"


def save_current(game: Game, path: Path | None = None, recorded: bool = False) -> None:
    """Save the game in progress; `recorded`: it has been counted in the records already, so
    finishing it again after resuming must not count it twice."""
    saved = SavedGame.of(game, recorded)
    write_document(
        path or current_path(),
        SAVE_KIND,
        SAVE_VERSION,
        {
            "game": saved.game,
            "options": saved.options,
            "seed": saved.seed,
            "moves": saved.moves,
            "redo": saved.redo,
            "cheat": saved.cheat,
            "recorded": saved.recorded,
        },
    )


def clear_current(path: Path | None = None) -> None:
    """The game is over: its save goes, and so does the copy kept of it, so a damaged save
    later can never bring back a finished game."""
    path = path or current_path()
    path.unlink(missing_ok=True)
    backup_path(path).unlink(missing_ok=True)


def saved_game(data: dict[str, object], where: str) -> SavedGame:
    """A save's fields, each checked by type and range; DamagedFile naming the first wrong
    one."""
    fields = Fields(data, where)
    for key in ("game", "seed", "moves"):
        if key not in fields.data:
            raise DamagedFile(f"{where}: damaged (a field is missing: '{key}')")
    moves = fields.texts("moves", MAX_MOVES, MAX_MOVE_TEXT)
    redo = fields.texts("redo", MAX_MOVES - len(moves), MAX_MOVE_TEXT)
    return SavedGame(
        game=fields.text("game", 64, GAME_ID),
        options=fields.options(),
        seed=fields.integer("seed"),
        moves=moves,
        redo=redo,
        cheat=fields.integer("cheat", 0, MAX_MOVES, default=0),
        recorded=fields.flag("recorded"),
    )


def load_saved(path: Path) -> SavedGame | None:
    """The saved game in `path`, None if there is none; DamagedFile if it cannot be used."""
    data = read_document(path, SAVE_KIND, SAVE_VERSION)
    return None if data is None else saved_game(data, path.name)


def resume_current(
    catalog: Catalog, path: Path | None = None
) -> tuple[Game | None, str | None, bool]:
    """The game to offer for resuming, a one-line note when a file had to be set aside (the
    copy of the move before is resumed then, when it is sound), and whether the game was
    counted in the records already."""
    path = path or current_path()
    restored: dict[int, Game] = {}

    def check(data: dict[str, object]) -> SavedGame:
        saved = saved_game(data, path.name)
        restored[id(saved)] = saved.restore(catalog)
        return saved

    saved, note = read_kept(path, SAVE_KIND, SAVE_VERSION, check)
    if saved is None:
        return None, note, False
    return restored[id(saved)], note, saved.recorded
