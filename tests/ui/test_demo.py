"""The computer at the table and on the title screen, and the searches that must not stall the
window: the demo (P) plays honest legal moves and stops on a key; the title screen's demos
start when it is left alone and end on a key, keeping nothing; winnable deals only finds a deal
the solver proves won; the first hint is looked for a slice a frame."""

from __future__ import annotations

import itertools
import random
import time
from pathlib import Path

import pytest
import scenario

from retro.definition.catalog import Catalog
from retro.engine.game import UNKNOWN, WON, Game
from retro.engine.position import Position
from retro.solver import hints as advice
from retro.solver.adapter import copy_game
from retro.solver.search import Budget, Search, solve
from retro.store.settings import Settings
from retro.ui import texts
from retro.ui.app import App
from retro.ui.driver import Driver
from retro.ui.keymap import FPS
from retro.ui.scenes.dialogs import ConfirmScene
from retro.ui.scenes.menu import MenuScene
from retro.ui.scenes.title import DEMO_AFTER, TitleScene
from retro.ui.scenes.titledemo import TitleDemoScene
from retro.ui.session import Session
from retro.ui.table import dealsearch
from retro.ui.table import demo as demos
from retro.ui.table.scene import TableScene

CATALOG = Catalog()
# Decisions within a node budget alone: the same moves however fast the machine is.
STEADY = Budget(nodes=600, seconds=1e9)


