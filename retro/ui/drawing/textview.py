"""Text in 8x16 cells with our own font: strings, and whole `TextScreen`s painted cell by cell.

A full 80x25 screen is 2000 cells, too many to draw every frame within the frame budget, so a
screen is painted once into an off-screen image and blitted until its cells change. Every
character drawn is remembered in `Painter.seen`, so a test can check the font has a glyph for
each of them (pyxel silently skips missing glyphs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from retro.textmode import TextScreen
from retro.ui.drawing.font import GLYPH_HEIGHT, GLYPH_WIDTH, load_pyxel_font

if TYPE_CHECKING:
    import pyxel

CELL_W = GLYPH_WIDTH
CELL_H = GLYPH_HEIGHT
COLS = 80
ROWS = 25


class Painter:
    """Draws text with the project font; keeps a small cache of painted text screens."""

    def __init__(self) -> None:
        import pyxel

        self._pyxel = pyxel
        self.font: pyxel.Font = load_pyxel_font()
        self.seen: set[str] = set()
        self._screens: dict[str, tuple[TextScreen, pyxel.Image]] = {}

    def text(
        self,
        x: int,
        y: int,
        text: str,
        fg: int,
        bg: int | None = None,
        target: pyxel.Image | None = None,
    ) -> None:
        """Draw `text` at pixel (x, y); with `bg`, each character's cell is filled first."""
        self.seen.update(text)
        image = target if target is not None else self._pyxel.screen
        if bg is not None:
            image.rect(x, y, CELL_W * len(text), CELL_H, bg)
        image.text(x, y, text, fg, self.font)

    def cells(self, col: int, row: int, text: str, fg: int, bg: int | None = None) -> None:
        """Draw `text` on the 80x25 cell grid."""
        self.text(col * CELL_W, row * CELL_H, text, fg, bg)

    def paint(self, screen: TextScreen, target: pyxel.Image) -> None:
        """Paint every cell: background, then glyph. Neighbouring cells of the same colours are
        drawn as one string, which looks the same (the font is fixed-width) and costs less."""
        for row in range(screen.rows):
            line = screen.line(row)
            start = 0
            while start < len(line):
                fg, bg = line[start].fg, line[start].bg
                end = start + 1
                while end < len(line) and line[end].fg == fg and line[end].bg == bg:
                    end += 1
                text = "".join(cell.char for cell in line[start:end])
                self.text(start * CELL_W, row * CELL_H, text, fg, bg, target)
                start = end

    def screen(self, slot: str, screen: TextScreen, x: int = 0, y: int = 0) -> None:
        """Blit `screen`, painting it again only when its cells differ from last time.

        `slot` names the cache entry (one per scene), so scenes do not evict each other.
        """
        image = self.image_of(slot, screen)
        self._pyxel.blt(x, y, image, 0, 0, image.width, image.height)

    def image_of(self, slot: str, screen: TextScreen) -> pyxel.Image:
        """The painted image of `screen`, from the cache while its cells are unchanged.

        Scenes build a new TextScreen whenever what they show changes and never alter one
        after handing it over, so the same object again is known unchanged without a look at
        its 2000 cells; a new object is compared, and painted only if it differs.
        """
        pyxel = self._pyxel
        cached = self._screens.get(slot)
        if cached is not None and cached[0] is screen:
            return cached[1]
        if cached is None or cached[0] != screen:
            image = (
                cached[1]
                if cached is not None
                else pyxel.Image(screen.cols * CELL_W, screen.rows * CELL_H)
            )
            self.paint(screen, image)
        else:
            image = cached[1]
        self._screens[slot] = (screen, image)
        return image
