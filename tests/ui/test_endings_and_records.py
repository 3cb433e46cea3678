"""The end of a game is told first, then the high score; tables per option set; a game given up
counts in the statistics only; a duel's winner is listed as won; the name is remembered."""

from __future__ import annotations

import pytest
import scenario

from retro.store.records import Records, option_key, player_key
from retro.ui.driver import Driver
from retro.ui.scenes.dialogs import NameScene
from retro.ui.scenes.over import OverScene
from retro.ui.scenes.scores import HighScoresScene
from retro.ui.table.scene import TableScene
from retro.ui.table.view import status_fields

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
    stats = Records().stats_for("spider_duel")
    key = option_key("spider_duel", scenario.usual("spider_duel"))
    anna, bert = stats[player_key(key, "Anna")], stats[player_key(key, "Bert")]
    assert (anna.played, anna.won, anna.lost) == (1, 0, 1)  # one duel: one game each
    assert (bert.played, bert.won, bert.lost) == (1, 1, 0)
    assert key not in stats


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


def test_each_hot_seat_player_has_a_statistics_page() -> None:
    driver = scenario.duel_result()
    scores = HighScoresScene(driver.app, "spider_duel", scenario.usual("spider_duel"))
    titles = [title for title, _ in scores.panels]
    assert any("Anna in the hot seat" in title for title in titles)
    assert any("Bert in the hot seat" in title for title in titles)


# Golf lost with nothing cleared: every column whole, the stock gone, no column top next to 7♠.
GOLF_LOST = "\n".join(
    [
        "tableau:1 = 2S 3S 4S 5S KS",
        "tableau:2 = 2H 3H 4H 5H KH",
        "tableau:3 = 2D 3D 4D 5D KD",
        "tableau:4 = 2C 3C 4C 5C KC",
        "tableau:5 = AS AH AD AC QS",
        "tableau:6 = 9S 9H 9D 9C QH",
        "tableau:7 = TS TH TD TC QD",
        "foundation = 6S 6H 6D 6C 8S 8H 8D 8C JS JH JD JC QC 7H 7D 7C 7S",
    ]
)


def _golf_at(text: str | None, lang: str = "en") -> Driver:
    """Golf at the position given (None: deal 1 as dealt), in the language given."""
    from retro.definition.catalog import Catalog
    from retro.engine.game import Game
    from retro.engine.notation import parse_position
    from retro.ui.app import App
    from retro.ui.session import Session

    catalog = Catalog()
    catalog.dirs = [scenario.only("golf")]
    app = App(catalog, animate=False, seed_source=lambda: 1, lang=lang, winnable_mark=False)
    gdef = catalog.load("golf", {})
    position = None if text is None else parse_position(gdef, text)
    app.session = Session("golf", {}, Game(gdef, 1, position), label="Golf")
    app.replace(TableScene(app))
    driver = Driver(app)
    driver.step(2)
    return driver


def test_a_golf_game_lost_with_nothing_cleared_is_no_high_score() -> None:
    driver = _golf_at(GOLF_LOST)
    over = driver.app.scene
    assert isinstance(over, OverScene) and over.outcome != "won"
    assert over.ask_name is None  # no "A new high score!" for a loss that scored nothing
    driver.press("RETURN")
    assert Records().table("golf", scenario.usual("golf")) == []
    (stats,) = Records().stats_for("golf").values()
    assert (stats.played, stats.lost) == (1, 1)


@pytest.mark.parametrize(("lang", "word"), [("en", "Cleared 0"), ("de", "Abgeräumt 0")])
def test_golf_says_what_its_score_counts(lang: str, word: str) -> None:
    table = _golf_at(None, lang).app.scene
    assert isinstance(table, TableScene)
    assert word in status_fields(table) and "Score" not in status_fields(table)
