"""Nothing a file can hold crashes the program or loses what was saved: hostile saves and records
are set aside in one line (the copy kept of the previous version is used when it is sound), two
copies of the program share the records, and odd files (a FIFO, /dev/zero) never hang it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from retro.cli import main
from retro.definition.catalog import Catalog
from retro.engine.game import Game
from retro.store.files import MAX_DOCUMENT_BYTES, atomic_write, clean_orphans
from retro.store.records import Records
from retro.store.saves import clear_current, resume_current, save_current
from tests.helpers import load

ROOT = Path(__file__).resolve().parent.parent
CATALOG = Catalog()


def _game(moves: int = 6, seed: int = 3) -> Game:
    game = Game(load("klondike"), seed)
    for i in range(moves):
        legal = game.legal_moves()
        if not legal:
            break
        game.push(legal[i % len(legal)])
    return game


def _save_doc(**changes: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "format": "retro-patience-save",
        "version": 1,
        "game": "klondike",
        "options": {},
        "seed": 3,
        "moves": [],
        "redo": [],
        "cheat": 0,
        "recorded": False,
    }
    doc.update(changes)
    return doc


HOSTILE_SAVES = {
    "huge float": b'{"format": "retro-patience-save", "version": 1, "game": "klondike", '
    b'"seed": 1e400, "moves": []}',
    "4,400-digit seed": b'{"format": "retro-patience-save", "version": 1, "game": "klondike",'
    b' "seed": ' + b"9" * 4400 + b', "moves": []}',
    "4,000-digit seed": b'{"format": "retro-patience-save", "version": 1, "game": "klondike",'
    b' "seed": ' + b"9" * 4000 + b', "moves": []}',
    "deep nesting": b'{"format": "retro-patience-save", "version": 1, "game": "klondike", '
    b'"seed": 1, "moves": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
    "superscript count": json.dumps(_save_doc(moves=["t1>t2/\u00b2"])).encode(),
    "arabic digits": json.dumps(_save_doc(moves=["t\u0663>t2"])).encode(),
    "NaN": b'{"format": "retro-patience-save", "version": 1, "game": "klondike", '
    b'"seed": NaN, "moves": []}',
    "moves not a list": json.dumps(_save_doc(moves="t1>t2")).encode(),
    "a move not text": json.dumps(_save_doc(moves=[17])).encode(),
    "seed as text": json.dumps(_save_doc(seed="3")).encode(),
    "seed true": json.dumps(_save_doc(seed=True)).encode(),
    "game a path": json.dumps(_save_doc(game="../../x")).encode(),
    "game upper case": json.dumps(_save_doc(game="Klondike")).encode(),
    "options a list": json.dumps(_save_doc(options=[1, 2])).encode(),
    "option a dict": json.dumps(_save_doc(options={"draw": {"a": 1}})).encode(),
    "cheat negative": json.dumps(_save_doc(cheat=-5)).encode(),
    "recorded a string": json.dumps(_save_doc(recorded="yes")).encode(),
    "the whole a list": b"[1, 2, 3]",
    "version text": json.dumps(_save_doc(version="1")).encode(),
}


@pytest.mark.parametrize("name", sorted(HOSTILE_SAVES))
def test_a_hostile_save_is_set_aside_in_one_line(tmp_path: Path, name: str) -> None:
    path = tmp_path / "current-game.json"
    path.write_bytes(HOSTILE_SAVES[name])
    game, note, _ = resume_current(CATALOG, path)
    assert game is None
    assert note is not None and "\n" not in note and len(note) < 300
    assert not path.exists()  # set aside: the next start is clean, never a crash loop
    assert resume_current(CATALOG, path) == (None, None, False)


_RESUME_ALL = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (500 << 20, 500 << 20))
resource.setrlimit(resource.RLIMIT_CPU, (20, 20))
from pathlib import Path
from retro.definition.catalog import Catalog
from retro.store.saves import resume_current
catalog = Catalog()
for name in sys.argv[1:]:
    game, note, _ = resume_current(catalog, Path(name))
    print(game is None and note is not None)
"""


