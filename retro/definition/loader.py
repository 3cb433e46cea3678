"""Game files (YAML) to bound `GameDef`s, with every mistake reported as file:line:column.

Order of work: parse with marks, follow `extends:`, check against the JSON Schema, choose the
options and put their values in place of `$name`, then bind every rule name to the registry.
All errors found are collected and raised together as one `DefinitionError`.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema

from retro.definition.yamlmarks import Mark, Marked, load_marked
from retro.engine.cards import Card, make_deck, parse_card, parse_rank, plain_rank
from retro.engine.deals import SHUFFLES
from retro.engine.model import (
    Accept,
    Auto,
    Condition,
    Deal,
    DealStep,
    DeckDef,
    GameDef,
    GroupDef,
    Layout,
    Score,
)
from retro.errors import DefinitionError, RetroError
from retro.rules import combinators, perpile
from retro.rules.plugins import load_plugins
from retro.rules.registry import KINDS, RuleSpec, lookup, names

SCHEMA_PATH = Path(__file__).with_name("game.schema.json")
RESERVED_GROUPS = frozenset({"counters"})
_MAX_EXTENDS = 16


@cache
def schema() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return data


@dataclass(frozen=True)
class OptionSpec:
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


def _suggest(word: str, choices: list[str]) -> str:
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


class _Reader:
    """One load: the merged data, its marks, and the errors found so far."""

    def __init__(self, marked: Marked) -> None:
        self.marked = marked
        self.errors: list[str] = []
        self.groups: dict[str, int] = {}
        self.ace_high = False  # the pack's, once read: how named cards are read
        self.rule_lines: list[str] = []

    def error(self, path: tuple[str | int, ...], message: str, key: bool = False) -> None:
        self.errors.append(f"{self.marked.where(path, key)}: {message}")

    # -- rules --------------------------------------------------------------------------------

    def bind(self, kind: str, expr: Any, path: tuple[str | int, ...], context: str) -> Any:
        """A rule expression (name, {name: params}, any/all/not) to its bound rule object."""
        params: Any
        if isinstance(expr, str):
            name, params, ppath = expr, {}, path
        elif isinstance(expr, dict) and len(expr) == 1:
            name, params = next(iter(expr.items()))
            ppath = (*path, name)
        else:
            self.error(path, f"a {kind} rule must be a name or {{name: {{parameters}}}}")
            return None
        if name in ("any", "all") and kind in ("accept", "condition"):
            if not isinstance(params, list) or not params:
                self.error(ppath, f"'{name}' needs a list of {kind} rules")
                return None
            members = [self.bind(kind, item, (*ppath, i), context) for i, item in
                       enumerate(params)]
            if any(member is None for member in members):
                return None
            if kind == "accept":
                return (combinators.any_accept if name == "any" else combinators.all_accept)(
                    members)
            return (combinators.any_condition if name == "any" else combinators.all_condition)(
                members)
        if name == "not" and kind in ("accept", "condition"):
            member = self.bind(kind, params, ppath, context)
            if member is None:
                return None
            text = params if isinstance(params, str) else json.dumps(params)
            if kind == "accept":
                return combinators.not_accept(member, text)
            return combinators.not_condition(member, text)
        spec = lookup(kind, name) if isinstance(name, str) else None
        if spec is None:
            self.error(path, self._unknown_rule(kind, str(name)))
            return None
        if params is None:
            params = {}
        if not isinstance(params, dict):
            self.error(ppath, f"the parameters of '{name}' must be a mapping of name: value")
            return None
        if any(_is_per_pile(value) for value in params.values()):
            return self._per_pile(kind, spec, params, path, context)
        kwargs = self._params(spec, params, ppath, context)
        if kwargs is None:
            return None
        self.rule_lines.append(f"{context}: {spec.description}{_given(params)}")
        try:
            return spec.factory(**kwargs)
        except (ValueError, TypeError) as error:
            self.error(ppath, f"'{name}': {error}")
            return None

    def _per_pile(self, kind: str, spec: RuleSpec, params: dict[str, Any],
                  path: tuple[str | int, ...], context: str) -> Any:
        """A rule with `{per_pile: [...]}` parameters, bound once for each pile of its group."""
        name = spec.name
        if kind != "accept" or len(path) < 3 or path[0] != "piles":
            self.error(path, "'per_pile' goes only in the accept rule of a pile group")
            return None
        count = self.groups[str(path[1])]
        lists = {key: value["per_pile"] for key, value in params.items() if _is_per_pile(value)}
        for key, values in lists.items():
            if not isinstance(values, list) or len(values) != count:
                self.error((*path, name, key), f"'per_pile' needs a list of {count} values "
                                               f"(one for each pile of '{path[1]}')")
                return None
        lines, errors = len(self.rule_lines), len(self.errors)
        members = [self.bind(kind, {name: {**params, **{k: v[i] for k, v in lists.items()}}},
                             path, context) for i in range(count)]
        del self.rule_lines[lines:]  # the rule is described once, with its values per pile
        self.rule_lines.append(f"{context}: {spec.description}{_given(params)}")
        self.errors[errors:] = list(dict.fromkeys(self.errors[errors:]))  # a mistake once
        if any(member is None for member in members):
            return None
        return perpile.per_pile_accept(members)

    def _unknown_rule(self, kind: str, name: str) -> str:
        elsewhere = [k for k in KINDS if lookup(k, name) is not None]
        if elsewhere:
            other = elsewhere[0]
            return (f"'{name}' is {'an' if other[0] in 'aeiou' else 'a'} {other} rule, but "
                    f"{'an' if kind[0] in 'aeiou' else 'a'} {kind} rule is needed here")
        extra = ["any", "all", "not"] if kind in ("accept", "condition") else []
        return f"unknown {kind} rule '{name}'" + _suggest(name, names(kind) + extra)

    def _params(self, spec: RuleSpec, given: dict[str, Any], path: tuple[str | int, ...],
                context: str) -> dict[str, Any] | None:
        kwargs: dict[str, Any] = {}
        ok = True
        known = [p.name for p in spec.params]
        for key, value in given.items():
            param = spec.param(key)
            where = (*path, key)
            if param is None:
                hint = _suggest(key, known) or (
                    f" (it takes: {', '.join(known)})" if known else " (it takes none)")
                self.error(where, f"'{spec.name}' has no parameter '{key}'{hint}", key=True)
                ok = False
                continue
            converted = self._convert(param.kind, value, where, context, spec.name, key)
            if converted is _BAD:
                ok = False
                continue
            allowed = spec.choices.get(key)
            if allowed is not None and converted not in allowed:
                self.error(where, f"'{key}' of '{spec.name}' must be one of "
                                  f"{', '.join(str(a) for a in allowed)}, not {value!r}")
                ok = False
                continue
            kwargs[key + "_" if key in ("from",) else key] = converted
        for param in spec.params:
            if param.required and param.name not in given:
                self.error(path, f"'{spec.name}' needs the parameter '{param.name}'")
                ok = False
        return kwargs if ok else None

    def _convert(self, kind: str, value: Any, where: tuple[str | int, ...], context: str,
                 rule_name: str, key: str) -> Any:
        def bad(expected: str) -> object:
            self.error(where, f"'{key}' of '{rule_name}' must be {expected}, not {value!r}")
            return _BAD

        if kind == "int":
            return value if isinstance(value, int) and not isinstance(value, bool) else bad(
                "a whole number")
        if kind == "bool":
            return value if isinstance(value, bool) else bad("true or false")
        if kind == "str":
            return value if isinstance(value, str) else str(value) if isinstance(
                value, int) and not isinstance(value, bool) else bad("a word")
        if kind == "ints":
            if isinstance(value, list) and all(isinstance(v, int) for v in value):
                return tuple(value)
            return bad("a list of whole numbers")
        if kind in ("group", "groups"):
            items = value if kind == "groups" and isinstance(value, list) else [value]
            for item in items:
                if not isinstance(item, str) or item not in self.groups:
                    self.error(where, f"no pile group named {item!r}"
                               + _suggest(str(item), list(self.groups)))
                    return _BAD
            return tuple(items) if kind == "groups" else value
        bound = self.bind(kind, value, where, context)
        return _BAD if bound is None else bound

    # -- the game ------------------------------------------------------------------------------

    def build(self, options: Mapping[str, Any]) -> GameDef:
        data = self.marked.data
        if not isinstance(data, dict):
            raise DefinitionError([f"{self.marked.name}:1:1: a game file must be a mapping "
                                   "of keys (id, title, piles, ...)"])
        self._check_schema(data)
        for key in ("title", "piles", "deal", "win"):
            if key not in data:
                self.error((), f"missing '{key}'")
        if self.errors:
            raise DefinitionError(self.errors)
        specs = option_specs(data)
        chosen = self._choose(specs, options)
        data = self._substitute(data, specs, chosen, ())
        if self.errors:
            raise DefinitionError(self.errors)
        for name, group in data["piles"].items():
            if name in RESERVED_GROUPS or ":" in name or " " in name:
                self.error(("piles", name), f"'{name}' cannot name a pile group")
            self.groups[name] = int(group.get("count", 1))
        deck = self._deck(data.get("deck", {}))
        self.ace_high = deck.ace_high
        groups = tuple(self._group(name, group) for name, group in data["piles"].items())
        deal = tuple(self._deal_step(step, i) for i, step in enumerate(data["deal"]))
        self._check_deal_size(deck, deal)
        autos = tuple(a for i, expr in enumerate(data.get("auto", []))
                      if (a := self.bind("auto", expr, ("auto", i), "after each move")))
        win = self.bind("condition", data["win"], ("win",), "won")
        lose = (self.bind("condition", data["lose"], ("lose",), "lost")
                if "lose" in data else None)
        score = self.bind("score", data.get("score", "no_score"), ("score",), "score")
        if self.errors:
            raise DefinitionError(self.errors)
        return GameDef(
            id=data["id"], title=data["title"], description=data.get("description", ""),
            deck=deck, groups=groups, deal=deal, options=dict(chosen), autos=_typed(autos, Auto),
            win=_one(win, Condition), lose=_one(lose, Condition) if lose else None,
            score=_one(score, Score), done=bool(data.get("done", False)),
            auto_after_deal=bool(data.get("auto_after_deal", False)),
            instructions=data.get("instructions", data["id"]), source=self.marked.name,
            rule_lines=tuple(self.rule_lines))

    def _check_schema(self, data: dict[str, Any]) -> None:
        validator = jsonschema.Draft202012Validator(schema())
        for error in sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.path))):
            path = tuple(error.absolute_path)
            if error.validator == "additionalProperties" and isinstance(error.instance, dict):
                known = error.schema.get("properties", {})
                extra = [k for k in error.instance if k not in known]
                if extra:
                    path = (*path, extra[0])
                    self.error(path, _schema_message(error), key=True)
                    continue
            self.error(path, _schema_message(error))

    def _choose(self, specs: dict[str, OptionSpec], given: Mapping[str, Any]) -> dict[str, Any]:
        for name in given:
            if name not in specs:
                offered = ", ".join(specs) or "none"
                raise RetroError(f"{self.marked.data.get('id')} has no option '{name}'"
                                 f"{_suggest(name, list(specs))}; its options: {offered}")
        chosen: dict[str, Any] = {}
        for name, spec in specs.items():
            if spec.choose(spec.default) is None:
                self.error(("options", name, "default"),
                           f"default {spec.default!r} is not one of the values")
                continue
            value = spec.choose(given[name]) if name in given else spec.choose(spec.default)
            if value is None:
                raise RetroError(f"option {name} must be one of "
                                 f"{', '.join(str(v) for v in spec.values)}, not {given[name]!r}")
            chosen[name] = value
        return chosen

    def _substitute(self, value: Any, specs: dict[str, OptionSpec], chosen: dict[str, Any],
                    path: tuple[str | int, ...]) -> Any:
        if path == ("options",) or path in (("id",), ("extends",)):
            return value
        if isinstance(value, str) and value.startswith("$"):
            name = value[1:]
            if name not in specs:
                self.error(path, f"unknown option '{value}'" + _suggest(name, list(specs)))
                return value
            if name not in chosen:  # its default was wrong: already reported
                return value
            spec = specs[name]
            return spec.mapped[chosen[name]] if spec.mapped is not None else chosen[name]
        if isinstance(value, dict):
            return {k: self._substitute(v, specs, chosen, (*path, k)) for k, v in value.items()}
        if isinstance(value, list):
            result: list[Any] = []
            for i, item in enumerate(value):
                new = self._substitute(item, specs, chosen, (*path, i))
                if isinstance(item, str) and item.startswith("$") and isinstance(new, list):
                    result.extend(new)
                else:
                    result.append(new)
            return result
        return value

    def _rank(self, value: Any, path: tuple[str | int, ...]) -> int:
        """A rank written in the file; 0 (and an error) when it is none."""
        try:
            return parse_rank(value)
        except ValueError as error:
            self.error(path, str(error))
            return 0

    def _deck(self, deck: dict[str, Any]) -> DeckDef:
        ranks = deck.get("ranks")
        parsed: list[int] = []
        for i, rank in enumerate(ranks or []):
            number = self._rank(rank, ("deck", "ranks", i))
            if number:
                parsed.append(number)
        suits = deck.get("suits", 4)
        if suits not in (1, 2, 4):
            self.error(("deck", "suits"), f"suits must be 1, 2 or 4, not {suits!r}")
            suits = 4
        decks = deck.get("decks", 1)
        shuffle = deck.get("shuffle", "pcg32")
        if shuffle not in SHUFFLES:
            self.error(("deck", "shuffle"), f"shuffle must be one of {', '.join(SHUFFLES)}, "
                                            f"not {shuffle!r}")
            shuffle = "pcg32"
        return DeckDef(decks=decks if isinstance(decks, int) else 1, suits=suits,
                       ranks=tuple(parsed) if parsed else tuple(range(1, 14)),
                       ace_high=bool(deck.get("ace_high", False)), shuffle=shuffle)

    def _group(self, name: str, group: dict[str, Any]) -> GroupDef:
        path: tuple[str | int, ...] = ("piles", name)
        at = group.get("at", [0, 0])
        step = group.get("step", [1, 0])
        layout = Layout(at=(float(at[0]), float(at[1])), step=(float(step[0]), float(step[1])),
                        fan=group.get("fan", "none"), columns=int(group.get("columns", 0)),
                        show=int(group.get("show", 0)))
        parts: dict[str, Any] = {}
        for kind in ("pick", "accept", "action", "rotate"):
            if kind in group:
                parts[kind] = self.bind(kind, group[kind], (*path, kind), f"{name} {kind}")
        return GroupDef(name=name, kind=group["kind"], count=int(group.get("count", 1)),
                        layout=layout, pick=parts.get("pick"),
                        accept=_one(parts.get("accept"), Accept) if parts.get("accept") else None,
                        action=parts.get("action"), rotate=parts.get("rotate"))

    def _deal_step(self, step: dict[str, Any], i: int) -> DealStep:
        path: tuple[str | int, ...] = ("deal", i)
        to = step["to"]
        if to not in self.groups:
            self.error((*path, "to"), f"no pile group named '{to}'"
                       + _suggest(to, list(self.groups)))
            return DealStep(to=next(iter(self.groups)))
        count = self.groups[to]
        per_pile: dict[str, tuple[int, ...]] = {}
        for key in ("face_down", "face_up"):
            value = step.get(key, 0)
            if isinstance(value, int):
                per_pile[key] = (value,) * count
            elif isinstance(value, list) and len(value) == count:
                per_pile[key] = tuple(value)
            else:
                self.error((*path, key), f"'{key}' must be one number or a list of {count} "
                                         f"(one for each pile of '{to}')")
                per_pile[key] = (0,) * count
        extract = 0
        source = ""
        if "extract" in step:
            extract = self._rank(step["extract"], (*path, "extract"))
            source = step.get("from", "")  # none: out of the pack before it is dealt
            if "from" in step and source not in self.groups:
                hint = _suggest(source, list(self.groups))
                self.error((*path, "from"), f"'from' names no pile group: {source!r}" + hint)
                source = to
        places: list[int] = []
        if "places" in step:
            if not extract and "cards" not in step and "rule" not in step:
                self.error((*path, "places"), "'places' goes with 'extract', 'cards' or 'rule' "
                                              "(the piles that get the cards)")
            for n, number in enumerate(step["places"]):
                if isinstance(number, int) and 1 <= number <= count:
                    places.append(number - 1)
                else:
                    self.error((*path, "places", n), f"'{to}' has piles 1 to {count}, "
                                                     f"not {number!r}")
        to_bottom = 0
        if "to_bottom" in step:
            to_bottom = self._rank(step["to_bottom"], (*path, "to_bottom"))
        rule = (self.bind("deal", step["rule"], (*path, "rule"), f"deal to {to}")
                if "rule" in step else None)
        named = self._named_cards(step, path)
        if named and "from" in step and not extract:
            source = step["from"] if step["from"] in self.groups else to
            if step["from"] not in self.groups:
                self.error((*path, "from"), f"'from' names no pile group: {step['from']!r}"
                           + _suggest(str(step["from"]), list(self.groups)))
        return DealStep(to=to, face_down=per_pile["face_down"], face_up=per_pile["face_up"],
                        rest=bool(step.get("rest", False)), extract_rank=extract, source=source,
                        places=tuple(places), to_bottom=to_bottom, cards=named,
                        remember=str(step.get("remember", "")), rule=_one(rule, Deal))

    def _named_cards(self, step: dict[str, Any], path: tuple[str | int, ...]) -> tuple[Card, ...]:
        """A step's `cards: [2H, KS]`, read as the notation writes cards."""
        found: list[Card] = []
        for n, text in enumerate(step.get("cards", [])):
            try:
                found.append(parse_card(str(text), self.ace_high))
            except ValueError as error:
                self.error((*path, "cards", n), str(error))
        return tuple(found)

    def _check_deal_size(self, deck: DeckDef, deal: tuple[DealStep, ...]) -> None:
        pack = make_deck(deck.decks, deck.suits, deck.ranks, deck.ace_high)
        size = len(pack)
        needed = sum(sum(step.face_down) + sum(step.face_up) for step in deal)
        for step in deal:
            if step.extract_rank and not step.source:  # taken out of the pack
                found = sum(1 for card in pack if plain_rank(card) == step.extract_rank)
                needed += min(found, len(step.places) or self.groups[step.to])
            if step.cards and not step.source:
                needed += len(step.cards)
                for card in step.cards:
                    if card in pack:
                        pack.remove(card)
                    else:
                        self.error(("deal",), f"the deal names {card.code} more often than "
                                              "the pack holds it")
        if needed > size:
            self.error(("deal",), f"the deal needs {needed} cards but the pack has {size}")
        elif needed < size and not any(step.rest or step.rule for step in deal):
            self.error(("deal",), f"{size - needed} of the {size} cards are never dealt: "
                                  "add a step with 'rest: true'")


