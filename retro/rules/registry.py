"""The registry of named rule functions that game files are written in.

A rule is a factory registered under a name and a kind; YAML parameters become its keyword
arguments, and it returns a bound rule object (`Pick`, `Accept`, ...) made of plain closures.
Binding happens once, when a game is loaded.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NewType, TypeVar

# The annotation for a parameter naming one pile group (`group: GroupName`): the loader checks
# it against the file's groups whatever the parameter is called. A plain `str` is a group only
# under the names group, to, from, source and foundation, as before.
GroupName = NewType("GroupName", str)

KINDS = ("pick", "accept", "action", "rotate", "deal", "auto", "condition", "score")

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class Param:
    name: str
    kind: str  # "int", "str", "bool", "ints", "group", "groups", or a rule kind
    default: Any
    required: bool


@dataclass(frozen=True)
class RuleSpec:
    name: str
    kind: str
    description: str
    factory: Callable[..., Any]
    params: tuple[Param, ...]
    choices: dict[str, tuple[Any, ...]]
    # groups whose piles this rule tells apart by their place (it deals in order, reads a
    # neighbour, gives each pile its own step): parameter names, or "self" for the group the
    # rule belongs to. Other groups' piles are interchangeable (see `retro.engine.zobrist`).
    ordered: tuple[str, ...] = ()
    # ... but only while the rule's own group holds cards (a stock dealing rows in order)
    while_holding: bool = False

    def param(self, name: str) -> Param | None:
        for param in self.params:
            if param.name == name:
                return param
        return None

    def signature(self) -> str:
        parts = []
        for param in self.params:
            text = f"{param.name}: {param.kind}"
            if param.name in self.choices:
                text += " (" + " | ".join(str(c) for c in self.choices[param.name]) + ")"
            if not param.required:
                text += f" = {param.default!r}"
            parts.append(text)
        return ", ".join(parts)


REGISTRY: dict[str, RuleSpec] = {}


def rule(
    kind: str,
    description: str,
    *older: str,
    ordered: tuple[str, ...] = (),
    while_holding: bool = False,
    **choices: tuple[Any, ...],
) -> Callable[[F], F]:
    """Register a rule factory under its function's name: `@rule("accept", "Only ...")`.
    Parameter kinds come from the annotations (as strings). The older spelling that names the
    rule first, `@rule("accept", "Only ...")`, still registers that name, so
    plugins written for it keep working. `ordered`: the groups whose pile order the rule reads
    (see `RuleSpec.ordered`), `while_holding`: only while its own group holds cards."""
    name: str | None = None
    if older:
        name, kind, description = kind, description, older[0]
    if kind not in KINDS:
        raise ValueError(f"unknown rule kind {kind}")

    def register(factory: F) -> F:
        rule_name = name or factory.__name__
        params = []
        for pname, p in inspect.signature(factory).parameters.items():
            annotation = p.annotation if isinstance(p.annotation, str) else p.annotation.__name__
            required = p.default is inspect.Parameter.empty
            params.append(
                Param(
                    pname.rstrip("_"),
                    _param_kind(annotation, pname),
                    None if required else p.default,
                    required,
                )
            )
        if _key(kind, rule_name) in REGISTRY:
            raise ValueError(f"{kind} rule '{rule_name}' registered twice")
        REGISTRY[_key(kind, rule_name)] = RuleSpec(
            rule_name,
            kind,
            description,
            factory,
            tuple(params),
            dict(choices),
            ordered,
            while_holding,
        )
        return factory

    return register


def _key(kind: str, name: str) -> str:
    return f"{kind}:{name}"


def _param_kind(annotation: str, pname: str) -> str:
    table = {
        "int": "int",
        "str": "str",
        "bool": "bool",
        "tuple[int, ...]": "ints",
        "tuple[str, ...]": "groups",
        "Condition": "condition",
        "Accept": "accept",
        "Condition | None": "condition",
        "dict[str, int]": "points",
        "GroupName": "group",
        "dict[GroupName, int]": "group_points",
    }
    if annotation not in table:
        raise ValueError(f"parameter {pname}: unsupported annotation {annotation}")
    kind = table[annotation]
    if kind == "str" and pname in ("group", "to", "from_", "source", "foundation"):
        return "group"
    return kind


def lookup(kind: str, name: str) -> RuleSpec | None:
    return REGISTRY.get(_key(kind, name))


def names(kind: str) -> list[str]:
    return sorted(spec.name for spec in REGISTRY.values() if spec.kind == kind)


def all_rules() -> list[RuleSpec]:
    return sorted(REGISTRY.values(), key=lambda spec: (KINDS.index(spec.kind), spec.name))
