"""Rule functions from other Python packages, through the entry-point group
`retro_patience.rules`: loading the entry point's module registers its `@rule`s, and game files
then name them like the built-in ones. A broken plugin is reported and skipped."""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from retro.rules.registry import REGISTRY

ENTRY_POINT_GROUP = "retro_patience.rules"


@cache
def load_plugins() -> tuple[str, ...]:
    """Load every plugin once; the problems found, one line each (empty when all is well).

    A plugin that fails is skipped whole: the rules it registered before failing are taken
    out again, so no game runs on half a plugin."""
    problems = []
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        before = set(REGISTRY)
        try:
            entry.load()
        except Exception as error:  # a plugin's own bug must not stop the game
            for key in set(REGISTRY) - before:
                del REGISTRY[key]
            problems.append(f"rule plugin '{entry.name}' ({entry.value}) was skipped: "
                            f"{type(error).__name__}: {error}")
    return tuple(problems)
