"""The DOS text screen as a pure model: cells, the `.anl` instructions reader, and exporters.

Nothing here imports pyxel; the window paints the `TextScreen`s built here.
"""

from retro.textmode.anl import (
    COLOUR_CODES,
    DEFAULT_COLOUR,
    PAGE_HEIGHT,
    PAGE_WIDTH,
    Glyph,
    Instructions,
    Line,
    Page,
    detect_encoding,
    drawable,
    instructions_path,
    load_instructions,
    paint_page,
    parse_anl,
)
from retro.textmode.cp437 import CP437, decode_cp437
from retro.textmode.export import (
    HelpKey,
    ansi_bg,
    ansi_fg,
    help_keys,
    help_screen,
    help_text_col,
    to_ansi,
    to_plain,
)
from retro.textmode.screen import COLS, FRAME_CHARS, ROWS, Cell, Colour, TextScreen

__all__ = [
    "COLOUR_CODES",
    "COLS",
    "CP437",
    "DEFAULT_COLOUR",
    "FRAME_CHARS",
    "PAGE_HEIGHT",
    "PAGE_WIDTH",
    "ROWS",
    "Cell",
    "Colour",
    "Glyph",
    "HelpKey",
    "Instructions",
    "Line",
    "Page",
    "TextScreen",
    "ansi_bg",
    "ansi_fg",
    "decode_cp437",
    "detect_encoding",
    "drawable",
    "help_keys",
    "help_screen",
    "help_text_col",
    "instructions_path",
    "load_instructions",
    "paint_page",
    "parse_anl",
    "to_ansi",
    "to_plain",
]
