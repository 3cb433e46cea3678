"""A fast start: the title screen's first frame imports only what it draws. The game loader
(YAML, the schema check, the rules and their plugins), the table, the solver and the duel come
with the first game (benchmarks/startup.py measures the time)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FIRST_FRAME = """
import sys, pyxel
_init = pyxel.init
def init(*args, **kwargs):
    kwargs["headless"] = True
    _init(*args, **kwargs)
def run(update, draw):
    update()
    draw()
    pyxel.flip()
    print(" ".join(sorted(sys.modules)))
    raise SystemExit(0)
pyxel.init, pyxel.run = init, run
from retro.cli import main
main(sys.argv[1:])
"""

LATER = ("retro.definition.loader", "jsonschema", "yaml", "retro.ui.table", "retro.solver",
         "retro.duel", "retro.ui.dialogs", "retro.ui.cardart", "retro.rules", "importlib.metadata")


def _first_frame(tmp_path: Path, *argv: str) -> set[str]:
    env = {**os.environ, "RETRO_PATIENCE_DATA": str(tmp_path), "SDL_VIDEODRIVER": "dummy"}
    result = subprocess.run([sys.executable, "-c", FIRST_FRAME, *argv], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return set(result.stdout.split())


def test_the_title_screen_leaves_the_game_machinery_for_later(tmp_path: Path) -> None:
    modules = _first_frame(tmp_path)
    assert "retro.ui.screens" in modules  # it did draw the title
    assert not [name for name in LATER if name in modules]


def test_a_game_named_on_the_command_line_brings_it(tmp_path: Path) -> None:
    modules = _first_frame(tmp_path, "spider", "--seed", "1")
    assert {"retro.definition.loader", "retro.ui.table", "yaml"} <= modules
