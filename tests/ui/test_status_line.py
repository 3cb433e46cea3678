"""The status line shows a message only while the state that made it lasts: the cards chosen
at the cursor, a refusal (until the game changes or the menu is opened), a hint."""

from __future__ import annotations

import pytest
import scenario

from retro.ui import texts
from retro.ui.drawing.textview import COLS
from retro.ui.driver import Driver
from retro.ui.table.scene import TableScene
from retro.ui.table.view import STATUS_ROW

pytestmark = pytest.mark.usefixtures("window")


def table_of(driver: Driver) -> TableScene:
    table = driver.app.scene
    assert isinstance(table, TableScene)
    return table


def test_the_cards_chosen_are_forgotten_when_the_cursor_moves() -> None:
    driver = scenario.mid_game()
    table = table_of(driver)
    runs = [p.index for p in table.piles if p.run >= 2 and p.kind == "tableau"]
    assert runs
    driver.press(*scenario._walk(table, runs[0]), "DOWN")
    assert " to lift" in table.status()
    driver.press("TAB")  # to the stock's row
    assert table.status() == ""
    driver.press(*scenario._walk(table, runs[0]), "DOWN", "RIGHT")
    assert table.status() == ""


def test_a_refusal_goes_with_the_menu() -> None:
    driver = scenario.refused()
    table = table_of(driver)
    assert table.error and table.status()
    driver.press("ESCAPE")  # the menu
    driver.press("ESCAPE")  # back at the table
    assert table_of(driver) is table and table.status() == ""


# Q♠ and 8♦ side by side; the 5♥ beside them fits on the 6♣ next to it.
UNDO_AND_REDO = "tableau:1 = QS\ntableau:2 = 8D\ntableau:3 = 5H\ntableau:4 = 6C"


def test_a_refusal_goes_with_undo_and_redo() -> None:
    driver = scenario.table_at(UNDO_AND_REDO)
    table = table_of(driver)
    columns = [pile.index for pile in table.game.position.groups["tableau"]]

    def refuse() -> None:
        driver.press(*scenario._walk(table, columns[0]), "RETURN", "RIGHT", "RETURN")
        assert table.error  # Q♠ onto 8♦: not one rank lower

    driver.press(*scenario._walk(table, columns[2]), "RETURN", "RIGHT", "RETURN")  # 5♥ onto 6♣
    assert table.game.history and not table.error
    refuse()
    driver.press("U")
    assert table.status() == ""
    refuse()
    driver.press("R")
    assert table.status() == ""


def test_the_hint_goes_with_esc() -> None:
    driver = scenario.hint()
    table = table_of(driver)
    assert table.status().startswith("Hint 1/")
    driver.press("ESCAPE")
    assert table.shown_hint() is None and table.status() == ""


def _rows(driver: Driver) -> dict[int, str]:
    from retro.ui.table.view import status_fields, status_rows

    table = driver.app.scene
    assert isinstance(table, TableScene)
    stats = status_fields(table, clock=True)
    rows: dict[int, str] = {}
    for col, row, text, _, _ in status_rows(table, stats, COLS):
        line = rows.get(row, "")
        rows[row] = line[:col].ljust(col) + text
    return rows


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_message_leaves_the_score_moves_clock_and_winnable_word_in_sight(lang: str) -> None:
    """Auto-play's count (A, through the keymap) and a hint whose reason is long: the fields
    keep the status line, the message stands whole beside them or in a bar above."""
    driver = scenario.one_game_table("klondike", winnable_mark=True)
    driver.app.set_language(lang)
    driver.app.settings.clock = True
    table = driver.app.scene
    assert isinstance(table, TableScene)
    for keys in (("A",), ("H",)):
        driver.press(*keys)
        driver.settle()
        driver.thought()
        message = table.status()
        assert message
        rows = _rows(driver)
        status = rows[STATUS_ROW]
        for word in (texts.STATUS_MOVES, texts.STATUS_TIME, texts.STATUS_STOCK):
            assert word in status, (word, status)
        assert any(mark in status for mark in (texts.WINNABLE_UNKNOWN, texts.WINNABLE_YES))
        shown = " ".join(" ".join(rows[row].replace("│", " ").split()) for row in sorted(rows))
        assert " ".join(message.split()) in shown
        driver.redraw()
