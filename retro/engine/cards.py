"""Cards, decks and the project's own random generator and shuffle.

Deals must be the same forever and everywhere, so neither Python's `random` (whose algorithms
may change) nor any platform generator is used: see docs/deals.md for the exact algorithm.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar, Final

from retro.i18n import say

SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
RED_SUITS = frozenset((1, 2))
RANK_CHARS = "A23456789TJQK"
ACE_HIGH = 14
# A joker is rank 16 (two past the King, so no rank rule's "one above" an Ace-high Ace meets
# it) and suit 4 (black) or 5 (red): its codes come after every other card's, so the keys and
# saves of the packs without jokers stay as they were. Written XB and XR.
JOKER = 16
BLACK_JOKER = 4
RED_JOKER = 5
JOKER_CHAR = "X"
JOKER_COLOURS = "BR"


class Card:
    """One card. Instances are interned, so identity and equality agree and cost nothing.

    `rank` is 1..13 (Ace 1), or 14 for the Ace of an Ace-high pack; `suit` indexes SUITS.
    A joker is rank JOKER with suit BLACK_JOKER or RED_JOKER.
    """

    __slots__ = ("color", "rank", "suit")
    _cache: ClassVar[dict[tuple[int, int], Card]] = {}

    rank: int
    suit: int
    color: int

    def __new__(cls, rank: int, suit: int) -> Card:
        card = cls._cache.get((rank, suit))
        if card is None:
            joker = rank == JOKER and suit in (BLACK_JOKER, RED_JOKER)
            if not (joker or (1 <= rank <= 14 and 0 <= suit < 4)):
                raise ValueError(f"no such card: rank {rank}, suit {suit}")
            card = object.__new__(cls)
            object.__setattr__(card, "rank", rank)
            object.__setattr__(card, "suit", suit)
            red = suit in RED_SUITS or suit == RED_JOKER
            object.__setattr__(card, "color", 1 if red else 0)
            cls._cache[(rank, suit)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, int]]:
        return (Card, (self.rank, self.suit))

    @property
    def code(self) -> str:
        """Rank then suit, `QS`, `TH`, `AS` (an Ace-high Ace too); `XB`, `XR` for the jokers."""
        if self.rank == JOKER:
            return JOKER_CHAR + JOKER_COLOURS[self.suit - BLACK_JOKER]
        return RANK_CHARS[(self.rank - 1) % 13] + SUITS[self.suit]

    @property
    def joker(self) -> bool:
        return self.rank == JOKER

    @property
    def red(self) -> bool:
        return self.color == 1

    def __repr__(self) -> str:
        return self.code


def parse_card(text: str, ace_high: bool = False) -> Card:
    """`QS` -> Card, `XB` -> the black joker; case-insensitive; raises ValueError with a
    readable reason."""
    if len(text) != 2:
        raise ValueError(f"'{text}' is not a card (rank then suit, like QS or TH)")
    rank_char, suit_char = text[0].upper(), text[1].upper()
    if rank_char == JOKER_CHAR:
        if suit_char not in JOKER_COLOURS:
            raise ValueError(f"'{text}': a joker is XB (black) or XR (red)")
        return Card(JOKER, BLACK_JOKER + JOKER_COLOURS.index(suit_char))
    if rank_char not in RANK_CHARS:
        raise ValueError(f"'{text}': rank must be one of {RANK_CHARS}")
    if suit_char not in SUITS:
        raise ValueError(f"'{text}': suit must be one of {SUITS}")
    rank = RANK_CHARS.index(rank_char) + 1
    if ace_high and rank == 1:
        rank = ACE_HIGH
    return Card(rank, SUITS.index(suit_char))


def parse_rank(text: object) -> int:
    """A rank as people and game files write it (A 2 .. 10 J Q K, or T) to its number, Ace 1;
    ValueError with a readable reason otherwise."""
    word = str(text).strip().upper()
    word = "T" if word == "10" else word
    if len(word) != 1 or word not in RANK_CHARS:
        raise ValueError(f"'{text}' is not a rank (A 2 .. 10 J Q K)")
    return RANK_CHARS.index(word) + 1


def plain_rank(card: Card) -> int:
    """The card's rank with an Ace-high Ace counted as an Ace (1), as `parse_rank` gives it
    (a joker keeps its own)."""
    rank = card.rank
    return rank if rank == JOKER else (rank - 1) % 13 + 1


def make_deck(
    decks: int = 1,
    suits: int = 4,
    ranks: tuple[int, ...] | None = None,
    ace_high: bool = False,
    jokers: int = 0,
) -> list[Card]:
    """The unshuffled pack: for each deck, suits in SHDC order, ranks ascending, then the
    `jokers`, black and red in turn (after the other cards, so a pack without them shuffles
    as ever).

    With fewer suits (1- and 2-suit Spider) the cards keep their places and only their suit is
    mapped onto the first `suits` suits, so a deal number gives the same ranks in every variant.
    """
    if suits not in (1, 2, 4):
        raise ValueError("suits must be 1, 2 or 4")
    wanted = ranks if ranks is not None else tuple(range(1, 14))
    deck = []
    for _ in range(decks):
        for suit in range(4):
            for rank in wanted:
                real_rank = ACE_HIGH if (ace_high and rank == 1) else rank
                deck.append(Card(real_rank, suit % suits))
    deck.extend(Card(JOKER, BLACK_JOKER + n % 2) for n in range(jokers))
    return deck


# Every deal number: the generator takes 64 bits, so a larger number would only repeat one of
# these. The command line takes no other, so every deal played reads back from a save or the
# records.
DEAL_NUMBERS = range(1 << 64)


class Rng:
    """PCG32 (XSH RR variant): 64-bit LCG state, 32-bit permuted output.

    Chosen because it is small, well studied and easy to re-implement exactly in any language.
    """

    _MULT: Final = 6364136223846793005
    _INC: Final = 1442695040888963407
    _MASK: Final = (1 << 64) - 1

    def __init__(self, seed: int) -> None:
        self.state = 0
        self._step()
        self.state = (self.state + (seed & self._MASK)) & self._MASK
        self._step()

    def _step(self) -> None:
        self.state = (self.state * self._MULT + self._INC) & self._MASK

    def next_u32(self) -> int:
        old = self.state
        self._step()
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def below(self, bound: int) -> int:
        """Uniform integer in [0, bound): rejection of the biased low range, no modulo bias."""
        if bound <= 0:
            raise ValueError("bound must be positive")
        threshold = (1 << 32) % bound
        while True:
            value = self.next_u32()
            if value >= threshold:
                return value % bound

    def stream(self) -> Iterator[int]:
        while True:
            yield self.next_u32()


_GOLDEN = 0x9E3779B97F4A7C15  # 2**64 / golden ratio: spreads small numbers over all 64 bits


def seed_derived_from(seed: int, number: int) -> int:
    """The shuffle seed of reshuffle `number` (1, 2, ...) of deal `seed`, for redeals.

    Fixed forever, like the deal itself: undo and redo give the same redeal back, a replay of a
    deal number meets the same redeals, and each reshuffle of one deal gets its own seed.
    """
    return (seed ^ (number * _GOLDEN)) & Rng._MASK


def shuffle(cards: list[Card], seed: int) -> list[Card]:
    """A new list: Fisher-Yates from the last place down, each swap partner from `Rng.below`."""
    result = list(cards)
    rng = Rng(seed)
    for i in range(len(result) - 1, 0, -1):
        j = rng.below(i + 1)
        result[i], result[j] = result[j], result[i]
    return result


def rank_name(rank: int) -> str:
    """The rank as players write it: A 2 .. 10 J Q K (an Ace-high Ace is still A)."""
    return "A" if rank in (1, ACE_HIGH) else ("10" if rank == 10 else RANK_CHARS[rank - 1])


def card_label(card: Card) -> str:
    """The name of `card` short enough for a grid of a few columns a card: `card_name`, but a
    joker as the notation writes it (XB, XR)."""
    return card.code if card.rank == JOKER else card_name(card)


def card_name(card: Card) -> str:
    """`10♥`, `Q♠`: the short name used in messages; a joker by its colour."""
    if card.rank == JOKER:
        return say("black Joker") if card.suit == BLACK_JOKER else say("red Joker")
    return rank_name(card.rank) + SUIT_SYMBOLS[card.suit]
