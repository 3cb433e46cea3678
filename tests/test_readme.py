"""The README stays true: its two set-up commands, its keys table (the keymap's), its games."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from retro.definition.catalog import Catalog
from retro.ui.keymap import markdown

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
HOME = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"][
    "Homepage"
]
RAW = HOME.replace("https://github.com/", "https://raw.githubusercontent.com/") + "/main/"
BLOB = HOME + "/blob/main/"
LINK = re.compile(r"\]\(([^)]+)\)")


def test_the_keys_table_is_the_keymaps() -> None:
    table = markdown().split("## At the table", 1)[1].split("\n## ", 1)[0].strip()
    assert table in README


def test_every_bundled_game_is_named() -> None:
    text = " ".join(README.split())  # a title may run over the end of a line
    catalog = Catalog()
    for game_id in catalog.ids():
        title = catalog.info(game_id).title
        assert title in text or title.split(" (")[0] in text, title


def test_the_two_commands_come_first_and_ci_runs_the_test_one() -> None:
    blocks = [part.split("```", 1)[0].strip() for part in README.split("```sh\n")[1:3]]
    assert blocks[0].endswith("retro-patience") and "pip install ." in blocks[0]
    assert blocks[1].endswith("python -m pytest")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    install, tests = blocks[1].rsplit(" && ", 1)
    assert install in ci and tests in ci


def test_ci_and_the_commit_hook_run_the_checkers_the_readme_names_before_the_tests() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    hooks = (ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8")
    tests = ci.index(".venv/bin/python -m pytest")
    for checker in ("ruff check", "ruff format --check", "mypy --strict"):
        assert f"`{checker}`" in README, checker
        assert ci.index(f".venv/bin/{checker}") < tests, checker
        assert f"entry: {checker}" in hooks, checker


def test_the_screenshots_it_shows_exist() -> None:
    for line in README.splitlines():
        if line.startswith("!["):
            url = line.split("(", 1)[1].rstrip(")")
            assert url.startswith(RAW), line  # a package index shows only absolute images
            assert (ROOT / url.removeprefix(RAW)).is_file(), line


def test_every_link_is_absolute_and_its_file_exists() -> None:
    links = LINK.findall(README)
    assert links
    for url in links:
        assert url.startswith("https://"), url
        if url.startswith((RAW, BLOB)):
            assert (ROOT / url.removeprefix(RAW).removeprefix(BLOB)).is_file(), url