_BAD = object()


def _given(params: dict[str, Any]) -> str:
    """The plain values a file gives a rule, for the pages written from its rules:
    ` (here: rank = K, suit = same)`; rules given as parameters speak for themselves."""

    def shown(value: Any) -> str | None:
        if _is_per_pile(value) and isinstance(value["per_pile"], list):
            values = [shown(v) for v in value["per_pile"]]
            return None if None in values else "one for each pile: " + ", ".join(
                str(v) for v in values)
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, (int, str)):
            return str(value)
        if isinstance(value, list) and all(isinstance(v, (int, str)) for v in value):
            return ", ".join(str(v) for v in value)
        return None

    parts = [f"{key} = {text}" for key, value in params.items()
             if (text := shown(value)) is not None]
    return f" (here: {'; '.join(parts)})" if parts else ""


def _is_per_pile(value: Any) -> bool:
    return isinstance(value, dict) and list(value) == ["per_pile"]


def _one(value: Any, kind: type) -> Any:
    if value is not None and not isinstance(value, kind):
        raise DefinitionError([f"internal: expected {kind.__name__}"])
    return value


def _typed(values: tuple[Any, ...], kind: type) -> tuple[Any, ...]:
    return tuple(_one(v, kind) for v in values)


def _schema_message(error: jsonschema.ValidationError) -> str:
    instance: Any = error.instance
    schema_part: Any = error.schema
    path = list(error.absolute_path)
    field = str(path[-1]) if path else "the file"
    if error.validator == "additionalProperties":
        extra = [k for k in instance if k not in schema_part.get("properties", {})]
        known = list(schema_part.get("properties", {}))
        word = extra[0] if extra else "?"
        return f"unknown key '{word}'" + (_suggest(word, known) if known else "")
    if error.validator == "required":
        return f"'{field}' needs {error.message.split(' is a required')[0]}"
    if error.validator == "enum":
        allowed: Any = error.validator_value
        return f"'{field}' must be one of {', '.join(map(str, allowed))}"
    if error.validator == "type":
        return f"'{field}' must be {_type_words(error.validator_value)}, not {error.instance!r}"
    if (error.validator == "anyOf" and path and path[0] in ("win", "lose", "score", "auto")) or (
            len(path) >= 3 and path[0] == "piles"):
        return f"'{field}' must be a rule name or {{name: {{parameters}}}}"
    if error.validator == "pattern" and field == "id":
        return "the id must be lower case letters, digits and _ (it names the file)"
    return f"'{field}': {error.message}"


