"""No text is cut on any screen, in either language: every screen a player reaches (keys
pressed as a player presses them), every page of every help, the menu of every bundled game
with its options, the duel with the longest names and code and the replay of the computer's
game, each drawn in English and in German. A text drawn cut short is noted by `fit` and `wrap`
(`widgets.CUT`); the test fails naming the texts cut."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
import scenario

from retro.definition.catalog import Catalog
from retro.duel import _MAX_SEED, NAME_LENGTH
from retro.store.settings import Settings
from retro.ui import texts
from retro.ui.app import App
from retro.ui.drawing import widgets
from retro.ui.driver import Driver, headless

pytestmark = pytest.mark.usefixtures("window")

LANGUAGES = ("en", "de")
LONGEST_CODE = f"DUEL-{_MAX_SEED}"
NAMES = ("M" * NAME_LENGTH, "W" * NAME_LENGTH)
PAGES = 12  # more than any help has


@pytest.fixture(autouse=True)
def nothing_cut_yet() -> Iterator[None]:
    widgets.CUT.clear()
    yield
    texts.use("en")  # the next test's words in English again


def _speaking(lang: str) -> None:
    """Every App made from now on starts in `lang` (as a player's remembered choice)."""
    settings = Settings.load()
    settings.language = lang
    settings.save()


def _drawn(driver: Driver, *pages: str) -> None:
    driver.redraw()
    for key in pages:
        driver.press(key)
        driver.redraw()


def _cut() -> list[str]:
    return list(widgets.CUT)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("screen", sorted(scenario.SCREENS))
def test_no_screen_cuts_a_text(screen: str, lang: str) -> None:
    _speaking(lang)
    driver = scenario.SCREENS[screen]()
    if driver.app.lang != lang and screen not in ("menu_de", "title_de", "won_de"):
        driver.app.set_language(lang)
        driver.step(2)
    _drawn(driver, *(("PAGEDOWN",) * PAGES if "instructions" in screen else ()))
    assert not _cut(), _cut()


def _menu(lang: str) -> Driver:
    headless()
    app = App(Catalog(), animate=False, seed_source=lambda: scenario.DEAL, lang=lang)
    app.show_title()
    driver = Driver(app)
    driver.press("RETURN")
    return driver


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_menu_of_every_game_shows_its_options_whole(lang: str) -> None:
    driver = _menu(lang)
    for _ in Catalog().ids():
        _drawn(driver, "DOWN")
    assert not _cut(), _cut()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    "reach",
    [
        lambda lang: _menu(lang),  # F1 in the menu: the chosen game's rules, then its keys
        lambda lang: scenario.fresh_table(),  # F1 at the table
        lambda lang: scenario.title(lang),  # F1 on the title screen: every key
    ],
    ids=["menu", "table", "title"],
)
def test_every_page_of_every_help_is_whole(lang: str, reach: Callable[[str], Driver]) -> None:
    _speaking(lang)
    driver = reach(lang)
    driver.press("F1")
    _drawn(driver, *("PAGEDOWN",) * PAGES * 2)
    assert not _cut(), _cut()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_duel_and_its_replays_show_the_longest_names_and_code_whole(lang: str) -> None:
    _speaking(lang)
    driver = scenario.duel_pass(NAMES, LONGEST_CODE)
    _drawn(driver, "RETURN")  # the second player's table, the code in its title bar
    result = scenario.computer_result(LONGEST_CODE)
    _drawn(result, "R")  # the computer's game watched again, the code in its title bar
    assert not _cut(), _cut()
