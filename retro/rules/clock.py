"""Clock: each card turned goes to the pile of its rank, and that rank's pile is turned next."""

from __future__ import annotations

from retro.engine.bound import Action
from retro.engine.cards import rank_name
from retro.engine.position import Pile, Position
from retro.i18n import say
from retro.rules.pairs import card_value
from retro.rules.registry import rule

HOUR = "hour"  # the counter of the current pile's rank (absent: the `start` pile)


@rule(
    "action",
    "Turn the top card of the current pile (at first the `start` rank's) face up onto the "
    "pile of its rank among `faces`; that rank's pile of `hours` becomes the current one. "
    "Piles go A to K in the groups' order.",
    ordered=("hours", "faces"),
)
def turn_to_rank(hours: tuple[str, ...], faces: tuple[str, ...], start: int = 13) -> Action:
    """Clock. The current pile is a counter, so undo and the notation keep it; the turned cards
    lie apart from the face-down ones because a face-up card cannot lie under them."""
    if not 1 <= start <= 13:
        raise ValueError("start must be a rank, 1 to 13")

    def current(position: Position) -> int:
        return position.counters.get(HOUR) or start

    def hour_piles(position: Position) -> list[Pile]:
        return [pile for name in hours for pile in position.groups[name]]

    def available(position: Position, pile: Pile) -> bool:
        rank = current(position)
        piles = hour_piles(position)
        return rank <= len(piles) and piles[rank - 1] is pile and bool(pile.cards)

    def why(position: Position, pile: Pile) -> str:
        rank = current(position)
        piles = hour_piles(position)
        at = piles[rank - 1] if rank <= len(piles) else None
        if at is not pile:
            return say(
                "The card to turn is on {pile}, the {rank}s' pile",
                pile=at.id if at else "?",
                rank=rank_name(rank),
            )
        return say("{pile} has no card left to turn", pile=pile.id)

    def apply(position: Position, pile: Pile) -> None:
        card = pile.cards[-1]
        rank = card_value(card)
        piles = [p for name in faces for p in position.groups[name]]
        position.transfer(pile, 1, piles[rank - 1])
        position.bump("turned")
        position.emit("flipped")
        position.bump(HOUR, rank - position.counters.get(HOUR, 0))

    return Action("turn", available, why, apply)
