"""A rule is registered under its function's name; the older spelling that names it first still
works, so plugins written for it keep their rules."""

from __future__ import annotations

from retro.engine.bound import Accept
from retro.engine.position import Pile, Position
from retro.rules.registry import REGISTRY, all_rules, lookup, rule


def _never() -> Accept:
    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return False

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        return "never"

    return Accept(test, why)


def test_a_rule_is_named_after_its_function() -> None:
    def only_in_this_test() -> Accept:
        return _never()

    try:
        rule("accept", "Never.")(only_in_this_test)
        spec = lookup("accept", "only_in_this_test")
        assert spec is not None and spec.description == "Never."
    finally:
        REGISTRY.pop("accept:only_in_this_test", None)


def test_the_older_spelling_names_the_rule_itself() -> None:
    def factory() -> Accept:
        return _never()

    try:
        rule("named_in_this_test", "accept", "Never.")(factory)
        assert lookup("accept", "named_in_this_test") is not None
        assert lookup("accept", "factory") is None
    finally:
        REGISTRY.pop("accept:named_in_this_test", None)


def test_every_built_in_rule_is_named_after_its_function() -> None:
    for spec in all_rules():
        if spec.factory.__module__.startswith("retro.rules."):
            assert spec.factory.__name__ == spec.name, spec.name
