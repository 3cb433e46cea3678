"""Building rules beyond one rank at a time from Ace to King: ranks that go round the corner
(a King on an Ace, an Ace on a King: Canfield), foundations that build up by two, three or four
(Calculation), a foundation base that the deal decides (Canfield), building up or down on
the same pile (Golf), and foundations that take a rank only once it lies on the one before
(Osmosis).

Ranks here are the thirteen of a full pack, Ace 1 to King 13. Index keys follow the library's
scheme, from its key allocator: a target offers the keys of the cards it wants, a moving card
asks for its own.
"""

from __future__ import annotations

from retro.engine.bound import Accept, Keyer, Pick
from retro.engine.cards import ACE_HIGH, JOKER, Card, card_name, rank_name
from retro.engine.position import Pile, Position
from retro.i18n import mark, say
from retro.rules.common import (
    SUIT_MODES,
    a_ranks,
    ask_key,
    new_key_space,
    offer_keys,
    run_from_top,
    suit_fits,
    suit_words,
)
from retro.rules.registry import rule


def _above(rank: int, step: int, wrap: bool) -> int | None:
    """The rank `step` above `rank`; past the King it goes round to the Ace when `wrap`."""
    higher = rank + step
    if higher <= 13:
        return higher
    return higher - 13 if wrap else None


def _below(rank: int, wrap: bool) -> int | None:
    if rank > 1:
        return rank - 1
    return 13 if wrap else None


def _shows_card(pile: Pile) -> bool:
    return len(pile.cards) > pile.down


# -- pick --------------------------------------------------------------------------------------


@rule(
    "pick",
    "The top card, or a run on top going down one rank at a time, a King on an Ace "
    "(follows: any suits, suit: one suit, color: alternating colours, same_color: one colour).",
    follows=("any", "suit", "color", "same_color"),
)
def wrapping_run(follows: str = "color") -> Pick:
    """Canfield's columns go round the corner (... 2, A, K, Q ...), so a run may too."""
    words = {
        "any": mark("in sequence"),
        "suit": mark("of one suit in sequence"),
        "color": mark("in sequence and alternating colours"),
        "same_color": mark("of one colour in sequence"),
    }[follows]

    def run(pile: Pile) -> int:
        return run_from_top(pile, follows, wrap=True)

    def why(pile: Pile, count: int) -> str:
        if not _shows_card(pile):
            return say("{pile} shows no card to move", pile=pile.id)
        return say(
            "Only a run {words} (a King may lie on an Ace) moves together: "
            "{run} of {pile}, not {count}",
            words=say(words),
            run=run(pile),
            pile=pile.id,
            count=count,
        )

    return Pick(run, why)


# -- accept ----------------------------------------------------------------------------------


@rule(
    "accept",
    "One card at a time onto a card one rank higher or lower (suit: same by default), going "
    "round from King to Ace: the first card laid on a card in any pile of `group` sets the "
    "way, up or down, for all of them; a pile of `size` cards is complete.",
    suit=SUIT_MODES,
)
def build_one_way(
    group: str = "foundation", suit: str = "same", wrap: bool = True, size: int = 13
) -> Accept:
    """Plait: the player decides whether the foundations go up or down, by the first card
    built on one; the position shows the choice, so no counter keeps it."""
    mode = suit

    def ways(position: Position) -> tuple[bool, bool]:
        """(up allowed, down allowed), read from the first pile built on."""
        for pile in position.groups[group]:
            if len(pile.cards) >= 2:
                up = pile.cards[1].rank == _above(pile.cards[0].rank, 1, wrap)
                return up, not up
        return True, True

    def fits(position: Position, card: Card, dst: Pile) -> bool:
        if not _shows_card(dst) or len(dst.cards) >= size:
            return False
        top = dst.cards[-1]
        up, down = ways(position)
        return suit_fits(mode, card, top) and (
            (up and card.rank == _above(top.rank, 1, wrap))
            or (down and card.rank == _below(top.rank, wrap))
        )

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return count == 1 and fits(position, src.cards[-1], dst)

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if count != 1:
            return say("Only one card at a time goes to {pile}", pile=dst.id)
        if not dst.cards:
            return say("{pile} is empty", pile=dst.id)
        if len(dst.cards) >= size:
            return say(
                "{pile} is complete: nothing more goes on {top}",
                pile=dst.id,
                top=card_name(dst.cards[-1]),
            )
        up, down = ways(position)
        way = (
            say("one rank up or down")
            if up and down
            else say("one rank up")
            if up
            else say("one rank down")
        )
        return say(
            "{pile} takes only a card {way}{suit} from {top}",
            pile=dst.id,
            way=way,
            suit=suit_words(mode),
            top=card_name(dst.cards[-1]),
        )

    return Accept(test, why, local=False)


