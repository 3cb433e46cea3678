"""The 80x25 DOS text screen as plain data, so layout can be tested without a window.

The window paints a `TextScreen` cell by cell; everything about *where* text goes is decided
before that, here and in `export.help_screen`. Writing is clipped and never raises, because
layout code should not have to guard every title or line length against the screen edge.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import Literal, NamedTuple

COLS = 80
ROWS = 25


class Colour(IntEnum):
    """The 16 text-mode colours in the order the DOS attribute byte numbers them."""

    BLACK = 0
    BLUE = 1
    GREEN = 2
    CYAN = 3
    RED = 4
    MAGENTA = 5
    BROWN = 6
    LIGHT_GREY = 7
    DARK_GREY = 8
    LIGHT_BLUE = 9
    LIGHT_GREEN = 10
    LIGHT_CYAN = 11
    LIGHT_RED = 12
    LIGHT_MAGENTA = 13
    YELLOW = 14
    WHITE = 15


class Cell(NamedTuple):
    """One character position: what the window draws there and in which colours."""

    char: str
    fg: int
    bg: int


FrameStyle = Literal["single", "double"]

# Corner and edge characters, in the order: top-left, top-right, bottom-left, bottom-right,
# horizontal, vertical.
FRAME_CHARS: dict[FrameStyle, str] = {
    "single": "┌┐└┘─│",
    "double": "╔╗╚╝═║",
}


def _check_colour(value: int | None) -> int | None:
    """Reject colours outside 0..15 early: a wrong colour is a bug in the caller, not the data."""
    if value is None:
        return None
    if not 0 <= value <= 15:
        raise ValueError(f"text-mode colours are 0..15, not {value}")
    return int(value)


class TextScreen:
    """A grid of cells (default 80x25) with clipped drawing operations.

    Colour arguments that are None keep the colour already in the cell, so text can be put
    over a filled background without repeating the background colour everywhere.
    """

    __slots__ = ("_cells", "cols", "rows")

    def __init__(
        self,
        cols: int = COLS,
        rows: int = ROWS,
        fg: int = Colour.LIGHT_GREY,
        bg: int = Colour.BLACK,
    ) -> None:
        if cols < 0 or rows < 0:
            raise ValueError("a screen cannot have a negative size")
        fg_ok = _check_colour(fg)
        bg_ok = _check_colour(bg)
        assert fg_ok is not None and bg_ok is not None
        self.cols = cols
        self.rows = rows
        blank = Cell(" ", fg_ok, bg_ok)
        self._cells: list[Cell] = [blank] * (cols * rows)

    # -- reading -------------------------------------------------------------------------------

    def cell(self, col: int, row: int) -> Cell:
        """The cell at (col, row); IndexError outside the screen, since reading there is a bug."""
        if not (0 <= col < self.cols and 0 <= row < self.rows):
            raise IndexError(f"({col}, {row}) is outside the {self.cols}x{self.rows} screen")
        return self._cells[row * self.cols + col]

    def line(self, row: int) -> tuple[Cell, ...]:
        """All cells of one row, left to right."""
        if not 0 <= row < self.rows:
            raise IndexError(f"row {row} is outside the {self.cols}x{self.rows} screen")
        start = row * self.cols
        return tuple(self._cells[start : start + self.cols])

    def text(self, row: int) -> str:
        """The characters of one row without colours: handy for tests and plain export."""
        return "".join(c.char for c in self.line(row))

    def __iter__(self) -> Iterator[tuple[int, int, Cell]]:
        """Every cell as (col, row, cell), row by row: the order a painter wants."""
        for index, cell in enumerate(self._cells):
            row, col = divmod(index, self.cols)
            yield col, row, cell

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TextScreen):
            return NotImplemented
        return (self.cols, self.rows, self._cells) == (other.cols, other.rows, other._cells)

    __hash__ = None  # type: ignore[assignment]  # mutable, so not hashable

    def __repr__(self) -> str:
        lines = "\n".join(self.text(r).rstrip() for r in range(self.rows))
        return f"TextScreen({self.cols}x{self.rows}):\n{lines}"

    def copy(self) -> TextScreen:
        """An independent copy, so a composed screen can be reused as a background."""
        twin = TextScreen(self.cols, self.rows)
        twin._cells = list(self._cells)
        return twin

    # -- writing -------------------------------------------------------------------------------

    def put_char(
        self, col: int, row: int, char: str, fg: int | None = None, bg: int | None = None
    ) -> None:
        """Put one character; outside the screen nothing happens."""
        fg = _check_colour(fg)
        bg = _check_colour(bg)
        if not (0 <= col < self.cols and 0 <= row < self.rows) or not char:
            return
        index = row * self.cols + col
        old = self._cells[index]
        self._cells[index] = Cell(
            char[0], old.fg if fg is None else fg, old.bg if bg is None else bg
        )

    def put(
        self, col: int, row: int, text: str, fg: int | None = None, bg: int | None = None
    ) -> None:
        """Write text from (col, row) rightwards, one character per cell, clipped at the edges."""
        fg = _check_colour(fg)
        bg = _check_colour(bg)
        if not 0 <= row < self.rows:
            return
        for offset, char in enumerate(text):
            x = col + offset
            if x >= self.cols:
                break
            if x >= 0:
                self.put_char(x, row, char, fg, bg)

    def put_cells(
        self, col: int, row: int, cells: Iterable[tuple[str, int]], bg: int | None = None
    ) -> None:
        """Write (character, foreground) pairs, e.g. a line of an instructions page."""
        bg = _check_colour(bg)
        for offset, (char, fg) in enumerate(cells):
            self.put_char(col + offset, row, char, fg, bg)

    def fill(
        self,
        col: int,
        row: int,
        width: int,
        height: int,
        char: str = " ",
        fg: int | None = None,
        bg: int | None = None,
    ) -> None:
        """Fill a rectangle; the part outside the screen is ignored."""
        fg = _check_colour(fg)
        bg = _check_colour(bg)
        if not char:
            return
        for y in range(max(row, 0), min(row + height, self.rows)):
            for x in range(max(col, 0), min(col + width, self.cols)):
                self.put_char(x, y, char, fg, bg)

    def clear(self, fg: int = Colour.LIGHT_GREY, bg: int = Colour.BLACK) -> None:
        """Blank the whole screen in the given colours."""
        self.fill(0, 0, self.cols, self.rows, " ", fg, bg)

    def frame(
        self,
        col: int,
        row: int,
        width: int,
        height: int,
        style: FrameStyle = "single",
        fg: int | None = None,
        bg: int | None = None,
    ) -> None:
        """Draw the outline of a box with line-drawing characters; the inside is left alone.

        Boxes narrower or lower than 2 cells have no room for corners and are not drawn.
        """
        fg = _check_colour(fg)
        bg = _check_colour(bg)
        if width < 2 or height < 2:
            return
        tl, tr, bl, br, horizontal, vertical = tuple(FRAME_CHARS[style])
        right = col + width - 1
        bottom = row + height - 1
        inner = horizontal * (width - 2)
        self.put(col, row, tl + inner + tr, fg, bg)
        self.put(col, bottom, bl + inner + br, fg, bg)
        for y in range(row + 1, bottom):
            self.put_char(col, y, vertical, fg, bg)
            self.put_char(right, y, vertical, fg, bg)
