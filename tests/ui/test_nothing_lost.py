"""Nothing is lost: the game in progress saved after every move and offered again at
start, exactly; damaged files told in one line; finished games counted, named and replayed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import scenario

from retro.cli import main
from retro.definition.catalog import Catalog
from retro.engine.game import Game
from retro.store.records import Records
from retro.store.saves import current_path, load_saved, save_current
from retro.ui.driver import Driver
from retro.ui.keeper import read_game_file
from retro.ui.scenes.dialogs import NameScene, ResumeScene
from retro.ui.scenes.menu import MenuScene
from retro.ui.scenes.over import OverScene
from retro.ui.scenes.replay import ReplayScene
from retro.ui.scenes.scores import HighScoresScene
from retro.ui.scenes.title import TitleScene
from retro.ui.table.scene import TableScene

pytestmark = pytest.mark.usefixtures("window")


def _moves(game: Game) -> list[object]:
    return [move for move, *_ in game.history]


def _table(driver: Driver) -> TableScene:
    scene = driver.app.scene
    assert isinstance(scene, TableScene)
    return scene


def test_every_move_is_saved_and_a_new_app_resumes_it_exactly_with_its_undo_history() -> None:
    driver = scenario.fresh_table()
    table = _table(driver)
    assert scenario.save_files() == []  # a fresh deal: nothing worth saving yet
    driver.press("A")
    driver.step(40)
    driver.press("D", "A")
    driver.step(40)
    driver.press("U")  # one move taken back: it must come back as a redo
    game = table.game
    assert game.history and game.future
    saved = load_saved(scenario.save_file())
    assert saved is not None and len(saved.moves) == len(game.history)
    assert len(saved.redo) == 1

    driver.app.keeper.close()  # the program is killed: its claim on the save ends with it
    again = scenario.new_app()  # and starts again (the first one never closed)
    again.boot()
    second = Driver(again)
    second.step()
    prompt = again.scene
    assert isinstance(prompt, ResumeScene)
    assert prompt.game.moves_made == game.moves_made
    second.press("Y")
    resumed = _table(second)
    assert resumed.game.position.fingerprint() == game.position.fingerprint()
    assert _moves(resumed.game) == _moves(game)
    assert resumed.game.future == game.future
    second.press("R")  # the undone move comes back
    driver.press("R")
    assert resumed.game.position.fingerprint() == game.position.fingerprint()
    for _ in range(3):
        second.press("U")
        driver.press("U")
        assert resumed.game.position.fingerprint() == game.position.fingerprint()


def test_closing_the_window_saves_and_declining_keeps_the_save_until_another_game() -> None:
    driver = scenario.fresh_table()
    driver.press("D")
    save = scenario.save_file()
    save.unlink()
    driver.app.on_close()
    assert save.exists()

    app = scenario.new_app()
    app.boot()
    second = Driver(app)
    second.press("N")
    assert isinstance(app.scene, TitleScene) and app.pending is not None
    assert save.exists()  # not now is not never
    second.press("RETURN")
    menu = app.scene
    assert isinstance(menu, MenuScene)
    assert ("resume", "") in menu.lines(app)
    menu.focus = menu.lines(app).index(("play", ""))
    second.press("RETURN")  # another game: the saved one counts as given up
    assert app.pending is None and not save.exists()
    stats = Records().stats_for("spider")
    assert [s.lost for s in stats.values()] == [1]


_HOSTILE = b'{"format": "retro-patience-save", "version": 1, "game": "spider", '


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b'{"format": "something-else"}',
        b'{"format": "retro-patience-save", "version": 99}',
        _HOSTILE + b'"seed": 1e400, "moves": []}',
        _HOSTILE + b'"seed": ' + b"7" * 4400 + b', "moves": []}',
        _HOSTILE + b'"seed": 1, "moves": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
        _HOSTILE + '"seed": 1, "moves": ["t1>t2/\u00b2"]}'.encode(),
        _HOSTILE.replace(b'"spider"', b'"../../x"') + b'"seed": 1, "moves": []}',
    ],
)
def test_a_damaged_foreign_or_newer_save_is_told_in_one_line_and_the_program_goes_on(
    content: bytes,
) -> None:
    current_path().parent.mkdir(parents=True, exist_ok=True)
    current_path().write_bytes(content)
    app = scenario.new_app()
    app.boot()
    driver = Driver(app)
    driver.step()
    assert isinstance(app.scene, TitleScene)
    assert app.note and "\n" not in app.note and "current-game.json" in app.note
    title_text = app.scene.screen.text(23)
    assert app.note[:40] in title_text
    assert not current_path().exists()  # set aside, kept for the player to look at
    assert list(current_path().parent.glob("current-game.json.damaged-*"))
    driver.press("RETURN")
    menu = app.scene
    assert isinstance(menu, MenuScene) and menu.error == app.note
    driver.press("RETURN")
    assert isinstance(app.scene, TableScene)


def test_a_won_game_is_counted_its_player_named_and_shown_in_the_high_score_table() -> None:
    driver = scenario.name_prompt()
    app = driver.app
    prompt = app.scene
    assert isinstance(prompt, NameScene)
    assert prompt.field.value == "Anna"
    driver.press("BACKSPACE")
    driver.type("e✓")  # a character the DOS screen cannot show is refused
    assert prompt.field.value == "Anne"
    assert "refuse" in app.beeper.played
    driver.type("-Marie Sophie")  # 12 characters at most
    assert prompt.field.value == "Anne-Marie S"
    driver.press("RETURN")
    scores = app.scene
    assert isinstance(scores, HighScoresScene)
    assert scores.highlight == 1 and scores.entries[0].name == "Anne-Marie S"
    assert scores.entries[0].won and scores.entries[0].score == 990
    assert "Anne-Marie S" in scores.compose().text(HighScoresScene.FIRST)
    records = Records()
    (stats,) = records.stats_for("spider").values()
    assert (stats.played, stats.won, stats.streak, stats.best_score) == (1, 1, 1, 990)
    driver.press("ESCAPE")
    assert isinstance(app.scene, OverScene)
    assert not current_path().exists()  # a counted, finished game is no longer offered
    app.on_close()
    assert not current_path().exists()


def test_a_game_that_does_not_make_the_table_is_counted_without_asking() -> None:
    for _ in range(10):  # ten won games fill the table
        scenario.with_records(won_only=True)
    driver = scenario.lost()
    assert isinstance(driver.app.scene, OverScene)
    (stats,) = Records().stats_for("spider").values()
    assert (stats.played, stats.lost) == (11, 1)
    assert all(entry.won for entry in Records().table("spider", scenario.usual("spider")))


def test_closing_while_the_name_is_typed_still_counts_the_game() -> None:
    driver = scenario.name_prompt()
    driver.app.on_close()
    (entry,) = Records().table("spider", scenario.usual("spider"))
    assert entry.name == "Player" and entry.won


def test_starting_another_game_counts_the_one_given_up() -> None:
    driver = scenario.fresh_table()
    driver.press("D", "N", "Y")
    assert [s.lost for s in Records().stats_for("spider").values()] == [1]
    driver.press("N")  # no move made: nothing to count, nothing asked
    assert isinstance(driver.app.scene, TableScene)
    assert [s.played for s in Records().stats_for("spider").values()] == [1]


def test_the_menu_opens_the_high_score_table_and_a_replay_reaches_the_same_position() -> None:
    scenario.with_records()
    driver = scenario.menu()
    app = driver.app
    driver.press("F3")
    scores = app.scene
    assert isinstance(scores, HighScoresScene)
    assert [e.name for e in scores.entries][:2] == ["Wanda", "Eve"]
    anna = next(i for i, e in enumerate(scores.entries) if e.name == "Anna")
    driver.press(*["DOWN"] * anna, "RETURN")
    replay = app.scene
    assert isinstance(replay, ReplayScene)
    _, seed, count = scenario.RECORDED[0]
    original = scenario.played(Game(replay.game.gdef, seed), count)
    assert replay.game.seed == seed and replay.at == 0
    driver.press("SPACE")  # pause
    driver.press("RIGHT", "RIGHT", "RIGHT")
    assert replay.at == 3
    driver.press("LEFT")
    assert replay.at == 2
    driver.press("SPACE", *["PLUS"] * 8)  # on, at full speed
    driver.step(len(replay.moves) * 2 + 10)
    assert replay.at == len(replay.moves) == len(original.history)
    assert replay.game.position.fingerprint() == original.position.fingerprint()
    assert replay.paused
    driver.press("ESCAPE")
    assert app.scene is scores
    driver.press("HOME", "RETURN")  # Wanda's game was set up, not dealt: the rules say no
    replay = app.scene
    assert isinstance(replay, ReplayScene)
    driver.step(SPEEDS_SLOWEST)
    assert replay.stopped and replay.at == 0 and replay.error
    driver.press("ESCAPE", "ESCAPE")
    assert isinstance(app.scene, MenuScene)
    assert app.session is None  # watching never started a game


SPEEDS_SLOWEST = 70


def test_retro_patience_replay_of_a_missing_or_damaged_file_fails_before_any_window(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(tmp_path / "nothing.json")]) == 1
    assert "nothing.json" in capsys.readouterr().err
    damaged = tmp_path / "damaged.json"
    damaged.write_text(json.dumps({"format": "retro-patience-save", "version": 1}))
    assert main(["replay", str(damaged)]) == 1
    assert "damaged" in capsys.readouterr().err


def test_a_saved_game_file_replays_in_the_window() -> None:
    game = scenario.saved_game()
    start, moves = read_game_file(current_path(), Catalog([scenario.spider_only()]))
    app = scenario.new_app()
    app.show_replay(start.gdef, start.seed, moves, "Replay")
    driver = Driver(app)
    replay = app.scene
    assert isinstance(replay, ReplayScene)
    driver.press("SPACE")
    for _ in moves:
        driver.press("PERIOD")
    assert replay.game.position.fingerprint() == game.position.fingerprint()
    driver.press("ESCAPE")  # the lone replay gives way to the program's usual start
    assert isinstance(app.scene, ResumeScene)


def test_the_menu_shows_the_statistics_of_the_chosen_game_and_options() -> None:
    scenario.with_records()
    driver = scenario.menu()
    menu = driver.app.scene
    assert isinstance(menu, MenuScene)

    def shown() -> str:
        screen = menu.compose(driver.app)
        return "\n".join(screen.text(row) for row in range(20, 22))

    assert "Played 6  Won 1  Lost 5" in shown() and "Best 990" in shown()
    driver.press("DOWN", "RIGHT")  # Suits: 2, never played
    assert "No games played yet" in shown()


def test_a_damaged_records_file_is_told_on_the_title_and_records_start_afresh() -> None:
    records = current_path().parent / "records.json"
    records.parent.mkdir(parents=True, exist_ok=True)
    records.write_text("[1, 2", encoding="utf-8")
    app = scenario.new_app()
    app.boot()
    driver = Driver(app)
    driver.step()
    assert isinstance(app.scene, TitleScene) and "records.json" in app.note
    assert "records.json"[:10] in app.scene.screen.text(23)
    driver = scenario.name_prompt()
    driver.press("RETURN")
    assert [e.name for e in Records().table("spider", scenario.usual("spider"))] == ["Anna"]


def test_play_with_a_game_but_no_deal_number_offers_the_saved_game_first() -> None:
    scenario.saved_game()
    app = scenario.new_app()
    app.boot("spider", {"suits": 1})
    driver = Driver(app)
    driver.step()
    prompt = app.scene
    assert isinstance(prompt, ResumeScene) and "Spider instead" in prompt.keys
    driver.press("ESCAPE")  # the game asked for instead; the saved one has other options
    table = _table(driver)
    assert table.session.options == {"suits": 1} and table.game.moves_made == 0
    assert Records().stats_for("spider") == {}  # so it is kept, neither given up nor counted
    assert app.pending is prompt.game and scenario.save_files() == [current_path()]


def test_a_counted_game_played_on_after_undo_is_never_counted_twice() -> None:
    driver = scenario.won()
    driver.press("U")  # from the won box: take the last move back and play on
    table = _table(driver)
    assert table.session.recorded
    saved = load_saved(scenario.save_file())
    assert saved is not None and saved.recorded  # the save says so, for the next start
    (before,) = Records().stats_for("spider").values()

    # a real deal's game in that state: saved as counted, resumed, then given up
    gdef = Catalog([scenario.spider_only()]).load("spider", {})
    game = scenario.played(Game(gdef, scenario.DEAL), 3)
    save_current(game, recorded=True)
    again = scenario.new_app()
    again.boot()
    second = Driver(again)
    second.step()
    second.press("Y")
    resumed = _table(second)
    assert resumed.session.recorded
    again.give_up(resumed.session)
    (after,) = Records().stats_for("spider").values()
    assert after.played == before.played
