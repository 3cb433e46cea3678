"""Rules that read a value the deal decided: a deal step's `remember: NAME` keeps the rank of a
dealt card in the counter NAME (a counter, so saves and undo keep it like everything else), and
these rules use it later, on foundations and on empty columns alike, and in the rest of the
deal itself.
"""

from __future__ import annotations

from retro.engine.bound import Accept, Auto, Deal, Keyer
from retro.engine.cards import Card, card_name, parse_rank, plain_rank
from retro.engine.position import Pile, Position
from retro.i18n import say
from retro.rules.common import a_ranks, new_key_space
from retro.rules.registry import rule


def _rank(position: Position, counter: str, offset: int) -> int:
    """The remembered rank moved `offset` ranks on, going round (0: nothing remembered)."""
    kept = position.counters.get(counter, 0)
    return (kept - 1 + offset) % 13 + 1 if kept else 0


@rule(
    "accept",
    "An empty pile takes only a card of the rank the deal kept in `counter` (a deal step's "
    "`remember`), or `offset` ranks from it, going round (-1: one rank below).",
)
def remembered_base(counter: str = "base", offset: int = 0) -> Accept:
    """Canfield's family: the foundations start at a rank the deal chose, and in some of its
    games the empty columns take the rank just below it."""
    if not -12 <= offset <= 12:
        raise ValueError("offset must be from -12 to 12")
    space = new_key_space()

    def pile_keys(position: Position, pile: Pile) -> tuple[int, ...]:
        rank = _rank(position, counter, offset)
        return (space + rank,) if rank and not pile.cards else ()

    def card_key(card: Card) -> int:
        return space + plain_rank(card)

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        rank = _rank(position, counter, offset)
        return not dst.cards and bool(rank) and plain_rank(src.cards[-count]) == rank

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if dst.cards:
            return say("{pile} is not empty", pile=dst.id)
        rank = _rank(position, counter, offset)
        if not rank:
            return say("No rank kept under '{counter}' yet: the deal sets it", counter=counter)
        return say(
            "An empty {group} pile takes only {a_rank}, not {card}",
            group=dst.group.name,
            a_rank=a_ranks(rank),
            card=card_name(src.cards[-count]),
        )

    return Accept(test, why, (Keyer(pile_keys, of_card=card_key),), exact=True, local=False)


@rule(
    "accept",
    "Cards move together only while none of them lies on a card of the rank the deal kept in "
    "`counter`: a run lifted from a pile ends with a card of that rank.",
)
def stops_at_base(counter: str = "base") -> Accept:
    """Agnes: a column's run may go round the corner but never on past the foundations' base,
    so the base card is the end of any run lifted on top of it."""

    def blocked(position: Position, src: Pile, count: int) -> Card | None:
        rank = _rank(position, counter, 0)
        moving = src.cards[len(src.cards) - count : -1]
        return next((card for card in moving if plain_rank(card) == rank), None)

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return blocked(position, src, count) is None

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        card = blocked(position, src, count)
        return say(
            "A run stops at the base rank: nothing moves together with the card lying on {card}",
            card=card_name(card) if card else "",
        )

    return Accept(test, why, local=False)


@rule(
    "accept",
    "Only onto a face-up top card of the rank the deal kept in `counter`; with `not`, never "
    "onto one: `{not: {top_is_base: {counter: base}}}` puts nothing on a base-rank card.",
)
def top_is_base(counter: str = "base") -> Accept:
    """Lady Jane: a column that reaches the base rank is finished there, since the card below
    the base belongs at the far end of its foundation."""

    def shown(dst: Pile) -> Card | None:
        return dst.cards[-1] if len(dst.cards) > dst.down else None

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        top = shown(dst)
        return top is not None and plain_rank(top) == _rank(position, counter, 0)

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        top = shown(dst)
        if top is None:
            return say("{pile} shows no face-up card", pile=dst.id)
        return say(
            "Cards go only on {a_rank}, not on {top}",
            a_rank=a_ranks(_rank(position, counter, 0)),
            top=card_name(top),
        )

    def holds(position: Position, src: Pile, count: int, dst: Pile) -> str:
        top = shown(dst)
        return say(
            "Nothing goes on the base rank: {pile} shows {top}",
            pile=dst.id,
            top=card_name(top) if top else "",
        )

    return Accept(test, why, holds=holds, local=False)


