"""Every screen of the window, reached the way a player reaches it (keys), for tests and shots.

Each function builds a fresh App (no animation, deal numbers fixed) and returns a Driver
standing on the screen named. `python tests/ui/shots.py` saves them all as PNGs.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path

from retro.definition.catalog import Catalog
from retro.engine.game import Game
from retro.engine.notation import format_move, parse_move, parse_position
from retro.engine.position import DONE, MOVE, Move
from retro.engine.rotation import ROTATE_UP, ROTATIONS
from retro.paths import games_dir
from retro.solver import hints as advice
from retro.store.records import Records
from retro.store.saves import current_path, save_current
from retro.ui.app import App
from retro.ui.driver import Driver, headless
from retro.ui.scenes.menu import MenuScene
from retro.ui.session import Session
from retro.ui.table.scene import TableScene

DEAL = 5

# Seven suits home, the eighth one card short: moving the Ace of hearts onto the 2 wins.
NEAR_WON = "\n".join(
    [
        f"foundation:{i + 1} = " + " ".join(f"{r}{s}" for r in "KQJT98765432A")
        for i, s in enumerate("SSDDCCH")
    ]
    + ["tableau:1 = " + " ".join(f"{r}H" for r in "KQJT98765432"), "tableau:2 = AH"]
)

# No column empty, the stock empty, and no card fits on another: the game is lost.
STUCK = "\n".join(
    f"tableau:{i + 1} = {card}"
    for i, card in enumerate(["KS", "KS", "KH", "KH", "KD", "KD", "KC", "KC", "AS", "AH"])
)


@cache
def only(*game_ids: str) -> Path:
    """A games folder holding the games named alone, so a picture does not change whenever
    another game is added."""
    folder = Path(tempfile.mkdtemp(prefix="retro-ui-games-"))
    for game_id in game_ids:
        shutil.copy(games_dir() / f"{game_id}.yaml", folder / f"{game_id}.yaml")
    return folder


def usual(game_id: str) -> dict[str, object]:
    """A game's options as the menu first offers them (every one at its default)."""
    return dict(Catalog().load(game_id, {}).options)


def spider_only() -> Path:
    return only("spider")


HOUSE_SPIDER = """\
extends: spider
id: house_spider
title: House Spider
description: Spider as played in our house, with no instructions file of its own.
instructions: house_spider
"""


def player_games(folder: Path) -> Catalog:
    """A --games-dir holding one player game without an instructions file, beside the
    bundled games."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "house_spider.yaml").write_text(HOUSE_SPIDER, encoding="utf-8")
    return Catalog([folder])


def new_app(lang: str | None = None) -> App:
    """A fresh App on Spider alone; its language as given, else the one remembered."""
    headless()
    catalog = Catalog()
    catalog.dirs = [spider_only()]
    return App(catalog, animate=False, seed_source=lambda: DEAL, lang=lang, winnable_mark=False)


def title(lang: str | None = None) -> Driver:
    app = new_app(lang)
    app.show_title()
    driver = Driver(app)
    driver.step()
    return driver


def menu(lang: str | None = None) -> Driver:
    driver = title(lang)
    driver.press("RETURN")
    return driver


def title_de() -> Driver:
    return title("de")


def menu_de() -> Driver:
    """The menu for a German player, every bundled game listed in German."""
    headless()
    app = App(Catalog(), animate=False, seed_source=lambda: DEAL, lang="de")
    app.show_title()
    driver = Driver(app)
    driver.press("RETURN", "END")  # the last game, to show a long title and its description
    return driver


def settings() -> Driver:
    """The settings box over the menu, the card colours line chosen and set to four."""
    driver = menu()
    menu_scene = driver.app.scene
    assert isinstance(menu_scene, MenuScene)
    while menu_scene.lines(driver.app)[menu_scene.focus][0] != "settings":
        driver.press("DOWN")
    driver.press("RETURN", "DOWN", "RIGHT")
    return driver


def four_colours() -> Driver:
    """A table in the four-colour deck, the game clock on: a minute and a half into the game."""
    driver = mid_game()
    driver.app.settings.four_colour = True
    driver.app.settings.clock = True
    session = driver.app.session
    assert session is not None
    session.frames = 90 * 30
    table = driver.app.scene
    assert isinstance(table, TableScene)
    table.say("")  # the status line's figures, the clock among them
    driver.step()
    return driver


def menu_all() -> Driver:
    """The menu with every bundled game (for the README; it changes as games are added)."""
    headless()
    app = App(Catalog(), animate=False, seed_source=lambda: DEAL)
    app.show_title()
    driver = Driver(app)
    driver.press("RETURN")
    return driver


def menu_find() -> Driver:
    """The menu with every bundled game, THI typed: Forty Thieves found, the name shown."""
    driver = menu_all()
    driver.press("T", "H", "I")
    return driver


def fresh_table() -> Driver:
    driver = menu()
    driver.press("RETURN")
    return driver


def mid_game() -> Driver:
    """Auto-play, a deal, auto-play again: a table with runs built and cards turned."""
    driver = fresh_table()
    for key in ("A", "D", "A"):
        driver.press(key)
        driver.step(60)
    return driver


def lifted() -> Driver:
    driver = fresh_table()
    driver.press("RIGHT", "RIGHT", "RIGHT", "RETURN")  # lift the 4 of spades (tableau:4)
    return driver


def hint() -> Driver:
    driver = fresh_table()
    driver.press("H")
    driver.thought()
    return driver


def one_game_table(game_id: str, seed: int = DEAL, winnable_mark: bool = False) -> Driver:
    """A window whose catalog holds `game_id` alone, dealt `seed` and stepped once."""
    headless()
    catalog = Catalog()
    catalog.dirs = [only(game_id)]
    app = App(catalog, animate=False, seed_source=lambda: seed, winnable_mark=winnable_mark)
    app.start(game_id, {}, seed)
    driver = Driver(app)
    driver.step()
    return driver


def hint_solver() -> Driver:
    """FreeCell with H pressed: the solver's move, the cursor on its card."""
    driver = one_game_table("freecell", 3, winnable_mark=True)
    driver.press("H")
    driver.thought()
    return driver


