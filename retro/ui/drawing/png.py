"""Just enough PNG to store screens as palette indices and read them back (no imaging library).

Reference screenshots are kept as indexed PNGs of the 16 DOS colours: a test compares indices,
and a person opens the same file in any viewer. The reader also takes pyxel's own RGB output,
so a test can check the colours pyxel actually writes.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence
from pathlib import Path

_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, data: bytes) -> bytes:
    crc = zlib.crc32(kind + data) & 0xFFFFFFFF
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def write_indexed(
    path: Path,
    width: int,
    height: int,
    pixels: bytes | bytearray,
    palette: Sequence[int],
    scale: int = 1,
) -> None:
    """Write `pixels` (one palette index a byte, row by row) as an 8-bit indexed PNG."""
    rows = []
    for y in range(height):
        row = bytes(pixels[y * width : (y + 1) * width])
        if scale > 1:
            row = bytes(value for value in row for _ in range(scale))
        rows.extend([b"\x00" + row] * scale)
    header = struct.pack(">IIBBBBB", width * scale, height * scale, 8, 3, 0, 0, 0)
    plte = b"".join(struct.pack(">I", colour)[1:] for colour in palette)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(
        _SIGNATURE
        + _chunk(b"IHDR", header)
        + _chunk(b"PLTE", plte)
        + _chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + _chunk(b"IEND", b"")
    )


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def _unfilter(raw: bytes, width: int, height: int, bpp: int) -> bytearray:
    stride = width * bpp
    out = bytearray(stride * height)
    previous = bytearray(stride)
    pos = 0
    for y in range(height):
        kind = raw[pos]
        line = bytearray(raw[pos + 1 : pos + 1 + stride])
        pos += 1 + stride
        if kind == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 0xFF
        elif kind == 2:
            for i in range(stride):
                line[i] = (line[i] + previous[i]) & 0xFF
        elif kind == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + previous[i]) >> 1)) & 0xFF
        elif kind == 4:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                upper_left = previous[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + _paeth(left, previous[i], upper_left)) & 0xFF
        out[y * stride : (y + 1) * stride] = line
        previous = line
    return out


class Picture:
    """A decoded PNG: size, and each pixel as 0xRRGGBB; `indices` too when it was indexed."""

    def __init__(self, width: int, height: int, rgb: list[int], indices: bytes | None) -> None:
        self.width = width
        self.height = height
        self.rgb = rgb
        self.indices = indices


def read(path: Path) -> Picture:
    """Read an 8-bit PNG: indexed, RGB or RGBA (what we and pyxel write); not interlaced."""
    data = path.read_bytes()
    if not data.startswith(_SIGNATURE):
        raise ValueError(f"{path} is not a PNG file")
    pos = len(_SIGNATURE)
    idat = b""
    palette: list[int] = []
    width = height = depth = colour = 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or interlace or colour not in (2, 3, 6):
                raise ValueError(f"{path}: only 8-bit indexed/RGB/RGBA PNGs are read here")
        elif kind == b"PLTE":
            palette = [int.from_bytes(body[i : i + 3], "big") for i in range(0, len(body), 3)]
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    bpp = {2: 3, 3: 1, 6: 4}[colour]
    pixels = _unfilter(zlib.decompress(idat), width, height, bpp)
    if colour == 3:
        return Picture(width, height, [palette[i] for i in pixels], bytes(pixels))
    rgb = [int.from_bytes(pixels[i : i + 3], "big") for i in range(0, len(pixels), bpp)]
    return Picture(width, height, rgb, None)
