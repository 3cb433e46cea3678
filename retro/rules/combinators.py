"""`all`, `any` and `not` for accept rules and conditions, keeping move generation indexed.

An `any` of indexed rules is indexed by all their keys; an `all` is indexed by its first indexed
member and tests the rest; a `not` is tested on every target.
"""

from __future__ import annotations

from collections.abc import Sequence

from retro.engine.bound import Accept, Condition, Tally
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
        # The member that could take some card here explains what it takes: on an empty column
        # of Klondike "only a K", on a card "one rank lower", not the other way round. A member
        # that is only tested (a plugin's rule, most often) cannot tell, so it always speaks too.
        claiming = next(
            (
                member
                for member in reversed(members)
                if any(keyer.pile_keys(position, dst) for keyer in member.keys)
            ),
            None,
        )
        speakers = [member for member in members if member is claiming or not member.keys]
        reasons = [member.why(position, src, count, dst) for member in speakers]
        if not reasons:
            return members[-1].why(position, src, count, dst)
        return "; or ".join(dict.fromkeys(reasons))

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
    inner = member.test

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return not inner(position, src, count, dst)

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        return say("Not allowed here: {rule}", rule=description)

    return Accept(test, why, tallies=member.tallies)


def any_condition(members: Sequence[Condition]) -> Condition:
    def test(position: Position) -> bool:
        return any(member.test(position) for member in members)

    def why(position: Position) -> str:
        return members[-1].why(position)

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

    def why(position: Position) -> str:
        return say("Not while: {rule}", rule=description)

    return Condition(test, why, tallies=member.tallies)


def _tallies(members: Sequence[Accept | Condition]) -> tuple[Tally, ...]:
    """The tallies the members read, each once."""
    return tuple(dict.fromkeys(tally for member in members for tally in member.tallies))
