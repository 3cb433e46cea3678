"""The real App stepped headless: keys in, engine position and pixels out."""

from __future__ import annotations

from pathlib import Path

import pytest
import scenario

from retro.engine.position import card_move
from retro.ui.app import App
from retro.ui.driver import Driver
from retro.ui.scenes.dialogs import ConfirmScene
from retro.ui.scenes.helpscreen import InstructionsScene
from retro.ui.scenes.menu import MenuScene
from retro.ui.scenes.over import OverScene
from retro.ui.scenes.title import TitleScene
from retro.ui.table.layout import CARD_H, CARD_W, SCREEN_W
from retro.ui.table.scene import TableScene

pytestmark = pytest.mark.usefixtures("window")


def region(driver: Driver, x: int, y: int, w: int, h: int) -> list[bytes]:
    pixels = driver.pixels()
    return [pixels[(y + dy) * SCREEN_W + x : (y + dy) * SCREEN_W + x + w] for dy in range(h)]


def top_card_rect(table: TableScene, index: int) -> tuple[int, int, int, int]:
    pile = table.piles[index]
    offsets = table.geometry.offsets(pile)
    x, y = table.geometry.card_xy(pile, offsets, len(pile.cards) - 1)
    return x, y, CARD_W, CARD_H


def test_title_then_menu_then_spider_deal_then_a_keyboard_move_then_undo() -> None:
    driver = scenario.title()
    app = driver.app
    assert isinstance(app.scene, TitleScene)
    driver.press("RETURN")
    assert isinstance(app.scene, MenuScene)
    driver.press("BACKSPACE", "BACKSPACE", "1", "2")  # deal number 12
    assert app.scene.deal == "12"
    driver.press("BACKSPACE", "BACKSPACE", "5")
    driver.press("RETURN")
    table = app.scene
    assert isinstance(table, TableScene)
    game = table.game
    assert game.seed == 5 and game.gdef.id == "spider"
    piles = game.position.piles
    t1, t8 = (game.position.by_id[name].index for name in ("tableau:1", "tableau:8"))
    assert piles[t1].top is not None and piles[t1].top.code == "QS"
    assert piles[t8].top is not None and piles[t8].top.code == "KS"
    driver.redraw()
    target = top_card_rect(table, t8)
    target_area = (target[0], target[1] + 16, CARD_W, CARD_H - 16)
    before = region(driver, *target_area)

    driver.press("RETURN")  # lift Q♠
    assert table.held == (t1, 1)
    driver.press(*["RIGHT"] * 7)
    assert table.cursor == t8
    driver.press("RETURN")  # drop it on K♠

    assert table.held is None
    assert [c.code for c in piles[t8].cards[-2:]] == ["KS", "QS"]
    assert piles[t1].top is not None and piles[t1].top.code == "2S"
    assert piles[t1].face_up == 1  # the card under Q♠ was turned
    assert game.moves_made == 1
    driver.redraw()
    assert region(driver, *target_area) != before  # Q♠ now covers K♠'s picture

    driver.press("U")
    assert [c.code for c in piles[t8].cards[-1:]] == ["KS"]
    assert piles[t1].top is not None and piles[t1].top.code == "QS"
    assert game.moves_made == 0
    driver.redraw()
    assert region(driver, *target_area) == before


def test_a_refused_move_shows_the_rules_own_reason_and_beeps() -> None:
    driver = scenario.refused()
    table = driver.app.scene
    assert isinstance(table, TableScene)
    reason = table.game.why_not(card_move(table.cursor - 1, 1, table.cursor))
    assert reason is not None and table.message == reason and table.error
    assert "refuse" in driver.app.beeper.played
    assert table.game.moves_made == 0
    status = driver.pixels()[24 * 16 * SCREEN_W :]
    assert 4 in status  # the reason is shown on red


def test_up_and_down_choose_how_many_cards_of_a_run_to_lift() -> None:
    driver = scenario.table_at("tableau:1 = 9H 8H 7H 6H\ntableau:2 = TS\nstock = 2c")
    table = driver.app.scene
    assert isinstance(table, TableScene)
    assert table.chosen() == 4  # the whole run at first
    driver.press("DOWN", "DOWN")
    assert table.chosen() == 2
    driver.press("MINUS")
    assert table.chosen() == 1
    driver.press("UP", "UP", "UP", "RETURN", "RIGHT", "RETURN")
    assert [c.code for c in table.piles[table.cursor].cards] == ["TS", "9H", "8H", "7H", "6H"]


