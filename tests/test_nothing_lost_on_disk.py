"""Nothing a player made is lost on disk: a kept copy that was used becomes the file again, a
folder in a kept copy's place stops nothing, the records never outgrow their reader, every deal
number the program takes reads back, and a save whose game is away waits for it. Every file set
aside is told through `logging` too."""

from __future__ import annotations

import json
import logging
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from retro.cli import main
from retro.definition.catalog import Catalog
from retro.engine.cards import DEAL_NUMBERS
from retro.engine.game import Game
from retro.paths import games_dir
from retro.reading import GAME_ID
from retro.store.files import MAX_DOCUMENT_BYTES, backup_path
from retro.store.records import TABLE_SIZE, HighScore, Records, Stats
from retro.store.saves import (
    MAX_SLOTS,
    clear_current,
    load_saved,
    option_key,
    resume_current,
    save_current,
    slot_paths,
)
from retro.store.settings import Settings
from tests.helpers import load

CATALOG = Catalog()
SETTLED = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def _game(moves: int = 6, seed: int = 3) -> Game:
    game = Game(load("klondike"), seed)
    for i in range(moves):
        legal = game.legal_moves()
        if not legal:
            break
        game.push(legal[i % len(legal)])
    return game


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("RETRO_PATIENCE_DATA", str(folder))
    return folder


# -- a kept copy used once is written back --------------------------------------------------


def test_the_kept_copy_of_a_damaged_save_becomes_the_save_again(tmp_path: Path) -> None:
    path = tmp_path / "current-game.json"
    game = _game(5)
    save_current(game, path)
    game.push(game.legal_moves()[0])
    save_current(game, path)
    path.write_bytes(b"{damaged")
    resumed, note, _ = resume_current(CATALOG, path)
    assert resumed is not None and note is not None and "previous copy was used" in note
    again, note, _ = resume_current(CATALOG, path)  # the next start
    assert note is None and again is not None
    assert again.position.fingerprint() == resumed.position.fingerprint()


