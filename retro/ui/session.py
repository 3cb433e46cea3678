"""The game in progress (`Session`) and its label: shared by the application and its scenes.

Kept apart from `retro.ui.app` so scenes can name a session without importing the application.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from retro.ui import texts

if TYPE_CHECKING:
    from retro.duel import Duel
    from retro.engine.game import Game
    from retro.net.session import NetDuel
    from retro.ui.shelf import Shelf


@dataclass
class Session:
    """The game in progress: what a save needs to bring it back exactly."""

    game_id: str
    options: dict[str, Any]
    game: Game
    label: str = ""
    recorded: bool = False  # counted in the records already (a game counts once)
    duel: Duel | None = None  # a duel's turn: no undo, no save, its own ending
    frames: int = 0  # frames played at the table since the first move (the game clock)
    kept: Game | None = None  # the game before a reload whose rules refused its moves
    net: NetDuel | None = None  # a duel across two machines: this side's game, saved as any

    @property
    def in_duel(self) -> bool:
        """A duel of either kind: no undo, restart, new deal or reloading."""
        return self.duel is not None or self.net is not None

    def in_progress(self) -> bool:
        """True while abandoning it would lose something worth asking about."""
        if self.duel is not None:
            return not self.duel.over
        if self.net is not None and not self.net.over:
            return True
        from retro.engine.game import PLAYING  # loaded with the game itself

        return bool(self.game.history) and self.game.outcome() == PLAYING


def option_text(label: str, value: object) -> str:
    """`Suits 1`: an option and its value, in the current language."""
    return f"{texts.tr(label)} {texts.tr(str(value))}"


def game_label(shelf: Shelf, game_id: str, options: Mapping[str, Any]) -> str:
    """The game's title with the options that differ from their defaults, for the title bar."""
    entry = shelf.entry(game_id)
    parts = [
        option_text(spec.label, options[name])
        for name, spec in entry.options.items()
        if name in options and str(options[name]) != str(spec.default)
    ]
    return entry.title + (f" ({', '.join(parts)})" if parts else "")
