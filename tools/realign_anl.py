"""Re-align an `.anl` instructions file written as if colour codes took no room.

The 1994 viewer shows each `@` colour code as one blank cell (docs/instructions-format.md). A
file written as if codes were invisible therefore shows stray blanks in its text and boxes that
no longer line up. This tool rewrites such a file so that it shows what its author saw:

- in text, a code takes the place of a space next to it; a code between a word and punctuation
  moves past the punctuation to the next space; a code that would start a line moves to the end
  of the line before it on the same page (colours carry across lines); at the top of a page
  (which starts again in W) it has to stay, and the viewer shows that heading from its first
  letter;
- in a box drawing, a code takes a space inside its cell when there is one; otherwise the cell
  gets one column wider, and so does the whole column of the grid (edges and separators);
- codes that change nothing (the colour is already set, or another code follows at once) go.

A file that already lines up under the one-cell rule is left as it is, so running the tool twice
changes nothing. Usage: `python tools/realign_anl.py FILE...` (files are rewritten in place, in
their own encoding and line ends; what could not be placed cleanly is reported per line).
"""

from __future__ import annotations

import sys
import unicodedata
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from retro.textmode.anl import (  # noqa: E402
    COLOUR_CODES,
    DEFAULT_COLOUR,
    END_MARKER,
    MORE_MARKER,
    PAGE_HEIGHT,
    detect_encoding,
)
from retro.textmode.cp437 import CP437, decode_cp437  # noqa: E402

WIDTH = 76  # our files leave one column of margin inside the help screen's frame
_DOUBLE_EAST = set("═╔╚╦╩╠╬╤╧╪╒╘")
_SHADES = "░▒▓█"
_BOX_CHARS = {chr(n) for n in range(0x2500, 0x2580)}


@dataclass
class Token:
    """One piece of a source line: a visible character (`@@` is one) or a colour code.

    `placed` marks a code that already owns a cell; a code not yet placed is still invisible.
    """

    text: str
    code: bool = False
    placed: bool = False

    @property
    def width(self) -> int:
        return 1 if not self.code or self.placed else 0

    @property
    def char(self) -> str:
        """What the cell shows: the character, or a blank for a code."""
        return " " if self.code else self.text[-1]


Line = list[Token]


def tokenize(text: str) -> Line:
    """Split a source line into characters and codes, as the reader reads it."""
    out: Line = []
    i = 0
    while i < len(text):
        if text[i] == "@" and i + 1 < len(text) and text[i + 1] in COLOUR_CODES:
            out.append(Token(text[i : i + 2], code=True))
            i += 2
        elif text.startswith("@@", i):
            out.append(Token("@@"))
            i += 2
        else:
            out.append(Token(text[i]))
            i += 1
    return out


def render(text: str, *, codes_take_a_cell: bool) -> str:
    """The line as the screen shows it under either rule (colours left out)."""
    return "".join(t.char for t in tokenize(text) if not t.code or codes_take_a_cell)


def _is_box(char: str) -> bool:
    return "\u2500" <= char <= "\u257f"


def _arms(char: str) -> set[str]:
    name = unicodedata.name(char, "") if _is_box(char) else ""
    words = name.split()
    arms = {"UP": "N", "DOWN": "S", "LEFT": "W", "RIGHT": "E", "VERTICAL": "NS", "HORIZONTAL": "EW"}
    return {d for word in words for d in arms.get(word, "")}


def box_faults(rows: list[str]) -> int:
    """How many line characters reach out to a neighbour that does not reach back."""
    step = {"N": (0, -1), "S": (0, 1), "E": (1, 0), "W": (-1, 0)}
    back = {"N": "S", "S": "N", "E": "W", "W": "E"}
    faults = 0
    for y, row in enumerate(rows):
        for x, char in enumerate(row):
            for arm in _arms(char):
                dx, dy = step[arm]
                ny, nx = y + dy, x + dx
                other = rows[ny][nx] if 0 <= ny < len(rows) and 0 <= nx < len(rows[ny]) else " "
                if back[arm] not in _arms(other):
                    faults += 1
    return faults


