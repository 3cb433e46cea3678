"""The window keeps the player's settings between runs: sound, the name last typed, and a
damaged settings file told in one line instead of a stop."""

from __future__ import annotations

from pathlib import Path

import pytest
import scenario

from retro.store.settings import Settings

pytestmark = pytest.mark.usefixtures("window")


def test_sound_switched_off_at_the_table_stays_off_next_time() -> None:
    driver = scenario.fresh_table()
    assert driver.app.beeper.enabled
    driver.press("S")
    assert Settings.load().sound is False
    assert scenario.new_app().beeper.enabled is False
    driver.press("S")
    assert Settings.load().sound is True


def test_sound_switched_in_the_menu_is_remembered() -> None:
    driver = scenario.menu()
    driver.press("F4")
    assert Settings.load().sound is False


def test_the_name_typed_for_the_high_scores_is_offered_next_run() -> None:
    scenario.won()
    assert Settings.load().last_name == "Anna"
    assert scenario.new_app().keeper.last_name == "Anna"


def test_a_damaged_settings_file_is_one_line_on_the_title(config_dir: Path) -> None:
    config_dir.mkdir(parents=True)
    (config_dir / "settings.json").write_text("\x00\x01garbage", encoding="utf-8")
    driver = scenario.title()
    assert "settings.json" in driver.app.note and "\n" not in driver.app.note
    assert driver.app.beeper.enabled


def test_the_language_remembered_is_the_window_language() -> None:
    Settings(language="de").save()
    assert scenario.new_app().lang == "de"
