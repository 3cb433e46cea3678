"""What the rules share: index-key spaces, runs, suit modes, and how ranks and counts are worded.

Rule modules import from here and never from each other, so each family's rules stay in their
own module (`spider`, `gaps`, `pairs`, ...) and the shared parts have one home.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable

from retro.engine.bound import Auto
from retro.engine.cards import Card, rank_name
from retro.engine.position import Pile, Position
from retro.i18n import mark, say, say_n

REDEALS = "redeals"  # the counter of redeals made so far (a counter, so undo restores it)


_spaces = itertools.count(1)


def new_key_space() -> int:
    """A fresh range of index keys, so two rules never mistake each other's keys."""
    return next(_spaces) << 16


def auto_on_groups(groups: Iterable[str], look: Callable[[Position, list[Pile]], bool]) -> Auto:
    """An auto rule that looks only at the piles of `groups` (in pile order): all of them when
    asked about the whole table, else those of the changed piles that belong to them."""
    names = frozenset(groups)

    def apply(position: Position) -> bool:
        return look(position, [pile for pile in position.piles if pile.group.name in names])

    def on_piles(position: Position, piles: list[Pile]) -> bool:
        return look(position, [pile for pile in piles if pile.group.name in names])

    return Auto(apply, on_piles, groups=names)


def n_cards(count: int) -> str:
    """`1 card`, `3 cards` (in the window's language: only said in reasons)."""
    return say_n("{n} card", "{n} cards", count)


def run_from_top(pile: Pile, follows: str, wrap: bool = False) -> int:
    """Length of the run at the top of `pile` in which each card is one rank below the card under
    it (with `wrap`, a King may lie on an Ace); `follows` is "suit" (same suit), "color"
    (alternating colours), "same_color" (one colour) or "any"."""
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
        if follows == "same_color" and upper.color != lower.color:
            break
        length += 1
        i -= 1
    return length


SUIT_MODES = ("any", "same", "alternate", "other", "same_color")


def suit_fits(mode: str, card: Card, top: Card) -> bool:
    """May `card` lie on `top` as far as suits go (any, same, alternate colour, other suit, the
    same colour)?"""
    if mode == "same":
        return card.suit == top.suit
    if mode == "alternate":
        return card.color != top.color
    if mode == "same_color":
        return card.color == top.color
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
    if mode == "same_color":
        return (space + rank * 2 + top.color,)
    return tuple(space + rank * 4 + suit for suit in range(4) if suit != top.suit)


def ask_key(space: int, mode: str, card: Card) -> int:
    """The index key a moving `card` asks for under `mode` (see `offer_keys`)."""
    if mode == "any":
        return space + card.rank
    if mode in ("alternate", "same_color"):
        return space + card.rank * 2 + card.color
    return space + card.rank * 4 + card.suit


SUIT_WORDS = {
    "any": "",
    "same": mark(" of the same suit"),
    "alternate": mark(" of the other colour"),
    "other": mark(" of another suit"),
    "same_color": mark(" of the same colour"),
}


def suit_words(mode: str) -> str:
    """What a suit mode asks of a card, as a reason ends: ` of the same suit` (or nothing)."""
    return say(SUIT_WORDS[mode])


def rank_in_pack(position: Position, rank: int) -> int | None:
    """`rank` if this game's pack has it (A above K in an Ace-high pack), else None: messages
    must never offer a card the pack lacks (a card after the King, a 6 in the 32-card pack)."""
    deck = position.gdef.deck
    ranks = {14 if deck.ace_high and r == 1 else r for r in deck.ranks}
    return rank if rank in ranks else None


def a_rank(rank: int | str) -> str:
    """`a K`, `an A`, `an 8`: a rank (its number or its name) as a sentence names it (in the
    window's language: only said in reasons; German says the bare rank)."""
    word = rank_name(rank) if isinstance(rank, int) else rank
    return say("an {rank}", rank=word) if word in ("A", "8") else say("a {rank}", rank=word)


def a_ranks(*ranks: int | str) -> str:
    """`a K or an A`: the ranks a place would take."""
    return say(" or ").join(a_rank(rank) for rank in ranks)


def times(count: int) -> str:
    """`once`, `twice`, `5 times`: how often something may be done, as a sentence says it (in
    the window's language: only said in reasons)."""
    if count == 1:
        return say("once")
    return say("twice") if count == 2 else say("{n} times", n=count)
