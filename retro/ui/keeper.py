"""The window's side of "nothing is lost": the game in progress saved after every move, finished
games counted in the records, and no disk trouble ever stopping play.

A thin layer over `retro.store.saves` and `retro.store.records` (which know the file formats):
it adds what only the window needs, the name last typed for the high score table and a
one-line note when a file cannot be written, so a full disk costs a message, not the game.
No pyxel here.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from retro.store.files import DamagedFile
from retro.store.records import HighScore, Records, enters_table, option_key
from retro.store.saves import (
    SavedGame,
    clear_current,
    current_path,
    load_saved,
    resume_current,
    save_current,
)

if TYPE_CHECKING:
    from retro.definition.catalog import Catalog
    from retro.engine.game import Game

DEFAULT_NAME = "Player"


class Keeper:
    """Saves and records in the player's data folder (RETRO_PATIENCE_DATA in tests)."""

    def __init__(self) -> None:
        self.last_name = ""
        self.note = ""  # the latest problem, one line, for the window to show
        self._records: Records | None = None
        self._counted_saved: Game | None = None  # the resumed game, if counted before its save

    # -- the game in progress -----------------------------------------------------------------

    def save(self, game: Game, recorded: bool = False) -> None:
        """Called after every move: small file, written atomically, so a crash loses nothing.
        `recorded`: the game was counted already (it ended and was undone), and stays so."""
        self._guard(lambda: save_current(game, recorded=recorded), "the game could not be saved")

    def clear(self) -> None:
        self._guard(clear_current, "the old save could not be removed")

    def resume(self, catalog: Catalog) -> Game | None:
        """The saved game to offer, exactly as it was; a damaged, foreign or newer file is set
        aside and told in `note`."""
        try:
            game, note, recorded = resume_current(catalog)
        except OSError as error:
            note = f"{current_path().name}: cannot be read ({error.strerror})"
            game, recorded = None, False
        if note:
            self.note = note
        self._counted_saved = game if recorded else None
        return game

    def counted(self, game: Game) -> bool:
        """Whether `game`, resumed from the save file, was counted in the records already."""
        return game is self._counted_saved

    # -- the records --------------------------------------------------------------------------

    @property
    def records(self) -> Records:
        """Loaded on first use; a damaged records file is set aside (told in `note`)."""
        if self._records is None:
            self._records = Records()
            if self._records.note:
                self.note = self._records.note
        return self._records

    def makes_table(self, game: Game) -> bool:
        """Whether the finished game gets into the game's ten best (so the name is asked)."""
        return self.place_of(game) is not None

    def place_of(self, game: Game) -> int | None:
        """The place the finished game would take in its table (1-based), None if none."""
        from retro.engine.game import WON  # loaded with the game that ended

        if not enters_table(game, game.outcome() == WON):
            return None
        return self.records.place_for(
            game.gdef.id, dict(game.gdef.options), game.score(), game.moves_made
        )

    def record(
        self,
        game: Game,
        name: str = "",
        *,
        won: bool | None = None,
        abandoned: bool = False,
        computer: str = "",
        player: str = "",
    ) -> int | None:
        """Count a finished game once; its place in the table, if it made it. A game given up
        (`abandoned`) counts in the statistics only; `computer`: a duel against it, at that
        strength (statistics of their own); `player`: one player's game of a hot-seat duel
        (their own statistics)."""
        name = name or self.last_name or DEFAULT_NAME
        place: list[int | None] = [None]

        def write() -> None:
            place[0] = self.records.record(
                game, name, won=won, abandoned=abandoned, computer=computer, player=player
            )

        self._guard(write, "the records could not be saved")
        return place[0]

    def table(self, game_id: str, options: dict[str, object]) -> list[HighScore]:
        return self.records.table(game_id, dict(options))

    def stats_key(self, game_id: str, options: dict[str, object]) -> str:
        return option_key(game_id, dict(options))

    # -- helpers ------------------------------------------------------------------------------

    def _guard(self, work: Callable[[], object], what: str) -> None:
        """Do `work`; a file that cannot be written becomes the note, never a stop."""
        try:
            work()
        except OSError as error:
            self.note = f"{what}: {error.strerror or error}"


def read_game_file(path: Path, catalog: Catalog) -> tuple[Game, list[str]]:
    """A saved game file to replay: its deal (the opening position) and the moves made, in the
    notation. Raises DamagedFile (a RetroError) with one line when it cannot be used."""
    from retro.engine.game import Game

    saved: SavedGame | None = load_saved(path)
    if saved is None:
        raise DamagedFile(f"{path}: no such file")
    gdef = catalog.load(saved.game, saved.options)
    return Game(gdef, saved.seed), list(saved.moves)
