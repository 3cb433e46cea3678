"""YAML to plain data, remembering where each value came from (file, line, column).

Only PyYAML's safe parser and constructor are used: a game file never runs code. The parser is
libyaml's (`CSafeLoader`) when PyYAML has it, else the pure-Python one: both give the same
events and marks. Nodes are composed here from the parser's events, so that nesting, aliases
and the number of values are bounded as they are read: an alias bomb or a file nested a
hundred thousand deep is refused in one line at once instead of taking minutes and gigabytes.
"""

from __future__ import annotations

from typing import Any

import yaml
from yaml.constructor import ConstructorError, SafeConstructor
from yaml.events import (
    AliasEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
)
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from retro.errors import DefinitionError

Path = tuple[str | int, ...]
Mark = tuple[str, int, int]
_MAX_DEPTH = 64
MAX_ALIASES = 100  # shipped games use a handful
_LONGEST_NUMBER = 40  # characters of one number
MAX_VALUES = 20_000  # values after aliases are expanded; the largest shipped game has ~300
_PLAIN_TAGS = ("tag:yaml.org,2002:seq", "tag:yaml.org,2002:map")
_Loader: type[Any] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Composer:
    """The document's nodes from the parser's events (as PyYAML's own composer builds them),
    with nesting depth and aliases bounded."""

    def __init__(self, loader: Any, name: str) -> None:
        self.loader = loader
        self.name = name
        self.anchors: dict[str, Node] = {}
        self.aliases = 0

    def refuse(self, event: Any, problem: str) -> DefinitionError:
        mark = event.start_mark
        return DefinitionError([f"{self.name}:{mark.line + 1}:{mark.column + 1}: {problem}"])

    def document(self) -> Node | None:
        loader = self.loader
        loader.get_event()  # the stream's start
        if loader.check_event(StreamEndEvent):
            return None
        loader.get_event()  # the document's start
        node = self.node(0)
        loader.get_event()  # the document's end
        if not loader.check_event(StreamEndEvent):
            raise self.refuse(loader.peek_event(), "a game file holds one YAML document")
        return node

    def node(self, depth: int) -> Node:
        loader = self.loader
        event = loader.get_event()
        if isinstance(event, AliasEvent):
            self.aliases += 1
            if self.aliases > MAX_ALIASES:
                raise self.refuse(event, f"more than {MAX_ALIASES} aliases (*name)")
            if event.anchor not in self.anchors:
                raise self.refuse(event, f"the alias *{event.anchor} names no anchor")
            return self.anchors[event.anchor]
        if depth > _MAX_DEPTH:
            raise self.refuse(event, "nested too deeply")
        node: Node
        if isinstance(event, ScalarEvent):
            tag = (
                event.tag
                if event.tag not in (None, "!")
                else loader.resolve(ScalarNode, event.value, event.implicit)
            )
            marks: tuple[Any, Any] = (event.start_mark, event.end_mark)
            node = ScalarNode(tag, event.value, *marks, style=event.style)
        elif isinstance(event, SequenceStartEvent):
            tag = (
                event.tag
                if event.tag not in (None, "!")
                else loader.resolve(SequenceNode, None, event.implicit)
            )
            items: list[Node] = []
            start: Any = event.start_mark  # libyaml's marks have the same line and column
            node = SequenceNode(tag, items, start, None, flow_style=event.flow_style)
            self._anchor(event, node)
            while not loader.check_event(SequenceEndEvent):
                items.append(self.node(depth + 1))
            node.end_mark = loader.get_event().end_mark
            return node
        elif isinstance(event, MappingStartEvent):
            tag = (
                event.tag
                if event.tag not in (None, "!")
                else loader.resolve(MappingNode, None, event.implicit)
            )
            pairs: list[tuple[Node, Node]] = []
            start = event.start_mark
            node = MappingNode(tag, pairs, start, None, flow_style=event.flow_style)
            self._anchor(event, node)
            while not loader.check_event(MappingEndEvent):
                key = self.node(depth + 1)
                pairs.append((key, self.node(depth + 1)))
            node.end_mark = loader.get_event().end_mark
            return node
        else:
            raise self.refuse(event, "unexpected YAML event")
        self._anchor(event, node)
        return node

    def _anchor(self, event: Any, node: Node) -> None:
        if event.anchor is not None:
            self.anchors[event.anchor] = node


