"""The game author's tools: the player's own games folder, --games-dir, rule plugins through
entry points, the rules listing, the schema header on every bundled file."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from tests.test_broken_games import GOOD

ROOT = Path(__file__).resolve().parent.parent


def _run(
    *args: str, env: dict[str, str] | None = None, stdin: str = ""
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "retro", *args],
        capture_output=True,
        text=True,
        input=stdin,
        env={**os.environ, **(env or {})},
        timeout=120,
    )


def test_every_bundled_game_names_the_schema_on_its_first_line() -> None:
    for path in sorted((ROOT / "games").glob("*.yaml")):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first == "# yaml-language-server: $schema=../retro/definition/game.schema.json", path


def test_games_in_the_players_config_folder_join_the_bundled_ones(tmp_path: Path) -> None:
    folder = tmp_path / "config" / "retro-patience" / "games"
    folder.mkdir(parents=True)
    (folder / "mini.yaml").write_text(GOOD, encoding="utf-8")
    result = _run("list", env={"XDG_CONFIG_HOME": str(tmp_path / "config")})
    assert result.returncode == 0, result.stderr
    ids = [line.split()[0] for line in result.stdout.splitlines() if line.startswith("  ")]
    assert "mini" in ids and "spider" in ids


def test_games_dir_adds_a_folder_and_its_games_play(tmp_path: Path) -> None:
    (tmp_path / "mini.yaml").write_text(GOOD, encoding="utf-8")
    result = _run("--games-dir", str(tmp_path), "console", "mini", "--json", stdin="moves\n")
    assert result.returncode == 0, result.stderr
    assert '"moves"' in result.stdout


def test_a_plugin_package_adds_rules_that_game_files_name(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "extra_rules.py").write_text(
        textwrap.dedent("""
        from retro.engine.bound import Accept
        from retro.rules import rule

        @rule("only_sevens", "accept", "Only a seven may be put here.")
        def only_sevens() -> Accept:
            def test(position, src, count, dst):
                return src.cards[-count].rank == 7
            def why(position, src, count, dst):
                return "Only a seven goes here"
            return Accept(test, why)
    """),
        encoding="utf-8",
    )
    info = site / "extra_rules-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: extra-rules\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        "[retro_patience.rules]\nsevens = extra_rules\n", encoding="utf-8"
    )
    games = tmp_path / "games"
    games.mkdir()
    (games / "mini.yaml").write_text(
        GOOD.replace("accept: {any: [empty, rank_below]}", "accept: only_sevens"), encoding="utf-8"
    )
    env = {"PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}
    result = _run("validate", str(games / "mini.yaml"), env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    listing = _run("rules", env=env)
    assert "only_sevens" in listing.stdout
    without = _run("validate", str(games / "mini.yaml"))
    assert without.returncode == 1 and "unknown accept rule 'only_sevens'" in without.stdout


def test_a_broken_plugin_is_reported_in_one_line_and_skipped(tmp_path: Path) -> None:
    site = tmp_path / "site"
    info = site / "broken-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: broken\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        "[retro_patience.rules]\nbad = no_such_module\n", encoding="utf-8"
    )
    result = _run("list", env={"PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])})
    assert result.returncode == 0
    assert "rule plugin 'bad' (no_such_module) was skipped" in result.stderr
    assert "Traceback" not in result.stderr


def test_rules_lists_every_rule_with_parameters_and_description() -> None:
    from retro.rules import all_rules

    result = _run("rules")
    assert result.returncode == 0
    for spec in all_rules():
        assert spec.name in result.stdout
        assert spec.description in result.stdout


def test_list_lines_shows_each_files_length() -> None:
    result = _run("list", "--lines")
    assert result.returncode == 0
    games = [line for line in result.stdout.splitlines() if line.startswith("  ")]
    assert len(games) >= 51
    assert all(line.rstrip().endswith("lines)") for line in games)


def test_the_pile_kinds_a_file_may_name_are_the_engines_and_read_as_words() -> None:
    import json

    from retro.definition.catalog import Catalog
    from retro.definition.schema import SCHEMA_PATH
    from retro.engine.gamedef import PileKind

    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    kinds = schema["$defs"]["group"]["properties"]["kind"]["anyOf"][1]["enum"]
    assert kinds == [kind.value for kind in PileKind]
    gdef = Catalog([ROOT / "games"]).load("klondike")
    stock = gdef.group("stock")
    assert stock.kind is PileKind.STOCK and f"{stock.kind}" == "stock"
