"""A fast start: the title screen's first frame imports only what it draws. The game engine, the
game loader (YAML, the schema check, the rules and their plugins), the table, the solver and
the duel come with the first game, and a game named on the command line is loaded once
(benchmarks/startup.py measures the time). Structural checks, never timings."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FIRST_FRAME = """
import sys, pyxel
from retro.definition.catalog import Catalog
loads = []
_load = Catalog.load
def load(self, game_id, options=None):
    loads.append(game_id)
    return _load(self, game_id, options)
Catalog.load = load
_init = pyxel.init
def init(*args, **kwargs):
    kwargs["headless"] = True
    _init(*args, **kwargs)
def run(update, draw):
    update()
    draw()
    pyxel.flip()
    print("modules:", *sorted(sys.modules))
    print("loads:", *loads)
    raise SystemExit(0)
pyxel.init, pyxel.run = init, run
from retro.cli import main
main(sys.argv[1:])
"""

LATER = (
    "retro.engine",
    "retro.engine.game",
    "retro.engine.position",
    "retro.definition.loader",
    "jsonschema",
    "yaml",
    "retro.ui.table.scene",
    "retro.solver",
    "retro.duel",
    "retro.ui.scenes.dialogs",
    "retro.ui.scenes.menu",
    "retro.ui.drawing.cardart",
    "retro.rules",
    "importlib.metadata",
    "subprocess",
    "secrets",
)


def _first_frame(tmp_path: Path, *argv: str) -> tuple[set[str], list[str]]:
    """The modules imported when the first frame has been drawn, and the games loaded."""
    env = {**os.environ, "RETRO_PATIENCE_DATA": str(tmp_path), "SDL_VIDEODRIVER": "dummy"}
    result = subprocess.run(
        [sys.executable, "-c", FIRST_FRAME, *argv],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    lines = {line.split(":")[0]: line.split()[1:] for line in result.stdout.splitlines()}
    return set(lines["modules"]), lines["loads"]


def test_the_title_screen_leaves_the_game_machinery_for_later(tmp_path: Path) -> None:
    modules, loads = _first_frame(tmp_path)
    assert "retro.ui.scenes.title" in modules  # it did draw the title
    assert [name for name in LATER if name in modules] == []
    assert loads == []


def test_a_game_named_on_the_command_line_is_loaded_once(tmp_path: Path) -> None:
    modules, loads = _first_frame(tmp_path, "spider", "--seed", "1")
    assert {
        "retro.engine.game",
        "retro.definition.loader",
        "retro.ui.table.scene",
        "yaml",
    } <= modules
    assert loads == ["spider"]


def test_without_a_deal_number_too(tmp_path: Path) -> None:
    modules, loads = _first_frame(tmp_path, "freecell")
    assert "retro.ui.table.scene" in modules
    assert loads == ["freecell"]