def _type_words(kind: Any) -> str:
    words = {"string": "text", "integer": "a whole number", "object": "a mapping",
             "array": "a list", "boolean": "true or false", "number": "a number"}
    if isinstance(kind, list):
        return " or ".join(words.get(str(k), str(k)) for k in kind)
    return words.get(str(kind), str(kind))


def option_specs(data: Mapping[str, Any]) -> dict[str, OptionSpec]:
    specs: dict[str, OptionSpec] = {}
    for name, option in (data.get("options") or {}).items():
        values = option["values"]
        mapped = values if isinstance(values, dict) else None
        specs[name] = OptionSpec(name=name, label=option.get("label", name.replace("_", " ")),
                                 values=tuple(values), mapped=mapped, default=option["default"])
    return specs


# -- files, extends, the catalogue ------------------------------------------------------------


def read_marked(path: Path) -> Marked:
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise DefinitionError([f"{path.name}:1:1: not a UTF-8 text file"]) from None
    except OSError as error:
        raise DefinitionError([f"{path}: cannot read: {error.strerror}"]) from None
    return load_marked(text, path.name)


def resolve_extends(marked: Marked, find: Callable[[str], Path | None]) -> Marked:
    """Merge the chain of `extends:` parents under `marked` (the child wins key by key; see
    `_merge` for rules and for null)."""
    chain = [marked]
    seen = {marked.name}
    current = marked
    while isinstance(current.data, dict) and "extends" in current.data:
        parent_id = current.data["extends"]
        parent_path = find(str(parent_id))
        if parent_path is None:
            raise DefinitionError([f"{current.where(('extends',))}: extends unknown game "
                                   f"'{parent_id}'"])
        if parent_path.name in seen or len(chain) > _MAX_EXTENDS:
            raise DefinitionError([f"{current.where(('extends',))}: 'extends' goes round in a "
                                   "circle"])
        seen.add(parent_path.name)
        current = read_marked(parent_path)
        chain.append(current)
    if len(chain) == 1:
        return marked
    data: Any = {}
    marks: dict[tuple[str | int, ...], Mark] = {}
    key_marks: dict[tuple[str | int, ...], Mark] = {}
    for layer in reversed(chain):
        data = _merge(data, layer.data)
        marks.update(layer.marks)
        key_marks.update(layer.key_marks)
    data.pop("extends", None)
    return Marked(data, marks, marked.name, key_marks)


