"""Still winnable? The table's mark, worked out beside the game loop.

After each move a search of the new position starts on a copy of the game and runs a slice of
about `SLICE_SECONDS` inside each frame's update (no thread: the browser build has none), so
the window never stalls; the next move drops it and starts another. It sees every card, as the
solver does: "winnable" means the cards lie so that a win exists.
"""

from __future__ import annotations

from retro.engine.game import LOST, WON, Game
from retro.solver.adapter import copy_game
from retro.solver.safety import learn_for
from retro.solver.search import Budget, Search, prepare
from retro.ui import texts

SLICE_SECONDS = 0.0008  # of each frame; the frame's own work is a few tenths of a millisecond
WATCH_BUDGET = Budget(nodes=60_000, seconds=24 * 3600.0, positions=120_000)
# Verdicts found (won or lost, both proved), by game, options and position key: a position met
# again (undo, redo, a game resumed, a deal "Winnable deals only" proved) answers at once.
_KNOWN: dict[tuple[str, str, int], str] = {}
_KNOWN_MOST = 4096


def _about(game: Game) -> tuple[str, str, int]:
    return game.gdef.id, repr(sorted(game.gdef.options.items())), game.key()


def remember(game: Game, result: str) -> None:
    """Keep a proved verdict (won or lost) for `game`'s position."""
    if result in (WON, LOST):
        if len(_KNOWN) >= _KNOWN_MOST:
            _KNOWN.pop(next(iter(_KNOWN)))  # the oldest goes first
        _KNOWN[_about(game)] = result


class WinWatch:
    """Whether the deal can still be won from the position on the table."""

    def __init__(self) -> None:
        self.watched: object = None  # what the answer is about: the game and its position
        self.search: Search | None = None
        self.answer = ""  # WON, LOST, "unknown" (the budget ran out), "" (still looking)

    def tick(self, game: Game) -> None:
        """One frame's share: a new search when the position changed, else a slice more."""
        about = (id(game), game.key(), len(game.history))
        if about != self.watched:
            known = _KNOWN.get(_about(game))
            if known is not None:
                self.watched, self.answer, self.search = about, known, None
                return
            self.answer = ""  # (not the last position's answer while the game's rules are learnt)
            if not learn_for(game.gdef, SLICE_SECONDS) or not prepare(game.gdef, SLICE_SECONDS):
                return  # the game's safe moves and checks first, a slice a frame: then the search
            self.watched = about
            self.answer = ""
            self.search = Search(copy_game(game), WATCH_BUDGET)
        if self.search is None:
            return
        found = self.search.run_for(SLICE_SECONDS)
        if found is not None:
            self.answer = found.result
            self.search = None
            remember(game, found.result)

    def mark(self) -> str:
        """The status line's word for the answer so far."""
        if self.answer == WON:
            return texts.WINNABLE_YES
        if self.answer == LOST:
            return texts.WINNABLE_NO
        return texts.WINNABLE_UNKNOWN
