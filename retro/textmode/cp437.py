"""Code page 437, the character set of the IBM PC text mode, as Unicode.

Python's own ``cp437`` codec maps the bytes 0x00..0x1F and 0x7F to control
characters. In text mode those bytes are drawn as pictures (smileys, card
suits, arrows, a little house), so this module carries its own table with the
graphic meaning of every byte.

Byte 0x00 stays U+0000 (so the table is one-to-one); the hardware shows it as an
empty cell, and pyxel draws nothing for it, not even an advance, so text
renderers should draw a space there. 0xFF is the no-break space U+00A0.
"""

from __future__ import annotations

__all__ = ["CP437", "decode_cp437"]

_ROWS = (
    "\x00☺☻♥♦♣♠•◘○◙♂♀♪♫☼",  # 0x00
    "►◄↕‼¶§▬↨↑↓→←∟↔▲▼",  # 0x10
    " !\"#$%&'()*+,-./",  # 0x20
    "0123456789:;<=>?",  # 0x30
    "@ABCDEFGHIJKLMNO",  # 0x40
    "PQRSTUVWXYZ[\\]^_",  # 0x50
    "`abcdefghijklmno",  # 0x60
    "pqrstuvwxyz{|}~⌂",  # 0x70
    "ÇüéâäàåçêëèïîìÄÅ",  # 0x80
    "ÉæÆôöòûùÿÖÜ¢£¥₧ƒ",  # 0x90
    "áíóúñÑªº¿⌐¬½¼¡«»",  # 0xA0
    "░▒▓│┤╡╢╖╕╣║╗╝╜╛┐",  # 0xB0
    "└┴┬├─┼╞╟╚╔╩╦╠═╬╧",  # 0xC0
    "╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀",  # 0xD0
    "αßΓπΣσµτΦΘΩδ∞φε∩",  # 0xE0
    "≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0",  # 0xF0  (0xFF is the no-break space)
)

CP437: str = "".join(_ROWS)
"""The 256 characters of code page 437, indexed by byte value."""

assert len(CP437) == 256 and len(set(CP437)) == 256

_TABLE = {byte: char for byte, char in enumerate(CP437)}


def decode_cp437(data: bytes) -> str:
    """Decode ``data`` as text-mode screen bytes: every byte becomes its CP437 picture."""
    return data.decode("latin-1").translate(_TABLE)
