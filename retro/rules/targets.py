"""Rules on the pile cards land on, whatever they build: how many cards it may hold ("at most
three"), the rank of its top card ("nothing goes on a King", with `not`), a base rank the
first card played to any pile of its group sets for all of them, and couples of named ranks
of one suit made there and sent on together (King's Audience's King and Queen).

The first two are tested, not indexed: combined in an `all` with an indexed rule, that rule
finds the candidates and these only confirm them.
"""

from __future__ import annotations

from retro.engine.bound import Accept, Auto, Keyer
from retro.engine.cards import Card, card_name, parse_rank, plain_rank
from retro.engine.position import Pile, Position
from retro.i18n import say, say_n
from retro.rules.common import a_ranks, auto_on_groups, new_key_space
from retro.rules.registry import rule


@rule(
    "accept",
    "A pile holds at most `cards` cards: no move may put more on it (0: no move puts any there).",
)
def at_most(cards: int = 1) -> Accept:
    """A limit on a pile's height (a cell of two, a reserve of three, a spot never refilled)."""
    if cards < 0:
        raise ValueError("cards must be 0 or more")

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return len(dst.cards) + count <= cards

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        return say_n(
            "{pile} holds at most {n} card ({held} now)",
            "{pile} holds at most {n} cards ({held} now)",
            cards,
            pile=dst.id,
            held=len(dst.cards),
        )

    def holds(position: Position, src: Pile, count: int, dst: Pile) -> str:
        return say_n(
            "Not while {pile} would hold {n} card or fewer",
            "Not while {pile} would hold {n} cards or fewer",
            cards,
            pile=dst.id,
        )

    return Accept(test, why, holds=holds)


@rule(
    "accept",
    "Only onto a face-up top card of one of the given ranks (`ranks`: one character a rank, T "
    "or 10 for 10: `QK`); with `not`, never onto them: `{not: {top_is: {ranks: K}}}` puts "
    "nothing on a King.",
)
def top_is(ranks: str = "K") -> Accept:
    """The rank of the card a move lands on, asked alone: whatever else builds there."""
    wanted = frozenset(parse_rank(letter) for letter in ranks.upper().replace("10", "T"))
    if not wanted:
        raise ValueError("ranks must name one rank at least")
    named = a_ranks(*sorted(wanted))

    def shown(dst: Pile) -> Card | None:
        return dst.cards[-1] if len(dst.cards) > dst.down else None

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        top = shown(dst)
        return top is not None and plain_rank(top) in wanted

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        top = shown(dst)
        if top is None:
            return say("{pile} shows no face-up card", pile=dst.id)
        return say(
            "Cards go only on {a_rank}, not on {top}",
            a_rank=a_ranks(*sorted(wanted)),
            top=card_name(top),
        )

    def holds(position: Position, src: Pile, count: int, dst: Pile) -> str:
        top = shown(dst)
        assert top is not None
        return say(
            "Nothing goes on {a_rank}: {pile} shows {top}",
            a_rank=named,
            pile=dst.id,
            top=card_name(top),
        )

    return Accept(test, why, holds=holds)


@rule(
    "accept",
    "An empty pile takes one card of the rank of the first card played to any pile of `group` "
    "(the first foundation started sets the base of all); while every pile of the group is "
    "empty, it takes any card.",
)
def shared_base(group: str = "foundation") -> Accept:
    """A base chosen by play, not by the deal: whichever foundation the player starts first."""
    space = new_key_space()
    anything = space + 15

    def base(position: Position) -> Card | None:
        return next((pile.cards[0] for pile in position.groups[group] if pile.cards), None)

    def pile_keys(position: Position, pile: Pile) -> tuple[int, ...]:
        if pile.cards:
            return ()
        card = base(position)
        return (anything,) if card is None else (space + card.rank,)

    def card_key(card: Card) -> int:
        return space + card.rank

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        if count != 1 or dst.cards:
            return False
        card = base(position)
        return card is None or src.cards[-1].rank == card.rank

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if count != 1:
            return say("Only one card at a time goes to {pile}", pile=dst.id)
        if dst.cards:
            return say("{pile} is not empty", pile=dst.id)
        card = base(position)
        assert card is not None
        return say(
            "An empty {group} pile takes only {a_rank}, the rank the first {group} card set",
            group=dst.group.name,
            a_rank=a_ranks(card.rank),
        )

    keys = (
        Keyer(pile_keys, of_card=card_key, max_count=1),
        Keyer(pile_keys, of_card=lambda card: anything, max_count=1),
    )
    return Accept(test, why, keys, exact=True, local=False)


