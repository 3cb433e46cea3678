"""Rotations in the window (Michael's Fantasy): the cursor chooses face-up cards deeper than the
run, F and B turn them round, a click on a buried card chooses it; games without rotations
refuse the keys with the engine's reason."""

from __future__ import annotations

import pytest
import scenario

from retro.definition.catalog import Catalog
from retro.engine.notation import format_pile
from retro.ui.app import App
from retro.ui.driver import Driver
from retro.ui.table.scene import TableScene

pytestmark = pytest.mark.usefixtures("window")


def table_of(game_id: str) -> tuple[Driver, TableScene]:
    catalog = Catalog()
    catalog.dirs = [scenario.only(game_id)]
    app = App(catalog, animate=False, seed_source=lambda: scenario.DEAL)
    app.start(game_id, {}, scenario.DEAL)
    driver = Driver(app)
    table = app.scene
    assert isinstance(table, TableScene)
    return driver, table


def test_keys_choose_buried_face_up_cards_and_b_and_f_rotate_them() -> None:
    driver, table = table_of("michaels_fantasy")
    column = table.game.position.by_id["tableau:1"]
    driver.press(*scenario._walk(table, column.index))
    up = column.cards[-column.face_up :]
    assert column.run < 3
    driver.press(*["UP"] * (5 - column.run))  # as deep as the face-up cards go
    assert table.chosen() == 5
    assert "F or B turns them round" in table.message
    driver.press("B")
    assert column.cards[-5:] == [*up[1:], up[0]]
    assert table.game.position.counters["rotations"] == 1
    driver.press("U")
    assert column.cards[-5:] == up
    driver.press(*scenario._walk(table, column.index), *["UP"] * (3 - column.run), "F")
    assert column.cards[-3:] == [up[-1], *up[-3:-1]]
    assert table.game.position.counters["rotations"] == 1


def test_a_click_on_a_buried_card_chooses_it_to_rotate() -> None:
    driver, table = table_of("michaels_fantasy")
    column = table.game.position.by_id["tableau:2"]
    before = format_pile(column)
    offsets = table.geometry.offsets(column)
    x, y = table.geometry.card_xy(column, offsets, len(column.cards) - 4)
    driver.click(x + 20, y + 5)
    assert table.held is None and table.chosen() == 4
    driver.press("B")
    after = format_pile(column)
    assert after[-4:] == [*before[-3:], before[-4]]


def test_a_game_without_rotations_refuses_the_keys() -> None:
    driver, table = table_of("freecell")
    column = table.game.position.by_id["tableau:1"]
    driver.press(*scenario._walk(table, column.index), "UP", "F")
    assert table.error and "never rotated" in table.message
    assert table.game.moves_made == 0
