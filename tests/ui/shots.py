"""Save every screen of the window to shots/ (git-ignored) to look at:
python tests/ui/shots.py [SCALE] [NAME...]

Each screen gets a fresh data folder (RETRO_PATIENCE_DATA), as in the tests, so the records and
the save of one never show in another, and the player's own are never touched."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))

import scenario  # noqa: E402


def main() -> None:
    out = ROOT / "shots"
    args = sys.argv[1:]
    scale = int(args.pop(0)) if args and args[0].isdigit() else 1
    for name, build in scenario.SCREENS.items():
        if args and name not in args:
            continue
        os.environ["RETRO_PATIENCE_DATA"] = tempfile.mkdtemp(prefix="retro-shots-")
        driver = build()
        driver.redraw()
        driver.save(out / f"{name}.png", scale)
        print(out / f"{name}.png")


if __name__ == "__main__":
    main()