class Marked:
    """Data from one file and the place of every value in it, by path."""

    def __init__(
        self,
        data: Any,
        marks: dict[Path, Mark],
        name: str,
        key_marks: dict[Path, Mark] | None = None,
    ) -> None:
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
        loader = _Loader(text)
        try:
            node = _Composer(loader, name).document()
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        where = f"{name}:{mark.line + 1}:{mark.column + 1}" if mark else f"{name}:1:1"
        problem = error.problem or error.context or "malformed YAML"
        raise DefinitionError([f"{where}: YAML syntax error: {problem}"]) from None
    except yaml.reader.ReaderError as error:  # a character YAML does not allow
        line = text.count("\n", 0, error.position) + 1
        column = error.position - (text.rfind("\n", 0, error.position) + 1) + 1
        code = f" (#x{error.character:04x})" if isinstance(error.character, int) else ""
        raise DefinitionError(
            [f"{name}:{line}:{column}: a character a YAML file cannot hold{code}"]
        ) from None
    except yaml.YAMLError as error:
        first = str(error).splitlines()[0] if str(error) else "malformed YAML"
        raise DefinitionError([f"{name}:1:1: YAML error: {first}"]) from None
    marks: dict[Path, Mark] = {}
    key_marks: dict[Path, Mark] = {}
    if node is None:
        return Marked({}, marks, name)
    data = _convert(node, (), (marks, key_marks), name, SafeConstructor(), 0)
    return Marked(data, marks, name, key_marks)


def _convert(
    node: Node,
    path: Path,
    tables: tuple[dict[Path, Mark], dict[Path, Mark]],
    name: str,
    constructor: SafeConstructor,
    depth: int,
) -> Any:
    marks, key_marks = tables
    where = (name, node.start_mark.line + 1, node.start_mark.column + 1)
    marks[path] = where
    if depth > _MAX_DEPTH:
        raise DefinitionError([f"{name}:{where[1]}:{where[2]}: nested too deeply"])
    if len(marks) > MAX_VALUES:
        raise DefinitionError(
            [
                f"{name}:{where[1]}:{where[2]}: more than {MAX_VALUES} values "
                "(aliases included): too large for a game file"
            ]
        )
    if isinstance(node, ScalarNode):
        return _scalar(node, constructor, name)
    if isinstance(node, (SequenceNode, MappingNode)) and node.tag not in _PLAIN_TAGS:
        raise DefinitionError(
            [f"{name}:{where[1]}:{where[2]}: the tag '{node.tag}' is not allowed in a game file"]
        )
    if isinstance(node, SequenceNode):
        return [
            _convert(item, (*path, i), tables, name, constructor, depth + 1)
            for i, item in enumerate(node.value)
        ]
    if isinstance(node, MappingNode):
        # keys written here win over keys brought in by a merge (`<<: *anchor`), as YAML says
        own = {
            id(key_node) for key_node, _ in node.value if key_node.tag != "tag:yaml.org,2002:merge"
        }
        try:
            constructor.flatten_mapping(node)
        except ConstructorError as error:
            raise DefinitionError([f"{name}:{where[1]}:{where[2]}: {error.problem}"]) from None
        result: dict[str, Any] = {}
        merged: set[str] = set()
        for key_node, value_node in node.value:
            key = _scalar(key_node, constructor, name) if isinstance(key_node, ScalarNode) else None
            kline, kcol = key_node.start_mark.line + 1, key_node.start_mark.column + 1
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                raise DefinitionError(
                    [f"{name}:{kline}:{kcol}: a key must be a plain word, not {key!r}"]
                )
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
            result[key] = _convert(value_node, (*path, key), tables, name, constructor, depth + 1)
        return result
    raise DefinitionError([f"{name}:{where[1]}:{where[2]}: unsupported YAML node"])


def _scalar(node: ScalarNode, constructor: SafeConstructor, name: str) -> Any:
    """One scalar's value; a value its tag cannot take (`!!int abc`, a 13th month, an integer
    of thousands of digits) is one error naming its place."""
    kind = node.tag.rsplit(":", 1)[-1]
    line, column = node.start_mark.line + 1, node.start_mark.column + 1
    if kind in ("int", "float") and len(node.value) > _LONGEST_NUMBER:
        # a number no game needs, and one whose reading can cost minutes (60-based `1:2:3`)
        raise DefinitionError(
            [f"{name}:{line}:{column}: a number of more than {_LONGEST_NUMBER} characters"]
        )
    try:
        return constructor.construct_object(node, deep=True)
    except ConstructorError as error:
        problem = error.problem
    except Exception as error:  # PyYAML's constructors fail in many ways on odd text
        # (`!!int` of nothing is an IndexError); any of them is this one mistake in the file
        reason = f": {error}" if kind == "timestamp" and isinstance(error, ValueError) else ""
        problem = f"'{node.value[:40]}' cannot be read as {kind}{reason}"
    raise DefinitionError([f"{name}:{line}:{column}: {str(problem).splitlines()[0][:200]}"])
