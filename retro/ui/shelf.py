"""What the game menu lists: each game's title, description and options, read once per version
of its file.

Reading some thirty game files takes a quarter of a second, too long to repeat whenever Esc
opens the menu, so an entry is read again only when its file's modification time or size
changed (an edited game's new title shows at once). A file that cannot be read is listed with
its first error line rather than stopping the menu. Titles and descriptions are given in the
player's language (the catalogue has the bundled games'; a player's own game keeps its
words). No pyxel here.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from retro.definition.catalog import Catalog
from retro.errors import RetroError
from retro.paths import games_dir
from retro.ui import texts

Stamp = tuple[int, int] | None


def stamp(path: Path | None) -> Stamp:
    """A file's version as far as a poll can tell cheaply: modification time and size."""
    if path is None:
        return None
    try:
        status = path.stat()
    except OSError:
        return None
    return status.st_mtime_ns, status.st_size


@dataclass(frozen=True)
class Entry:
    """One line of the game list and what the menu shows beside it."""

    id: str
    title: str
    description: str
    options: dict[str, Any] = field(default_factory=dict)  # name -> OptionSpec
    mine: bool = False  # a player's own game (--games-dir or the config folder)
    error: str = ""  # the file's first error line; such a game cannot be played
    duel: bool = False  # it has a "done" to end a turn, so two players can duel at it
    family: str = "other"  # the heading it is listed under (retro.definition.families)


class Shelf:
    """The catalog's games as menu entries, cached per file version."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self._entries: dict[str, tuple[Path | None, Stamp, Entry]] = {}
        # the catalog searches the bundled folder last: every folder before it is the player's
        self._bundled = (catalog.dirs[-1] if catalog.dirs else games_dir()).resolve()

    def entries(self) -> list[Entry]:
        """Every game, sorted by title as the list shows them (ids sort "7 to Ace" oddly)."""
        found = [self.entry(game_id) for game_id in self.catalog.ids()]
        return sorted(found, key=lambda e: (e.title.casefold(), e.id))

    def entry(self, game_id: str) -> Entry:
        """The game's entry, in the current language."""
        found = self._read(game_id)
        return replace(found, title=texts.tr(found.title), description=texts.tr(found.description))

    def _read(self, game_id: str) -> Entry:
        path = self.catalog.path(game_id)
        version = stamp(path)
        cached = self._entries.get(game_id)
        if cached is not None and cached[0] == path and cached[1] == version:
            return cached[2]
        mine = path is not None and path.parent.resolve() != self._bundled
        try:
            info = self.catalog.info(game_id)
            entry = Entry(
                game_id,
                info.title,
                info.description,
                dict(info.options),
                mine,
                duel=info.done,
                family=info.family,
            )
        except RetroError as error:
            first = str(error).splitlines()[0] if str(error) else type(error).__name__
            entry = Entry(game_id, game_id, "", {}, mine, first)
        self._entries[game_id] = (path, version, entry)
        return entry


class FileWatch:
    """Notices when any of a few files changes, by modification time and size: a stat per file
    per poll, cheap enough to ask twice a second while a game is on the table."""

    def __init__(self, paths: list[Path]) -> None:
        self.paths = paths
        self.stamps = [stamp(path) for path in paths]

    def changed(self) -> bool:
        now = [stamp(path) for path in self.paths]
        if now == self.stamps:
            return False
        self.stamps = now
        return True


def game_files(catalog: Catalog, game_id: str) -> list[Path]:
    """The game's file and the files it `extends:`, so editing a parent reloads a variant."""
    from retro.definition.gamefiles import read_marked  # at the table, not for the title

    found: list[Path] = []
    current: str | None = game_id
    while current is not None and len(found) < 8:
        path = catalog.path(current)
        if path is None or path in found:
            break
        found.append(path)
        try:
            data = read_marked(path).data
        except RetroError:
            break
        parent = data.get("extends") if isinstance(data, dict) else None
        current = str(parent) if parent is not None else None
    return found
