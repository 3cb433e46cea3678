"""Cards lying on other cards: the one rule of covered piles (Pyramid, Tri Peaks, any peaks).

A game file may say which piles lie on which (`covered_by` in a pile group, or the regular
pyramid of the `uncovered` rule, which expands to the same map). A pile with a pile holding
cards lying on it is covered: it gives no cards and takes none, and the reason a person reads
names the cards lying on it. Everything here asks `lying_on`, so the rule is written once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from retro.engine.bound import Accept, Pick
from retro.engine.cards import card_name
from retro.engine.position import Pile, Position
from retro.i18n import say, say_n

CoverMap = Mapping[str, tuple[str, ...]]  # a pile's id: the ids of the piles lying on it


def lying_on(over: Sequence[Pile]) -> list[Pile]:
    """The piles of `over` (those lying on a pile) that hold cards: the pile is free when none."""
    return [pile for pile in over if pile.cards]


def not_free(pile: Pile, over: Sequence[Pile]) -> str:
    """The reason a person reads for a covered pile. A face-down card lying on it is said to be
    one, never named: no message may tell the player a card they cannot see."""
    shown_on = [card_name(p.cards[-1]) for p in over if len(p.cards) > p.down]
    hidden = len(over) - len(shown_on)
    if hidden:
        shown_on.append(say_n("{n} face-down card", "{n} face-down cards", hidden))
    names = say(" and ").join(shown_on)
    shown = card_name(pile.cards[-1]) if pile.cards and len(pile.cards) > pile.down else pile.id
    return say_n(
        "{card} is not free: {names} lies on it",
        "{card} is not free: {names} lie on it",
        len(over),
        card=shown,
        names=names,
    )


def pyramid_map(rows: Sequence[str], counts: Sequence[int]) -> dict[str, tuple[str, ...]]:
    """The regular pyramid as a cover map: pile i of each row lies under piles i and i + 1 of
    the next row (rows named by their groups, `counts` piles each)."""

    def pile_id(row: int, slot: int) -> str:
        return f"{rows[row]}:{slot + 1}" if counts[row] > 1 else rows[row]

    found: dict[str, tuple[str, ...]] = {}
    for row in range(len(rows) - 1):
        below = counts[row + 1]
        for slot in range(counts[row]):
            found[pile_id(row, slot)] = tuple(
                pile_id(row + 1, s) for s in (slot, slot + 1) if s < below
            )
    return found


def covered_pick(pick: Pick) -> Pick:
    """A group's pick rule with the cover rule before it: nothing is lifted from a covered pile."""
    inner_run, inner_why = pick.run, pick.why

    def run(pile: Pile) -> int:
        return 0 if lying_on(pile.over) else inner_run(pile)

    def why(pile: Pile, count: int) -> str:
        over = lying_on(pile.over)
        return not_free(pile, over) if over else inner_why(pile, count)

    return Pick(run, why)


def covered_accept(accept: Accept) -> Accept:
    """A group's accept rule with the cover rule before it: nothing lands on a covered pile.
    Whether a pile is covered depends on other piles, so its keys are asked afresh."""
    inner_test, inner_why = accept.test, accept.why

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return not lying_on(dst.over) and inner_test(position, src, count, dst)

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        over = lying_on(dst.over)
        return not_free(dst, over) if over else inner_why(position, src, count, dst)

    return Accept(test, why, accept.keys, exact=False, local=False, tallies=accept.tallies)
