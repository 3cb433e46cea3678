"""The status line's "still winnable?" mark: worked out a slice a frame, never touching the game,
started again by each move, and "no win left" when none is."""

from __future__ import annotations

import pytest

from retro.definition.catalog import Catalog
from retro.engine.game import WON, Game
from retro.engine.notation import parse_position
from retro.ui import texts
from retro.ui.table import winwatch
from retro.ui.table.view import status_fields
from retro.ui.table.winwatch import WinWatch, remember

CATALOG = Catalog()
STUCK = "\n".join(
    f"tableau:{i + 1} = {card}"
    for i, card in enumerate(["KS", "KS", "KH", "KH", "KD", "KD", "KC", "KC", "AS", "AH"])
)


@pytest.fixture(autouse=True)
def _nothing_known() -> None:
    winwatch._KNOWN.clear()  # each test meets its positions for the first time


def _ticks_until_answer(watch: WinWatch, game: Game, limit: int = 200_000) -> int:
    for frame in range(limit):
        watch.tick(game)
        if watch.answer:
            return frame
    raise AssertionError("no answer")


def test_the_mark_says_winnable_after_some_frames_and_the_game_is_untouched() -> None:
    game = Game(CATALOG.load("freecell", {}), 3)
    look = (game.key(), game.position.piles_state(), list(game.history))
    watch = WinWatch()
    watch.tick(game)
    assert watch.mark() == texts.WINNABLE_UNKNOWN  # not known yet after one slice
    frames = _ticks_until_answer(watch, game)
    assert frames > 1 and watch.mark() == texts.WINNABLE_YES
    assert (game.key(), game.position.piles_state(), list(game.history)) == look


def test_a_move_starts_the_question_again() -> None:
    game = Game(CATALOG.load("freecell", {}), 3)
    watch = WinWatch()
    _ticks_until_answer(watch, game)
    game.push(game.legal_moves()[0])
    watch.tick(game)
    assert watch.answer == "" and watch.search is not None  # one slice is far from enough
    assert watch.mark() == texts.WINNABLE_UNKNOWN
    _ticks_until_answer(watch, game)
    game.pop()
    watch.tick(game)
    assert watch.answer == WON and watch.search is None  # the position met before: known
    game.redo()
    watch.tick(game)
    assert watch.answer == WON and watch.search is None


def test_a_proved_deal_is_winnable_from_its_first_frame() -> None:
    gdef = CATALOG.load("freecell", {})
    remember(Game(gdef, 5), WON)  # as "Winnable deals only" does with the deal it proved
    watch = WinWatch()
    watch.tick(Game(gdef, 5))
    assert watch.mark() == texts.WINNABLE_YES and watch.search is None
    watch.tick(Game(CATALOG.load("freecell", {}), 6))
    assert watch.mark() == texts.WINNABLE_UNKNOWN


def test_no_win_left() -> None:
    gdef = CATALOG.load("spider", {})
    game = Game(gdef, 1, parse_position(gdef, STUCK))
    watch = WinWatch()
    _ticks_until_answer(watch, game)
    assert watch.mark() == texts.WINNABLE_NO


@pytest.mark.usefixtures("window")
def test_the_mark_is_on_the_status_line() -> None:
    import scenario

    driver = scenario.winnable()
    assert status_fields(driver.app.scene).rstrip().endswith(texts.WINNABLE_YES)  # type: ignore[arg-type]
