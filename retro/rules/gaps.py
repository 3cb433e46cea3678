"""Rules for the Gaps family (Montana, Blue Moon, ...): rows of single cards built in suit order
from the left end, gaps to fill, and redeals of what is not yet in order.

The place rules (`fills_gap`, `source_left_gap`) serve 7 to Ace too, which lays out its rows the
same way; `in_line` and `close_up` serve the grids of pairs whose gaps close by themselves
(Quatorze, Neighbor), and the `line` rules a grid read as one line, row after row (Maze).
Which rank starts a row, how many redeals, which group holds the rows: all parameters, so a
new member of the family is a YAML file.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from retro.engine.bound import Accept, Action, Auto, Condition, Keyer, Score
from retro.engine.cards import (
    Card,
    card_name,
    parse_rank,
    plain_rank,
    rank_name,
    seed_derived_from,
    shuffle,
)
from retro.engine.position import Pile, Position
from retro.i18n import say
from retro.rules.common import REDEALS, a_rank, a_ranks, new_key_space, rank_in_pack
from retro.rules.registry import rule


def _in_pack(position: Position, rank: int) -> int:
    """An Ace is 14 in an Ace-high pack: the rank as this game's cards carry it."""
    return 14 if rank == 1 and position.gdef.deck.ace_high else rank


def rows(position: Position, group: str) -> list[list[Pile]]:
    """The group's piles cut into rows of `columns` places (one row when it has no columns)."""
    piles = position.groups[group]
    width = piles[0].group.layout.columns or len(piles)
    return [piles[i : i + width] for i in range(0, len(piles), width)]


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
        rest = row[ordered_part(row, start) :]
        sources.extend(pile for pile in rest if pile.cards)
        targets.extend(rest[1:])
    return sources, targets


@rule(
    "action",
    "Redeal (`limit` times a game): the cards not yet in order from each row's left end "
    "(`first` upward, one suit) are shuffled and dealt back, one gap right after each row's "
    "ordered part; only if `allowed`.",
    ordered=("group",),
)
def gaps_redeal(
    group: str = "grid", first: str = "2", limit: int = 2, allowed: Condition | None = None
) -> Action:
    """Removed cards (Montana's Aces) take no part: shuffling them in, dealing them and taking
    them out again, as some books say, leaves the same gaps and the same chances."""
    start_text = parse_rank(first)
    if limit < 1:
        raise ValueError("limit must be 1 or more")

    def available(position: Position, pile: Pile) -> bool:
        if position.counters.get(REDEALS, 0) >= limit:
            return False
        if allowed is not None and not allowed.test(position):
            return False
        start = _in_pack(position, start_text)
        return any(
            pile.cards for row in rows(position, group) for pile in row[ordered_part(row, start) :]
        )

    def why(position: Position, pile: Pile) -> str:
        if position.counters.get(REDEALS, 0) >= limit:
            return say("No redeal left: {limit} per game, all used", limit=limit)
        if allowed is not None and not allowed.test(position):
            return allowed.why(position)
        return say("Every card is in order already: nothing to redeal")

    def apply(position: Position, pile: Pile) -> None:
        number = position.counters.get(REDEALS, 0) + 1
        position.bump(REDEALS)
        sources, targets = _out_of_order(position, group, _in_pack(position, start_text))
        lying: dict[Card, list[Pile]] = {}
        for place in sources:
            lying.setdefault(place.cards[-1], []).append(place)
        order = shuffle(
            [place.cards[-1] for place in sources], seed_derived_from(position.seed, number)
        )
        # Gathered last card first, so the first card of the shuffle lies on top and is dealt
        # first: each place holds one card, so any card can be taken in any order.
        for card in reversed(order):
            position.transfer(lying[card].pop(), 1, pile)
        for place in targets:
            if not pile.cards:
                break
            position.transfer(pile, 1, place)
        position.emit("redealt")

    return Action("redeal", available, why, apply, redeals=limit)


@rule(
    "condition",
    "Won when every row of the group holds one suit in order from `first` to `last`, starting "
    "at its left end.",
    ordered=("group",),
)
def rows_in_suit_order(group: str = "grid", first: str = "2", last: str = "K") -> Condition:
    start_text = parse_rank(first)
    length = parse_rank(last) - start_text + 1
    if length < 1:
        raise ValueError(f"'last' ({last}) must not be below 'first' ({first})")

    def test(position: Position) -> bool:
        start = _in_pack(position, start_text)
        return all(ordered_part(row, start) >= length for row in rows(position, group))

    def why(position: Position) -> str:
        return say(
            "Not every row runs {first} to {last} of one suit from its left end",
            first=rank_name(start_text),
            last=rank_name(parse_rank(last)),
        )

    return Condition(test, why)


