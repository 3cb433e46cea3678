"""The deal steps of a game file (`deal:`), read and checked, and the helpers of rule parameters
written per pile (`{per_pile: [...]}`) or shown in the pages written from a game's rules. The
loader (`loader.py`) hands itself in as the `Reader` that collects the mistakes."""

from __future__ import annotations

from typing import Any, Protocol

from retro.definition.pileorder import PileOrder
from retro.definition.schema import shown, suggest
from retro.engine.bound import Deal
from retro.engine.cards import Card, parse_card, plain_rank
from retro.engine.gamedef import DealStep, DeckDef
from retro.rules import perpile
from retro.rules.registry import RuleSpec


class Reader(Protocol):
    """What reading a deal step, or a rule with per-pile values, needs of the loader."""

    groups: dict[str, int]
    ace_high: bool
    order: PileOrder

    def error(self, path: tuple[str | int, ...], message: str, key: bool = False) -> None: ...

    def bind(self, kind: str, expr: Any, path: tuple[str | int, ...], context: str) -> Any: ...

    def rank(self, value: Any, path: tuple[str | int, ...]) -> int: ...

    @property
    def errors(self) -> list[str]: ...

    @property
    def rule_lines(self) -> list[str]: ...


def read_deal_step(reader: Reader, step: dict[str, Any], i: int) -> DealStep:
    """One step of `deal:`, every mistake in it reported to the reader."""
    path: tuple[str | int, ...] = ("deal", i)
    to = step["to"]
    if to not in reader.groups:
        reader.error(
            (*path, "to"), f"no pile group named '{to}'" + suggest(to, list(reader.groups))
        )
        return DealStep(to=next(iter(reader.groups)))
    count = reader.groups[to]
    per_pile: dict[str, tuple[int, ...]] = {}
    for key in ("face_down", "face_up"):
        value = step.get(key, 0)
        if isinstance(value, int):
            per_pile[key] = (value,) * count
        elif isinstance(value, list) and len(value) == count:
            per_pile[key] = tuple(value)
        else:
            reader.error(
                (*path, key),
                f"'{key}' must be one number or a list of {count} (one for each pile of '{to}')",
            )
            per_pile[key] = (0,) * count
    extract = 0
    source = ""
    if "extract" in step:
        extract = reader.rank(step["extract"], (*path, "extract"))
        source = step.get("from", "")  # none: out of the pack before it is dealt
        if "from" in step and source not in reader.groups:
            hint = suggest(source, list(reader.groups))
            reader.error((*path, "from"), f"'from' names no pile group: {shown(source)}" + hint)
            source = to
    places: list[int] = []
    if "places" in step:
        if not extract and "cards" not in step and "rule" not in step:
            reader.error(
                (*path, "places"),
                "'places' goes with 'extract', 'cards' or 'rule' (the piles that get the cards)",
            )
        for n, number in enumerate(step["places"]):
            if isinstance(number, int) and 1 <= number <= count:
                places.append(number - 1)
            else:
                reader.error(
                    (*path, "places", n), f"'{to}' has piles 1 to {count}, not {shown(number)}"
                )
    to_bottom = 0
    if "to_bottom" in step:
        to_bottom = reader.rank(step["to_bottom"], (*path, "to_bottom"))
    rule = (
        reader.bind("deal", step["rule"], (*path, "rule"), f"deal to {to}")
        if "rule" in step
        else None
    )
    named = _named_cards(reader, step, path)
    if named and "from" in step and not extract:
        source = step["from"] if step["from"] in reader.groups else to
        if step["from"] not in reader.groups:
            reader.error(
                (*path, "from"),
                f"'from' names no pile group: {step['from']!r}"
                + suggest(str(step["from"]), list(reader.groups)),
            )
    return DealStep(
        to=to,
        face_down=per_pile["face_down"],
        face_up=per_pile["face_up"],
        rest=bool(step.get("rest", False)),
        extract_rank=extract,
        source=source,
        places=tuple(places),
        to_bottom=to_bottom,
        cards=named,
        remember=str(step.get("remember", "")),
        rule=rule if isinstance(rule, Deal) else None,
    )


