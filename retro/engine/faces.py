"""Face-up cards lying between face-down ones (Athena deals its columns down, up, down, up).

A pile's lowest `down` cards are its face-down part; `Pile.lit` has a bit for each card of that
part that lies face up all the same (bit `i`: the card at height `i`, bottom 0). Such a card is
in sight but cannot move: it is buried under a face-down card. The top card of the face-down
part is never lit (`settle` keeps it so): once the card on a lit card is turned, the lit card
joins the face-up cards above it, and the pick rules judge it with them as any face-up card.
"""

from __future__ import annotations

from typing import Protocol

from retro.engine.cards import Card


class Pile(Protocol):
    """What these rules read of a pile (`retro.engine.position.Pile`, which imports them)."""

    cards: list[Card]
    down: int
    lit: int


def face_up(pile: Pile, height: int) -> bool:
    """Is the card at `height` (bottom 0) in sight: above the face-down part, or lit in it?"""
    return height >= pile.down or bool(pile.lit >> height & 1)


def hidden(pile: Pile) -> int:
    """How many of the pile's cards nobody can see."""
    return pile.down - pile.lit.bit_count()


def lay_face_down(pile: Pile, card: Card) -> None:
    """Deal `card` face down onto `pile` (a deal, before play): the face-up cards it covers
    stay face up, lit in the face-down part."""
    height = len(pile.cards)
    if height > pile.down:
        pile.lit |= ((1 << (height - pile.down)) - 1) << pile.down
    pile.cards.append(card)
    pile.down = height + 1


def settle(down: int, lit: int, height: int) -> tuple[int, int]:
    """The face-down count and lit bits of a pile of `height` cards once nothing is lit at or
    above the top of its face-down part: those lit cards join the face-up ones."""
    down = min(down, height)
    lit &= (1 << down) - 1
    while down and lit >> (down - 1) & 1:
        down -= 1
        lit ^= 1 << down
    return down, lit


def lit_cards(pile: Pile) -> tuple[tuple[int, Card], ...]:
    """The lit cards of a pile and their heights, lowest first."""
    lit = pile.lit
    return tuple((i, card) for i, card in enumerate(pile.cards[: pile.down]) if lit >> i & 1)
