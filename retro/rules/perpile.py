"""Per-pile parameters: an accept rule written with `{per_pile: [...]}` for a parameter is bound
once for each pile of its group (`{base: {rank: {per_pile: [A, 2, 3, 4]}}}`: four foundations,
each starting at its own rank), and this combinator asks, for each target, its own pile's rule.

Move generation stays indexed: each member's keys are offered only by its own pile.
"""

from __future__ import annotations

from collections.abc import Sequence

from retro.engine.model import Accept, Keyer, Pile, PileKeys, Position


def _own(keys: PileKeys, slot: int) -> PileKeys:
    def pile_keys(position: Position, pile: Pile) -> tuple[int, ...]:
        return keys(position, pile) if pile.slot == slot else ()

    return pile_keys


def per_pile_accept(members: Sequence[Accept]) -> Accept:
    """`members[i]` judges the cards landing on pile i of the group (by its slot)."""

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return members[dst.slot].test(position, src, count, dst)

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        return members[dst.slot].why(position, src, count, dst)

    indexed = all(member.keys for member in members)
    keys = tuple(Keyer(_own(keyer.pile_keys, slot), keyer.of_card, keyer.card_key,
                       keyer.min_count, keyer.max_count, keyer.constant)
                 for slot, member in enumerate(members) for keyer in member.keys) if indexed else ()
    return Accept(test, why, keys, exact=indexed and all(m.exact for m in members),
                  local=all(m.local for m in members))
