"""The window on every screen: its size (the largest whole scale that fits, F8 and the menu's
Window line), fullscreen (F11, Alt+Enter, remembered), F12 quitting from every screen, and
Alt+Enter never acting as Enter."""

from __future__ import annotations

import pytest
import scenario

from retro.store.settings import Settings
from retro.ui import keymap
from retro.ui.driver import Driver
from retro.ui.scenes.menu import MenuScene
from retro.ui.window import largest_scale, next_scale

pytestmark = pytest.mark.usefixtures("window")


def test_the_largest_whole_scale_that_fits_the_display() -> None:
    assert largest_scale((1280, 1024)) == 2  # the play-tester's screen opened at 1x
    assert largest_scale((1920, 1040)) == 2
    assert largest_scale((2560, 1400)) == 3
    assert largest_scale((3840, 2100)) == 5
    assert largest_scale((800, 600)) == 1
    assert largest_scale((600, 300)) == 1  # smaller than the screen: still 1x
    assert largest_scale(None) == 0


def test_the_next_scale_goes_round() -> None:
    assert [next_scale(s, 3) for s in (1, 2, 3)] == [2, 3, 1]
    assert next_scale(1, 0) == 2


def test_window_keys_have_one_meaning_on_every_screen() -> None:
    window_keys = {key for b in keymap.bindings("window") for key in b.keys}
    assert "F12" in window_keys and "F11" in window_keys
    for binding in keymap.KEYMAP:
        if binding.context != "window":
            assert not window_keys & set(binding.keys), binding


def _quits(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> bool:
    calls: list[str] = []
    monkeypatch.setattr(driver.app, "quit", lambda: calls.append("quit"))
    driver.press("F12")
    return calls == ["quit"]


@pytest.mark.parametrize(
    "screen", ["title", "menu", "fresh_table", "lifted", "instructions", "high_scores", "confirm"]
)
def test_f12_quits_from_every_screen(screen: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _quits(scenario.SCREENS.get(screen, getattr(scenario, screen))(), monkeypatch)


def _alt(driver: Driver, held: bool) -> None:
    pyxel = driver.pyxel
    pyxel.set_btn(pyxel.KEY_ALT, held)
    pyxel.set_btn(pyxel.KEY_LALT, held)


def test_alt_enter_is_not_enter() -> None:
    driver = scenario.fresh_table()
    table = scenario_table(driver)
    _alt(driver, True)
    driver.press("RETURN")
    _alt(driver, False)
    driver.step()
    # going fullscreen hands the still-held Enter back as a new press
    driver.press("RETURN")
    assert table.held is None and not table.game.history
    driver.step(keymap.ALT_ENTER_GRACE)
    driver.press("RETURN")  # a while later, Enter is Enter again
    assert table.held is not None


def scenario_table(driver: Driver):  # type: ignore[no-untyped-def]
    from retro.ui.table.scene import TableScene

    table = driver.app.scene
    assert isinstance(table, TableScene)
    return table


def test_f8_makes_the_window_bigger_and_it_is_remembered() -> None:
    driver = scenario.fresh_table()
    window = driver.app.window
    window.largest = 3
    window.scale = 2
    driver.press("F8")
    assert window.scale == 3 and Settings.load().scale == 3
    driver.press("F8")
    assert window.scale == 1 and Settings.load().scale == 1


def test_f11_switches_fullscreen_and_it_is_remembered() -> None:
    driver = scenario.menu()
    driver.press("F11")
    assert driver.app.window.fullscreen and Settings.load().fullscreen
    driver.press("F11")
    assert not driver.app.window.fullscreen and not Settings.load().fullscreen


def test_the_menus_window_line_changes_size_and_fullscreen() -> None:
    driver = scenario.menu()
    app = driver.app
    app.window.largest, app.window.scale = 2, 1
    menu = app.scene
    assert isinstance(menu, MenuScene)
    while menu.lines(app)[menu.focus][0] != "window":
        driver.press("DOWN")
    driver.press("RIGHT")
    assert app.window.scale == 2 and not app.window.fullscreen
    driver.press("RIGHT")
    assert app.window.fullscreen and Settings.load().fullscreen
    driver.press("RIGHT")
    assert app.window.scale == 1 and not app.window.fullscreen
    assert Settings.load().scale == 1 and not Settings.load().fullscreen


def test_f11_without_a_window_manager_covers_the_display_by_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On an X server with no window manager (a bare Xvfb), SDL's fullscreen left the window
    its old size and drew the display's screen inside it: F11 there makes the window the
    display's size itself, stays so (SDL's fullscreen flag is not set, and not read), and F11
    again gives the window back its size."""
    import pyxel

    from retro.ui import window as windows

    calls: list[object] = []
    monkeypatch.setattr(windows, "window_manager_missing", lambda: True)
    monkeypatch.setattr(
        windows, "cover_display", lambda on, scale: calls.append((on, scale)) or True
    )
    monkeypatch.setattr(windows, "is_fullscreen", lambda: False)
    monkeypatch.setattr(pyxel, "fullscreen", lambda on: calls.append(("sdl", on)))
    driver = scenario.fresh_table()
    driver.app.window = windows.Window(2, False, 2, live=True)
    driver.press("F11")
    driver.step(2 * windows.SYNC_EVERY)
    assert calls == [(True, 2)] and driver.app.window.fullscreen
    driver.press("F11")
    assert calls == [(True, 2), (False, 2)] and not driver.app.window.fullscreen
