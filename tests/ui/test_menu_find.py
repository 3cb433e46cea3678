"""A game found among a hundred: the menu lists games under family headings, Shift+Left/Right
jump a family, letters typed find a game by its name (Backspace takes one back, Esc forgets
it), all through the window's one keymap."""

from __future__ import annotations

from pathlib import Path

import pytest

from retro.definition.catalog import Catalog
from retro.definition.families import FAMILIES
from retro.ui.app import App
from retro.ui.driver import Driver, headless
from retro.ui.scenes.menu import MenuScene
from tests.test_broken_games import GOOD

pytestmark = pytest.mark.usefixtures("window")

FIRST = ("Amber", "Brass", "Cedar", "Dusky", "Ember", "Frost", "Glass", "Heron", "Ivory", "Jade")
SECOND = ("Anchor", "Bridge", "Castle", "Delta", "Engine", "Forest", "Garden", "Harbour")


def _hundred(folder: Path) -> list[tuple[str, str, str]]:
    """A hundred game files, spread over every family; (id, title, family) each. The last
    four name no family."""
    folder.mkdir()
    made = []
    for number in range(100):
        title = f"{FIRST[number % 10]} {SECOND[number // 10 % 8]} {number}"
        game_id = f"game_{number:03}"
        family = FAMILIES[number % len(FAMILIES)].id if number < 96 else "other"
        text = GOOD.replace("id: mini", f"id: {game_id}").replace("title: Mini", f"title: {title}")
        if number < 96:
            text += f"family: {family}\n"
        (folder / f"{game_id}.yaml").write_text(text, encoding="utf-8")
        made.append((game_id, title, family))
    return made


def _menu(tmp_path: Path, lang: str = "en") -> tuple[Driver, MenuScene, list[tuple[str, str, str]]]:
    headless()
    made = _hundred(tmp_path / "games")
    catalog = Catalog()
    catalog.dirs = [tmp_path / "games"]  # these hundred alone
    app = App(catalog, animate=False, seed_source=lambda: 5, lang=lang)
    app.show_title()
    driver = Driver(app)
    driver.press("RETURN")
    menu = app.scene
    assert isinstance(menu, MenuScene)
    return driver, menu, made


def _list_rows(driver: Driver, menu: MenuScene) -> list[str]:
    """The list's rows as drawn, frame and scroll bar left out."""
    screen = menu.compose(driver.app)
    left, right = menu.LIST_COL + 1, menu.LIST_COL + menu.LIST_W - 2
    return [
        screen.text(menu.LIST_ROW + 1 + offset)[left:right].strip()
        for offset in range(menu.VISIBLE)
    ]


def test_the_hundred_games_are_listed_by_family_each_sorted_by_title(tmp_path: Path) -> None:
    driver, menu, made = _menu(tmp_path)
    assert len(menu.entries) == 100
    families = [entry.family for entry in menu.entries]
    order = [family.id for family in FAMILIES]
    assert families == sorted(families, key=order.index)
    for family in order:
        titles = [entry.title.casefold() for entry in menu.entries if entry.family == family]
        assert titles == sorted(titles)
    headings = [item for item in menu.listing if isinstance(item, str)]
    assert headings == order
    driver.press("HOME")
    rows = _list_rows(driver, menu)
    assert rows[0].startswith("─ Klondike ─") and rows[1] == "►" + menu.entries[0].title
    assert rows[1 + families.count("klondike")].startswith("─ FreeCell ─")
    assert sum(1 for _, _, family in made if family == "other") == len(
        [entry for entry in menu.entries if entry.family == "other"]
    )


def test_shift_right_and_left_jump_to_the_first_game_of_a_family_its_heading_on_top(
    tmp_path: Path,
) -> None:
    driver, menu, _ = _menu(tmp_path)
    driver.press("HOME")
    assert menu.entry.family == "klondike"
    seen = []
    for _ in FAMILIES:
        driver.press("shift+RIGHT")
        seen.append(menu.entry.family)
        assert menu.listing[menu.top] == menu.entry.family or menu.top == (
            len(menu.listing) - menu.VISIBLE
        )
        assert menu.game == 0 or menu.entries[menu.game - 1].family != menu.entry.family
    assert seen == [family.id for family in FAMILIES[1:]] + ["klondike"]  # round the end
    driver.press("shift+LEFT")
    assert menu.entry.family == "other"
    driver.press("shift+LEFT", "shift+LEFT")
    assert menu.entry.family == "gaps" and menu.focus == 0
    driver.press("LEFT")  # plain Left on the game line: one game back, into the family before
    assert menu.entry.family == "calculation"


