"""A game file's options (`options:`): what the player may choose, the values chosen, and each
`$name` of the file replaced by what the chosen value stands for, before the rules are bound.
The loader (`loader.py`) hands itself in as the `Reporter` that collects the mistakes."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from retro.definition.schema import shown, suggest
from retro.definition.yamlmarks import Marked
from retro.errors import DefinitionError, RetroError


class Reporter(Protocol):
    """What reading the options needs of the loader: a place for the file's mistakes."""

    def error(self, path: tuple[str | int, ...], message: str, key: bool = False) -> None: ...

    @property
    def errors(self) -> list[str]: ...


@dataclass(frozen=True)
class OptionSpec:
    """One option of a game file, as the menu offers it and the loader reads it."""

    name: str
    label: str
    values: tuple[Any, ...]  # what the player chooses from (labels for mapped options)
    mapped: Mapping[str, Any] | None
    default: Any

    def choose(self, given: Any) -> Any:
        """The value for a choice given as text or as a value; None when it is not allowed."""
        for value in self.values:
            if value == given or str(value).lower() == str(given).lower():
                return value
        return None


def checked_option_specs(marked: Marked) -> dict[str, OptionSpec]:
    """The options of a file not yet checked against the schema (the menu reads them before a
    game is loaded): DefinitionError at the first option that is not {values, default}."""
    options = marked.data.get("options") or {}
    if not isinstance(options, dict):
        raise DefinitionError([f"{marked.where(('options',))}: 'options' must be a mapping"])
    for name, option in options.items():
        where = marked.where(("options", name))
        if not isinstance(option, dict) or "values" not in option or "default" not in option:
            raise DefinitionError([f"{where}: option '{name}' needs 'values' and 'default'"])
        values = option["values"]
        if (
            not isinstance(values, (list, dict))
            or not values
            or not all(isinstance(v, (str, int)) for v in values)
        ):
            raise DefinitionError(
                [
                    f"{where}: the values of option '{name}' must be a list of "
                    "words or numbers, or a mapping"
                ]
            )
        if not isinstance(option["default"], (str, int)) or not isinstance(
            option.get("label", ""), str
        ):
            raise DefinitionError(
                [f"{where}: option '{name}': a default must be a word or number, a label text"]
            )
    return option_specs(marked.data)


def option_specs(data: Mapping[str, Any]) -> dict[str, OptionSpec]:
    specs: dict[str, OptionSpec] = {}
    for name, option in (data.get("options") or {}).items():
        values = option["values"]
        mapped = values if isinstance(values, dict) else None
        specs[name] = OptionSpec(
            name=name,
            label=option.get("label", name.replace("_", " ")),
            values=tuple(values),
            mapped=mapped,
            default=option["default"],
        )
    return specs


def option_words(chosen: Mapping[str, Any]) -> str:
    return " ".join(f"{name}={value}" for name, value in chosen.items())


def choose_options(
    reader: Reporter, game_id: object, specs: dict[str, OptionSpec], given: Mapping[str, Any]
) -> dict[str, Any]:
    """The value of every option: the one `given`, else its default. RetroError for an option
    or value the file does not offer (the player's mistake); a wrong default is the file's."""
    for name in given:
        if name not in specs:
            offered = ", ".join(specs) or "none"
            raise RetroError(
                f"{game_id} has no option '{name}'"
                f"{suggest(name, list(specs))}; its options: {offered}"
            )
    chosen: dict[str, Any] = {}
    for name, spec in specs.items():
        if spec.choose(spec.default) is None:
            reader.error(
                ("options", name, "default"),
                f"default {shown(spec.default)} is not one of the values",
            )
            continue
        value = spec.choose(given[name]) if name in given else spec.choose(spec.default)
        if value is None:
            raise RetroError(
                f"option {name} must be one of "
                f"{', '.join(str(v) for v in spec.values)}, "
                f"not {shown(given[name])}"
            )
        chosen[name] = value
    return chosen


