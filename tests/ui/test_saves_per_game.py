"""One save per game and option set, and per window when two play the same: a deal named on the
command line asks before giving up a save of its game, two windows never write over each other,
every save is found again at the next start, and a save whose game is away waits for it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import scenario

from retro.definition.catalog import Catalog
from retro.engine.game import Game
from retro.paths import games_dir
from retro.store.records import Records
from retro.store.saves import load_saved, save_current, slot_paths
from retro.ui.app import App
from retro.ui.driver import Driver
from retro.ui.scenes.dialogs import ConfirmScene, ResumeScene
from retro.ui.scenes.menu import MenuScene
from retro.ui.scenes.title import TitleScene
from retro.ui.table.scene import TableScene

pytestmark = pytest.mark.usefixtures("window")
ROOT = Path(__file__).resolve().parents[2]


def _two_games() -> Catalog:
    return Catalog([scenario.only("spider", "klondike")])


def _app(catalog: Catalog | None = None, seed: int = scenario.DEAL) -> App:
    return App(
        catalog or _two_games(), animate=False, seed_source=lambda: seed, winnable_mark=False
    )


def _saved(catalog: Catalog, game_id: str, seed: int, moves: int = 6) -> tuple[Game, Path]:
    """A game with moves made, saved where the window saves its game and options."""
    game = scenario.played(Game(catalog.load(game_id, {}), seed), moves)
    path = next(slot_paths(game_id, dict(game.gdef.options)))
    save_current(game, path)
    return game, path


def _table(app: App) -> TableScene:
    assert isinstance(app.scene, TableScene)
    return app.scene


def _lost(game_id: str) -> int:
    return sum(stats.lost for stats in Records().stats_for(game_id).values())


# -- a deal named on the command line -------------------------------------------------------


def test_a_deal_named_while_its_game_is_saved_asks_and_no_counts_the_saved_one() -> None:
    catalog = _two_games()
    _, path = _saved(catalog, "klondike", 9)
    app = _app(catalog)
    app.boot("klondike", {}, seed=5)
    driver = Driver(app)
    prompt = app.scene
    assert isinstance(prompt, ResumeScene) and prompt.game.seed == 9
    assert "Klondike instead" in prompt.keys and path.exists()
    driver.press("N")
    table = _table(app)
    assert table.game.seed == 5 and table.game.moves_made == 0
    assert _lost("klondike") == 1 and not path.exists()  # given up, and counted


def test_a_deal_named_while_its_game_is_saved_can_resume_the_saved_one() -> None:
    catalog = _two_games()
    saved, _ = _saved(catalog, "klondike", 9)
    app = _app(catalog)
    app.boot("klondike", {}, seed=5)
    driver = Driver(app)
    driver.press("Y")
    table = _table(app)
    assert table.game.position.fingerprint() == saved.position.fingerprint()
    assert _lost("klondike") == 0


def test_a_deal_named_while_another_game_is_saved_leaves_that_save_alone() -> None:
    catalog = _two_games()
    _, path = _saved(catalog, "spider", 9)
    app = _app(catalog)
    app.boot("klondike", {}, seed=5)
    driver = Driver(app)
    table = _table(app)  # nothing to ask: the spider game has a save of its own
    assert table.game.seed == 5
    driver.press("D")
    app.on_close()
    assert load_saved(path) is not None and _lost("spider") == 0
    again = _app(catalog)
    again.boot()
    prompt = again.scene
    assert isinstance(prompt, ResumeScene) and prompt.game.gdef.id == "klondike"  # most recent
    Driver(again).press("N")
    assert again.pending is not None and again.pending.gdef.id == "klondike"


CLI_FIRST_FRAME = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (1 << 31, 1 << 31))
resource.setrlimit(resource.RLIMIT_CPU, (60, 60))
import pyxel
_init = pyxel.init
def init(*args, **kwargs):
    kwargs["headless"] = True
    _init(*args, **kwargs)
def run(update, draw):
    update()
    draw()
    app = update.__self__
    print(type(app.scene).__name__, getattr(app.scene, "keys", ""))
    raise SystemExit(0)
pyxel.init, pyxel.run = init, run
from retro.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_the_command_line_asks_before_a_named_deal_replaces_a_saved_game(
    tmp_path: Path, data_dir: Path
) -> None:
    _, path = _saved(Catalog(), "klondike", 9)
    before = path.read_bytes()
    env = {**os.environ, "RETRO_PATIENCE_DATA": str(data_dir), "SDL_VIDEODRIVER": "dummy"}
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    result = subprocess.run(
        [sys.executable, "-c", CLI_FIRST_FRAME, "klondike", "--seed", "5"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert "ResumeScene" in result.stdout and "Klondike instead" in result.stdout
    assert path.read_bytes() == before  # nothing deleted before the player answers


# -- two windows -----------------------------------------------------------------------------


def test_two_windows_playing_one_game_keep_both_games_for_the_next_start() -> None:
    catalog = _two_games()
    first = _app(catalog, seed=5)
    first.start("spider", {}, 5)
    one = Driver(first)
    one.press("D")
    second = _app(catalog, seed=7)
    second.boot()  # the first window's game is in play there: not offered here
    assert isinstance(second.scene, TitleScene)
    second.start("spider", {}, 7)
    two = Driver(second)
    two.press("D")
    one.press("D")  # the first window plays on: its save is its own
    assert len(scenario.save_files()) == 2
    games = {app.session.game.seed: app.session.game for app in (first, second) if app.session}
    second.on_close()
    first.on_close()

    third = _app(catalog)
    third.boot()
    driver = Driver(third)
    prompt = third.scene
    assert isinstance(prompt, ResumeScene) and prompt.game.seed == 5  # the last one played
    driver.press("Y")
    assert _table(third).game.position.fingerprint() == games[5].position.fingerprint()
    driver.press("ESCAPE")
    menu = third.scene
    assert isinstance(menu, MenuScene)
    menu.focus = menu.lines(third).index(("play", ""))
    driver.press("RETURN")  # Spider again: its other saved game is offered first
    prompt = third.scene
    assert isinstance(prompt, ResumeScene) and prompt.game.seed == 7
    driver.press("Y")
    assert _table(third).game.position.fingerprint() == games[7].position.fingerprint()
    assert len(scenario.save_files()) == 2 and _lost("spider") == 0


def test_a_save_offered_in_one_window_is_not_offered_in_another_meanwhile() -> None:
    catalog = _two_games()
    _saved(catalog, "klondike", 9)
    first = _app(catalog)
    first.boot()
    assert isinstance(first.scene, ResumeScene)
    second = _app(catalog)
    second.boot()  # both started at once: only one may go on with the game
    assert isinstance(second.scene, TitleScene) and second.pending is None
    Driver(first).press("N")  # not now: still this window's while it runs
    third = _app(catalog)
    third.boot()
    assert isinstance(third.scene, TitleScene)
    first.on_close()
    fourth = _app(catalog)
    fourth.boot()
    assert isinstance(fourth.scene, ResumeScene) and fourth.scene.game.seed == 9


def test_another_game_from_the_menu_puts_the_game_in_progress_by_without_counting_it() -> None:
    app = _app()
    app.start("spider", {}, 5)
    driver = Driver(app)
    driver.press("D")
    spider = _table(app).game
    driver.press("ESCAPE")
    menu = app.scene
    assert isinstance(menu, MenuScene)
    menu.focus = 0
    for _ in range(len(menu.entries)):  # the other game
        if menu.game_id == "klondike":
            break
        driver.press("RIGHT")
    assert menu.game_id == "klondike"
    menu.focus = menu.lines(app).index(("play", ""))
    driver.press("RETURN")
    assert not any(isinstance(scene, ConfirmScene) for scene in app.scenes)  # nothing lost
    assert _table(app).game.gdef.id == "klondike"
    assert app.pending is spider and _lost("spider") == 0
    saves = [load_saved(path) for path in scenario.save_files()]
    assert [saved.game for saved in saves if saved] == ["spider"]


# -- a save whose game is away --------------------------------------------------------------


def test_a_save_whose_game_folder_is_not_given_waits_and_is_offered_when_it_is(
    tmp_path: Path,
) -> None:
    games = tmp_path / "games"
    games.mkdir()
    text = (games_dir() / "klondike.yaml").read_text(encoding="utf-8")
    (games / "my_klondike.yaml").write_text(text.replace("id: klondike", "id: my_klondike"))
    shutil.copy(games_dir() / "spider.yaml", games / "spider.yaml")
    mine = Catalog([games])
    saved, path = _saved(mine, "my_klondike", 9)
    for _ in range(2):  # two starts without the folder
        app = _app(Catalog([scenario.spider_only()]))
        app.boot()
        assert isinstance(app.scene, TitleScene)
        assert "waits for its game file" in app.note and "\n" not in app.note
        assert path.exists()
    app = _app(mine)
    app.boot()
    prompt = app.scene
    assert isinstance(prompt, ResumeScene) and prompt.game.gdef.id == "my_klondike"
    assert prompt.game.position.fingerprint() == saved.position.fingerprint()
