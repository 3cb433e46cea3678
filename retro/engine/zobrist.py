"""The position key: one 64-bit number per position, for transposition tables in search.

Zobrist's scheme, per pile: a pile's own hash is the XOR of one fixed random number for each
(card, height in the pile), one for its face-down count and one for each height of a face-up
card lying between face-down ones (`Pile.lit`, see faces.py), so a move changes it by a few
XORs.
Piles are then combined by a commutative sum of a mixed pile hash, salted by the pile's place,
or by its group alone when the rules make that group's piles interchangeable: the same cards in
other piles of such a group give the same key (FreeCell's cells hold the same cards whichever
cell holds them). Mixing each pile's hash before the sum keeps "which cards share a pile"
in the key, which a plain XOR of per-card numbers across piles would lose. A group may be
interchangeable only while other piles are empty (Spider's columns, once the stock that deals
rows in column order is dealt out): its piles change salt when that changes.

Counters that rules read (redeals used, the hour of Clock, won, done) are part of the key; the
move counter, the running score, the count of turned cards and what auto rules keep for the
score alone (a streak) are not: no rule of play reads them, and positions reached by different
paths must meet.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from functools import cache

from retro.engine.cards import JOKER, RED_JOKER, Card, Rng
from retro.engine.gamedef import UNKEYED, GameDef

MASK = (1 << 64) - 1
# (rank - 1) * 4 + suit: rank 1..14 (an Ace-high Ace is 14), four suits, then the jokers' two
# codes (rank 16, suits 4 and 5: 64 and 65). The numbers are drawn in code order, so adding the
# jokers' at the end left every other card's number as it was.
CARD_CODES = (JOKER - 1) * 4 + RED_JOKER + 1


def _random_words(count: int, seed: int) -> list[int]:
    """`count` fixed 64-bit numbers from the project's own generator: keys are the same on every
    run and every machine."""
    rng = Rng(seed)
    return [(rng.next_u32() << 32) | rng.next_u32() for _ in range(count)]


def mix(value: int) -> int:
    """A 64-bit finaliser (SplitMix64's): every input bit reaches every output bit, so a sum of
    mixed pile hashes cannot cancel the way the raw hashes could."""
    value = (value ^ (value >> 30)) * 0xBF58476D1CE4E5B9 & MASK
    value = (value ^ (value >> 27)) * 0x94D049BB133111EB & MASK
    return value ^ (value >> 31)


@cache
def _card_words(height_span: int) -> tuple[list[int], list[int], list[int]]:
    """The numbers of a card at each height, of each face-down count and of a lit card at each
    height (shared by every game whose piles can be as high)."""
    return (
        _random_words(CARD_CODES * height_span, 0x5EA6C4),
        _random_words(height_span, 0xD0A7),
        _random_words(height_span, 0x117),
    )


class KeyTables:
    """The random numbers of one game: a card at a height (`card_at[code * height_span + i]`),
    a face-down count (`down[n]`), a lit card's height (`lit[i]`), and for each pile a salt of
    its own (`own`) and its group's (`shared`, used while the group's piles are
    interchangeable)."""

    def __init__(self, heights: int, own: list[int], shared: list[int]) -> None:
        self.height_span = heights + 1
        self.card_at, self.down, self.lit = _card_words(self.height_span)
        self.own = own
        self.shared = shared

    def pile_hash(self, cards: list[Card], down: int, lit: int = 0) -> int:
        span = self.height_span
        table = self.card_at
        value = self.down[down] ^ self.lit_hash(lit)
        for height, card in enumerate(cards):
            value ^= table[((card.rank - 1) * 4 + card.suit) * span + height]
        return value

    def lit_hash(self, lit: int) -> int:
        """The lit cards' part of a pile's hash (0 when none is lit)."""
        value = 0
        words = self.lit
        while lit:
            low = lit & -lit
            value ^= words[low.bit_length() - 1]
            lit ^= low
        return value


def key_tables(gdef: GameDef) -> KeyTables:
    """The key's numbers for a game: piles as high as the whole pack, salts by pile and group."""
    deck = gdef.deck
    heights = deck.size
    own = []
    shared = []
    for number, group in enumerate(gdef.groups):
        for slot in range(group.count):
            own.append(mix(((number << 8) + slot + 2) * 0x9E3779B97F4A7C15 & MASK))
            shared.append(mix(((number << 8) + 1) * 0x9E3779B97F4A7C15 & MASK))
    return KeyTables(heights, own, shared)


@cache
def counter_term(name: str, value: int) -> int:
    """What a counter adds to the key (0 for a counter at 0, as if it were absent)."""
    if not value or name in UNKEYED:
        return 0
    return mix(((zlib.crc32(name.encode()) << 32) ^ (value & 0xFFFFFFFF)) + 1)


def counters_term(counters: Mapping[str, int], unkeyed: frozenset[str] = UNKEYED) -> int:
    """The counters' part of the key, but for the `unkeyed` ones (`GameDef.unkeyed`)."""
    total = 0
    for name, value in counters.items():
        if value and name not in unkeyed:
            total += counter_term(name, value)
    return total
