"""Drive the real App without a window: for tests, the frame benchmark and screenshots.

pyxel can be initialised once per process, so `headless()` does it at most once. Frames are
stepped as pyxel.run would (update, draw, flip); flip advances pyxel's frame counter, which
its key-press detection needs. The headless frame rate is set high so flip does not wait; the
App counts frames itself, so its timing is the same as in the window.
"""

from __future__ import annotations

from pathlib import Path

from retro.ui.app import App, init_window
from retro.ui.drawing.palette import PALETTE
from retro.ui.drawing.png import write_indexed
from retro.ui.table.layout import SCREEN_H, SCREEN_W

_STARTED = False


def headless() -> None:
    """Initialise pyxel without a window (once per process; later calls do nothing)."""
    global _STARTED
    if not _STARTED:
        init_window(headless=True, fps=1000)
        _STARTED = True


class Driver:
    """Steps an App frame by frame and presses its keys."""

    def __init__(self, app: App) -> None:
        import pyxel

        self.app = app
        self.pyxel = pyxel

    def step(self, frames: int = 1) -> None:
        for _ in range(frames):
            self.app.update()
            self.app.draw()
            self.pyxel.flip()

    def redraw(self) -> None:
        """Draw the current state again without advancing (for a screenshot)."""
        self.app.draw()

    def code(self, key: str) -> int:
        return self.app.keyboard.code(key)

    def press(self, *keys: str, settle: int = 1) -> None:
        """Press and release each key in turn (pyxel key names: "RIGHT", "RETURN", "H"); a name
        with `shift+` holds Shift around it."""
        pyxel = self.pyxel
        for key in keys:
            shifted = key.startswith("shift+")
            if shifted:
                pyxel.set_btn(pyxel.KEY_SHIFT, True)
                pyxel.set_btn(pyxel.KEY_LSHIFT, True)
            code = self.code(key)
            pyxel.set_btn(code, True)
            self.step()
            pyxel.set_btn(code, False)
            if shifted:
                pyxel.set_btn(pyxel.KEY_SHIFT, False)
                pyxel.set_btn(pyxel.KEY_LSHIFT, False)
            self.step(settle)

    def type(self, text: str) -> None:
        """Type text as the keyboard layout would deliver it (pyxel's text input)."""
        self.pyxel.set_input_text(text)
        self.step()

    def click(self, x: int, y: int, button: str = "MOUSE_BUTTON_LEFT") -> None:
        pyxel = self.pyxel
        pyxel.set_mouse_pos(x, y)
        self.step()
        self.press(button)

    def hold(self, key: str, frames: int) -> None:
        """Hold a key down for `frames` frames (key repeat)."""
        code = self.code(key)
        self.pyxel.set_btn(code, True)
        self.step(frames)
        self.pyxel.set_btn(code, False)
        self.step()

    def thought(self, limit: int = 100_000) -> None:
        """Step frames until the table has found its first hint (the solver's search runs a
        slice a frame while the status line says it is thinking)."""
        from retro.ui.table.scene import TableScene

        for _ in range(limit):
            scene = self.app.scene
            if not isinstance(scene, TableScene) or scene.thinking is None:
                return
            self.step()
        raise AssertionError(f"still thinking after {limit} frames")

    def auto_played(self, limit: int = 10_000) -> None:
        """Step frames until auto-play (A) has stopped: it learns what is safe a slice a frame
        first, so how many frames it takes depends on the machine's speed."""
        from retro.ui.table.scene import TableScene

        for _ in range(limit):
            scene = self.app.scene
            if not isinstance(scene, TableScene) or scene.auto_seen is None:
                return
            self.step()
        raise AssertionError(f"still auto-playing after {limit} frames")

    def settle(self) -> None:
        """Let every card in flight land."""
        self.step(40)

    def pixels(self) -> bytes:
        """The screen as palette indexes, row by row (640x400)."""
        return bytes(self.pyxel.screen.data_ptr())

    def save(self, path: Path, scale: int = 1) -> None:
        write_indexed(path, SCREEN_W, SCREEN_H, self.pixels(), PALETTE, scale)
