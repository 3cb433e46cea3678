"""Every test gets its own config folder (RETRO_PATIENCE_CONFIG): settings and the player's own
game files live there, and a test must never read or write the player's."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "config"
    monkeypatch.setenv("RETRO_PATIENCE_CONFIG", str(folder))
    return folder