def demo() -> Driver:
    """Klondike with P pressed: the computer a few moves into the deal, the demo's speed and
    keys on the status line."""
    driver = one_game_table("klondike")
    app = driver.app
    driver.press("P")
    table = app.scene
    assert isinstance(table, TableScene)
    for _ in range(5_000):
        if len(table.game.history) >= 6 or table.demo is None:
            break
        driver.step()
    return driver


def title_demo() -> Driver:
    """The title screen left alone: the computer plays a bundled game under the banner."""
    return title_demo_of("klondike", "freecell")


def title_demo_of(*game_ids: str) -> Driver:
    """The title screen's demo of the games named, some moves in."""
    from retro.ui.scenes.title import DEMO_AFTER

    headless()
    catalog = Catalog()
    catalog.dirs = [only(*game_ids)]
    app = App(catalog, animate=False, seed_source=lambda: DEAL, winnable_mark=False)
    app.show_title()
    driver = Driver(app)
    driver.step(DEMO_AFTER + 1)
    driver.step(150)
    return driver


def looking() -> Driver:
    """Winnable deals only, Play chosen in the menu: the box counting the deals tried (4-suit
    Spider, whose deals take the solver long to prove)."""
    driver = title()
    driver.app.settings.winnable_only = True
    driver.press("RETURN", "RETURN")
    driver.step(3)
    return driver


def winnable() -> Driver:
    """FreeCell left alone until the status line's mark says the deal can be won."""
    driver = one_game_table("freecell", 3, winnable_mark=True)
    app = driver.app
    for _ in range(20_000):
        driver.step()
        table = app.scene
        if isinstance(table, TableScene) and table.winwatch and table.winwatch.answer:
            break
    return driver


def refused() -> Driver:
    driver = fresh_table()
    driver.press("RETURN", "RIGHT", "RETURN")  # Q♠ onto 8♦: not one rank lower
    return driver


def table_at(text: str, lang: str | None = None) -> Driver:
    """A table in a given position (for the endings), reached through the real App."""
    app = new_app(lang)
    gdef = app.catalog.load("spider", {})
    game = Game(gdef, DEAL, parse_position(gdef, text))
    app.session = Session("spider", {}, game, label="Spider")
    app.replace(TableScene(app))
    driver = Driver(app)
    driver.step()
    return driver


