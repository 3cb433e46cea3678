"""The game menu as a new player met it: the deal number, a click on the chosen game."""

from __future__ import annotations

import itertools

import pytest
import scenario

from retro.definition.catalog import Catalog
from retro.ui.app import App
from retro.ui.drawing.textview import CELL_H, CELL_W
from retro.ui.driver import Driver, headless
from retro.ui.scenes.menu import MenuScene
from retro.ui.table.scene import TableScene

pytestmark = pytest.mark.usefixtures("window")


def _menu(numbers: itertools.count[int] | None = None) -> tuple[Driver, MenuScene]:
    headless()
    catalog = Catalog()
    catalog.dirs = [scenario.spider_only()]
    counter = numbers or itertools.count(4711)
    app = App(catalog, animate=False, seed_source=lambda: next(counter))
    app.show_title()
    driver = Driver(app)
    driver.press("RETURN")
    menu = app.scene
    assert isinstance(menu, MenuScene)
    return driver, menu


def test_the_first_digit_typed_replaces_the_offered_deal_number() -> None:
    driver, menu = _menu()
    assert menu.deal == "4711"
    driver.press("1", "2")
    assert menu.deal == "12"
    driver.press("BACKSPACE", "3")
    assert menu.deal == "13"  # typing goes on after an erase
    driver.press("F2")
    assert menu.deal == "4712"
    driver.press("9")
    assert menu.deal == "9"  # a fresh random number is replaced again


def test_the_deal_number_stays_until_it_is_played() -> None:
    driver, menu = _menu()
    offered = menu.deal
    driver.press("ESCAPE", "RETURN")  # back to the title and into the menu again
    again = driver.app.scene
    assert isinstance(again, MenuScene) and again is not menu and again.deal == offered
    driver.press("RETURN")  # played
    table = driver.app.scene
    assert isinstance(table, TableScene) and table.game.seed == int(offered)
    driver.press("ESCAPE")
    after = driver.app.scene
    assert isinstance(after, MenuScene) and after.deal != offered


def test_a_click_on_the_chosen_game_plays_it() -> None:
    driver, menu = _menu()
    row = next(row for row, index in menu.game_rows.items() if index == menu.game)
    driver.click(5 * CELL_W, row * CELL_H + 8)
    assert isinstance(driver.app.scene, TableScene)