def test_held_arrow_keys_repeat_like_dos() -> None:
    driver = scenario.fresh_table()
    table = driver.app.scene
    assert isinstance(table, TableScene)
    start = table.cursor
    driver.hold("RIGHT", 20)  # 1/3 s delay, then 30 a second: 1 + 10 steps in 20 frames
    assert (table.cursor - start) % 10 == 11 % 10


def test_hint_highlights_source_and_target_and_cycles() -> None:
    driver = scenario.hint()
    table = driver.app.scene
    assert isinstance(table, TableScene)
    first = table.shown_hint()
    assert first is not None and first.move in table.game.legal_moves()
    driver.redraw()
    for index in (first.move.src, first.move.dst):
        x, y, w, _h = top_card_rect(table, index)
        edge = region(driver, x - 2, y - 2, w + 4, 1)[0]
        assert 13 in edge  # light magenta frame
    driver.press("H")
    assert table.hint_index == 1
    driver.press("shift+H")
    assert table.shown_hint() == first


def test_mouse_lifts_drops_sends_to_best_place_and_deals() -> None:
    driver = scenario.fresh_table()
    table = driver.app.scene
    assert isinstance(table, TableScene)
    game = table.game
    t1 = game.position.by_id["tableau:1"].index
    t8 = game.position.by_id["tableau:8"].index
    x, y, _, _ = top_card_rect(table, t1)
    driver.click(x + 20, y + 30)
    assert table.held == (t1, 1)
    tx, ty, _, _ = top_card_rect(table, t8)
    driver.click(tx + 20, ty + 40)
    assert game.moves_made == 1 and game.position.piles[t8].top.code == "QS"  # type: ignore[union-attr]
    driver.press("U")
    driver.click(x + 20, y + 30, "MOUSE_BUTTON_RIGHT")  # best place for Q♠: on K♠
    assert game.position.piles[t8].top.code == "QS"  # type: ignore[union-attr]
    stock = game.position.by_id["stock"]
    sx, sy = table.geometry.origin(stock)
    driver.click(sx + 10, sy + 10)
    assert len(stock.cards) == 40


def test_esc_opens_the_menu_and_esc_comes_back_to_the_same_table() -> None:
    driver = scenario.fresh_table()
    app = driver.app
    table = app.scene
    driver.press("ESCAPE")
    assert isinstance(app.scene, MenuScene)
    driver.press("ESCAPE")
    assert app.scene is table


def test_f1_instructions_page_and_return_exactly_where_we_were() -> None:
    driver = scenario.instructions()
    app = driver.app
    help_scene = app.scene
    assert isinstance(help_scene, InstructionsScene)
    assert help_scene.count > 1
    driver.press("PAGEDOWN", "SPACE")
    assert help_scene.page == 2
    driver.press("PAGEUP")
    assert help_scene.page == 1
    driver.press("ESCAPE")
    assert isinstance(app.scene, TableScene)
    driver.press("ESCAPE", "F1", "ESCAPE")
    assert isinstance(app.scene, MenuScene)


def test_abandoning_a_game_in_progress_asks_first() -> None:
    driver = scenario.confirm()
    app = driver.app
    assert isinstance(app.scene, ConfirmScene)
    session = app.session
    driver.press("N")
    assert isinstance(app.scene, TableScene) and app.session is session
    driver.press("N", "Y")
    assert app.session is not session and app.session is not None
    assert app.session.game.moves_made == 0


def test_won_and_lost_screens_show_the_score() -> None:
    won = scenario.won()
    assert isinstance(won.app.scene, OverScene) and won.app.scene.outcome == "won"
    assert won.app.session is not None and won.app.session.game.score() == 990
    assert "win" in won.app.beeper.played
    lost = scenario.lost()
    assert isinstance(lost.app.scene, OverScene) and lost.app.scene.outcome == "lost"
    lost.press("ESCAPE")
    assert isinstance(lost.app.scene, MenuScene)