@rule(
    "accept",
    "Cards go on a face-up card one rank higher, and a King on an Ace (suit: any, same, "
    "alternate colour, other, same_color: the same colour).",
    suit=SUIT_MODES,
)
def rank_below_wrap(suit: str = "alternate") -> Accept:
    """`rank_below` going round the corner, for Canfield's columns."""
    space = new_key_space()
    mode = suit

    def pile_keys(position: Position, pile: Pile) -> tuple[int, ...]:
        if not _shows_card(pile):
            return ()
        top = pile.cards[-1]
        below = _below(top.rank, True)
        assert below is not None
        return offer_keys(space, mode, below, top)

    def card_key(card: Card) -> int:
        return ask_key(space, mode, card)

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        if not _shows_card(dst):
            return False
        card, top = src.cards[-count], dst.cards[-1]
        return card.rank % 13 + 1 == top.rank and suit_fits(mode, card, top)

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        card = src.cards[-count]
        if not dst.cards:
            return say("{pile} is empty: only a card one rank lower goes on a card", pile=dst.id)
        if not _shows_card(dst):
            return say("{pile} shows no face-up card", pile=dst.id)
        return say(
            "{card} goes only on {a_rank}{suit}, not on {top}",
            card=card_name(card),
            suit=suit_words(mode),
            top=card_name(dst.cards[-1]),
            a_rank=a_ranks(card.rank % 13 + 1),
        )

    return Accept(test, why, (Keyer(pile_keys, of_card=card_key),), exact=True)


@rule(
    "accept",
    "One card at a time onto a card `by` ranks lower (a list: one step for each pile of the "
    "group in turn), going round from King to Ace with wrap; a pile of `size` cards is "
    "complete (suit: same, any, alternate colour, other, same_color: the same colour).",
    suit=SUIT_MODES,
    ordered=("self",),
)
def build_up(
    suit: str = "same", by: tuple[int, ...] = (1,), wrap: bool = False, size: int = 13
) -> Accept:
    """Foundations that are not plain Ace to King: Canfield's start anywhere and go round the
    corner, Calculation's four build by 1, 2, 3 and 4."""
    if not by or any(not 1 <= step <= 12 for step in by):
        raise ValueError("by must list steps from 1 to 12")
    space = new_key_space()
    mode = suit

    def step_of(pile: Pile) -> int:
        return by[pile.slot % len(by)]

    def wanted(pile: Pile) -> int | None:
        if not _shows_card(pile) or len(pile.cards) >= size:
            return None
        return _above(pile.cards[-1].rank, step_of(pile), wrap)

    def pile_keys(position: Position, pile: Pile) -> tuple[int, ...]:
        rank = wanted(pile)
        return () if rank is None else offer_keys(space, mode, rank, pile.cards[-1])

    def card_key(card: Card) -> int:
        return ask_key(space, mode, card)

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        if count != 1:
            return False
        rank = wanted(dst)
        card = src.cards[-1]
        return rank is not None and card.rank == rank and suit_fits(mode, card, dst.cards[-1])

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if count != 1:
            return say("Only one card at a time goes to {pile}", pile=dst.id)
        if not dst.cards:
            return say("{pile} is empty", pile=dst.id)
        rank = wanted(dst)
        if rank is None:
            return say(
                "{pile} is complete: nothing more goes on {top}",
                pile=dst.id,
                top=card_name(dst.cards[-1]),
            )
        if len(set(by)) > 1 or by[0] != 1:
            return say(
                "{pile} builds up by {step}: it takes only {a_rank}{suit} next",
                pile=dst.id,
                step=step_of(dst),
                suit=suit_words(mode),
                a_rank=a_ranks(rank),
            )
        return say(
            "{pile} takes only {a_rank}{suit} next",
            pile=dst.id,
            suit=suit_words(mode),
            a_rank=a_ranks(rank),
        )

    return Accept(test, why, (Keyer(pile_keys, of_card=card_key, max_count=1),), exact=True)