def _is_marker(text: str) -> bool:
    return render(text, codes_take_a_cell=False).strip() in (MORE_MARKER, END_MARKER)


def split_pages(lines: list[str]) -> list[list[int]]:
    """Indexes of the text lines of each page (markers and the title line left out)."""
    pages: list[list[int]] = [[]]
    for index, text in enumerate(lines):
        if index == 0 and text.startswith(";"):
            continue
        if _is_marker(text):
            pages.append([])
        else:
            pages[-1].append(index)
    return pages


def already_aligned(lines: list[str]) -> bool:
    """True when the file reads right under the one-cell rule, so the tool must leave it alone.

    Boxes decide when they can: they line up under one rule only. A file whose boxes cannot tell
    is judged by its text. Written the old way, no code stands between two letters or digits
    (the old reading would glue the words together: "the@Gstock" read "thestock"); written the
    new way, most codes that took a space do ("the@Gstock" reads "the stock"). Codes beside a
    space are the old way's mark, so a rare word coloured in part does not tip the balance.
    """
    old = new = 0
    for page in split_pages(lines):
        old += box_faults([render(lines[i], codes_take_a_cell=False) for i in page])
        new += box_faults([render(lines[i], codes_take_a_cell=True) for i in page])
    if old != new:
        return new < old
    glued = beside_space = 0
    for text in lines[1:] if lines and lines[0].startswith(";") else lines:
        tokens = tokenize(text)
        for k, token in enumerate(tokens):
            if token.code:
                before, after = _plain(tokens, k - 1), _plain(tokens, k + 1)
                glued += before.isalnum() and after.isalnum()
                beside_space += " " in (before, after)
    return 4 * glued > beside_space


