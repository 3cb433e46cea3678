"""Rules for games that gather the four cards of each rank instead of suits (Oonsoo): runs of
one rank whose suits follow a fixed order, piles started by one suit, and the win when every
pile holds one whole rank.

The suit order is a parameter (`order`, the suit letters S H D C from the bottom of a pile up),
so a game with another order is a YAML file too.
"""

from __future__ import annotations

from collections.abc import Callable

from retro.engine.bound import Accept, Auto, Condition, Keyer, Pick
from retro.engine.cards import SUIT_SYMBOLS, SUITS, Card, card_name, plain_rank
from retro.engine.position import Pile, Position
from retro.i18n import say, say_n
from retro.rules.common import a_ranks, new_key_space
from retro.rules.registry import rule


def _order(order: str) -> dict[int, int]:
    """Each suit's place in `order` ("CSHD": clubs 0, spades 1, ...); ValueError if `order` is
    not the four suit letters once each."""
    letters = order.upper()
    if sorted(letters) != sorted(SUITS):
        raise ValueError(f"order must name the four suits {SUITS} once each, not '{order}'")
    return {SUITS.index(letter): place for place, letter in enumerate(letters)}


def _follows(places: dict[int, int], upper: Card, lower: Card) -> bool:
    """`upper` may lie on `lower`: the same rank, and a suit later in the order."""
    return upper.rank == lower.rank and places[upper.suit] > places[lower.suit]


def _symbols(order: str) -> str:
    return " ".join(SUIT_SYMBOLS[SUITS.index(letter)] for letter in order.upper())


@rule(
    "pick",
    "The top card, or cards of one rank on top, each of a suit later in `order` than the card "
    "under it.",
)
def rank_set_run(order: str = "CSHD") -> Pick:
    """Oonsoo moves a set of one rank together, as Spider moves a run of one suit."""
    places = _order(order)

    def run(pile: Pile) -> int:
        cards = pile.cards
        if len(cards) <= pile.down:
            return 0
        length = 1
        while len(cards) - length > pile.down and _follows(
            places, cards[-length], cards[-length - 1]
        ):
            length += 1
        return length

    def why(pile: Pile, count: int) -> str:
        if not pile.face_up:
            return say("{pile} shows no card to move", pile=pile.id)
        return say(
            "Only cards of one rank in the order {order} move together: {run} of {pile}, "
            "not {count}",
            order=_symbols(order),
            run=run(pile),
            pile=pile.id,
            count=count,
        )

    return Pick(run, why)


@rule(
    "accept",
    "Cards go on a face-up card of their own rank whose suit comes earlier in `order` than the "
    "suit of the lowest card moved.",
)
def onto_rank_set(order: str = "CSHD") -> Accept:
    places = _order(order)
    space = new_key_space()

    def pile_keys(position: Position, pile: Pile) -> tuple[int, ...]:
        if len(pile.cards) <= pile.down:
            return ()
        top = pile.cards[-1]
        return tuple(
            space + top.rank * 4 + suit
            for suit, place in places.items()
            if place > places[top.suit]
        )

    def card_key(card: Card) -> int:
        return space + card.rank * 4 + card.suit

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return len(dst.cards) > dst.down and _follows(places, src.cards[-count], dst.cards[-1])

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        card = src.cards[-count]
        if not dst.cards:
            return say("{pile} is empty: cards go only on a card of their rank", pile=dst.id)
        if not dst.face_up:
            return say("{pile} shows no face-up card", pile=dst.id)
        return say(
            "{card} goes only on {a_rank} of a suit before it in the order {order}, not on {top}",
            card=card_name(card),
            a_rank=a_ranks(card.rank),
            order=_symbols(order),
            top=card_name(dst.cards[-1]),
        )

    return Accept(test, why, (Keyer(pile_keys, of_card=card_key),), exact=True)