def won_box(lang: str | None = None) -> Driver:
    """The winning move made: "You have won!" first; the game makes the (empty) high score
    table, so Enter on the box will ask the name."""
    driver = table_at(NEAR_WON, lang)
    driver.press("RIGHT", "RETURN", "LEFT", "RETURN")
    driver.step(2)
    return driver


def name_prompt() -> Driver:
    """Enter on the won box: a name is asked for the high score table."""
    driver = won_box()
    driver.press("RETURN")
    driver.type("Anna")
    return driver


def won() -> Driver:
    """The won box, after the name was given and the high score table looked at."""
    driver = name_prompt()
    driver.press("RETURN", "ESCAPE")
    return driver


def lost() -> Driver:
    """The lost box (a lost game may make the high score table too: the name is given)."""
    driver = table_at(STUCK)
    driver.step(2)
    if getattr(driver.app.scene, "ask_name", None) is not None:
        driver.press("RETURN")
        driver.type("Bert")
        driver.press("RETURN", "ESCAPE")
    return driver


FIXED_DAY = "1994-06-15"
RECORDED = (
    ("Anna", 11, 40),
    ("Bert", 12, 25),
    ("Carla", 13, 60),
    ("Dieter", 14, 10),
    ("Eve", 15, 33),
)


def played(game: Game, count: int) -> Game:
    """`count` moves of auto-play, then deals and more, the same every run."""
    seen: set[object] = set()
    for _ in range(count):
        hint = advice.auto_move(game, seen)
        if hint is None:
            deals = [m for m in game.legal_moves() if m.kind == "deal"]
            if not deals:
                break
            game.push(deals[0])
            continue
        game.push(hint.move)
    return game


def with_records(won_only: bool = False) -> None:
    """Five games of Spider and one won (set up near the end) in the records, dated alike so
    the screens never change."""
    records = Records()
    gdef = Catalog([spider_only()]).load("spider", {})
    for name, seed, count in () if won_only else RECORDED:
        records.record(played(Game(gdef, seed), count), name, today=FIXED_DAY)
    won = Game(gdef, DEAL, parse_position(gdef, NEAR_WON))
    won.push(parse_move(won.position, "tableau:2>tableau:1"))
    records.record(won, "Wanda", today=FIXED_DAY)


def high_scores() -> Driver:
    with_records()
    driver = menu()
    driver.press("F3")
    return driver


def saved_game() -> Game:
    """A Spider game with moves made and one taken back, saved as the game in progress."""
    gdef = Catalog([spider_only()]).load("spider", {})
    game = played(Game(gdef, DEAL), 12)
    game.pop()
    save_current(game)
    return game


def save_files() -> list[Path]:
    """The saves in the data folder (one a game and option set, and an older version's)."""
    folder = current_path().parent
    return sorted([*(folder / "saves").glob("*.json"), *folder.glob("current-game.json")])


def save_file() -> Path:
    """The one save in the data folder."""
    (path,) = save_files()
    return path


def resume_prompt() -> Driver:
    saved_game()
    app = new_app()
    app.boot()
    driver = Driver(app)
    driver.step()
    return driver


def replay() -> Driver:
    """Watching Anna's game again, paused after a few moves."""
    driver = high_scores()
    driver.press("DOWN", "DOWN", "DOWN", "RETURN", "SPACE")  # Anna's game, paused
    for _ in range(6):
        driver.press("RIGHT")
    driver.settle()
    return driver


def seven_to_ace() -> Driver:
    """7 to Ace a few moves in: holes filled by keys, as a player does."""
    return hinted_by_keys("seven_to_ace")


def tri_peaks() -> Driver:
    """Tri Peaks a few moves in: cards freed and turned up in the peaks."""
    return hinted_by_keys("tri_peaks", 6)


def grandfathers_clock() -> Driver:
    """Grandfather's Clock a few moves in: the ring of foundations round the clock."""
    return hinted_by_keys("grandfathers_clock", 6)


def windmill() -> Driver:
    """Windmill a few moves in: the sails round the centre Ace, the Kings at the corners."""
    return hinted_by_keys("windmill", 6)


