"""docs/plugins.md stays true: its module and game, installed as the page says (an entry point
in `retro_patience.rules`), validate and play, with the rules' own reasons."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")


def _block(language: str) -> str:
    found = re.search(rf"```{language}\n(.*?)```", DOC, flags=re.S)
    assert found is not None
    return found.group(1)


def _installed(tmp_path: Path) -> dict[str, str]:
    """The page's module and entry point, laid out as pip installs them."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "sevens_rules.py").write_text(_block("python"), encoding="utf-8")
    info = site / "sevens_rules-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: sevens-rules\nVersion: 1.0\n", encoding="utf-8"
    )
    toml = _block("toml")
    assert '[project.entry-points."retro_patience.rules"]\nsevens = "sevens_rules"' in toml
    (info / "entry_points.txt").write_text(
        "[retro_patience.rules]\nsevens = sevens_rules\n", encoding="utf-8"
    )
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}


def _run(env: dict[str, str], *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "retro", *args],
        capture_output=True,
        text=True,
        input=stdin,
        env=env,
        timeout=120,
    )


def test_the_plugin_of_the_page_validates_lists_and_plays(tmp_path: Path) -> None:
    env = _installed(tmp_path)
    games = tmp_path / "games"
    games.mkdir()
    (games / "sevens.yaml").write_text(_block("yaml"), encoding="utf-8")
    checked = _run(env, "validate", str(games / "sevens.yaml"))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    listing = _run(env, "rules").stdout
    assert "only_rank" in listing and "kings_first" in listing
    played = _run(
        env, "--games-dir", str(games), "console", "sevens", "--json", stdin="state\nt1>t2\n"
    )
    assert played.returncode == 0, played.stderr
    answers = [json.loads(line) for line in played.stdout.splitlines() if line.startswith("{")]
    assert sorted(answers[0]["piles"][f"tableau:{i}"][0] for i in range(1, 5)) == [
        "KC",
        "KD",
        "KH",
        "KS",
    ]
    assert len(answers[0]["piles"]["stock"]) == 48
    assert "Only a 7 goes on tableau:2" in json.dumps(answers[1])


def test_a_misspelt_group_parameter_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    env = _installed(tmp_path)
    game = tmp_path / "sevens.yaml"
    game.write_text(_block("yaml").replace("spare: stock", "spare: stok"), encoding="utf-8")
    checked = _run(env, "validate", str(game))
    assert checked.returncode == 1
    assert "no pile group named 'stok'" in checked.stdout
    assert "Traceback" not in checked.stdout + checked.stderr


def test_a_plugin_that_fails_after_registering_is_skipped_whole(tmp_path: Path) -> None:
    env = _installed(tmp_path)
    module = tmp_path / "site" / "sevens_rules.py"
    module.write_text(
        module.read_text(encoding="utf-8") + "\nraise RuntimeError('late')\n", encoding="utf-8"
    )
    listing = _run(env, "rules")
    assert "rule plugin 'sevens' (sevens_rules) was skipped: RuntimeError: late" in (listing.stderr)
    assert "only_rank(" not in listing.stdout and "kings_first" not in listing.stdout
