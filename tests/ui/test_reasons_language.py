"""A refused move is explained in the window's language: the rules' reasons are German in a
German window and English again once the window speaks English (the console, which stays
English, is tested with the console)."""

from __future__ import annotations

import pytest
import scenario

from retro.engine.position import MOVE, Move
from retro.ui.driver import Driver
from retro.ui.table.scene import TableScene

pytestmark = pytest.mark.usefixtures("window")

POSITION = "tableau:1 = 5H\ntableau:2 = 9C"


def _refusal(driver: Driver) -> str:
    table = driver.app.scene
    assert isinstance(table, TableScene)
    driver.press("RETURN", "RIGHT", "RETURN")  # 5♥ onto 9♣: not one rank lower
    assert table.error
    return table.status()


def test_a_german_window_gives_a_german_reason() -> None:
    try:
        said = _refusal(scenario.table_at(POSITION, "de"))
        assert said == "5♥ passt nur auf: 6, nicht auf 9♣"
    finally:
        scenario.new_app("en")  # back to English for the tests after this one
    assert _refusal(scenario.table_at(POSITION, "en")) == "5♥ goes only on a 6, not on 9♣"


def test_the_engines_refusal_is_german_too() -> None:
    driver = scenario.table_at(POSITION, "de")
    try:
        table = driver.app.scene
        assert isinstance(table, TableScene)
        ids = [pile.id for pile in table.game.position.piles]
        three = Move(MOVE, ids.index("tableau:1"), 3, ids.index("tableau:2"))  # of one card
        assert not table.try_move(driver.app, three)
        assert table.status() == "tableau:1 hat keine 3 Karten zum Ziehen"
    finally:
        scenario.new_app("en")
