"""Per-pile parameters: a group's rule (pick, accept, action or rotate) written with
`{per_pile: [...]}` for a parameter is bound once for each pile of its group
(`{base: {rank: {per_pile: [A, 2, 3, 4]}}}`: four foundations, each starting at its own rank),
and these combinators ask, for each pile, its own pile's rule.

Move generation stays indexed: each accept member's keys are offered only by its own pile.
"""

from __future__ import annotations

from collections.abc import Sequence

from retro.engine.bound import Accept, Action, Keyer, Pick, PileKeys, Rotate
from retro.engine.position import Pile, Position


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
    keys = (
        tuple(
            Keyer(
                _own(keyer.pile_keys, slot),
                keyer.of_card,
                keyer.card_key,
                keyer.min_count,
                keyer.max_count,
                keyer.constant,
            )
            for slot, member in enumerate(members)
            for keyer in member.keys
        )
        if indexed
        else ()
    )
    return Accept(
        test,
        why,
        keys,
        exact=indexed and all(m.exact for m in members),
        local=all(m.local for m in members),
    )


def per_pile_pick(members: Sequence[Pick]) -> Pick:
    """`members[i]` says what may be lifted from pile i of the group."""

    def run(pile: Pile) -> int:
        return members[pile.slot].run(pile)

    def why(pile: Pile, count: int) -> str:
        return members[pile.slot].why(pile, count)

    return Pick(run, why)


def per_pile_action(members: Sequence[Action]) -> Action:
    """`members[i]` is what a key or click on pile i does (one rule, so one verb); the redeals
    the window counts are the first pile's."""

    def available(position: Position, pile: Pile) -> bool:
        return members[pile.slot].available(position, pile)

    def why(position: Position, pile: Pile) -> str:
        return members[pile.slot].why(position, pile)

    def apply(position: Position, pile: Pile) -> None:
        members[pile.slot].apply(position, pile)

    tallies = tuple(dict.fromkeys(t for member in members for t in member.tallies))
    return Action(members[0].verb, available, why, apply, members[0].redeals, tallies)


def per_pile_rotate(members: Sequence[Rotate]) -> Rotate:
    """`members[i]` says whether pile i may be rotated now, and counts its rotations."""

    def available(position: Position, pile: Pile) -> bool:
        return members[pile.slot].available(position, pile)

    def why(position: Position, pile: Pile) -> str:
        return members[pile.slot].why(position, pile)

    def done(position: Position, pile: Pile) -> None:
        members[pile.slot].done(position, pile)

    return Rotate(available, why, done)
