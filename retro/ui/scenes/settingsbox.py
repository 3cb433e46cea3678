"""The settings box over the game menu: language, the four-colour deck, the game clock,
safe cards going home by themselves, the card back and the table's colour.

Each line has a value that ←→ (or Enter, or a click) changes at once and the settings file
keeps; the menu behind it is drawn again in the new language as soon as the box closes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from retro.i18n import LANGUAGE_NAMES, LANGUAGES
from retro.textmode import Colour, TextScreen
from retro.ui import texts
from retro.ui.drawing.cardart import BACKS, CARD_H, CARD_W
from retro.ui.drawing.palette import FELTS, felt
from retro.ui.drawing.textview import CELL_H, CELL_W, COLS, ROWS
from retro.ui.drawing.widgets import Overlay, box, fit, wrap
from retro.ui.scene import Scene

if TYPE_CHECKING:
    from retro.ui.scene import Host

LINES = ("language", "cards", "clock", "auto_home", "back", "felt")


class SettingsScene(Overlay, Scene):
    """Lines of `Label ..... ◄ value ►`, one of them chosen."""

    context = "settings"
    overlay = True
    COL, ROW, WIDTH, HEIGHT = 9, 6, 62, 13
    LINE_W = 46  # the lines' cells; the preview of the table and a card back to their right
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
        self._preview(app)

    def _preview(self, app: Host) -> None:
        """The table's colour and the card back as chosen, beside the lines, shown at once."""
        import pyxel

        x, y = (self.COL + self.LINE_W + 3) * CELL_W, (self.ROW + 2) * CELL_H
        width, height = (self.WIDTH - self.LINE_W - 5) * CELL_W, len(LINES) * CELL_H
        pyxel.rect(x, y, width, height, felt(app.settings.felt)[0])
        app.art.blt(x + (width - CARD_W) // 2, y + (height - CARD_H) // 2, None, False)

    def compose(self) -> TextScreen:
        screen = TextScreen(COLS, ROWS)
        c, r, w, h = self.COL, self.ROW, self.WIDTH, self.HEIGHT
        box(screen, c, r, w, h, texts.SETTINGS_TITLE, Colour.WHITE, Colour.BLUE, Colour.YELLOW)
        labels = (
            texts.SETTINGS_LANGUAGE,
            texts.SETTINGS_CARDS,
            texts.SETTINGS_CLOCK,
            texts.SETTINGS_AUTO_HOME,
            texts.SETTINGS_BACK,
            texts.SETTINGS_FELT,
        )
        for index, (label, value) in enumerate(zip(labels, self._shown[1:], strict=True)):
            focused = index == self.focus
            fg, bg = (Colour.BLACK, Colour.CYAN) if focused else (Colour.WHITE, Colour.BLUE)
            shown = f"◄ {value} ►" if focused else f"  {value}  "
            text = f" {fit(label, 16)} ".ljust(19, ".") + " " + shown
            screen.put(c + 2, r + 2 + index, text.ljust(self.LINE_W), fg, bg)
        about = r + 3 + len(LINES)
        for offset, line in enumerate(wrap(texts.SETTINGS_ABOUT_CARDS, w - 6, 2)):
            screen.put(c + 3, about + offset, line, Colour.LIGHT_CYAN)
        keys = fit(texts.SETTINGS_KEYS, w - 4)
        screen.put(c + (w - len(keys)) // 2, r + h - 2, keys, Colour.LIGHT_GREY)
        return screen


def values(app: Host) -> tuple[str, ...]:
    """The values as shown, in the current language."""
    settings = app.settings
    return (
        LANGUAGE_NAMES.get(app.lang, app.lang),
        texts.CARDS_FOUR if settings.four_colour else texts.CARDS_TWO,
        texts.MENU_ON if settings.clock else texts.MENU_OFF,
        texts.MENU_ON if settings.auto_home else texts.MENU_OFF,
        _named(tuple(BACKS), texts.BACK_NAMES, settings.card_back),
        _named(tuple(FELTS), texts.FELT_NAMES, settings.felt),
    )


def _named(choices: tuple[str, ...], names: tuple[str, ...], value: str) -> str:
    return names[choices.index(value)] if value in choices else names[0]


def _next(choices: tuple[str, ...], value: str, delta: int) -> str:
    at = choices.index(value) if value in choices else 0
    return choices[(at + delta) % len(choices)]


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
    elif line == "auto_home":
        settings.auto_home = not settings.auto_home
        app.save_settings()
    elif line == "back":
        settings.card_back = _next(tuple(BACKS), settings.card_back, delta)
        app.save_settings()
    elif line == "felt":
        settings.felt = _next(tuple(FELTS), settings.felt, delta)
        app.save_settings()
