"""Save every screen of the window to shots/ (git-ignored) to look at: python tests/ui/shots.py"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))

import scenario  # noqa: E402


def main() -> None:
    out = ROOT / "shots"
    scale = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    for name, build in scenario.SCREENS.items():
        driver = build()
        driver.redraw()
        driver.save(out / f"{name}.png", scale)
        print(out / f"{name}.png")


if __name__ == "__main__":
    main()
