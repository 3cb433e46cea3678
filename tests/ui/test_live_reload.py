"""Live reload: saving the game's YAML while it is on the table reloads it (polled
twice a second), F5 does it by hand; moves are replayed when the new rules allow them."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
import scenario

from retro.definition.catalog import Catalog
from retro.paths import games_dir
from retro.store.saves import load_saved
from retro.ui.app import App
from retro.ui.driver import Driver, headless
from retro.ui.scenes.dialogs import ResumeScene
from retro.ui.table.scene import RELOAD_POLL, TableScene

pytestmark = pytest.mark.usefixtures("window")


def _edit(path: Path, old: str, new: str) -> None:
    """Change the file as an editor saving it would, its modification time moved on for sure
    (some file systems count time coarsely)."""
    text = path.read_text(encoding="utf-8")
    assert old in text
    before = path.stat().st_mtime_ns
    path.write_text(text.replace(old, new), encoding="utf-8")
    os.utime(path, ns=(before + 10_000_000, before + 10_000_000))


def _table_with_own_spider(tmp_path: Path) -> tuple[Driver, TableScene, Path]:
    headless()
    folder = tmp_path / "games"
    folder.mkdir()
    path = folder / "spider.yaml"
    shutil.copy(games_dir() / "spider.yaml", path)
    app = App(Catalog([folder]), animate=False, seed_source=lambda: scenario.DEAL)
    app.start("spider", {}, scenario.DEAL)
    driver = Driver(app)
    table = app.scene
    assert isinstance(table, TableScene)
    scenario.play(driver, "tableau:1>tableau:8")  # Q♠ onto K♠
    driver.press("U", "R", "D")  # an undo and a redo, then a deal: three moves in the history
    assert table.game.moves_made == 2
    return driver, table, path


def test_saving_the_game_file_reloads_it_and_replays_the_moves(tmp_path: Path) -> None:
    driver, table, path = _table_with_own_spider(tmp_path)
    app = driver.app
    before = table.game.position.fingerprint()
    driver.step(RELOAD_POLL + 1)
    assert table.game.gdef.title == "Spider"  # nothing changed, nothing reloaded
    _edit(path, "title: Spider", "title: Spider Revised")
    driver.step(RELOAD_POLL + 1)
    assert table.game.gdef.title == "Spider Revised"
    assert app.session is not None and app.session.game is table.game
    assert "Spider Revised" in app.session.label
    assert table.game.position.fingerprint() == before and table.game.moves_made == 2
    assert "moves replayed on the new rules: 2" in table.message and not table.error
    driver.press("U", "U")  # the undo history came along
    assert table.game.moves_made == 0
    driver.press("ESCAPE")
    assert "Spider Revised" in [entry.title for entry in app.shelf.entries()]


def test_f5_reloads_and_a_move_the_new_rules_refuse_means_a_fresh_deal(tmp_path: Path) -> None:
    driver, table, path = _table_with_own_spider(tmp_path)
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace("accept: {any: [empty, rank_below]}", "accept: empty"), encoding="utf-8"
    )
    driver.press("F5")  # at once, without waiting for the poll
    assert table.game.moves_made == 0 and not table.game.history
    assert table.error and (
        "0 moves replayed, the game before kept aside: move 1 (tableau:1>tableau:8) is refused now"
        in table.message
    )
    assert table.game.seed == scenario.DEAL
    driver.press("RETURN", *["RIGHT"] * 7, "RETURN")  # the new rule holds
    assert table.game.moves_made == 0 and table.error
    path.write_text(text, encoding="utf-8")  # the edit undone: the game is back, undo and all
    driver.press("F5")
    assert table.game.moves_made == 2 and not table.error
    assert "the game kept aside replays again and is back: 2 moves" in table.message
    driver.press("U")
    assert table.game.moves_made == 1


def _save_of(driver: Driver) -> Path:
    slot = driver.app.keeper.slot
    assert slot is not None
    return slot


def test_the_moves_the_edited_rules_still_allow_are_kept_and_the_whole_game_set_aside(
    tmp_path: Path,
) -> None:
    driver, table, path = _table_with_own_spider(tmp_path)
    save = _save_of(driver)
    text = path.read_text(encoding="utf-8")
    refusing = "allowed: {spider_deal_allowed: {relaxed: $relaxed}}"
    _edit(path, refusing, "allowed: all_on_foundations")  # no more deals from the stock
    driver.step(RELOAD_POLL + 1)
    assert table.game.moves_made == 1 and table.error  # the first move still replays
    assert "1 move replayed, the game before kept aside: move 2 (deal) is refused" in table.message
    aside = save.with_name(save.name + ".before-reload")
    kept = load_saved(aside)
    assert kept is not None and len(kept.moves) == 2  # on disk too, should the program stop
    assert len(load_saved(save).moves) == 1  # type: ignore[union-attr]

    # the program stops and starts again with the edit undone: the whole game is offered
    driver.app.on_close()
    _edit(path, "allowed: all_on_foundations", refusing)
    assert path.read_text(encoding="utf-8") == text
    again = App(Catalog([path.parent]), animate=False)
    again.boot()
    second = Driver(again)
    second.step()
    prompt = again.scene
    assert isinstance(prompt, ResumeScene) and prompt.game.moves_made == 2
    assert not aside.exists()


def test_a_game_played_on_after_the_reload_is_not_replaced_by_the_one_kept_aside(
    tmp_path: Path,
) -> None:
    driver, table, path = _table_with_own_spider(tmp_path)
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace("accept: {any: [empty, rank_below]}", "accept: empty"), encoding="utf-8"
    )
    driver.press("F5")
    assert table.game.moves_made == 0
    driver.press("D")  # played on: a deal from the stock
    assert table.game.moves_made == 1
    path.write_text(text, encoding="utf-8")
    driver.press("F5")
    assert table.game.moves_made == 1 and "moves replayed on the new rules: 1" in table.message
    save = _save_of(driver)
    assert load_saved(save.with_name(save.name + ".before-reload")) is not None  # still kept


def test_a_broken_file_leaves_the_game_as_it_is_and_shows_the_first_error(tmp_path: Path) -> None:
    driver, table, path = _table_with_own_spider(tmp_path)
    game = table.game
    _edit(path, "pick: same_suit_run", "pick: same_suit_rum")
    driver.step(RELOAD_POLL + 1)
    assert table.game is game and game.moves_made == 2
    assert table.error and table.message.startswith("Not reloaded: spider.yaml:")
    assert "same_suit_rum" in table.message and "\n" not in table.message
    _edit(path, "pick: same_suit_rum", "pick: same_suit_run")  # mended: reloaded again
    driver.step(RELOAD_POLL + 1)
    assert table.game is not game and table.game.moves_made == 2 and not table.error


def test_a_duel_is_never_reloaded() -> None:
    driver = scenario.duel_setup()
    driver.press("RETURN", "RETURN", "F5")
    table = driver.app.scene
    assert isinstance(table, TableScene)
    assert table.error and table.watch is None


def test_the_deal_key_acts_on_the_pile_whose_action_is_due() -> None:
    """Clock has an action on every hour pile; D must turn the one whose turn it is."""
    headless()
    app = App(Catalog(), animate=False, seed_source=lambda: scenario.DEAL)
    app.start("clock", {}, scenario.DEAL)
    driver = Driver(app)
    table = app.scene
    assert isinstance(table, TableScene)
    for _ in range(3):
        due = [m for m in table.game.legal_moves() if m.kind != "move"]
        before = table.game.moves_made
        driver.press("D")
        assert table.game.moves_made == before + 1
        assert [m for m, *_ in table.game.history][-1] == due[0]