@rule(
    "accept",
    "An empty pile takes one card of the rank lying at the bottom of the group's first pile "
    "(Canfield: the card dealt there); while that pile is empty, it takes any card.",
    ordered=("group",),
)
def base_of_first(group: str = "foundation") -> Accept:
    """Canfield's foundations start from whatever rank the deal puts on the first of them."""
    space = new_key_space()
    anything = space + 15

    def base(position: Position) -> Card | None:
        first = position.groups[group][0]
        return first.cards[0] if first.cards else None

    def pile_keys(position: Position, pile: Pile) -> tuple[int, ...]:
        if pile.cards:
            return ()
        card = base(position)
        if card is None:
            return (anything,) if pile is position.groups[group][0] else ()
        return (space + card.rank,)

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        if count != 1 or dst.cards:
            return False
        card = base(position)
        if card is None:
            return dst is position.groups[group][0]
        return src.cards[-1].rank == card.rank

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if count != 1:
            return say("Only one card at a time goes to {pile}", pile=dst.id)
        if dst.cards:
            return say("{pile} is not empty", pile=dst.id)
        card = base(position)
        first = position.groups[group][0].id
        if card is None:
            return say("{pile} is started first", pile=first)
        return say(
            "An empty {group} pile takes only {a_rank}, the rank of {card} on {pile}",
            group=dst.group.name,
            card=card_name(card),
            pile=first,
            a_rank=a_ranks(card.rank),
        )

    keyers = (
        Keyer(pile_keys, of_card=lambda card: space + card.rank, max_count=1),
        Keyer(pile_keys, of_card=lambda card: anything, max_count=1),
    )
    return Accept(test, why, keyers, exact=True, local=False)


@rule(
    "accept",
    "One card at a time onto a face-up card one rank above or below it, any suit; with wrap, "
    "a King and an Ace are next to each other; with wild, a joker goes on any card and any "
    "card on a joker.",
)
def rank_next(wrap: bool = False, wild: bool = False) -> Accept:
    """Golf's pile: up or down as the player likes, so long runs can be played off. Thieves'
    jokers are wild both ways, so a joker keeps a run going from any card to any card."""
    space = new_key_space()
    any_rank = tuple(range(1, ACE_HIGH + 1))  # an Ace-high pack's Ace too

    def neighbours(top: Card) -> tuple[int, ...]:
        if top.rank == JOKER:
            return (*any_rank, JOKER) if wild else ()
        near = (_above(top.rank, 1, wrap), _below(top.rank, wrap))
        return tuple(rank for rank in near if rank is not None) + ((JOKER,) if wild else ())

    def pile_keys(position: Position, pile: Pile) -> tuple[int, ...]:
        if not _shows_card(pile):
            return ()
        return tuple(space + rank for rank in neighbours(pile.cards[-1]))

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return count == 1 and _shows_card(dst) and src.cards[-1].rank in neighbours(dst.cards[-1])

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if count != 1:
            return say("Only one card at a time goes to {pile}", pile=dst.id)
        if not _shows_card(dst):
            return say("{pile} shows no card to build on", pile=dst.id)
        top = dst.cards[-1]
        ranks = [rank for rank in neighbours(top) if rank != JOKER]
        if src.cards[-1].rank == JOKER:
            return say("A joker is not wild here: it goes on no card")
        if top.rank == JOKER:
            return say("A joker is not wild here: no card goes on it")
        return say(
            "Only a card one rank above or below goes on {top}: {a_rank}",
            top=card_name(top),
            a_rank=a_ranks(*ranks) + (say(" or a joker") if wild else ""),
        )

    return Accept(
        test,
        why,
        (Keyer(pile_keys, of_card=lambda card: space + card.rank, max_count=1),),
        exact=True,
    )