def test_the_next_start_shows_the_records_the_kept_copy_recovered(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = Records()
    records.record(_game(2, seed=1), "Ann")
    records.record(_game(3, seed=2), "Bob")  # the kept copy holds Ann's game
    (data / "records.json").write_text("{damaged")
    assert main(["stats"]) == 0
    first = capsys.readouterr()
    assert "previous copy was used" in first.err and "klondike" in first.out
    assert main(["stats"]) == 0  # the next start: the same games, nothing to tell
    second = capsys.readouterr()
    assert second.err == "" and second.out == first.out


# -- a folder where the kept copy goes -------------------------------------------------------


def test_a_folder_in_the_place_of_the_kept_copy_stops_no_save(tmp_path: Path) -> None:
    path = tmp_path / "current-game.json"
    backup_path(path).mkdir()
    (backup_path(path) / "inside").write_text("a file of the player's")
    save_current(_game(3), path)
    save_current(_game(4), path)  # the folder is set aside, kept for the player
    resumed, note, _ = resume_current(CATALOG, path)
    assert note is None and resumed is not None and resumed.moves_made == _game(4).moves_made
    (aside,) = tmp_path.glob("current-game.json.bak.damaged-*")
    assert (aside / "inside").read_text() == "a file of the player's"
    assert load_saved(backup_path(path)) is not None  # the copy is kept again
    backup_path(path).unlink()
    backup_path(path).mkdir()
    clear_current(path)  # a finished game's save goes, and never comes back
    assert not path.exists() and not backup_path(path).exists()


def test_a_folder_in_the_place_of_the_records_copy_loses_no_game(tmp_path: Path) -> None:
    path = tmp_path / "records.json"
    backup_path(path).mkdir()
    records = Records(path)
    for seed in range(3):
        records.record(_game(2, seed=seed), "Ann")
    assert sum(s.played for s in Records(path).stats.values()) == 3


# -- the records fit their reader ------------------------------------------------------------


def _entry(day: int, moves: int, score: int = 10) -> HighScore:
    return HighScore(
        name=f"P{day}",
        score=score,
        moves=moves,
        date=f"2026-01-{day:02d}",
        seed=day,
        options={},
        won=False,
        replay=["tableau:10>tableau:9"] * moves,
    )


def test_records_of_long_games_are_written_within_what_the_reader_takes(tmp_path: Path) -> None:
    path = tmp_path / "records.json"
    records = Records(path)
    longest = 200_000  # a replay as long as a save may be: about 5 MB written
    records.tables["klondike"] = [_entry(day, longest) for day in range(1, 6)]
    records.stats["klondike"] = Stats(played=5, lost=5, streak=-5)
    records.save()
    assert path.stat().st_size <= MAX_DOCUMENT_BYTES
    again = Records(path)
    assert again.note is None
    assert again.stats["klondike"].played == 5
    table = again.tables["klondike"]
    assert len(table) == 5  # every score kept; the oldest games lost their replays
    kept = {entry.date: len(entry.replay) for entry in table}
    assert kept["2026-01-05"] == longest and kept["2026-01-01"] == 0


@SETTLED
@given(
    st.lists(
        st.tuples(st.integers(1, 28), st.integers(0, 400), st.integers(-50, 50)),
        min_size=1,
        max_size=TABLE_SIZE,
    ),
    st.integers(2_000, 20_000),
)
def test_generated_records_never_outgrow_the_limit_and_keep_every_statistic(
    tmp_path: Path, entries: list[tuple[int, int, int]], limit: int
) -> None:
    records = Records(tmp_path / "none.json")
    records.tables["spider"] = [_entry(day, moves, score) for day, moves, score in entries]
    records.stats["spider"] = Stats(played=len(entries), lost=len(entries))
    text = records._text(limit)
    body = json.loads(text)
    assert len(text.encode()) <= limit or all(
        not e["replay"] for e in body["high_scores"]["spider"]
    )
    assert body["stats"]["spider"]["played"] == len(entries)
    written = body["high_scores"]["spider"]
    assert [(e["date"], e["score"]) for e in written] == [
        (f"2026-01-{d:02d}", s) for d, _, s in entries
    ]
    newest_dropped = max((e["date"] for e in written if e["moves"] and not e["replay"]), default="")
    oldest_kept = min((e["date"] for e in written if e["replay"]), default="9999")
    assert newest_dropped <= oldest_kept  # replays go oldest first


# -- one range of deal numbers ---------------------------------------------------------------


@pytest.mark.parametrize("command", ["play", "console", "solve"])
@pytest.mark.parametrize("seed", ["100000000000000000000", "18446744073709551616", "-1", "1e3"])
def test_a_deal_number_out_of_range_is_refused_where_it_enters(
    command: str, seed: str, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main([command, "klondike", "--seed", seed])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert "a deal number is a whole number from 0 to 18446744073709551615" in error
    assert not data.exists()  # nothing saved that could not be read back


@SETTLED
@given(st.one_of(st.integers(0, 10**6), st.integers(DEAL_NUMBERS[-1] - 10**6, DEAL_NUMBERS[-1])))
def test_every_deal_number_taken_reads_back_from_a_save_and_the_records(
    tmp_path: Path, seed: int
) -> None:
    game = _game(3, seed)
    save = tmp_path / f"save-{seed}.json"
    save_current(game, save)
    resumed, note, _ = resume_current(CATALOG, save)
    assert note is None and resumed is not None and resumed.seed == seed
    records = Records(tmp_path / f"records-{seed}.json")
    records.record(game, "Ann", won=True)  # a win enters the table whatever it scored
    again = Records(records.path)
    assert again.note is None and [
        e.seed for e in again.table("klondike", dict(game.gdef.options))
    ] == [seed]


def test_the_console_takes_the_highest_deal_number(
    data: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"")))
    assert main(["console", "klondike", "--seed", str(DEAL_NUMBERS[-1])]) == 0
    assert str(DEAL_NUMBERS[-1]) in capsys.readouterr().out


# -- a save whose game is away waits for it --------------------------------------------------


