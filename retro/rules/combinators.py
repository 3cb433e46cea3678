"""`all`, `any` and `not` for accept rules and conditions, keeping move generation indexed.

An `any` of indexed rules is indexed by all their keys; an `all` is indexed by its first indexed
member and tests the rest; a `not` is tested on every target.
"""

from __future__ import annotations

from collections.abc import Sequence

from retro.engine.bound import Accept, Action, Condition, Tally
from retro.engine.position import Pile, Position
from retro.i18n import say


def any_accept(members: Sequence[Accept]) -> Accept:
    tests = tuple(member.test for member in members)

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        for member_test in tests:  # noqa: SIM110 (no generator made on the hot path)
            if member_test(position, src, count, dst):
                return True
        return False

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        # Every member that could take some card here explains what it takes: on an empty
        # column of Klondike "only a K", on a card "one rank lower", not the other way round;
        # a foundation building up or down names both cards it would take. A member that is
        # only tested (a plugin's rule, most often) cannot tell, so it always speaks too.
        speakers = [
            member
            for member in members
            if not member.keys or any(keyer.pile_keys(position, dst) for keyer in member.keys)
        ]
        reasons = [member.why(position, src, count, dst) for member in speakers]
        if not reasons:
            return members[-1].why(position, src, count, dst)
        return say("; or ").join(dict.fromkeys(reasons))

    indexed = all(member.keys for member in members)
    keys = tuple(k for member in members for k in member.keys) if indexed else ()
    return Accept(
        test,
        why,
        keys,
        exact=indexed and all(m.exact for m in members),
        local=all(m.local for m in members),
        tallies=_tallies(members),
    )


def all_accept(members: Sequence[Accept]) -> Accept:
    tests = tuple(member.test for member in members)

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        for member_test in tests:  # noqa: SIM110 (no generator made on the hot path)
            if not member_test(position, src, count, dst):
                return False
        return True

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        for member in members:
            if not member.test(position, src, count, dst):
                return member.why(position, src, count, dst)
        return say("Not allowed")

    first = next((member for member in members if member.keys), None)
    keys = first.keys if first is not None else ()
    local = first.local if first is not None else True
    exact = first is not None and len(members) == 1 and first.exact
    rest = tuple(member.test for member in members if member is not first)

    def others(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        for member_test in rest:  # noqa: SIM110 (no generator made on the hot path)
            if not member_test(position, src, count, dst):
                return False
        return True

    # a target found by the first member's exact keys needs only the others tested
    keyed = None if first is None or not first.exact else rest[0] if len(rest) == 1 else others
    return Accept(test, why, keys, exact=exact, local=local, keyed=keyed, tallies=_tallies(members))


def not_accept(member: Accept, description: str) -> Accept:
    """`description`: the member's rule in words, said when the member cannot say itself when
    it holds (a plugin's rule, most often)."""
    inner, holds = member.test, member.holds

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return not inner(position, src, count, dst)

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if holds is not None:
            return holds(position, src, count, dst)
        return say("Not allowed here: {rule}", rule=description)

    return Accept(test, why, tallies=member.tallies)


def any_condition(members: Sequence[Condition]) -> Condition:
    def test(position: Position) -> bool:
        return any(member.test(position) for member in members)

    def why(position: Position) -> str:
        # every alternative, each in its own words
        return say("; or ").join(dict.fromkeys(member.why(position) for member in members))

    return Condition(test, why, tallies=_tallies(members))


def all_condition(members: Sequence[Condition]) -> Condition:
    def test(position: Position) -> bool:
        return all(member.test(position) for member in members)

    def why(position: Position) -> str:
        for member in members:
            if not member.test(position):
                return member.why(position)
        return say("Not allowed")

    return Condition(test, why, tallies=_tallies(members))


def not_condition(member: Condition, description: str) -> Condition:
    def test(position: Position) -> bool:
        return not member.test(position)

    holds = member.holds

    def why(position: Position) -> str:
        if holds is not None:
            return say("Not {while_it_holds}", while_it_holds=holds(position))
        return say("Not while: {rule}", rule=description)

    return Condition(test, why, tallies=member.tallies)


def _tallies(members: Sequence[Accept | Condition | Action]) -> tuple[Tally, ...]:
    """The tallies the members read, each once."""
    return tuple(dict.fromkeys(tally for member in members for tally in member.tallies))


def then_action(members: Sequence[Action]) -> Action:
    """Actions one after another on one key: each that can act does, in turn, on the table the
    ones before it left (gather the piles, then deal on). Possible when any of them is; written
    in the notation with the last one's verb."""

    def available(position: Position, pile: Pile) -> bool:
        return any(member.available(position, pile) for member in members)

    def why(position: Position, pile: Pile) -> str:
        return say("; or ").join(dict.fromkeys(member.why(position, pile) for member in members))

    def apply(position: Position, pile: Pile) -> None:
        for member in members:
            if member.available(position, pile):
                member.apply(position, pile)
                position.settle()  # the next one asks about the table as this one left it

    redeals = next((member.redeals for member in members if member.redeals != 0), 0)
    return Action(members[-1].verb, available, why, apply, redeals, _tallies(members))
