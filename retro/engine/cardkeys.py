"""The index keys moving cards ask for (see `Accept`), sorted once a game by what they depend on,
so move generation works each out as seldom as it can."""

from __future__ import annotations

from collections.abc import Sequence

from retro.engine.bound import CardOnlyKey, Keyer
from retro.engine.cards import Card
from retro.engine.position import Pile

Keys = tuple[tuple[int, ...], tuple[int, ...]]  # (exact keys, tested keys)


class CardKeys:
    """The keys of a game's indexed accept rules (each keyer with its rule's `exact`): those
    every card asks for (`constant`: an empty pile takes anything), those of the bottom moving
    card alone (worked out once per card, for any count, or only up to `limit` cards: a
    foundation takes one card at a time), and the `counted` rest, which need the source and the
    count and are asked from `counted_from` cards on."""

    def __init__(self, keyers: list[tuple[Keyer, bool]]) -> None:
        unlimited = [(k, exact) for k, exact in keyers if k.min_count <= 1 and not k.max_count]
        constant = [(k.constant, exact) for k, exact in unlimited if k.constant is not None]
        self.exact_constant = [key for key, exact in constant if exact]
        self.tested_constant = [key for key, exact in constant if not exact]
        self._of_card = [
            (k.of_card, exact)
            for k, exact in unlimited
            if k.of_card is not None and k.constant is None
        ]
        limited = [
            (k, exact)
            for k, exact in keyers
            if k.max_count
            and k.min_count <= 1
            and k.of_card is not None
            and k.card_key is None
            and k.constant is None
        ]
        limits = {k.max_count for k, _ in limited}
        if len(limits) != 1:  # one limit for all, or they are counted
            limited = []
        self.limit = limits.pop() if limited else 0
        self._limited = [(k.of_card, exact) for k, exact in limited if k.of_card is not None]
        self._counted = [
            (k, exact)
            for k, exact in keyers
            if (k.card_key is not None or k.min_count > 1 or k.max_count)
            and (k, exact) not in limited
        ]
        self.counted_from = min((k.min_count for k, _ in self._counted), default=1 << 30)
        self.tested_of_card = any(not exact for _, exact in self._of_card + self._limited)
        # at most one exact key a card: no pile can be reached twice by one card, even when a
        # pile offers several keys (Golf's pile, one rank up and one down)
        self.asks_one = (
            len(self.exact_constant) + sum(1 for _, exact in self._of_card + self._limited if exact)
            <= 1
        )
        self._card_keys: dict[Card, Keys] = {}
        self._card_limited_keys: dict[Card, Keys] = {}
        # each card's index buckets (exact keys only), for more than `limit` cards and for up
        # to `limit`: the index keeps them up to date in place as piles change
        self.buckets: dict[Card, list[list[Pile]]] = {}
        self.short_buckets: dict[Card, list[list[Pile]]] = {}

    def of_card(self, card: Card) -> Keys:
        """The keys a card asks for as the bottom of any number of moving cards."""
        keys = self._card_keys.get(card)
        if keys is None:
            keys = self._card_keys[card] = _ask(self._of_card, card)
        return keys

    def of_few(self, card: Card) -> Keys:
        """The keys a card asks for only when at most `limit` cards move."""
        keys = self._card_limited_keys.get(card)
        if keys is None:
            keys = self._card_limited_keys[card] = _ask(self._limited, card)
        return keys

    def of_pair(self, src: Pile, count: int) -> Keys:
        """Every key `count` cards from `src` ask for, but the constant ones."""
        card = src.cards[-count]
        exact, tested = self.of_card(card)
        if count <= self.limit:
            more_exact, more_tested = self.of_few(card)
            exact += more_exact
            tested += more_tested
        if count >= self.counted_from:
            more_exact, more_tested = self._counted_keys(src, count)
            exact += more_exact
            tested += more_tested
        return exact, tested

    def buckets_of(
        self, card: Card, index: dict[int, list[Pile]], few: bool = False
    ) -> list[list[Pile]]:
        """The buckets of `index` whose piles take `card` (exact rules only): the constant ones
        that take any card first, then the card's own (with those asked only of a few cards,
        when `few`)."""
        keys = self.exact_constant + list(self.of_card(card)[0])
        if few:
            keys += self.of_few(card)[0]
        return [index.setdefault(key, []) for key in keys]

    def _counted_keys(self, src: Pile, count: int) -> Keys:
        exact: list[int] = []
        tested: list[int] = []
        for keyer, is_exact in self._counted:
            if count < keyer.min_count or (keyer.max_count and count > keyer.max_count):
                continue
            if keyer.constant is not None:
                key: int | None = keyer.constant
            elif keyer.card_key is not None:
                key = keyer.card_key(src, count)
            else:
                key = keyer.of_card(src.cards[-count]) if keyer.of_card is not None else None
            if key is not None:
                (exact if is_exact else tested).append(key)
        return tuple(exact), tuple(tested)


def _ask(keyers: Sequence[tuple[CardOnlyKey | None, bool]], card: Card) -> Keys:
    exact: list[int] = []
    tested: list[int] = []
    for of_card, is_exact in keyers:
        key = of_card(card) if of_card is not None else None
        if key is not None:
            (exact if is_exact else tested).append(key)
    return tuple(exact), tuple(tested)