def _own_klondike(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "my_klondike.yaml"
    text = (games_dir() / "klondike.yaml").read_text(encoding="utf-8")
    path.write_text(text.replace("id: klondike", "id: my_klondike"), encoding="utf-8")
    return path


def test_a_save_of_a_game_from_a_folder_not_given_today_waits_for_it(tmp_path: Path) -> None:
    games = tmp_path / "games"
    _own_klondike(games)
    mine = Catalog([games])
    game = Game(mine.load("my_klondike"), 4)
    game.push(game.legal_moves()[0])
    path = tmp_path / "saves" / "my_klondike.json"
    save_current(game, path)
    for _ in range(2):  # started twice without --games-dir
        resumed, note, _ = resume_current(CATALOG, path)
        assert resumed is None and note is not None and "\n" not in note
        assert "waits for its game file" in note and "my_klondike" in note
        assert path.exists()
    resumed, note, _ = resume_current(mine, path)  # the folder given again
    assert note is None and resumed is not None and resumed.moves_made == 1


def test_a_save_of_a_game_file_with_a_typo_today_waits_until_it_is_mended(tmp_path: Path) -> None:
    games = tmp_path / "games"
    file = _own_klondike(games)
    game = Game(Catalog([games]).load("my_klondike"), 4)
    game.push(game.legal_moves()[0])
    path = tmp_path / "saves" / "my_klondike.json"
    save_current(game, path)
    good = file.read_text(encoding="utf-8")
    file.write_text(good.replace("kind: tableau", "kind: tablaeu"), encoding="utf-8")
    resumed, note, _ = resume_current(Catalog([games]), path)
    assert resumed is None and note is not None and "waits for its game file" in note
    assert path.exists()
    file.write_text(good, encoding="utf-8")
    resumed, note, _ = resume_current(Catalog([games]), path)
    assert note is None and resumed is not None and resumed.moves_made == 1


# -- told through logging too ----------------------------------------------------------------


def test_every_file_set_aside_is_told_through_logging_too(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="retro.store")
    save = tmp_path / "current-game.json"
    save.write_text("{damaged")
    _, note, _ = resume_current(CATALOG, save)
    records = tmp_path / "records.json"
    records.write_text("[1, 2")
    records_note = Records(records).note
    settings_file = tmp_path / "settings.json"
    settings_file.write_text("{damaged")
    settings_note = Settings.load(settings_file).note
    logged = [record.getMessage() for record in caplog.records if record.name == "retro.store"]
    assert note in logged and settings_note in logged
    assert records_note is not None and any(line in records_note for line in logged)
    assert all("\n" not in line for line in logged)


# -- one save a game and option set ---------------------------------------------------------

_OPTION_VALUES = st.one_of(st.text(max_size=100), st.integers(-(2**64), 2**64), st.booleans())


@SETTLED
@given(
    st.from_regex(GAME_ID, fullmatch=True),
    st.dictionaries(st.from_regex(GAME_ID, fullmatch=True), _OPTION_VALUES, max_size=8),
    st.dictionaries(st.from_regex(GAME_ID, fullmatch=True), _OPTION_VALUES, max_size=8),
)
def test_every_game_and_option_set_has_slots_of_its_own_with_plain_names(
    data: Path, game_id: str, options: dict[str, object], others: dict[str, object]
) -> None:
    mine = list(slot_paths(game_id, options))
    assert len(set(mine)) == len(mine) == MAX_SLOTS
    for path in mine:
        assert path.parent == data / "saves" and re.fullmatch(r"[a-z0-9_-]{1,90}\.json", path.name)
    if option_key(game_id, options) != option_key(game_id, others):
        assert not set(mine) & set(slot_paths(game_id, others))


_KINDS = st.sampled_from(["sound", "damaged", "folder", "away", "aside junk", "bak folder"])


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(kinds=st.lists(_KINDS, min_size=1, max_size=5), junk=st.binary(max_size=64))
def test_a_generated_saves_folder_offers_every_sound_save_once_and_never_crashes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kinds: list[str], junk: bytes
) -> None:
    from retro.ui.keeper import Keeper

    folder = tmp_path / "data" / "saves"
    if folder.parent.exists():
        shutil.rmtree(folder.parent)
    folder.mkdir(parents=True)
    monkeypatch.setenv("RETRO_PATIENCE_DATA", str(folder.parent))
    sound = set()
    for number, kind in enumerate(kinds):
        path = folder / f"klondike-{number:08d}.json"
        if kind in ("sound", "bak folder", "aside junk"):
            game = _game(2 + number, seed=number)
            save_current(game, path)
            sound.add(number)
            if kind == "bak folder":
                backup_path(path).mkdir()
            if kind == "aside junk":
                path.with_name(path.name + ".before-reload").write_bytes(junk)
        elif kind == "damaged":
            path.write_bytes(junk)
        elif kind == "folder":
            path.mkdir()
        else:
            document = {"format": "retro-patience-save", "version": 1, "game": "not_here"}
            path.write_text(json.dumps({**document, "options": {}, "seed": 1, "moves": []}))
    keeper = Keeper()
    offered = []
    while (offer := keeper.resume(CATALOG)) is not None:
        offered.append(offer.seed)
        assert "\n" not in keeper.note
    assert sorted(offered) == sorted(sound)
    for number, kind in enumerate(kinds):
        if kind == "away":  # its game cannot be loaded today: kept for the day it can
            assert (folder / f"klondike-{number:08d}.json").exists()
