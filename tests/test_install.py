"""`pip install .` (not only an editable install) gives a working program: games and assets
travel inside the package."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_an_installed_copy_finds_its_games_and_assets(tmp_path: Path) -> None:
    target = tmp_path / "site"
    source = tmp_path / "source"  # a copy, so the build never touches the checkout
    shutil.copytree(
        ROOT,
        source,
        ignore=shutil.ignore_patterns(
            ".venv*",  # .venv-compiled too
            ".git",
            "build",
            "*.egg-info",
            "__pycache__",
            ".*_cache",
            "shots",
            ".hypothesis",
        ),
    )
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--target",
            str(target),
            str(source),
        ],
        check=True,
        timeout=300,
        capture_output=True,
        env=_without_a_compiler(),
    )
    package = target / "retro"
    from retro import __version__

    info = target / f"retro_patience-{__version__}.dist-info"
    assert (info / "licenses" / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    metadata = (info / "METADATA").read_text(encoding="utf-8")
    assert "License-Expression: MIT" in metadata and f"Version: {__version__}" in metadata
    assert "Project-URL: Homepage, https://" in metadata
    assert (package / "_bundled" / "games" / "spider.yaml").is_file()
    assert (package / "_bundled" / "assets" / "fonts" / "retro8x16.bdf").is_file()
    assert (package / "_bundled" / "assets" / "instructions" / "de" / "spider.anl").is_file()
    assert (package / "_bundled" / "assets" / "locale" / "de.po").is_file()  # the window's German
    assert (package / "definition" / "game.schema.json").is_file()
    assert not list(target.rglob("*.so")) and not list(target.rglob("*.pyd"))  # pure Python
    env = {**os.environ, "PYTHONPATH": str(target)}
    result = subprocess.run(
        [sys.executable, "-m", "retro", "console", "spider", "--seed", "1", "--json"],
        input="state\nmoves\nquit\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    state, moves, bye = (json.loads(line) for line in result.stdout.splitlines())
    assert set(state) >= {
        "game",
        "seed",
        "options",
        "piles",
        "score",
        "moves_made",
        "cheat",
        "outcome",
    }
    assert state["piles"]["tableau:1"][-1] == "2H"
    assert moves["moves"] and bye == {"bye": True}
    where = subprocess.run(
        [sys.executable, "-c", "import retro; print(retro.__file__)"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=60,
    )
    assert where.stdout.strip().startswith(str(target))


def test_every_package_of_the_program_is_installed() -> None:
    import tomllib

    listed = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "setuptools"
    ]["packages"]
    found = {
        ".".join(path.parent.relative_to(ROOT).parts)
        for path in (ROOT / "retro").rglob("__init__.py")
        if "_bundled" not in path.parts
    }
    assert found - set(listed) == set()


def _without_a_compiler() -> dict[str, str]:
    """The build's environment with no C compiler to find and the compiled build not asked for:
    the pure install must need neither."""
    env = {name: value for name, value in os.environ.items() if name != "RETRO_PATIENCE_COMPILE"}
    return {**env, "CC": "no-such-compiler", "CXX": "no-such-compiler"}
