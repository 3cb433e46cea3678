"""The JSON Schema of a game file as its author writes it (`extends` included), and its
errors in the loader's words. jsonschema is imported on first use: the title screen needs no
game checked, and the import takes a while."""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from retro.errors import RetroError

if TYPE_CHECKING:
    import jsonschema

SCHEMA_PATH = Path(__file__).with_name("game.schema.json")
Where = tuple[str | int, ...]


@cache
def schema() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return data


def write_schema(target: Path | None = None) -> Path:
    """Write the schema where editors can find it: into the player's games folder (beside the
    game files that name it as `$schema=game.schema.json`), or to `target` (a file, or a folder
    to put game.schema.json in). Returns the file written."""
    from retro.paths import user_games_dir

    path = target if target is not None else user_games_dir()
    if path.is_dir() or target is None:
        path = path / SCHEMA_PATH.name
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(SCHEMA_PATH.read_bytes())
    except OSError as error:
        raise RetroError(f"cannot write {path}: {error.strerror}") from None
    return path


@cache
def _validator() -> Any:
    """The schema's validator, made on first use."""
    import jsonschema

    return jsonschema.Draft202012Validator(schema())


def schema_errors(data: Any) -> list[tuple[Where, str, bool]]:
    """Every schema error of `data`: where (a path; `key` when the key itself is wrong) and
    what, in the loader's words."""
    found: list[tuple[Where, str, bool]] = []
    errors = sorted(
        _leaf_errors(_validator().iter_errors(data)), key=lambda e: list(map(str, e.path))
    )
    for error in errors:
        path = tuple(error.absolute_path)
        part: Any = error.schema
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            known = part.get("properties", {})
            extra = [k for k in error.instance if k not in known]
            if extra:
                found.append(((*path, extra[0]), _schema_message(error), True))
                continue
        found.append((path, _schema_message(error), False))
    return found


def suggest(word: str, choices: list[str]) -> str:
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def shown(value: Any, most: int = 40) -> str:
    """A value from the file, quoted in a message: cut, so a long one is never echoed whole."""
    if isinstance(value, int) and abs(value) > 10**most:
        return "a number too long to show"  # (and Python will not write one of 4,300 digits)
    text = repr(value)
    return text if len(text) <= most else text[: most - 3] + "..."


def _leaf_errors(
    errors: Iterator[jsonschema.ValidationError],
) -> Iterator[jsonschema.ValidationError]:
    """Errors with the schema's "or null" wrappers taken off: null only removes a parent's
    value, so a wrong value is reported as the value's own mistake ("'count' must be a whole
    number"), not as "not valid under any of the given schemas"."""
    for error in errors:
        branches = error.validator_value
        if (
            error.validator == "anyOf"
            and isinstance(branches, list)
            and branches
            and branches[0] == {"type": "null"}
        ):
            yield from _leaf_errors(
                iter([sub for sub in error.context or [] if sub.relative_schema_path[0] == 1])
            )
        else:
            yield error


def _schema_message(error: jsonschema.ValidationError) -> str:
    instance: Any = error.instance
    schema_part: Any = error.schema
    path = list(error.absolute_path)
    # a key as the file wrote it, escaped: a name holding a line break stays on one line
    field = (
        (repr(path[-1])[1:-1] if isinstance(path[-1], str) else str(path[-1]))
        if path
        else ("the file")
    )
    if len(path) >= 2 and isinstance(path[-1], int):  # an item of a list: 'at[0]'
        field = f"{path[-2]}[{path[-1]}]"
    if error.validator == "additionalProperties":
        extra = [k for k in instance if k not in schema_part.get("properties", {})]
        known = list(schema_part.get("properties", {}))
        word = extra[0] if extra else "?"
        return f"unknown key {shown(word)}" + (suggest(word, known) if known else "")
    if error.validator == "required":
        return f"'{field}' needs {error.message.split(' is a required')[0]}"
    if error.validator == "enum":
        allowed: Any = error.validator_value
        return f"'{field}' must be one of {', '.join(map(str, allowed))}"
    if error.validator == "type":
        return (
            f"'{field}' must be {_type_words(error.validator_value)}, not {shown(error.instance)}"
        )
    if (error.validator == "anyOf" and path and path[0] in ("win", "lose", "score", "auto")) or (
        len(path) >= 3 and path[0] == "piles" and path[2] in ("pick", "accept", "action")
    ):
        return f"'{field}' must be a rule name or {{name: {{parameters}}}}"
    if error.validator == "pattern" and field == "id":
        return "the id must be lower case letters, digits and _ (it names the file)"
    # jsonschema's own words quote the value whole: a value of 10,000 items is shown cut
    return f"'{field}': {error.message.replace(repr(error.instance), shown(error.instance))}"


def _type_words(kind: Any) -> str:
    words = {
        "string": "text",
        "integer": "a whole number",
        "object": "a mapping",
        "array": "a list",
        "boolean": "true or false",
        "number": "a number",
    }
    if isinstance(kind, list):
        return " or ".join(words.get(str(k), str(k)) for k in kind)
    return words.get(str(kind), str(kind))
