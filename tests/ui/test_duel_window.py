"""The duel in the window: two names, one duel code, the hot seat, the result."""

from __future__ import annotations

import pytest
import scenario

from retro.duel import duel_code
from retro.store.records import Records
from retro.ui.driver import Driver
from retro.ui.scenes.dialogs import ConfirmScene
from retro.ui.scenes.duelscreens import DuelResultScene, DuelSetupScene, PassScene, parse_code
from retro.ui.scenes.menu import MenuScene
from retro.ui.table.layout import SCREEN_H, SCREEN_W
from retro.ui.table.scene import TableScene

pytestmark = pytest.mark.usefixtures("window")


def _screen_text(driver: Driver) -> str:
    scene = driver.app.scene
    screen = scene._screen  # type: ignore[attr-defined]
    return "\n".join(screen.text(row) for row in range(screen.rows))


def test_two_players_play_the_same_deal_in_turn_and_the_tie_rule_names_the_winner() -> None:
    driver = scenario.duel_setup()
    app = driver.app
    driver.press("RETURN")
    first = app.scene
    assert isinstance(first, PassScene)
    assert "Anna" in _screen_text(driver) and "DUEL-1" in _screen_text(driver)
    driver.press("RETURN")
    table = app.scene
    assert isinstance(table, TableScene) and table.session.duel is not None
    opening = table.game.position.fingerprint()
    assert table.game.seed == 1
    scenario.play(driver, *scenario.ANNA_MOVES)
    assert table.game.moves_made == 2 and table.game.score() == 0
    driver.press("U")  # no undo in a duel
    assert table.game.moves_made == 2 and table.error
    driver.press("X")
    assert isinstance(app.scene, ConfirmScene)
    driver.press("N")
    assert app.scene is table
    driver.press("X", "Y")

    passing = app.scene
    assert isinstance(passing, PassScene)
    text = _screen_text(driver)
    assert "Pass the keyboard to" in text and "Bert" in text
    assert "Score" not in text  # Anna's score stays hidden from Bert
    driver.press("RETURN")
    second = app.scene
    assert isinstance(second, TableScene)
    assert second.game is not table.game and second.game.moves_made == 0
    assert second.game.position.fingerprint() == opening  # the very same deal
    assert "Bert" in second.session.label
    driver.press("X", "Y")  # Bert: Done at once, score 0 in 0 moves

    result = app.scene
    assert isinstance(result, DuelResultScene)
    anna, bert = result.result.players
    assert (anna.name, anna.score, anna.moves) == ("Anna", 0, 2)
    assert (bert.name, bert.score, bert.moves) == ("Bert", 0, 0)
    assert result.result.winner_name == "Bert"  # equal scores: fewer moves wins
    text = _screen_text(driver)
    assert "WINNER" not in text  # drawn in big letters, not as text
    assert "Bert wins with fewer moves" in text and "DUEL-1" in text
    table = Records().table("spider_duel", scenario.usual("spider_duel"))
    names = sorted(entry.name for entry in table)
    assert names == ["Anna", "Bert"]
    driver.press("RETURN")
    assert isinstance(app.scene, MenuScene)


def test_a_duel_of_equal_scores_and_moves_is_a_draw() -> None:
    driver = scenario.duel_setup()
    driver.press("RETURN", "RETURN", "X", "Y", "RETURN", "X", "Y")
    result = driver.app.scene
    assert isinstance(result, DuelResultScene)
    assert result.result.draw and "a draw" in result.verdict()


