"""Nothing a game file can hold crashes the program or runs it out of time or memory: each
hostile file is refused in one line; a broken file in the player's games folder is listed as
broken and the others still play; option values are checked once they are put in; plugins that
fail are reported and the rest plays; editors check files as they are written."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from retro.definition.catalog import Catalog
from retro.definition.loader import load_game_file
from retro.definition.schema import SCHEMA_PATH, schema
from retro.engine.game import Game
from retro.errors import DefinitionError, RetroError
from tests.helpers import game_at, refusal
from tests.test_broken_games import GOOD

ROOT = Path(__file__).resolve().parent.parent
MEMORY_LIMIT = 500 * 1024 * 1024
CPU_SECONDS = 20  # far above what a refusal takes, far below the minute nothing may run

BOMB = "id: bomb\ntitle: Bomb\n" + "".join(
    f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9) if i else 'x, x, x, x, x, x, x, x, x'}]\n"
    for i in range(9)
)


def _with(old: str, new: str) -> str:
    assert old in GOOD
    return GOOD.replace(old, new, 1)


HOSTILE_FILES: dict[str, tuple[str, str]] = {
    # name: (file text, words the one line must hold)
    "alias bomb": (BOMB, "aliases"),
    "deep nesting": ("id: deep\ntitle: " + "[" * 100_000, "nest"),
    "deep block nesting": (
        "id: deep\ntitle: x\n"
        + "".join(" " * i + f"k{i}:\n" for i in range(200))
        + " " * 200
        + "v: 1\n",
        "nested too deeply",
    ),
    "a billion decks": (_with("deck: {decks: 1}", "deck: {decks: 1000000000}"), "decks"),
    "an option setting a huge count": (
        _with("deck: {decks: 1}", "deck: {decks: $decks}").replace(
            "options:\n", "options:\n  decks: {values: [1, 1000000000], default: 1}\n"
        ),
        "decks",
    ),
    "an opening map naming no pile": (
        _with("    fan: down\n", "    fan: down\n    opened_by: {1: [nowhere:1]}\n"),
        "no pile 'nowhere:1'",
    ),
    "a weight map of the wrong type": (
        _with("    fan: down\n", "    fan: down\n    weighs_with: {1: five}\n"),
        "'1' must be a list, not 'five'",
    ),
    "a huge face-up count": (_with("face_up: 1}", "face_up: 100000000}"), "face_up"),
    "a rule count of many digits": (
        _with("{relaxed: $relaxed}", "{relaxed: " + "9" * 4000 + "}"),
        "more than 40 characters",
    ),
    "a rule count out of range": (
        _with("{relaxed: $relaxed}", "{relaxed: 99999999999}"),
        "from -1000000 to 1000000",
    ),
    "an int of 5,000 digits": (
        _with("deck: {decks: 1}", "deck: {decks: " + "9" * 5000 + "}"),
        "more than 40 characters",
    ),
    "a 60-based int of 60,000 parts": (
        "id: x\ntitle: 1" + ":1" * 60_000 + "\n",
        "more than 40 characters",
    ),
    "!!int abc": (_with("title: Mini", "title: !!int abc"), "cannot be read as int"),
    "a bad date": (_with("title: Mini", "title: 2026-13-45"), "month must be in 1..12"),
    "a top-level list": ("- a\n- b\n", "must be a mapping"),
    "an option without values": (
        _with("relaxed: {values: [0, 1, 2], default: 0}", "relaxed: {default: 0}"),
        "values",
    ),
    "two documents": (GOOD + "---\nid: other\n", "one YAML document"),
    "an 8-million-item list": (
        "id: big\ntitle: x\ndeal: [" + "1, " * 200_000 + "1]\n",
        "larger than",
    ),
    "to: $t with a list": (
        _with("{to: tableau, face_down", "{to: $t, face_down").replace(
            "options:\n", "options:\n  t: {values: {a: [tableau, stock]}, default: a}\n"
        ),
        "'to' must be text",
    ),
    "face_up strings": (
        _with("face_up: 1}", "face_up: $f}").replace(
            "options:\n", "options:\n  f: {values: [one, two], default: one}\n"
        ),
        "face_up",
    ),
    "a title from an option dict": (
        _with("title: Mini", "title: $t").replace(
            "options:\n", "options:\n  t: {values: {a: {x: 1}}, default: a}\n"
        ),
        "title",
    ),
    "at: [.inf, .nan]": (_with("    fan: down\n", "    fan: down\n    at: [.inf, .nan]\n"), "at"),
    "at: [.nan, .nan]": (_with("    fan: down\n", "    fan: down\n    at: [.nan, 1]\n"), "finite"),
    "base: {rank: Z}": (
        _with("[empty, rank_below]", "[{base: {rank: Z}}, rank_below]"),
        "'Z' is not a rank",
    ),
    "base: {rank: 1}": (
        _with("[empty, rank_below]", "[{base: {rank: 1}}, rank_below]"),
        "'1' is not a rank",
    ),
    "extends a path": (
        _with("id: mini\n", "id: mini\nextends: ../../games/spider\n"),
        "names a game by its id",
    ),
}

_LOAD = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({memory}, {memory}))
resource.setrlimit(resource.RLIMIT_CPU, ({cpu}, {cpu}))
from pathlib import Path
from retro.definition.loader import load_game_file
from retro.errors import DefinitionError
try:
    load_game_file(Path(sys.argv[1]), every_value=True)
except DefinitionError as error:
    print(len(error.messages))
    print(error.messages[0])
else:
    print("loaded")
"""


