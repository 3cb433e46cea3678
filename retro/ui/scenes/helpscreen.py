"""The instructions pager (F1): a game's DOS help pages, then one page of the keys of the
screen F1 was pressed on; from the title screen, every key of every screen (the long list).

The pages come from the game's own `.anl` file or are written from its rules
(`retro.instructions`); the keys pages come from the keymap itself, so they never go stale.
"""

from __future__ import annotations

import textwrap
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
from retro.textmode.anl import PAGE_HEIGHT
from retro.ui import keymap, texts
from retro.ui.drawing.textview import CELL_H, CELL_W
from retro.ui.scene import Scene

if TYPE_CHECKING:
    from retro.ui.scene import Host


PAGE_WIDTH = 76  # text columns of a help page that keeps a blank inside the frame
COLUMN = 38  # one of two columns on the one-page keys screen
LABEL = 16  # the keys' column in the long list (longer keys get a line of their own)


def _line(*parts: tuple[str, Colour]) -> list[Glyph]:
    return [Glyph(ch, colour) for text, colour in parts for ch in text]


def screen_keys_page(context: str) -> Page:
    """The keys of one screen and those of every screen on one page that fits: one column of
    whole sentences when there is room, else two columns of the bindings' short words. What
    F1 shows after a game's rules."""
    entries = [*keymap.bindings(context), *keymap.bindings("window")]
    page: Page = [
        _line(
            (
                f"{texts.KEYS_PAGE_TITLE}: {texts.tr(keymap.CONTEXTS[context])} "
                f"{texts.KEYS_EVERYWHERE}",
                Colour.YELLOW,
            )
        ),
        [],
    ]
    room = PAGE_HEIGHT - len(page)
    labels = [keymap.binding_label(b, keypad=False, say=texts.tr) for b in entries]
    width = max(len(label) for label in labels)
    wrapped = [textwrap.wrap(texts.tr(b.text), PAGE_WIDTH - width - 3) for b in entries]
    if sum(len(lines) for lines in wrapped) <= room:
        for label, lines in zip(labels, wrapped, strict=True):
            page.append(
                _line((" " + label.ljust(width + 2), Colour.YELLOW), (lines[0], Colour.WHITE))
            )
            page += [_line((" " * (width + 3) + more, Colour.WHITE)) for more in lines[1:]]
        return page
    half = -(-len(entries) // 2)
    columns = [
        list(zip(labels, entries, strict=True))[:half],
        list(zip(labels, entries, strict=True))[half:],
    ]
    # each column's lines: a key and its words, wrapped within the column (a word too long
    # for a line goes on the next, indented), never cut
    sides: list[list[list[Glyph]]] = []
    for column in columns:
        width = max(len(label) for label, _ in column)
        found: list[list[Glyph]] = []
        for label, binding in column:
            words = texts.tr(binding.short or binding.text)
            parts = textwrap.wrap(words, COLUMN - width - 2) or [""]
            found.append(
                _line((" " + label.ljust(width + 1), Colour.YELLOW), (parts[0], Colour.WHITE))
            )
            found += [_line((" " * (width + 2) + part, Colour.WHITE)) for part in parts[1:]]
        sides.append(found)
    blank: list[Glyph] = []
    cells = []
    for row in range(max(len(side) for side in sides)):
        left = sides[0][row] if row < len(sides[0]) else blank
        right = sides[1][row] if row < len(sides[1]) else blank
        cells.append(left + [Glyph(" ", Colour.WHITE)] * (COLUMN - len(left)) + right)
    return page + cells


def all_keys_pages() -> list[Page]:
    """Every key of every screen, in whole sentences, paged: the long list, shown once (F1 on
    the title screen), as docs/keys.md has it."""
    lines: Page = []
    for context, title in keymap.CONTEXTS.items():
        lines.append(_line((texts.tr(title), Colour.LIGHT_CYAN)))
        for binding in keymap.bindings(context):
            label = keymap.binding_label(binding, keypad=False, say=texts.tr)
            text = textwrap.wrap(texts.tr(binding.text), PAGE_WIDTH - 2 - LABEL)
            if len(label) >= LABEL:
                lines.append(_line(("  " + label, Colour.YELLOW)))
                label = ""
            lines.append(_line(("  " + label.ljust(LABEL), Colour.YELLOW), (text[0], Colour.WHITE)))
            lines += [_line((" " * (2 + LABEL) + more, Colour.WHITE)) for more in text[1:]]
        lines.append([])
    return [lines[i : i + PAGE_HEIGHT] for i in range(0, len(lines), PAGE_HEIGHT)]


def show_help(app: Host, game_id: str | None = None) -> None:
    """F1: the game's rules, then the keys of the screen it was pressed on."""
    context = app.scenes[-1].context if app.scenes else "table"
    app.push(InstructionsScene(app, game_id, context))


def show_all_keys(app: Host) -> None:
    """Help on the title screen: every key of every screen."""
    app.push(InstructionsScene(app, context="all"))


class InstructionsScene(Scene):
    """The DOS help screen of a game, page by page; Esc goes back exactly where it was."""

    context = "help"

    def __init__(self, app: Host, game_id: str | None = None, context: str = "table") -> None:
        """A game's rules and then the keys of the screen F1 was pressed on (`context`); with
        `context` "all", every key of every screen instead (the long list, under Help)."""
        self.page = 0
        self.lang = app.lang
        if context == "all":
            self.instructions = Instructions(texts.KEYS_ALL_TITLE, all_keys_pages())
            return
        gid = game_id or (app.session.game_id if app.session else "spider")
        try:
            gdef = (
                app.session.game.gdef
                if app.session and app.session.game_id == gid
                else app.catalog.load(gid, {})
            )
            # the game's own .anl file, or pages written from its rules: never a game without
            loaded = game_instructions(gdef, app.lang)
        except RetroError as error:  # a broken game file: say why on the page
            lines = [texts.NO_INSTRUCTIONS, "", *str(error).splitlines()[:1]]
            loaded = Instructions(
                gid, [[[Glyph(ch, Colour.WHITE) for ch in line[:78]] for line in lines]]
            )
        self.instructions = Instructions(loaded.title, [*loaded.pages, screen_keys_page(context)])

    @property
    def count(self) -> int:
        return len(self.instructions.pages)

    def _next(self, app: Host) -> None:
        self.page = min(self.page + 1, self.count - 1)

    def _previous(self, app: Host) -> None:
        self.page = max(self.page - 1, 0)

    def _close(self, app: Host) -> None:
        app.pop()

    def _click(self, app: Host) -> None:
        """A click on one of the bottom line's keys does what that key does."""
        import pyxel

        col, row = pyxel.mouse_x // CELL_W, pyxel.mouse_y // CELL_H
        shown: list[HelpKey] = help_keys(self.page, self.count, self.lang)
        for key in shown:
            if key.row == row and key.col <= col < key.col + key.width and key.enabled:
                self.CLICKABLE["next" if key.action == "turn" else key.action](self, app)
                return

    CLICKABLE: ClassVar[dict[str, Callable[[InstructionsScene, Host], None]]] = {
        "next": _next,
        "previous": _previous,
        "close": _close,
    }
    HANDLERS: ClassVar[dict[str, Callable[[InstructionsScene, Host], None]]] = {
        **CLICKABLE,
        "click": _click,
    }

    def draw(self, app: Host) -> None:
        if self._shown is None or self._shown[0] != self.page:
            self._shown = (self.page, help_screen(self.instructions, self.page, self.lang))
        app.painter.screen("help", self._shown[1])

    _shown: tuple[int, TextScreen] | None = None
