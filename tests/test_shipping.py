"""The pyxel way of shipping: the .pyxapp that `pyxel play` runs, the browser page made from it,
the saves a browser keeps, and the Linux desktop entry with the window's icon."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from retro.browser import CONFIG, DATA, BrowserStore
from retro.pyxapp import REQUIRED
from retro.store.files import atomic_write

ROOT = Path(__file__).resolve().parent.parent

# `pyxel play APP`, with the window headless and pyxel.run stopped after a few frames.
PLAY = """
import sys, pyxel
_init = pyxel.init
def init(*args, **kwargs):
    kwargs["headless"] = True
    _init(*args, **kwargs)
def run(update, draw):
    for _ in range(5):
        update()
        draw()
        pyxel.flip()
    import retro
    colours = {pyxel.screen.pget(x, y) for x in range(0, 640, 8) for y in range(0, 400, 8)}
    print("RAN", retro.__file__, len(colours), flush=True)
    raise SystemExit(0)
pyxel.init, pyxel.run = init, run
for module in sys.argv[2:]:
    sys.modules[module] = None  # as if not installed
import pyxel.cli
sys.argv = ["pyxel", "play", sys.argv[1]]
pyxel.cli.cli()
"""


class FakeStorage:
    """localStorage as a dict, with the browser's method names."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        self.items = dict(items or {})

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, index: int) -> str | None:
        keys = list(self.items)
        return keys[index] if index < len(keys) else None

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_pyxapp.py"), "--out", str(out), "--html"],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return out


