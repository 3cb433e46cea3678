"""The replay counts moves as the game counts them: Done at the end of a game is no move."""

from __future__ import annotations

import pytest
import scenario

from retro.definition.catalog import Catalog
from retro.engine.game import Game
from retro.engine.notation import format_move
from retro.engine.position import DONE, Move
from retro.solver import hints as advice
from retro.ui.app import App
from retro.ui.driver import Driver, headless

pytestmark = pytest.mark.usefixtures("window")


def test_a_game_ended_with_done_replays_as_many_moves_as_it_made() -> None:
    headless()
    catalog = Catalog()
    catalog.dirs = [scenario.only("spider", "spider_duel")]
    gdef = catalog.load("spider_duel", {})
    game = Game(gdef, 5)
    for _ in range(3):
        game.push(advice.hints(game)[0].move)
    game.push(Move(DONE, -1))
    texts = [format_move(game.position, entry.move) for entry in game.history]
    assert len(texts) == 4 and game.moves_made == 3
    app = App(catalog, animate=False, seed_source=lambda: 5, winnable_mark=False)
    app.show_replay(gdef, 5, texts, "Replay")
    driver = Driver(app)
    driver.press("SPACE")  # paused
    assert app.scene.table.status().startswith("Replay 0/3")  # type: ignore[attr-defined]
    driver.press("RIGHT", "RIGHT", "RIGHT", "RIGHT")
    driver.settle()
    assert app.scene.table.status().startswith("Replay 3/3")  # type: ignore[attr-defined]
