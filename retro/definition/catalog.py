"""Where games are found: the bundled `games/` folder plus any folders a player adds."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from retro.errors import RetroError
from retro.paths import games_dir, user_games_dir

if TYPE_CHECKING:
    from retro.definition.loader import OptionSpec
    from retro.engine.model import GameDef


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

    def load(self, game_id: str, options: Mapping[str, Any] | None = None) -> GameDef:
        # The loader (YAML, the schema, every rule) is imported on the first game loaded, not
        # with the catalog: the title screen needs none of it.
        from retro.definition.loader import load_game_file

        path = self.path(game_id)
        if path is None:
            raise RetroError(f"no game '{game_id}'; games: {', '.join(self.ids())}")
        return load_game_file(path, options, self.path)

    def info(self, game_id: str) -> GameInfo:
        from retro.definition.loader import option_specs, read_marked, resolve_extends

        path = self.path(game_id)
        if path is None:
            raise RetroError(f"no game '{game_id}'")
        data = resolve_extends(read_marked(path), self.path).data
        return GameInfo(id=game_id, title=str(data.get("title", game_id)),
                        description=str(data.get("description", "")),
                        options=option_specs(data), path=path,
                        instructions=str(data.get("instructions", game_id)),
                        done=bool(data.get("done", False)))
