"""Drawing pieces every text-mode screen shares: big letters, centred lines, DOS boxes, bars,
the red note line, and `Overlay`, a box drawn over the scene it interrupts.

They only compose `TextScreen`s (and blit an overlay), so every scene can use them and none of
them knows a scene: imports run from the scenes to here, never back.
"""

from __future__ import annotations

from retro.textmode import Colour, TextScreen
from retro.ui import texts
from retro.ui.drawing import palette as pal
from retro.ui.drawing.font import glyph_rows
from retro.ui.drawing.textview import CELL_H, CELL_W, COLS, Painter


def big_text(screen: TextScreen, col: int, row: int, word: str, fg: int) -> None:
    """A word in letters 8 cells wide and 5 rows high, made of half blocks from our own font's
    glyphs: the way title screens were drawn in text mode."""
    glyphs = glyph_rows()
    for index, char in enumerate(word):
        rows = [bits | (bits >> 1) for bits in glyphs.get(char, glyphs[" "])[2:12]]  # bold
        for half in range(5):
            upper, lower = rows[2 * half], rows[2 * half + 1]
            for bit in range(8):
                mask = 0x80 >> bit
                top, bottom = bool(upper & mask), bool(lower & mask)
                char_at = "█" if top and bottom else "▀" if top else "▄" if bottom else ""
                if char_at:
                    screen.put_char(col + index * 8 + bit, row + half, char_at, fg)


def centre(
    screen: TextScreen, row: int, text: str, fg: int | None = None, bg: int | None = None
) -> None:
    screen.put((COLS - len(text)) // 2, row, text, fg, bg)


CUT: dict[str, None] = {}
"""The texts drawn cut short since the program started (a few at most): no screen should cut
one, and the test that renders every text of every screen reads this."""


def fit(text: str, width: int) -> str:
    """`text` cut to `width` cells, ending in an ellipsis when cut, so a cut never passes for
    the whole (a name, a game's title)."""
    if len(text) <= width:
        return text
    _cut(text)
    return text[: max(width - 1, 0)] + "…"


def _cut(text: str) -> None:
    if len(CUT) < 100:
        CUT[text] = None


def wrap(text: str, width: int, lines: int = 99) -> list[str]:
    """`text` in lines of at most `width` cells, broken between words; at most `lines` of
    them, the last one ending in an ellipsis when the text goes on."""
    import textwrap  # not needed by the title screen

    found = textwrap.wrap(text, width, break_on_hyphens=False) or [""]
    if len(found) > lines:
        found = found[:lines]
        found[-1] = found[-1][: width - 1].rstrip() + "…"
        _cut(text)
    return found


def centre_lines(
    screen: TextScreen,
    row: int,
    text: str,
    width: int,
    fg: int | None = None,
    bg: int | None = None,
    lines: int = 2,
) -> int:
    """`text` wrapped to `width` and centred on the screen from `row` down; the rows used."""
    found = wrap(text, width, lines)
    for offset, line in enumerate(found):
        centre(screen, row + offset, line, fg, bg)
    return len(found)


def box(
    screen: TextScreen,
    col: int,
    row: int,
    width: int,
    height: int,
    title: str,
    fg: int,
    bg: int,
    frame: int,
    shadow: bool = True,
) -> None:
    """A dialog box: filled, double-framed, titled, with a text-mode shadow."""
    if shadow:
        screen.fill(col + 2, row + 1, width, height, " ", Colour.DARK_GREY, Colour.BLACK)
    screen.fill(col, row, width, height, " ", fg, bg)
    screen.frame(col, row, width, height, "double", frame, bg)
    if title:
        title = fit(title, width - 2)
        screen.put(col + (width - len(title)) // 2, row, title, frame, bg)


def bar(
    screen: TextScreen, row: int, text: str, fg: int = Colour.BLACK, bg: int = Colour.CYAN
) -> None:
    screen.put(0, row, text.ljust(COLS)[:COLS], fg, bg)


def note_line(screen: TextScreen, row: int, note: str) -> None:
    """A one-line note across the screen, white on red: a file set aside, a game that cannot
    be loaded. Too long a note ends in an ellipsis rather than running off the screen."""
    text = fit(f" {texts.NOTE_MARK} {note}", COLS)
    screen.put(0, row, text.ljust(COLS), Colour.WHITE, Colour.RED)


def overlay_region(screen: TextScreen, col: int, row: int, width: int, height: int) -> TextScreen:
    """The box (and its shadow) cut out of a composed screen, to be drawn over the table."""
    region = TextScreen(width + 2, height + 1)
    for y in range(height + 1):
        for x in range(width + 2):
            cell = screen.cell(col + x, row + y)
            region.put_char(x, y, cell.char, cell.fg, cell.bg)
    return region


def draw_overlay(
    painter: Painter, slot: str, region: TextScreen, col: int, row: int, width: int, height: int
) -> None:
    """Blit the box and the two shadow strips only, so the table shows round the corners."""
    import pyxel

    image = painter.image_of(slot, region)
    x0, y0 = col * CELL_W, row * CELL_H
    pyxel.blt(x0, y0, image, 0, 0, width * CELL_W, height * CELL_H)
    pyxel.blt(
        x0 + width * CELL_W, y0 + CELL_H, image, width * CELL_W, CELL_H, 2 * CELL_W, height * CELL_H
    )
    pyxel.blt(
        x0 + 2 * CELL_W,
        y0 + height * CELL_H,
        image,
        2 * CELL_W,
        height * CELL_H,
        width * CELL_W,
        CELL_H,
    )


class Overlay:
    """A box drawn over the scene it interrupts: composed once, then blitted with its shadow.
    Subclasses set COL, ROW, WIDTH, HEIGHT (text cells) and SLOT (its cached image's name)."""

    COL = ROW = WIDTH = HEIGHT = 0
    SLOT = ""
    _region: TextScreen | None = None

    def compose(self) -> TextScreen:
        raise NotImplementedError

    def draw_box(self, painter: Painter) -> None:
        c, r, w, h = self.COL, self.ROW, self.WIDTH, self.HEIGHT
        if self._region is None:
            self._region = overlay_region(self.compose(), c, r, w, h)
        draw_overlay(painter, self.SLOT, self._region, c, r, w, h)


assert pal.BLUE == Colour.BLUE and pal.WHITE == Colour.WHITE  # one numbering for both
