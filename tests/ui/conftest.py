"""UI tests share one headless pyxel (pyxel.init works once per process and pyxel.quit ends
it). It starts only when a test asks for `window`, so the rest of the suite never touches pyxel;
`init_window` puts back the working directory that pyxel.init changes."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def window() -> None:
    from retro.ui.driver import headless

    headless()
