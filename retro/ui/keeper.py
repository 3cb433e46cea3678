"""The window's side of "nothing is lost": the game in progress saved after every move, finished
games counted in the records, and no disk trouble ever stopping play.

A thin layer over `retro.store.saves` and `retro.store.records` (which know the file formats):
it adds what only the window needs, the save this window plays in (claimed while it runs, so
a second window never writes over it), the saves waiting to be offered, the name last typed for
the high score table and a one-line note when a file cannot be written, so a full disk costs a
message, not the game. No pyxel here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from retro.errors import RetroError
from retro.store.files import DamagedFile, claim, release
from retro.store.records import HighScore, Records, enters_table, option_key
from retro.store.saves import (
    SavedGame,
    aside_path,
    bring_back,
    clear_current,
    current_path,
    load_saved,
    resume_current,
    save_current,
    saved_key,
    saved_paths,
    slot_paths,
)

if TYPE_CHECKING:
    from retro.definition.catalog import Catalog
    from retro.engine.game import Game
    from retro.engine.gamedef import GameDef

DEFAULT_NAME = "Player"


class Keeper:
    """Saves and records in the player's data folder (RETRO_PATIENCE_DATA in tests)."""

    def __init__(self) -> None:
        self.last_name = ""
        self.note = ""  # the latest problem, one line, for the window to show
        self._records: Records | None = None
        self.slot: Path | None = None  # the save of the game in progress
        self._claims: dict[Path, int | None] = {}  # saves this window plays or offers: no other
        # window offers them meanwhile
        self.waiting: list[Path] | None = None  # saves not offered yet, most recent first
        self._found: dict[int, tuple[Game, Path, bool]] = {}  # a restored save: its file, and
        # whether it was counted in the records already
        self.pending: Game | None = None  # a saved game not resumed (yet), for the menu
        self.declined: Game | None = None  # the saved game offered at the start and declined

    # -- the game in progress -----------------------------------------------------------------

    def save(self, game: Game, recorded: bool = False) -> None:
        """Called after every move: small file, written atomically, so a crash loses nothing.
        `recorded`: the game was counted already (it ended and was undone), and stays so."""

        def write() -> None:
            save_current(game, self.slot or self._take_slot(game), recorded=recorded)

        self._guard(write, "the game could not be saved")

    def clear(self, aside: bool = True) -> None:
        """The game in progress is over: its save goes, and (`aside`) a game kept aside from
        it (the slot stays this window's)."""
        slot = self.slot
        if slot is not None:

            def remove() -> None:
                clear_current(slot)
                if aside:
                    clear_current(aside_path(slot))

            self._guard(remove, "the old save could not be removed")
            if slot == current_path():  # an older version's one save is not used again
                self.leave()

    def keep_aside(self, game: Game, recorded: bool) -> None:
        """Keep `game` beside its save (a reload's rules refuse its moves): the next start
        brings it back when they allow it again (`bring_back`)."""
        slot = self.slot
        if slot is not None:
            self._guard(
                lambda: save_current(game, aside_path(slot), recorded=recorded),
                "the game before the reload could not be kept",
            )

    def drop_aside(self) -> None:
        """The game kept aside is back in play: its copy goes."""
        slot = self.slot
        if slot is not None:
            self._guard(
                lambda: clear_current(aside_path(slot)), "the old save could not be removed"
            )

    def leave(self) -> None:
        """The game in progress is put by, still saved: its slot is free for the next start."""
        if self.slot is not None:
            release(self._claims.pop(self.slot, None))
        self.slot = None

    def close(self) -> None:
        """The window closes: every save it played or offered is free for the next start."""
        for fd in self._claims.values():
            release(fd)
        self._claims.clear()
        self.slot = None

    def _claim(self, path: Path) -> bool:
        """Whether `path` is this window's now (False: another window's)."""
        if path not in self._claims:
            fd = claim(path)
            if fd is None:
                return False
            self._claims[path] = fd
        return True

    def _unclaim(self, path: Path) -> None:
        release(self._claims.pop(path, None))

    def _take_slot(self, game: Game) -> Path:
        """The first save of the game's option set that is neither on disk nor another
        window's."""
        for path in slot_paths(game.gdef.id, dict(game.gdef.options)):
            if path.exists() or path in self._claims or not self._claim(path):
                continue
            if not path.exists():
                self.leave()
                self.slot = path
                return path
            self._unclaim(path)
        raise OSError(f"every save of {game.gdef.id} with these options is in use")

    def resume(self, catalog: Catalog, key: str | None = None) -> Game | None:
        """The next saved game to offer (one of the option set `key` first), exactly as it
        was; a damaged, foreign or newer file is set aside, and a save whose game cannot be
        loaded now is kept for later, each told in `note`."""
        if self.waiting is None:
            try:
                self.waiting = saved_paths()
            except OSError as error:
                self.note = f"saves: cannot be read ({error.strerror})"
                self.waiting = []
        if key is not None:
            self.waiting.sort(key=lambda path: saved_key(path) != key)  # stable: by date
        while self.waiting:
            path = self.waiting.pop(0)
            if not self._claim(path):
                continue  # another window has taken it meanwhile
            try:
                bring_back(catalog, path)
                game, note, recorded = resume_current(catalog, path)
            except OSError as error:
                note = f"{path.name}: cannot be read ({error.strerror})"
                game, recorded = None, False
            if note:
                self.note = note
            if game is not None:
                self._found[id(game)] = (game, path, recorded)
                return game
            self._unclaim(path)
        return None

    def saved_for(
        self, catalog: Catalog, game_id: str, options: Mapping[str, object]
    ) -> Game | None:
        """A saved game of this game and options, not in play and not declined already; it
        becomes `pending`, so starting afresh gives it up."""
        key, pending = self.key_for(catalog, game_id, options), self.pending
        if pending is not None and self.key(pending) == key:
            return None if pending is self.declined else pending
        waiting = self.waiting
        if key is None or (waiting is not None and all(saved_key(p) != key for p in waiting)):
            return None
        saved = self.resume(catalog, key)
        if saved is not None and self.key(saved) != key:
            self.put_back(saved)
            return None
        if saved is not None:
            if pending is not None:
                self.put_back(pending)
            self.pending = saved
        return saved

    def give_up_pending(self, catalog: Catalog, key: str | None) -> None:
        """A game of the option set `key` starts: the saved one of those options not resumed
        is given up, counted as lost when it had moves, and the next save waits its turn."""
        from retro.engine.game import PLAYING  # loaded before any game could be pending

        pending = self.pending
        if pending is None or self.key(pending) != key:
            return
        if pending.history and pending.outcome() == PLAYING and not self.counted(pending):
            self.record(pending, abandoned=True)
        self.give_up(pending)
        self.pending = self.resume(catalog)

    def put_by(self, game: Game, recorded: bool, playing: bool) -> None:
        """The game in progress is put by, saved, to be offered again (another game starts):
        by the menu at once (`pending`, still this window's) unless another one waits
        already; one with no move to go on from waits for the next start."""
        slot, self.slot = self.slot, None
        if slot is None:
            return
        if not (playing and slot.exists()):
            self._unclaim(slot)
            return
        self._found[id(game)] = (game, slot, recorded)
        if self.pending is None:
            self.pending = game
        else:
            self.put_back(game)

    def put_back(self, game: Game) -> None:
        """A restored save goes back among those waiting, first in line."""
        found = self._found.pop(id(game), None)
        if found is not None and found[0] is game:
            self._unclaim(found[1])
            if self.waiting is None:
                self.waiting = []
            if found[1].exists():
                self.waiting.insert(0, found[1])

    def adopt(self, game: Game) -> None:
        """A saved game is resumed: its file becomes this window's save (a new one when
        another window took it meanwhile)."""
        found = self._found.get(id(game))  # kept: whether it was counted is asked later
        self.leave()
        if found is not None and found[0] is game and self._claim(found[1]):
            self.slot = found[1]

    def give_up(self, game: Game) -> None:
        """A saved game not resumed is given up: its file goes."""
        found = self._found.pop(id(game), None)
        if found is not None and found[0] is game:
            path = found[1]
            self._guard(lambda: clear_current(path), "the old save could not be removed")
            self._unclaim(path)

    def counted(self, game: Game) -> bool:
        """Whether `game`, resumed from a save file, was counted in the records already."""
        found = self._found.get(id(game))
        return found is not None and found[0] is game and found[2]

    def key(self, game: Game) -> str:
        return option_key(game.gdef.id, dict(game.gdef.options))

    def key_for(
        self,
        catalog: Catalog,
        game_id: str | None,
        options: Mapping[str, object] | None,
        gdef: GameDef | None = None,
    ) -> str | None:
        """The game and option set a game named is saved under; None when none is named or it
        cannot be loaded."""
        if game_id is not None and gdef is None:
            try:
                gdef = catalog.load(game_id, dict(options or {}))
            except RetroError:
                return None
        return None if gdef is None else option_key(gdef.id, dict(gdef.options))

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
        opponent: str = "",
        drawn: bool = False,
        player: str = "",
    ) -> int | None:
        """Count a finished game once; its place in the table, if it made it. A game given up
        (`abandoned`) counts in the statistics only; `computer`: a duel against it, at that
        strength, `opponent`: a duel across two machines against that player, maybe `drawn`
        (statistics of their own); `player`: one player's game of a hot-seat duel (their own
        statistics)."""
        name = name or self.last_name or DEFAULT_NAME
        place: list[int | None] = [None]

        def write() -> None:
            place[0] = self.records.record(
                game,
                name,
                won=won,
                abandoned=abandoned,
                computer=computer,
                opponent=opponent,
                drawn=drawn,
                player=player,
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
