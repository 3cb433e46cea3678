"""The compiled build (README, "A faster solver") searches exactly as the pure one: the same
nodes, verdicts, moves and hints on the same node budgets. It runs where the `retro` imported is
the compiled one (.ci/run builds it into a virtual environment of its own) and is skipped with
the reason elsewhere; with RETRO_PATIENCE_COMPILE=1 set it fails instead of skipping."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from retro import compiled

TESTS = Path(__file__).resolve().parent
# (game, options, deal, node budget): won, lost and unknown verdicts, one and many suits.
SEARCHES = (
    ("freecell", {}, 1, 20_000),
    ("freecell", {}, 2, 20_000),
    ("spider", {"suits": "1"}, 1, 6_000),
    ("spider", {"suits": "1"}, 2, 60_000),  # won by a beam member (`phases`)
    ("klondike", {}, 3, 6_000),
    ("golf", {}, 1, 6_000),
    ("black_hole", {}, 2, 6_000),
)
# Imported first by the pure run: `retro.*` modules from their .py files, never the compiled ones.
_PURE = """
import importlib.abc, importlib.util, sys
from pathlib import Path

class Pure(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if not name.startswith("retro.") or path is None:
            return None
        for folder in path:
            source = Path(folder, name.rpartition(".")[2] + ".py")
            if source.is_file():
                return importlib.util.spec_from_file_location(name, source)
        return None

sys.meta_path.insert(0, Pure())
"""


def searches() -> dict[str, Any]:
    """Every search and each opening's ranked hints, as text, with the search module's file."""
    from retro.definition.catalog import Catalog
    from retro.engine.game import Game
    from retro.engine.notation import format_move
    from retro.solver import search
    from retro.solver.hints import hints

    catalog = Catalog()
    found: dict[str, Any] = {"module": search.__file__}
    for game_id, options, seed, nodes in SEARCHES:
        game = Game(catalog.load(game_id, options), seed)
        start = game.position
        result = search.solve(game, search.Budget(nodes=nodes, seconds=600.0))
        found[f"{game_id} {options} {seed}"] = {
            "result": str(result.result),
            "nodes": result.nodes,
            "moves": [format_move(start, move) for move in result.moves],
            "best": [format_move(start, move) for move in result.best],
            "hints": [(format_move(start, hint.move), hint.value) for hint in hints(game)],
        }
    return found


@pytest.fixture(scope="module")
def compiled_build() -> None:
    if not compiled():
        if os.environ.get("RETRO_PATIENCE_COMPILE", "").strip() == "1":
            pytest.fail("RETRO_PATIENCE_COMPILE=1, yet the retro imported is not compiled")
        pytest.skip("the compiled build is not installed (RETRO_PATIENCE_COMPILE=1 pip install .)")


def test_compiled_search_finds_the_same_nodes_verdicts_and_moves_as_pure_python(
    compiled_build: None, tmp_path: Path
) -> None:
    run = (
        f"{_PURE}\nimport json; sys.path.insert(0, {str(TESTS)!r})\n"
        "import test_compiled; print(json.dumps(test_compiled.searches()))"
    )
    pure = subprocess.run(
        [sys.executable, "-P", "-c", run],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
        preexec_fn=_memory_bounded,
    )
    expected = json.loads(pure.stdout)
    found = json.loads(json.dumps(searches()))
    assert expected.pop("module").endswith(".py")
    assert not found.pop("module").endswith(".py")
    assert found == expected
    assert {answer["result"] for answer in found.values()} >= {"won", "unknown"}


def _memory_bounded() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def test_the_version_says_the_build_is_compiled(
    compiled_build: None, capsys: pytest.CaptureFixture[str]
) -> None:
    from retro import __version__
    from retro.cli import main

    with pytest.raises(SystemExit):
        main(["--version"])
    assert capsys.readouterr().out == f"retro-patience {__version__} (compiled)\n"