def test_cards_glide_and_deals_fly_from_the_stock_and_a_key_skips_them() -> None:
    driver = scenario.fresh_table()
    app = driver.app
    app.animate = True
    table = app.scene
    assert isinstance(table, TableScene)
    driver.press("D", settle=0)
    assert len(table.flights) == 10
    stock = table.game.position.by_id["stock"]
    assert all(f.start == table.geometry.origin(stock) for f in table.flights)
    assert len({f.begin for f in table.flights}) == 10  # one after the other
    driver.step(3)
    assert table.flights
    driver.press("LEFT", settle=0)  # any key lands them at once
    assert not table.flights
    driver.press("U", settle=0)
    assert table.flights
    driver.settle()
    assert not table.flights


def test_auto_play_makes_only_progress_moves_and_stops() -> None:
    driver = scenario.fresh_table()
    table = driver.app.scene
    assert isinstance(table, TableScene)
    driver.press("A")
    driver.step(40)
    assert table.auto_seen is None
    assert table.game.moves_made > 0
    assert all(move.kind == "move" for move, *_ in table.game.history)


def test_sound_can_be_switched_off() -> None:
    driver = scenario.fresh_table()
    app = driver.app
    driver.press("S")
    assert not app.beeper.enabled
    driver.press("D")
    assert "deal" not in app.beeper.played


def test_closing_hands_the_game_in_progress_to_the_save_hook(tmp_path: Path) -> None:
    saved = []
    app = App(
        animate=False, on_save=saved.append, seed_source=lambda: 3, trace=tmp_path / "trace.txt"
    )
    app.start("spider", {}, 3)
    driver = Driver(app)
    driver.press("D")
    app.on_close()
    app.on_close()
    assert saved == [app.session]
    assert (tmp_path / "trace.txt").read_text() == "deal\n"


def test_menu_options_reach_the_game() -> None:
    driver = scenario.menu()
    app = driver.app
    menu = app.scene
    assert isinstance(menu, MenuScene)
    driver.press("DOWN", "RIGHT")  # Suits: 4 -> 2
    assert menu.values["spider"]["suits"] == 2
    driver.press("RETURN")
    assert app.session is not None and app.session.options["suits"] == 2
    suits = {card.suit for pile in app.session.game.position.piles for card in pile.cards}
    assert suits == {0, 1}
    assert "Suits 2" in app.session.label


def test_a_complete_suit_goes_home_by_keys_and_sounds_the_suit_tune() -> None:
    run = " ".join(f"{r}S" for r in "KQJT98765432A")
    driver = scenario.table_at(f"tableau:1 = 3h {run}\ntableau:2 = 5D\nstock = 2c")
    app = driver.app
    table = app.scene
    assert isinstance(table, TableScene)
    driver.press("RETURN")  # the whole run
    assert table.held is not None and table.held[1] == 13
    driver.press("UP")  # to the row above: stock and foundations
    driver.press("RIGHT")
    assert table.piles[table.cursor].kind == "foundation"
    driver.press("RETURN")
    assert len(table.piles[table.cursor].cards) == 13
    assert "suit" in app.beeper.played


def test_right_click_on_a_king_sends_its_complete_run_home() -> None:
    run = " ".join(f"{r}H" for r in "KQJT98765432A")
    driver = scenario.table_at(f"tableau:1 = 3h {run}\ntableau:2 = 5D\nstock = 2c")
    table = driver.app.scene
    assert isinstance(table, TableScene)
    pile = table.game.position.by_id["tableau:1"]
    offsets = table.geometry.offsets(pile)
    x, y = table.geometry.card_xy(pile, offsets, 1)
    driver.click(x + 20, y + 4, "MOUSE_BUTTON_RIGHT")
    assert [p.kind for p in table.piles if len(p.cards) == 13] == ["foundation"]


def test_the_menu_answers_the_mouse() -> None:
    driver = scenario.menu()
    app = driver.app
    menu = app.scene
    assert isinstance(menu, MenuScene)
    play_row = next(row for row, line in menu.rows.items() if menu.lines(app)[line][0] == "play")
    driver.click(100 * 8 // 2, play_row * 16 + 8)  # first click chooses the line
    assert menu.lines(app)[menu.focus][0] == "play"
    driver.click(100 * 8 // 2, play_row * 16 + 8)  # the second does it
    assert isinstance(app.scene, TableScene)


def test_play_with_an_unknown_game_says_so_before_any_window(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from retro.cli import main

    assert main(["play", "no_such_game"]) == 1
    assert "no_such_game" in capsys.readouterr().err
