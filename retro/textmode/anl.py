"""Reader for `.anl` instructions files, the 1994 program's rules screens.

The reader accepts any bytes at all and never raises: an instructions file is something a person
edits by hand, and a typo in it must still show as much text as possible rather than stop the
game. See docs/instructions-format.md for the format as we define it.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Literal, NamedTuple

from retro.textmode.cp437 import CP437, decode_cp437
from retro.textmode.screen import Colour, TextScreen

# Upper case is the bright half of the palette, lower case the dark half. The five letters of
# the real files (R, W, Y, G, C) are upper case and so bright, which is what reads well on the
# blue help screen; W (white) is the normal text colour every file starts in.
COLOUR_CODES: MappingProxyType[str, int] = MappingProxyType(
    {
        letter: int(colour)
        for letter, colour in {
            "k": Colour.BLACK,
            "b": Colour.BLUE,
            "g": Colour.GREEN,
            "c": Colour.CYAN,
            "r": Colour.RED,
            "m": Colour.MAGENTA,
            "y": Colour.BROWN,
            "w": Colour.LIGHT_GREY,
            "K": Colour.DARK_GREY,
            "B": Colour.LIGHT_BLUE,
            "G": Colour.LIGHT_GREEN,
            "C": Colour.LIGHT_CYAN,
            "R": Colour.LIGHT_RED,
            "M": Colour.LIGHT_MAGENTA,
            "Y": Colour.YELLOW,
            "W": Colour.WHITE,
        }.items()
    }
)
DEFAULT_COLOUR: int = int(Colour.WHITE)

# The help screen is 80x25 with a double frame, a separator and a key line: 78 columns and 21
# rows are left for text (see export.help_screen).
PAGE_WIDTH = 78
PAGE_HEIGHT = 21
TAB_SIZE = 8

MORE_MARKER = ">>"
END_MARKER = "<<"

Encoding = Literal["utf-8", "cp437"]

_UTF8_BOM = b"\xef\xbb\xbf"
_LINE_BREAK = re.compile(rb"\r\n|\r|\n")
_SIMPLE_NAME = re.compile(r"[A-Za-z0-9_-]+")

# Characters common in files typed today that code page 437 lacks, folded to a close relative
# so a UTF-8 file still shows on a screen that can only draw code page 437.
_FOLDS = {
    "‘": "'", "’": "'", "‚": "'", "‛": "'", "′": "'",
    "“": '"', "”": '"', "„": '"', "‟": '"', "″": '"',
    "‐": "-", "‑": "-", "‒": "-", "–": "-", "—": "-", "―": "-", "−": "-",
    "…": ".", "€": "E", "\u2009": " ", "\u202f": " ",
}  # fmt: skip
_REPLACEMENT = "?"
_UNDRAWABLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp", "Mn", "Me"})


class Glyph(NamedTuple):
    """One column of text on a page: the character and its foreground colour."""

    char: str
    fg: int


Line = list[Glyph]
Page = list[Line]


@dataclass
class Instructions:
    """A parsed instructions file: the title from the `;` line and the pages in order.

    There is always at least one page (possibly empty), so a pager never has to handle none.
    """

    title: str
    pages: list[Page] = field(default_factory=lambda: [[]])


def detect_encoding(data: bytes) -> Encoding:
    """UTF-8 only when the bytes are valid UTF-8 *and* need it: plain ASCII reads alike in both.

    A BOM counts as non-ASCII, so a BOM-marked file that is otherwise ASCII is UTF-8 too.
    """
    if data.isascii() or not _is_utf8(data):
        return "cp437"
    return "utf-8"


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


@lru_cache(maxsize=4096)
def drawable(char: str) -> str:
    """The character the screen should show for `char`: always one code page 437 glyph.

    Control codes become their classic CP437 pictures (as DOS showed them), so a file gives the
    same screen whether it was saved as CP437 or as UTF-8; anything CP437 cannot draw becomes a
    close relative or '?'.
    """
    code = ord(char)
    if code < 0x20 or code == 0x7F:
        char = CP437[code]
    if char in _cp437_set() and unicodedata.category(char) not in _UNDRAWABLE_CATEGORIES:
        return char
    if char in _FOLDS:
        return _FOLDS[char]
    if unicodedata.category(char) in ("Cc", "Zs"):
        return " "
    return _REPLACEMENT


@lru_cache(maxsize=1)
def _cp437_set() -> frozenset[str]:
    return frozenset(CP437)


def _decode_line(raw: bytes, encoding: Encoding) -> str:
    """Decode one line, keeping tabs as tabs (the parser expands them) and nothing else raw."""
    if encoding == "utf-8":
        text = unicodedata.normalize("NFC", raw.decode("utf-8", errors="replace"))
    else:
        text = "\t".join(decode_cp437(part) for part in raw.split(b"\t"))
    return "".join(ch if ch == "\t" else drawable(ch) for ch in text)


def _parse_line(text: str, colour: int) -> tuple[Line, int]:
    """Split one line into glyphs, applying `@` codes; returns the glyphs and the colour after it.

    Each colour code takes one cell, a blank in the colour before it, and the new colour starts
    after it: so the 1994 viewer showed them, and only so do the 1994 files' boxes line up.
    `@@` is one `@`. An `@` before anything that is not a colour letter, or at the end of the
    line, is ordinary text, so a stray `@` is never lost.
    """
    glyphs: Line = []
    i = 0
    while i < len(text):
        char = text[i]
        if char == "@" and i + 1 < len(text):
            following = text[i + 1]
            if following == "@":
                glyphs.append(Glyph("@", colour))
                i += 2
                continue
            if following in COLOUR_CODES:
                glyphs.append(Glyph(" ", colour))
                colour = COLOUR_CODES[following]
                i += 2
                continue
        if char == "\t":
            glyphs.extend(Glyph(" ", colour) for _ in range(TAB_SIZE - len(glyphs) % TAB_SIZE))
        else:
            glyphs.append(Glyph(char, colour))
        i += 1
    return glyphs, colour


def _visible_text(text: str) -> str:
    return "".join(g.char for g in _parse_line(text, DEFAULT_COLOUR)[0])


def parse_anl(data: bytes, *, width: int = PAGE_WIDTH, height: int = PAGE_HEIGHT) -> Instructions:
    """Read an instructions file from its raw bytes into pages of at most `height` lines.

    Lines longer than `width` columns are cut (colour codes after the cut still count, so the
    colour carried to the next line is right). A `>>` line ends a page, a `<<` line ends the
    text; a page also ends when it is full. The colour carries from line to line, and every page
    that starts after a `>>` starts again in W. A page's first line of text starting with a
    code (its heading) shows from its first letter, in line with the headings below it.
    """
    if width < 1 or height < 1:
        raise ValueError("an instructions page needs at least one column and one row")
    data = data.rstrip(b"\x1a")  # DOS editors ended files with Ctrl-Z
    encoding = detect_encoding(data)
    if encoding == "utf-8" and data.startswith(_UTF8_BOM):
        data = data[len(_UTF8_BOM) :]
    raw_lines = _LINE_BREAK.split(data)
    if raw_lines and raw_lines[-1] == b"":
        raw_lines.pop()  # the break after the last line does not start another one

    title = ""
    texts = [_decode_line(raw, encoding) for raw in raw_lines]
    if texts and texts[0].startswith(";"):
        title = _visible_text(texts[0][1:]).strip()
        texts = texts[1:]

    pages: list[Page] = []
    current: Page = []
    colour = DEFAULT_COLOUR
    for text in texts:
        glyphs, after = _parse_line(text, colour)
        marker = "".join(g.char for g in glyphs).strip()
        if marker in (MORE_MARKER, END_MARKER):
            pages.append(current)
            current = []
            colour = DEFAULT_COLOUR
            if marker == END_MARKER:
                break
            continue
        colour = after
        if len(current) >= height:
            pages.append(current)
            current = []
        if not current and _heading_in(text):  # its code's blank would set it one column in
            glyphs = glyphs[1:]
        line = glyphs[:width]
        while line and line[-1].char == " ":
            line.pop()
        current.append(line)
    pages.append(current)

    shown = [page for page in pages if any(page)]
    return Instructions(title=title, pages=shown or [[]])


def _heading_in(text: str) -> bool:
    """Whether a page's first line is a line of text starting with a code: a page starts again
    in W, so its heading's colour code must stand at the start, where its blank would set the
    heading one column in from the headings below it (their codes end the line before)."""
    return (
        len(text) > 2
        and text[0] == "@"
        and text[1] in COLOUR_CODES
        and text[2].isalnum()  # the code right before a word
        and not any("\u2500" <= char <= "\u259f" for char in text)  # no drawing to line up
    )


def paint_page(screen: TextScreen, page: Page, col: int, row: int, bg: int | None = None) -> None:
    """Paint a page with its top-left corner at (col, row); `bg` None keeps the background."""
    for offset, line in enumerate(page):
        screen.put_cells(col, row + offset, line, bg)


def instructions_path(name: str, lang: str = "en") -> Path | None:
    """The bundled instructions file in `lang`, else in English; None when neither exists."""
    from retro.paths import assets_dir

    if not _SIMPLE_NAME.fullmatch(name) or not _SIMPLE_NAME.fullmatch(lang):
        return None
    folder = assets_dir() / "instructions"
    for language in dict.fromkeys((lang, "en")):
        path = folder / language / f"{name}.anl"
        if path.is_file():
            return path
    return None


def load_instructions(
    name: str, lang: str = "en", *, width: int = PAGE_WIDTH, height: int = PAGE_HEIGHT
) -> Instructions | None:
    """Read a game's bundled instructions (`instructions:` in its YAML); None if it has none."""
    path = instructions_path(name, lang)
    if path is None:
        return None
    return parse_anl(path.read_bytes(), width=width, height=height)