def _merge(base: Any, over: Any, path: tuple[str | int, ...] = ()) -> Any:
    """The child's value over the parent's, mappings key by key. A child's rule naming another
    rule replaces the parent's whole (mixing two rules would make one mapping with two names),
    and a key set to null (`~`) in the child removes the parent's key, so a variant can drop an
    option or a rule parameter it does not want."""
    if isinstance(base, dict) and isinstance(over, dict):
        if _is_rule_place(path) and set(base) != set(over):
            return over
        merged = dict(base)
        for key, value in over.items():
            if value is None:
                merged.pop(key, None)
            else:
                merged[key] = _merge(base[key], value, (*path, key)) if key in base else value
        return merged
    return over


def _is_rule_place(path: tuple[str | int, ...]) -> bool:
    """Whether `path` holds one rule: win, lose, score, or a group's pick, accept or action."""
    if len(path) == 1:
        return path[0] in ("win", "lose", "score")
    return len(path) == 3 and path[0] == "piles" and path[2] in ("pick", "accept", "action",
                                                                  "rotate")


def build_game(marked: Marked, options: Mapping[str, Any] | None = None,
               find: Callable[[str], Path | None] | None = None) -> GameDef:
    load_plugins()
    merged = resolve_extends(marked, find or (lambda _: None))
    return _Reader(merged).build(options or {})


def load_game_file(path: Path, options: Mapping[str, Any] | None = None,
                   find: Callable[[str], Path | None] | None = None) -> GameDef:
    """Load one game file (its `extends:` parents are looked up with `find`, else beside it)."""
    def beside(game_id: str) -> Path | None:
        candidate = path.parent / f"{game_id}.yaml"
        return candidate if candidate.is_file() else None

    return build_game(read_marked(path), options, find or beside)
