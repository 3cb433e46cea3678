"""The 8x16 text-mode font: source and BDF in step, metrics, coverage, box joins, pyxel."""

from __future__ import annotations

import importlib.util
import itertools
import os
import string
import subprocess
import sys
import textwrap
import unicodedata
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from retro.textmode.cp437 import CP437, decode_cp437
from retro.ui.drawing.font import (
    FONT_PATH,
    GLYPH_HEIGHT,
    GLYPH_WIDTH,
    font_chars,
    glyph_rows,
    missing_glyphs,
)

ROOT = Path(__file__).resolve().parent.parent
BUILD_SCRIPT = ROOT / "tools" / "build_font.py"
SOURCE = ROOT / "assets" / "fonts" / "retro8x16.txt"

GERMAN = "ÄÖÜäöüß"
ROMANCE = "éèàçñ"
BOX = "─│┌┐└┘├┤┬┴┼═║╒╓╔╕╖╗╘╙╚╛╜╝╞╟╠╡╢╣╤╥╦╧╨╩╪╫╬"
BLOCKS = "░▒▓█▀▄▌▐■·•"
ARROWS = "←↑→↓↔↕▲▼◄►"
SUITS = "♠♣♥♦"
EXTRAS = "☺☻♪♫°±²·«»¡¿§"
REQUIRED = (
    "".join(chr(c) for c in range(0x20, 0x7F))
    + GERMAN
    + ROMANCE
    + BOX
    + BLOCKS
    + ARROWS
    + SUITS
    + EXTRAS
)


def _load_build_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_font", BUILD_SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["build_font"] = module
    spec.loader.exec_module(module)
    return module


def _ink(char: str, row: int, col: int) -> bool:
    return bool(glyph_rows()[char][row] & (0x80 >> col))


def _ink_rows(char: str) -> list[int]:
    return [y for y, bits in enumerate(glyph_rows()[char]) if bits]


# --- source and BDF in step ---------------------------------------------------------------


