"""A game's instructions in a language: its own `.anl` file, or pages written from its rules.

No game is ever without instructions: when no file exists, the one-line descriptions of the
rules its YAML names (the rule registry's) are laid out in the same format.
"""

from __future__ import annotations

import locale
import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

    from retro.engine.gamedef import GameDef
    from retro.textmode import Instructions

LANGUAGES = ("en", "de")
MAX_FILE_BYTES = 1 << 20  # an instructions file; the longest bundled one is about 6 KB
_WIDTH = 76

_WORDS = {
    "en": {
        "title": "How to Play",
        "rules": "THE RULES",
        "pack": "THE PACK AND THE PILES",
        "cards": "cards",
        "packs": "pack(s) of",
        "jokers": "jokers",
        "none": "This game has no instructions "
        "file yet; these pages are written from the rules it is made of.",
    },
    "de": {
        "title": "Spielregeln",
        "rules": "DIE REGELN",
        "pack": "KARTEN UND STAPEL",
        "cards": "Karten",
        "packs": "Spiel(e) zu je",
        "jokers": "Joker",
        "none": "Zu diesem Spiel gibt es noch "
        "keine Anleitung; diese Seiten sind aus seinen Regeln erzeugt (auf Englisch).",
    },
}


def choose_language(wanted: str | None = None) -> str:
    """`--lang` if given, else the system locale; English when neither is one we have."""
    candidates = (
        [wanted]
        if wanted
        else [
            os.environ.get("LC_ALL"),
            os.environ.get("LC_MESSAGES"),
            os.environ.get("LANG"),
            locale.getlocale()[0],
        ]
    )
    for candidate in candidates:
        if candidate:
            code = candidate.lower()[:2]
            if code in LANGUAGES:
                return code
            if wanted:
                break
    return "en"


def game_instructions(gdef: GameDef, lang: str) -> Instructions:
    from retro.textmode import load_instructions, parse_anl  # not for the title screen

    found = load_instructions(gdef.instructions or gdef.id, lang)
    return found if found is not None else parse_anl(generated_anl(gdef, lang))


def instructions_file(path: Path) -> Instructions:
    """The pages of an `.anl` file named on the command line: a regular file of at most
    MAX_FILE_BYTES, so a FIFO or a device (`/dev/zero`) is refused at once, never waited on
    or read without end."""
    from retro.errors import RetroError
    from retro.reading import read_bounded
    from retro.terminal import printable
    from retro.textmode import parse_anl

    try:
        data = read_bounded(path, MAX_FILE_BYTES)
    except FileNotFoundError:
        raise RetroError(f"no file {printable(str(path))}") from None
    except OSError as error:
        raise RetroError(f"cannot read {printable(str(path))}: {error.strerror}") from None
    return parse_anl(data)


def generated_anl(gdef: GameDef, lang: str) -> bytes:
    """Instructions pages (UTF-8 .anl text) written from the game's definition and rules."""
    words = _WORDS.get(lang, _WORDS["en"])
    deck = gdef.deck
    per_pack = len(deck.ranks) * 4
    # Each colour code takes a cell of its own, so a code stands where a space would: a heading's
    # colour is set at the end of the empty line above it, a label's ends after its colon.
    # (A blank a code leaves at the end of a line is never seen.)
    lines = [f";{gdef.title}: {words['title']}", f"@Y{gdef.title.upper()}@W", ""]
    lines += _wrap(gdef.description)
    lines += ["", *_wrap(words["none"]), "@Y", f"{words['pack']}@W"]
    jokers = f" + {deck.jokers} {words['jokers']}" if deck.jokers else ""
    lines.append(f"{deck.decks} {words['packs']} {per_pack} {words['cards']}{jokers}.")
    for group in gdef.groups:
        lines.append(f" @C{group.name}:@W{group.count} ({group.kind})")
    lines += ["@Y", f"{words['rules']}@W"]
    for rule_line in dict.fromkeys(gdef.rule_lines):
        context, _, description = rule_line.partition(": ")
        lines[-1] += "@G"
        lines += _wrap(f"{context}:@W{description}", indent="    ")
    lines.append("<<")
    return "\r\n".join(lines).encode("utf-8")


def _wrap(text: str, indent: str = "") -> list[str]:
    import textwrap  # with the instructions, not with the choice of language

    return textwrap.wrap(text, _WIDTH, subsequent_indent=indent) or [""]
