"""Every text that can be long fits its box or wraps: the longest names, the longest duel codes,
long game titles and descriptions, whole, on the screens that show them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import scenario

from retro.definition.catalog import Catalog
from retro.duel import _MAX_SEED, NAME_LENGTH
from retro.textmode import TextScreen
from retro.ui.app import App
from retro.ui.drawing.widgets import fit, wrap
from retro.ui.driver import Driver
from retro.ui.scenes.dialogs import NameScene
from retro.ui.scenes.menu import MenuScene
from retro.ui.scenes.menuview import value_line
from retro.ui.table.view import title_text

pytestmark = pytest.mark.usefixtures("window")

LONGEST_CODE = f"DUEL-{_MAX_SEED}"  # the longest code a duel accepts
NAMES = ("M" * NAME_LENGTH, "W" * NAME_LENGTH)


def _text(screen: TextScreen) -> str:
    return "\n".join(screen.text(row) for row in range(screen.rows))


def _words(screen: TextScreen, left: int = 0, width: int = 80) -> str:
    """The screen's words in reading order (of the columns from `left`, `width` wide), frames
    and padding dropped, lines joined."""
    text = "\n".join(screen.text(row)[left : left + width] for row in range(screen.rows))
    return " ".join(re.sub(r"[║╟╢─═╔╗╚╝│░►◄▲▼█]", " ", text).split())


@pytest.mark.parametrize("code", ["DUEL-164724735", LONGEST_CODE])
def test_the_duel_result_shows_the_whole_code(code: str) -> None:
    driver = scenario.duel_result(NAMES, code)
    screen = driver.app.scene._screen  # type: ignore[attr-defined]
    text = _text(screen)
    assert code in text  # in the title and in "play it on another machine"
    assert text.count(code) == 2
    for name in NAMES:
        assert name in text


def test_the_pass_screen_wraps_sentences_with_the_longest_names() -> None:
    driver = scenario.duel_pass(NAMES, LONGEST_CODE)
    words = _words(driver.app.scene._screen)  # type: ignore[attr-defined]
    assert f"{NAMES[0]} has played (Done)." in words
    assert f"{NAMES[0]}'s score stays secret until both have played." in words
    assert LONGEST_CODE in words


def test_every_game_description_is_whole_in_the_menu() -> None:
    """For every bundled game (the longest description has 237 characters)."""
    app = App(Catalog(), animate=False, seed_source=lambda: 5)
    app.show_title()
    driver = Driver(app)
    driver.press("RETURN")
    menu = app.scene
    assert isinstance(menu, MenuScene)
    for index, entry in enumerate(menu.entries):
        menu.game = index
        words = _words(menu.compose(app), menu.LEFT, menu.WIDTH)
        assert " ".join(entry.description.split()) in words, entry.id


def test_a_long_value_keeps_both_arrows() -> None:
    line = value_line("Game", "Klondike (draw 3)", True, 45)
    assert len(line) == 45 and "◄ Klondike (draw 3) ►" in line
    long = value_line("Game", "A very long title of a game a player wrote", True, 45)
    assert len(long) == 45 and long.rstrip().endswith("►") and "…" in long


def test_the_name_prompt_wraps_a_long_game_title(tmp_path: Path) -> None:
    driver = scenario.name_prompt()
    scene = driver.app.scene
    assert isinstance(scene, NameScene)
    scene.title = "Klondike (draw 3) with a title as long as they come"
    words = _words(scene.compose())
    assert f"{scene.title}: place 1 of the ten best." in words


def test_fit_and_wrap_say_when_they_cut() -> None:
    assert fit("abc", 3) == "abc" and fit("abcd", 3) == "ab…"
    assert wrap("one two three", 7) == ["one two", "three"]
    assert wrap("one two three four", 7, 2) == ["one two", "three…"]


def test_a_long_label_gives_the_program_name_up_in_the_title_bar() -> None:
    label = f"Replay: Klondike (draw 3) ─ {NAMES[0]}"
    assert title_text("Spider", 40) == " Retro Patience ─ Spider"
    assert title_text(label, 41) == f" {label}"
    assert title_text(label + " and more", 41).endswith("…")
