"""The games in progress, saved after every move and resumed exactly, undo history included.

Each game and option set has its own save in the `saves` folder, so starting one game never
touches another's; a second window playing the same game and options at once takes a second
slot (`owned` marks a slot in use by a running window). Each file is small and readable: game
id, options, deal number, the moves made and the moves that can be redone, all in the notation
(docs/notation.md). A save whose game cannot be loaded today (a folder not given, a typo in a
game file) is kept for the day it can.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from retro.errors import RetroError
from retro.reading import GAME_ID
from retro.store.files import (
    DamagedFile,
    Fields,
    data_dir,
    owned,
    read_document,
    read_kept,
    remove_with_copy,
    told,
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
            raise GameAway(
                f"the saved {self.game} game waits for its game file, kept until it loads: "
                f"{first[:200]}"
            ) from None
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


class GameAway(RetroError):
    """A sound save whose game cannot be loaded now; the save stays where it is."""


def _move_texts(game: Game) -> tuple[list[str], list[str]]:
    """The moves made and the moves that can be redone, in the notation (which names piles
    only, so any position of the game writes them alike)."""
    from retro.engine.notation import format_move

    position = game.position
    made = [format_move(position, entry.move) for entry in game.history]
    return made, [format_move(position, move) for move in game.future]


def current_path() -> Path:
    """The one save older versions kept, for every game: still offered, and used until its
    game ends."""
    return data_dir() / "current-game.json"


def saves_dir() -> Path:
    return data_dir() / "saves"


def option_key(game_id: str, options: dict[str, Any]) -> str:
    """`spider` for the default options the menu shows, else `spider relaxed=1 suits=2`."""
    parts = [f"{name}={value}" for name, value in sorted(options.items())]
    return " ".join([game_id, *parts])


MAX_SLOTS = 100  # saves of one game and option set: one a window playing it at once


def slot_paths(game_id: str, options: dict[str, Any]) -> Iterator[Path]:
    """Where a game of these options may be saved, first choice first: `klondike-1a2b3c4d.json`
    (the game's id and a digest of its options), then `-2`, `-3`... for more windows."""
    digest = hashlib.sha256(option_key(game_id, options).encode("utf-8")).hexdigest()[:8]
    folder = saves_dir()
    yield folder / f"{game_id}-{digest}.json"
    for number in range(2, MAX_SLOTS + 1):
        yield folder / f"{game_id}-{digest}-{number}.json"


def saved_paths() -> list[Path]:
    """Every save to offer, most recent first: the `saves` folder's and an older version's,
    leaving out those a running window is playing."""
    try:
        found = [*saves_dir().glob("*.json"), current_path()]
        # a game kept aside by a reload whose save has gone: it may come back (`bring_back`)
        found += [aside for aside in saves_dir().glob("*.json.before-reload")]
    except OSError:
        found = [current_path()]
    dated: list[tuple[float, str, Path]] = []
    for path in found:
        try:
            dated.append((path.lstat().st_mtime, path.name, path))
        except OSError:
            continue
    paths = [
        path.with_suffix("") if path.suffix == ".before-reload" else path
        for *_, path in sorted(dated, reverse=True)
    ]
    return [path for path in dict.fromkeys(paths) if not owned(path)]


def aside_path(path: Path) -> Path:
    """Where a game is kept aside from its save when an edit of its rules refuses its moves."""
    return path.with_name(path.name + ".before-reload")


def bring_back(catalog: Catalog, path: Path) -> bool:
    """Put the game kept aside from the save `path` back in its place when today's rules
    replay it again; whether it came back. The copy is left alone while they do not."""
    aside = aside_path(path)
    try:
        saved = load_saved(aside)
        if saved is None:
            return False
        saved.restore(catalog)
        os.replace(aside, path)
    except (OSError, RetroError):
        return False
    return True


def saved_key(path: Path) -> str | None:
    """The game and option set of the save in `path` (None when it cannot be read), without
    replaying it."""
    try:
        saved = load_saved(path)
    except (OSError, DamagedFile):
        return None
    return None if saved is None else option_key(saved.game, saved.options)


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
    remove_with_copy(path or current_path())


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

    try:
        saved, note = read_kept(path, SAVE_KIND, SAVE_VERSION, check)
    except GameAway as away:
        return None, told(f"{path.name}: {away}"), False
    if saved is None:
        return None, note, False
    return restored[id(saved)], note, saved.recorded