@rule(
    "score",
    "One point for each card in order from a row's left end (`first` upward, one suit), "
    "counted from the position.",
)
def cards_in_order(group: str = "grid", first: str = "2", maximum: int = 0) -> Score:
    start_text = parse_rank(first)

    def compute(position: Position) -> int:
        start = _in_pack(position, start_text)
        return sum(ordered_part(row, start) for row in rows(position, group))

    return Score(compute, {}, maximum)


# -- places in the rows ------------------------------------------------------------------------


def neighbour(position: Position, pile: Pile, offset: int) -> Pile | None:
    """The pile `offset` places along the same grid row (rows never wrap), or None."""
    group = pile.group
    columns = group.layout.columns or group.count
    column = pile.slot % columns + offset
    if not 0 <= column < columns:
        return None
    return position.groups[group.name][pile.slot + offset]


@rule(
    "accept",
    "A gap takes one card: the same suit, one rank above its left neighbour (sides: left, "
    "both: or one below its right neighbour); a gap at a row's start takes `first` (or nothing).",
    sides=("both", "left"),
    ordered=("self",),
)
def fills_gap(sides: str = "both", first: str = "") -> Accept:
    space = new_key_space()
    both = sides == "both"
    first_rank = first.upper()

    def pile_keys(position: Position, pile: Pile) -> tuple[int, ...]:
        if pile.cards:
            return ()
        keys = []
        left = neighbour(position, pile, -1)
        if left is None:
            if first_rank:
                keys.append(space + 1)
        elif left.cards:
            top = left.cards[-1]
            keys.append(space + 8 + (top.rank + 1) * 4 + top.suit)
        if both:
            right = neighbour(position, pile, 1)
            if right is not None and right.cards:
                top = right.cards[-1]
                keys.append(space + 8 + (top.rank - 1) * 4 + top.suit)
        return tuple(keys)

    def card_key(card: Card) -> int:
        return space + 8 + card.rank * 4 + card.suit

    def first_key(card: Card) -> int | None:
        return space + 1 if rank_name(card.rank) == first_rank else None

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        if count != 1 or dst.cards:
            return False
        offered = pile_keys(position, dst)
        card = src.cards[-1]
        return card_key(card) in offered or first_key(card) in offered

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if dst.cards:
            return say("{pile} is not a gap", pile=dst.id)
        if count != 1:
            return say("Only one card at a time fills a gap")
        offers: list[str] = []  # a card's name, or a row's first rank
        left = neighbour(position, dst, -1)
        if left is None:
            if first_rank:
                offers.append(a_rank(first_rank))
        elif left.cards:
            top = left.cards[-1]
            above = rank_in_pack(position, top.rank + 1)
            if above is not None:
                offers.append(card_name(Card(above, top.suit)))
        right = neighbour(position, dst, 1) if both else None
        if right is not None and right.cards:
            top = right.cards[-1]
            below = rank_in_pack(position, top.rank - 1)
            if below is not None:
                offers.append(card_name(Card(below, top.suit)))
        rule_text = (
            say(
                "A gap takes the same suit one rank above its left neighbour or one "
                "below its right neighbour"
            )
            if both
            else say("A gap takes the same suit one rank above its left neighbour")
        )
        if first_rank:
            rule_text = say(
                "{rule} (at a row's start: {a_rank})", rule=rule_text, a_rank=a_ranks(first_rank)
            )
        if not offers:
            return say("{rule}: nothing fits {pile} now", rule=rule_text, pile=dst.id)
        return say(
            "{rule}: {pile} takes only {a_rank}",
            rule=rule_text,
            pile=dst.id,
            a_rank=say(" or ").join(offers),
        )

    keyers = (Keyer(pile_keys, of_card=card_key, max_count=1),) + (
        (Keyer(pile_keys, of_card=first_key, max_count=1),) if first_rank else ()
    )
    return Accept(test, why, keyers, exact=True, local=False)


@rule(
    "accept",
    "Only from a place whose left neighbour is a gap (never from a row's first place).",
    ordered=("self",),
)
def source_left_gap() -> Accept:
    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        left = neighbour(position, src, -1)
        return left is not None and not left.cards

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if neighbour(position, src, -1) is None:
            return say(
                "A card in a row's first place never goes to {group} directly", group=dst.group.name
            )
        return say("A card goes to {group} only with a gap on its left", group=dst.group.name)

    return Accept(test, why, local=False)


# -- grids whose gaps close by themselves --------------------------------------------------------


