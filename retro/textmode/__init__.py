"""The DOS text screen as a pure model: cells, the `.anl` instructions reader, and exporters.

Nothing here imports pyxel; the window paints the `TextScreen`s built here. The names below
come from their modules when first asked for: the title screen needs the cells alone, not the
instructions reader or the exporters.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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


def __getattr__(name: str) -> Any:
    """A name of the package, from the first of its modules that has it (imported now if it
    was not yet): the cells first, so a screen never loads the instructions reader."""
    if name in __all__:
        for module in ("screen", "cp437", "anl", "export"):
            found = import_module(f"retro.textmode.{module}")
            if hasattr(found, name):
                value = globals()[name] = getattr(found, name)  # asked once
                return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
