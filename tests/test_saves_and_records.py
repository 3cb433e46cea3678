"""Nothing is lost: the game in progress survives a crash and resumes exactly; damaged files are
set aside in one line; statistics add up; the high score table keeps the ten best."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from retro.cli import main
from retro.definition.catalog import Catalog
from retro.engine.game import Game
from retro.solver.hints import hints
from retro.store.files import atomic_write
from retro.store.records import Records, Stats, option_key
from retro.store.saves import load_saved, resume_current, save_current
from tests.helpers import game_at, load, play

ROOT = Path(__file__).resolve().parent.parent
CATALOG = Catalog()
RELAXED = dict(load("spider", relaxed=1).options)  # the option set _played plays


def _played(seed: int, count: int) -> Game:
    game = Game(load("spider", relaxed=1), seed)
    for i in range(count):
        moves = game.legal_moves()
        if not moves:
            break
        game.push(moves[(i * 7) % len(moves)])
    return game


def test_save_and_resume_round_trip_with_undo_history(tmp_path: Path) -> None:
    game = _played(11, 40)
    game.pop()
    game.pop()
    game.pop()
    game.redo()
    path = tmp_path / "current.json"
    save_current(game, path)
    resumed, note, recorded = resume_current(CATALOG, path)
    assert not recorded
    assert note is None and resumed is not None
    assert resumed.position.fingerprint() == game.position.fingerprint()
    assert resumed.cheat == game.cheat
    assert [m for m, *_ in resumed.history] == [m for m, *_ in game.history]
    assert resumed.future == game.future
    resumed.redo()
    game.redo()
    assert resumed.position.fingerprint() == game.position.fingerprint()
    for _ in range(len(game.history)):
        game.pop()
        resumed.pop()
        assert resumed.position.fingerprint() == game.position.fingerprint()


def test_the_save_file_is_small_and_readable(tmp_path: Path) -> None:
    path = tmp_path / "current.json"
    save_current(play(game_at(load("spider"), "tableau:1 = 5H\ntableau:2 = 6H"), "t1>t2"), path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["game"] == "spider" and data["moves"] == ["tableau:1>tableau:2"]
    assert data["options"]["relaxed"] == 0 and data["format"] == "retro-patience-save"


def test_each_write_keeps_the_previous_version(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    atomic_write(path, "one")
    atomic_write(path, "two")
    assert path.read_text() == "two"
    assert (tmp_path / "f.json.bak").read_text() == "one"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


@pytest.mark.parametrize(
    "content,words",
    [
        (b"{not json", "damaged"),
        (b"\xff\xfe\xfd", "damaged"),
        (b'{"format": "something-else", "version": 1}', "not a retro-patience-save file"),
        (b'{"format": "retro-patience-save", "version": 99, "game": "spider"}', "newer version"),
        (b'{"format": "retro-patience-save", "version": 1, "game": "spider"}', "field is missing"),
        (
            b'{"format": "retro-patience-save", "version": 1, "game": "spider", "seed": 1, '
            b'"moves": ["tableau:1>tableau:9/13"]}',
            "no longer replays",
        ),
    ],
)
def test_a_damaged_save_is_set_aside_with_one_clear_line(
    tmp_path: Path, content: bytes, words: str
) -> None:
    path = tmp_path / "current-game.json"
    path.write_bytes(content)
    game, note, _ = resume_current(CATALOG, path)
    assert game is None
    assert note is not None and words in note and "\n" not in note
    assert not path.exists()
    kept = [p for p in tmp_path.iterdir() if ".damaged-" in p.name]
    assert len(kept) == 1 and kept[0].read_bytes() == content
    assert resume_current(CATALOG, path) == (None, None, False)


def test_no_save_file_means_nothing_to_resume(tmp_path: Path) -> None:
    assert resume_current(CATALOG, tmp_path / "none.json") == (None, None, False)


def test_a_game_already_counted_stays_counted_when_resumed(tmp_path: Path) -> None:
    path = tmp_path / "current.json"
    save_current(_played(4, 10), path, recorded=True)
    game, note, recorded = resume_current(CATALOG, path)
    assert game is not None and note is None and recorded


_PLAYER = """
import sys
from retro.definition.catalog import Catalog
from retro.engine.game import Game
from retro.store.saves import save_current
from pathlib import Path
path = Path(sys.argv[1])
game = Game(Catalog().load("spider", {"relaxed": 2}), 7)
i = 0
while True:
    moves = game.legal_moves()
    if not moves:
        game = Game(game.gdef, game.seed + 1)
        continue
    game.push(moves[(i * 5) % len(moves)])
    i += 1
    save_current(game, path)
    print(len(game.history), flush=True)
