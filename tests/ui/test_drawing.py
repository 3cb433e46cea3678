"""What the table draws says only what is true of the game: no deal key, stock or score in a
game without them, the redeal circle only where a redeal is still to come, the redeals left
where they are counted."""

from __future__ import annotations

from typing import Any

import pytest

from retro.definition.catalog import Catalog
from retro.engine.game import Game
from retro.engine.model import Move
from retro.ui.app import App
from retro.ui.cardart import EMPTY, EMPTY_STOCK
from retro.ui.driver import Driver, headless
from retro.ui.table import TableScene
from retro.ui.tableview import empty_art, status_fields

pytestmark = pytest.mark.usefixtures("window")


def table(game_id: str, options: dict[str, Any] | None = None, seed: int = 5) -> TableScene:
    headless()
    app = App(Catalog(), animate=False, seed_source=lambda: seed)
    app.start(game_id, options or {}, seed)
    Driver(app).step()
    scene = app.scene
    assert isinstance(scene, TableScene)
    return scene


def test_a_game_without_stock_or_score_shows_neither() -> None:
    scene = table("freecell")
    fields = status_fields(scene)
    assert "Stock" not in fields and "Score" not in fields and "Redeals" not in fields
    assert "Moves 0" in fields and "Deal 5" in fields
    assert "D Deal" not in scene.top_keys


def test_spider_shows_its_score_and_stock() -> None:
    scene = table("spider")
    fields = status_fields(scene)
    assert "Score 0" in fields and "Stock 50" in fields and "Redeals" not in fields
    assert "D Deal" in scene.top_keys


def test_montana_shows_the_redeals_left() -> None:
    scene = table("montana")
    assert "Redeals 2" in status_fields(scene)
    assert "Stock" not in status_fields(scene)
    pile = scene.deal_pile()
    assert pile is not None
    action = scene.piles[pile].group.action
    assert action is not None
    scene.game.push(Move(action.verb, pile))
    assert "Redeals 1" in status_fields(scene)


def _emptied_stock(game_id: str, options: dict[str, Any]) -> TableScene:
    scene = table(game_id, options)
    stock = next(p for p in scene.piles if p.kind == "stock")
    game: Game = scene.game
    action = stock.group.action
    assert action is not None
    while stock.cards:
        game.push(Move(action.verb, stock.index))
    return scene


def test_the_redeal_circle_only_on_a_stock_that_redeals() -> None:
    golf = _emptied_stock("golf", {})
    assert empty_art(golf, next(p for p in golf.piles if p.kind == "stock")) == EMPTY
    once = _emptied_stock("klondike", {"passes": "1"})
    assert empty_art(once, next(p for p in once.piles if p.kind == "stock")) == EMPTY
    again = _emptied_stock("klondike", {})
    assert empty_art(again, next(p for p in again.piles if p.kind == "stock")) == EMPTY_STOCK
