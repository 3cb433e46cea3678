"""The title screen, in the style of a 1994 shareware title: the logo, the version, and the
demos of the games in turn once it is left alone (`retro.ui.scenes.titledemo`).

It composes a `retro.textmode.TextScreen` (80x25 cells of character and colours) and hands it
to the painter, which repaints only when a cell changed: the 1994 look comes from the cell grid
itself, box characters and all.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

import retro
from retro.textmode import Colour, TextScreen
from retro.ui import texts
from retro.ui.drawing.textview import COLS, ROWS
from retro.ui.drawing.widgets import bar, big_text, centre, note_line
from retro.ui.keymap import FPS
from retro.ui.scene import Scene

if TYPE_CHECKING:
    from retro.ui.scene import Host

DEMO_AFTER = 20 * FPS  # frames the title screen is left alone before its demos begin


class TitleScene(Scene):
    """The first screen, in the style of a 1994 shareware title."""

    context = "title"

    def __init__(self, note: str = "") -> None:
        self.note = note
        self.screen = compose_title(note)
        self.words = texts.TITLE_LINES  # composed again when the language changes
        self.idle = 0  # frames since the last key, for the demos (`retro.ui.scenes.titledemo`)

    def update(self, app: Host) -> None:
        actions = app.keyboard.actions(self.context)
        if actions:
            self.idle = 0
            self.handle(app, actions[:1])
            return
        self.idle = 0 if app.keyboard.any_pressed() else self.idle + 1
        if self.idle >= DEMO_AFTER:
            from retro.ui.scenes.titledemo import TitleDemoScene  # only once left alone

            self.idle = 0
            app.push(TitleDemoScene(app))

    def _menu(self, app: Host) -> None:
        app.show_menu()

    def _help(self, app: Host) -> None:
        from retro.ui.scenes.helpscreen import show_all_keys  # not needed by the title itself

        show_all_keys(app)

    HANDLERS: ClassVar[dict[str, Callable[[TitleScene, Host], None]]] = {
        "continue": _menu,
        "help": _help,
    }

    def draw(self, app: Host) -> None:
        if self.words != texts.TITLE_LINES:
            self.words = texts.TITLE_LINES
            self.screen = compose_title(self.note)
        app.painter.screen("title", self.screen)


def shown_version(version: str) -> str:
    """The version as the title shows it: a release's first two numbers when the third is
    0 ("0.1" for 0.1.0), else all of it."""
    parts = version.split(".")
    return ".".join(parts[:2]) if parts[2:] == ["0"] else version


def compose_title(note: str = "") -> TextScreen:
    screen = TextScreen(COLS, ROWS, Colour.WHITE, Colour.BLUE)
    screen.frame(0, 0, COLS, ROWS - 1, "double", Colour.LIGHT_CYAN)
    first, second = texts.TITLE_LOGO
    big_text(screen, (COLS - 8 * len(first)) // 2, 2, first, Colour.YELLOW)
    big_text(screen, (COLS - 8 * len(second)) // 2, 8, second, Colour.LIGHT_CYAN)
    tagline, suits, press, version, files = texts.TITLE_LINES
    centre(screen, 15, tagline, Colour.WHITE)
    col = (COLS - len(suits)) // 2
    for offset, char in enumerate(suits):
        red = char in "♥♦"
        screen.put_char(col + offset, 17, char, Colour.LIGHT_RED if red else Colour.WHITE)
    centre(screen, 19, files, Colour.LIGHT_GREY)
    centre(screen, 21, f" {press} ", Colour.BLACK, Colour.LIGHT_GREY)
    bar(screen, ROWS - 1, " " + version.format(version=shown_version(retro.__version__)))
    screen.put(
        COLS - len(texts.APP_TITLE) - 1, ROWS - 1, texts.APP_TITLE, Colour.BLACK, Colour.CYAN
    )
    if note:
        note_line(screen, ROWS - 2, note)
    return screen
