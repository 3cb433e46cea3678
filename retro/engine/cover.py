"""Cards lying on other cards: the one rule of covered piles (Pyramid, Tri Peaks, any peaks),
and of piles opened from beside them (Wall).

A game file may say which piles lie on which (`covered_by` in a pile group, or the regular
pyramid of the `uncovered` rule, which expands to the same map). A pile with a pile holding
cards lying on it is covered: it gives no cards and takes none, and the reason a person reads
names the cards lying on it. Everything here asks `lying_on`, so the rule is written once.

A file may also say which piles open a pile (`opened_by`): the pile is shut, giving and taking
nothing, while every one of them holds cards, and open once any one of them is empty (a card
in a wall, reached through any gap next to it). `shut_by` asks that, once.
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


def shut_by(pile: Pile) -> tuple[Pile, ...]:
    """The piles keeping `pile` shut (its `openers`, while every one holds cards): none when
    it is open."""
    openers = pile.openers
    for opener in openers:
        if not opener.cards:
            return ()
    return openers


def closed(pile: Pile) -> bool:
    """Is `pile` out of reach: covered, or shut?"""
    return bool(lying_on(pile.over) or shut_by(pile))


def not_open(pile: Pile, openers: Sequence[Pile]) -> str:
    """The reason a person reads for a shut pile: which piles must go first, one of them."""
    shown = card_name(pile.cards[-1]) if pile.cards and len(pile.cards) > pile.down else pile.id
    return say(
        "{card} is not open yet: one of {piles} must be cleared first",
        card=shown,
        piles=say(" or ").join(opener.id for opener in openers),
    )


def closed_reason(pile: Pile) -> str | None:
    """Why `pile` is out of reach, for a person; None when it is within reach."""
    over = lying_on(pile.over)
    if over:
        return not_free(pile, over)
    openers = shut_by(pile)
    return not_open(pile, openers) if openers else None


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
    """A group's pick rule with the cover rule before it: nothing is lifted from a covered (or
    shut) pile."""
    inner_run, inner_why = pick.run, pick.why

    def run(pile: Pile) -> int:
        return 0 if closed(pile) else inner_run(pile)

    def why(pile: Pile, count: int) -> str:
        reason = closed_reason(pile)
        return reason if reason is not None else inner_why(pile, count)

    return Pick(run, why)


def covered_accept(accept: Accept) -> Accept:
    """A group's accept rule with the cover rule before it: nothing lands on a covered (or
    shut) pile. Whether a pile is covered depends on other piles, so its keys are asked afresh."""
    inner_test, inner_why = accept.test, accept.why

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return not closed(dst) and inner_test(position, src, count, dst)

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        reason = closed_reason(dst)
        return reason if reason is not None else inner_why(position, src, count, dst)

    return Accept(test, why, accept.keys, exact=False, local=False, tallies=accept.tallies)