def test_typing_a_name_finds_the_game_and_backspace_and_esc_take_it_back(tmp_path: Path) -> None:
    driver, menu, _ = _menu(tmp_path)
    app = driver.app
    driver.press("H", "E", "R", "O", "N", "G")
    assert menu.find == "herong" and menu.entry.title.startswith("Heron Garden")
    assert menu.top <= menu.row_of[menu.game] < menu.top + menu.VISIBLE
    chosen = menu.entry
    driver.press("BACKSPACE")
    assert menu.find == "heron" and menu.entry is chosen  # the game stays
    deal = menu.deal
    driver.press("ESCAPE")
    assert menu.find == "" and app.scene is menu  # Esc forgets the name first
    driver.press("BACKSPACE")
    assert menu.deal == deal[:-1]  # with no name typed, Backspace is the deal's again
    driver.press("ESCAPE")
    assert app.scene is not menu


def test_letters_no_title_starts_with_find_a_title_holding_them(tmp_path: Path) -> None:
    driver, menu, _ = _menu(tmp_path)
    driver.press("H", "A", "R", "B", "O", "U", "R")
    assert "Harbour" in menu.entry.title and menu.find == "harbour"
    driver.press("7")  # a digit is the deal's: it ends the name
    assert menu.find == "" and menu.deal == "7"
    driver.press("D", "G", "E")  # no title starts with DGE: Bridge holds it
    assert "Bridge" in menu.entry.title and menu.find == "dge"


def test_the_same_letter_again_steps_through_the_games_starting_with_it(tmp_path: Path) -> None:
    driver, menu, _ = _menu(tmp_path)
    driver.press("J")
    first = menu.game
    jade = [i for i, entry in enumerate(menu.entries) if entry.title.startswith("J")]
    steps = [menu.game]
    for _ in range(len(jade)):
        driver.press("J")
        steps.append(menu.game)
    assert sorted(set(steps)) == jade and steps[-1] == first  # every one, then round again


def test_a_letter_no_title_holds_is_refused_and_keeps_the_name(tmp_path: Path) -> None:
    driver, menu, _ = _menu(tmp_path)
    driver.press("C", "E", "D")
    chosen = menu.game
    driver.press("Q")
    assert menu.game == chosen and menu.find == "ced"
    assert "refuse" in driver.app.beeper.played


def test_a_german_player_sees_german_family_names_and_finds_a_game_by_its_german_name(
    tmp_path: Path,
) -> None:
    headless()
    app = App(Catalog(), animate=False, seed_source=lambda: 5, lang="de")
    app.show_title()
    driver = Driver(app)
    driver.press("RETURN")
    menu = app.scene
    assert isinstance(menu, MenuScene)
    driver.press("R", "A", "U", "B")  # "Vierzig Räuber": no title starts so, this one holds it
    assert menu.entry.id == "forty_thieves" and menu.find == "raub"
    rows = _list_rows(driver, menu)  # the game listed under its family's heading
    above = rows[: rows.index("►Vierzig Räuber")]
    assert [row for row in above if row.startswith("─ ")][-1].startswith("─ Vierzig Räuber ─")
    driver.press("shift+RIGHT")
    assert menu.entry.family == "fans"
    assert _list_rows(driver, menu)[0].startswith("─ Fächer und Burgen ─")


def test_a_click_on_a_family_heading_chooses_its_first_game(tmp_path: Path) -> None:
    from retro.ui.drawing.textview import CELL_H, CELL_W

    driver, menu, _ = _menu(tmp_path)
    driver.press("HOME", "shift+RIGHT")  # FreeCell's heading on the list's top row
    assert menu.listing[menu.top] == "freecell"
    driver.press("DOWN", "DOWN")  # the focus off the game line
    heading = menu.LIST_ROW + 1
    driver.click((menu.LIST_COL + 4) * CELL_W, (heading + 5) * CELL_H + 2)
    assert menu.game == menu.listing[menu.top + 5]  # the family's fifth game
    driver.click((menu.LIST_COL + 4) * CELL_W, heading * CELL_H + 2)
    assert menu.entry.family == "freecell" and menu.game == menu.listing[menu.top + 1]
    driver.click((menu.LIST_COL + 4) * CELL_W, heading * CELL_H + 2)
    assert driver.app.scene is menu  # a heading never plays


def test_the_schema_offers_exactly_the_families() -> None:
    from retro.definition.schema import schema

    named = schema()["properties"]["family"]["anyOf"][1]["enum"]
    assert named == [family.id for family in FAMILIES]