def test_the_duel_code_is_a_number_or_duel_code_or_random_and_bad_ones_are_told() -> None:
    assert parse_code("DUEL-77") == 77 == parse_code(" duel-77 ") == parse_code("77")
    assert parse_code("") is None
    driver = scenario.duel_menu()
    app = driver.app
    driver.press("RETURN")
    setup = app.scene
    assert isinstance(setup, DuelSetupScene)
    driver.press("RETURN")  # Enter moves on to the next empty field
    assert setup.focus == 1
    driver.press("TAB", "RETURN")  # start without names
    assert "name" in setup.problem and app.scene is setup
    driver.press("TAB")
    assert setup.focus == 0
    driver.type("Anna")
    driver.press("TAB")
    driver.type("anna")
    driver.press("TAB")
    driver.type("SPIEL-3")
    driver.press("RETURN")
    assert "SPIEL-3" in setup.problem and app.scene is setup
    for _ in "SPIEL-3":
        driver.press("BACKSPACE")
    driver.press("RETURN")
    assert "different" in setup.problem
    driver.press("shift+TAB")
    driver.press("BACKSPACE", "BACKSPACE", "BACKSPACE", "BACKSPACE")
    driver.type("Bert")
    driver.press("DOWN", "F2")  # a random duel code, shown to pass on
    code = setup.fields[2].value
    assert code.startswith("DUEL-")
    driver.press("RETURN")
    assert isinstance(app.scene, PassScene)
    assert app.session is not None and app.session.duel is not None
    assert duel_code(app.session.game.seed) == code


def test_the_done_button_on_the_status_line_ends_the_turn_by_mouse() -> None:
    driver = scenario.duel_setup()
    driver.press("RETURN", "RETURN")
    table = driver.app.scene
    assert isinstance(table, TableScene)
    driver.redraw()
    button = driver.pixels()[
        (SCREEN_H - 8) * SCREEN_W + SCREEN_W - 60 : (SCREEN_H - 8) * SCREEN_W + SCREEN_W - 4
    ]
    assert 7 in button  # light grey: the button is drawn
    driver.click(SCREEN_W - 24, SCREEN_H - 8)
    assert isinstance(driver.app.scene, ConfirmScene)
    driver.press("Y")
    assert isinstance(driver.app.scene, PassScene)


def test_spider_duel_columns_lift_cards_by_enter_and_turn_only_hidden_tops() -> None:
    driver = scenario.duel_setup()
    driver.press("RETURN", "RETURN")
    table = driver.app.scene
    assert isinstance(table, TableScene)
    scenario.play(driver, "tableau:1>tableau:7")
    column = table.game.position.by_id["tableau:1"]
    assert column.cards and column.face_up == 0
    scenario.play(driver, "flip tableau:1")
    assert column.face_up == 1
    assert table.game.moves_made == 2


def test_a_new_duel_for_the_same_players_and_leaving_a_duel_asks_first() -> None:
    driver = scenario.duel_setup()
    app = driver.app
    driver.press("RETURN", "RETURN", "X", "Y", "RETURN", "X", "Y", "N")
    setup = app.scene
    assert isinstance(setup, DuelSetupScene)
    assert [f.value for f in setup.fields] == ["Anna", "Bert", ""] and setup.focus == 2
    driver.press("RETURN")  # an empty code: a random duel
    assert isinstance(app.scene, PassScene)
    driver.press("ESCAPE")
    assert isinstance(app.scene, ConfirmScene)
    driver.press("Y")
    assert isinstance(app.scene, MenuScene) and app.session is None


def test_the_duel_form_lights_the_field_being_typed_in() -> None:
    """The field with the cursor is lit (black on cyan, as the menu's chosen line), the
    others dark: the eye goes where the typing goes."""
    from retro.ui.drawing import palette as pal
    from retro.ui.drawing.textview import CELL_H, CELL_W
    from retro.ui.scenes.duelscreens import DuelSetupScene
    from retro.ui.table.layout import SCREEN_W

    driver = scenario.duel_setup()  # the code field being typed in
    scene = driver.app.scene
    assert isinstance(scene, DuelSetupScene)
    driver.redraw()
    screen = driver.pixels()

    def background(index: int) -> int:
        row = scene.ROW + 5 + scene.LINES.index(index)
        blank = scene.FIELD_COL + len(scene.fields[index].value) + 1  # after the text and cursor
        x, y = blank * CELL_W + 1, row * CELL_H + 1
        return screen[y * SCREEN_W + x]

    assert scene.focus == scene.CODE
    assert background(scene.CODE) == pal.CYAN
    assert background(scene.NAME1) == background(scene.NAME2) == pal.BLACK