@rule(
    "accept",
    "An empty pile takes only cards whose lowest card is of the given suit (S, H, D or C).",
)
def base_suit(suit: str = "C") -> Accept:
    """Oonsoo's spaces take a club: the only suit that may start a pile of one rank."""
    letter = suit.upper()
    if len(letter) != 1 or letter not in SUITS:
        raise ValueError(f"suit must be one of {' '.join(SUITS)}, not '{suit}'")
    wanted = SUITS.index(letter)
    space = new_key_space()

    def pile_keys(position: Position, pile: Pile) -> tuple[int, ...]:
        return () if pile.cards else (space,)

    def card_key(card: Card) -> int | None:
        return space if card.suit == wanted else None

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return not dst.cards and src.cards[-count].suit == wanted

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if dst.cards:
            return say("{pile} is not empty", pile=dst.id)
        return say(
            "An empty {group} pile takes only a {suit} at the bottom",
            group=dst.group.name,
            suit=SUIT_SYMBOLS[wanted],
        )

    return Accept(test, why, (Keyer(pile_keys, of_card=card_key),), exact=True)


@rule(
    "accept",
    "No card of the given suit (S, H, D or C) is laid here, and nothing is laid on one: the "
    "moving cards and the pile's top card are all of other suits.",
)
def without_suit(suit: str = "D") -> Accept:
    """Diamond Mine's columns: its diamonds go only to their foundation."""
    letter = suit.upper()
    if len(letter) != 1 or letter not in SUITS:
        raise ValueError(f"suit must be one of {' '.join(SUITS)}, not '{suit}'")
    shunned = SUITS.index(letter)

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        if dst.cards and dst.cards[-1].suit == shunned:
            return False
        return all(card.suit != shunned for card in src.cards[-count:])

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if dst.cards and dst.cards[-1].suit == shunned:
            return say("Nothing goes on a {suit} here", suit=SUIT_SYMBOLS[shunned])
        return say("No {suit} goes to {pile}", suit=SUIT_SYMBOLS[shunned], pile=dst.id)

    return Accept(test, why)


@rule(
    "condition",
    "Won when every pile of `group` holds the four cards of one rank, in `order` from the bottom.",
)
def rank_sets_complete(group: str = "tableau", order: str = "CSHD") -> Condition:
    places = _order(order)

    def complete(pile: Pile) -> bool:
        cards = pile.cards
        return (
            len(cards) == 4
            and pile.down == 0
            and all(_follows(places, cards[i + 1], cards[i]) for i in range(3))
        )

    return _every_pile_whole(group, complete)


# -- cards of one rank in any order of suits -----------------------------------------------------


def _same_rank_run(pile: Pile) -> int:
    """How many face-up cards on top of `pile` share the top card's rank."""
    cards = pile.cards
    if len(cards) <= pile.down:
        return 0
    length = 1
    while len(cards) - length > pile.down and cards[-length - 1].rank == cards[-1].rank:
        length += 1
    return length


@rule("pick", "The top card, or all the cards of one rank on top of it, in any order of suits.")
def same_rank_run() -> Pick:
    """Groups of a kind built up in any suit order move as one (the cards of a rank gathered)."""

    def why(pile: Pile, count: int) -> str:
        if not pile.face_up:
            return say("{pile} shows no card to move", pile=pile.id)
        return say(
            "Only cards of one rank move together: {run} of {pile}, not {count}",
            run=_same_rank_run(pile),
            pile=pile.id,
            count=count,
        )

    return Pick(_same_rank_run, why)


@rule(
    "accept",
    "Cards of one rank go on a face-up card of their rank, whatever the suits (with "
    "same_rank_run: groups of a kind built in any suit order).",
)
def onto_same_rank() -> Accept:
    space = new_key_space()

    def pile_keys(position: Position, pile: Pile) -> tuple[int, ...]:
        return (space + pile.cards[-1].rank,) if len(pile.cards) > pile.down else ()

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return len(dst.cards) > dst.down and src.cards[-count].rank == dst.cards[-1].rank

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        card = src.cards[-count]
        if not dst.cards:
            return say("{pile} is empty: cards go only on a card of their rank", pile=dst.id)
        if not dst.face_up:
            return say("{pile} shows no face-up card", pile=dst.id)
        return say(
            "{card} goes only on {a_rank}, not on {top}",
            card=card_name(card),
            a_rank=a_ranks(card.rank),
            top=card_name(dst.cards[-1]),
        )

    return Accept(
        test, why, (Keyer(pile_keys, of_card=lambda card: space + card.rank),), exact=True
    )


