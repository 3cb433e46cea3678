"""Game files read and merged: each file parsed once per version, within a size limit, and
the chain of `extends:` parents merged under it (child over parent, null removing)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from retro.definition.yamlmarks import Mark, Marked, load_marked
from retro.errors import DefinitionError
from retro.reading import GAME_ID, read_bounded

_MAX_EXTENDS = 64  # parents in one `extends:` chain (a longer one is refused, not a circle)
MAX_FILE_BYTES = 256 * 1024  # the largest bundled game is under 2 KB


def read_marked(path: Path) -> Marked:
    """One game file parsed with its marks, at most MAX_FILE_BYTES long. Parsed once per
    version of the file: the menu, the loader and `extends:` all ask for the same files."""
    try:
        status = path.stat()
        version = (str(path.resolve()), status.st_mtime_ns, status.st_size, status.st_ino)
    except OSError as error:
        raise DefinitionError([f"{path.name}:1:1: cannot be read ({error.strerror})"]) from None
    cached = _parsed.get(version[0])
    if cached is not None and cached[0] == version:
        return cached[1]
    try:
        text = read_bounded(path, MAX_FILE_BYTES).decode("utf-8")
    except UnicodeDecodeError:
        raise DefinitionError([f"{path.name}:1:1: not a UTF-8 text file"]) from None
    except OSError as error:
        raise DefinitionError([f"{path.name}:1:1: cannot be read ({error.strerror})"]) from None
    marked = load_marked(text, path.name)
    _parsed[version[0]] = (version, marked)
    return marked


_parsed: dict[str, tuple[tuple[str, int, int, int], Marked]] = {}


def resolve_extends(marked: Marked, find: Callable[[str], Path | None]) -> Marked:
    """Merge the chain of `extends:` parents under `marked` (the child wins key by key; see
    `_merge` for rules and for null)."""
    chain = [marked]
    seen = {marked.name}
    current = marked
    while isinstance(current.data, dict) and "extends" in current.data:
        parent_id = current.data["extends"]
        if not isinstance(parent_id, str) or not GAME_ID.fullmatch(parent_id):
            raise DefinitionError(
                [
                    f"{current.where(('extends',))}: 'extends' names a game by "
                    "its id (lower case letters, digits and _), not "
                    f"{str(parent_id)[:40]!r}"
                ]
            )
        parent_path = find(parent_id)
        if parent_path is None:
            raise DefinitionError(
                [f"{current.where(('extends',))}: extends unknown game '{parent_id}'"]
            )
        if parent_path.name in seen:
            raise DefinitionError(
                [f"{current.where(('extends',))}: 'extends' goes round in a circle"]
            )
        if len(chain) > _MAX_EXTENDS:
            raise DefinitionError(
                [
                    f"{current.where(('extends',))}: more than {_MAX_EXTENDS} "
                    "games in one 'extends' chain"
                ]
            )
        seen.add(parent_path.name)
        current = read_marked(parent_path)
        chain.append(current)
    if len(chain) == 1:
        return Marked(_drop_nulls(marked.data), marked.marks, marked.name, marked.key_marks)
    data: Any = {}
    marks: dict[tuple[str | int, ...], Mark] = {}
    key_marks: dict[tuple[str | int, ...], Mark] = {}
    for layer in reversed(chain):
        data = _merge(data, layer.data)
        marks.update(layer.marks)
        key_marks.update(layer.key_marks)
    data.pop("extends", None)
    return Marked(_drop_nulls(data), marks, marked.name, key_marks)


def _drop_nulls(value: Any) -> Any:
    """Mappings without their null values: null removes a parent's value in a variant and
    means "not given" everywhere else."""
    if isinstance(value, dict):
        return {k: _drop_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_drop_nulls(v) for v in value]
    return value


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
    """Whether `path` holds one rule: win, lose, score, or a group's pick, accept, action or
    rotate."""
    if len(path) == 1:
        return path[0] in ("win", "lose", "score")
    return (
        len(path) == 3 and path[0] == "piles" and path[2] in ("pick", "accept", "action", "rotate")
    )