@rule(
    "deal",
    "Every card of the rank the deal kept in `counter` that is still in the pack, face up, "
    "one a pile round the step's piles, in the order the pack would deal them.",
)
def remembered_rank(counter: str = "base") -> Deal:
    """Penguin: the card dealt first (the beak) decides the base rank, and the other cards of
    that rank go straight to the foundations before the columns are dealt."""

    def lay(position: Position, pack: list[Card], piles: list[Pile]) -> None:
        rank = position.counters.get(counter, 0)
        fellows = [card for card in reversed(pack) if plain_rank(card) == rank]
        for n, card in enumerate(fellows):
            del pack[len(pack) - 1 - pack[::-1].index(card)]
            piles[n % len(piles)].cards.append(card)

    return Deal(lay)


@rule(
    "deal",
    "One face-up card on each of the step's piles, passing over the cards of `ranks` (one "
    "character a rank, T for 10): those are set aside and, once the step is done, are the next "
    "cards of the pack, in their order (a stock dealt with `rest` then holds them at its "
    "bottom, to come out last).",
)
def passing_over(ranks: str = "K") -> Deal:
    """Doublets: a King dealt to the reserve would never move, so it goes under the stock."""
    try:
        skipped = frozenset(parse_rank(char) for char in ranks)
    except ValueError as error:
        raise ValueError(f"ranks: {error}") from None
    if not ranks or len(skipped) == 13:
        raise ValueError("ranks must name from one to twelve ranks")

    def lay(position: Position, pack: list[Card], piles: list[Pile]) -> None:
        aside: list[Card] = []
        for pile in piles:
            while pack and plain_rank(pack[-1]) in skipped:  # the pack is dealt from its end
                aside.append(pack.pop())
            if not pack:
                break
            pile.cards.append(pack.pop())
        pack.extend(reversed(aside))

    return Deal(lay)


@rule(
    "deal",
    "One face-up card on each of the step's piles, but a card of `ranks` (one character a rank, "
    "T for 10) is set aside and its pile left empty; once the step is done, the cards set "
    "aside are the next cards of the pack, in their order.",
)
def leaving_out(ranks: str = "K") -> Deal:
    """Maze: the Kings are taken out of the laid-out pack, and where they fell stay the gaps."""
    try:
        left_out = frozenset(parse_rank(char) for char in ranks)
    except ValueError as error:
        raise ValueError(f"ranks: {error}") from None
    if not ranks:
        raise ValueError("ranks must name one rank at least")

    def lay(position: Position, pack: list[Card], piles: list[Pile]) -> None:
        aside: list[Card] = []
        for pile in piles:
            if not pack:
                break
            card = pack.pop()  # the pack is dealt from its end
            if plain_rank(card) in left_out:
                aside.append(card)
            else:
                pile.cards.append(card)
        pack.extend(reversed(aside))

    return Deal(lay)


@rule(
    "auto",
    "Once a pile of `group` holds a card and nothing is kept in `counter` yet, the rank of that "
    "pile's bottom card is kept there: a base chosen by play, read then by the rules that read "
    "a rank the deal kept.",
)
def remember_base(group: str = "foundation", counter: str = "base") -> Auto:
    """Hamilton: the player picks the start card, and the columns' rules then need its rank
    just as Agnes's need the rank the deal turned up."""

    def apply(position: Position) -> bool:
        if position.counters.get(counter, 0):
            return False
        started = next((pile for pile in position.groups[group] if pile.cards), None)
        if started is not None:
            position.counters[counter] = plain_rank(started.cards[0])
        return False

    return Auto(apply)
