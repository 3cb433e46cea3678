"""What reaches a terminal: text from files made printable and cut, and standard streams that
may be closed, full, gone or unable to encode what is written.

`printable` is the one way text read from a file (a game's title, a pile's name, a records
key, a file's own name) or echoed from the command line is put into a message: a terminal
shows its escapes instead of obeying them, and a very long value is cut.
"""

from __future__ import annotations

import codecs
import errno
import io
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import TextIO

MOST = 200  # characters of one value in a message; longer ones are cut
FOLD = "retro-patience.fold"  # the codec error handler the standard streams are given


def printable(text: str, most: int = MOST) -> str:
    """`text` as a terminal should show it: every character a terminal would obey rather than
    show (ESC, BEL, other control and format characters, line breaks) written as its escape
    (`\\x1b`), and text longer than `most` characters cut, saying how long it was."""
    if len(text) <= most and text.isprintable():
        return text
    shown = "".join(char if char.isprintable() else ascii(char)[1:-1] for char in text[:most])
    return shown if len(text) <= most else f"{shown}... ({len(text):,} characters)"


class OutputLost(Exception):
    """Standard output could not be written: closed, full, or its reader went away."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error.strerror or str(error))
        self.errno = error.errno


# -- characters a terminal's encoding lacks ----------------------------------------------------

_FOLDS = {
    "♠": "S",
    "♥": "H",
    "♦": "D",
    "♣": "C",
    "←": "<",
    "→": ">",
    "↑": "^",
    "↓": "v",
    "‘": "'",
    "’": "'",
    "“": '"',
    "”": '"',
    "–": "-",
    "—": "-",
    "•": "*",
    "·": ".",
}


def _folded(char: str) -> str:
    """An ASCII stand-in for a character: the suits as the notation writes them (S H D C),
    box drawing as - | +, shades as #, a letter without its accent, else '?'."""
    import unicodedata  # only for a terminal that lacks a character

    if char in _FOLDS:
        return _FOLDS[char]
    if 0xD800 <= ord(char) <= 0xDFFF:  # a byte of a file name that is not UTF-8
        return ascii(char)[1:-1]
    name = unicodedata.name(char, "")
    if name.startswith("BOX DRAWINGS"):
        across, down = "HORIZONTAL" in name, "VERTICAL" in name
        return "-" if across and not down else "|" if down and not across else "+"
    if name.endswith("SHADE") or name == "FULL BLOCK":
        return "#"
    plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode("ascii")
    return plain or "?"


def _fold(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    piece = error.object[error.start : error.end]
    return "".join(_folded(char) for char in piece), error.end


codecs.register_error(FOLD, _fold)


# -- the standard streams ----------------------------------------------------------------------


class _Output(io.TextIOWrapper):
    """A standard stream's descriptor (`closed`: it was when the program started). A write
    that fails raises OutputLost once; then the descriptor is pointed at the null device, so
    what is still buffered drains there and nothing fails again when Python flushes the stream
    at exit. A `quiet` stream (standard error, where a failure can be told to no one) drops
    its text without a word."""

    def __init__(self, fd: int, like: TextIO | None, closed: bool, quiet: bool = False) -> None:
        super().__init__(
            io.BufferedWriter(io.FileIO(fd, "w", closefd=False)),
            encoding=getattr(like, "encoding", None) or "utf-8",
            errors=FOLD,
            line_buffering=bool(getattr(like, "line_buffering", False)),
        )
        self.quiet = quiet
        self.lost = closed and quiet
        self.closed_at_start = closed

    def write(self, text: str) -> int:
        if self.lost:
            return len(text)
        if self.closed_at_start:
            self._lose(OSError(errno.EBADF, "standard output is closed"))
        try:
            return super().write(text)
        except OSError as error:
            self._lose(error)
            return len(text)

    def flush(self) -> None:
        if self.lost:
            return
        try:
            super().flush()
        except OSError as error:
            self._lose(error)

    def _lose(self, error: OSError) -> None:
        self.lost = True
        if not self.closed_at_start:
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, self.fileno())
            os.close(null)
        if not self.quiet:
            raise OutputLost(error)


@contextmanager
def standard_streams() -> Iterator[None]:
    """Standard output and error as the commands need them, while the block runs.

    A descriptor 0-2 closed when the program started is given the null device, so no file
    the program opens (nor a worker process started) takes its number. Output that cannot be
    written raises OutputLost instead of a traceback at exit, and a character the terminal's
    encoding lacks is written as its nearest ASCII (`8S` for 8♠). Streams something else put
    in place (a test's capture) are left as they are."""
    closed = set()
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            closed.add(fd)
            os.open(os.devnull, os.O_RDWR)  # the lowest free number: this one
    before = sys.stdout, sys.stderr
    if sys.stdout is None or sys.stdout is sys.__stdout__:
        sys.stdout = _Output(1, sys.__stdout__, 1 in closed)
    if sys.stderr is None or sys.stderr is sys.__stderr__:
        sys.stderr = _Output(2, sys.__stderr__, 2 in closed, quiet=True)
    try:
        yield
    finally:
        for stream, kept in zip((sys.stdout, sys.stderr), before, strict=True):
            if stream is not kept:
                with suppress(OutputLost):
                    stream.flush()
        sys.stdout, sys.stderr = before
