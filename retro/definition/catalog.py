"""Where games are found: the bundled `games/` folder plus any folders a player adds."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from retro.definition.families import BY_ID as FAMILIES
from retro.definition.families import DEFAULT as DEFAULT_FAMILY
from retro.errors import DefinitionError, RetroError
from retro.paths import games_dir, user_games_dir
from retro.reading import GAME_ID

if TYPE_CHECKING:
    from retro.definition.options import OptionSpec
    from retro.engine.gamedef import GameDef


@dataclass(frozen=True)
class GameInfo:
    """What a menu shows before a game is loaded."""

    id: str
    title: str
    description: str
    options: dict[str, OptionSpec]
    path: Path
    instructions: str
    done: bool  # the player may end a game with "done" (so two can duel at it)
    family: str = DEFAULT_FAMILY  # what it is listed under (retro.definition.families)


class Catalog:
    """Game files by id: `--games-dir` folders, the player's own folder, then the bundled games.
    Earlier folders win, so a player's file can replace a bundled one."""

    def __init__(self, extra_dirs: Sequence[Path] = ()) -> None:
        self.dirs = [*extra_dirs, user_games_dir(), games_dir()]

    @property
    def problems(self) -> tuple[str, ...]:
        """The rule plugins that could not be loaded, one line each. Plugins load on first use
        (here, or with the first game loaded): looking for them imports every rule and the
        package metadata, which the title screen does not need."""
        from retro.rules.plugins import load_plugins

        return load_plugins()

    def path(self, game_id: str) -> Path | None:
        """The file of a game id; None for an id that is not a name (a game id never names a
        path, so `../x` finds nothing)."""
        if not GAME_ID.fullmatch(game_id):
            return None
        for folder in self.dirs:
            candidate = folder / f"{game_id}.yaml"
            if candidate.is_file():
                return candidate
        return None

    def ids(self) -> list[str]:
        found: set[str] = set()
        for folder in self.dirs:
            if folder.is_dir():
                found.update(p.stem for p in folder.glob("*.yaml"))
        return sorted(found)

    def _find(self, game_id: str) -> Path:
        if not GAME_ID.fullmatch(game_id):
            raise RetroError(
                f"'{game_id[:40]}' is not a game id: a game is named by lower case "
                "letters, digits and _ (its file's name)"
            )
        path = self.path(game_id)
        if path is None:
            raise RetroError(f"no game '{game_id}'; games: {', '.join(self.ids())}")
        return path

    def load(self, game_id: str, options: Mapping[str, Any] | None = None) -> GameDef:
        # The loader (YAML, the schema, every rule) is imported on the first game loaded, not
        # with the catalog: the title screen needs none of it.
        from retro.definition.loader import load_game_file

        path = self._find(game_id)
        gdef = load_game_file(path, options, self.path)
        if gdef.id != game_id:  # a save names the game by its id: it must find this file
            raise DefinitionError([_misnamed(path, gdef.id)])
        return gdef

    def info(self, game_id: str) -> GameInfo:
        """What the menu shows, read without binding the rules; a file whose first lines are
        wrong raises DefinitionError (the menu then lists it as broken)."""
        from retro.definition.gamefiles import read_marked, resolve_extends
        from retro.definition.options import checked_option_specs

        path = self._find(game_id)
        marked = resolve_extends(read_marked(path), self.path)
        data = marked.data
        if not isinstance(data, dict):
            raise DefinitionError(
                [f"{path.name}:1:1: a game file must be a mapping of keys (id, title, piles, ...)"]
            )
        if data.get("id") != game_id:
            raise DefinitionError([_misnamed(path, data.get("id"))])
        texts = {
            key: data.get(key, default)
            for key, default in (("title", game_id), ("description", ""), ("instructions", game_id))
        }
        for key, value in texts.items():
            if not isinstance(value, str):
                raise DefinitionError([f"{marked.where((key,))}: '{key}' must be text"])
        if not isinstance(data.get("done", False), bool):
            raise DefinitionError([f"{marked.where(('done',))}: 'done' must be true or false"])
        family = data.get("family") or DEFAULT_FAMILY  # a file without one is "other"
        if not isinstance(family, str) or family not in FAMILIES:
            raise DefinitionError(
                [f"{marked.where(('family',))}: 'family' must be one of " + ", ".join(FAMILIES)]
            )
        return GameInfo(
            id=game_id,
            title=texts["title"],
            description=texts["description"],
            options=checked_option_specs(marked),
            path=path,
            instructions=texts["instructions"],
            done=bool(data.get("done", False)),
            family=family,
        )


def _misnamed(path: Path, found: object) -> str:
    return (
        f"{path.name}:1:1: the game's id is {str(found)[:40]!r}, but a game's id must be "
        f"its file's name ('{path.stem}')"
    )
