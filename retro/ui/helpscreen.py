"""The instructions pager (F1): a game's DOS help pages, then the keymap's pages, page by page.

The pages come from the game's own `.anl` file or are written from its rules
(`retro.instructions`); the keys pages come from the keymap itself, so they never go stale.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from retro.errors import RetroError
from retro.instructions import game_instructions
from retro.textmode import (
    Colour,
    Glyph,
    HelpKey,
    Instructions,
    Page,
    TextScreen,
    help_keys,
    help_screen,
)
from retro.ui import keymap, texts
from retro.ui.textview import CELL_H, CELL_W

if TYPE_CHECKING:
    from retro.ui.app import App


def keys_pages() -> list[Page]:
    """The keymap as instruction pages, so F1 always tells the keys the window really uses."""
    lines: Page = [[Glyph(ch, Colour.YELLOW) for ch in texts.KEYS_PAGE_TITLE], []]
    for context, title in keymap.CONTEXTS.items():
        lines.append([Glyph(ch, Colour.LIGHT_CYAN) for ch in title])
        for binding in keymap.bindings(context):
            label = keymap.binding_label(binding, keypad=False)[:22].ljust(23)
            line = [Glyph(ch, Colour.YELLOW) for ch in "  " + label]
            line += [Glyph(ch, Colour.WHITE) for ch in binding.text[:78 - len(line)]]
            lines.append(line)
        lines.append([])
    return [lines[i:i + 21] for i in range(0, len(lines), 21)]


class InstructionsScene:
    """The DOS help screen of a game, page by page; Esc goes back exactly where it was."""

    context = "help"
    overlay = False

    def __init__(self, app: App, game_id: str | None = None) -> None:
        gid = game_id or (app.session.game_id if app.session else "spider")
        try:
            gdef = (app.session.game.gdef if app.session and app.session.game_id == gid
                    else app.catalog.load(gid, {}))
            # the game's own .anl file, or pages written from its rules: never a game without
            loaded = game_instructions(gdef, app.lang)
        except RetroError as error:  # a broken game file: say why on the page
            lines = [texts.NO_INSTRUCTIONS, "", *str(error).splitlines()[:1]]
            loaded = Instructions(gid, [[[Glyph(ch, Colour.WHITE) for ch in line[:78]]
                                         for line in lines]])
        self.instructions = Instructions(loaded.title,
                                         [*loaded.pages, *keys_pages()])
        self.page = 0
        self.lang = app.lang

    @property
    def count(self) -> int:
        return len(self.instructions.pages)

    def update(self, app: App) -> None:
        for action, _ in app.keyboard.actions(self.context):
            if self.HANDLERS[action](self, app):
                return

    def _next(self, app: App) -> bool:
        self.page = min(self.page + 1, self.count - 1)
        return False

    def _previous(self, app: App) -> bool:
        self.page = max(self.page - 1, 0)
        return False

    def _close(self, app: App) -> bool:
        app.pop()
        return True

    def _click(self, app: App) -> bool:
        """A click on one of the bottom line's keys does what that key does."""
        import pyxel

        col, row = pyxel.mouse_x // CELL_W, pyxel.mouse_y // CELL_H
        shown: list[HelpKey] = help_keys(self.page, self.count, self.lang)
        for key in shown:
            if key.row == row and key.col <= col < key.col + key.width and key.enabled:
                return self.CLICKABLE["next" if key.action == "turn" else key.action](self, app)
        return False

    CLICKABLE: ClassVar[dict[str, Callable[[InstructionsScene, App], bool]]] = {
        "next": _next, "previous": _previous, "close": _close}
    HANDLERS: ClassVar[dict[str, Callable[[InstructionsScene, App], bool]]] = {
        **CLICKABLE, "click": _click}

    def draw(self, app: App) -> None:
        if self._shown is None or self._shown[0] != self.page:
            self._shown = (self.page, help_screen(self.instructions, self.page, self.lang))
        app.painter.screen("help", self._shown[1])

    _shown: tuple[int, TextScreen] | None = None

