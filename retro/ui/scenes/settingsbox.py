"""The settings box over the game menu: language, the four-colour deck, the game clock.

Each line has a value that ←→ (or Enter, or a click) changes at once and the settings file
keeps; the menu behind it is drawn again in the new language as soon as the box closes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from retro.i18n import LANGUAGE_NAMES, LANGUAGES
from retro.textmode import Colour, TextScreen
from retro.ui import texts
from retro.ui.drawing.textview import CELL_H, CELL_W, COLS, ROWS
from retro.ui.drawing.widgets import Overlay, box, fit, wrap
from retro.ui.scene import Scene

if TYPE_CHECKING:
    from retro.ui.scene import Host

LINES = ("language", "cards", "clock")


class SettingsScene(Overlay, Scene):
    """Three lines of `Label ..... ◄ value ►`, one of them chosen."""

    context = "settings"
    overlay = True
    COL, ROW, WIDTH, HEIGHT = 14, 7, 52, 10
    SLOT = "settings"

    def __init__(self) -> None:
        self.focus = 0
        self._shown: tuple[object, ...] = ()

    def _up(self, app: Host) -> None:
        self.focus = (self.focus - 1) % len(LINES)

    def _down(self, app: Host) -> None:
        self.focus = (self.focus + 1) % len(LINES)

    def _left(self, app: Host) -> None:
        change(app, LINES[self.focus], -1)

    def _right(self, app: Host) -> None:
        change(app, LINES[self.focus], 1)

    def _close(self, app: Host) -> None:
        app.pop()

    def _click(self, app: Host) -> None:
        """A click on a line chooses it; on the chosen line it changes the value."""
        import pyxel

        line = pyxel.mouse_y // CELL_H - self.ROW - 2
        inside = self.COL < pyxel.mouse_x // CELL_W < self.COL + self.WIDTH - 1
        if not inside or not 0 <= line < len(LINES):
            return
        if line == self.focus:
            change(app, LINES[line], 1)
        self.focus = line

    HANDLERS: ClassVar[dict[str, Callable[[SettingsScene, Host], None]]] = {
        "up": _up,
        "down": _down,
        "left": _left,
        "right": _right,
        "close": _close,
        "click": _click,
    }

    def draw(self, app: Host) -> None:
        shown = (self.focus, *values(app))
        if shown != self._shown:
            self._shown = shown
            self._region = None  # composed again: a value or the language changed
        self.draw_box(app.painter)

    def compose(self) -> TextScreen:
        screen = TextScreen(COLS, ROWS)
        c, r, w, h = self.COL, self.ROW, self.WIDTH, self.HEIGHT
        box(screen, c, r, w, h, texts.SETTINGS_TITLE, Colour.WHITE, Colour.BLUE, Colour.YELLOW)
        labels = (texts.SETTINGS_LANGUAGE, texts.SETTINGS_CARDS, texts.SETTINGS_CLOCK)
        for index, (label, value) in enumerate(zip(labels, self._shown[1:], strict=True)):
            focused = index == self.focus
            fg, bg = (Colour.BLACK, Colour.CYAN) if focused else (Colour.WHITE, Colour.BLUE)
            shown = f"◄ {value} ►" if focused else f"  {value}  "
            text = f" {fit(label, 16)} ".ljust(19, ".") + " " + shown
            screen.put(c + 2, r + 2 + index, text.ljust(w - 4), fg, bg)
        for offset, line in enumerate(wrap(texts.SETTINGS_ABOUT_CARDS, w - 6, 2)):
            screen.put(c + 3, r + 6 + offset, line, Colour.LIGHT_CYAN)
        keys = fit(texts.SETTINGS_KEYS, w - 4)
        screen.put(c + (w - len(keys)) // 2, r + h - 2, keys, Colour.LIGHT_GREY)
        return screen


def values(app: Host) -> tuple[str, str, str]:
    """The three values as shown, in the current language."""
    settings = app.settings
    return (
        LANGUAGE_NAMES.get(app.lang, app.lang),
        texts.CARDS_FOUR if settings.four_colour else texts.CARDS_TWO,
        texts.MENU_ON if settings.clock else texts.MENU_OFF,
    )


def change(app: Host, line: str, delta: int) -> None:
    """The next (or previous) value of a line, taken at once and remembered."""
    settings = app.settings
    if line == "language":
        at = LANGUAGES.index(app.lang) if app.lang in LANGUAGES else 0
        app.set_language(LANGUAGES[(at + delta) % len(LANGUAGES)])
    elif line == "cards":
        settings.four_colour = not settings.four_colour
        app.save_settings()
    elif line == "clock":
        settings.clock = not settings.clock
        app.save_settings()
