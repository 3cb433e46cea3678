"""What the rules share: index-key spaces, runs, suit modes, and how ranks and counts are worded.

Rule modules import from here and never from each other, so each family's rules stay in their
own module (`spider`, `gaps`, `pairs`, ...) and the shared parts have one home.
"""

from __future__ import annotations

import itertools

from retro.engine.cards import Card, rank_name
from retro.engine.model import Pile, Position

REDEALS = "redeals"  # the counter of redeals made so far (a counter, so undo restores it)


_spaces = itertools.count(1)


def new_key_space() -> int:
    """A fresh range of index keys, so two rules never mistake each other's keys."""
    return next(_spaces) << 16


def n_cards(count: int) -> str:
    """`1 card`, `3 cards`."""
    return "1 card" if count == 1 else f"{count} cards"


def run_from_top(pile: Pile, follows: str, wrap: bool = False) -> int:
    """Length of the run at the top of `pile` in which each card is one rank below the card under
    it (with `wrap`, a King may lie on an Ace); `follows` is "suit" (same suit), "color"
    (alternating colours) or "any"."""
    cards = pile.cards
    top = len(cards) - 1
    if top < pile.down:
        return 0
    length = 1
    i = top
    while i > pile.down:
        upper, lower = cards[i], cards[i - 1]
        if (upper.rank % 13 + 1 if wrap else upper.rank + 1) != lower.rank:
            break
        if follows == "suit" and upper.suit != lower.suit:
            break
        if follows == "color" and upper.color == lower.color:
            break
        length += 1
        i -= 1
    return length


SUIT_MODES = ("any", "same", "alternate", "other")


def suit_fits(mode: str, card: Card, top: Card) -> bool:
    """May `card` lie on `top` as far as suits go (any, same, alternate colour, other suit)?"""
    if mode == "same":
        return card.suit == top.suit
    if mode == "alternate":
        return card.color != top.color
    if mode == "other":
        return card.suit != top.suit
    return True


def offer_keys(space: int, mode: str, rank: int, top: Card) -> tuple[int, ...]:
    """The index keys of the cards of `rank` that `mode` lets onto `top` (see `ask_key`)."""
    if mode == "any":
        return (space + rank,)
    if mode == "same":
        return (space + rank * 4 + top.suit,)
    if mode == "alternate":
        return (space + rank * 2 + 1 - top.color,)
    return tuple(space + rank * 4 + suit for suit in range(4) if suit != top.suit)


def ask_key(space: int, mode: str, card: Card) -> int:
    """The index key a moving `card` asks for under `mode` (see `offer_keys`)."""
    if mode == "any":
        return space + card.rank
    if mode == "alternate":
        return space + card.rank * 2 + card.color
    return space + card.rank * 4 + card.suit


SUIT_WORDS = {"any": "", "same": " of the same suit", "alternate": " of the other colour",
               "other": " of another suit"}


def rank_in_pack(position: Position, rank: int) -> int | None:
    """`rank` if this game's pack has it (A above K in an Ace-high pack), else None: messages
    must never offer a card the pack lacks (a card after the King, a 6 in the 32-card pack)."""
    deck = position.gdef.deck
    ranks = {14 if deck.ace_high and r == 1 else r for r in deck.ranks}
    return rank if rank in ranks else None


def a_rank(rank: int | str) -> str:
    """`a K`, `an A`, `an 8`: a rank (its number or its name) as a sentence names it."""
    word = rank_name(rank) if isinstance(rank, int) else rank
    return f"an {word}" if word in ("A", "8") else f"a {word}"


def times(count: int) -> str:
    """`once`, `twice`, `5 times`: how often something may be done, as a sentence says it."""
    return {1: "once", 2: "twice"}.get(count, f"{count} times")