def wall() -> Driver:
    """Wall a few attacks in, by keys: waste cards piled up and moved onto the wall, the
    heaviest attack first, and a new hand dealt when none wins."""
    driver = one_game_table("wall", 2)
    table = driver.app.scene
    assert isinstance(table, TableScene)
    game = table.game
    for _ in range(12):
        position = game.position
        moves = [format_move(position, move) for move in game.legal_moves()]
        attacks = [m for m in moves if ">waste" not in m and m != "deal"]
        if attacks:
            play(driver, max(attacks, key=lambda m: (len(m.partition("/")[2]), m)))
        elif "waste:2>waste:1" in moves and len(position.by_id["waste:1"].cards) == 1:
            play(driver, "waste:2>waste:1")
        else:
            play(driver, "deal")
    driver.settle()
    return driver


def hinted_by_keys(game_id: str, moves: int = 4) -> Driver:
    """A game `moves` hints in, each made by keys as a player does."""
    driver = one_game_table(game_id)
    app = driver.app
    table = app.scene
    assert isinstance(table, TableScene)
    for _ in range(moves):
        hint = advice.hints(table.game)[0]
        move = hint.move
        driver.press(*_walk(table, move.src), "RETURN")
        if move.kind == "move":
            driver.press(*_walk(table, move.dst), "RETURN")
    driver.settle()
    return driver


def _walk(table: TableScene, target: int) -> list[str]:
    """The arrow keys that bring the table's cursor to pile `target`, row by row."""
    keys: list[str] = []
    rows = table.geometry.rows(table.game.position)
    at = next(i for i, row in enumerate(rows) if table.cursor in row)
    to = next(i for i, row in enumerate(rows) if target in row)
    cursor = table.cursor
    while at != to:  # Tab goes down a row and round to the top
        keys.append("TAB")
        at = (at + 1) % len(rows)
        x = table.geometry.origins[cursor][0]
        cursor = min(rows[at], key=lambda i: abs(table.geometry.origins[i][0] - x))
    row = rows[to]
    steps = row.index(target) - row.index(cursor)
    keys += ["RIGHT"] * steps if steps > 0 else ["LEFT"] * -steps
    return keys


def keys_for(table: TableScene, move: Move) -> list[str]:
    """The keys a player presses to make `move`: cursor to the cards, Down to take fewer than
    the whole run, Enter, cursor to the target, Enter; the stock's deal by D, another pile's
    action (flip) by Enter on it; a rotation by choosing its cards and F or B; Done by X and Y."""
    if move.kind == DONE:
        return ["X", "Y"]
    if move.kind in ROTATIONS:  # choose the cards with Up and Down, then F or B
        run = table.piles[move.src].run
        choose = ["DOWN"] * (run - move.count) + ["UP"] * (move.count - run)
        return [*_walk(table, move.src), *choose, "F" if move.kind == ROTATE_UP else "B"]
    if move.kind != MOVE:
        if move.src == table.deal_pile():
            return ["D"]
        return [*_walk(table, move.src), "RETURN"]
    keys = _walk(table, move.src)
    run = table.piles[move.src].run
    keys += ["DOWN"] * (run - move.count) + ["RETURN"]
    cursor = table.cursor
    table.cursor = move.src  # walk on from where the cursor will be
    keys += [*_walk(table, move.dst), "RETURN"]
    table.cursor = cursor
    return keys


def play(driver: Driver, *moves: str) -> None:
    """Make moves (in the notation) at the table by keys (`keys_for`)."""
    for text in moves:
        table = driver.app.scene
        assert isinstance(table, TableScene)
        driver.press(*keys_for(table, parse_move(table.game.position, text)))


DUEL_CODE = "DUEL-1"
ANNA_MOVES = ("tableau:1>tableau:7", "tableau:5>tableau:4")  # +1 (same suit), -1: score 0


def duel_menu() -> Driver:
    """The menu on Spider Duel, its "Duel for two players" line chosen."""
    headless()
    catalog = Catalog()
    catalog.dirs = [only("spider", "spider_duel")]
    app = App(catalog, animate=False, seed_source=lambda: DEAL, winnable_mark=False)
    app.show_title()
    driver = Driver(app)
    driver.press("RETURN", "RIGHT")  # Spider -> Spider Duel
    menu = app.scene
    assert isinstance(menu, MenuScene) and menu.game_id == "spider_duel"
    while menu.lines(app)[menu.focus][0] != "duel":
        driver.press("DOWN")
    return driver


