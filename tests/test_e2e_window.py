"""End to end: the real `retro-patience` window under Xvfb, driven by xdotool keystrokes.

The program is told to write each move's notation to a file (RETRO_PATIENCE_TRACE), and the
screen is grabbed before and after with ImageMagick's `import`. Skipped, with the reason, where
Xvfb, xdotool or ImageMagick is missing (CI installs them: apt-get install xvfb xdotool
imagemagick).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

TOOLS = ("Xvfb", "xdotool", "import", "compare")
MISSING = [tool for tool in TOOLS if shutil.which(tool) is None]
pytestmark = [
    pytest.mark.skipif(
        bool(MISSING),
        reason=f"needs {', '.join(MISSING)} (apt-get install xvfb xdotool imagemagick)",
    ),
    pytest.mark.slow,
]


@pytest.fixture
def display() -> Iterator[str]:
    """A private X server; Xvfb picks a free display number itself (-displayfd), so parallel
    test runs never collide."""
    read_end, write_end = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        pass_fds=(write_end,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_end)
    try:
        with os.fdopen(read_end) as numbers:
            number = numbers.readline().strip()
        assert number, "Xvfb did not start"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def _command() -> list[str]:
    script = Path(sys.executable).with_name("retro-patience")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "retro"]


def _wait_for(check: object, seconds: float) -> bool:
    assert callable(check)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.1)
    return False


def _grab(env: dict[str, str], path: Path) -> None:
    subprocess.run(
        ["import", "-window", "root", str(path)],
        env=env,
        check=True,
        capture_output=True,
        timeout=30,
    )


def _grab_settled(env: dict[str, str], path: Path) -> None:
    """Grab the screen once two grabs in a row are alike: the frames drawn, a card landed."""
    previous = path.with_suffix(".previous.png")
    _grab(env, previous)

    def still() -> bool:
        _grab(env, path)
        if _differing_pixels(previous, path) == 0:
            return True
        path.replace(previous)
        return False

    assert _wait_for(still, 20), "the window kept changing"


def _differing_pixels(a: Path, b: Path) -> int:
    result = subprocess.run(
        ["compare", "-metric", "AE", str(a), str(b), "null:"],
        capture_output=True,
        text=True,
        timeout=30,
    )
    return int(float(result.stderr.split()[0]))


def test_keystrokes_in_the_real_window_move_a_card(display: str, tmp_path: Path) -> None:
    trace = tmp_path / "trace.txt"
    env = {
        **os.environ,
        "DISPLAY": display,
        "RETRO_PATIENCE_TRACE": str(trace),
        "RETRO_PATIENCE_DATA": str(tmp_path / "data"),
        "SDL_AUDIODRIVER": "dummy",
    }
    program = subprocess.Popen(
        [*_command(), "play", "spider", "--seed", "5"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:

        def window_up() -> bool:
            # any window will do: the display is ours alone (xdotool's --name does not see
            # the title SDL sets, the class is the interpreter's name)
            found = subprocess.run(
                ["xdotool", "search", "--onlyvisible", "--class", "."],
                env=env,
                capture_output=True,
                text=True,
            )
            return bool(found.stdout.strip())

        assert _wait_for(window_up, 30), "the window did not open"
        assert program.poll() is None
        before = tmp_path / "before.png"
        _grab_settled(env, before)
        # Q♠ on tableau:1 lifted, carried seven piles right, dropped on K♠ of tableau:8.
        keys = ["Return", *["Right"] * 7, "Return"]
        subprocess.run(["xdotool", "key", "--delay", "120", *keys], env=env, check=True, timeout=30)
        assert _wait_for(lambda: trace.exists() and trace.read_text().strip(), 10), (
            "no move was traced"
        )
        assert trace.read_text().splitlines() == ["tableau:1>tableau:8"]
        saves = tmp_path / "data" / "saves"  # saved after the move: nothing is lost
        assert _wait_for(lambda: list(saves.glob("spider-*.json")), 5), "the game was not saved"
        (save,) = saves.glob("spider-*.json")
        assert '"tableau:1>tableau:8"' in save.read_text(encoding="utf-8")
        after = tmp_path / "after.png"
        _grab_settled(env, after)
        assert _differing_pixels(before, after) > 500
        assert program.poll() is None, "the program ended"
    finally:
        program.terminate()
        try:
            program.wait(timeout=10)
        except subprocess.TimeoutExpired:
            program.kill()
            program.wait()
