"""Answers the solver works out once a game and keeps: kept by the game's definition, so an
edited game file, loaded again as a new definition, is asked afresh."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from retro.engine.gamedef import GameDef

T = TypeVar("T")
_KEPT = 64  # definitions kept at most (a process loads few; a long live-reload session more)


class ByGame(Generic[T]):
    """One answer for each game definition still loaded."""

    def __init__(self) -> None:
        self._kept: dict[int, tuple[GameDef, T]] = {}

    def known(self, gdef: GameDef) -> bool:
        found = self._kept.get(id(gdef))
        return found is not None and found[0] is gdef

    def get(self, gdef: GameDef, make: Callable[[], T]) -> T:
        """The answer for `gdef`, made by `make` the first time."""
        found = self._kept.get(id(gdef))
        if found is not None and found[0] is gdef:
            return found[1]
        return self.put(gdef, make())

    def put(self, gdef: GameDef, value: T) -> T:
        if len(self._kept) >= _KEPT and id(gdef) not in self._kept:
            self._kept.clear()
        self._kept[id(gdef)] = (gdef, value)
        return value

    def drop(self, gdef: GameDef) -> None:
        self._kept.pop(id(gdef), None)
