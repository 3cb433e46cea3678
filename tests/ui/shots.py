"""Save every screen of the window to shots/ (git-ignored) to look at:
python tests/ui/shots.py [SCALE] [NAME...]

`python tests/ui/shots.py docs` writes the README's pictures to docs/screenshots/ instead (twice
the size). Each screen gets a fresh data folder (RETRO_PATIENCE_DATA), as in the tests, so the
records and the save of one never show in another, and the player's own are never touched."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))

import scenario  # noqa: E402

DOCS = {
    "title": "title",
    "menu": "menu_all",
    "spider": "table_mid",
    "seven_to_ace": "seven_to_ace",
    "high_scores": "high_scores",
    "resume": "resume",
    "duel_result": "duel_result",
    "instructions_en": "instructions",
    "instructions_de": "instructions_de",
    "four_colours": "four_colours",
}


def shoot(name: str, path: Path, scale: int) -> None:
    os.environ["RETRO_PATIENCE_DATA"] = tempfile.mkdtemp(prefix="retro-shots-")
    os.environ["RETRO_PATIENCE_CONFIG"] = tempfile.mkdtemp(prefix="retro-shots-config-")
    driver = scenario.SCREENS[name]()
    driver.redraw()
    driver.save(path, scale)
    print(path)


def main() -> None:
    args = sys.argv[1:]
    if args == ["docs"]:
        for picture, name in DOCS.items():
            shoot(name, ROOT / "docs" / "screenshots" / f"{picture}.png", 2)
        return
    scale = int(args.pop(0)) if args and args[0].isdigit() else 1
    for name in scenario.SCREENS:
        if not args or name in args:
            shoot(name, ROOT / "shots" / f"{name}.png", scale)


if __name__ == "__main__":
    main()