def substitute(
    reader: Reporter,
    value: Any,
    specs: dict[str, OptionSpec],
    chosen: dict[str, Any],
    path: tuple[str | int, ...],
) -> Any:
    """`value` with each `$name` (or `$name.entry`) replaced by what the chosen value of that
    option stands for; a `$name` in a list that stands for a list is spliced into it."""
    if path == ("options",) or path in (("id",), ("extends",)):
        return value
    if isinstance(value, str) and value.startswith("$"):
        name, _, entry = value[1:].partition(".")
        if name not in specs:
            reader.error(path, f"unknown option '{value}'" + suggest(name, list(specs)))
            return value
        if name not in chosen:  # its default was wrong: already reported
            return value
        spec = specs[name]
        found = spec.mapped[chosen[name]] if spec.mapped is not None else chosen[name]
        if not entry:
            return found
        # `$name.entry`: one entry of what the chosen value stands for (a mapping), so one
        # option can set several places (a count, and the deal that fills those piles)
        if not isinstance(found, dict) or entry not in found:
            reader.error(
                path,
                f"'{value}': the value {shown(chosen[name])} of option "
                f"'{name}' has no entry '{entry}'",
            )
            return value
        return found[entry]
    if isinstance(value, dict):
        return {k: substitute(reader, v, specs, chosen, (*path, k)) for k, v in value.items()}
    if isinstance(value, list):
        result: list[Any] = []
        for i, item in enumerate(value):
            new = substitute(reader, item, specs, chosen, (*path, i))
            if isinstance(item, str) and item.startswith("$") and isinstance(new, list):
                result.extend(new)
            else:
                result.append(new)
        return result
    return value


def check_every_option_value(
    reader: Reporter,
    data: dict[str, Any],
    specs: dict[str, OptionSpec],
    check: Callable[[Any, str], None],
) -> None:
    """Put each value of each option in (the others at their defaults) and check the
    result as the file itself was checked: a value of the wrong kind is found whichever
    one the player picks."""
    defaults = {name: spec.choose(spec.default) for name, spec in specs.items()}
    if any(value is None for value in defaults.values()):
        return  # a wrong default: reported already
    tried: list[dict[str, Any]] = [defaults]
    for name, spec in specs.items():
        tried += [{**defaults, name: value} for value in spec.values if value != defaults[name]]
    seen: set[str] = set()
    for chosen in tried:
        after = f" (with the options {option_words(chosen)})"
        before = len(reader.errors)
        substituted = substitute(reader, data, specs, chosen, ())
        if len(reader.errors) > before:
            return  # an unknown option: reported once is enough
        check(substituted, after)
        fresh = []
        for message in reader.errors[before:]:
            where = message.split(" (with the options")[0]
            if where not in seen:  # the same mistake under another value: once is enough
                seen.add(where)
                fresh.append(message)
        reader.errors[before:] = fresh


def solver_settings(
    reader: Reporter, data: dict[str, Any], specs: dict[str, OptionSpec], chosen: dict[str, Any]
) -> dict[str, Any]:
    """The file's `solver` key with the weights for the chosen options put in: `by_option`
    changes weights for some values of an option (a game plays differently with one suit
    than with four), over the file's own `weights`."""
    solver: dict[str, Any] = data.get("solver") or {}
    weights = dict(solver.get("weights") or {})
    for name, by_value in (solver.get("by_option") or {}).items():
        spec = specs.get(name)
        if spec is None:
            reader.error(
                ("solver", "by_option", name),
                f"unknown option '{name}'" + suggest(name, list(specs)),
                key=True,
            )
            continue
        for value, changes in by_value.items():
            offered = spec.choose(value)
            if offered is None:
                reader.error(
                    ("solver", "by_option", name, value),
                    f"option {name} has no value {shown(value)}; its values: "
                    f"{', '.join(str(v) for v in spec.values)}",
                    key=True,
                )
            elif offered == chosen.get(name):
                weights.update(changes)
    if reader.errors:
        raise DefinitionError(reader.errors)
    found = {key: value for key, value in solver.items() if key != "by_option"}
    if weights:
        found["weights"] = weights
    return found
