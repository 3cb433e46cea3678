"""The program's icon: a card on a card back over the green baize, in the 16 DOS colours.

One picture serves the window (`install`, through pyxel.icon) and the Linux desktop entry
(`write_png`, run by tools/build_icon.py into assets/linux/). Each letter is a palette index
(hex digit) of `retro.ui.drawing.palette`.
"""

from __future__ import annotations

from pathlib import Path

ICON: tuple[str, ...] = (
    "ffffffffff222222",
    "f19191919f222222",
    "f91919191f222222",
    "f191900000000000",
    "f91910fffffffff0",
    "f19190fffffffff0",
    "f91910ff44f44ff0",
    "f19190f4444444f0",
    "f91910f4444444f0",
    "f19190ff44444ff0",
    "f91910fff444fff0",
    "f19190ffff4ffff0",
    "fffff0fffffffff0",
    "222220fffffffff0",
    "222220fffffffff0",
    "2222200000000000",
)

WINDOW_SCALE = 2  # 32x32 pixels in the window manager's title bar and task switcher
PNG_SCALE = 4  # 64x64 for the desktop entry


def install() -> None:
    """The window's icon; call after pyxel.init and `palette.install` (pyxel reads the colours
    of the palette at the time of the call)."""
    import pyxel

    pyxel.icon(list(ICON), WINDOW_SCALE)


def pixels() -> bytes:
    """The icon as one palette index a byte, row by row."""
    return bytes(int(letter, 16) for row in ICON for letter in row)


def write_png(path: Path, scale: int = PNG_SCALE) -> None:
    """The icon as an indexed PNG in the DOS colours, each pixel `scale` x `scale`."""
    from retro.ui.drawing.palette import PALETTE
    from retro.ui.drawing.png import write_indexed

    write_indexed(path, len(ICON[0]), len(ICON), pixels(), PALETTE, scale)
