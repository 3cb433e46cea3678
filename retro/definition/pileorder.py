"""Which pile groups are interchangeable: worked out from the rules a game file names, or as
the file says.

A group's piles are interchangeable unless a rule reads their order (`RuleSpec.ordered`: it
deals in order, looks at a neighbour, gives each pile its own step). A rule may read it only
while its own group holds cards (`while_holding`: Spider's stock dealing rows in column order);
the group is then interchangeable once those piles are empty. The position key counts the
piles of an interchangeable group as a set (see `retro.engine.zobrist`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from retro.engine.gamedef import GroupDef
from retro.rules.registry import RuleSpec


class PileOrder:
    """Collects, while a game file is read, whose pile order its rules read."""

    def __init__(self) -> None:
        self.group_now = ""  # the group whose rules are being read ("" for the game's own)
        self.ordered: set[str] = set()
        self.ordered_while: dict[str, set[str]] = {}  # read only while these groups hold cards
        self.declared: dict[str, bool] = {}  # `interchangeable:` as the file gives it

    @contextmanager
    def within(self, name: str, data: dict[str, Any]) -> Iterator[None]:
        """The rules read inside belong to group `name` (its YAML mapping `data`)."""
        given = data.get("interchangeable")
        if isinstance(given, bool):
            self.declared[name] = given
        self.group_now = name
        try:
            yield
        finally:
            self.group_now = ""

    def note(self, spec: RuleSpec, kwargs: dict[str, Any]) -> None:
        """A rule is bound with these parameters: remember the groups whose order it reads."""
        groups: list[str] = []
        for name in spec.ordered:
            if name == "self":
                groups.append(self.group_now)
                continue
            param = spec.param(name)
            value = kwargs.get(name, param.default if param is not None else None)
            if isinstance(value, str):
                groups.append(value)
            elif isinstance(value, tuple):
                groups.extend(item for item in value if isinstance(item, str))
        for group in groups:
            if spec.while_holding and self.group_now:
                self.ordered_while.setdefault(group, set()).add(self.group_now)
            else:
                self.ordered.add(group)

    def decide(self, group: GroupDef) -> GroupDef:
        """The group with `interchangeable` (and `ordered_while`) set."""
        if group.name in self.declared:
            return replace(group, interchangeable=self.declared[group.name])
        if group.count < 2 or group.name in self.ordered:
            return group
        return replace(
            group,
            interchangeable=True,
            ordered_while=tuple(sorted(self.ordered_while.get(group.name, ()))),
        )
