"""A rule's parameters as a game file writes them (`{name: {parameter: value}}`), checked
against the rule function's signature and converted to what it takes: whole numbers within
bounds, pile group names the file defines, rules of their own bound in turn."""

from __future__ import annotations

from typing import Any

from retro.definition.dealsteps import Reader
from retro.definition.schema import shown, suggest
from retro.rules.registry import RuleSpec

INT_PARAM_LIMIT = 1_000_000  # a rule's whole-number parameter (counts, limits, scores)

_BAD = object()  # a value reported wrong


def read_params(
    reader: Reader, spec: RuleSpec, given: dict[str, Any], path: tuple[str | int, ...], context: str
) -> dict[str, Any] | None:
    """The keyword arguments for the rule's function, or None when a parameter is wrong (each
    mistake reported to the reader)."""
    kwargs: dict[str, Any] = {}
    ok = True
    known = [p.name for p in spec.params]
    for key, value in given.items():
        param = spec.param(key)
        where = (*path, key)
        if param is None:
            hint = suggest(key, known) or (
                f" (it takes: {', '.join(known)})" if known else " (it takes none)"
            )
            reader.error(where, f"'{spec.name}' has no parameter {shown(key)}{hint}", key=True)
            ok = False
            continue
        converted = _convert(reader, param.kind, value, where, context, spec.name, key)
        if converted is _BAD:
            ok = False
            continue
        allowed = spec.choices.get(key)
        if allowed is not None and converted not in allowed:
            reader.error(
                where,
                f"'{key}' of '{spec.name}' must be one of "
                f"{', '.join(str(a) for a in allowed)}, not {shown(value)}",
            )
            ok = False
            continue
        kwargs[key + "_" if key in ("from",) else key] = converted
    for param in spec.params:
        if param.required and param.name not in given:
            reader.error(path, f"'{spec.name}' needs the parameter '{param.name}'")
            ok = False
    return kwargs if ok else None


def _convert(
    reader: Reader,
    kind: str,
    value: Any,
    where: tuple[str | int, ...],
    context: str,
    rule_name: str,
    key: str,
) -> Any:
    def bad(expected: str) -> object:
        reader.error(where, f"'{key}' of '{rule_name}' must be {expected}, not {shown(value)}")
        return _BAD

    if kind == "int":
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) <= INT_PARAM_LIMIT:
            return value
        return bad(
            f"a whole number from -{INT_PARAM_LIMIT} to {INT_PARAM_LIMIT}"
            if isinstance(value, int)
            else "a whole number"
        )
    if kind == "bool":
        return value if isinstance(value, bool) else bad("true or false")
    if kind == "str":
        return (
            value
            if isinstance(value, str)
            else str(value)
            if isinstance(value, int) and not isinstance(value, bool)
            else bad("a word")
        )
    if kind == "ints":
        if (
            isinstance(value, list)
            and len(value) <= 256
            and all(
                isinstance(v, int) and not isinstance(v, bool) and abs(v) <= INT_PARAM_LIMIT
                for v in value
            )
        ):
            return tuple(value)
        return bad("a list of whole numbers")
    if kind in ("group", "groups"):
        items = value if kind == "groups" and isinstance(value, list) else [value]
        for item in items:
            if not isinstance(item, str) or item not in reader.groups:
                reader.error(
                    where,
                    f"no pile group named {shown(item)}" + suggest(str(item), list(reader.groups)),
                )
                return _BAD
        return tuple(items) if kind == "groups" else value
    if kind in ("points", "group_points"):
        if not isinstance(value, dict) or not all(
            isinstance(v, int) and not isinstance(v, bool) and abs(v) <= INT_PARAM_LIMIT
            for v in value.values()
        ):
            return bad("a mapping of names to whole numbers")
        if kind == "group_points":
            for name in value:
                if name not in reader.groups:
                    reader.error(
                        (*where, name),
                        f"no pile group named {shown(name)}"
                        + suggest(str(name), list(reader.groups)),
                        key=True,
                    )
                    return _BAD
        return {str(name): number for name, number in value.items()}
    bound = reader.bind(kind, value, where, context)
    return _BAD if bound is None else bound
