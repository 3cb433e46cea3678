"""F1 for every game (its own pages or pages written from its rules), and a game menu that
scales to many games: scrolling, paging, type-ahead, player games."""

from __future__ import annotations

from pathlib import Path

import pytest
import scenario

from retro.ui.app import App
from retro.ui.driver import Driver, headless
from retro.ui.scenes.helpscreen import InstructionsScene
from retro.ui.scenes.menu import MenuScene

pytestmark = pytest.mark.usefixtures("window")


def _page_text(scene: InstructionsScene, page: int) -> str:
    return "\n".join(
        "".join(glyph.char for glyph in line) for line in scene.instructions.pages[page]
    )


def test_f1_on_a_game_without_an_instructions_file_shows_pages_written_from_its_rules(
    tmp_path: Path,
) -> None:
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


def _menu(tmp_path: Path) -> tuple[Driver, MenuScene]:
    headless()
    folder = tmp_path / "games"
    catalog = scenario.player_games(folder)
    (folder / "broken.yaml").write_text("id: broken\ntitle: [unclosed\n", encoding="utf-8")
    app = App(catalog, animate=False, seed_source=lambda: 5)
    app.show_title()
    driver = Driver(app)
    driver.press("RETURN")
    menu = app.scene
    assert isinstance(menu, MenuScene)
    return driver, menu


def test_the_game_list_scrolls_to_the_last_game_and_back(tmp_path: Path) -> None:
    driver, menu = _menu(tmp_path)
    count = len(menu.entries)
    assert count > menu.VISIBLE  # the bundled games alone fill more than a screen
    assert menu.game_id == "spider" and menu.game in menu.game_rows.values()
    driver.press("END")
    assert menu.game == count - 1
    last_row = max(menu.game_rows)
    assert menu.game_rows[last_row] == count - 1  # drawn, on the list's last row
    driver.press("HOME")
    assert menu.game == 0 and menu.top == 0
    pages = 0
    while menu.game < count - 1:
        driver.press("PAGEDOWN")
        pages += 1
        assert menu.top <= menu.game < menu.top + menu.VISIBLE
    assert pages == -(-(count - 1) // (menu.VISIBLE - 1))
    driver.press("PAGEUP")
    assert menu.game == count - menu.VISIBLE


def test_a_letter_jumps_to_the_next_game_starting_with_it(tmp_path: Path) -> None:
    driver, menu = _menu(tmp_path)
    seen = []
    for _ in range(5):
        driver.press("K")
        seen.append(menu.entry.title)
    assert seen == ["Kansas", "King Albert", "Klondike", "Klondike (draw 3)", "Kansas"]
    driver.press("Y")
    assert menu.entry.title == "Yield"
    driver.press("Y")
    assert menu.entry.title == "Yukon"
    assert menu.top <= menu.game < menu.top + menu.VISIBLE


def test_player_games_join_the_menu_and_a_broken_one_is_told_not_fatal(tmp_path: Path) -> None:
    driver, menu = _menu(tmp_path)
    app = driver.app
    driver.press("H")
    assert menu.entry.id == "house_spider" and menu.entry.mine
    driver.press("RETURN")
    assert app.session is not None and app.session.game_id == "house_spider"
    driver.press("ESCAPE")
    menu = app.scene
    assert isinstance(menu, MenuScene)
    for _ in range(10):
        driver.press("B")
        if menu.entry.id == "broken":
            break
    assert menu.entry.id == "broken" and menu.entry.error
    driver.press("RETURN")
    assert app.scene is menu and menu.error == menu.entry.error and "refuse" in app.beeper.played
    assert "broken.yaml" in menu.error
