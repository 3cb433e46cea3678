"""What the table draws says only what is true of the game: no deal key, stock or score in a
game without them, the redeal circle only where a redeal is still to come, the redeals left
where they are counted."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
import scenario

from retro.definition.catalog import Catalog
from retro.engine.game import Game
from retro.engine.position import Move
from retro.ui.app import App
from retro.ui.drawing import palette as pal
from retro.ui.drawing.cardart import (
    CARD_H,
    CARD_W,
    EMPTY,
    EMPTY_STOCK,
    FULL_INDEX,
    INK,
    KEY,
    RANK_TEXT,
    TINY,
    TINY_TOP,
)
from retro.ui.driver import Driver, headless
from retro.ui.keymap import FPS
from retro.ui.table import commands
from retro.ui.table.layout import SCREEN_H, SCREEN_W
from retro.ui.table.scene import TableScene
from retro.ui.table.view import empty_art, status_fields

pytestmark = pytest.mark.usefixtures("window")


def table(game_id: str, options: dict[str, Any] | None = None, seed: int = 5) -> TableScene:
    headless()
    app = App(Catalog(), animate=False, seed_source=lambda: seed)
    app.start(game_id, options or {}, seed)
    Driver(app).step()
    scene = app.scene
    assert isinstance(scene, TableScene)
    _APPS[id(scene)] = app
    return scene


_APPS: dict[int, App] = {}


def _app_of(scene: TableScene) -> App:
    return _APPS[id(scene)]


def test_a_game_without_stock_or_score_shows_neither() -> None:
    scene = table("freecell")
    fields = status_fields(scene)
    assert "Stock" not in fields and "Score" not in fields and "Redeals" not in fields
    assert "Moves 0" in fields and "Deal 5" in fields
    assert "D Deal" not in scene.top_keys


def test_spider_shows_its_score_and_stock() -> None:
    scene = table("spider")
    fields = status_fields(scene)
    assert "Score 0" in fields and "Stock 50" in fields and "Redeals" not in fields
    assert "D Deal" in scene.top_keys


def test_montana_shows_the_redeals_left() -> None:
    scene = table("montana")
    assert "Redeals 2" in status_fields(scene)
    assert "Stock" not in status_fields(scene)
    pile = scene.deal_pile()
    assert pile is not None
    action = scene.piles[pile].group.action
    assert action is not None
    scene.game.push(Move(action.verb, pile))
    assert "Redeals 1" in status_fields(scene)


def _emptied_stock(game_id: str, options: dict[str, Any]) -> TableScene:
    scene = table(game_id, options)
    stock = next(p for p in scene.piles if p.kind == "stock")
    game: Game = scene.game
    action = stock.group.action
    assert action is not None
    while stock.cards:
        game.push(Move(action.verb, stock.index))
    return scene


def test_the_redeal_circle_only_on_a_stock_that_redeals() -> None:
    golf = _emptied_stock("golf", {})
    assert empty_art(golf, next(p for p in golf.piles if p.kind == "stock")) == EMPTY
    once = _emptied_stock("klondike", {"passes": "1"})
    assert empty_art(once, next(p for p in once.piles if p.kind == "stock")) == EMPTY
    again = _emptied_stock("klondike", {})
    assert empty_art(again, next(p for p in again.piles if p.kind == "stock")) == EMPTY_STOCK


_APP: list[App] = []


def _drawn(scene: TableScene) -> bytes:
    """The screen as the table draws it now (palette indexes, row by row)."""
    import pyxel

    scene.draw(_APP[-1])
    return bytes(pyxel.screen.data_ptr())


def _rect(scene: TableScene, index: int) -> tuple[int, int, int, int]:
    pile = scene.piles[index]
    offsets = scene.geometry.offsets(pile)
    x, y = scene.geometry.card_xy(pile, offsets, max(len(pile.cards) - 1, 0))
    return x, y, x + CARD_W, y + CARD_H


def _inside(screen: bytes, rect: tuple[int, int, int, int]) -> list[int]:
    x0, y0, x1, y1 = rect
    return [
        screen[y * SCREEN_W + x]
        for y in range(max(y0, 0), min(y1, SCREEN_H))
        for x in range(max(x0, 0), min(x1, SCREEN_W))
    ]


def _overlap(
    a: tuple[int, int, int, int], b: tuple[int, int, int, int]
) -> tuple[int, int, int, int] | None:
    x0, y0, x1, y1 = max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])
    return (x0, y0, x1, y1) if x0 < x1 and y0 < y1 else None


def test_an_empty_holes_outline_never_crosses_the_card_above() -> None:
    driver = scenario.seven_to_ace()
    scene = driver.app.scene
    assert isinstance(scene, TableScene)
    _APP.append(driver.app)
    screen = _drawn(scene)
    checked = 0
    for hole in (p for p in scene.piles if not p.cards):
        for above in (p for p in scene.piles if p.cards and p.index < hole.index):
            common = _overlap(_rect(scene, above.index), _rect(scene, hole.index))
            if common is not None:
                assert pal.LIGHT_GREEN not in _inside(screen, common), (above.id, hole.id)
                checked += 1
    assert checked


def test_the_cursor_frame_lies_under_the_cards_that_cover_the_chosen_one() -> None:
    scene = table("pyramid")
    _APP.append(_app_of(scene))
    covered = next(p for p in scene.piles if p.id == "row6:3")
    covering = [p for p in scene.piles if p.id in ("row7:3", "row7:4")]
    scene.move_cursor(next(p.index for p in scene.piles if p.kind == "stock"))
    elsewhere = _drawn(scene)
    scene.move_cursor(covered.index)
    chosen = _drawn(scene)
    for pile in covering:
        rect = _rect(scene, pile.index)
        assert _inside(chosen, rect) == _inside(elsewhere, rect), pile.id
    assert chosen != elsewhere  # the frame shows where the card is not covered


LONG = "\n".join(
    [
        "tableau:1 = ks qh jd ts 9c "
        + " ".join(f"{r}S" for r in "KQJT98765432A")
        + " "
        + " ".join(f"{r}H" for r in "KQJT98765432"),
        "tableau:2 = "
        + " ".join(f"{r}D" for r in "KQJT98765432A")
        + " "
        + " ".join(f"{r}C" for r in "KQJT98765"),
        "tableau:3 = QS",
    ]
)


def test_a_squeezed_fan_shows_every_rank_whole() -> None:
    driver = scenario.table_at(LONG)
    scene = driver.app.scene
    assert isinstance(scene, TableScene)
    _APP.append(driver.app)
    scene.move_cursor(next(p.index for p in scene.piles if p.id == "tableau:3"))
    screen = _drawn(scene)
    checked = 0
    for pile in [p for p in scene.piles if p.id in ("tableau:1", "tableau:2")]:
        offsets = scene.geometry.offsets(pile)
        for i in range(pile.down, len(pile.cards) - 1):
            shown = offsets[i + 1] - offsets[i]
            assert shown >= 6  # this fan has room for the tiny index
            if shown >= FULL_INDEX:
                continue
            card = pile.cards[i]
            x, y = scene.geometry.card_xy(pile, offsets, i)
            ink = INK[card.suit]
            at = x + 3
            for char in RANK_TEXT.get(card.rank, str(card.rank)):
                for dy, row in enumerate(TINY[char]):
                    for dx, bit in enumerate(row):
                        drawn = screen[(y + TINY_TOP + dy) * SCREEN_W + at + dx]
                        assert (drawn == ink) == (bit == "#"), (card, char, dx, dy)
                at += 4
            checked += 1
    assert checked >= 20


def _animated(game_id: str) -> Driver:
    headless()
    app = App(Catalog(), animate=True, seed_source=lambda: 5)
    app.start(game_id, {}, 5)
    return Driver(app)


def test_a_new_deal_is_dealt_card_by_card_and_lands_in_about_a_second() -> None:
    driver = _animated("spider")
    scene = driver.app.scene
    assert isinstance(scene, TableScene)
    dealt = sum(len(p.cards) for p in scene.piles if p.kind != "stock")
    assert len(scene.flights) == dealt
    stock = next(p for p in scene.piles if p.kind == "stock")
    assert {f.start for f in scene.flights} == {scene.geometry.origin(stock)}
    driver.step(5)
    assert scene.flights and not all(f.landed(driver.app.frame) for f in scene.flights)
    driver.step(FPS + 5)
    assert scene.flights == []


def test_any_key_skips_the_deal() -> None:
    driver = _animated("freecell")  # no stock: the cards come from above the table
    scene = driver.app.scene
    assert isinstance(scene, TableScene)
    assert scene.flights and all(f.start[1] < 0 for f in scene.flights)
    cursor = scene.cursor
    driver.press("RIGHT")
    assert scene.flights == [] and scene.cursor != cursor


def test_starting_the_deal_again_deals_it_again() -> None:
    driver = _animated("golf")
    scene = driver.app.scene
    assert isinstance(scene, TableScene)
    driver.step(FPS + 10)
    assert scene.flights == []
    commands.restart(scene, driver.app)
    assert scene.flights


def _covered_pixels(scene: TableScene, screen: bytes, pile_index: int) -> int:
    """How many pixels of a pile's top card differ on the screen from the card's own picture
    (0: the card is seen whole)."""
    pile = scene.piles[pile_index]
    card = pile.cards[-1]
    art = _APP[-1].art
    u, v = art.face_at(card)
    x, y, _, _ = _rect(scene, pile_index)
    return sum(
        1
        for dy in range(CARD_H)
        for dx in range(CARD_W)
        if (ink := art.image.pget(u + dx, v + dy)) != KEY
        and screen[(y + dy) * SCREEN_W + x + dx] != ink
    )


def _whole_cards(scene: TableScene, groups: tuple[str, ...]) -> dict[str, int]:
    """Each face-up top card of the groups named, with the pixels of it another card covers."""
    far = next(p.index for p in scene.piles if p.group.name not in groups)
    scene.move_cursor(far)  # the cursor's frame away from the cards looked at
    screen = _drawn(scene)
    return {
        pile.id: _covered_pixels(scene, screen, pile.index)
        for pile in scene.piles
        if pile.group.name in groups and pile.cards and pile.down < len(pile.cards)
    }


@pytest.mark.parametrize("columns", ["12", "13"])
def test_bisleys_columns_and_foundations_show_every_top_card_whole(columns: str) -> None:
    scene = table("bisley", {"columns": columns}, seed=1)
    _APP.append(_app_of(scene))
    covered = _whole_cards(scene, ("tableau", "aces"))
    assert len(covered) == int(columns) + 4
    assert not any(covered.values()), covered


def test_grandfathers_clock_shows_its_clock_face_whole_and_its_columns_readable() -> None:
    scene = table("grandfathers_clock", seed=1)
    app = _app_of(scene)
    _APP.append(app)
    driver = Driver(app)
    driver.press("A")  # auto-play: a card goes home, a column grows to six cards
    driver.auto_played()
    covered = _whole_cards(scene, ("foundation",))
    assert len(covered) == 12 and not any(covered.values()), covered
    lengths = []
    for pile in (p for p in scene.piles if p.group.name == "tableau"):
        offsets = scene.geometry.offsets(pile)
        steps = [after - before for before, after in itertools.pairwise(offsets)]
        assert all(step >= FULL_INDEX for step in steps), (pile.id, steps)
        lengths.append(len(pile.cards))
    assert max(lengths) >= 6


def test_the_title_demos_banner_covers_no_card() -> None:
    driver = scenario.title_demo_of("seven_to_ace")
    scene = driver.app.scene
    _APP.append(driver.app)
    import pyxel

    scene.draw(driver.app)
    with_banner = bytes(pyxel.screen.data_ptr())
    scene.table.draw(driver.app)  # type: ignore[attr-defined]
    table_alone = bytes(pyxel.screen.data_ptr())
    differ = [
        i // SCREEN_W
        for i, (a, b) in enumerate(zip(with_banner, table_alone, strict=False))
        if a != b
    ]
    assert differ and max(differ) < 16  # in the title bar only


def test_a_joker_shows_its_name_in_its_colour_and_a_jester_with_yellow_bells() -> None:
    scene = table("thieves", seed=1)  # tableau:7 ends with the red joker, the black one lies
    _APP.append(_app_of(scene))  # fourth in tableau:2, its top rows showing
    screen = _drawn(scene)
    by_id = {pile.id: pile for pile in scene.piles}
    seven, two = by_id["tableau:7"], by_id["tableau:2"]
    assert (seven.cards[-1].code, two.cards[3].code) == ("XR", "XB")
    for pile, row, ink, other in ((seven, 4, pal.RED, pal.BLACK), (two, 3, pal.BLACK, pal.RED)):
        x, y = scene.geometry.card_xy(pile, scene.geometry.offsets(pile), row)
        word = _inside(screen, (x + 3, y + 2, x + 3 + 8 * len("JOKER"), y + FULL_INDEX))
        assert word.count(ink) >= 40 and other not in word, pile.id
    x, y = scene.geometry.card_xy(seven, scene.geometry.offsets(seven), 4)
    for bell in (0, 6, 12):  # the hat's three points, drawn three times as large
        left = x + (CARD_W - 3 * 13) // 2 + 3 * bell
        assert set(_inside(screen, (left, y + 20, left + 3, y + 23))) == {pal.YELLOW}, bell