"""


@pytest.mark.parametrize("moves", [5, 60, 300])
def test_a_process_killed_mid_play_loses_at_most_its_last_move(tmp_path: Path, moves: int) -> None:
    path = tmp_path / "current-game.json"
    process = subprocess.Popen(
        [sys.executable, "-c", _PLAYER, str(path)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert process.stdout is not None
    lines = [process.stdout.readline() for _ in range(moves)]  # it is playing and saving
    assert all(line.strip() for line in lines)
    process.send_signal(signal.SIGKILL)
    lines += process.stdout.read().splitlines()
    process.wait()
    reported = [int(line) for line in lines if line.strip()]
    saved = load_saved(path)
    assert saved is not None
    # every reported move was saved; at most the one being made when killed is missing
    assert reported[-1] <= len(saved.moves) <= reported[-1] + 1
    game = saved.restore(CATALOG)
    assert len(game.history) == len(saved.moves)


# -- statistics and high scores ---------------------------------------------------------------


def test_statistics_arithmetic() -> None:
    stats = Stats()
    for won, score, moves in [
        (True, 900, 200),
        (True, 700, 150),
        (False, 100, 40),
        (False, 80, 50),
        (False, 60, 10),
        (True, 990, 300),
    ]:
        stats.add(won, score, moves)
    assert (stats.played, stats.won, stats.lost) == (6, 3, 3)
    assert stats.win_rate == pytest.approx(0.5)
    assert stats.streak == 1
    assert stats.longest_win_streak == 2
    assert stats.longest_loss_streak == 3
    assert stats.best_score == 990
    assert stats.fewest_moves == 150  # among won games only


def test_statistics_per_game_and_option_set(tmp_path: Path) -> None:
    records = Records(tmp_path / "records.json")
    records.record(_played(1, 5), "Ann")
    records.record(Game(load("spider", relaxed=1), 2), "Ann")
    records.record(_played(3, 5), "Bob")
    again = Records(tmp_path / "records.json")
    keys = list(again.stats_for("spider"))
    assert keys == [option_key("spider", dict(load("spider", relaxed=1).options))]
    assert again.stats_for("spider")[keys[0]].played == 3


def test_the_high_score_table_keeps_the_ten_best_in_order(tmp_path: Path) -> None:
    records = Records(tmp_path / "records.json")
    lengths = [30, 5, 42, 18, 60, 11, 25, 36, 8, 50, 22, 14]
    places = [
        records.record(_played(i + 1, n), f"P{i}", today="2026-11-29")
        for i, n in enumerate(lengths)
    ]
    table = Records(tmp_path / "records.json").table("spider", RELAXED)
    assert len(table) == 10
    scores = [e.score for e in table]
    assert scores == sorted(scores, reverse=True)
    assert table[0].date == "2026-11-29" and table[0].moves > 0
    assert places[0] == 1
    late = Game(load("spider", relaxed=1), 99)
    assert records.record(late, "Late") is None  # a score of 0: too low
    assert len(Records(tmp_path / "records.json").table("spider", RELAXED)) == 10


def test_a_high_score_replays_to_the_same_position(tmp_path: Path) -> None:
    from retro.engine.notation import parse_move

    records = Records(tmp_path / "records.json")
    game = _played(5, 30)
    records.record(game, "Ann")
    entry = records.table("spider", RELAXED)[0]
    replay = Game(CATALOG.load("spider", entry.options), entry.seed)
    for text in entry.replay:
        replay.push(parse_move(replay.position, text))
    assert replay.position.fingerprint() == game.position.fingerprint()


def test_damaged_records_are_set_aside_and_start_afresh(tmp_path: Path) -> None:
    path = tmp_path / "records.json"
    path.write_text('{"format": "retro-patience-records", "version": 1, "stats": {"x": 5}}')
    records = Records(path)
    assert records.note is not None and "start afresh" in records.note
    assert records.stats == {}
    records.record(_played(1, 3), "Ann")
    assert Records(path).stats


def test_stats_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("RETRO_PATIENCE_DATA", str(tmp_path))
    assert main(["stats"]) == 0
    assert "No games played yet" in capsys.readouterr().out
    Records().record(_played(1, 3), "Ann")
    assert main(["stats", "spider"]) == 0
    out = capsys.readouterr().out
    assert "spider" in out and "played" in out


def test_the_place_a_result_would_take(tmp_path: Path) -> None:
    records = Records(tmp_path / "records.json")
    assert records.place_for("spider", RELAXED, 0, 10) == 1
    for i, n in enumerate([30, 5, 42, 18, 60, 11, 25, 36, 8, 50]):
        records.record(_played(i + 1, n), f"P{i}")
    scores = [e.score for e in records.table("spider", RELAXED)]
    assert records.place_for("spider", RELAXED, scores[0] + 1, 1) == 1
    assert records.place_for("spider", RELAXED, scores[-1] - 1, 1) is None


def _scored(game: Game) -> Game:
    """The game played on until it has scored (a loss that scored nothing is no high score)."""
    while game.score() <= 0:
        game.push(hints(game)[0].move)
    return game


def test_each_option_set_has_its_own_ten_best(tmp_path: Path) -> None:
    records = Records(tmp_path / "records.json")
    one_suit = _scored(Game(load("spider", suits=1), 3))
    records.record(_played(2, 20), "Four")
    records.record(one_suit, "One")
    assert [e.name for e in records.table("spider", RELAXED)] == ["Four"]
    assert [e.name for e in records.table("spider", dict(one_suit.gdef.options))] == ["One"]
    assert records.place_for("spider", dict(one_suit.gdef.options), 10_000, 1) == 1


def test_a_game_given_up_counts_in_the_statistics_only(tmp_path: Path) -> None:
    records = Records(tmp_path / "records.json")
    assert records.record(_played(1, 5), "Quitter", abandoned=True) is None
    again = Records(tmp_path / "records.json")
    assert again.table("spider", RELAXED) == []
    (stats,) = again.stats_for("spider").values()
    assert (stats.played, stats.lost) == (1, 1)


def test_a_file_with_one_table_per_game_is_sorted_into_option_sets(tmp_path: Path) -> None:
    path = tmp_path / "records.json"
    records = Records(path)
    records.record(_played(1, 5), "Four")
    records.record(_scored(Game(load("spider", suits=1), 3)), "One")
    data = json.loads(path.read_text(encoding="utf-8"))
    mixed = [entry for table in data["high_scores"].values() for entry in table]
    data["high_scores"] = {"spider": mixed}  # as files were written before
    path.write_text(json.dumps(data), encoding="utf-8")
    again = Records(path)
    assert [e.name for e in again.table("spider", RELAXED)] == ["Four"]
    assert [e.name for e in again.table("spider", dict(load("spider", suits=1).options))] == ["One"]
