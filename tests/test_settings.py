"""The settings file: kept between runs, written atomically, and read without ever stopping the
program (a damaged file set aside with one line, a wrong value ignored on its own)."""

from __future__ import annotations

import json
from pathlib import Path

from retro.store.settings import SETTINGS_KIND, Settings, settings_path


def test_no_file_gives_the_defaults() -> None:
    settings = Settings.load()
    assert settings == Settings()
    assert (
        settings.sound,
        settings.language,
        settings.scale,
        settings.fullscreen,
        settings.last_name,
    ) == (True, "", 0, False, "")
    assert settings.note == ""


def test_saved_settings_come_back(config_dir: Path) -> None:
    Settings(sound=False, language="de", scale=3, fullscreen=True, last_name="Anna").save()
    assert settings_path() == config_dir / "settings.json"
    loaded = Settings.load()
    assert loaded == Settings(
        sound=False, language="de", scale=3, fullscreen=True, last_name="Anna"
    )
    assert loaded.note == ""


def test_saving_keeps_the_previous_file_and_leaves_no_temporary(config_dir: Path) -> None:
    Settings(scale=2).save()
    Settings(scale=3).save()
    names = sorted(path.name for path in config_dir.iterdir())
    assert names == ["settings.json", "settings.json.bak"]
    assert json.loads((config_dir / "settings.json.bak").read_text())["scale"] == 2


def test_the_note_is_not_saved(config_dir: Path) -> None:
    Settings(note="something").save()
    assert "note" not in json.loads((config_dir / "settings.json").read_text())


def test_a_damaged_file_is_set_aside_with_one_line(config_dir: Path) -> None:
    config_dir.mkdir(parents=True)
    (config_dir / "settings.json").write_text("{not json", encoding="utf-8")
    settings = Settings.load()
    assert settings == Settings()
    assert "\n" not in settings.note and "settings.json" in settings.note
    assert "damaged" in settings.note
    assert not (config_dir / "settings.json").exists()
    kept = [path for path in config_dir.iterdir() if ".damaged-" in path.name]
    assert len(kept) == 1 and kept[0].read_text() == "{not json"


def test_a_foreign_json_file_is_set_aside(config_dir: Path) -> None:
    config_dir.mkdir(parents=True)
    (config_dir / "settings.json").write_text("[1, 2]", encoding="utf-8")
    assert "damaged" in Settings.load().note
    (config_dir / "settings.json").write_text('{"format": "something-else"}', encoding="utf-8")
    assert "damaged" in Settings.load().note


def test_wrong_values_are_ignored_one_by_one(config_dir: Path) -> None:
    config_dir.mkdir(parents=True)
    document = {
        "format": SETTINGS_KIND,
        "version": 1,
        "sound": "no",
        "language": "de",
        "scale": True,
        "fullscreen": 1,
        "last_name": "Bea",
        "unknown": 5,
    }
    (config_dir / "settings.json").write_text(json.dumps(document), encoding="utf-8")
    settings = Settings.load()
    assert settings == Settings(language="de", last_name="Bea")
    assert settings.note == ""
    assert (config_dir / "settings.json").exists()


def test_values_out_of_range_are_ignored(config_dir: Path) -> None:
    config_dir.mkdir(parents=True)
    document = {
        "format": SETTINGS_KIND,
        "version": 1,
        "scale": 99,
        "language": "../x",
        "last_name": "x" * 500,
        "sound": False,
    }
    (config_dir / "settings.json").write_text(json.dumps(document), encoding="utf-8")
    assert Settings.load() == Settings(sound=False)


def test_a_newer_file_is_read_for_what_this_version_knows(config_dir: Path) -> None:
    config_dir.mkdir(parents=True)
    document = {"format": SETTINGS_KIND, "version": 7, "scale": 2, "colour": "four"}
    (config_dir / "settings.json").write_text(json.dumps(document), encoding="utf-8")
    settings = Settings.load()
    assert settings == Settings(scale=2) and settings.note == ""


def test_the_player_games_folder_is_in_the_config_folder(config_dir: Path) -> None:
    from retro.paths import user_games_dir

    assert user_games_dir() == config_dir / "games"


def test_a_huge_or_strange_file_is_not_read(config_dir: Path) -> None:
    config_dir.mkdir(parents=True)
    (config_dir / "settings.json").write_text(" " * (1 << 20), encoding="utf-8")
    settings = Settings.load()
    assert settings == Settings() and "cannot be read" in settings.note
    (config_dir / "settings.json").unlink()
    (config_dir / "settings.json").mkdir()
    assert Settings.load() == Settings()
