"""UI tests share one headless pyxel (pyxel.init works once per process and pyxel.quit ends
it). It starts only when a test asks for `window`, so the rest of the suite never touches pyxel;
`init_window` puts back the working directory that pyxel.init changes.

Every test gets its own data folder (RETRO_PATIENCE_DATA): the App saves the game in progress
and the records there, and a test must never touch the player's own."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def window() -> None:
    from retro.ui.driver import headless

    headless()


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("RETRO_PATIENCE_DATA", str(folder))
    return folder