def test_bdf_is_up_to_date_with_the_source() -> None:
    result = subprocess.run(
        [sys.executable, str(BUILD_SCRIPT), "--check"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


def test_check_mode_fails_on_a_stale_bdf(tmp_path: Path) -> None:
    stale = tmp_path / "stale.bdf"
    stale.write_text("STARTFONT 2.1\nENDFONT\n", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, str(BUILD_SCRIPT), "--check", "--output", str(stale)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1
    assert stale.read_text(encoding="utf-8") == "STARTFONT 2.1\nENDFONT\n"


def test_build_is_deterministic(tmp_path: Path) -> None:
    outputs = []
    for name in ("one.bdf", "two.bdf"):
        target = tmp_path / name
        subprocess.run(
            [sys.executable, str(BUILD_SCRIPT), "--output", str(target)],
            check=True,
            capture_output=True,
        )
        outputs.append(target.read_bytes())
    assert outputs[0] == outputs[1] == FONT_PATH.read_bytes()


def test_source_errors_are_reported() -> None:
    build = _load_build_script()
    good_rows = ["........"] * 16
    build.parse_source("\n".join(["U+0041 LATIN CAPITAL LETTER A", *good_rows]))
    with pytest.raises(build.FontSourceError, match="row 3"):
        rows = [*good_rows[:3], "...#.....", *good_rows[4:]]
        build.parse_source("\n".join(["U+0041 LATIN CAPITAL LETTER A", *rows]))
    with pytest.raises(build.FontSourceError, match="LATIN CAPITAL LETTER A"):
        build.parse_source("\n".join(["U+0041 LATIN CAPITAL LETTER B", *good_rows]))
    with pytest.raises(build.FontSourceError, match="twice"):
        block = ["U+0041 LATIN CAPITAL LETTER A", *good_rows]
        build.parse_source("\n".join(block + block))
    with pytest.raises(build.FontSourceError, match="16"):
        build.parse_source("\n".join(["U+0041 LATIN CAPITAL LETTER A", *good_rows[:15]]))


# --- BDF structure ------------------------------------------------------------------------


def test_bdf_header_and_every_glyph_are_8x16() -> None:
    lines = FONT_PATH.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "STARTFONT 2.1"
    assert lines[-1] == "ENDFONT"
    assert "FONTBOUNDINGBOX 8 16 0 -4" in lines
    assert "FONT_ASCENT 12" in lines
    assert "FONT_DESCENT 4" in lines
    (chars_line,) = [line for line in lines if line.startswith("CHARS ")]
    assert int(chars_line.split()[1]) == lines.count("ENDCHAR") == len(glyph_rows())
    assert lines.count("BBX 8 16 0 -4") == len(glyph_rows())
    assert lines.count("DWIDTH 8 0") == len(glyph_rows())
    assert (GLYPH_WIDTH, GLYPH_HEIGHT) == (8, 16)
    for char, rows in glyph_rows().items():
        assert len(rows) == GLYPH_HEIGHT, repr(char)
        assert all(0 <= bits < 1 << GLYPH_WIDTH for bits in rows), repr(char)


def test_source_headers_carry_the_unicode_names() -> None:
    for line in SOURCE.read_text(encoding="utf-8").splitlines():
        if line.startswith("U+"):
            code, name = line.split(" ", 1)
            assert unicodedata.name(chr(int(code[2:], 16)), name) == name


# --- coverage -----------------------------------------------------------------------------


def test_required_characters_are_present() -> None:
    assert missing_glyphs(REQUIRED) == set()


def test_every_cp437_character_has_a_glyph() -> None:
    # U+0000 gets no glyph: pyxel skips it without advancing, so renderers draw a space.
    assert missing_glyphs(CP437) == {"\x00"}


def test_missing_glyphs_reports_unknown_characters_and_ignores_newlines() -> None:
    assert missing_glyphs("Ab\n♠") == set()
    assert missing_glyphs("A\u4e00B\u263e\n") == {"\u4e00", "\u263e"}


@given(st.text())
def test_missing_glyphs_is_the_set_of_undrawable_characters(text: str) -> None:
    missing = missing_glyphs(text)
    assert missing <= set(text) - {"\n"}
    assert not missing & font_chars()
    assert missing_glyphs("".join(sorted(set(text) - missing))) == set()


def test_blank_characters_are_blank_and_visible_ones_are_not() -> None:
    blank = {" ", "\u00a0"}
    for char, rows in glyph_rows().items():
        assert (not any(rows)) == (char in blank), repr(char)


# --- metrics: baseline, cap height, x-height, spacing column ------------------------------


@pytest.mark.parametrize("char", [c for c in string.ascii_uppercase + string.digits if c != "Q"])
def test_capitals_and_digits_stand_on_the_baseline(char: str) -> None:
    rows = _ink_rows(char)
    assert (rows[0], rows[-1]) == (2, 11)


@pytest.mark.parametrize("char", "acemnorsuvwxz")
def test_lowercase_x_height(char: str) -> None:
    rows = _ink_rows(char)
    assert (rows[0], rows[-1]) == (5, 11)


@pytest.mark.parametrize("char", "gjpqy")
def test_descenders_end_on_row_14(char: str) -> None:
    assert _ink_rows(char)[-1] == 14


@pytest.mark.parametrize("char", "bdhklf")
def test_ascenders_reach_cap_height(char: str) -> None:
    assert _ink_rows(char)[0] == 2


@pytest.mark.parametrize(
    "char", string.ascii_letters + string.digits + GERMAN + ROMANCE + "ÇüéâäàåêëèïîìÅÉôòûùÿ"
)
def test_letters_keep_the_gap_column_and_the_bottom_row_free(char: str) -> None:
    rows = glyph_rows()[char]
    assert not any(bits & 0x01 for bits in rows), f"{char!r} inks column 7"
    assert rows[15] == 0, f"{char!r} inks row 15"


# --- box drawing joins --------------------------------------------------------------------

SINGLE_ROW, SINGLE_COL = 7, 3
DOUBLE_ROWS, DOUBLE_COLS = (6, 8), (2, 4)


def _arms(char: str) -> dict[str, int]:
    """Arm weights (0 none, 1 single, 2 double) read from the Unicode name of a box character."""
    words = unicodedata.name(char).removeprefix("BOX DRAWINGS ").split()
    weight = {"LIGHT": 1, "SINGLE": 1, "DOUBLE": 2}
    directions = {
        "UP": ("up",),
        "DOWN": ("down",),
        "LEFT": ("left",),
        "RIGHT": ("right",),
        "VERTICAL": ("up", "down"),
        "HORIZONTAL": ("left", "right"),
    }
    arms = dict.fromkeys(("up", "down", "left", "right"), 0)
    overall = weight.get(words[0])
    parts = " ".join(words[1:] if overall else words).split(" AND ")
    for part in parts:
        direction, *rest = part.split()
        for arm in directions[direction]:
            arms[arm] = overall if overall else weight[rest[0]]
    return arms


def test_box_names_parse_to_the_expected_arms() -> None:
    assert _arms("┼") == {"up": 1, "down": 1, "left": 1, "right": 1}
    assert _arms("╒") == {"up": 0, "down": 1, "left": 0, "right": 2}
    assert _arms("╫") == {"up": 2, "down": 2, "left": 1, "right": 1}
    assert _arms("═") == {"up": 0, "down": 0, "left": 2, "right": 2}
    assert len(BOX) == 40 and all(_arms(c)[a] >= 0 for c in BOX for a in ("up", "left"))


@pytest.mark.parametrize("char", BOX)
def test_box_character_touches_its_edges_exactly_where_lines_run(char: str) -> None:
    arms = _arms(char)
    lines_at = {0: set(), 1: {SINGLE_ROW}, 2: set(DOUBLE_ROWS)}
    cols_at = {0: set(), 1: {SINGLE_COL}, 2: set(DOUBLE_COLS)}
    rows = glyph_rows()[char]
    left = {y for y in range(16) if _ink(char, y, 0)}
    right = {y for y in range(16) if _ink(char, y, 7)}
    top = {x for x in range(8) if rows[0] & (0x80 >> x)}
    bottom = {x for x in range(8) if rows[15] & (0x80 >> x)}
    assert left == lines_at[arms["left"]]
    assert right == lines_at[arms["right"]]
    assert top == cols_at[arms["up"]]
    assert bottom == cols_at[arms["down"]]


@pytest.mark.parametrize("char", BOX)
def test_box_lines_are_unbroken_from_edge_to_centre(char: str) -> None:
    arms = _arms(char)
    rows_for = {1: (SINGLE_ROW,), 2: DOUBLE_ROWS}
    cols_for = {1: (SINGLE_COL,), 2: DOUBLE_COLS}
    if arms["left"]:
        for y in rows_for[arms["left"]]:
            assert all(_ink(char, y, x) for x in range(0, 2)), (char, y)
    if arms["right"]:
        for y in rows_for[arms["right"]]:
            assert all(_ink(char, y, x) for x in range(5, 8)), (char, y)
    if arms["up"]:
        for x in cols_for[arms["up"]]:
            assert all(_ink(char, y, x) for y in range(0, 6)), (char, x)
    if arms["down"]:
        for x in cols_for[arms["down"]]:
            assert all(_ink(char, y, x) for y in range(9, 16)), (char, x)


def test_a_frame_of_box_characters_is_seamless() -> None:
    """Neighbouring cells agree on every pixel of their shared edge, so lines never break."""
    screen = [
        "╔═╤═╗ ┌─╥─┐",
        "║ │ ║ │ ║ │",
        "╟─┼─╢ ├─╫─┤",
        "╠═╪═╣ ╞═╬═╡",
        "╚═╧═╝ └─╨─┘",
        "╒═╕╓─╖ ╔╦╗",
        "╘═╛╙─╜ ╚╩╝",
    ]
    for line in screen:
        for a, b in itertools.pairwise(line):
            a_right = [y for y in range(16) if _ink(a, y, 7)]
            b_left = [y for y in range(16) if _ink(b, y, 0)]
            assert a_right == b_left, (a, b)
    for above, below in itertools.pairwise(screen):
        for a, b in zip(above, below, strict=False):
            assert glyph_rows()[a][15] == glyph_rows()[b][0], (a, b)


def test_blocks_and_shades() -> None:
    full, empty = 0xFF, 0x00
    assert glyph_rows()["█"] == (full,) * 16
    assert glyph_rows()["▀"] == (full,) * 8 + (empty,) * 8
    assert glyph_rows()["▄"] == (empty,) * 8 + (full,) * 8
    assert glyph_rows()["▌"] == (0xF0,) * 16
    assert glyph_rows()["▐"] == (0x0F,) * 16
    density = {c: sum(bin(r).count("1") for r in glyph_rows()[c]) for c in "░▒▓"}
    assert density == {"░": 32, "▒": 64, "▓": 96}


# --- CP437 table --------------------------------------------------------------------------


def test_cp437_table() -> None:
    assert len(CP437) == 256 and len(set(CP437)) == 256
    assert CP437[1:0x20] == "☺☻♥♦♣♠•◘○◙♂♀♪♫☼►◄↕‼¶§▬↨↑↓→←∟↔▲▼"
    assert CP437[0x7F] == "⌂"
    printable = bytes(range(0x20, 0x7F)) + bytes(range(0x80, 0x100))
    assert decode_cp437(printable) == printable.decode("cp437")
    assert decode_cp437(bytes(range(256))) == CP437
    assert decode_cp437(b"\x03\x04\x05\x06 K\xc9\xcd\xbb") == "♥♦♣♠ K╔═╗"


# --- pyxel --------------------------------------------------------------------------------

_PYXEL_PROBE = textwrap.dedent(
    """
    import sys
    import pyxel
    pyxel.init(64, 32, headless=True)
    font = pyxel.Font(sys.argv[1])
    pyxel.cls(0)
    pyxel.text(0, 0, "A\\u2660", 7, font)
    for y in range(32):
        print("".join("#" if pyxel.pget(x, y) else "." for x in range(64)))
    print("WIDTH", font.text_width("A\\u2660"))
    """
)


def test_pyxel_loads_the_font_and_draws_glyph_rows_where_expected() -> None:
    env = {**os.environ, "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run(
        [sys.executable, "-c", _PYXEL_PROBE, str(FONT_PATH)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert result.returncode == 0, result.stderr
    output = result.stdout.splitlines()
    screen = [line for line in output if len(line) == 64 and set(line) <= {"#", "."}]
    assert len(screen) == 32, result.stdout
    assert "WIDTH 16" in output
    for offset, char in ((0, "A"), (8, "♠")):
        for y in range(32):
            drawn = screen[y][offset : offset + 8]
            expected = (
                "".join("#" if _ink(char, y, x) else "." for x in range(8)) if y < 16 else "." * 8
            )
            assert drawn == expected, (char, y)
    assert "#" not in "".join(line[16:] for line in screen)
