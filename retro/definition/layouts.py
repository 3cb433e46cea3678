"""The layout words of a pile group, read and checked: where its piles lie (`at` as one point or
one for each pile, `step`, `fan`, `columns`, `show`, `ring`, `hidden`) and which piles lie on
which (`covered_by`, the map of retro.engine.cover), which open which (`opened_by`) and which
weigh with which (`weighs_with`, read by the rules of retro.rules.attacks). The loader
(`loader.py`) hands itself in as the `Reader` that collects the mistakes."""

from __future__ import annotations

from typing import Any, Protocol

from retro.definition.pileorder import PileOrder
from retro.definition.schema import shown, suggest
from retro.engine import cover
from retro.engine.bound import Accept, Pick
from retro.engine.gamedef import GroupDef, Layout


class Reader(Protocol):
    """What reading a group's layout needs of the loader."""

    groups: dict[str, int]
    order: PileOrder

    def error(self, path: tuple[str | int, ...], message: str, key: bool = False) -> None: ...


def read_layout(reader: Reader, name: str, group: dict[str, Any], count: int) -> Layout:
    """Where the group lies: `at` one point (or, a list, one point for each pile), `step`,
    `fan`, `columns`, `show`, `ring`, `hidden`."""
    at = group.get("at", [0, 0])
    places: tuple[tuple[float, float], ...] = ()
    if at and isinstance(at[0], list):
        if len(at) != count:
            reader.error(
                ("piles", name, "at"),
                f"'at' needs one point for each of the {count} piles of '{name}', not {len(at)}",
            )
        places = tuple((float(x), float(y)) for x, y in at)
        at = list(places[0]) if places else [0, 0]
    step = group.get("step", [1, 0])
    ring = group.get("ring")
    circle: tuple[float, float, float] | None = None
    if isinstance(ring, dict):
        radius = ring.get("radius", 2)
        across, down = (radius, radius) if isinstance(radius, (int, float)) else radius
        circle = (float(across), float(down), float(ring.get("start", 12)))
        if places:
            reader.error(
                ("piles", name, "ring"),
                "a ring lies round one point: give 'at' one point, its centre",
            )
    return Layout(
        at=(float(at[0]), float(at[1])),
        step=(float(step[0]), float(step[1])),
        fan=group.get("fan", "none"),
        columns=int(group.get("columns", 0)),
        show=int(group.get("show", 0)),
        places=places,
        ring=circle,
        hidden=bool(group.get("hidden", False)),
    )


def check_hidden(reader: Reader, name: str, layout: Layout, group: dict[str, Any]) -> None:
    """A hidden group is out of the player's reach, so no rule of the player's is given it."""
    if layout.hidden:
        for kind in ("pick", "accept", "action", "rotate"):
            if kind in group:
                reader.error(
                    ("piles", name, kind),
                    f"'{name}' is hidden: the player cannot reach it, so it takes no {kind} rule",
                )


PileMap = tuple[tuple[str, ...], ...]  # for each pile of a group, the ids of other piles


def with_cover(
    pick: Any, accept: Any, covered_by: PileMap, opened_by: PileMap = ()
) -> tuple[Any, Any]:
    """A group's pick and accept rules, with the cover rule before them when some of its piles
    have piles lying on them or piles that open them (retro.engine.cover)."""
    if any(covered_by) or any(opened_by):
        pick = cover.covered_pick(pick) if isinstance(pick, Pick) else pick
        accept = cover.covered_accept(accept) if isinstance(accept, Accept) else accept
    return pick, accept


def read_covered_by(reader: Reader, name: str, given: dict[Any, Any], count: int) -> PileMap:
    """`covered_by: {PILE: [PILE, ...]}` to the ids lying on each pile of the group. A pile
    is a number of the group's own (1 = its first) or the id of another group's pile; a
    pile lying on another comes after it in the file (it is drawn over it)."""
    return read_pile_map(reader, name, "covered_by", given, count)


def read_pile_map(
    reader: Reader, name: str, word: str, given: dict[Any, Any], count: int
) -> PileMap:
    """A map of the group's piles to other piles (`covered_by`, `opened_by`, `weighs_with`:
    the key `word`), as the ids named for each pile. A pile is a number of the group's own
    (1 = its first) or the id of another group's pile."""
    if not given:
        return ()
    path: tuple[str | int, ...] = ("piles", name, word)
    found: list[tuple[str, ...]] = [() for _ in range(count)]
    reader.order.ordered.add(name)  # each pile has its own place in the map
    for key, named in given.items():
        slot = _cover_slot(reader, name, word, key, count, (*path, key))
        if slot is None:
            continue
        ids = []
        own = f"{name}:{slot + 1}" if count > 1 else name
        for n, item in enumerate(named):
            pile = _cover_id(reader, name, item, count, (*path, key, n))
            if pile == own:
                reader.error((*path, key, n), f"'{word}' of {own} names {own} itself")
            elif pile is not None:
                ids.append(pile)
        found[slot] = tuple(ids)
    return tuple(found)


def check_cover_order(reader: Reader, groups: tuple[GroupDef, ...]) -> None:
    """A pile lying on another comes after it (in the file's order of groups, then by
    number): the window draws it over the other, and no two piles lie on each other."""
    order = {
        group.pile_id(slot): (n, slot)
        for n, group in enumerate(groups)
        for slot in range(group.count)
    }
    for group in groups:
        for slot, over in enumerate(group.covered_by):
            pile = group.pile_id(slot)
            for other in over:
                if order[other] <= order[pile]:
                    reader.error(
                        ("piles", group.name, "covered_by"),
                        f"{other} lies on {pile}, so it must come after it "
                        "(a later group, or a higher number)",
                    )


def _cover_slot(
    reader: Reader, name: str, word: str, key: Any, count: int, path: tuple[str | int, ...]
) -> int | None:
    number = int(key) if isinstance(key, str) and key.isdigit() else key
    if isinstance(number, int) and not isinstance(number, bool) and 1 <= number <= count:
        return number - 1
    reader.error(
        path,
        f"'{word}' names the piles of '{name}' by number, 1 to {count}, not {shown(key)}",
        key=True,
    )
    return None


def _cover_id(
    reader: Reader, name: str, item: Any, count: int, path: tuple[str | int, ...]
) -> str | None:
    """A pile lying on another, as its id; None (and an error) when there is no such pile."""
    if isinstance(item, int) and not isinstance(item, bool):
        if 1 <= item <= count:
            return f"{name}:{item}" if count > 1 else name
        reader.error(path, f"'{name}' has piles 1 to {count}, not {item}")
        return None
    text = str(item)
    group, _, number = text.partition(":")
    size = reader.groups.get(group)
    if size is not None and (
        (not number and size == 1) or (number.isdigit() and 1 <= int(number) <= size and size > 1)
    ):
        reader.order.ordered.add(group)
        return text
    reader.error(
        path,
        f"no pile {shown(item)} (a number of '{name}', or another group's "
        "pile by its id: GROUP:NUMBER)" + suggest(group, list(reader.groups)),
    )
    return None
