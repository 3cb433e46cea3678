"""Building rules beyond one rank at a time from Ace to King: ranks that go round the corner
(a King on an Ace, an Ace on a King: Canfield), foundations that build up by two, three or four
(Calculation), a foundation base that the deal decides (Canfield), and building up or down on
the same pile (Golf).

Ranks here are the thirteen of a full pack, Ace 1 to King 13. Index keys follow the library's
scheme, from its key allocator: a target offers the keys of the cards it wants, a moving card
asks for its own.
"""

from __future__ import annotations

from retro.engine.cards import Card, card_name
from retro.engine.model import Accept, Keyer, Pick, Pile, Position
from retro.rules.common import (
    SUIT_MODES,
    SUIT_WORDS,
    a_rank,
    ask_key,
    new_key_space,
    offer_keys,
    run_from_top,
    suit_fits,
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


@rule("pick", "The top card, or a run on top going down one rank at a time, a King on an Ace "
      "(follows: any suits, suit: one suit, color: alternating colours).",
      follows=("any", "suit", "color"))
def wrapping_run(follows: str = "color") -> Pick:
    """Canfield's columns go round the corner (... 2, A, K, Q ...), so a run may too."""
    words = {"any": "in sequence", "suit": "of one suit in sequence",
             "color": "in sequence and alternating colours"}[follows]

    def run(pile: Pile) -> int:
        return run_from_top(pile, follows, wrap=True)

    def why(pile: Pile, count: int) -> str:
        if not _shows_card(pile):
            return f"{pile.id} shows no card to move"
        return (f"Only a run {words} (a King may lie on an Ace) moves together: "
                f"{run(pile)} of {pile.id}, not {count}")

    return Pick(run, why)


# -- accept ----------------------------------------------------------------------------------


@rule("accept",
      "Cards go on a face-up card one rank higher, and a King on an Ace (suit: any, same, "
      "alternate colour, other).", suit=SUIT_MODES)
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
            return f"{dst.id} is empty: only a card one rank lower goes on a card"
        if not _shows_card(dst):
            return f"{dst.id} shows no face-up card"
        return (f"{card_name(card)} goes only on {a_rank(card.rank % 13 + 1)}{SUIT_WORDS[mode]}, "
                f"not on {card_name(dst.cards[-1])}")

    return Accept(test, why, (Keyer(pile_keys, of_card=card_key),), exact=True)


@rule("accept",
      "One card at a time onto a card `by` ranks lower (a list: one step for each pile of the "
      "group in turn), going round from King to Ace with wrap; a pile of `size` cards is "
      "complete (suit: same, any, alternate colour, other).", suit=SUIT_MODES,
      ordered=("self",))
def build_up(suit: str = "same", by: tuple[int, ...] = (1,), wrap: bool = False,
             size: int = 13) -> Accept:
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
            return f"Only one card at a time goes to {dst.id}"
        if not dst.cards:
            return f"{dst.id} is empty"
        rank = wanted(dst)
        if rank is None:
            return f"{dst.id} is complete: nothing more goes on {card_name(dst.cards[-1])}"
        steps = f"builds up by {step_of(dst)}: it " if len(set(by)) > 1 or by[0] != 1 else ""
        return f"{dst.id} {steps}takes only {a_rank(rank)}{SUIT_WORDS[mode]} next"

    return Accept(test, why, (Keyer(pile_keys, of_card=card_key, max_count=1),), exact=True)


@rule("accept",
      "An empty pile takes one card of the rank lying at the bottom of the group's first pile "
      "(Canfield: the card dealt there); while that pile is empty, it takes any card.",
      ordered=("group",))
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
            return f"Only one card at a time goes to {dst.id}"
        if dst.cards:
            return f"{dst.id} is not empty"
        card = base(position)
        if card is None:
            return f"{position.groups[group][0].id} is started first"
        return (f"An empty {dst.group.name} pile takes only {a_rank(card.rank)}, "
                f"the rank of {card_name(card)} on {position.groups[group][0].id}")

    keyers = (Keyer(pile_keys, of_card=lambda card: space + card.rank, max_count=1),
              Keyer(pile_keys, of_card=lambda card: anything, max_count=1))
    return Accept(test, why, keyers, exact=True, local=False)


@rule("accept",
      "One card at a time onto a face-up card one rank above or below it, any suit; with wrap, "
      "a King and an Ace are next to each other.")
def rank_next(wrap: bool = False) -> Accept:
    """Golf's pile: up or down as the player likes, so long runs can be played off."""
    space = new_key_space()

    def neighbours(top: Card) -> tuple[int, ...]:
        return tuple(rank for rank in (_above(top.rank, 1, wrap), _below(top.rank, wrap))
                     if rank is not None)

    def pile_keys(position: Position, pile: Pile) -> tuple[int, ...]:
        if not _shows_card(pile):
            return ()
        return tuple(space + rank for rank in neighbours(pile.cards[-1]))

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return count == 1 and _shows_card(dst) and src.cards[-1].rank in neighbours(
            dst.cards[-1])

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if count != 1:
            return f"Only one card at a time goes to {dst.id}"
        if not _shows_card(dst):
            return f"{dst.id} shows no card to build on"
        top = dst.cards[-1]
        ranks = " or ".join(a_rank(rank) for rank in neighbours(top))
        return f"Only a card one rank above or below goes on {card_name(top)}: {ranks}"

    return Accept(test, why, (Keyer(pile_keys, of_card=lambda card: space + card.rank,
                                    max_count=1),), exact=True)
