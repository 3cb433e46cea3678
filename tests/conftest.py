"""Every test gets its own config folder: settings and the player's own game files live there,
and a test must never read or write the player's. XDG_CONFIG_HOME is where the platform's
config folder is on Linux (platformdirs), so a test that starts the program with a folder of
its own sets it again for that program."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("RETRO_PATIENCE_CONFIG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    from retro.paths import config_dir as folder

    return folder()


@pytest.fixture(autouse=True)
def english_rules() -> Iterator[None]:
    """The rules speak English after every test: a test that opens the window in German
    leaves no German refusal for the next one (the window sets the rules' language for the
    whole process)."""
    yield
    from retro.i18n import set_language

    set_language("en")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests that start the window (every legal move of every game made by keys among them)
    take most of the suite's time: they are marked `slow`, so `pytest -m "not slow"` is a quick
    run of the rest. CI runs them all."""
    for item in items:
        if "window" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)
