"""Every bundled game has its DOS instructions pages, in English and in German, and they fit.

For each game in games/ the file its YAML names (`instructions:`, else its id) must exist in both
languages (a German player must not fall back to the English text), be code page 437 with CR LF
line ends like the 1994 originals, parse into titled pages, keep within 76 columns, and draw its
boxes so that they line up on screen, where each `@` colour code is one blank cell.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from pathlib import Path

import pytest

from retro.definition.catalog import Catalog
from retro.paths import games_dir
from retro.textmode import Page, detect_encoding, instructions_path, parse_anl
from retro.textmode.cp437 import decode_cp437

LANGUAGES = ("en", "de")
TITLE_ENDING = {"en": ": How to Play", "de": ": Spielregeln"}
WIDTH = 76  # the reader cuts at 78; ours leave a column of margin on each side
# Control bytes a file may hold: the four card suits (3..6, drawn as ♥ ♦ ♣ ♠) and the line end.
ALLOWED_CONTROL = {3, 4, 5, 6, 10, 13}
_CODE = re.compile(r"@([kbgcrmywKBGCRMYW@])")


def _bundled_ids() -> list[str]:
    """The games of games/ (a player's own folder may add games; those bring their own texts)."""
    catalog = Catalog()
    bundled = games_dir().resolve()
    return [
        game
        for game in catalog.ids()
        if (path := catalog.path(game)) is not None and path.resolve().parent == bundled
    ]


GAMES = _bundled_ids()
CASES = [pytest.param(lang, game, id=f"{lang}-{game}") for game in GAMES for lang in LANGUAGES]


@cache
def _name(game: str) -> str:
    gdef = Catalog().load(game)
    return gdef.instructions or gdef.id


def _file(lang: str, game: str, *, required: bool = False) -> Path:
    """The game's file in `lang`. When there is none, the existence test fails naming the file
    to write, and the tests of the file's contents skip (one clear failure, not five)."""
    name = _name(game)
    wanted = f"assets/instructions/{lang}/{name}.anl"
    path = instructions_path(name, lang)
    if path is None or path.parent.name != lang:
        found = "only the English one exists" if path is not None else "no file in any language"
        message = f"game '{game}' has no {lang} instructions ({found}): write {wanted}"
        if required:
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    return path


def _visible(line: str) -> str:
    """A source line as the screen shows it: a colour code is one blank cell, `@@` is one `@`;
    the blank a code leaves at the end of a line is not seen."""
    return _CODE.sub(lambda m: "@" if m.group(1) == "@" else " ", line).rstrip(" ")


def _source_lines(path: Path) -> list[str]:
    return [decode_cp437(line) for line in path.read_bytes().split(b"\r\n")]


def test_there_are_games() -> None:
    assert "spider" in GAMES and "montana" in GAMES


@pytest.mark.parametrize(("lang", "game"), CASES)
def test_the_game_has_a_file_in_this_language(lang: str, game: str) -> None:
    path = _file(lang, game, required=True)
    assert path.name == f"{_name(game)}.anl"


@pytest.mark.parametrize(("lang", "game"), CASES)
def test_the_file_is_code_page_437_with_crlf(lang: str, game: str) -> None:
    data = _file(lang, game).read_bytes()
    assert detect_encoding(data) == "cp437", "saved as UTF-8: convert it to code page 437"
    assert data.count(b"\n") == data.count(b"\r\n") == data.count(b"\r"), "not CR LF throughout"
    assert data.endswith(b"\r\n")
    odd = sorted({byte for byte in data if byte < 32 and byte not in ALLOWED_CONTROL})
    assert odd == [], f"control bytes {odd}: only the suits (3..6) and CR LF belong in the text"
    if lang == "de":
        # A German text shows its umlauts as code page 437 bytes, not as ae/oe/ue spellings.
        assert any(char in decode_cp437(data) for char in "äöüÄÖÜß")


@pytest.mark.parametrize(("lang", "game"), CASES)
def test_the_file_parses_into_titled_pages(lang: str, game: str) -> None:
    path = _file(lang, game)
    lines = _source_lines(path)
    assert lines[0].startswith(";"), "the first line must be the ;Title line"
    instructions = parse_anl(path.read_bytes())
    assert instructions.title == lines[0][1:].strip()
    assert instructions.title.endswith(TITLE_ENDING[lang])
    assert len(instructions.pages) >= 2
    assert lines[-2].strip() == "<<", "the last page ends with a << line"
    uncut = parse_anl(path.read_bytes(), width=10_000, height=10_000)
    assert uncut.pages == instructions.pages, "a line is too long or a page too full"


@pytest.mark.parametrize(("lang", "game"), CASES)
def test_every_line_fits_in_76_columns(lang: str, game: str) -> None:
    lines = _source_lines(_file(lang, game))
    # The page markers are not shown: by custom they are right-aligned to column 78.
    long = [
        f"line {n}: {len(_visible(text))} columns"
        for n, text in enumerate(lines, 1)
        if len(_visible(text)) > WIDTH and _visible(text).strip() not in (">>", "<<")
    ]
    assert long == []
    pages = parse_anl(_file(lang, game).read_bytes(), width=10_000, height=10_000).pages
    assert all(len(line) <= WIDTH for page in pages for line in page)


# -- boxes -------------------------------------------------------------------------------------

_DIRECTIONS = {
    "UP": "N",
    "DOWN": "S",
    "LEFT": "W",
    "RIGHT": "E",
    "VERTICAL": "NS",
    "HORIZONTAL": "EW",
}
_OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
_STEP = {"N": (0, -1), "S": (0, 1), "E": (1, 0), "W": (-1, 0)}
# A corner at the top of a box, the corner that must close it below, and what may lie between.
_COLUMNS = {"┌": ("└", "│├"), "┐": ("┘", "│┤"), "┬": ("┴", "│┼")}


def _arms(char: str) -> set[str]:
    """The sides a box-drawing character reaches out to, read from its Unicode name."""
    name = unicodedata.name(char, "")
    if not name.startswith("BOX DRAWINGS"):
        return set()
    return {d for word in name.split() for d in _DIRECTIONS.get(word, "")}


def _rows(page: Page) -> list[str]:
    return ["".join(glyph.char for glyph in line) for line in page]


def _at(rows: list[str], row: int, col: int) -> str:
    return rows[row][col] if 0 <= row < len(rows) and 0 <= col < len(rows[row]) else " "


def _unclosed_columns(rows: list[str]) -> list[str]:
    """Each top corner has its bottom corner straight below, with only sides in between."""
    problems = []
    for row, text in enumerate(rows):
        for col, char in enumerate(text):
            if char not in _COLUMNS:
                continue
            bottom, sides = _COLUMNS[char]
            below = row + 1
            while _at(rows, below, col) in sides:
                below += 1
            if _at(rows, below, col) != bottom:
                problems.append(
                    f"row {row + 1} col {col + 1}: {char!r} has no {bottom!r} below "
                    f"(found {_at(rows, below, col)!r} on row {below + 1})"
                )
    return problems


def _loose_ends(rows: list[str]) -> list[str]:
    """Each line character meets a matching one wherever it reaches out."""
    problems = []
    for row, text in enumerate(rows):
        for col, char in enumerate(text):
            for arm in _arms(char):
                dx, dy = _STEP[arm]
                if _OPPOSITE[arm] not in _arms(_at(rows, row + dy, col + dx)):
                    problems.append(f"row {row + 1} col {col + 1}: {char!r} open to {arm}")
    return problems


def test_the_box_checks_notice_a_box_out_of_line() -> None:
    good = _rows(parse_anl("@Y┌───┐\r\n@Y│@Rx@Y│\r\n@Y└───┘".encode()).pages[0])
    # The same box drawn as if the codes took no room: on screen its middle row is too wide.
    codes_as_nothing = _rows(parse_anl("@Y┌─┐\r\n@Y│@Rx@Y│\r\n@Y└─┘".encode()).pages[0])
    shifted = _rows(parse_anl("┌─┐\r\n│x │\r\n└─┘".encode()).pages[0])
    unclosed = _rows(parse_anl("┌─┐\r\n│x│\r\n".encode()).pages[0])
    assert _unclosed_columns(good) == _loose_ends(good) == []
    assert _unclosed_columns(shifted) and _loose_ends(shifted)
    assert _unclosed_columns(codes_as_nothing) and _loose_ends(codes_as_nothing)
    assert _unclosed_columns(unclosed) and _loose_ends(unclosed)


@pytest.mark.parametrize(("lang", "game"), CASES)
def test_the_boxes_line_up(lang: str, game: str) -> None:
    pages = parse_anl(_file(lang, game).read_bytes(), width=10_000, height=10_000).pages
    assert any("┌" in row for page in pages for row in _rows(page)), "a box-drawn card example"
    for number, page in enumerate(pages, 1):
        rows = _rows(page)
        assert _unclosed_columns(rows) == [], f"page {number}"
        assert _loose_ends(rows) == [], f"page {number}"


def test_both_languages_have_the_same_files() -> None:
    folder = games_dir().parent / "assets" / "instructions"
    if not folder.is_dir():
        pytest.skip("assets are not beside games/ in this install")
    names = {lang: {p.name for p in (folder / lang).glob("*.anl")} for lang in LANGUAGES}
    assert names["en"] == names["de"]


@pytest.mark.parametrize(("lang", "game"), CASES)
def test_every_heading_starts_in_the_first_column(lang: str, game: str) -> None:
    """Headings line up, a page's first ("SPIDER", its code at the line's start) as the ones
    under it ("THE DEAL", its code ending the empty line above): no heading one column in."""
    from retro.textmode.anl import COLOUR_CODES

    yellow = COLOUR_CODES["Y"]
    for page in parse_anl(_file(lang, game).read_bytes()).pages:
        for line in page:
            text = "".join(glyph.char for glyph in line)
            heading = text.strip() and text.strip() == text.strip().upper()
            if heading and any(glyph.fg == yellow and glyph.char.isalpha() for glyph in line):
                assert not text.startswith(" ") or text.startswith("  "), text