def test_every_hostile_save_is_refused_within_the_memory_and_time_limits(tmp_path: Path) -> None:
    paths = []
    for i, name in enumerate(sorted(HOSTILE_SAVES)):
        path = tmp_path / f"save{i}.json"
        path.write_bytes(HOSTILE_SAVES[name])
        paths.append(str(path))
    result = subprocess.run(
        [sys.executable, "-c", _RESUME_ALL, *paths],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.split() == ["True"] * len(paths)


def test_the_copy_of_the_move_before_is_resumed_when_the_save_is_damaged(tmp_path: Path) -> None:
    path = tmp_path / "current-game.json"
    game = _game(5)
    save_current(game, path)
    game.push(game.legal_moves()[0])
    save_current(game, path)
    path.write_bytes(b'{"format": "retro-patience-save", "version": 1, "seed": 1e400}')
    resumed, note, _ = resume_current(CATALOG, path)
    assert note is not None and "previous copy was used" in note
    assert resumed is not None and resumed.moves_made == game.moves_made - 1


def test_a_finished_game_never_comes_back_from_the_kept_copy(tmp_path: Path) -> None:
    path = tmp_path / "current-game.json"
    save_current(_game(3), path)
    save_current(_game(4), path)
    clear_current(path)
    assert not path.with_name(path.name + ".bak").exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_or_a_device_as_the_save_neither_hangs_nor_eats_memory(tmp_path: Path) -> None:
    path = tmp_path / "current-game.json"
    os.mkfifo(path)  # nobody ever writes to it: reading it would wait for ever
    game, note, _ = resume_current(CATALOG, path)
    assert game is None and note is not None and "not a regular file" in note
    path.unlink(missing_ok=True)
    os.symlink("/dev/zero", path)  # reading it would never end
    game, note, _ = resume_current(CATALOG, path)
    assert game is None and note is not None and "not a regular file" in note


def test_a_save_too_large_is_refused_without_reading_it_all(tmp_path: Path) -> None:
    path = tmp_path / "current-game.json"
    with open(path, "wb") as stream:
        stream.truncate(MAX_DOCUMENT_BYTES + 1)  # sparse: costs no disk
    game, note, _ = resume_current(CATALOG, path)
    assert game is None and note is not None and "larger than" in note


def test_a_save_of_a_hundred_thousand_moves_resumes_exactly(tmp_path: Path) -> None:
    game = Game(load("freecell"), 1)
    moves = ["tableau:1>cell:1", *["cell:1>cell:2", "cell:2>cell:1"] * 50_000]
    path = tmp_path / "current-game.json"
    path.write_text(json.dumps(_save_doc(game="freecell", seed=1, moves=moves)))
    resumed, note, _ = resume_current(CATALOG, path)
    assert note is None and resumed is not None and resumed.moves_made == 100_001
    assert game.position.fingerprint() != resumed.position.fingerprint()


def test_orphan_temporary_files_are_cleaned_and_fresh_ones_kept(tmp_path: Path) -> None:
    path = tmp_path / "records.json"
    old = tmp_path / ".records.json.1234-abcd.tmp"
    fresh = tmp_path / ".records.json.5678-ef01.tmp"
    other = tmp_path / ".elsewhere.tmp"
    for file in (old, fresh, other):
        file.write_text("x")
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    os.utime(other, (time.time() - 3600, time.time() - 3600))
    clean_orphans(path)
    assert not old.exists() and fresh.exists() and other.exists()


def test_writes_use_unique_staging_names(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    for text in ("one", "two", "three"):
        atomic_write(path, text)
    assert path.read_text() == "three" and (tmp_path / "f.json.bak").read_text() == "two"
    assert [p.name for p in tmp_path.iterdir()] != [] and not list(tmp_path.glob("*.tmp"))


# -- records ----------------------------------------------------------------------------------


def _records_doc(stats: Any = None, tables: Any = None) -> str:
    return json.dumps(
        {
            "format": "retro-patience-records",
            "version": 1,
            "stats": stats if stats is not None else {},
            "high_scores": tables if tables is not None else {},
        }
    )


GOOD_STATS = {
    "played": 3,
    "won": 1,
    "lost": 2,
    "streak": -2,
    "longest_win_streak": 1,
    "longest_loss_streak": 2,
    "best_score": 40,
    "fewest_moves": 90,
}
GOOD_ENTRY = {
    "name": "Ann",
    "score": 40,
    "moves": 90,
    "date": "2026-11-29",
    "seed": 4,
    "options": {},
    "won": True,
    "replay": [],
}

HOSTILE_RECORDS = {
    "count as text": _records_doc({"klondike": {**GOOD_STATS, "played": "3"}}),
    "name a number": _records_doc(tables={"klondike": [{**GOOD_ENTRY, "name": 5}]}),
    "negative count": _records_doc({"klondike": {**GOOD_STATS, "won": -1}}),
    "more won than played": _records_doc({"klondike": {**GOOD_STATS, "played": 2}}),
    "huge score": _records_doc(tables={"klondike": [{**GOOD_ENTRY, "score": 10**20}]}),
    "table too long": _records_doc(tables={"klondike": [GOOD_ENTRY] * 11}),
    "table a path": _records_doc(tables={"../x": [GOOD_ENTRY]}),
    "replay not texts": _records_doc(tables={"klondike": [{**GOOD_ENTRY, "replay": [1]}]}),
    "stats a list": _records_doc(stats=[1]),  # type: ignore[arg-type]
}


@pytest.mark.parametrize("name", sorted(HOSTILE_RECORDS))
def test_records_of_the_wrong_types_are_set_aside(tmp_path: Path, name: str) -> None:
    path = tmp_path / "records.json"
    path.write_text(HOSTILE_RECORDS[name])
    records = Records(path)
    assert records.note is not None and "\n" not in records.note
    assert "start afresh" in records.note and records.stats == {} and records.tables == {}
    assert not path.exists()
    records.record(_game(2), "Bob")  # and the end of the next game is counted, no crash
    assert Records(path).note is None


def test_the_kept_copy_recovers_damaged_records(tmp_path: Path) -> None:
    path = tmp_path / "records.json"
    records = Records(path)
    records.record(_game(2, seed=1), "Ann")
    records.record(_game(3, seed=2), "Bob")  # the .bak now holds the first game
    path.write_text("{damaged")
    again = Records(path)
    assert again.note is not None and "previous copy was used" in again.note
    assert sum(s.played for s in again.stats.values()) == 1
    again.record(_game(4, seed=3), "Cy")
    assert sum(s.played for s in Records(path).stats.values()) == 2


@pytest.mark.skipif(
    os.geteuid() == 0 if hasattr(os, "geteuid") else True, reason="root writes to read-only folders"
)
def test_damaged_records_in_a_read_only_folder_neither_crash_start_nor_stats(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "records.json").write_text("{damaged")
    tmp_path.chmod(0o500)
    try:
        records = Records(tmp_path / "records.json")
        assert records.note is not None and "could not be moved aside" in records.note
        monkeypatch.setenv("RETRO_PATIENCE_DATA", str(tmp_path))
        assert main(["stats"]) == 0
        assert "could not be moved aside" in capsys.readouterr().err
        with pytest.raises(OSError):
            records.record(_game(2), "Ann")  # the window's keeper turns this into a note
    finally:
        tmp_path.chmod(0o700)


_RECORDER = """
import sys
from pathlib import Path
from retro.engine.game import Game
from retro.definition.catalog import Catalog
from retro.store.records import Records
records = Records(Path(sys.argv[1]))
gdef = Catalog().load("klondike", {})
for seed in range(int(sys.argv[2])):
    records.record(Game(gdef, seed), sys.argv[3])
"""


_SAVER = """
import sys
from pathlib import Path
from retro.engine.game import Game
from retro.definition.catalog import Catalog
from retro.store.saves import save_current
game = Game(Catalog().load("klondike", {}), int(sys.argv[2]))
for _ in range(150):
    save_current(game, Path(sys.argv[1]))
"""


def test_two_copies_of_the_program_saving_at_once_never_fail(tmp_path: Path) -> None:
    path = tmp_path / "current-game.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    players = [
        subprocess.Popen(
            [sys.executable, "-c", _SAVER, str(path), str(seed)],
            cwd=ROOT,
            env=env,
            stderr=subprocess.PIPE,
            text=True,
        )
        for seed in (1, 2)
    ]
    results = [(p.wait(timeout=120), p.communicate()[1]) for p in players]
    assert [code for code, _ in results] == [0, 0], results
    game, note, _ = resume_current(CATALOG, path)
    assert note is None and game is not None and game.seed in (1, 2)
    assert not list(tmp_path.glob("*.tmp"))


def test_two_copies_of_the_program_both_count_every_game(tmp_path: Path) -> None:
    path = tmp_path / "records.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    players = [
        subprocess.Popen(
            [sys.executable, "-c", _RECORDER, str(path), "40", name], cwd=ROOT, env=env
        )
        for name in ("Ann", "Bob")
    ]
    assert [p.wait(timeout=120) for p in players] == [0, 0]
    records = Records(path)
    assert records.note is None
    assert sum(s.played for s in records.stats.values()) == 80
    assert not list(tmp_path.glob("*.tmp"))


