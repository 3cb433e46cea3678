"""F1 for every game (its own pages or pages written from its rules), and a game menu that
scales to many games: scrolling, paging, type-ahead, player games."""

from __future__ import annotations

from pathlib import Path

import pytest
import scenario

from retro.ui.app import App
from retro.ui.driver import Driver, headless
from retro.ui.screens import InstructionsScene

pytestmark = pytest.mark.usefixtures("window")


def _page_text(scene: InstructionsScene, page: int) -> str:
    return "\n".join("".join(glyph.char for glyph in line)
                     for line in scene.instructions.pages[page])


def test_f1_on_a_game_without_an_instructions_file_shows_pages_written_from_its_rules(
        tmp_path: Path) -> None:
    headless()
    app = App(scenario.player_games(tmp_path / "games"), animate=False, seed_source=lambda: 5)
    app.start("house_spider", {}, 5)
    driver = Driver(app)
    driver.press("F1")
    scene = app.scene
    assert isinstance(scene, InstructionsScene)
    first = _page_text(scene, 0)
    assert "HOUSE SPIDER" in first
    assert "no instructions file yet" in first.replace("\n", " ")
    rules = "\n".join(_page_text(scene, i) for i in range(scene.count))
    assert "THE RULES" in rules and "tableau" in rules
    driver.press("ESCAPE")
    assert app.scene is not scene


def test_instructions_follow_the_language(tmp_path: Path) -> None:
    headless()
    app = App(scenario.player_games(tmp_path / "games"), animate=False, lang="de")
    app.start("house_spider", {}, 5)
    driver = Driver(app)
    driver.press("F1")
    scene = app.scene
    assert isinstance(scene, InstructionsScene)
    assert "DIE REGELN" in "\n".join(_page_text(scene, i) for i in range(scene.count))
    driver.press("ESCAPE", "ESCAPE", "F1")  # the menu's F1: the chosen game's own file
    scene = app.scene
    assert isinstance(scene, InstructionsScene)
    assert scene.count > 1