@rule(
    "accept",
    "One card of the pile's own suit (the suit of its bottom card), in any order of ranks: "
    "on the group's first pile any rank, on each later pile only a rank that already lies "
    "on the pile before it.",
    ordered=("self",),
)
def rank_on_previous() -> Accept:
    """Osmosis: cards seep down from one foundation to the next, each rank let through only
    once it has reached the foundation above."""
    space = new_key_space()

    def previous(position: Position, pile: Pile) -> Pile | None:
        piles = position.groups[pile.group.name]
        return piles[pile.slot - 1] if pile.slot else None

    def ranks_let_through(position: Position, pile: Pile) -> set[int]:
        before = previous(position, pile)
        return set(range(1, 14)) if before is None else {card.rank for card in before.cards}

    def pile_keys(position: Position, pile: Pile) -> tuple[int, ...]:
        if not _shows_card(pile):
            return ()
        suit = pile.cards[0].suit
        return tuple(space + suit * 16 + rank for rank in ranks_let_through(position, pile))

    def card_key(card: Card) -> int:
        return space + card.suit * 16 + card.rank

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        if count != 1 or not _shows_card(dst):
            return False
        card = src.cards[-1]
        return card.suit == dst.cards[0].suit and card.rank in ranks_let_through(position, dst)

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if count != 1:
            return say("Only one card at a time goes to {pile}", pile=dst.id)
        if not dst.cards:
            return say("{pile} is empty", pile=dst.id)
        card, bottom = src.cards[-1], dst.cards[0]
        if card.suit != bottom.suit:
            return say(
                "{pile} takes only cards of the suit of {card}", pile=dst.id, card=card_name(bottom)
            )
        before = previous(position, dst)
        assert before is not None
        return say(
            "{card} goes to {pile} only once {a_rank} lies on {before}",
            card=card_name(card),
            pile=dst.id,
            a_rank=a_ranks(card.rank),
            before=before.id,
        )

    return Accept(
        test, why, (Keyer(pile_keys, of_card=card_key, max_count=1),), exact=True, local=False
    )


@rule(
    "accept",
    "One card at a time onto a card whose rank times `factor`, less 13 as often as it goes "
    "(J 11, Q 12), is its own, any suit: with 2, Doublets' A 2 4 8 3 6 Q J 9 5 10 7. A King, "
    "13 times anything, never follows.",
)
def rank_times(factor: int = 2) -> Accept:
    """Doublets: each card is the double of the one below it, counted round thirteen."""
    if not 2 <= factor <= 12:
        raise ValueError("factor must be from 2 to 12")
    space = new_key_space()

    def wanted(pile: Pile) -> int | None:
        if len(pile.cards) <= pile.down:
            return None
        rank = pile.cards[-1].rank * factor % 13
        return rank or None

    def pile_keys(position: Position, pile: Pile) -> tuple[int, ...]:
        rank = wanted(pile)
        return () if rank is None else (space + rank,)

    def card_key(card: Card) -> int:
        return space + card.rank

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return count == 1 and wanted(dst) == src.cards[-1].rank

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if count != 1:
            return say("Only one card at a time goes to {pile}", pile=dst.id)
        rank = wanted(dst)
        if rank is None:
            return say("{pile} shows no card to build on", pile=dst.id)
        return say("{pile} takes only {a_rank} next", pile=dst.id, a_rank=a_ranks(rank))

    return Accept(test, why, (Keyer(pile_keys, of_card=card_key, max_count=1),), exact=True)


