"""Rules for the Gaps family (Montana, Blue Moon, ...): rows of single cards built in suit order
from the left end, gaps to fill, and redeals of what is not yet in order.

The place rules themselves (`fills_gap`, `neighbour`) live in the library, since 7 bis As shares
them; here are the parts only a Gaps game needs. Which rank starts a row, how many redeals, which
group holds the rows: all parameters, so a new member of the family is a YAML file.
"""

from __future__ import annotations

from collections.abc import Sequence

from retro.cards import Card, parse_rank, rank_name, seed_derived_from, shuffle
from retro.engine.model import Action, Condition, Pile, Position, Score
from retro.rules.registry import rule

REDEALS = "redeals"


def _in_pack(position: Position, rank: int) -> int:
    """An Ace is 14 in an Ace-high pack: the rank as this game's cards carry it."""
    return 14 if rank == 1 and position.gdef.deck.ace_high else rank


def rows(position: Position, group: str) -> list[list[Pile]]:
    """The group's piles cut into rows of `columns` places (one row when it has no columns)."""
    piles = position.groups[group]
    width = piles[0].group.layout.columns or len(piles)
    return [piles[i:i + width] for i in range(0, len(piles), width)]


def ordered_part(row: Sequence[Pile], start: int) -> int:
    """How many places from the row's left end hold `start`, `start`+1, ... of one suit: the
    part of the row that is finished, which a redeal leaves alone."""
    length = 0
    suit = -1
    for pile in row:
        if not pile.cards:
            break
        card = pile.cards[-1]
        if card.rank != start + length or (length and card.suit != suit):
            break
        suit = card.suit
        length += 1
    return length


def _out_of_order(position: Position, group: str, start: int) -> tuple[list[Pile], list[Pile]]:
    """The places whose cards a redeal gathers, and the places it deals them back to: every place
    after a row's ordered part except the first, which stays the row's gap."""
    sources: list[Pile] = []
    targets: list[Pile] = []
    for row in rows(position, group):
        rest = row[ordered_part(row, start):]
        sources.extend(pile for pile in rest if pile.cards)
        targets.extend(rest[1:])
    return sources, targets


@rule("gaps_redeal", "action",
      "Redeal (`limit` times a game): the cards not yet in order from each row's left end "
      "(`first` upward, one suit) are shuffled and dealt back, one gap right after each row's "
      "ordered part.",
      ordered=("group",))
def gaps_redeal(group: str = "grid", first: str = "2", limit: int = 2) -> Action:
    """Removed cards (Montana's Aces) take no part: shuffling them in, dealing them and taking
    them out again, as some books say, leaves the same gaps and the same chances."""
    start_text = parse_rank(first)
    if limit < 1:
        raise ValueError("limit must be 1 or more")

    def available(position: Position, pile: Pile) -> bool:
        if position.counters.get(REDEALS, 0) >= limit:
            return False
        start = _in_pack(position, start_text)
        return any(pile.cards for row in rows(position, group)
                   for pile in row[ordered_part(row, start):])

    def why(position: Position, pile: Pile) -> str:
        if position.counters.get(REDEALS, 0) >= limit:
            return f"No redeal left: {limit} per game, all used"
        return "Every card is in order already: nothing to redeal"

    def apply(position: Position, pile: Pile) -> None:
        number = position.counters.get(REDEALS, 0) + 1
        position.bump(REDEALS)
        sources, targets = _out_of_order(position, group, _in_pack(position, start_text))
        lying: dict[Card, list[Pile]] = {}
        for place in sources:
            lying.setdefault(place.cards[-1], []).append(place)
        order = shuffle([place.cards[-1] for place in sources],
                        seed_derived_from(position.seed, number))
        # Gathered last card first, so the first card of the shuffle lies on top and is dealt
        # first: each place holds one card, so any card can be taken in any order.
        for card in reversed(order):
            position.transfer(lying[card].pop(), 1, pile)
        for place in targets:
            if not pile.cards:
                break
            position.transfer(pile, 1, place)
        position.emit("redealt")

    return Action("redeal", available, why, apply)


@rule("rows_in_suit_order", "condition",
      "Won when every row of the group holds one suit in order from `first` to `last`, starting "
      "at its left end.",
      ordered=("group",))
def rows_in_suit_order(group: str = "grid", first: str = "2", last: str = "K") -> Condition:
    start_text = parse_rank(first)
    length = parse_rank(last) - start_text + 1
    if length < 1:
        raise ValueError(f"'last' ({last}) must not be below 'first' ({first})")

    def test(position: Position) -> bool:
        start = _in_pack(position, start_text)
        return all(ordered_part(row, start) >= length for row in rows(position, group))

    def why(position: Position) -> str:
        return (f"Not every row runs {rank_name(start_text)} to {rank_name(parse_rank(last))} "
                "of one suit from its left end")

    return Condition(test, why)


@rule("cards_in_order", "score",
      "One point for each card in order from a row's left end (`first` upward, one suit), "
      "counted from the position.")
def cards_in_order(group: str = "grid", first: str = "2", maximum: int = 0) -> Score:
    start_text = parse_rank(first)

    def compute(position: Position) -> int:
        start = _in_pack(position, start_text)
        return sum(ordered_part(row, start) for row in rows(position, group))

    return Score(compute, {}, maximum)
