"""The end of a game is told first, then the high score; tables per option set; a game given up
counts in the statistics only; a duel's winner is listed as won; the name is remembered."""

from __future__ import annotations

import pytest
import scenario

from retro.store.records import Records
from retro.ui.scenes.dialogs import NameScene
from retro.ui.scenes.over import OverScene
from retro.ui.scenes.scores import HighScoresScene

pytestmark = pytest.mark.usefixtures("window")


def test_you_have_won_comes_before_a_new_high_score() -> None:
    driver = scenario.won_box()
    app = driver.app
    over = app.scene
    assert isinstance(over, OverScene) and over.outcome == "won"
    assert "Enter Your name" in over.compose().text(over.ROW + 7)
    assert Records().table("spider", scenario.usual("spider")) == []  # not counted yet
    driver.press("RETURN")
    assert isinstance(app.scene, NameScene)
    driver.type("Anna")
    driver.press("RETURN")
    assert isinstance(app.scene, HighScoresScene) and app.scene.highlight == 1
    driver.press("ESCAPE")
    assert app.scene is over and over.ask_name is None
    assert "Enter Next" in over.compose().text(over.ROW + 7)


def test_no_more_moves_comes_before_the_table() -> None:
    driver = scenario.table_at(scenario.STUCK)
    driver.step(2)
    over = driver.app.scene
    assert isinstance(over, OverScene) and over.outcome != "won"
    assert over.ask_name is not None  # it made the (empty) table: the name when Enter is pressed


def test_leaving_the_box_without_a_name_counts_the_game_under_the_last_name() -> None:
    driver = scenario.won_box()
    driver.app.keeper.last_name = "Carla"
    driver.press("U")  # undo: the game is counted first, as it ended
    (entry,) = Records().table("spider", scenario.usual("spider"))
    assert entry.name == "Carla" and entry.won


def test_a_game_given_up_is_not_in_the_ten_best() -> None:
    driver = scenario.fresh_table()
    driver.press("D", "N", "Y")  # a deal made, then a new deal: the first game is given up
    assert Records().table("spider", scenario.usual("spider")) == []
    assert [s.lost for s in Records().stats_for("spider").values()] == [1]


def test_the_duel_winner_is_listed_as_won() -> None:
    scenario.duel_result()
    table = Records().table("spider_duel", scenario.usual("spider_duel"))
    assert {entry.name: entry.won for entry in table} == {"Bert": True, "Anna": False}
    (stats,) = Records().stats_for("spider_duel").values()
    assert (stats.played, stats.won, stats.lost) == (2, 1, 1)


def test_the_name_is_offered_again_in_the_next_run() -> None:
    driver = scenario.name_prompt()
    driver.press("RETURN")
    again = scenario.won_box()  # a new App, reading the settings
    again.press("RETURN")
    prompt = again.app.scene
    assert isinstance(prompt, NameScene) and prompt.field.value == "Anna"


def test_the_high_score_screen_shows_the_table_of_the_options_chosen() -> None:
    scenario.with_records()
    driver = scenario.menu()
    driver.press("DOWN", "LEFT")  # Suits: 4 -> 1
    driver.press("F3")
    scores = driver.app.scene
    assert isinstance(scores, HighScoresScene)
    assert scores.entries == [] and "Suits 1" in scores.compose().text(scores.BOX_ROW)
