"""What good patience programs do for a player, at the real table by keys and the mouse: safe
cards go home by themselves (a setting turns it off) and a certain finish is offered; A and
Space send free Aces home; cards are dragged and dropped; the piles that take lifted cards are
marked; every game can be given up; the card back and the table's colour are chosen."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import scenario

from retro.definition.catalog import Catalog
from retro.engine.game import Game
from retro.engine.notation import format_pile, parse_position
from retro.engine.position import MOVE
from retro.store.records import Records
from retro.store.settings import settings_path
from retro.ui import texts
from retro.ui.app import App
from retro.ui.drawing import palette as pal
from retro.ui.drawing.cardart import CARD_H, CARD_W
from retro.ui.driver import Driver, headless
from retro.ui.scenes.menu import MenuScene
from retro.ui.scenes.over import GIVEN_UP, OverScene
from retro.ui.session import Session
from retro.ui.table.layout import SCREEN_W
from retro.ui.table.scene import TableScene

pytestmark = pytest.mark.usefixtures("window")


def table_of(driver: Driver) -> TableScene:
    table = driver.app.scene
    assert isinstance(table, TableScene)
    return table


def pile(table: TableScene, pile_id: str) -> list[str]:
    found = next(p for p in table.piles if p.id == pile_id)
    return format_pile(found)


def table_of_game(game_id: str, seed: int) -> Driver:
    """A window on every bundled game (Midnight Oil extends La Belle Lucie), `game_id` dealt."""
    headless()
    app = App(Catalog(), animate=False, seed_source=lambda: seed, winnable_mark=False)
    app.start(game_id, {}, seed)
    driver = Driver(app)
    driver.step()
    return driver


def freecell_with_a_heart_free(auto_home: bool) -> Driver:
    """FreeCell deal 1, the three cards on A♥ (8♣ J♥ 4♦) parked in the cells by keys."""
    driver = scenario.one_game_table("freecell", 1)
    driver.app.settings.auto_home = auto_home
    scenario.play(driver, "tableau:7>cell:1", "tableau:7>cell:2", "tableau:7>cell:3")
    driver.step(30)  # the first time, what is safe is learnt a slice a frame
    return driver


# -- 1. safe cards home, and the finish -----------------------------------------------------------


def test_a_free_ace_goes_home_by_itself_and_one_undo_takes_both_back() -> None:
    driver = freecell_with_a_heart_free(auto_home=True)
    table = table_of(driver)
    assert pile(table, "foundation:1") == ["AH"]
    assert len(table.game.history) == 4
    driver.press("U")  # the 4♦ to its cell and the A♥ that followed it home
    assert pile(table, "tableau:7") == ["7C", "KH", "AH", "4D"]
    assert len(table.game.history) == 2
    driver.press("R")
    assert pile(table, "foundation:1") == ["AH"] and len(table.game.history) == 4


def test_with_the_setting_off_cards_stay_where_they_are() -> None:
    driver = freecell_with_a_heart_free(auto_home=False)
    assert pile(table_of(driver), "foundation:1") == []


def test_the_setting_is_chosen_in_the_settings_box_and_kept() -> None:
    driver = settings_line("auto_home")
    driver.press("RIGHT")
    assert driver.app.settings.auto_home is False
    assert json.loads(settings_path().read_text(encoding="utf-8"))["auto_home"] is False


# Every card face up and the stock empty; only 6♠ and the hearts' 2 are in the wrong order for
# the safe rule, so the finish is a question to the player.
FINISH = "\n".join(
    [
        "foundation:1 = " + " ".join(f"{r}S" for r in "A2345"),
        "foundation:2 = AH",
        "foundation:3 = " + " ".join(f"{r}C" for r in "A23456789TJQK"),
        "foundation:4 = " + " ".join(f"{r}D" for r in "A23456789TJQK"),
        "tableau:1 = KS QS JS TS 9S 8S 7S",
        "tableau:2 = KH QH JH TH 9H 8H 7H 6H 5H 4H 3H",
        "tableau:3 = 6S 2H",
    ]
)


def test_a_certain_finish_is_offered_and_a_plays_it_out() -> None:
    driver = scenario.one_game_table("freecell", 1)
    app = driver.app
    app.settings.auto_home = False
    gdef = app.catalog.load("freecell", {})
    app.session = Session("freecell", {}, Game(gdef, 1, parse_position(gdef, FINISH)))
    app.replace(TableScene(app))
    driver.step()
    scenario.play(driver, "tableau:3>tableau:4")  # 2♥ to an empty column
    driver.step(30)
    table = table_of(driver)
    assert table.status() == "Every card can go home now: A finishes the game"
    driver.press("A")
    driver.step(60)
    assert table.game.outcome() == "won"


# -- 2. A and Space send free Aces home ----------------------------------------------------


def test_a_sends_the_free_ace_home_in_freecell() -> None:
    driver = freecell_with_a_heart_free(auto_home=False)
    driver.press("A")
    driver.step(40)
    assert pile(table_of(driver), "foundation:1")[:1] == ["AH"]


@pytest.mark.parametrize(
    ("game_id", "seed"), [("seahaven_towers", 2), ("michaels_fantasy", 2), ("midnight_oil", 1)]
)
def test_a_leaves_no_free_ace_out(game_id: str, seed: int) -> None:
    driver = table_of_game(game_id, seed)
    driver.press("A")
    driver.step(200)
    table = table_of(driver)
    free = [p.id for p in table.piles if p.kind != "foundation" and p.cards and p.top.rank == 1]
    assert free == []
    assert any(p.cards for p in table.piles if p.kind == "foundation")


def test_space_sends_midnight_oils_ace_home_not_onto_its_two() -> None:
    seed, src = next(
        (seed, p)
        for seed in range(1, 400)
        for game in [Game(Catalog().load("midnight_oil", {}), seed)]
        for p in game.position.piles
        if p.group.name == "fans"
        and p.cards
        and format_pile(p)[-1] == "AH"
        and any(q.cards and format_pile(q)[-1] == "2H" for q in game.position.piles)
    )
    driver = table_of_game("midnight_oil", seed)
    table = table_of(driver)
    driver.press(*scenario._walk(table, src.index), "SPACE")
    assert next(format_pile(p) for p in table.piles if p.kind == "foundation")[:1] == ["AH"]


def test_space_never_walks_a_card_from_cell_to_cell() -> None:
    driver = scenario.one_game_table("freecell", 1)
    driver.app.settings.auto_home = False
    table = table_of(driver)
    driver.press(*scenario._walk(table, table.game.position.groups["tableau"][6].index))
    driver.press("SPACE")  # 8♣ has no column to go to: a free cell
    assert pile(table, "cell:1") == ["8C"]
    driver.press("SPACE", "SPACE")
    assert pile(table, "cell:1") == ["8C"] and pile(table, "cell:2") == []
    assert table.error


# -- 3. drag and drop ----------------------------------------------------------------------------


def middle(table: TableScene, pile_id: str) -> tuple[int, int]:
    found = next(p for p in table.piles if p.id == pile_id)
    geometry = table.geometry
    x, y = geometry.card_xy(found, geometry.offsets(found), max(len(found.cards) - 1, 0))
    return x + CARD_W // 2, y + CARD_H // 2


def drag(
    driver: Driver, start: tuple[int, int], end: tuple[int, int], shot: Path | None = None
) -> bytes:
    """Press the left button at `start`, move to `end` in steps, let go (a picture taken just
    before letting go, when asked)."""
    pyxel = driver.pyxel
    pyxel.set_mouse_pos(*start)
    driver.step()
    pyxel.set_btn(pyxel.MOUSE_BUTTON_LEFT, True)
    driver.step()
    for k in range(1, 5):
        pyxel.set_mouse_pos(
            start[0] + (end[0] - start[0]) * k // 4, start[1] + (end[1] - start[1]) * k // 4
        )
        driver.step()
    if shot is not None:
        driver.save(shot)
    pixels = driver.pixels()
    pyxel.set_btn(pyxel.MOUSE_BUTTON_LEFT, False)
    driver.step(2)
    return pixels


def test_a_card_dragged_follows_the_pointer_and_drops_on_the_pile_under_it(
    tmp_path: Path,
) -> None:
    driver = scenario.one_game_table("freecell", 1)
    driver.app.settings.auto_home = False
    table = table_of(driver)
    start, end = middle(table, "tableau:7"), middle(table, "cell:2")
    seen = drag(driver, start, end, tmp_path / "drag.png")
    x, y = end[0] - 20, end[1] - 30  # the card's white face under the pointer
    assert seen[y * SCREEN_W + x] in (pal.WHITE, pal.LIGHT_CYAN)
    assert pile(table, "cell:2") == ["8C"] and table.held is None


def test_a_card_let_go_where_nothing_takes_it_goes_back() -> None:
    driver = scenario.one_game_table("freecell", 1)
    table = table_of(driver)
    drag(driver, middle(table, "tableau:7"), (600, 370))  # the empty felt
    assert pile(table, "tableau:7")[-1] == "8C" and table.held is None
    assert len(table.game.history) == 0


def test_click_click_still_moves_cards() -> None:
    driver = scenario.one_game_table("freecell", 1)
    driver.app.settings.auto_home = False
    table = table_of(driver)
    driver.click(*middle(table, "tableau:7"))
    assert table.held is not None
    driver.click(*middle(table, "cell:3"))
    assert pile(table, "cell:3") == ["8C"]


# -- 4. where lifted cards can go -------------------------------------------------------------


def corner(table: TableScene, pile_id: str) -> int:
    found = next(p for p in table.piles if p.id == pile_id)
    geometry = table.geometry
    x, y = geometry.card_xy(found, geometry.offsets(found), max(len(found.cards) - 1, 0))
    return (y - 3) * SCREEN_W + x - 3  # the marker's top left corner


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_piles_that_take_the_lifted_card_are_marked(lang: str, tmp_path: Path) -> None:
    driver = scenario.one_game_table("freecell", 1)
    driver.app.set_language(lang)
    table = table_of(driver)
    before = driver.pixels()
    driver.press(*scenario._walk(table, table.game.position.groups["tableau"][6].index), "RETURN")
    driver.save(tmp_path / f"marked_{lang}.png")
    after = driver.pixels()
    takes = {
        table.piles[m.dst].id
        for m in table.game.legal_moves()
        if m.kind == MOVE and m.src == table.held[0] and m.count == table.held[1]
    }
    assert takes == {"cell:1", "cell:2", "cell:3", "cell:4"}
    for cell in sorted(takes):
        assert before[corner(table, cell)] != pal.WHITE and after[corner(table, cell)] == pal.WHITE
    for other in ("tableau:1", "foundation:1"):
        assert after[corner(table, other)] != pal.WHITE
    driver.press("ESCAPE")
    assert driver.pixels()[corner(table, "cell:1")] != pal.WHITE
    texts.use("en")  # the language is the process's: the next test's as it found it


# -- 5. give up anywhere -------------------------------------------------------------------------


def test_x_gives_up_klondike_after_asking_and_counts_it_as_lost() -> None:
    driver = scenario.one_game_table("klondike", 1)
    driver.press("D")
    driver.press("X")
    assert not isinstance(driver.app.scene, OverScene)  # asked first
    driver.press("Y")
    over = driver.app.scene
    assert isinstance(over, OverScene) and over.outcome == GIVEN_UP
    stats = list(Records().stats_for("klondike").values())
    assert [(s.played, s.lost) for s in stats] == [(1, 1)]
    assert Records().table("klondike", scenario.usual("klondike")) == []
    assert driver.app.keeper.resume(driver.app.catalog) is None  # nothing left to resume


# -- 6. card backs and table colours ------------------------------------------------------


def settings_line(line: str) -> Driver:
    from retro.ui.scenes.settingsbox import LINES

    driver = scenario.menu()
    menu_scene = driver.app.scene
    assert isinstance(menu_scene, MenuScene)
    while menu_scene.lines(driver.app)[menu_scene.focus][0] != "settings":
        driver.press("DOWN")
    driver.press("RETURN", *["DOWN"] * LINES.index(line))
    return driver


def test_the_table_colour_and_card_back_are_chosen_kept_and_shown(tmp_path: Path) -> None:
    driver = settings_line("back")
    driver.press("RIGHT", "DOWN", "RIGHT")  # the red lattice, the blue table
    settings = json.loads(settings_path().read_text(encoding="utf-8"))
    assert (settings["card_back"], settings["felt"]) == ("red", "blue")
    driver.save(tmp_path / "settings.png")
    shown = driver.pixels()
    assert pal.BLUE in shown and pal.LIGHT_RED in shown  # the preview: felt and back
    driver.press("ESCAPE")
    driver.app.start("spider", {}, scenario.DEAL)
    table = table_of(driver)
    driver.settle()
    pixels = driver.pixels()
    assert pixels[30 * SCREEN_W + 4] == pal.BLUE  # the felt, under the title bar
    down = next(p for p in table.piles if p.down)
    x, y = table.geometry.origin(down)
    back = {pixels[(y + dy) * SCREEN_W + x + dx] for dx in range(4, 40) for dy in range(4, 12)}
    assert pal.RED in back and pal.BLUE not in back
