"""Hints at the table: the solver's move or the best-ranked one, said as a player says it, the
cursor on its cards, Space makes it; and H or A never crash, in any game."""

from __future__ import annotations

import random
import re

import pytest

from retro.definition.catalog import Catalog
from retro.engine.game import LOST, WON, Game
from retro.engine.position import MOVE
from retro.solver import hints as advice
from retro.ui.app import App
from retro.ui.driver import Driver, headless
from retro.ui.table.scene import TableScene

CATALOG = Catalog()
PILE_ID = re.compile(r"\b[a-z_]+:\d+\b")


def table_for(game_id: str, seed: int = 3) -> tuple[Driver, TableScene]:
    headless()
    app = App(CATALOG, animate=False, seed_source=lambda: seed)
    driver = Driver(app)
    app.start(game_id)
    driver.step()
    assert isinstance(app.scene, TableScene)
    return driver, app.scene


@pytest.mark.usefixtures("window")
@pytest.mark.parametrize("game_id", CATALOG.ids())
def test_h_and_a_at_several_points_of_a_random_game(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(advice, "HINT_SECONDS", 0.05)
    driver, table = table_for(game_id)
    rng = random.Random(game_id)
    for point in range(5):
        driver.step()
        if driver.app.scene is not table or table.game.outcome() in (WON, LOST):
            break  # the random moves ended the game
        for key in ("H", "H", "shift+H"):
            driver.press(key)
            driver.thought()
            if table.game.outcome() in (WON, LOST):
                return  # the auto-play of A, still under way, ended the game
            assert driver.app.scene is table
            words = table.status()
            assert words, f"{game_id}: H said nothing"
            assert not PILE_ID.search(words), words
        driver.press("A")
        driver.step(5)
        if table.shown_hint() is not None:
            driver.press("ESCAPE")
        game = table.game
        for _ in range(3 + point * 2):
            moves = [m for m in game.legal_moves() if m.kind != "done"]
            if not moves:
                break
            table.try_move(driver.app, rng.choice(moves))


@pytest.mark.usefixtures("window")
def test_freecell_hints_the_solvers_move_with_a_true_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(advice, "HINT_SECONDS", 30.0)  # the win is found in well under that
    driver, table = table_for("freecell")
    driver.press("H")
    driver.thought()
    shown = table.shown_hint()
    assert shown is not None and shown.kind == advice.SOLVER
    assert table.status().startswith("Hint 1/") and ", solver:" in table.status()
    assert re.search(r"a win in \d+ moves", shown.why)
    driver.press("H")
    second = table.shown_hint()
    assert second is not None and second.kind == advice.RANKED
    assert second.why != "moves cards"


@pytest.mark.usefixtures("window")
def test_the_cursor_goes_to_the_hinted_cards_and_space_makes_the_move() -> None:
    driver, table = table_for("spider", seed=5)
    driver.press("H")
    driver.thought()
    shown = table.shown_hint()
    assert shown is not None and shown.move.kind == MOVE
    assert (table.cursor, table.chosen()) == (shown.move.src, shown.move.count)
    before = len(table.game.history)
    driver.press("SPACE")
    assert len(table.game.history) == before + 1
    assert table.game.history[-1].move == shown.move


def test_a_ranked_hint_is_said_so_when_no_win_is_found() -> None:
    game = Game(CATALOG.load("spider", {}), 5)
    shown = advice.advise(game, seconds=0.0)
    assert shown and all(hint.kind == advice.RANKED for hint in shown)


def test_a_redeal_hint_has_a_reason() -> None:
    game = Game(CATALOG.load("montana", {}), 3)
    redeals = [m for m in game.legal_moves() if m.kind == "redeal"]
    assert redeals
    assert advice.rate(game, redeals[0]).why == "gathers the cards and deals them again"


def _first_hint(driver: Driver, table: TableScene) -> tuple[str, str]:
    """H pressed: the hint's line, and the pile id its cards come from."""
    driver.press("H")
    driver.thought()
    shown = table.shown_hint()
    assert shown is not None
    return table.status(), table.piles[shown.move.src].id


@pytest.mark.usefixtures("window")
def test_hints_name_black_holes_fans_by_the_rows_the_screen_shows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(advice, "HINT_SECONDS", 0.0)
    driver, table = table_for("black_hole", 1)
    from retro.ui.table.hints import place

    named = {pile.id: place(pile, table) for pile in table.piles}
    assert named["top:2"] == "fan 2 in row 1"
    assert named["left:3"] == "fan 1 in row 3" and named["right:3"] == "fan 3 in row 3"
    assert named["bottom:4"] == "fan 4 in row 4" and named["hole"] == "the foundation"
    line, src = _first_hint(driver, table)
    assert f"from {named[src]} " in line and "in row" in line and "column" not in line


@pytest.mark.usefixtures("window")
def test_hints_name_tri_peaks_cards_by_row_and_place(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(advice, "HINT_SECONDS", 0.0)
    driver, table = table_for("tri_peaks", 1)
    from retro.ui.table.hints import place

    named = {pile.id: place(pile, table) for pile in table.piles}
    assert named["tableau:1"] == "row 1, card 1" and named["tableau:20"] == "row 4, card 2"
    assert named["foundation"] == "the foundation" and named["stock"] == "the stock"
    line, src = _first_hint(driver, table)
    assert f"from {named[src]} " in line and ", card " in line and "column" not in line
