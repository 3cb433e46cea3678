"""Shuffles a game file chooses by name (`deck: {shuffle: microsoft}`).

The project's own PCG32 shuffle (`retro.engine.cards.shuffle`) is the default. FreeCell players know
their deals by number from Windows, so "FreeCell 617" must be that very deal here too: the
`microsoft` shuffle is the generator Windows FreeCell used, written out in docs/deals.md.
Every shuffle returns the pack in dealing order: the first card is dealt first.
"""

from __future__ import annotations

from collections.abc import Callable

from retro.engine.cards import Card, shuffle

Shuffle = Callable[[list[Card], int], list[Card]]

_MS_MASK = 0x7FFFFFFF  # the generator keeps 31 bits of state
_MS_MULT = 214013
_MS_INC = 2531011


class MicrosoftRng:
    """The C library generator of old Microsoft compilers: a 31-bit LCG whose outputs are its
    state's bits 16 to 30 (0 to 32767). Kept apart from `Rng`: its only job is old deals."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MS_MASK

    def next(self) -> int:
        self.state = (self.state * _MS_MULT + _MS_INC) & _MS_MASK
        return self.state >> 16


def microsoft_order(card: Card) -> tuple[int, int]:
    """Where a card lies in the pack Windows shuffles: by rank from the Ace (an Ace-high Ace is
    still first), and within a rank clubs, diamonds, hearts, spades; jokers, which Windows
    never dealt, after the Kings."""
    if card.joker:
        return 13, card.suit
    return (card.rank - 1) % 13, 3 - card.suit  # our suits are S H D C: clubs are 3


def microsoft_shuffle(cards: list[Card], seed: int) -> list[Card]:
    """Windows FreeCell's deal `seed` (taken modulo 2^31). The cards are first put in
    Microsoft's order, so the result does not depend on the order they come in; from the last
    place down, each place swaps with the place the generator picks, and the cards are then dealt
    from the last place back to the first."""
    pack = sorted(cards, key=microsoft_order)
    rng = MicrosoftRng(seed)
    for i in range(len(pack) - 1, -1, -1):
        j = rng.next() % (i + 1)
        pack[i], pack[j] = pack[j], pack[i]
    pack.reverse()
    return pack


SHUFFLES: dict[str, Shuffle] = {"pcg32": shuffle, "microsoft": microsoft_shuffle}
