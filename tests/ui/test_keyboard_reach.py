"""Every move the mouse can make, the keyboard can make: for several games, in positions along
a game, each legal move the engine lists is made by keys alone (cursor, how many cards, Enter,
D, Space), as a player without a mouse would make it."""

from __future__ import annotations

import pytest
import scenario

from retro.definition.catalog import Catalog
from retro.engine.game import PLAYING
from retro.engine.notation import format_move
from retro.engine.position import MOVE, Move
from retro.paths import games_dir
from retro.solver import hints as advice
from retro.ui.app import App
from retro.ui.driver import Driver, headless
from retro.ui.table.scene import TableScene

pytestmark = pytest.mark.usefixtures("window")

GAMES = sorted(path.stem for path in games_dir().glob("*.yaml"))  # every bundled game


def table_of(driver: Driver) -> TableScene:
    table = driver.app.scene
    assert isinstance(table, TableScene)
    return table


def reach(driver: Driver, move: Move) -> str | None:
    """Make `move` by keys and take it back; None when it was made, else what happened."""
    table = table_of(driver)
    game = table.game
    made = len(game.history)
    text = format_move(game.position, move)
    driver.press(*scenario.keys_for(table, move))
    if len(game.history) != made + 1 or game.history[-1][0] != move:
        last = format_move(game.position, game.history[-1][0]) if game.history else "-"
        if len(game.history) > made:
            driver.press("U")
        if table.held is not None:
            driver.press("ESCAPE")
        return f"{text}: not made (last move {last}; status: {table.message!r})"
    driver.press("U")
    return None


@pytest.mark.parametrize("game_id", GAMES)
def test_every_legal_move_can_be_made_by_keys(game_id: str) -> None:
    headless()
    app = App(Catalog(), animate=False, seed_source=lambda: scenario.DEAL)
    app.settings.auto_home = False  # each move alone: no card going home by itself after it
    app.start(game_id, {}, scenario.DEAL)
    driver = Driver(app)
    driver.step()
    seen: set[object] = set()
    failures: list[str] = []
    for turn in range(6):  # the opening and positions further on, by turns dealing
        table = table_of(driver)
        for move in table.game.legal_moves():
            if move.kind == "done":
                continue  # Done ends the game: its key (X) is tested with the duel
            failure = reach(driver, move)
            if failure:
                failures.append(failure)
            table.clear_hint()
        moves = [m for m in table.game.legal_moves() if m.kind != "done"]
        hint = advice.auto_move(table.game, seen)
        actions = [m for m in moves if m.kind != MOVE] if turn % 2 else []
        step = (
            actions[0]
            if actions
            else hint.move
            if hint is not None
            else moves[0]
            if moves
            else None
        )
        if step is None:
            break
        table.try_move(app, step)
        driver.step()
        if table.game.outcome() != PLAYING:
            break  # the game is over: its box is up, no table to play on
    assert failures == []


def test_space_sends_the_cards_at_the_cursor_to_their_best_place() -> None:
    driver = scenario.fresh_table()
    table = table_of(driver)
    game = table.game
    source = next(
        i
        for i in range(len(table.piles))
        if advice.best_move(game, i, table.piles[i].run) is not None
    )
    expected = advice.best_move(game, source, table.piles[source].run)
    assert expected is not None
    driver.press(*scenario._walk(table, source), "SPACE")
    assert game.history[-1][0] == expected.move


def test_space_sends_the_lifted_cards_and_says_why_when_there_is_no_place() -> None:
    driver = scenario.fresh_table()
    table = table_of(driver)
    game = table.game
    stuck = next(
        i
        for i in range(len(table.piles))
        if table.piles[i].run and advice.best_move(game, i, table.piles[i].run) is None
    )
    driver.press(*scenario._walk(table, stuck), "RETURN", "SPACE")
    assert not game.history and table.held is None
    assert table.error and "place" in table.message.lower()