@pytest.fixture(autouse=True)
def steady(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(demos, "BUDGET", STEADY)


def _table(game_id: str, seed: int = 5, **app_args: object) -> tuple[Driver, TableScene]:
    catalog = Catalog()
    catalog.dirs = [scenario.only(game_id)]
    app = App(catalog, animate=False, seed_source=lambda: seed, **app_args)  # type: ignore[arg-type]
    app.start(game_id)
    driver = Driver(app)
    driver.step()
    assert isinstance(app.scene, TableScene)
    return driver, app.scene


def _until(driver: Driver, done: object, limit: int = 20_000) -> None:
    for _ in range(limit):
        if done():  # type: ignore[operator]
            return
        driver.step()
    raise AssertionError("not reached")


@pytest.mark.usefixtures("window")
def test_p_starts_a_demo_of_legal_moves_and_any_key_stops_it() -> None:
    driver, table = _table("klondike")
    driver.press("P")
    assert table.demo is not None and table.status().startswith("Demo, normal")
    _until(driver, lambda: len(table.game.history) >= 8)
    assert table.demo is not None
    made = [entry.move for entry in table.game.history]
    replayed = Game(table.game.gdef, 5)
    for move in made:  # every move the ordinary game accepts, to the very same table
        assert replayed.why_not(move) is None, move
        replayed.push(move)
    assert replayed.position.piles_state() == table.game.position.piles_state()
    driver.press("Q")  # a key the table does not use: it stops the demo all the same
    assert table.demo is None and table.status().startswith(texts.DEMO_STOPPED)
    reached = len(table.game.history)
    driver.step(60)
    assert len(table.game.history) == reached  # the table is the player's again
    driver.press("U")
    assert len(table.game.history) == reached - 1  # each of the computer's moves undoes


@pytest.mark.usefixtures("window")
def test_the_demo_speed_changes_with_plus_and_minus_and_escape_stops_it() -> None:
    driver, table = _table("klondike")
    driver.press("P", "PLUS")
    assert table.demo is not None and table.demo.speed == 2
    assert texts.DEMO_SPEEDS[2] in table.status()
    driver.press("MINUS", "MINUS", "MINUS")
    assert table.demo is not None and table.demo.speed == 0
    assert driver.app.demo_speed == 0  # the next demo starts at the speed chosen
    driver.press("ESCAPE")
    assert table.demo is None and isinstance(driver.app.scene, TableScene)  # no menu
    driver.press("P")
    assert table.demo is not None and table.demo.speed == 0


def _hidden_shuffled(game: Game, rng: random.Random) -> Game:
    """The same table with its face-down cards (the stock's too) dealt among their places
    in another order: what a player sees is unchanged."""
    position = Position(game.gdef)
    places = [
        (index, at) for index, pile in enumerate(game.position.piles) for at in range(pile.down)
    ]
    hidden = [game.position.piles[index].cards[at] for index, at in places]
    rng.shuffle(hidden)
    for pile, source in zip(position.piles, game.position.piles, strict=True):
        pile.cards.extend(source.cards)
        pile.down = source.down
    for (index, at), card in zip(places, hidden, strict=True):
        position.piles[index].cards[at] = card
    position.counters.update(game.position.counters)
    position.refresh_all()
    return Game(game.gdef, game.seed, position)


@pytest.mark.parametrize("game_id", ["klondike", "spider", "yukon"])
def test_the_demo_never_reads_a_face_down_card(game_id: str) -> None:
    """Two tables that look alike but hide different cards get the same moves from the demo
    until a card is shown."""
    real = Game(CATALOG.load(game_id, {}), 11)
    other = _hidden_shuffled(real, random.Random(1))
    assert other.position.piles_state() != real.position.piles_state()
    first, second = demos.Demo(real, seed=3), demos.Demo(other, seed=3)
    for _ in range(4):
        moves = []
        for demo, game in ((first, real), (second, other)):
            demo.wait = 0
            while (move := demo.tick(game)) is None and not demo.ended:
                pass
            moves.append(move)
        assert moves[0] == moves[1]
        if moves[0] is None:
            break
        shown = sum(pile.down for pile in real.position.piles)
        real.push(moves[0])
        other.push(moves[0])
        first.moved(real)
        second.moved(other)
        if sum(pile.down for pile in real.position.piles) < shown:
            break  # a card turned up: the tables differ in sight from here on


@pytest.mark.usefixtures("window")
def test_the_demo_says_when_the_game_is_won_and_counts_nothing(data_dir: Path) -> None:
    driver = scenario.table_at(scenario.NEAR_WON)
    table = driver.app.scene
    assert isinstance(table, TableScene)
    driver.press("P")
    _until(driver, lambda: table.demo is None)
    assert table.game.outcome() == WON
    assert table.status().startswith(texts.DEMO_WON)
    assert driver.app.scene is table  # no won box: the computer won it
    assert not driver.app.keeper.records.stats  # nor is it counted


@pytest.mark.usefixtures("window")
def test_a_lost_game_has_no_demo() -> None:
    driver = scenario.table_at(scenario.STUCK)  # the lost box shows over the table
    table = driver.app.scenes[0]
    assert isinstance(table, TableScene)
    while driver.app.scene is not table:
        driver.app.pop()
    driver.press("P")
    assert table.demo is None and table.status() == texts.DEMO_LOST


@pytest.mark.usefixtures("window")
def test_the_title_screen_left_alone_plays_demos_and_a_key_brings_it_back(data_dir: Path) -> None:
    driver = scenario.title()
    app = driver.app
    driver.step(DEMO_AFTER - 10)
    assert isinstance(app.scene, TitleScene)
    driver.step(20)
    scene = app.scene
    assert isinstance(scene, TitleDemoScene)
    _until(driver, lambda: scene.table.game.moves_made >= 3)
    game = scene.table.game
    replayed = Game(game.gdef, game.seed)
    for entry in game.history:
        assert replayed.why_not(entry.move) is None
        replayed.push(entry.move)
    driver.press("Q")
    assert isinstance(app.scene, TitleScene) and len(app.scenes) == 1
    assert app.session is None  # no game began, none was saved or counted
    assert not list(data_dir.glob("**/*.json"))
    driver.step(DEMO_AFTER // 2)
    assert isinstance(app.scene, TitleScene)  # left alone anew: the wait starts again


@pytest.mark.usefixtures("window")
def test_the_title_demos_play_the_games_in_turn_and_a_click_ends_them() -> None:
    app = App(Catalog(), animate=False, seed_source=lambda: 5, winnable_mark=False)
    app.show_title()
    driver = Driver(app)
    driver.step(DEMO_AFTER + 1)
    first = app.scene
    assert isinstance(first, TitleDemoScene)
    driver.click(320, 200)
    assert isinstance(app.scene, TitleScene)
    driver.step(DEMO_AFTER + 1)
    second = app.scene
    assert isinstance(second, TitleDemoScene)
    assert second.table.session.game_id != first.table.session.game_id
    assert second.table.session.game_id in [e.id for e in app.shelf.entries() if not e.mine]


def _looking_app(seeds: itertools.count[int]) -> tuple[Driver, App]:
    catalog = Catalog()
    catalog.dirs = [scenario.only("freecell")]
    app = App(
        catalog,
        animate=False,
        seed_source=lambda: next(seeds),
        winnable_mark=False,
        settings=Settings(winnable_only=True),
    )
    app.show_title()
    driver = Driver(app)
    driver.press("RETURN")
    assert isinstance(app.scene, MenuScene)
    return driver, app


@pytest.mark.usefixtures("window")
def test_winnable_deals_only_plays_a_deal_the_solver_proves_won() -> None:
    driver, app = _looking_app(itertools.count(100))
    driver.press("RETURN")  # Play: the offered number is drawn anew
    assert isinstance(app.scene, dealsearch.LookingScene)
    _until(driver, lambda: isinstance(app.scene, TableScene))
    assert app.session is not None
    game = app.session.game
    assert game.seed > 100 and not game.history  # a number drawn now, played normally
    found = solve(Game(game.gdef, game.seed), Budget(nodes=200_000, seconds=600))
    assert found.result == WON
    replayed = Game(game.gdef, game.seed)
    for move in found.moves:
        assert replayed.why_not(move) is None
        replayed.push(move)
    assert replayed.outcome() == WON


@pytest.mark.usefixtures("window")
def test_winnable_deals_only_is_remembered_and_stopped_with_escape() -> None:
    driver, app = _looking_app(itertools.count(100))
    menu = app.scene
    assert isinstance(menu, MenuScene)
    while menu.lines(app)[menu.focus][0] != "winnable":
        driver.press("DOWN")
    driver.press("RIGHT")
    assert not app.settings.winnable_only
    assert not Settings.load().winnable_only  # kept in the settings file
    driver.press("RIGHT")
    assert Settings.load().winnable_only
    menu.focus = 0
    driver.press("RETURN", "ESCAPE")
    assert app.scene is menu and app.session is None


@pytest.mark.usefixtures("window")
def test_winnable_deals_only_gives_up_after_its_bound_and_offers_the_last_deal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(dealsearch, "PER_DEAL", Budget(nodes=1))
    monkeypatch.setattr(dealsearch, "MOST", 3)
    driver, app = _looking_app(itertools.count(100))
    driver.press("RETURN")
    _until(driver, lambda: isinstance(app.scene, ConfirmScene))
    box = app.scene
    assert isinstance(box, ConfirmScene)
    assert box.lines[0] == texts.count(texts.LOOKING_NONE, 3)
    driver.press("Y")
    assert app.session is not None and app.session.game.seed == 103


@pytest.mark.usefixtures("window")
def test_a_typed_deal_number_is_played_as_it_is() -> None:
    driver, app = _looking_app(itertools.count(100))
    driver.press("4", "2", "RETURN")
    assert app.session is not None and app.session.game.seed == 42


@pytest.mark.usefixtures("window")
def test_the_first_hint_is_looked_for_a_slice_a_frame_with_the_same_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # FreeCell 13 is won in well under that, yet in more than a frame's slice (deal 3 is won
    # within the first slice)
    monkeypatch.setattr(advice, "HINT_SECONDS", 30.0)
    driver, table = _table("freecell", seed=13, winnable_mark=False)
    expected = advice.advise(copy_game(table.game))[0]
    assert expected.kind == advice.SOLVER
    driver.press("H")
    assert table.thinking is not None  # the frames went on while the solver searched
    assert table.status() == texts.THINKING
    frames = driver.app.frame
    driver.thought()
    assert driver.app.frame - frames > 1
    shown = table.shown_hint()
    assert shown == expected
    assert table.status().startswith("Hint 1/") and ", solver:" in table.status()


@pytest.mark.usefixtures("window")
def test_a_move_while_the_hint_is_looked_for_drops_it() -> None:
    driver, table = _table("freecell", seed=13, winnable_mark=False)  # more than a slice
    driver.press("H")
    assert table.thinking is not None
    move = next(m for m in table.game.legal_moves() if m.kind == "move")
    table.try_move(driver.app, move)
    driver.step()
    assert table.thinking is None and table.shown_hint() is None


def test_a_search_in_slices_counts_only_its_own_time() -> None:
    """Time between two slices is not the search's: a budget of a fifth of a second is not
    spent by waiting longer than that between slices."""
    game = Game(CATALOG.load("spider", {}), 1)
    search = Search(game, Budget(seconds=0.2))
    assert search.run_for(0.001) is None
    time.sleep(0.3)
    assert search.run_for(0.001) is None
    assert search.result is None or search.result.result != UNKNOWN


@pytest.mark.usefixtures("window")
def test_a_demo_in_a_duel_is_refused() -> None:
    from retro.duel import Duel

    app = scenario.new_app()
    gdef = CATALOG.load("spider_duel", {})
    duel = Duel(gdef, ("Anna", "Bert"), 7)
    app.session = Session("spider_duel", {}, duel.game, label="duel", duel=duel)
    app.replace(TableScene(app))
    driver = Driver(app)
    driver.press("P")
    table = app.scene
    assert isinstance(table, TableScene)
    assert table.demo is None and table.status() == texts.NO_DEMO_DUEL


@pytest.mark.usefixtures("window")
def test_the_demo_plays_montana_where_its_search_sees_no_gain() -> None:
    """Deal 1's first moves all look alike to the search; the hint offers three of them, and
    the demo plays on as the hint advises instead of saying it sees no move."""
    driver, table = _table("montana", seed=1)
    assert len(advice.hints(table.game)) == 3
    driver.press("P")
    _until(driver, lambda: len(table.game.history) >= 3 or table.demo is None)
    assert len(table.game.history) >= 3, table.status()


def _frame_clock(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint timed by the frames, at 30 a second, whatever the machine's speed."""
    from retro.ui.table import hints as table_hints

    monkeypatch.setattr(table_hints, "now", lambda: driver.app.frame / FPS)


@pytest.mark.usefixtures("window")
def test_the_first_hint_shows_within_a_second_of_frames_when_no_win_is_found(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Spider's four suits: no win within the hint's second; the ranked hint shows once the
    second is over, counted in frames (a frame's slice of search being a share of it)."""
    driver, table = _table("spider", seed=5, winnable_mark=False)
    _frame_clock(driver, monkeypatch)
    driver.press("H")
    asked = driver.app.frame
    driver.thought()
    assert driver.app.frame - asked <= FPS + 1
    assert table.status().startswith("Hint 1/") and ", ranked:" in table.status()


@pytest.mark.usefixtures("window")
def test_space_while_the_hint_is_looked_for_waits_for_it_and_makes_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(advice, "HINT_SECONDS", 30.0)
    driver, table = _table("freecell", seed=13, winnable_mark=False)  # more than a slice
    expected = advice.advise(copy_game(table.game))[0]
    table.move_cursor(next(p.index for p in table.piles if p.index != expected.move.src))
    driver.press("H", "SPACE")
    assert table.thinking is not None and not table.game.history  # Space waited
    driver.thought()
    assert [entry.move for entry in table.game.history] == [expected.move]