def _named_cards(
    reader: Reader, step: dict[str, Any], path: tuple[str | int, ...]
) -> tuple[Card, ...]:
    """A step's `cards: [2H, KS]`, read as the notation writes cards."""
    found: list[Card] = []
    for n, text in enumerate(step.get("cards", [])):
        try:
            found.append(parse_card(str(text), reader.ace_high))
        except ValueError as error:
            reader.error((*path, "cards", n), str(error))
    return tuple(found)


def check_deal_size(reader: Reader, deck: DeckDef, deal: tuple[DealStep, ...]) -> None:
    """Every card of the pack dealt, and no more than it holds."""
    pack = deck.pack()
    size = len(pack)
    needed = sum(sum(step.face_down) + sum(step.face_up) for step in deal)
    for step in deal:
        if step.extract_rank and not step.source:  # taken out of the pack
            found = sum(1 for card in pack if plain_rank(card) == step.extract_rank)
            needed += min(found, len(step.places) or reader.groups[step.to])
        if step.cards and not step.source:
            needed += len(step.cards)
            for card in step.cards:
                if card in pack:
                    pack.remove(card)
                else:
                    reader.error(
                        ("deal",), f"the deal names {card.code} more often than the pack holds it"
                    )
    if needed > size:
        reader.error(("deal",), f"the deal needs {needed} cards but the pack has {size}")
    elif needed < size and not any(step.rest or step.rule for step in deal):
        reader.error(
            ("deal",),
            f"{size - needed} of the {size} cards are never dealt: add a step with 'rest: true'",
        )


def is_per_pile(value: Any) -> bool:
    """`{per_pile: [...]}`: a parameter given one value for each pile of its group."""
    return isinstance(value, dict) and list(value) == ["per_pile"]


def given_values(params: dict[str, Any]) -> str:
    """The plain values a file gives a rule, for the pages written from its rules:
    ` (here: rank = K, suit = same)`; rules given as parameters speak for themselves."""

    def shown(value: Any) -> str | None:
        if is_per_pile(value) and isinstance(value["per_pile"], list):
            values = [shown(v) for v in value["per_pile"]]
            return (
                None
                if None in values
                else "one for each pile: " + ", ".join(str(v) for v in values)
            )
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, (int, str)):
            return str(value)
        if isinstance(value, list) and all(isinstance(v, (int, str)) for v in value):
            return ", ".join(str(v) for v in value)
        return None

    parts = [
        f"{key} = {text}" for key, value in params.items() if (text := shown(value)) is not None
    ]
    return f" (here: {'; '.join(parts)})" if parts else ""


def bind_per_pile(
    reader: Reader,
    kind: str,
    spec: RuleSpec,
    params: dict[str, Any],
    path: tuple[str | int, ...],
    context: str,
) -> Any:
    """A rule with `{per_pile: [...]}` parameters, bound once for each pile of its group."""
    name = spec.name
    if kind not in _PER_PILE or len(path) < 3 or path[0] != "piles":
        reader.error(
            path,
            "'per_pile' goes only in a rule of a pile group (its pick, accept, action or rotate)",
        )
        return None
    count = reader.groups[str(path[1])]
    lists = {key: value["per_pile"] for key, value in params.items() if is_per_pile(value)}
    for key, values in lists.items():
        if not isinstance(values, list) or len(values) != count:
            reader.error(
                (*path, name, key),
                f"'per_pile' needs a list of {count} values (one for each pile of '{path[1]}')",
            )
            return None
    lines, errors = len(reader.rule_lines), len(reader.errors)
    members = [
        reader.bind(kind, {name: {**params, **{k: v[i] for k, v in lists.items()}}}, path, context)
        for i in range(count)
    ]
    del reader.rule_lines[lines:]  # the rule is described once, with its values per pile
    reader.rule_lines.append(f"{context}: {spec.description}{given_values(params)}")
    reader.errors[errors:] = list(dict.fromkeys(reader.errors[errors:]))  # a mistake once
    if any(member is None for member in members):
        return None
    reader.order.ordered.add(str(path[1]))  # each pile its own rule: their order counts
    return _PER_PILE[kind](members)


_PER_PILE: dict[str, Any] = {
    "pick": perpile.per_pile_pick,
    "accept": perpile.per_pile_accept,
    "action": perpile.per_pile_action,
    "rotate": perpile.per_pile_rotate,
}