class Realigner:
    """Rewrites the lines of one file; `notes` collects what could not be placed cleanly."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.notes: list[str] = []

    def run(self) -> list[str]:
        out: list[str] = []
        pages = split_pages(self.lines)
        page_of = {i: n for n, page in enumerate(pages) for i in page}
        done: dict[int, list[Line]] = {}
        for number, page in enumerate(pages):
            done[number] = self._page([tokenize(self.lines[i]) for i in page], page)
        emitted: set[int] = set()
        for index, text in enumerate(self.lines):
            on_page = page_of.get(index)
            if on_page is None:
                out.append(text)  # the title and the page markers stay as they are
            elif on_page not in emitted:
                emitted.add(on_page)
                out.extend("".join(t.text for t in line) for line in done[on_page])
        return out

    # -- one page ------------------------------------------------------------------------------

    def _page(self, page: list[Line], numbers: list[int]) -> list[Line]:
        self._drop_idle_codes(page)
        boxed = [any(_is_box(t.char) for t in line if not t.code) for line in page]
        start = 0
        while start < len(page):
            if not boxed[start]:
                start += 1
                continue
            end = start
            while end < len(page) and boxed[end]:
                end += 1
            self._block(page[start:end])
            _even_out(page[start:end])
            start = end
        top: Line | None = None
        for row, line in enumerate(page):
            while (k := _first_loose(line)) is not None:
                moved = self._place_in_text(line, k, numbers[row])
                if moved is None:
                    continue
                if row > 0:
                    page[row - 1].append(moved)
                else:
                    top = [moved]
        if top is not None:
            top[0].placed = True
            page[0].insert(0, top[0])  # the page starts again in W: the blank cannot go elsewhere
        for row, line in enumerate(page):
            width = len("".join(t.char for t in line).rstrip())
            if width > WIDTH:
                self._note(numbers[min(row, len(numbers) - 1)], f"{width} columns, over {WIDTH}")
        if len(page) > PAGE_HEIGHT:
            self._note(numbers[0], f"the page has {len(page)} lines, over {PAGE_HEIGHT}")
        return page

    def _note(self, index: int, text: str) -> None:
        self.notes.append(f"line {index + 1}: {text}")

    @staticmethod
    def _drop_idle_codes(page: list[Line]) -> None:
        """Remove codes that change nothing: each one they would cost a cell for no colour."""
        colour = DEFAULT_COLOUR
        for line in page:
            keep: Line = []
            for k, token in enumerate(line):
                if token.code:
                    following = line[k + 1] if k + 1 < len(line) else None
                    if following is not None and following.code:
                        continue
                    new = COLOUR_CODES[token.text[1]]
                    if new == colour:
                        continue
                    colour = new
                keep.append(token)
            line[:] = keep

    # -- text ----------------------------------------------------------------------------------

    def _place_in_text(self, line: Line, k: int, number: int) -> Token | None:
        """Give the loose code at `k` a cell; return it when it must move to the line before.

        `number` is the line's index in the file, for the note on a code inside a word.
        """
        code = line[k]
        code.placed = True
        if k == len(line) - 1:
            return None  # a blank at the end of a line is never seen
        before, after = _plain(line, k - 1), _plain(line, k + 1)
        if before == " ":
            del line[k - 1]
            return None
        if after == " ":
            del line[k + 1]
            return None
        if k == 0:
            del line[0]
            return code
        if not after.isalnum():
            del line[k]
            j = k
            while j < len(line) and _plain(line, j) != " ":
                j += 1
            if j < len(line):
                line[j] = code
            else:
                line.append(code)
            return None
        if not before.isalnum():
            del line[k]
            j = k - 1
            while j >= 0 and _plain(line, j) != " ":
                j -= 1
            if j < 0:
                return code
            line[j] = code
            return None
        # Inside a word: it shows as a blank there, as written; the author must decide.
        self._note(number, "a colour code inside a word shows as a blank there")
        return None

    # -- boxes ---------------------------------------------------------------------------------

    def _block(self, block: list[Line]) -> None:
        """Place the codes inside the box drawing of consecutive lines, widening grid columns."""
        for line in block:
            while True:
                k = self._loose_in_grid(line)
                if k is None:
                    break
                before, after = _plain(line, k - 1), _plain(line, k + 1)
                line[k].placed = True
                if before == " ":
                    del line[k - 1]
                elif after == " ":
                    del line[k + 1]
                else:
                    column = _column(line, k)
                    for other in block:
                        if other is not line:
                            _widen(other, column)

    @staticmethod
    def _loose_in_grid(line: Line) -> int | None:
        """The first unplaced code between the line's first and last line character."""
        columns = [_column(line, k) for k in range(len(line))]
        boxes = [columns[k] for k, t in enumerate(line) if not t.code and _is_box(t.char)]
        if not boxes:
            return None
        for k, token in enumerate(line):
            if token.code and not token.placed and boxes[0] <= columns[k] <= boxes[-1]:
                return k
        return None


def _plain(line: Line, k: int) -> str:
    """The character at `k` when it is ordinary text; "" for a code or past either end."""
    if 0 <= k < len(line) and not line[k].code:
        return line[k].char
    return ""


_CARD_CELL = 5  # at most this wide inside: a card picture, not a table of words
_CARD_MARKS = set("♥♦♣♠") | set(_SHADES)


def _top_cells(block: list[Line]) -> list[tuple[int, int]]:
    """(left border column, right border column) of each box on the block's top edges."""
    cells = []
    for line in block:
        chars = [t.char for t in line if t.width]
        if "┌" not in chars:
            continue
        left: int | None = None
        for col, char in enumerate(chars):
            arms = _arms(char)
            if (
                "S" in arms
                and "W" in arms
                and left is not None
                and all(c == "─" for c in chars[left + 1 : col])
            ):
                cells.append((left, col))
            if "S" in arms and "E" in arms:
                left = col
            elif char != "─":
                left = None
    return cells


def _inner_widths(block: list[Line]) -> list[int]:
    return [right - left - 1 for left, right in _top_cells(block)]