def _play(app: Path, tmp_path: Path, *hidden: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "RETRO_PATIENCE_DATA": str(tmp_path / "data"),
        "SDL_VIDEODRIVER": "dummy",
        "TMPDIR": str(tmp_path),
    }
    return subprocess.run(
        [sys.executable, "-c", PLAY, str(app), *hidden],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_pyxapp_carries_the_package_its_games_and_assets(built: Path) -> None:
    with zipfile.ZipFile(built / "retro-patience.pyxapp") as app:
        names = set(app.namelist())
        assert app.comment.decode().count("license : MIT") == 1
    assert "retro-patience/.pyxapp_startup_script" in names
    assert "retro-patience/retro_patience.py" in names
    assert "retro-patience/retro/ui/app.py" in names
    assert "retro-patience/retro/_bundled/games/spider.yaml" in names
    assert "retro-patience/retro/_bundled/assets/fonts/retro8x16.bdf" in names
    assert not any("__pycache__" in name for name in names)


def test_pyxel_play_runs_it(built: Path, tmp_path: Path) -> None:
    result = _play(built / "retro-patience.pyxapp", tmp_path)
    assert result.returncode == 0, result.stderr
    ran = [line for line in result.stdout.splitlines() if line.startswith("RAN ")]
    assert ran, result.stdout + result.stderr
    _, module, colours = ran[0].split()
    assert Path(module).is_relative_to(tmp_path)  # the app's own copy, not the checkout
    assert int(colours) > 2  # the title screen was drawn


def test_a_missing_package_is_named_in_one_line(built: Path, tmp_path: Path) -> None:
    result = _play(built / "retro-patience.pyxapp", tmp_path, "jsonschema")
    assert result.returncode == 1
    assert "RAN" not in result.stdout
    lines = [line for line in result.stderr.splitlines() if line.startswith("retro-patience")]
    assert lines == [
        "retro-patience: this pyxel app needs the Python packages jsonschema "
        "beside pyxel (pip install jsonschema)"
    ]


def test_the_web_page_loads_the_packages_the_game_needs(built: Path) -> None:
    page = (built / "retro-patience.html").read_text(encoding="utf-8")
    assert f'packages: "{",".join(REQUIRED.values())}"' in page
    assert set(REQUIRED.values()) == {"pyyaml", "jsonschema", "platformdirs"}
    assert 'command: "play"' in page and "gamepad" not in page


def test_browser_storage_brings_saves_back_and_follows_every_change(tmp_path: Path) -> None:
    storage = FakeStorage(
        {DATA + "current-game.json": '{"a": 1}', "other-site": "x", CONFIG + "settings.json": "{}"}
    )
    folder = tmp_path / "data"
    store = BrowserStore(folder, storage)
    assert store.restore() == 1
    assert (folder / "current-game.json").read_text() == '{"a": 1}'
    store.sync()
    assert not (folder / "settings.json").exists()  # the config folder's entry stays out
    assert storage.items[DATA + "current-game.json"] == '{"a": 1}' and len(storage.items) == 3
    atomic_write(folder / "current-game.json", '{"a": 22}')  # keeps the old one as .bak
    atomic_write(folder / "records.json", '{"r": []}')
    store.sync()
    assert storage.items[DATA + "current-game.json"] == '{"a": 22}'
    assert storage.items[DATA + "current-game.json.bak"] == '{"a": 1}'
    assert storage.items[DATA + "records.json"] == '{"r": []}'
    assert not any(key.endswith(".tmp") for key in storage.items)
    (folder / "current-game.json").unlink()
    store.sync()
    assert DATA + "current-game.json" not in storage.items
    assert storage.items["other-site"] == "x"  # another page's entries are left alone


# The pyxel app's start in a browser, with the page's storage faked: a saved game stored by the
# page comes back (the resume prompt shows) and a save cleared at the table leaves the storage.
BROWSER = """
import json, sys
import pyxel
import retro.browser, retro.ui.app
from tests.test_shipping import FakeStorage
storage = FakeStorage(json.loads(sys.argv[1]))
retro.browser.in_browser = lambda: True
retro.browser.local_storage = lambda: storage
retro.browser.browser_language = lambda: "de-DE"
_init = pyxel.init
def init(*args, **kwargs):
    kwargs["headless"] = True
    _init(*args, **kwargs)
pyxel.init = init
def run(app, after_update):
    for _ in range(3):
        app.update()
        after_update()
        app.draw()
    print("SCENE", type(app.scene).__name__, app.lang)
    app.resume(app.scene.game)  # resumed, then over: its save goes
    app.keeper.clear()
    after_update()
    print("KEYS", sorted(storage.items))
retro.ui.app.run = run
from retro.pyxapp import main
main()
"""


def test_the_app_in_a_browser_restores_and_keeps_saves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from retro.engine.game import Game
    from retro.ui.keeper import Keeper
    from tests.helpers import legal, load, play

    monkeypatch.setenv("RETRO_PATIENCE_DATA", str(tmp_path / "made"))
    game = Game(load("freecell"), 5)
    play(game, sorted(legal(game))[0])
    keeper = Keeper()
    keeper.save(game)
    assert keeper.slot is not None
    saved, keeper_name = keeper.slot.read_text(encoding="utf-8"), keeper.slot.name
    keeper.leave()
    env = {
        **os.environ,
        "RETRO_PATIENCE_DATA": str(tmp_path / "browser"),
        "SDL_VIDEODRIVER": "dummy",
    }
    result = subprocess.run(
        [sys.executable, "-c", BROWSER, json.dumps({f"{DATA}saves/{keeper_name}": saved})],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "SCENE ResumeScene de" in lines
    assert "KEYS []" in lines


def test_the_desktop_entry_names_the_program_and_its_icon() -> None:
    entry = (ROOT / "assets" / "linux" / "retro-patience.desktop").read_text(encoding="utf-8")
    fields = dict(line.split("=", 1) for line in entry.splitlines()[1:] if "=" in line)
    assert entry.splitlines()[0] == "[Desktop Entry]"
    assert fields["Type"] == "Application" and fields["Exec"].split()[0] == "retro-patience"
    assert fields["Icon"] == "retro-patience" and fields["Name"] == "Retro Patience"
    assert fields["Categories"].endswith(";") and "CardGame" in fields["Categories"]


def test_the_desktop_icon_is_the_window_icon() -> None:
    from retro.ui.drawing import icon
    from retro.ui.drawing.palette import PALETTE
    from retro.ui.drawing.png import read

    picture = read(ROOT / "assets" / "linux" / "retro-patience.png")
    scale = icon.PNG_SCALE
    assert (picture.width, picture.height) == (16 * scale, 16 * scale)
    wanted = [PALETTE[int(letter, 16)] for row in icon.ICON for letter in row]
    got = [picture.rgb[y * scale * picture.width + x * scale] for y in range(16) for x in range(16)]
    assert got == wanted
    assert all(len(row) == 16 for row in icon.ICON) and len(icon.ICON) == 16
