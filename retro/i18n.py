"""The window's words in a language: gettext catalogues, read from their `.po` sources.

A `.po` file per language lives in `assets/locale/` (shipped in the wheel with the other assets)
and is read at run time by the small reader below, so there is no compile step and no `.mo`
file to keep in step with its source. English is the source language: a message missing from a
catalogue, or not yet translated, shows in English. `write_po` writes a catalogue back in the
same form (`tools/update_po.py` keeps the German one in step with the program's messages).
No pyxel here.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from retro.errors import RetroError
from retro.paths import assets_dir

LANGUAGES = ("en", "de")
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch"}  # each in its own language
_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


class CatalogueError(RetroError):
    """A `.po` file that cannot be read, with its file and line."""


@dataclass(frozen=True)
class Message:
    """One entry: the English text (and its plural, if it has one) and its translation(s)."""

    msgid: str
    plural: str = ""
    strings: tuple[str, ...] = ("",)

    @property
    def translated(self) -> bool:
        return all(self.strings)


@dataclass(frozen=True)
class Catalogue:
    """A language's messages and its plural rule (from the catalogue's header)."""

    messages: dict[str, Message]
    plural_rule: str = "nplurals=2; plural=(n != 1);"

    @property
    def plural_of(self) -> Callable[[int], int]:
        return gettext.c2py(self.plural_rule.split("plural=", 1)[1].rstrip(";"))

    def text(self, msgid: str) -> str:
        """The translation of `msgid`, or `msgid` itself (English) when there is none."""
        found = self.messages.get(msgid)
        return found.strings[0] if found is not None and found.strings[0] else msgid

    def count(self, one: str, other: str, n: int) -> str:
        """The form for `n` of a message with a plural (not yet formatted)."""
        found = self.messages.get(one)
        if found is None or not found.translated:
            return one if n == 1 else other
        index = min(self.plural_of(n), len(found.strings) - 1)
        return found.strings[index]


ENGLISH = Catalogue({})


def po_path(lang: str) -> Path:
    return assets_dir() / "locale" / f"{lang}.po"


@cache
def catalogue(lang: str) -> Catalogue:
    """The catalogue of `lang`; English (the messages themselves) for English or a language
    without a catalogue."""
    path = po_path(lang)
    if lang == "en" or not path.is_file():
        return ENGLISH
    return read_po(path.read_text(encoding="utf-8"), path.name)


def _unquote(text: str, where: str) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise CatalogueError(f"{where}: a quoted string was expected")
    if "\\" not in text:  # most lines: read a character at a time only when escapes need it
        return text[1:-1]
    out, chars = [], iter(text[1:-1])
    for char in chars:
        if char == "\\":
            escaped = next(chars, "")
            if escaped not in _ESCAPES:
                raise CatalogueError(f"{where}: unknown escape \\{escaped}")
            out.append(_ESCAPES[escaped])
        else:
            out.append(char)
    return "".join(out)


def read_po(text: str, name: str = "catalogue") -> Catalogue:
    """Read a `.po` catalogue: msgid, msgid_plural, msgstr and msgstr[n] with continued lines;
    comments skipped; the header's Plural-Forms kept."""
    entries: list[dict[str, str]] = []
    current: dict[str, str] = {}
    field = ""
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"{name}:{number}"
        if not line or line.startswith("#"):
            continue
        if line.startswith('"'):
            if not field:
                raise CatalogueError(f"{where}: a continued string belongs to no field")
            current[field] += _unquote(line, where)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword == "msgid" and "msgid" in current:
            entries.append(current)
            current = {}
        if keyword not in ("msgid", "msgid_plural", "msgstr", "msgctxt") and not (
            keyword.startswith("msgstr[") and keyword.endswith("]")
        ):
            raise CatalogueError(f"{where}: unknown keyword {keyword!r}")
        field = keyword
        current[field] = _unquote(rest, where)
    if current:
        entries.append(current)
    messages: dict[str, Message] = {}
    plural_rule = ENGLISH.plural_rule
    for entry in entries:
        msgid = entry.get("msgid", "")
        if not msgid:  # the header
            for header in entry.get("msgstr", "").splitlines():
                if header.startswith("Plural-Forms:"):
                    plural_rule = header.split(":", 1)[1].strip()
            continue
        if "msgid_plural" in entry:
            forms = tuple(
                value for key, value in sorted(entry.items()) if key.startswith("msgstr[")
            )
            messages[msgid] = Message(msgid, entry["msgid_plural"], forms or ("",))
        else:
            messages[msgid] = Message(msgid, "", (entry.get("msgstr", ""),))
    return Catalogue(messages, plural_rule)


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def write_po(messages: Iterable[Message], language: str, plural_rule: str) -> str:
    """A `.po` catalogue of `messages`, in their order, after a header naming the language."""
    header = [
        f"Language: {language}",
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=UTF-8",
        "Content-Transfer-Encoding: 8bit",
        f"Plural-Forms: {plural_rule}",
    ]
    lines = [
        "# Retro Patience: the window's words. Kept in step with the program by",
        "# tools/update_po.py; write the translations, never the msgids.",
        'msgid ""',
        'msgstr ""',
        *(_quote(field + "\n") for field in header),
        "",
    ]
    for message in messages:
        lines.append(f"msgid {_quote(message.msgid)}")
        if message.plural:
            lines.append(f"msgid_plural {_quote(message.plural)}")
            lines += [
                f"msgstr[{index}] {_quote(form)}" for index, form in enumerate(message.strings)
            ]
        else:
            lines.append(f"msgstr {_quote(message.strings[0])}")
        lines.append("")
    return "\n".join(lines)


# -- the rules' and the engine's sentences -----------------------------------------------------
# The rules say why a move is refused (and the engine why it cannot be made) in the language the
# window has chosen; the console never chooses one, so it reads English. The sentences are
# templates with named fields, formatted only when a reason is asked for (never while moves are
# generated). `tools/update_po.py` finds every `say`, `say_n` and `mark` call with a literal
# text in `retro/rules/` and `retro/engine/` and puts the texts in the catalogue.

_spoken: list[Catalogue] = [ENGLISH]


def set_language(lang: str) -> None:
    """The language of the rules' sentences from now on (the window sets it with its own)."""
    _spoken[0] = catalogue(lang)


def _format(template: str, english: str, fields: dict[str, object]) -> str:
    try:
        return template.format(**fields)
    except (KeyError, IndexError, ValueError):  # a translation naming a field the call lacks
        return english.format(**fields)


def say(template: str, **fields: object) -> str:
    """`template` in the chosen language, its `{name}` fields filled from `fields` (a field
    only a translation uses, such as a rank without its English article, is passed too)."""
    if not template:
        return ""
    return _format(_spoken[0].text(template), template, fields)


def say_n(one: str, other: str, n: int, **fields: object) -> str:
    """A sentence with a number `n` in it, in the form the chosen language uses for `n`."""
    return _format(_spoken[0].count(one, other, n), one if n == 1 else other, {"n": n, **fields})


def mark(text: str) -> str:
    """`text` unchanged: marks a part of a sentence (a dictionary's value) for the catalogue;
    `say(part)` translates it where it is used."""
    return text
