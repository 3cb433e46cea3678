"""Families: every game names the one it is listed under; `list` groups by them; a file
without one is an author's file that still loads, listed under other games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from retro.cli import main
from retro.definition.catalog import Catalog
from retro.definition.families import BY_ID, FAMILIES
from retro.errors import DefinitionError
from retro.paths import games_dir
from tests.test_broken_games import GOOD

LONG_ID = "a_game_with_a_very_long_identifier_indeed"


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "mini.yaml").write_text(GOOD, encoding="utf-8")  # names no family
    long_game = GOOD.replace("id: mini", f"id: {LONG_ID}") + "family: golf\n"
    (folder / f"{LONG_ID}.yaml").write_text(long_game, encoding="utf-8")
    return folder


def test_every_bundled_game_names_a_known_family() -> None:
    catalog = Catalog([games_dir()])
    for game_id in catalog.ids():
        text = (games_dir() / f"{game_id}.yaml").read_text(encoding="utf-8")
        assert "\nfamily: " in text, game_id
        assert catalog.info(game_id).family in BY_ID, game_id
    families = {catalog.info(game_id).family for game_id in catalog.ids()}
    assert {"klondike", "freecell", "spider", "golf", "pairing", "gaps"} <= families


def test_a_file_without_a_family_loads_and_is_listed_under_other(tmp_path: Path) -> None:
    catalog = Catalog([_folder(tmp_path)])
    assert catalog.info("mini").family == "other"
    assert catalog.load("mini").id == "mini"


def test_a_variant_takes_its_parents_family(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "my_spider.yaml").write_text("id: my_spider\nextends: spider\n", encoding="utf-8")
    assert Catalog([folder]).info("my_spider").family == "spider"


def test_an_unknown_family_is_an_error_naming_the_families(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    (folder / "mini.yaml").write_text(GOOD + "family: solitaire\n", encoding="utf-8")
    catalog = Catalog([folder])
    with pytest.raises(DefinitionError) as info_error:
        catalog.info("mini")
    assert "'family' must be one of klondike, freecell" in str(info_error.value)
    with pytest.raises(DefinitionError) as load_error:
        catalog.load("mini")
    assert "mini.yaml:" in str(load_error.value) and "family" in str(load_error.value)


def test_validate_passes_a_file_without_a_family_and_says_how_to_place_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _folder(tmp_path)
    assert main(["validate", str(folder / "mini.yaml"), str(folder / f"{LONG_ID}.yaml")]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == [f"{folder / 'mini.yaml'}: ok", f"{folder / f'{LONG_ID}.yaml'}: ok"]
    assert err.startswith(f"{folder / 'mini.yaml'}: no family, so listed under other games")
    assert "'family: NAME'" in err and "klondike" in err and err.count("\n") == 1


def test_list_puts_each_family_under_its_heading_games_sorted_columns_in_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--games-dir", str(_folder(tmp_path)), "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    headings = [line for line in lines if line and not line.startswith(" ")]
    names = [family.name for family in FAMILIES]
    assert headings == [name for name in names if name in headings]  # in the families' order
    assert headings[0] == "Klondike" and headings[-1] == "Other games"
    games = [line for line in lines if line.startswith("  ")]
    assert len(games) == len(lines) - len(headings) - (len(headings) - 1)  # a blank between
    # ids, titles and descriptions start in the same columns, the long id's too
    width = len(LONG_ID)
    for line in games:
        game_id, title = line[: 2 + width], line[2 + width + 2 :]
        assert game_id.strip() == line.split()[0] and title[:1] not in ("", " "), line
    golf = lines[lines.index("Golf") + 1 : lines.index("Pairing")]
    ids = [line.split()[0] for line in golf if line]
    assert ids == sorted(ids) and LONG_ID in ids and "tri_peaks" in ids
    other = lines[lines.index("Other games") + 1 :]
    assert "mini" in [line.split()[0] for line in other]


def test_list_json_gives_each_game_with_its_family_in_the_same_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--games-dir", str(_folder(tmp_path)), "list", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    by_id = {row["id"]: row for row in rows}
    assert by_id["klondike"]["family"] == "klondike" and by_id["klondike"]["title"] == "Klondike"
    assert by_id["mini"]["family"] == "other" and by_id[LONG_ID]["family"] == "golf"
    order = [family.id for family in FAMILIES]
    ranks = [order.index(row["family"]) for row in rows]
    assert ranks == sorted(ranks) and rows[0]["family"] == "klondike"
