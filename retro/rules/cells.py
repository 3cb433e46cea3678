"""Rules for games of open columns and free cells (FreeCell, Eight Off, Beleaguered Castle) and
for Aces Up, where cards leave when a higher one of their suit shows.

Everything here is a question about the whole table (how many cells are free, what shows on
the other columns), so these accept rules are tested, not indexed; they are combined with an
indexed rule (`rank_below`, `empty`) that finds the candidates first.
"""

from __future__ import annotations

from retro.engine.bound import Accept, Condition
from retro.engine.cards import card_name, parse_rank, plain_rank, rank_name
from retro.engine.gamedef import FOUNDATION
from retro.engine.position import Pile, Position
from retro.i18n import say, say_n
from retro.rules.registry import rule


def _room(position: Position, cells: tuple[str, ...], dst: Pile, columns: bool) -> int:
    """How many cards may move at once onto `dst`: one for each free cell plus one, doubled for
    each empty column other than the target (FreeCell's "supermove", a series of one-card moves
    through the cells and the empty columns)."""
    free = sum(1 for group in cells for pile in position.groups[group] if not pile.cards)
    room = free + 1
    if columns:
        for pile in position.groups[dst.group.name]:
            if not pile.cards and pile is not dst:
                room *= 2
    return room


@rule(
    "accept",
    "Several cards move together only as far as the free cells of `group` allow: (free cells "
    "+ 1), doubled for each empty column but the target (columns: false: cells only; group: "
    "[] for a game without cells, where only the empty columns count).",
)
def free_cell_limit(group: tuple[str, ...] = ("cell",), columns: bool = True) -> Accept:
    """Moving a run at once is a shortcut for moving its cards one by one through the free
    places, so it is allowed exactly when that would be."""

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return count == 1 or count <= _room(position, group, dst, columns)

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        room = _room(position, group, dst, columns)
        if columns:
            return say_n(
                "Room for {n} card at once, not {count}: free cells + 1, doubled for "
                "each other empty column",
                "Room for {n} cards at once, not {count}: free cells + 1, doubled for "
                "each other empty column",
                room,
                count=count,
            )
        return say_n(
            "Room for {n} card at once, not {count}: free cells + 1",
            "Room for {n} cards at once, not {count}: free cells + 1",
            room,
            count=count,
        )

    return Accept(test, why, local=False)


@rule(
    "accept",
    "A card goes here when a higher card of its suit shows on top of another pile of `group`.",
)
def outranked_in_suit(group: str = "tableau") -> Accept:
    """Aces Up's discard: a card may leave only while its better is in sight."""

    def higher(position: Position, src: Pile) -> bool:
        card = src.cards[-1]
        for pile in position.groups[group]:
            if pile is not src and len(pile.cards) > pile.down:
                top = pile.cards[-1]
                if top.suit == card.suit and top.rank > card.rank:
                    return True
        return False

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return count == 1 and higher(position, src)

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if count != 1:
            return say("Only one card at a time goes to {pile}", pile=dst.id)
        return say(
            "{card} goes only while a higher card of its suit shows on another pile",
            card=card_name(src.cards[-1]),
        )

    return Accept(test, why, local=False)


@rule(
    "condition",
    "Won when every card that is not on a foundation is of the given rank (A 2 .. 10 J Q K).",
)
def only_rank_left(rank: str = "A") -> Condition:
    """Aces Up is won with the four Aces left, wherever they lie."""
    wanted = parse_rank(rank)

    def each(pile: Pile) -> bool:
        return pile.kind == FOUNDATION or all(plain_rank(card) == wanted for card in pile.cards)

    def test(position: Position) -> bool:
        return all(each(pile) for pile in position.piles)

    def why(position: Position) -> str:
        return say("Cards other than the {rank}s are still out", rank=rank_name(wanted))

    return Condition(test, why, each)
