"""Every screen of the window, reached the way a player reaches it (keys), for tests and shots.

Each function builds a fresh App (no animation, deal numbers fixed) and returns a Driver
standing on the screen named. `python tests/ui/shots.py` saves them all as PNGs.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path

from retro.definition.catalog import Catalog
from retro.engine.game import Game
from retro.engine.notation import parse_position
from retro.paths import games_dir
from retro.ui.app import App, Session
from retro.ui.driver import Driver, headless
from retro.ui.table import TableScene

DEAL = 5

# Seven suits home, the eighth one card short: moving the Ace of hearts onto the 2 wins.
NEAR_WON = "\n".join(
    [f"foundation:{i + 1} = " + " ".join(f"{r}{s}" for r in "KQJT98765432A")
     for i, s in enumerate("SSDDCCH")]
    + ["tableau:1 = " + " ".join(f"{r}H" for r in "KQJT98765432"), "tableau:2 = AH"])

# No column empty, the stock empty, and no card fits on another: the game is lost.
STUCK = "\n".join(f"tableau:{i + 1} = {card}" for i, card in
                  enumerate(["KS", "KS", "KH", "KH", "KD", "KD", "KC", "KC", "AS", "AH"]))


@cache
def spider_only() -> Path:
    """A games folder holding Spider alone, so the menu's picture does not change whenever
    another game is added."""
    folder = Path(tempfile.mkdtemp(prefix="retro-ui-games-"))
    shutil.copy(games_dir() / "spider.yaml", folder / "spider.yaml")
    return folder


HOUSE_SPIDER = """\
extends: spider
id: house_spider
title: House Spider
description: Spider as played in our house, with no instructions file of its own.
instructions: house_spider
"""


def player_games(folder: Path) -> Catalog:
    """A --games-dir holding one player game without an instructions file, beside the
    bundled games."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "house_spider.yaml").write_text(HOUSE_SPIDER, encoding="utf-8")
    return Catalog([folder])


def new_app() -> App:
    headless()
    catalog = Catalog()
    catalog.dirs = [spider_only()]
    return App(catalog, animate=False, seed_source=lambda: DEAL)


def title() -> Driver:
    app = new_app()
    app.show_title()
    driver = Driver(app)
    driver.step()
    return driver


def menu() -> Driver:
    driver = title()
    driver.press("RETURN")
    return driver


def fresh_table() -> Driver:
    driver = menu()
    driver.press("RETURN")
    return driver


def mid_game() -> Driver:
    """Auto-play, a deal, auto-play again: a table with runs built and cards turned."""
    driver = fresh_table()
    for key in ("A", "D", "A"):
        driver.press(key)
        driver.step(60)
    return driver


def lifted() -> Driver:
    driver = fresh_table()
    driver.press("RIGHT", "RIGHT", "RIGHT", "RETURN")  # lift the 4 of spades (tableau:4)
    return driver


def hint() -> Driver:
    driver = fresh_table()
    driver.press("H")
    return driver


def refused() -> Driver:
    driver = fresh_table()
    driver.press("RETURN", "RIGHT", "RETURN")  # Q♠ onto 8♦: not one rank lower
    return driver


def table_at(text: str) -> Driver:
    """A table in a given position (for the endings), reached through the real App."""
    app = new_app()
    gdef = app.catalog.load("spider", {})
    game = Game(gdef, DEAL, parse_position(gdef, text))
    app.session = Session("spider", {}, game, label="Spider")
    app.replace(TableScene(app))
    driver = Driver(app)
    driver.step()
    return driver


def won() -> Driver:
    driver = table_at(NEAR_WON)
    driver.press("RIGHT", "RETURN", "LEFT", "RETURN")
    driver.step(2)
    return driver


def lost() -> Driver:
    driver = table_at(STUCK)
    driver.step(2)
    return driver


def confirm() -> Driver:
    driver = fresh_table()
    driver.press("RETURN", "RIGHT", "RIGHT", "RIGHT", "RIGHT", "RIGHT", "RIGHT", "RIGHT",
                 "RETURN")  # Q♠ onto K♠: a game in progress
    driver.press("N")
    return driver


def instructions() -> Driver:
    driver = fresh_table()
    driver.press("F1")
    return driver


SCREENS: dict[str, Callable[[], Driver]] = {
    "title": title,
    "menu": menu,
    "table_fresh": fresh_table,
    "table_mid": mid_game,
    "lifted": lifted,
    "hint": hint,
    "refused": refused,
    "won": won,
    "lost": lost,
    "confirm": confirm,
    "instructions": instructions,
}
