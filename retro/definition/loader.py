"""Game files (YAML) to bound `GameDef`s, with every mistake reported as file:line:column.

Order of work: parse with marks, follow `extends:`, check against the JSON Schema, choose the
options and put their values in place of `$name`, then bind every rule name to the registry.
All errors found are collected and raised together as one `DefinitionError`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from retro.definition.dealsteps import (
    bind_per_pile,
    check_deal_size,
    given_values,
    is_per_pile,
    read_deal_step,
)
from retro.definition.gamefiles import read_marked, resolve_extends
from retro.definition.layouts import (
    check_cover_order,
    check_hidden,
    read_covered_by,
    read_layout,
    read_pile_map,
    with_cover,
)
from retro.definition.options import (
    check_every_option_value,
    choose_options,
    option_specs,
    option_words,
    solver_settings,
    substitute,
)
from retro.definition.params import read_params
from retro.definition.pileorder import PileOrder
from retro.definition.schema import schema_errors, shown, suggest
from retro.definition.wording import COMBINED, THEN, combines, rule_words
from retro.definition.yamlmarks import Marked
from retro.engine.bound import Accept, Auto, Condition, Score
from retro.engine.cards import parse_rank
from retro.engine.deals import SHUFFLES
from retro.engine.gamedef import DeckDef, GameDef, GroupDef, PileKind
from retro.errors import DefinitionError
from retro.rules import combinators
from retro.rules.plugins import PluginFailure, guard, is_plugin, load_plugins
from retro.rules.registry import KINDS, lookup, names

RESERVED_GROUPS = frozenset({"counters"})


class _Reader:
    """One load: the merged data, its marks, and the errors found so far."""

    def __init__(self, marked: Marked) -> None:
        self.marked = marked
        self.errors: list[str] = []
        self.groups: dict[str, int] = {}
        self.ace_high = False  # the pack's, once read: how named cards are read
        self.rule_lines: list[str] = []
        self.order = PileOrder()  # whose pile order the rules read: interchangeable groups

    def error(self, path: tuple[str | int, ...], message: str, key: bool = False) -> None:
        self.errors.append(
            f"{self.marked.where(path, key)}: {message}".replace(  # one line, even when a
                "\r", "\\r"
            ).replace("\n", "\\n")
        )  # quoted key has breaks

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
        if combines(kind, name):
            # the pages written from the rules say the whole expression, `not` and all, once
            lines = len(self.rule_lines)
            bound = self._combined(kind, name, params, ppath, context)
            del self.rule_lines[lines:]
            self.rule_lines.append(f"{context}: {rule_words(kind, expr)}")
            return bound
        spec = lookup(kind, name) if isinstance(name, str) else None
        if spec is None:
            self.error(path, self._unknown_rule(kind, str(name)))
            return None
        if params is None:
            params = {}
        if not isinstance(params, dict):
            self.error(ppath, f"the parameters of '{name}' must be a mapping of name: value")
            return None
        if any(is_per_pile(value) for value in params.values()):
            return bind_per_pile(self, kind, spec, params, path, context)
        kwargs = read_params(self, spec, params, ppath, context)
        if kwargs is None:
            return None
        self.rule_lines.append(f"{context}: {spec.description}{given_values(params)}")
        self.order.note(spec, kwargs)
        if is_plugin(spec.factory):
            try:
                return guard(spec.name, spec.factory(**kwargs))
            except PluginFailure as error:
                self.error(
                    ppath,
                    f"'{name}' (a plugin rule) failed: {type(error).__name__}: {str(error)[:200]}",
                )
                return None
        try:
            return spec.factory(**kwargs)
        except (ValueError, TypeError) as error:
            self.error(ppath, f"'{name}': {error}")
            return None

    def _combined(
        self, kind: str, name: str, params: Any, ppath: tuple[str | int, ...], context: str
    ) -> Any:
        """`any`, `all` or `not` of accept rules or of conditions, `then` of actions."""
        if name == "not":
            member = self.bind(kind, params, ppath, context)
            if member is None:
                return None
            text = rule_words(kind, params)
            if kind == "accept":
                return combinators.not_accept(member, text)
            return combinators.not_condition(member, text)
        if not isinstance(params, list) or not params:
            self.error(ppath, f"'{name}' needs a list of {kind} rules")
            return None
        members = [self.bind(kind, item, (*ppath, i), context) for i, item in enumerate(params)]
        if any(member is None for member in members):
            return None
        if kind == "action":
            return combinators.then_action(members)
        if kind == "accept":
            return (combinators.any_accept if name == "any" else combinators.all_accept)(members)
        return (combinators.any_condition if name == "any" else combinators.all_condition)(members)

    def _unknown_rule(self, kind: str, name: str) -> str:
        elsewhere = [k for k in KINDS if lookup(k, name) is not None]
        if elsewhere:
            other = elsewhere[0]
            return (
                f"'{name}' is {'an' if other[0] in 'aeiou' else 'a'} {other} rule, but "
                f"{'an' if kind[0] in 'aeiou' else 'a'} {kind} rule is needed here"
            )
        extra = [word for word in (*COMBINED, THEN) if combines(kind, word)]
        return f"unknown {kind} rule {shown(name)}" + suggest(name, names(kind) + extra)

    # -- the game ------------------------------------------------------------------------------

    def build(self, options: Mapping[str, Any], every_value: bool = False) -> GameDef:
        """The bound game for the chosen `options`; `every_value`: check the file with each
        value of each option put in, not only the chosen ones (what `validate` does)."""
        data = self.marked.data
        if not isinstance(data, dict):
            raise DefinitionError(
                [
                    f"{self.marked.name}:1:1: a game file must be a mapping "
                    "of keys (id, title, piles, ...)"
                ]
            )
        self._check_schema(data)
        for key in ("title", "piles", "deal", "win"):
            if key not in data:
                self.error((), f"missing '{key}'")
        if self.errors:
            self._bind_sound_rules(data)
            raise DefinitionError(self.errors)
        specs = option_specs(data)
        if every_value and specs:
            check_every_option_value(self, data, specs, self._check_file)
            if self.errors:
                raise DefinitionError(self.errors)
        chosen = choose_options(self, data.get("id"), specs, options)
        data = substitute(self, data, specs, chosen, ())
        if self.errors:
            raise DefinitionError(self.errors)
        after = f" (with the options {option_words(chosen)})" if specs else ""
        if specs:  # an option's value may be of a kind its place does not take
            self._check_schema(data, after)
        self._check_values(data, (), after)
        if self.errors:
            raise DefinitionError(self.errors)
        for name, group in data["piles"].items():
            if name in RESERVED_GROUPS or ":" in name or " " in name:
                self.error(("piles", name), f"'{name}' cannot name a pile group")
            self.groups[name] = int(group.get("count", 1))
        before = len(self.errors)
        deck = self._deck(data.get("deck", {}))
        self.ace_high = deck.ace_high
        deck_errors = len(self.errors) - before
        groups = tuple(self._group(name, group) for name, group in data["piles"].items())
        check_cover_order(self, groups)
        before = len(self.errors)
        deal = tuple(read_deal_step(self, step, i) for i, step in enumerate(data["deal"]))
        if not deck_errors and len(self.errors) == before:  # else its count is a knock-on
            check_deal_size(self, deck, deal)
        autos = tuple(
            a
            for i, expr in enumerate(data.get("auto", []))
            if (a := self.bind("auto", expr, ("auto", i), "after each move"))
        )
        win = self.bind("condition", data["win"], ("win",), "won")
        lose = self.bind("condition", data["lose"], ("lose",), "lost") if "lose" in data else None
        score = self.bind("score", data.get("score", "no_score"), ("score",), "score")
        if self.errors:
            raise DefinitionError(self.errors)
        return GameDef(
            id=data["id"],
            title=data["title"],
            description=data.get("description", ""),
            deck=deck,
            groups=groups,
            deal=deal,
            options=dict(chosen),
            autos=_typed(autos, Auto),
            win=_one(win, Condition),
            lose=_one(lose, Condition) if lose else None,
            score=_one(score, Score),
            done=bool(data.get("done", False)),
            auto_after_deal=bool(data.get("auto_after_deal", False)),
            safe_home=str(data.get("safe_home") or "dominance"),
            instructions=data.get("instructions", data["id"]),
            source=self.marked.name,
            rule_lines=tuple(self.rule_lines),
            solver=solver_settings(self, data, specs, chosen),
        )

    def _bind_sound_rules(self, data: dict[str, Any]) -> None:
        """With the file's shape found wrong, still bind the rules whose own place is sound, so
        one load reports every mistake at once (a misspelt rule beside a wrong `fan`). Rules
        that name an option (`$x`) wait until the shape is right."""
        wrong = [path for path, _, _ in schema_errors(data) if path]
        piles = data.get("piles")
        if isinstance(piles, dict):
            for name, group in piles.items():
                count = group.get("count", 1) if isinstance(group, dict) else 1
                self.groups[str(name)] = count if isinstance(count, int) and count > 0 else 1
        places: list[tuple[str, tuple[str | int, ...], Any, str]] = []
        for name, group in (piles or {}).items() if isinstance(piles, dict) else ():
            if isinstance(group, dict):
                places += [
                    (kind, ("piles", name, kind), group[kind], f"{name} {kind}")
                    for kind in ("pick", "accept", "action", "rotate")
                    if kind in group
                ]
        autos = data.get("auto")
        if isinstance(autos, list):
            places += [
                ("auto", ("auto", i), expr, "after each move") for i, expr in enumerate(autos)
            ]
        places += [
            (kind, (key,), data[key], key)
            for key, kind in (("win", "condition"), ("lose", "condition"), ("score", "score"))
            if key in data
        ]
        for kind, path, expr, context in places:
            if not any(bad[: len(path)] == path or path[: len(bad)] == bad for bad in wrong) and (
                "$" not in json.dumps(expr)
            ):
                self.bind(kind, expr, path, context)

    def _check_schema(self, data: dict[str, Any], after: str = "") -> None:
        """Report every schema error; `after` says which option values were put in first."""
        for path, message, key in schema_errors(data):
            self.error(path, message + after, key=key)

    def _check_file(self, data: Any, after: str) -> None:
        """The file with option values put in, checked as the file itself was."""
        self._check_schema(data, after)
        self._check_values(data, (), after)

    def _check_values(self, data: Any, path: tuple[str | int, ...], after: str) -> None:
        """Numbers a schema lets through that no game can use: NaN and infinities."""
        if isinstance(data, float) and not math.isfinite(data):
            self.error(
                path,
                f"'{path[-1] if path else 'the file'}' must be a finite number, not {data}{after}",
            )
        elif isinstance(data, dict):
            for key, value in data.items():
                self._check_values(value, (*path, key), after)
        elif isinstance(data, list):
            for i, value in enumerate(data):
                self._check_values(value, (*path, i), after)

    def rank(self, value: Any, path: tuple[str | int, ...]) -> int:
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
            number = self.rank(rank, ("deck", "ranks", i))
            if number:
                parsed.append(number)
        suits = deck.get("suits", 4)
        if suits not in (1, 2, 4):
            self.error(("deck", "suits"), f"suits must be 1, 2 or 4, not {shown(suits)}")
            suits = 4
        decks = deck.get("decks", 1)
        shuffle = deck.get("shuffle", "pcg32")
        if shuffle not in SHUFFLES:
            self.error(
                ("deck", "shuffle"),
                f"shuffle must be one of {', '.join(SHUFFLES)}, not {shown(shuffle)}",
            )
            shuffle = "pcg32"
        return DeckDef(
            decks=decks if isinstance(decks, int) else 1,
            suits=suits,
            ranks=tuple(parsed) if parsed else tuple(range(1, 14)),
            ace_high=bool(deck.get("ace_high", False)),
            shuffle=shuffle,
            jokers=int(deck.get("jokers") or 0),  # the schema keeps it a small whole number
        )

    def _group(self, name: str, group: dict[str, Any]) -> GroupDef:
        path: tuple[str | int, ...] = ("piles", name)
        count = int(group.get("count", 1))
        layout = read_layout(self, name, group, count)
        parts: dict[str, Any] = {}
        with self.order.within(name, group):
            for kind in ("pick", "accept", "action", "rotate"):
                if kind in group:
                    parts[kind] = self.bind(kind, group[kind], (*path, kind), f"{name} {kind}")
        check_hidden(self, name, layout, group)
        covered_by = read_covered_by(self, name, group.get("covered_by") or {}, count)
        opened_by = read_pile_map(self, name, "opened_by", group.get("opened_by") or {}, count)
        weighs_with = read_pile_map(
            self, name, "weighs_with", group.get("weighs_with") or {}, count
        )
        pick, accept = with_cover(parts.get("pick"), parts.get("accept"), covered_by, opened_by)
        return GroupDef(
            name=name,
            kind=PileKind(group["kind"]),
            count=count,
            layout=layout,
            pick=pick,
            accept=_one(accept, Accept) if accept else None,
            action=parts.get("action"),
            rotate=parts.get("rotate"),
            covered_by=covered_by,
            opened_by=opened_by,
            weighs_with=weighs_with,
        )


def _one(value: Any, kind: type) -> Any:
    if value is not None and not isinstance(value, kind):
        raise DefinitionError([f"internal: expected {kind.__name__}"])
    return value


def _typed(values: tuple[Any, ...], kind: type) -> tuple[Any, ...]:
    return tuple(_one(v, kind) for v in values)


def build_game(
    marked: Marked,
    options: Mapping[str, Any] | None = None,
    find: Callable[[str], Path | None] | None = None,
    every_value: bool = False,
) -> GameDef:
    load_plugins()
    merged = resolve_extends(marked, find or (lambda _: None))
    reader = _Reader(merged)
    gdef = reader.build(options or {}, every_value)
    return replace(gdef, groups=tuple(reader.order.decide(group) for group in gdef.groups))


def load_game_file(
    path: Path,
    options: Mapping[str, Any] | None = None,
    find: Callable[[str], Path | None] | None = None,
    every_value: bool = False,
) -> GameDef:
    """Load one game file (its `extends:` parents are looked up with `find`, else beside it)."""

    def beside(game_id: str) -> Path | None:
        candidate = path.parent / f"{game_id}.yaml"
        return candidate if candidate.is_file() else None

    return build_game(read_marked(path), options, find or beside, every_value)
