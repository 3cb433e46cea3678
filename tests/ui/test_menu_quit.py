"""Quit in the menu asks first: Up from the first line wraps to Quit, and a slip of Enter there
must not close the window as a crash would."""

from __future__ import annotations

import pytest
import scenario

from retro.ui.driver import Driver
from retro.ui.scenes.dialogs import ConfirmScene
from retro.ui.scenes.menu import MenuScene

pytestmark = pytest.mark.usefixtures("window")


def _quit_asked(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []
    monkeypatch.setattr(driver.app, "quit", lambda: calls.append("quit"))
    driver.press("UP", "RETURN")  # from the first line, Up wraps round to Quit
    return calls


@pytest.mark.parametrize("lang", ["en", "de"])
def test_enter_on_quit_asks_and_no_keeps_the_menu(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    driver = scenario.menu(lang)
    calls = _quit_asked(driver, monkeypatch)
    assert not calls and isinstance(driver.app.scene, ConfirmScene)
    driver.press("N")
    assert not calls and isinstance(driver.app.scene, MenuScene)


def test_yes_quits(monkeypatch: pytest.MonkeyPatch) -> None:
    driver = scenario.menu("en")
    calls = _quit_asked(driver, monkeypatch)
    driver.press("Y")
    assert calls == ["quit"]


def test_the_question_says_the_game_in_progress_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    driver = scenario.confirm()  # a move made, and N asking whether to abandon the game
    driver.press("ESCAPE", "ESCAPE")  # No; then the menu
    assert isinstance(driver.app.scene, MenuScene)
    _quit_asked(driver, monkeypatch)
    scene = driver.app.scene
    assert isinstance(scene, ConfirmScene) and "kept" in " ".join(scene.lines)