@rule(
    "accept",
    "Only `cards` cards of one rank at once, onto an empty pile (a foundation that takes a "
    "whole group of a kind together: four of a kind with cards: 4).",
)
def rank_group(cards: int = 4) -> Accept:
    if not 1 <= cards <= 52:
        raise ValueError("cards must be from 1 to 52")
    space = new_key_space()

    def pile_keys(position: Position, pile: Pile) -> tuple[int, ...]:
        return () if pile.cards else (space,)

    def card_key(src: Pile, count: int) -> int | None:
        if count != cards:
            return None
        moving = src.cards[-count:]
        return space if all(card.rank == moving[0].rank for card in moving) else None

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return not dst.cards and card_key(src, count) is not None

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if dst.cards:
            return say("{pile} is not empty", pile=dst.id)
        return say_n(
            "{pile} takes only {n} card of one rank at once",
            "{pile} takes only {n} cards of one rank at once",
            cards,
            pile=dst.id,
        )

    keyer = Keyer(pile_keys, card_key=card_key, min_count=cards, max_count=cards)
    return Accept(test, why, (keyer,), exact=True)


@rule(
    "condition",
    "Won when every pile of `group` is empty or holds `cards` face-up cards of one rank, in any "
    "order of suits (the piles a game of gathering kinds leaves empty may be any).",
)
def rank_groups_complete(group: str = "tableau", cards: int = 4) -> Condition:
    if not 1 <= cards <= 52:
        raise ValueError("cards must be from 1 to 52")

    def complete(pile: Pile) -> bool:
        held = pile.cards
        if not held:
            return True
        return len(held) == cards and pile.down == 0 and all(c.rank == held[0].rank for c in held)

    return _every_pile_whole(group, complete)


@rule(
    "accept",
    "One card onto the leftmost pile of its group showing a card of its rank on top, and only "
    "when that pile lies left of the card's own.",
    ordered=("self",),
)
def leftmost_of_rank() -> Accept:
    """First Law: a card joins the first of its rank from the left, never one further right."""

    def leftmost(position: Position, src: Pile, dst: Pile) -> Pile | None:
        rank = plain_rank(src.cards[-1])
        for pile in position.groups[dst.group.name]:
            if len(pile.cards) > pile.down and plain_rank(pile.cards[-1]) == rank:
                return pile
        return None

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return (
            count == 1
            and src.group is dst.group
            and dst.slot < src.slot
            and leftmost(position, src, dst) is dst
        )

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if count != 1:
            return say("Only one card at a time goes to {pile}", pile=dst.id)
        first = leftmost(position, src, dst) if src.group is dst.group else None
        if first is None or first.slot >= src.slot:
            return say("No card of its rank lies to the left of {pile}", pile=src.id)
        return say(
            "{card} goes only to {pile}, the first of its rank",
            card=card_name(src.cards[-1]),
            pile=first.id,
        )

    return Accept(test, why, local=False)


@rule(
    "auto",
    "When every pile of `group` shows a card of one rank on top, those cards go to `to` "
    "together (four piles: four of a kind).",
)
def tops_of_a_kind(group: str = "tableau", to: str = "foundation") -> Auto:
    """First Law: the four cards of a rank showing at once leave the table."""

    def apply(position: Position) -> bool:
        piles = position.groups[group]
        if not all(len(pile.cards) > pile.down for pile in piles):
            return False
        if len({plain_rank(pile.cards[-1]) for pile in piles}) != 1:
            return False
        target = position.groups[to][0]
        for pile in piles:
            position.transfer(pile, 1, target)
        return True

    return Auto(apply)


def _every_pile_whole(group: str, complete: Callable[[Pile], bool]) -> Condition:
    """A win by ranks: every pile of `group` `complete`, the refusal counting those still not."""

    def test(position: Position) -> bool:
        return all(complete(pile) for pile in position.groups[group])

    def why(position: Position) -> str:
        left = sum(1 for pile in position.groups[group] if not complete(pile))
        return say_n(
            "{n} pile of {group} not yet one whole rank",
            "{n} piles of {group} not yet one whole rank",
            left,
            group=group,
        )

    return Condition(test, why)
