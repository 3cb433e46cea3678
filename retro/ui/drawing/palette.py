"""The 16 CGA/EGA colours: the whole palette of the window, in the DOS attribute order.

Indexes match `retro.textmode.Colour`, so a text-mode cell's colour number is also the pyxel
colour number and the painter needs no translation table.
"""

from __future__ import annotations

PALETTE: tuple[int, ...] = (
    0x000000,
    0x0000AA,
    0x00AA00,
    0x00AAAA,
    0xAA0000,
    0xAA00AA,
    0xAA5500,
    0xAAAAAA,
    0x555555,
    0x5555FF,
    0x55FF55,
    0x55FFFF,
    0xFF5555,
    0xFF55FF,
    0xFFFF55,
    0xFFFFFF,
)

BLACK, BLUE, GREEN, CYAN, RED, MAGENTA, BROWN, LIGHT_GREY = range(8)
(DARK_GREY, LIGHT_BLUE, LIGHT_GREEN, LIGHT_CYAN, LIGHT_RED, LIGHT_MAGENTA, YELLOW, WHITE) = range(
    8, 16
)


# The table's colours to choose from (settings.json's `felt`): the felt, and the lighter
# colour of the empty places' outlines on it.
FELTS: dict[str, tuple[int, int]] = {
    "green": (GREEN, LIGHT_GREEN),
    "blue": (BLUE, LIGHT_BLUE),
    "red": (RED, LIGHT_RED),
    "grey": (DARK_GREY, LIGHT_GREY),
    "black": (BLACK, DARK_GREY),
}


def felt(name: str) -> tuple[int, int]:
    """The felt and outline colours of a table colour by name (green for one not known)."""
    return FELTS.get(name, FELTS["green"])


def install() -> None:
    """Make the 16 DOS colours pyxel's palette (and nothing else), so no other colour can show."""
    import pyxel

    pyxel.colors[:] = list(PALETTE)
