"""Instructions and text screens for places other than the window: terminals, plain text, and the
composed 80x25 help screen that the window only has to paint.

All help-screen layout lives here so the pyxel side stays a dumb cell painter and the look can be
tested without a display.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from retro.textmode.anl import PAGE_HEIGHT, PAGE_WIDTH, Instructions, Page, drawable, paint_page
from retro.textmode.screen import COLS, ROWS, Colour, TextScreen

# DOS numbers the low colours blue-green-red (bit 0 blue), ANSI red-green-blue (bit 0 red).
_DOS_TO_ANSI = (0, 4, 2, 6, 1, 5, 3, 7)

Exportable = Instructions | TextScreen | Page

HELP_BG: int = Colour.BLUE  # the instructions' background, in the window and in a terminal


def ansi_fg(colour: int) -> int:
    """The SGR number that sets DOS colour 0..15 as foreground: 30-37 dark, 90-97 bright."""
    base = 30 if colour < 8 else 90
    return base + _DOS_TO_ANSI[colour & 7]


def ansi_bg(colour: int) -> int:
    """The SGR number that sets DOS colour 0..15 as background: 40-47 dark, 100-107 bright."""
    return ansi_fg(colour) + 10


def _sgr(*codes: int) -> str:
    return "\x1b[" + ";".join(str(code) for code in codes) + "m"


_RESET = _sgr(0)


def _page_lines_ansi(page: Page) -> list[str]:
    """Each line on the help screen's blue, padded to the page width, so the text reads the same
    on a light terminal as on a dark one (the terminal's own background never shows through)."""
    lines = []
    for line in page:
        glyphs = list(line)
        out: list[str] = []
        colour: int | None = None
        for glyph in glyphs:
            # A space looks the same in any foreground, so it never needs a code of its own.
            if colour is None or (glyph.fg != colour and glyph.char != " "):
                colour = glyph.fg
                out.append(_sgr(ansi_fg(colour), ansi_bg(HELP_BG)))
            out.append(drawable(glyph.char))
        if colour is None:
            out.append(_sgr(ansi_fg(Colour.WHITE), ansi_bg(HELP_BG)))
        out.append(" " * (PAGE_WIDTH - len(glyphs)))
        out.append(_RESET)
        lines.append("".join(out))
    return lines


def _screen_lines_ansi(screen: TextScreen) -> list[str]:
    lines = []
    for row in range(screen.rows):
        out: list[str] = []
        colours: tuple[int, int] | None = None
        for cell in screen.line(row):
            if (cell.fg, cell.bg) != colours:
                colours = (cell.fg, cell.bg)
                out.append(_sgr(ansi_fg(cell.fg), ansi_bg(cell.bg)))
            out.append(drawable(cell.char))
        if colours is not None:
            out.append(_RESET)
        lines.append("".join(out))
    return lines


def _page_lines_plain(page: Page) -> list[str]:
    return ["".join(drawable(g.char) for g in line)[:COLS].rstrip(" ") for line in page]


def _join(pages: list[list[str]]) -> str:
    """Pages one after the other, a line holding only a form feed between them."""
    out: list[str] = []
    for index, lines in enumerate(pages):
        if index:
            out.append("\f")
        out.extend(lines)
    return "\n".join(out) + "\n" if out else ""


def to_ansi(source: Exportable) -> str:
    """Coloured text for a terminal: SGR colour codes, a reset at the end of every coloured line.

    Pages are drawn on the help screen's background, every line as wide as a page; a
    `TextScreen` is exported cell for cell with both colours. Pages are separated as in
    `to_plain`.
    """
    if isinstance(source, TextScreen):
        return _join([_screen_lines_ansi(source)])
    if isinstance(source, Instructions):
        return _join([_page_lines_ansi(page) for page in source.pages])
    return _join([_page_lines_ansi(source)])


def to_plain(source: Exportable) -> str:
    """The text alone: no codes, at most 80 columns a line, trailing spaces dropped, pages
    separated by a line holding a form feed ("\\f")."""
    if isinstance(source, TextScreen):
        return _join([[source.text(row)[:COLS].rstrip(" ") for row in range(source.rows)]])
    if isinstance(source, Instructions):
        return _join([_page_lines_plain(page) for page in source.pages])
    return _join([_page_lines_plain(source)])


# -- the help screen ------------------------------------------------------------------------------

HelpAction = Literal["next", "previous", "turn", "close"]


class HelpKey(NamedTuple):
    """One entry of the help screen's key line, with where it is, so a click can find it."""

    col: int
    row: int
    width: int
    key: str
    label: str
    action: HelpAction
    enabled: bool


HELP_TEXT_ROW = 1
HELP_FRAME_FG: int = Colour.WHITE
HELP_TITLE_FG: int = Colour.YELLOW
HELP_KEY_FG: int = Colour.YELLOW
HELP_LABEL_FG: int = Colour.LIGHT_GREY
HELP_DISABLED_FG: int = Colour.DARK_GREY
_SEPARATOR_ROW = ROWS - 3
_KEY_ROW = ROWS - 2

_KEYS: dict[str, tuple[tuple[str, str, HelpAction], ...]] = {
    "en": (
        ("PgDn", "Next page", "next"),
        ("PgUp", "Previous page", "previous"),
        ("←→↑↓", "Turn pages", "turn"),
        ("Space", "Next", "next"),
        ("Esc", "Back", "close"),
    ),
    "de": (
        ("Bild↓", "Nächste", "next"),
        ("Bild↑", "Vorige", "previous"),
        ("←→↑↓", "Blättern", "turn"),
        ("Leertaste", "Weiter", "next"),
        ("Esc", "Zurück", "close"),
    ),
}
_PAGE_OF = {"en": "Page {n} of {m}", "de": "Seite {n} von {m}"}
_KEY_GAP = 2


def _language(lang: str) -> str:
    return "de" if lang.lower().startswith("de") else "en"


def help_keys(page_index: int, page_count: int, lang: str = "en") -> list[HelpKey]:
    """The key line of the help screen, centred; keys that cannot act on this page are disabled."""
    entries = _KEYS[_language(lang)]
    widths = [len(key) + 1 + len(label) for key, label, _ in entries]
    total = sum(widths) + _KEY_GAP * (len(entries) - 1)
    col = (COLS - total) // 2
    keys = []
    for (key, label, action), width in zip(entries, widths, strict=True):
        enabled = not (
            (action == "next" and page_index >= page_count - 1)
            or (action == "previous" and page_index <= 0)
        )
        keys.append(HelpKey(col, _KEY_ROW, width, key, label, action, enabled))
        col += width + _KEY_GAP
    return keys


def help_text_col(instructions: Instructions) -> int:
    """The column page text starts at on the help screen.

    2 leaves a space inside the frame on both sides, which reads better, but only fits when
    every line of the file is at most 76 columns; otherwise 1. Decided per file, not per page,
    so the text does not jump sideways while paging.
    """
    widest = max((len(line) for page in instructions.pages for line in page), default=0)
    return 2 if widest <= PAGE_WIDTH - 2 else 1


def help_screen(instructions: Instructions, page_index: int, lang: str = "en") -> TextScreen:
    """The whole 80x25 DOS help screen for one page, ready to be painted cell by cell.

    Layout: a blue screen in a double frame; the title centred in the top border; rows 1-21 hold
    the page's text (78x21, from column `help_text_col`); row 22 is a single-line separator;
    row 23 the key line; the bottom border carries "Page n of m". An out-of-range `page_index`
    shows the nearest page.
    """
    screen = TextScreen(COLS, ROWS, fg=Colour.WHITE, bg=HELP_BG)
    screen.frame(0, 0, COLS, ROWS, "double", fg=HELP_FRAME_FG)
    screen.put(0, _SEPARATOR_ROW, "╟" + "─" * (COLS - 2) + "╢", fg=HELP_FRAME_FG)

    title = "".join(drawable(ch) for ch in instructions.title).strip()[: COLS - 8]
    if title:
        label = f" {title} "
        screen.put((COLS - len(label)) // 2, 0, label, fg=HELP_TITLE_FG)

    pages = instructions.pages or [[]]
    count = len(pages)
    index = min(max(page_index, 0), count - 1)
    text_col = help_text_col(instructions)
    page = [line[: COLS - 1 - text_col] for line in pages[index][:PAGE_HEIGHT]]
    paint_page(screen, page, text_col, HELP_TEXT_ROW)

    page_of = " " + _PAGE_OF[_language(lang)].format(n=index + 1, m=count) + " "
    screen.put((COLS - len(page_of)) // 2, ROWS - 1, page_of, fg=HELP_FRAME_FG)

    for key in help_keys(index, count, lang):
        key_fg = HELP_KEY_FG if key.enabled else HELP_DISABLED_FG
        label_fg = HELP_LABEL_FG if key.enabled else HELP_DISABLED_FG
        screen.put(key.col, key.row, key.key, fg=key_fg)
        screen.put(key.col + len(key.key) + 1, key.row, key.label, fg=label_fg)
    return screen