def _even_out(block: list[Line]) -> None:
    """Give every card box of a block the width of the widest, as they had before.

    A code that had to widen the box of a red 10 leaves its neighbours narrower; a picture of
    cards reads best with cards of one size. Tables (wider cells) are left as they are, and so
    is a block that would not fit in the page.
    """
    cells = _top_cells(block)
    if len(cells) < 2 or any(right - left - 1 > _CARD_CELL for left, right in cells):
        return
    if not any(t.char in _CARD_MARKS for line in block for t in line):
        return
    saved = [list(line) for line in block]
    target = max(right - left - 1 for left, right in cells)
    for _ in range(100):
        narrow = [(left, right) for left, right in _top_cells(block) if right - left - 1 < target]
        if not narrow:
            break
        left, right = narrow[-1]
        # A card reads " 7♥" right-aligned: the first blank goes after it, the next before it.
        column = right if (right - left - 1) % 2 else left + 1
        for line in block:
            _widen(line, column)
        target = max(target, *_inner_widths(block))
    widths = [len("".join(t.char for t in line).rstrip()) for line in block]
    if max(widths) > WIDTH or any(width != target for width in _inner_widths(block)):
        for line, old in zip(block, saved, strict=True):
            line[:] = old


def _first_loose(line: Line) -> int | None:
    return next((k for k, t in enumerate(line) if t.code and not t.placed), None)


def _column(line: Line, k: int) -> int:
    return sum(t.width for t in line[:k])


def _cell_at(line: Line, column: int) -> int | None:
    """Index of the visible token in `column`, or None past the end of the line."""
    at = 0
    for k, token in enumerate(line):
        if token.width:
            if at == column:
                return k
            at += 1
    return None


def _widen(line: Line, column: int) -> None:
    """Insert one cell at `column`: a line piece where a line crosses, else a blank.

    Where `column` lies in text beside this line's boxes, the blank goes between the boxes and
    the text, so the text stays whole rather than gaining a space inside a word.
    """
    k = _cell_at(line, column)
    if k is None:
        return
    boxes = [j for j, t in enumerate(line) if not t.code and _is_box(t.char)]
    if boxes and k > boxes[-1] + 1:
        line.insert(boxes[-1] + 1, Token(" "))
        return
    if boxes and k < boxes[0] and line[k].char != " ":
        line.insert(boxes[0], Token(" "))  # text to the left: the box moves over instead
        return
    left = line[k - 1] if k > 0 else None
    right = line[k]
    if left is not None and "E" in _arms(left.char) and "W" in _arms(right.char):
        line.insert(k, Token("═" if left.char in _DOUBLE_EAST else "─"))
        return
    if left is not None:
        shade = left.char if left.char in _SHADES else right.char
        if shade in _SHADES and {left.char, right.char} <= {shade} | _BOX_CHARS:
            line.insert(k, Token(shade))  # a face-down card stays shaded across
            return
    while k > 0 and line[k - 1].code and not line[k - 1].placed:
        k -= 1  # before a code not yet placed, so that code finds this blank beside it
    line.insert(k, Token(" "))


def realign_bytes(data: bytes) -> tuple[bytes, list[str]]:
    """The re-aligned file and notes on what could not be placed cleanly; unchanged if aligned."""
    encoding = detect_encoding(data)
    ending = b"\r\n" if b"\r\n" in data else b"\n"
    raw = data.split(ending)
    last = raw.pop() if raw and raw[-1] == b"" else None
    if encoding == "utf-8":
        lines = [line.decode("utf-8") for line in raw]
    else:
        lines = [decode_cp437(line) for line in raw]
    if already_aligned(lines):
        return data, []
    realigner = Realigner(lines)
    out = realigner.run()
    if encoding == "utf-8":
        encoded = [line.encode("utf-8") for line in out]
    else:
        encoded = [_encode_cp437(line) for line in out]
    if last is not None:
        encoded.append(last)
    return ending.join(encoded), realigner.notes


def _encode_cp437(text: str) -> bytes:
    """The inverse of decode_cp437: every screen character back to its byte."""
    return bytes(_CP437_BYTES[char] for char in text)


_CP437_BYTES = {char: n for n, char in enumerate(CP437)}


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    for name in argv:
        path = Path(name)
        data = path.read_bytes()
        new, notes = realign_bytes(data)
        if new != data:
            path.write_bytes(new)
            print(f"{path}: re-aligned")
        else:
            print(f"{path}: already aligned, unchanged")
        for note in notes:
            print(f"  {path}: {note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
