"""Keep a language's catalogue (`assets/locale/LANG.po`) in step with the window's messages.

The messages are every text of `retro/ui/texts.py`, the keymap's screen names and key texts
(whole and short), the reasons hints give, the rules' and the engine's sentences (every `say`,
`say_n` and `mark` call with a literal text in `retro/rules/` and `retro/engine/`, found by
reading the source, so a new rule module is covered without a list to keep), and the words
of every bundled game (title, description, option labels and the option values that are
words). Running the tool adds the new messages with an empty translation, keeps every
translation already written, and drops messages the program no longer has; a test fails while
the catalogue is out of step or a message is untranslated. Usage:
`python tools/update_po.py [LANG]` (default `de`); it names the messages still to translate.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from retro.definition.catalog import Catalog  # noqa: E402
from retro.definition.families import FAMILIES  # noqa: E402
from retro.i18n import Message, po_path, read_po, write_po  # noqa: E402
from retro.paths import games_dir  # noqa: E402
from retro.solver import hints  # noqa: E402
from retro.ui import keymap, texts  # noqa: E402

PLURAL_RULE = "nplurals=2; plural=(n != 1);"  # English and German alike
SPOKEN = ("say", "say_n", "mark")  # retro.i18n's functions whose texts are messages


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def spoken(paths: list[Path] | None = None) -> list[str | texts.Plural]:
    """The texts of the rules' and the engine's `say`, `say_n` and `mark` calls, in source
    order (a `say_n` gives its singular and plural)."""
    if paths is None:
        paths = sorted((ROOT / "retro" / "rules").glob("*.py"))
        paths += sorted((ROOT / "retro" / "engine").glob("*.py"))
    found: list[str | texts.Plural] = []
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)]
        calls.sort(key=lambda node: (node.lineno, node.col_offset))
        for call in calls:
            func = call.func
            name = (
                func.id
                if isinstance(func, ast.Name)
                else (func.attr if isinstance(func, ast.Attribute) else "")
            )
            if name not in SPOKEN or not call.args:
                continue
            texts_given = [_literal(arg) for arg in call.args[:2]]
            if name == "say_n" and len(texts_given) == 2 and None not in texts_given:
                one, other = texts_given
                assert one is not None and other is not None
                found.append(texts.Plural(one, other))
            elif name != "say_n" and texts_given[0]:
                found.append(texts_given[0])
    return found


def collect() -> list[Message]:
    """Every message of the window, untranslated, each once, in a stable order."""
    found: list[str | texts.Plural] = list(texts.messages())
    found += [family.name for family in FAMILIES]
    found += list(keymap.CONTEXTS.values())
    found += [binding.text for binding in keymap.KEYMAP]
    found += [binding.short for binding in keymap.KEYMAP if binding.short]
    found += list(hints.REASONS)
    found += spoken()
    found += [word for word in keymap.KEY_WORDS if any(c.isalpha() for c in word)]
    catalog = Catalog([games_dir()])
    for game_id in catalog.ids():
        info = catalog.info(game_id)
        found += [info.title, info.description]
        for spec in info.options.values():
            found.append(spec.label)
            found += [str(value) for value in spec.values if any(c.isalpha() for c in str(value))]
    messages: dict[str, Message] = {}
    for item in found:
        if isinstance(item, texts.Plural):
            messages.setdefault(item.one, Message(item.one, item.other, ("", "")))
        else:
            messages.setdefault(item, Message(item))
    return list(messages.values())


def updated(lang: str) -> tuple[str, list[str]]:
    """The catalogue's new text, and the messages still untranslated in it."""
    path = po_path(lang)
    old = read_po(path.read_text(encoding="utf-8"), path.name).messages if path.exists() else {}
    merged = []
    for message in collect():
        known = old.get(message.msgid)
        if known is not None and known.plural == message.plural:
            message = Message(message.msgid, message.plural, known.strings)
        merged.append(message)
    missing = [message.msgid for message in merged if not message.translated]
    return write_po(merged, lang, PLURAL_RULE), missing


def main(argv: list[str]) -> int:
    lang = argv[0] if argv else "de"
    text, missing = updated(lang)
    path = po_path(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    for msgid in missing:
        print(f"untranslated: {msgid!r}")
    print(f"{path}: {len(missing)} untranslated")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