# -- one way or the other ------------------------------------------------------------------


def _onward(pile: Pile) -> tuple[int, ...]:
    """The ranks a pile may take next: one above and one below its top card, or, once its top
    two face-up cards go one way, only the next that way (none if they are not in sequence)."""
    top = pile.cards[-1]
    ranks: tuple[int, ...]
    if len(pile.cards) - pile.down < 2:
        ranks = (top.rank + 1, top.rank - 1)
    elif pile.cards[-2].rank + 1 == top.rank:
        ranks = (top.rank + 1,)
    elif pile.cards[-2].rank == top.rank + 1:
        ranks = (top.rank - 1,)
    else:
        ranks = ()
    return tuple(rank for rank in ranks if 1 <= rank <= 13)


@rule(
    "accept",
    "One card at a time onto a face-up card one rank above or below it (suit as for "
    "rank_below; same by default); once the pile's top two cards go up or down, only onward "
    "that way.",
    suit=SUIT_MODES,
)
def rank_onward(suit: str = "same") -> Accept:
    """Union Square's columns: each may go up or down, and its first two cards choose which."""
    space = new_key_space()
    mode = suit

    def pile_keys(position: Position, pile: Pile) -> tuple[int, ...]:
        if not _shows_card(pile):
            return ()
        top = pile.cards[-1]
        return tuple(key for rank in _onward(pile) for key in offer_keys(space, mode, rank, top))

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        if count != 1 or not _shows_card(dst):
            return False
        card = src.cards[-1]
        return card.rank in _onward(dst) and suit_fits(mode, card, dst.cards[-1])

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if count != 1:
            return say("Only one card at a time goes to {pile}", pile=dst.id)
        if not _shows_card(dst):
            return say("{pile} shows no card to build on", pile=dst.id)
        top = dst.cards[-1]
        ranks = _onward(dst)
        if not ranks:
            return say("{pile} goes on no further from {top}", pile=dst.id, top=card_name(top))
        return say(
            "Only {a_rank}{suit} goes on {top} now",
            a_rank=a_ranks(*ranks),
            suit=suit_words(mode),
            top=card_name(top),
        )

    return Accept(
        test,
        why,
        (Keyer(pile_keys, of_card=lambda card: ask_key(space, mode, card), max_count=1),),
        exact=True,
    )


def _up_then_down_next(pile: Pile) -> int:
    """The rank a pile going Ace to King and back wants next (0: none, it is complete)."""
    height = len(pile.cards)
    if height < 13:
        return height + 1
    if height == 13:
        return 13
    return 26 - height if height < 26 else 0


@rule(
    "accept",
    "One card at a time, in one suit: an empty pile takes an Ace of a suit no other pile of "
    "its group holds, then the pile goes up to the King, takes a second King and goes back "
    "down to the Ace (two packs: 26 cards).",
)
def up_then_down() -> Accept:
    """Union Square's foundations: each suit of both packs on one pile, there and back."""

    def started(position: Position, dst: Pile, card: Card) -> bool:
        return any(
            pile is not dst and pile.cards and pile.cards[0].suit == card.suit
            for pile in position.groups[dst.group.name]
        )

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        if count != 1:
            return False
        card = src.cards[-1]
        if not dst.cards:
            return card.rank == 1 and not started(position, dst, card)
        return card.suit == dst.cards[0].suit and card.rank == _up_then_down_next(dst)

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if count != 1:
            return say("Only one card at a time goes to {pile}", pile=dst.id)
        card = src.cards[-1]
        if not dst.cards:
            if card.rank != 1:
                return say("An empty {pile} takes only an Ace", pile=dst.id)
            return say("Another pile holds the {card}'s suit already", card=card_name(card))
        wanted = _up_then_down_next(dst)
        if not wanted:
            return say("{pile} is complete", pile=dst.id)
        return say(
            "{pile} takes only the {rank} of its suit next", pile=dst.id, rank=rank_name(wanted)
        )

    return Accept(test, why, local=False)
