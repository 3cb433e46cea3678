"""YAML to plain data, remembering where each value came from (file, line, column).

Only PyYAML's safe composer and constructor are used: a game file never runs code.
"""

from __future__ import annotations

from typing import Any

import yaml
from yaml.constructor import ConstructorError, SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from retro.errors import DefinitionError

Path = tuple[str | int, ...]
Mark = tuple[str, int, int]
_MAX_DEPTH = 64
_PLAIN_TAGS = ("tag:yaml.org,2002:seq", "tag:yaml.org,2002:map")


class Marked:
    """Data from one file and the place of every value in it, by path."""

    def __init__(self, data: Any, marks: dict[Path, Mark], name: str,
                 key_marks: dict[Path, Mark] | None = None) -> None:
        self.data = data
        self.marks = marks
        self.key_marks = key_marks if key_marks is not None else {}
        self.name = name

    def where(self, path: Path, key: bool = False) -> str:
        """`file:line:column` of the value at `path` (of its key, with `key`), or of its nearest
        parent that has one."""
        if key and tuple(path) in self.key_marks:
            file, line, column = self.key_marks[tuple(path)]
            return f"{file}:{line}:{column}"
        for cut in range(len(path), -1, -1):
            found = self.marks.get(tuple(path[:cut]))
            if found is not None:
                return f"{found[0]}:{found[1]}:{found[2]}"
        return f"{self.name}:1:1"


def load_marked(text: str, name: str) -> Marked:
    """Parse `text`; a syntax error becomes one DefinitionError naming the place."""
    try:
        loader = yaml.SafeLoader(text)
        try:
            node = loader.get_single_node()
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        where = f"{name}:{mark.line + 1}:{mark.column + 1}" if mark else f"{name}:1:1"
        problem = error.problem or error.context or "malformed YAML"
        raise DefinitionError([f"{where}: YAML syntax error: {problem}"]) from None
    except yaml.YAMLError as error:
        raise DefinitionError([f"{name}:1:1: YAML error: {error}"]) from None
    marks: dict[Path, Mark] = {}
    key_marks: dict[Path, Mark] = {}
    if node is None:
        return Marked({}, marks, name)
    data = _convert(node, (), (marks, key_marks), name, SafeConstructor(), 0)
    return Marked(data, marks, name, key_marks)


def _convert(node: Node, path: Path, tables: tuple[dict[Path, Mark], dict[Path, Mark]],
             name: str, constructor: SafeConstructor, depth: int) -> Any:
    marks, key_marks = tables
    where = (name, node.start_mark.line + 1, node.start_mark.column + 1)
    marks[path] = where
    if depth > _MAX_DEPTH:
        raise DefinitionError([f"{name}:{where[1]}:{where[2]}: nested too deeply"])
    if isinstance(node, ScalarNode):
        try:
            return constructor.construct_object(node, deep=True)
        except ConstructorError as error:
            raise DefinitionError([f"{name}:{where[1]}:{where[2]}: {error.problem}"]) from None
    if isinstance(node, (SequenceNode, MappingNode)) and node.tag not in _PLAIN_TAGS:
        raise DefinitionError([f"{name}:{where[1]}:{where[2]}: the tag '{node.tag}' is not "
                               "allowed in a game file"])
    if isinstance(node, SequenceNode):
        return [_convert(item, (*path, i), tables, name, constructor, depth + 1)
                for i, item in enumerate(node.value)]
    if isinstance(node, MappingNode):
        # keys written here win over keys brought in by a merge (`<<: *anchor`), as YAML says
        own = {id(key_node) for key_node, _ in node.value
               if key_node.tag != "tag:yaml.org,2002:merge"}
        try:
            constructor.flatten_mapping(node)
        except ConstructorError as error:
            raise DefinitionError([f"{name}:{where[1]}:{where[2]}: {error.problem}"]) from None
        result: dict[str, Any] = {}
        merged: set[str] = set()
        for key_node, value_node in node.value:
            key = constructor.construct_object(key_node, deep=True) if isinstance(
                key_node, ScalarNode) else None
            kline, kcol = key_node.start_mark.line + 1, key_node.start_mark.column + 1
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                raise DefinitionError([f"{name}:{kline}:{kcol}: a key must be a plain word, "
                                       f"not {key!r}"])
            key = str(key)
            if key in result:
                if key in merged and id(key_node) in own:
                    merged.discard(key)  # the mapping's own key replaces the merged one
                elif id(key_node) not in own:
                    continue  # a later merge never replaces what is already there
                else:
                    raise DefinitionError([f"{name}:{kline}:{kcol}: '{key}' is given twice"])
            elif id(key_node) not in own:
                merged.add(key)
            key_marks[(*path, key)] = (name, kline, kcol)
            result[key] = _convert(value_node, (*path, key), tables, name, constructor,
                                   depth + 1)
        return result
    raise DefinitionError([f"{name}:{where[1]}:{where[2]}: unsupported YAML node"])