def duel_setup(names: tuple[str, str] = ("Anna", "Bert"), code: str = DUEL_CODE) -> Driver:
    driver = duel_menu()
    driver.press("RETURN")
    driver.type(names[0])
    driver.press("RETURN")  # on to the next empty field
    driver.type(names[1])
    driver.press("TAB")
    driver.type(code)
    return driver


def duel_pass(names: tuple[str, str] = ("Anna", "Bert"), code: str = DUEL_CODE) -> Driver:
    """Anna has played two moves and pressed Done: the keyboard goes to Bert."""
    driver = duel_setup(names, code)
    driver.press("RETURN", "RETURN")  # start; Anna is ready
    play(driver, *ANNA_MOVES)
    driver.press("X", "Y")
    return driver


def duel_result(names: tuple[str, str] = ("Anna", "Bert"), code: str = DUEL_CODE) -> Driver:
    """Bert pressed Done at once: equal scores (0), fewer moves, Bert wins."""
    driver = duel_pass(names, code)
    driver.press("RETURN", "X", "Y")
    return driver


def duel_computer(code: str = DUEL_CODE) -> Driver:
    """The duel form: Anna against the computer, easy (→ once), a duel code typed."""
    driver = duel_menu()
    driver.press("RETURN")
    driver.type("Anna")
    driver.press("RIGHT", "TAB")  # the computer, easy; Tab goes on to the code
    driver.type(code)
    return driver


def computer_turn(code: str = DUEL_CODE) -> Driver:
    """Anna played two moves and pressed Done; the computer has shown some moves of its own."""
    driver = duel_computer(code)
    driver.press("RETURN")  # against the computer Anna plays at once
    play(driver, *ANNA_MOVES)
    driver.press("X", "Y")
    scene = driver.app.scene
    for _ in range(3000):
        if len(scene.table.game.history) >= 6:  # type: ignore[attr-defined]
            break
        driver.step()
    return driver


def computer_result(code: str = DUEL_CODE) -> Driver:
    """The computer's turn skipped (Space): the result of Anna against the computer."""
    driver = computer_turn(code)
    driver.press("SPACE")
    app = driver.app
    for _ in range(100_000):
        if app.scene.context != "computer":
            break
        driver.step()
    return driver


def confirm() -> Driver:
    driver = fresh_table()
    driver.press(
        "RETURN", "RIGHT", "RIGHT", "RIGHT", "RIGHT", "RIGHT", "RIGHT", "RIGHT", "RETURN"
    )  # Q♠ onto K♠: a game in progress
    driver.press("N")
    return driver


def instructions() -> Driver:
    driver = fresh_table()
    driver.press("F1")
    return driver


def instructions_de() -> Driver:
    """The same screen for a German player (--lang de), on its second page."""
    driver = menu("de")
    driver.press("RETURN", "F1", "PAGEDOWN")
    return driver


def won_de() -> Driver:
    """The won box in German, before the name is asked."""
    return won_box("de")


def given_up() -> Driver:
    """Klondike, a card dealt, then X and Y: the game given up, counted as lost."""
    driver = one_game_table("klondike")
    driver.press("D", "X", "Y")
    return driver


SCREENS: dict[str, Callable[[], Driver]] = {
    "menu_all": menu_all,
    "menu_find": menu_find,
    "resume": resume_prompt,
    "name": name_prompt,
    "high_scores": high_scores,
    "replay": replay,
    "seven_to_ace": seven_to_ace,
    "tri_peaks": tri_peaks,
    "grandfathers_clock": grandfathers_clock,
    "windmill": windmill,
    "wall": wall,
    "duel_setup": duel_setup,
    "duel_pass": duel_pass,
    "duel_result": duel_result,
    "duel_computer": duel_computer,
    "computer_turn": computer_turn,
    "computer_result": computer_result,
    "title": title,
    "menu": menu,
    "table_fresh": fresh_table,
    "table_mid": mid_game,
    "lifted": lifted,
    "hint": hint,
    "hint_solver": hint_solver,
    "demo": demo,
    "title_demo": title_demo,
    "looking": looking,
    "winnable": winnable,
    "refused": refused,
    "won": won,
    "lost": lost,
    "confirm": confirm,
    "instructions": instructions,
    "instructions_de": instructions_de,
    "title_de": title_de,
    "menu_de": menu_de,
    "settings": settings,
    "four_colours": four_colours,
    "won_de": won_de,
    "given_up": given_up,
}
