"""A rule expression of a game file in words: each rule's one-line description with the values
the file gives it, and `any`, `all` and `not` kept as words round their members, so the pages
written from a game's rules, and the refusal of a `not`, never say the opposite of a rule nor
show the file's own text."""

from __future__ import annotations

from typing import Any

from retro.definition.dealsteps import given_values, is_per_pile
from retro.rules.registry import KINDS, lookup

COMBINED = ("any", "all", "not")  # of accept rules and of conditions
THEN = "then"  # of actions


def combines(kind: str, name: str) -> bool:
    """Is `name` a combinator of rules of `kind` rather than a rule?"""
    if kind == "action":
        return name == THEN
    return name in COMBINED and kind in ("accept", "condition")


def rule_words(kind: str, expr: Any) -> str:
    """`expr` (a rule name, `{name: {parameters}}`, or `any`/`all`/`not` of them) in words."""
    params: Any
    if isinstance(expr, str):
        name, params = expr, {}
    elif isinstance(expr, dict) and len(expr) == 1:
        name, params = next(iter(expr.items()))
    else:
        return str(expr)
    if name in ("any", "all") and isinstance(params, list):
        joined = " | or: " if name == "any" else " | and: "
        head = "Any one of these: " if name == "any" else "All of these: "
        return head + joined.join(_member(kind, member) for member in params)
    if name == "not":
        return "NOT this: " + _member(kind, params)
    if name == THEN and isinstance(params, list):
        return "One after another: " + " | then: ".join(_member(kind, m) for m in params)
    spec = lookup(kind, name) if isinstance(name, str) else None
    if spec is None:
        return str(name)
    if not isinstance(params, dict):
        return spec.description
    nested = [
        f" [{key}: {rule_words(param.kind, value)}]"
        for key, value in params.items()
        if (param := spec.param(key)) is not None
        and param.kind in KINDS
        and not is_per_pile(value)
        and value is not None
    ]
    return spec.description + given_values(params) + "".join(nested)


def _member(kind: str, expr: Any) -> str:
    """A member of `any`, `all` or `not`, in brackets when it combines rules itself."""
    words = rule_words(kind, expr)
    combined = isinstance(expr, dict) and len(expr) == 1 and combines(kind, next(iter(expr)))
    return f"({words})" if combined else words
