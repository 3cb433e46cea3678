"""The window's words in English and German: the catalogue reader, and the German catalogue
kept complete and in step with the program (every message translated, the same placeholders,
every character in the font, key lines that fit the screen)."""

from __future__ import annotations

import ast
import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from retro.engine.notation import parse_move
from retro.i18n import (
    CatalogueError,
    Message,
    catalogue,
    po_path,
    read_po,
    say,
    say_n,
    set_language,
    write_po,
)
from retro.ui import texts
from retro.ui.drawing.font import missing_glyphs
from tests.helpers import game_at, load

ROOT = Path(__file__).resolve().parent.parent


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("update_po", ROOT / "tools" / "update_po.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("update_po", module)
    spec.loader.exec_module(module)
    return module


def test_the_reader_reads_what_the_writer_writes() -> None:
    messages = [
        Message('Say "hi"\n', "", ("Sag „hallo“\n",)),
        Message("{n} move", "{n} moves", ("{n} Zug", "{n} Züge")),
    ]
    read = read_po(write_po(messages, "de", "nplurals=2; plural=(n != 1);"))
    assert read.text('Say "hi"\n') == "Sag „hallo“\n"
    assert read.count("{n} move", "{n} moves", 1) == "{n} Zug"
    assert read.count("{n} move", "{n} moves", 0) == "{n} Züge"
    assert read.text("not in it") == "not in it"  # English where there is no translation


def test_continued_strings_and_a_broken_line() -> None:
    read = read_po('msgid ""\n"Two "\n"parts"\nmsgstr "Zwei "\n"Teile"\n')
    assert read.text("Two parts") == "Zwei Teile"
    with pytest.raises(CatalogueError, match=r"cat\.po:2"):
        read_po('msgid "a"\nmsgstr b\n', "cat.po")


def test_the_german_catalogue_is_up_to_date_and_complete() -> None:
    text, missing = _tool().updated("de")
    assert not missing, f"untranslated: {missing[:5]}"
    assert text == po_path("de").read_text(encoding="utf-8"), (
        "the catalogue is out of step with the program: python tools/update_po.py"
    )


def test_every_translation_keeps_the_placeholders_and_has_glyphs() -> None:
    for message in catalogue("de").messages.values():
        wanted = set(re.findall(r"\{[^}]*\}", message.msgid))
        for form in message.strings:
            assert set(re.findall(r"\{[^}]*\}", form)) == wanted, message.msgid
            assert not missing_glyphs(form), form


@pytest.mark.parametrize("lang", ["en", "de"])
def test_key_lines_fit_the_screen(lang: str) -> None:
    texts.use(lang)
    try:
        for name in dir(texts):
            value = getattr(texts, name)
            if name.endswith("_KEYS") and isinstance(value, str):
                assert len(value) <= 79, (lang, name, value)  # " " + keys: 80 columns
        assert len(texts.OVER_KEYS_NAME) <= 56 and len(texts.OVER_KEYS) <= 56
        assert all(len(line) <= 76 for line in texts.TITLE_LINES)
    finally:
        texts.use("en")


def test_counts_say_one_move_and_two_moves() -> None:
    texts.use("en")
    assert texts.count(texts.MOVES, 1) == "1 move"
    assert texts.count(texts.MOVES, 2) == "2 moves"
    assert texts.count(texts.AUTO_DONE, 1) == "Auto-play made 1 move"
    texts.use("de")
    try:
        assert texts.count(texts.MOVES, 1) == "1 Zug"
        assert texts.count(texts.MOVES, 3) == "3 Züge"
        assert texts.MENU_PLAY == "Spielen" and texts.tr("7 to Ace") == "7 bis As"
    finally:
        texts.use("en")
    assert texts.MENU_PLAY == "Play"


def test_short_key_words_fit_the_two_columns_in_german() -> None:
    from retro.ui import keymap

    german = catalogue("de")
    for binding in keymap.KEYMAP:
        if binding.short:
            assert len(german.text(binding.short)) <= max(23, len(binding.short)), binding.short


def test_the_keys_page_names_keys_in_german_and_the_keys_doc_stays_english() -> None:
    from retro.ui import keymap
    from retro.ui.scenes import helpscreen

    texts.use("de")
    try:
        page = "\n".join(
            "".join(glyph.char for glyph in line) for line in helpscreen.screen_keys_page("table")
        )
        assert "Leertaste" in page and "Zeiger links" in page and "Space" not in page
        assert "| Space" in keymap.markdown() or "Space," in keymap.markdown()
    finally:
        texts.use("en")


def _reason_returns() -> list[tuple[str, int]]:
    """Where a rule's or the engine's reason is returned as a bare text (a literal or an
    f-string) rather than said through `retro.i18n.say`, so the catalogue would miss it."""
    paths = [
        *sorted((ROOT / "retro" / "rules").glob("*.py")),
        *sorted((ROOT / "retro" / "engine").glob("*.py")),
    ]
    bare = []
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if isinstance(function, ast.FunctionDef) and (
                function.name in ("why", "why_not") or function.name.endswith("_refused")
            ):
                for node in ast.walk(function):
                    value = node.value if isinstance(node, ast.Return) else None
                    if isinstance(value, ast.JoinedStr) or (
                        isinstance(value, ast.Constant) and isinstance(value.value, str)
                    ):
                        bare.append((path.name, node.lineno))
    return bare


def test_every_reason_for_a_refused_move_goes_through_the_catalogue() -> None:
    assert not _reason_returns()
    found = set(_tool().spoken())
    assert {
        "{pile} is not empty",
        "The game is over",
        " of the same suit",
        texts.Plural("{n} card", "{n} cards"),
    } <= found


def test_the_rules_speak_the_chosen_language_and_a_plugins_own_words_stay() -> None:
    game = game_at(load("spider"), "tableau:1 = 5H\ntableau:2 = 9C")
    move = parse_move(game.position, "t1>t2")
    assert game.why_not(move) == "5♥ goes only on a 6, not on 9♣"
    set_language("de")
    try:
        assert game.why_not(move) == "5♥ passt nur auf: 6, nicht auf 9♣"
        assert say("A plugin's own reason about {pile}", pile="t1") == (
            "A plugin's own reason about t1"
        )
        assert say_n("{n} card", "{n} cards", 2) == "2 Karten"
    finally:
        set_language("en")
    assert game.why_not(move) == "5♥ goes only on a 6, not on 9♣"
