"""F1's keys: one page for the screen it was pressed on, fitting the 76 columns of a help page
without a word cut; the long list of every screen's keys once, under Help on the title."""

from __future__ import annotations

import pytest
import scenario

from retro.instructions import game_instructions
from retro.textmode.anl import PAGE_HEIGHT
from retro.ui import keymap, texts
from retro.ui.scenes.helpscreen import (
    PAGE_WIDTH,
    InstructionsScene,
    all_keys_pages,
    screen_keys_page,
)

pytestmark = pytest.mark.usefixtures("window")

HELP_SCREENS = [b.context for b in keymap.KEYMAP if b.action == "help" and b.context != "title"]


def text_of(line: list) -> str:  # type: ignore[type-arg]
    return "".join(glyph.char for glyph in line)


@pytest.mark.parametrize("context", HELP_SCREENS)
def test_a_screens_keys_fit_one_page_with_no_word_cut(context: str) -> None:
    texts.use("en")  # the words below are the English ones, whatever a test before chose
    page = screen_keys_page(context)
    assert len(page) <= PAGE_HEIGHT
    lines = [text_of(line) for line in page]
    assert all(len(line) <= PAGE_WIDTH for line in lines), lines
    shown = "\n".join(lines)
    for binding in [*keymap.bindings(context), *keymap.bindings("window")]:
        words = binding.short or binding.text
        assert words in shown or " ".join(words.split()) in " ".join(shown.split()), words
        assert keymap.binding_label(binding, keypad=False) in shown


def test_f1_at_the_table_shows_the_rules_then_one_page_of_the_tables_keys() -> None:
    driver = scenario.instructions()
    scene = driver.app.scene
    assert isinstance(scene, InstructionsScene)
    rules = game_instructions(driver.app.catalog.load("spider", {}), "en")
    pages = scene.instructions.pages
    assert len(pages) == len(rules.pages) + 1
    last = text_of(pages[-1][0])
    assert keymap.CONTEXTS["table"] in last


def test_f1_in_the_menu_shows_the_menus_keys() -> None:
    driver = scenario.menu()
    driver.press("F1")
    scene = driver.app.scene
    assert isinstance(scene, InstructionsScene)
    assert keymap.CONTEXTS["menu"] in text_of(scene.instructions.pages[-1][0])


def test_help_on_the_title_lists_every_key_once_and_fits() -> None:
    driver = scenario.title()
    driver.press("F1")
    scene = driver.app.scene
    assert isinstance(scene, InstructionsScene)
    pages = scene.instructions.pages
    assert pages == all_keys_pages()
    lines = [text_of(line) for page in pages for line in page]
    assert all(len(line) <= PAGE_WIDTH for line in lines)
    flowing = " ".join(" ".join(lines).split())
    for binding in keymap.KEYMAP:
        assert binding.text in flowing, binding.text
    for title in keymap.CONTEXTS.values():
        assert sum(line == title for line in lines) == 1
