"""The whole window in the player's language, chosen in the settings box and remembered; the
four-colour deck and the game clock, off until chosen."""

from __future__ import annotations

import pytest
import scenario

import retro
from retro.store.settings import Settings
from retro.ui import texts
from retro.ui.app import App
from retro.ui.drawing.textview import ROWS
from retro.ui.driver import Driver
from retro.ui.scenes.menu import MenuScene
from retro.ui.scenes.settingsbox import SettingsScene
from retro.ui.scenes.title import TitleScene, compose_title
from retro.ui.table.scene import TableScene
from retro.ui.table.view import clock_text, status_fields

pytestmark = pytest.mark.usefixtures("window")


def _to_settings(driver: Driver) -> SettingsScene:
    menu = driver.app.scene
    assert isinstance(menu, MenuScene)
    while menu.lines(driver.app)[menu.focus][0] != "settings":
        driver.press("DOWN")
    driver.press("RETURN")
    box = driver.app.scene
    assert isinstance(box, SettingsScene)
    return box


def _status(driver: Driver) -> str:
    table = driver.app.scene
    assert isinstance(table, TableScene)
    return status_fields(table, driver.app.settings.clock)


def test_the_language_is_switched_in_the_menu_and_remembered() -> None:
    driver = scenario.menu()
    _to_settings(driver)
    driver.press("RIGHT")  # Language: English -> Deutsch
    assert driver.app.lang == "de" and Settings.load().language == "de"
    driver.press("ESCAPE")
    menu = driver.app.scene
    assert isinstance(menu, MenuScene)
    driver.step()
    screen = menu.compose(driver.app)
    assert "Spielmenü" in screen.text(0) and "Spielnummer" in "".join(
        screen.text(row) for row in range(25)
    )
    driver.press("ESCAPE")  # the title screen below, in German too
    title = driver.app.scene
    assert isinstance(title, TitleScene)
    driver.step()
    assert "Enter drücken" in title.screen.text(21)
    again = scenario.new_app()  # the next run: the remembered language
    assert again.lang == "de" and texts.MENU_PLAY == "Spielen"
    scenario.new_app("en")  # back to English for the tests after this one


def test_german_players_read_german_titles_and_one_name_per_language() -> None:
    app = App(scenario.Catalog(), animate=False, seed_source=lambda: 5, lang="de")
    titles = [entry.title for entry in app.shelf.entries()]
    assert "7 bis As" in titles and "7 to Ace" not in titles
    english = App(scenario.Catalog(), animate=False, seed_source=lambda: 5, lang="en")
    assert "7 to Ace" in [entry.title for entry in english.shelf.entries()]


def test_the_resume_box_counts_one_move() -> None:
    game = scenario.saved_game()
    while len(game.history) > 1:
        game.pop()
    game.future.clear()
    scenario.save_current(game)
    app = scenario.new_app()
    app.boot()
    box = app.scene
    text = "".join(box.compose().text(row) for row in range(25))  # type: ignore[attr-defined]
    assert "1 move " in text and "1 moves" not in text and "1 move back" in text


def test_four_colours_and_the_clock_are_off_until_chosen() -> None:
    driver = scenario.fresh_table()
    app = driver.app
    assert not app.settings.four_colour and not app.settings.clock
    assert "Time" not in _status(driver)
    two = driver.pixels()
    driver.press("ESCAPE")
    box = _to_settings(driver)
    driver.press("DOWN", "RIGHT", "DOWN", "RIGHT")  # four colours, the clock on
    assert box.focus == 2
    assert Settings.load().four_colour and Settings.load().clock
    driver.press("ESCAPE", "ESCAPE")
    table = app.scene
    assert isinstance(table, TableScene)
    driver.step()
    assert app.art.four_colour and driver.pixels() != two
    assert "Time 0:00" in _status(driver)


def test_the_clock_runs_from_the_first_move_while_the_table_is_shown() -> None:
    driver = scenario.fresh_table()
    app = driver.app
    app.settings.clock = True
    driver.step(60)
    session = app.session
    assert session is not None and session.frames == 0  # no move yet
    driver.press("D")
    driver.step(30 * 61)
    assert "Time 1:01" in _status(driver)
    driver.press("F1")
    before = session.frames
    driver.step(300)  # the instructions are open: the clock waits
    assert session.frames == before
    assert clock_text(3725) == "1:02:05"


def test_a_hint_gives_its_reason_in_german() -> None:
    driver = scenario.menu("de")
    driver.press("RETURN", "H")
    driver.thought()
    table = driver.app.scene
    assert isinstance(table, TableScene)
    assert table.message.startswith("Tipp 1/") and "(deckt eine Karte auf)" in table.message
    scenario.new_app("en")


@pytest.mark.parametrize(
    ("version", "shown"),
    [("0.1.0", "Version 0.1"), ("2.3.1", "Version 2.3.1"), ("3.0", "Version 3.0")],
)
def test_the_title_shows_the_package_version_in_either_language(
    monkeypatch: pytest.MonkeyPatch, version: str, shown: str
) -> None:
    monkeypatch.setattr(retro, "__version__", version)
    assert compose_title().text(ROWS - 1).startswith(f" {shown}  ·  16 colours")
    texts.use("de")
    try:
        assert compose_title().text(ROWS - 1).startswith(f" {shown}  ·  16 Farben")
    finally:
        texts.use("en")