# -- generated damage -------------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def _damaged(document: dict[str, Any], data: st.DataObject) -> bytes:
    """A document with one field replaced, removed or the text cut or flipped."""
    how = data.draw(st.sampled_from(["replace", "remove", "cut", "flip"]))
    keys = sorted(document)
    if how == "replace":
        key = data.draw(st.sampled_from(keys))
        return json.dumps({**document, key: data.draw(JSON_VALUES)}).encode()
    if how == "remove":
        key = data.draw(st.sampled_from(keys))
        return json.dumps({k: v for k, v in document.items() if k != key}).encode()
    raw = json.dumps(document).encode()
    at = data.draw(st.integers(0, len(raw) - 1))
    if how == "cut":
        return raw[:at]
    return raw[:at] + bytes([raw[at] ^ data.draw(st.integers(1, 255))]) + raw[at + 1 :]


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_generated_damaged_saves_never_crash(tmp_path: Path, data: st.DataObject) -> None:
    game = _game(4)
    document = _save_doc(
        moves=["waste>tableau:1", "deal", "tableau:7>foundation:1"][:2], seed=game.seed
    )
    path = tmp_path / "current-game.json"
    for stale in tmp_path.iterdir():
        stale.unlink()
    path.write_bytes(_damaged(document, data))
    resumed, note, _ = resume_current(CATALOG, path)
    assert resumed is not None or note is not None  # resumed, or set aside and said why
    assert note is None or "\n" not in note


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_generated_damaged_records_never_crash(tmp_path: Path, data: st.DataObject) -> None:
    document = json.loads(_records_doc({"klondike": GOOD_STATS}, {"klondike": [GOOD_ENTRY]}))
    if data.draw(st.booleans()):  # damage inside an entry
        inner = data.draw(st.sampled_from(sorted(GOOD_STATS)))
        document["stats"]["klondike"][inner] = data.draw(JSON_VALUES)
        raw = json.dumps(document).encode()
    else:
        raw = _damaged(document, data)
    path = tmp_path / "records.json"
    for stale in tmp_path.iterdir():
        stale.unlink()
    path.write_bytes(raw)
    records = Records(path)
    for stats in records.stats.values():  # whatever was kept is of the right types
        assert isinstance(stats.played, int) and stats.won + stats.lost <= stats.played
    records.record(_game(1), "Ann")


def test_damaged_records_that_cannot_be_moved_neither_crash_start_nor_stats(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The read-only folder as any user sees it, root included: the move aside fails."""
    import retro.store.files as files

    def refuse(path: Path) -> Path:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(files, "set_aside", refuse)
    (tmp_path / "records.json").write_text("{damaged")
    records = Records(tmp_path / "records.json")
    assert records.note is not None and "could not be moved aside" in records.note
    monkeypatch.setenv("RETRO_PATIENCE_DATA", str(tmp_path))
    assert main(["stats"]) == 0
    captured = capsys.readouterr()
    assert "could not be moved aside" in captured.err and "No games played" in captured.out


def test_a_save_longer_than_any_game_is_refused_before_it_is_replayed(tmp_path: Path) -> None:
    from retro.store.saves import MAX_MOVES

    path = tmp_path / "current-game.json"
    moves = ["tableau:1>cell:1", *["cell:1>cell:2", "cell:2>cell:1"] * (MAX_MOVES // 2)]
    path.write_text(json.dumps(_save_doc(game="freecell", seed=1, moves=moves)))
    game, note, _ = resume_current(CATALOG, path)
    assert game is None and note is not None and "'moves' must be a list of at most" in note
