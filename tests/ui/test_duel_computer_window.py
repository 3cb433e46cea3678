"""Spider Duel against the computer in the window, by keys: the opponent chosen and remembered,
the person's turn, the computer's turn watched and skipped (the window drawn all the while),
the result by the hot seat's tie rule, the computer's game replayed, statistics apart."""

from __future__ import annotations

import pytest
import scenario

from retro import duel as duel_rules
from retro.duel import Strength, decide
from retro.engine.game import Game
from retro.engine.notation import parse_move
from retro.store.records import Records, computer_key
from retro.store.settings import Settings
from retro.ui.driver import Driver
from retro.ui.scenes.duelscreens import DuelResultScene, DuelSetupScene
from retro.ui.scenes.duelturns import MOVE_FRAMES, ComputerTurnScene
from retro.ui.scenes.netsetup import NetSetupScene
from retro.ui.scenes.replay import ReplayScene
from retro.ui.scenes.scores import HighScoresScene
from retro.ui.table.scene import TableScene

pytestmark = pytest.mark.usefixtures("window")


@pytest.fixture(autouse=True)
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Easy with a small node budget, so the whole duel runs in a test's time (and plays the
    same however busy the machine: time is never the limit)."""
    monkeypatch.setitem(duel_rules.STRENGTHS, "easy", Strength("easy", 600.0, 1, 40))


def _screen_text(driver: Driver) -> str:
    screen = driver.app.scene._screen  # type: ignore[attr-defined]
    return "\n".join(screen.text(row) for row in range(screen.rows))


def test_a_whole_duel_against_the_computer_by_keys() -> None:
    driver = scenario.duel_computer()
    app = driver.app
    setup = app.scene
    assert isinstance(setup, DuelSetupScene)
    assert setup.strength is not None and setup.strength.name == "easy"
    assert Settings.load().duel_opponent == "easy"  # remembered for the next duel

    driver.press("RETURN")  # against the computer the person plays at once
    table = app.scene
    assert isinstance(table, TableScene) and table.session.duel is not None
    scenario.play(driver, *scenario.ANNA_MOVES)
    anna_game = table.game
    driver.press("X", "Y")

    turn = app.scene
    assert isinstance(turn, ComputerTurnScene)
    assert turn.table.game is not anna_game and turn.table.game.moves_made == 0
    frames = 4 * MOVE_FRAMES
    driver.step(frames)
    shown = turn.shown
    assert 1 <= shown <= frames // MOVE_FRAMES + 1  # one move at a time, at a watchable pace
    assert "computer (easy)" in turn.table.status()
    driver.press("SPACE")  # skip: it finishes at once, a slice a frame
    for _ in range(20_000):
        if app.scene is not turn:
            break
        driver.redraw()  # the window is drawn all the while
        driver.step()
    result = app.scene
    assert isinstance(result, DuelResultScene)
    anna, computer = result.result.players
    assert (anna.name, anna.score, anna.moves) == ("Anna", 0, 2)
    assert computer.name == "Computer" and computer.moves >= 1
    assert result.result.winner == decide(anna, computer)
    text = _screen_text(driver)
    assert result.verdict() in text and "R Watch the computer's game" in text

    # its moves, replayed through the game, are all legal
    again = Game(table.game.gdef, table.game.seed)
    for line in computer.record:
        move = parse_move(again.position, line)
        assert again.why_not(move) is None
        again.push(move)
    assert again.score() == computer.score

    # statistics: the person's duel against the computer, easy, apart from the hot seat
    stats = Records().stats
    mine = stats[computer_key("spider_duel", "easy")]
    assert (mine.played, mine.won) == (1, int(result.result.winner == 0))
    assert "spider_duel" not in stats

    driver.press("R")  # watch the computer's game again
    replay = app.scene
    assert isinstance(replay, ReplayScene)
    assert "computer (easy)" in replay.table.session.label
    driver.press("END", "PLUS", "PLUS", "PLUS", "PLUS", "PLUS")
    for _ in range(20 * len(computer.record) + 100):
        if replay.at == len(computer.record):
            break
        driver.step()
    assert replay.at == len(computer.record) and not replay.stopped
    assert replay.game.score() == computer.score
    driver.press("ESCAPE")
    assert app.scene is result

    driver.press("S")  # the high score table: the statistics page against the computer
    scores = app.scene
    assert isinstance(scores, HighScoresScene)
    driver.press("RIGHT")
    driver.redraw()
    text = _screen_text(driver)
    assert "against the computer, easy" in text
    assert scores.panel == 1 and scores.panels[1][1] == mine


def test_the_opponent_goes_round_and_a_person_needs_a_second_name() -> None:
    driver = scenario.duel_menu()
    app = driver.app
    driver.press("RETURN")
    setup = app.scene
    assert isinstance(setup, DuelSetupScene) and setup.strength is None
    driver.type("Anna")
    names = []
    for _ in range(6):  # past the computer, the network duel's form: hosting, joining
        driver.press("RIGHT")
        scene = app.scene
        if isinstance(scene, NetSetupScene):
            names.append(scene.mode)
        else:
            assert isinstance(scene, DuelSetupScene)
            names.append(scene.strength.name if scene.strength else "person")
    assert names == ["easy", "medium", "hard", "host", "join", "person"]
    driver.press("LEFT", "LEFT", "LEFT")
    setup = app.scene
    assert isinstance(setup, DuelSetupScene) and setup.fields[setup.NAME1].value == "Anna"
    assert setup.strength is not None and setup.strength.name == "hard"
    assert setup.cycle() == [setup.NAME1, setup.CODE]  # no second name against the computer
    assert setup.focus == setup.CODE
    driver.press("LEFT", "LEFT", "LEFT")  # a person again: the second name is asked
    assert setup.strength is None
    driver.press("RETURN")
    assert "name" in setup.problem and app.scene is setup
    driver.press("shift+TAB")
    assert setup.focus == setup.NAME2


def test_leaving_during_the_computers_turn_asks_and_counts_the_persons_game() -> None:
    driver = scenario.duel_computer()
    app = driver.app
    driver.press("RETURN")
    scenario.play(driver, *scenario.ANNA_MOVES)
    driver.press("X", "Y")
    assert isinstance(app.scene, ComputerTurnScene)
    driver.press("ESCAPE")
    driver.press("Y")
    assert app.session is None
    stats = Records().stats
    assert stats[computer_key("spider_duel", "easy")].lost == 1