@pytest.mark.parametrize("name", sorted(HOSTILE_FILES))
def test_a_hostile_game_file_is_refused_in_one_line_within_limits(
    tmp_path: Path, name: str
) -> None:
    text, words = HOSTILE_FILES[name]
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    program = _LOAD.format(memory=MEMORY_LIMIT, cpu=CPU_SECONDS)
    result = subprocess.run(
        [sys.executable, "-c", program, str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert result.returncode == 0, result.stderr[-2000:]
    first = result.stdout.splitlines()[1]
    assert first.startswith("bad.yaml:") and words in first, first
    assert len(first) < 400


def test_base_reads_ranks_as_everything_else_does(tmp_path: Path) -> None:
    for written in ("T", "10"):
        path = tmp_path / "bad.yaml"
        path.write_text(
            _with(
                "{any: [empty, rank_below]}",
                f"{{any: [{{base: {{rank: {written}}}}}, rank_below]}}",
            )
        )
        game = game_at(load_game_file(path), "tableau:1 = TH\ntableau:2 = 9S")
        assert refusal(game, "t1>t3") is None  # a Ten, written T or 10, goes to the space
        assert refusal(game, "t2>t3") is not None


def test_a_twenty_level_extends_chain_is_not_a_circle(tmp_path: Path) -> None:
    (tmp_path / "g0.yaml").write_text(GOOD.replace("id: mini", "id: g0"), encoding="utf-8")
    for level in range(1, 21):
        (tmp_path / f"g{level}.yaml").write_text(
            f"id: g{level}\nextends: g{level - 1}\ntitle: Level {level}\n", encoding="utf-8"
        )
    gdef = load_game_file(tmp_path / "g20.yaml")
    assert gdef.title == "Level 20" and gdef.id == "g20"


# -- the player's games folder ----------------------------------------------------------------

BROKEN_PLAYER_FILES = {
    "toplist": "- a\n- b\n",
    "noval": "id: noval\ntitle: X\noptions:\n  a: {default: 1}\n",
    "baddate": "id: baddate\ntitle: 2026-13-45\n",
    "badint": "id: badint\ntitle: !!int abc\n",
    "deep": "id: deep\ntitle: " + "[" * 100_000 + "\n",
    "bomb": BOMB,
    "misnamed": "id: spider\ntitle: Not Spider\n",
    "optlist": "id: optlist\ntitle: X\noptions: [1, 2]\n",
    "Upper-Case": "id: upper\ntitle: X\n",
}


def _players_folder(tmp_path: Path) -> dict[str, str]:
    folder = tmp_path / "config" / "retro-patience" / "games"
    folder.mkdir(parents=True)
    for name, text in BROKEN_PLAYER_FILES.items():
        (folder / f"{name}.yaml").write_text(text, encoding="utf-8")
    (folder / "mini.yaml").write_text(GOOD, encoding="utf-8")
    return {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config"), "PYTHONPATH": str(ROOT)}


def _run(env: dict[str, str], *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "retro", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        input=stdin,
        timeout=120,
    )


def test_broken_files_are_listed_as_broken_and_the_others_still_play(tmp_path: Path) -> None:
    env = _players_folder(tmp_path)
    result = _run(env, "list")
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    lines = {line.split()[0]: line for line in result.stdout.splitlines() if line.startswith("  ")}
    for name in BROKEN_PLAYER_FILES:
        assert "(broken)" in lines[name], lines[name]
    assert "(broken)" not in lines["mini"] and "(broken)" not in lines["spider"]
    assert "id must be its file's name" in lines["misnamed"]
    played = _run(env, "console", "mini", "--json", stdin="moves\n")
    assert played.returncode == 0 and '"moves"' in played.stdout
    played = _run(env, "console", "spider", "--json", stdin="state\n")
    assert json.loads(played.stdout)["game"] == "spider"  # the bundled one, not 'misnamed'


def test_the_menu_lists_each_broken_file_with_its_first_error(tmp_path: Path) -> None:
    from retro.ui.shelf import Shelf

    folder = tmp_path / "games"
    folder.mkdir()
    for name, text in BROKEN_PLAYER_FILES.items():
        (folder / f"{name}.yaml").write_text(text, encoding="utf-8")
    entries = {entry.id: entry for entry in Shelf(Catalog([folder])).entries()}
    for name in BROKEN_PLAYER_FILES:
        assert entries[name].error and "\n" not in entries[name].error, name
    assert not entries["klondike"].error


def test_a_game_id_is_a_name_never_a_path(tmp_path: Path) -> None:
    result = _run({**os.environ, "PYTHONPATH": str(ROOT)}, "console", "../games/klondike")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "is not a game id" in result.stderr
    assert Catalog().path("../games/klondike") is None
    with pytest.raises(RetroError, match="not a game id"):
        Catalog().load("../../x")


def test_a_game_whose_id_is_not_its_file_name_is_refused(tmp_path: Path) -> None:
    (tmp_path / "myspider.yaml").write_text(
        (ROOT / "games" / "spider.yaml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    with pytest.raises(DefinitionError, match="its file's name"):
        Catalog([tmp_path]).load("myspider")


# -- plugins ----------------------------------------------------------------------------------


def _plugin(tmp_path: Path, module: str) -> dict[str, str]:
    site = tmp_path / "site"
    site.mkdir()
    (site / "hostile_rules.py").write_text(textwrap.dedent(module), encoding="utf-8")
    info = site / "hostile_rules-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: hostile-rules\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        "[retro_patience.rules]\nhostile = hostile_rules\n", encoding="utf-8"
    )
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}


def test_a_plugin_calling_sys_exit_at_import_is_reported_and_the_rest_plays(tmp_path: Path) -> None:
    env = _plugin(tmp_path, "import sys\nsys.exit(3)\n")
    result = _run(env, "console", "klondike", "--json", stdin="state\n")
    assert result.returncode == 0, result.stderr
    assert "rule plugin 'hostile' (hostile_rules) was skipped: SystemExit: 3" in result.stderr
    assert json.loads(result.stdout)["game"] == "klondike"


def test_a_plugin_rule_that_raises_is_reported_once_and_refuses(tmp_path: Path) -> None:
    env = _plugin(
        tmp_path,
        """
        import sys
        from retro.engine.bound import Accept
        from retro.rules import rule

        @rule("explodes", "accept", "Raises whenever it is asked.")
        def explodes() -> Accept:
            def test(position, src, count, dst):
                raise SystemExit("boom")
            def why(position, src, count, dst):
                raise ZeroDivisionError("why")
            return Accept(test, why)
    """,
    )
    games = tmp_path / "games"
    games.mkdir()
    (games / "mini.yaml").write_text(
        _with("accept: {any: [empty, rank_below]}", "accept: explodes"), encoding="utf-8"
    )
    result = _run(
        env, "--games-dir", str(games), "console", "mini", "--json", stdin="moves\nt1>t2\nstate\n"
    )
    assert result.returncode == 0, result.stderr
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(answers) == 3 and "error" in answers[1] and answers[2]["moves_made"] == 0
    failures = [line for line in result.stderr.splitlines() if "explodes" in line]
    assert len(failures) == 1 and "SystemExit: boom" in failures[0]
    other = _run(env, "console", "klondike", "--json", stdin="state\n")
    assert other.returncode == 0 and json.loads(other.stdout)["game"] == "klondike"


# -- editors ----------------------------------------------------------------------------------


def test_every_shipped_file_validates_raw_as_an_editor_reads_it() -> None:
    import jsonschema

    validator = jsonschema.Draft202012Validator(schema())
    jsonschema.Draft202012Validator.check_schema(schema())
    for path in sorted((ROOT / "games").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(data)]
        assert errors == [], (path.name, errors)


def test_the_schema_has_a_real_id_and_the_schema_command_writes_it(tmp_path: Path) -> None:
    assert schema()["$id"].startswith("https://") and schema()["$id"].endswith(
        "/retro/definition/game.schema.json"
    )
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config"), "PYTHONPATH": str(ROOT)}
    result = _run(env, "schema")
    written = tmp_path / "config" / "retro-patience" / "games" / "game.schema.json"
    assert result.returncode == 0 and result.stdout.strip() == str(written)
    assert written.read_bytes() == SCHEMA_PATH.read_bytes()
    assert _run(env, "schema", str(tmp_path)).stdout.strip() == str(tmp_path / SCHEMA_PATH.name)


def test_the_schema_refuses_what_the_loader_refuses_in_a_raw_file() -> None:
    import jsonschema

    validator = jsonschema.Draft202012Validator(schema())
    base = yaml.safe_load(GOOD)
    assert not list(validator.iter_errors(base))
    wrong = [
        {**base, "deck": {"decks": 10**9}},
        {**base, "piles": {"t": {"count": 2}}},
        {**base, "extends": "../x"},
    ]
    for data in wrong:
        assert list(validator.iter_errors(data)), data
    variant = {"id": "v", "extends": "mini", "piles": {"t": {"count": 2, "accept": None}}}
    assert not list(validator.iter_errors(variant))


# -- generated damage -------------------------------------------------------------------------

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**12)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
    | st.sampled_from(["$relaxed", "tableau", "stock", "A", "T", "Z", "empty"])
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=10,
)


def _paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += _paths(value, (*path, i))
    return found


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    copy = dict(data) if isinstance(data, dict) else list(data)
    copy[path[0]] = _set(copy[path[0]], path[1:], value)  # type: ignore[index]
    return copy


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_generated_damaged_game_files_are_refused_in_lines_never_crash(
    tmp_path: Path, data: st.DataObject
) -> None:
    good = yaml.safe_load(GOOD)
    path = data.draw(st.sampled_from(_paths(good)[1:]))
    damaged = _set(good, path, data.draw(VALUES))
    text = yaml.safe_dump(damaged, allow_unicode=True)
    if data.draw(st.booleans()):  # and sometimes the text itself cut or flipped
        at = data.draw(st.integers(0, len(text) - 1))
        text = (
            text[:at]
            + data.draw(st.sampled_from(["", "[", "&a ", "*a", "!!int ", ":"]))
            + text[at + 1 :]
        )
    file = tmp_path / "bad.yaml"
    file.write_text(text, encoding="utf-8")
    try:
        gdef = load_game_file(file, every_value=True)
    except DefinitionError as error:
        assert all(message.startswith("bad.yaml") for message in error.messages)
        assert all("\n" not in message for message in error.messages)
        return
    except RetroError as error:  # an option the file no longer offers, and the like
        assert "\n" not in str(error)
        return
    game = Game(gdef, 1)  # what loads, deals and answers
    game.legal_moves()


def test_memory_limit_is_what_the_tests_say() -> None:
    """The limits the subprocess tests run under are real on this system."""
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    assert soft == resource.RLIM_INFINITY or soft >= MEMORY_LIMIT


@pytest.mark.parametrize(
    "text,words",
    [
        ("id: x\ntitle: a\x00b\n", "2:9: a character a YAML file cannot hold (#x0000)"),
        ("id: x\ntitle: &a [*a]\n", "nested too deeply"),
        ("id: x\ntitle: !!binary xyz\n", "2:8:"),
        ("id: x\n<<: 5\n", "merging"),
    ],
)
def test_odd_yaml_is_one_line_with_its_place(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "odd.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DefinitionError) as caught:
        load_game_file(path)
    message = caught.value.messages[0]
    assert message.startswith("odd.yaml:") and words in message and "\n" not in message


# -- start fast -------------------------------------------------------------------------------


def test_each_game_file_is_parsed_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from retro.definition import gamefiles

    for path in (ROOT / "games").glob("*.yaml"):
        (tmp_path / path.name).write_bytes(path.read_bytes())
    parsed: list[str] = []
    real = gamefiles.load_marked

    def counting(text: str, name: str) -> Any:
        parsed.append(name)
        return real(text, name)

    monkeypatch.setattr(gamefiles, "load_marked", counting)
    catalog = Catalog([tmp_path])
    for game_id in catalog.ids():  # the menu, then every game loaded (variants read parents)
        catalog.info(game_id)
    for game_id in catalog.ids():
        catalog.load(game_id)
    assert sorted(parsed) == sorted(p.name for p in tmp_path.glob("*.yaml"))
    (tmp_path / "spider.yaml").write_text(
        (tmp_path / "spider.yaml").read_text(encoding="utf-8") + "\n", encoding="utf-8"
    )
    catalog.load("spider_duel")  # an edited parent is read again
    assert parsed.count("spider.yaml") == 2


def test_the_title_screen_comes_up_without_jsonschema(tmp_path: Path) -> None:
    program = (
        "import sys\n"
        "from retro.ui.driver import headless, Driver\n"
        "headless()\n"
        "from retro.definition.catalog import Catalog\n"
        "from retro.ui.app import App\n"
        "app = App(Catalog(), animate=False)\n"
        "app.boot()\n"
        "Driver(app).step(3)\n"
        "print(type(app.scene).__name__, 'jsonschema' in sys.modules)\n"
    )
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "RETRO_PATIENCE_DATA": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path),
    }
    result = subprocess.run(
        [sys.executable, "-c", program],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.split()[-2:] == ["TitleScene", "False"]


def test_libyaml_and_pure_python_yaml_give_the_same_marks() -> None:
    from retro.definition import yamlmarks

    if not hasattr(yaml, "CSafeLoader"):
        pytest.skip("PyYAML without libyaml")
    assert yamlmarks._Loader is yaml.CSafeLoader
    for path in sorted((ROOT / "games").glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        fast = yamlmarks.load_marked(text, path.name)
        try:
            yamlmarks._Loader = yaml.SafeLoader
            pure = yamlmarks.load_marked(text, path.name)
        finally:
            yamlmarks._Loader = yaml.CSafeLoader
        assert (fast.data, fast.marks, fast.key_marks) == (pure.data, pure.marks, pure.key_marks), (
            path.name
        )