# -- couples of named ranks ------------------------------------------------------------------


def _couples(pairs: str) -> list[tuple[int, int]]:
    """`KQ AJ` to [(13, 12), (1, 11)]: two characters a couple (T for the 10)."""
    words = pairs.upper().split()
    if not words or any(len(word) != 2 or word[0] == word[1] for word in words):
        raise ValueError("pairs names couples of two different ranks, like 'KQ AJ'")
    try:
        return [(parse_rank(word[0]), parse_rank(word[1])) for word in words]
    except ValueError as error:
        raise ValueError(f"pairs: {error}") from None


@rule(
    "accept",
    "One card onto a face-up card of its suit that makes one of the couples of ranks named in "
    "`pairs` with it, either on the other (`KQ AJ`: a King and a Queen, an Ace and a Jack).",
)
def couples(pairs: str = "KQ") -> Accept:
    """King's Audience: a King meets its Queen, an Ace its Jack, wherever the two lie."""
    wanted = [frozenset(couple) for couple in _couples(pairs)]

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        if count != 1 or len(dst.cards) <= dst.down:
            return False
        card, top = src.cards[-1], dst.cards[-1]
        return card.suit == top.suit and frozenset((plain_rank(card), plain_rank(top))) in wanted

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if count != 1:
            return say("Only one card at a time goes to {pile}", pile=dst.id)
        return say(
            "{card} makes no couple ({pairs}) of one suit with the top card of {pile}",
            card=card_name(src.cards[-1]),
            pairs=pairs,
            pile=dst.id,
        )

    return Accept(test, why, local=False)


@rule(
    "auto",
    "A couple of `ranks` of one suit on top of a pile of `groups` (its top two face-up cards) "
    "goes at once to the first empty pile of `to`, the first rank named lying under the second.",
)
def send_couple(groups: tuple[str, ...], ranks: str = "KQ", to: str = "foundation") -> Auto:
    """King's Audience: a King and Queen go to a throne, an Ace and Jack start a foundation
    with the Jack on top, to be built down from there."""
    ((under, over),) = _couples(ranks)

    def send(position: Position, piles: list[Pile]) -> bool:
        changed = False
        for pile in piles:
            cards = pile.cards
            if len(cards) - pile.down < 2 or cards[-1].suit != cards[-2].suit:
                continue
            shown = (plain_rank(cards[-2]), plain_rank(cards[-1]))
            if shown not in ((under, over), (over, under)):
                continue
            target = next((p for p in position.groups[to] if not p.cards), None)
            if target is None:
                continue
            if shown == (under, over):
                position.transfer(pile, 2, target)
            else:  # one at a time, so the card on top comes to lie under
                position.transfer(pile, 1, target)
                position.transfer(pile, 1, target)
            changed = True
        return changed

    return auto_on_groups(groups, send)


@rule(
    "accept",
    "Only cards of the given ranks are moved here (`ranks`: one character a rank, T or 10 for "
    "10: `A23456789TK`); the lowest card moved counts.",
)
def moving_is(ranks: str = "K") -> Accept:
    """Places kept for some ranks: Camelot's corners take Kings, never Queens or Jacks."""
    wanted = frozenset(parse_rank(letter) for letter in ranks.upper().replace("10", "T"))
    if not wanted:
        raise ValueError("ranks must name one rank at least")

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return plain_rank(src.cards[-count]) in wanted

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        return say(
            "{pile} takes only {a_rank}, not {card}",
            pile=dst.id,
            a_rank=a_ranks(*sorted(wanted)),
            card=card_name(src.cards[-count]),
        )

    return Accept(test, why)
