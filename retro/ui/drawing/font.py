"""The game's own 8x16 text-mode font (assets/fonts/retro8x16.bdf).

The BDF is generated from the ASCII-art source retro8x16.txt by
tools/build_font.py. This module reads it without pyxel, so tests and tools can
ask which characters exist; pyxel is imported only by load_pyxel_font(), which
needs a window (pyxel.init) first.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from retro.paths import assets_dir

if TYPE_CHECKING:
    import pyxel

__all__ = [
    "FONT_PATH",
    "GLYPH_HEIGHT",
    "GLYPH_WIDTH",
    "font_chars",
    "glyph_rows",
    "load_pyxel_font",
    "missing_glyphs",
]

FONT_PATH: Path = assets_dir() / "fonts" / "retro8x16.bdf"
GLYPH_WIDTH = 8
GLYPH_HEIGHT = 16


@cache
def glyph_rows() -> dict[str, tuple[int, ...]]:
    """Every glyph of the font as 16 row bitmaps; bit 7 (0x80) is the leftmost pixel.

    Glyphs are full cells (BBX 8 16 0 -4), so row 0 is the top of the cell. Read a glyph
    at a time rather than a line at a time: the title screen's big letters ask for it
    before the first frame.
    """
    glyphs: dict[str, tuple[int, ...]] = {}
    for block in FONT_PATH.read_text(encoding="utf-8").split("\nSTARTCHAR ")[1:]:
        head, _, bitmap = block.partition("\nBITMAP\n")
        encoding = head.index("\nENCODING ") + len("\nENCODING ")
        char = chr(int(head[encoding : head.index("\n", encoding)].split()[0]))
        glyphs[char] = tuple(int(row, 16) for row in bitmap.partition("ENDCHAR")[0].split())
    return glyphs


def font_chars() -> frozenset[str]:
    """The characters the font has a glyph for."""
    return frozenset(glyph_rows())


def missing_glyphs(text: str) -> set[str]:
    """The characters of ``text`` (newlines aside) that the font cannot draw."""
    return set(text) - {"\n"} - font_chars()


def load_pyxel_font() -> pyxel.Font:
    """The font as a pyxel.Font; call after pyxel.init()."""
    import pyxel

    return pyxel.Font(str(FONT_PATH))