@rule(
    "accept",
    "Only onto a place in the same row or the same column of its group's grid.",
    ordered=("self",),
)
def in_line() -> Accept:
    """Quatorze's pairs lie anywhere along one row or one column of the grid as it lies."""

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        if src.group is not dst.group:
            return False
        columns = dst.group.layout.columns or dst.group.count
        return (
            src.slot // columns == dst.slot // columns or src.slot % columns == dst.slot % columns
        )

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        return say("{pile} and {other} share no row or column", pile=src.id, other=dst.id)

    return Accept(test, why, local=False)


@rule(
    "auto",
    "The cards of `group` move up into its gaps by themselves, in reading order, so the gaps "
    "gather at its end; those are then filled from `source` while it has cards (none named: "
    "they stay empty).",
    ordered=("group",),
)
def close_up(group: str = "grid", source: str = "") -> Auto:
    """Neighbor and Quatorze close their grids after every pair, where Monte Carlo waits for the
    player's key (the action close_gaps)."""

    def apply(position: Position) -> bool:
        places = position.groups[group]
        changed = False
        free = 0
        for place in places:
            if place.cards:
                if place is not places[free]:
                    position.transfer(place, len(place.cards), places[free])
                    changed = True
                free += 1
        givers = position.groups[source] if source else []
        for place in places[free:]:
            giver = next((pile for pile in givers if pile.cards), None)
            if giver is None:
                break
            position.transfer(giver, 1, place)
            changed = True
        return changed

    return Auto(apply)


# -- a grid read as one line ---------------------------------------------------------------------


def _follows(lower: Card, higher: Card, top: int) -> bool:
    """`higher` comes next after `lower` in the line: the same suit one rank up, or after the
    top rank an Ace of any suit (the next suit starts)."""
    if plain_rank(higher) == 1 and plain_rank(lower) == top:
        return True
    return higher.suit == lower.suit and plain_rank(higher) == plain_rank(lower) + 1


def _top_rank(top: str) -> int:
    try:
        return parse_rank(top)
    except ValueError as error:
        raise ValueError(f"top: {error}") from None


@rule(
    "accept",
    "The places of the group read as one line, row after row: a gap takes one card that comes "
    "next after the card before it or just before the card after it (the same suit one rank "
    "apart; an Ace of any suit after the `top` rank); the line's first place takes an Ace and "
    "its last the `top` rank.",
    ordered=("self",),
)
def fills_line_gap(top: str = "K") -> Accept:
    """Maze: the suits follow one another round the whole grid, so a row's end is no wall."""
    high = _top_rank(top)

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        if count != 1 or dst.cards or src.group is not dst.group:
            return False
        card = src.cards[-1]
        places = position.groups[dst.group.name]
        slot = dst.slot
        if slot == 0:
            after_ok = plain_rank(card) == 1
        else:
            before = places[slot - 1].cards
            after_ok = bool(before) and _follows(before[-1], card, high)
        if slot == len(places) - 1:
            before_ok = plain_rank(card) == high
        else:
            after = places[slot + 1].cards
            before_ok = bool(after) and _follows(card, after[-1], high)
        return after_ok or before_ok

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if dst.cards:
            return say("{pile} is not a gap", pile=dst.id)
        if count != 1:
            return say("Only one card at a time fills a gap")
        return say(
            "{card} neither follows the card before {pile} nor comes just before the card after it",
            card=card_name(src.cards[-1]),
            pile=dst.id,
        )

    return Accept(test, why, local=False)


def _line_order(position: Position, group: str, high: int) -> int:
    """How many cards of the line, gaps skipped, lie in order: an Ace first, then each card
    that follows the one before it."""
    cards = [pile.cards[-1] for pile in position.groups[group] if pile.cards]
    if not cards:
        return 0
    count = 1 if plain_rank(cards[0]) == 1 else 0
    return count + sum(_follows(a, b, high) for a, b in pairwise(cards))


@rule(
    "condition",
    "Won when the cards of the group, read as one line with its gaps skipped, run from an Ace "
    "up to the `top` rank of one suit, then the next suit from its Ace, and so on.",
    ordered=("group",),
)
def line_in_order(group: str = "grid", top: str = "K") -> Condition:
    high = _top_rank(top)

    def test(position: Position) -> bool:
        cards = sum(1 for pile in position.groups[group] if pile.cards)
        return _line_order(position, group, high) == cards

    def why(position: Position) -> str:
        return say("The line does not yet run suit after suit from an Ace")

    return Condition(test, why)


@rule(
    "score",
    "One point for each card of the line that follows the card before it (gaps skipped), and "
    "one for an Ace first, counted from the position.",
)
def cards_in_line(group: str = "grid", top: str = "K", maximum: int = 0) -> Score:
    high = _top_rank(top)

    def compute(position: Position) -> int:
        return _line_order(position, group, high)

    return Score(compute, {}, maximum)
