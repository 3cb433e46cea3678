"""Cards from inside a pile: XPat2's rotations (Michael's Fantasy, Midnight Oil). A player
chooses a face-up card and turns it and the cards on it round by one place, up or down, a few
times a game; so a buried card comes to the top, or the top card goes under others.

The engine moves the cards (moves `rotate_up`/`rotate_down`, docs/notation.md); the rule says
how often, and keeps the count in a counter, so undo restores it like everything else.
"""

from __future__ import annotations

from retro.engine.bound import Rotate
from retro.engine.position import Pile, Position
from retro.i18n import say
from retro.rules.common import times
from retro.rules.registry import rule

ROTATIONS_MADE = "rotations"  # the counter of rotations made so far


@rule(
    "rotate",
    "A face-up card and the cards on it turn round by one place, up (the top card goes under "
    "them) or down (the chosen card comes onto the top), `limit` times a game in all.",
)
def rotations(limit: int = 1) -> Rotate:
    """Both ways, as XPat2 offers them (its F and B keys), from one allowance a game."""
    if limit < 1:
        raise ValueError("limit must be 1 or more")

    def available(position: Position, pile: Pile) -> bool:
        return position.counters.get(ROTATIONS_MADE, 0) < limit

    def why(position: Position, pile: Pile) -> str:
        return say("No rotation left: {times} a game, all used", times=times(limit))

    def done(position: Position, pile: Pile) -> None:
        position.bump(ROTATIONS_MADE)

    return Rotate(available, why, done)
