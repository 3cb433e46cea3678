"""Every kind of mistake in a game file gives one clear line naming file:line:column; never a
traceback, and nothing in the file is ever run as code."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from retro.definition.loader import load_game_file
from retro.errors import DefinitionError

GOOD = """\
id: mini
title: Mini
deck: {decks: 1}
options:
  relaxed: {values: [0, 1, 2], default: 0}
piles:
  stock:
    kind: stock
    action: {deal_row: {to: tableau, allowed: {spider_deal_allowed: {relaxed: $relaxed}}}}
  tableau:
    kind: tableau
    count: 4
    fan: down
    pick: same_suit_run
    accept: {any: [empty, rank_below]}
  foundation:
    kind: foundation
    count: 4
    accept: {all: [first_empty, complete_suit_run]}
deal:
  - {to: tableau, face_down: [1, 2, 3, 4], face_up: 1}
  - {to: stock, rest: true}
auto: [turn_exposed]
win: complete_runs_only
score: no_score
"""

# (name, text to replace, replacement, line:column of the error, words the message must say)
CASES = [
    ("yaml syntax", "deck: {decks: 1}", "deck: {decks: 1", "4:8", "YAML syntax error"),
    ("unknown top key", "auto:", "autoo:", "23:1", "unknown key 'autoo' (did you mean 'auto'?)"),
    ("missing title", "title: Mini\n", "", "1:1", "missing 'title'"),
    (
        "unknown rule",
        "pick: same_suit_run",
        "pick: same_suite_run",
        "14:11",
        "unknown pick rule 'same_suite_run' (did you mean 'same_suit_run'?)",
    ),
    (
        "rule of another kind",
        "pick: same_suit_run",
        "pick: empty",
        "14:11",
        "'empty' is an accept rule, but a pick rule is needed here",
    ),
    (
        "unknown parameter",
        "rank_below]",
        "{rank_below: {suits: same}}]",
        "15:41",
        "'rank_below' has no parameter 'suits' (did you mean 'suit'?)",
    ),
    (
        "value not allowed",
        "rank_below]",
        "{rank_below: {suit: purple}}]",
        "15:47",
        "'suit' of 'rank_below' must be one of any, same, alternate, other, same_color, "
        "not 'purple'",
    ),
    (
        "wrong parameter type",
        "{relaxed: $relaxed}",
        "{relaxed: lots}",
        "9:79",
        "'relaxed' of 'spider_deal_allowed' must be a whole number, not 'lots'",
    ),
    (
        "unknown pile group",
        "{to: tableau, allowed",
        "{to: tablaeu, allowed",
        "9:29",
        "no pile group named 'tablaeu' (did you mean 'tableau'?)",
    ),
    ("unknown option", "$relaxed}", "$relax}", "9:79", "unknown option '$relax'"),
    ("bad default", "default: 0}", "default: 5}", "5:41", "default 5 is not one of the values"),
    (
        "too few cards",
        "face_up: 1}",
        "face_up: 20}",
        "21:3",
        "the deal needs 90 cards but the pack has 52",
    ),
    (
        "cards never dealt",
        "  - {to: stock, rest: true}\n",
        "",
        "21:3",
        "38 of the 52 cards are never dealt: add a step with 'rest: true'",
    ),
    (
        "wrong list length",
        "face_down: [1, 2, 3, 4]",
        "face_down: [1, 2, 3]",
        "21:30",
        "'face_down' must be one number or a list of 4 (one for each pile of 'tableau')",
    ),
    (
        "key given twice",
        "win: complete_runs_only",
        "win: complete_runs_only\nwin: all_on_foundations",
        "25:1",
        "'win' is given twice",
    ),
    (
        "wrong value type",
        "count: 4\n    fan",
        "count: four\n    fan",
        "12:12",
        "'count' must be a whole number, not 'four'",
    ),
    (
        "unknown pile kind",
        "kind: foundation",
        "kind: fundament",
        "17:11",
        "'kind' must be one of tableau, foundation, stock, waste, cell, reserve, grid",
    ),
    (
        "code in a tag",
        "title: Mini",
        "title: !!python/object/apply:os.system ['echo hi']",
        "2:8",
        "the tag 'tag:yaml.org,2002:python/object/apply:os.system' is not allowed",
    ),
    ("suits", "deck: {decks: 1}", "deck: {decks: 1, suits: 3}", "3:25", "suits must be 1, 2 or 4"),
    (
        "any without a list",
        "{any: [empty, rank_below]}",
        "{any: empty}",
        "15:19",
        "'any' needs a list of accept rules",
    ),
    (
        "unknown extends",
        "id: mini\n",
        "id: mini\nextends: nothing_here\n",
        "2:10",
        "extends unknown game 'nothing_here'",
    ),
    ("bad id", "id: mini", "id: Mini Game", "1:5", "the id must be lower case letters"),
    (
        "missing parameter",
        "rank_below]",
        "from_group]",
        "15:27",
        "'from_group' needs the parameter 'groups'",
    ),
]


def _write(tmp_path: Path, text: str, name: str = "bad.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_good_file_loads(tmp_path: Path) -> None:
    gdef = load_game_file(_write(tmp_path, GOOD))
    assert gdef.title == "Mini"


@pytest.mark.parametrize("name,old,new,where,words", CASES, ids=[c[0] for c in CASES])
def test_each_mistake_gives_one_clear_line(
    tmp_path: Path, name: str, old: str, new: str, where: str, words: str
) -> None:
    assert old in GOOD
    path = _write(tmp_path, GOOD.replace(old, new, 1))
    with pytest.raises(DefinitionError) as caught:
        load_game_file(path)
    messages = caught.value.messages
    assert len(messages) == 1, messages
    assert messages[0] == f"bad.yaml:{where}: {words}" or (
        messages[0].startswith(f"bad.yaml:{where}: ") and words in messages[0]
    ), messages[0]


def test_all_mistakes_are_reported_at_once(tmp_path: Path) -> None:
    text = (
        GOOD.replace("pick: same_suit_run", "pick: same_suite_run")
        .replace("win: complete_runs_only", "win: complete_run_only")
        .replace("auto: [turn_exposed]", "auto: [turn_exposd]")
    )
    with pytest.raises(DefinitionError) as caught:
        load_game_file(_write(tmp_path, text))
    assert len(caught.value.messages) == 3
    assert all(re.match(r"bad\.yaml:\d+:\d+: ", m) for m in caught.value.messages)


def test_extends_that_goes_round_in_a_circle(tmp_path: Path) -> None:
    _write(tmp_path, "id: a\nextends: b\n", "a.yaml")
    path = _write(tmp_path, "id: b\nextends: a\n", "b.yaml")
    with pytest.raises(DefinitionError, match="circle"):
        load_game_file(path)


def test_an_empty_file_and_a_list_file(tmp_path: Path) -> None:
    with pytest.raises(DefinitionError, match="needs 'id'"):
        load_game_file(_write(tmp_path, ""))
    with pytest.raises(DefinitionError, match="must be a mapping"):
        load_game_file(_write(tmp_path, "- a\n- b\n"))


def test_a_file_that_is_not_text(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(DefinitionError, match="not a UTF-8 text file"):
        load_game_file(path)


def test_nothing_in_a_game_file_runs(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    text = GOOD.replace("title: Mini", f"title: !!python/object/apply:os.system ['touch {marker}']")
    with pytest.raises(DefinitionError):
        load_game_file(_write(tmp_path, text))
    assert not marker.exists()


def test_validate_prints_every_error_and_exits_1_without_a_traceback(tmp_path: Path) -> None:
    bad = _write(
        tmp_path,
        GOOD.replace("pick: same_suit_run", "pick: same_suite_run").replace(
            "win: complete_runs_only", "win: complete_run_only"
        ),
    )
    good = _write(tmp_path, GOOD, "good.yaml")
    result = subprocess.run(
        [sys.executable, "-m", "retro", "validate", str(good), str(bad)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1
    assert "Traceback" not in result.stdout + result.stderr
    lines = result.stdout.strip().splitlines()
    assert lines[0].endswith("good.yaml: ok")
    assert len(lines) == 3 and all(line.startswith("bad.yaml:") for line in lines[1:])


def test_validate_passes_every_bundled_game() -> None:
    games = sorted(Path(__file__).resolve().parent.parent.joinpath("games").glob("*.yaml"))
    result = subprocess.run(
        [sys.executable, "-m", "retro", "validate", *map(str, games)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_merge_key_brings_values_the_mapping_may_override(tmp_path: Path) -> None:
    text = GOOD.replace(
        "  tableau:\n    kind: tableau\n    count: 4\n",
        "  tableau:\n    <<: {kind: tableau, count: 9}\n    count: 4\n",
    )
    gdef = load_game_file(_write(tmp_path, text))
    assert gdef.group("tableau").count == 4
