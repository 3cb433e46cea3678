"""tools/realign_anl.py: a file written as if colour codes took no room comes out reading the
same on the screen where each code is one blank cell, with its boxes lined up; a file that
already lines up is left alone, so the tool can run on every file twice."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from retro.textmode import parse_anl, to_plain

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = sorted((ROOT / "assets" / "instructions").glob("*/*.anl"))


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("realign_anl", ROOT / "tools" / "realign_anl.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("realign_anl", module)
    spec.loader.exec_module(module)
    return module


TOOL = _tool()


def realign(text: str) -> str:
    new, _ = TOOL.realign_bytes(text.replace("\n", "\r\n").encode("utf-8"))
    return str(new.decode("utf-8")).replace("\r\n", "\n")


def screen(text: str) -> list[str]:
    """The file's pages as the screen shows them, one string per line."""
    return to_plain(parse_anl(text.encode("utf-8"))).split("\n")


OLD_STYLE = """;Sample: How to Play
@YSAMPLE@W
The other cards are the @Gstock@W. A @R7 ♥@W may go on an 8 ♠.

@YTHE DEAL@W
  @W┌─────┐┌─────┐┌─────┐
  @W│@R 9 ♥ @W││ K ♠ ││@R10 ♦ @W│
  @W├─────┤├─────┤├─────┤
  @W│ 5 ♣ ││@R 4 ♦ @W││ J ♠ │
  @W└─────┘└─────┘└─────┘
                                                                            >>
@YPAGE TWO@W starts again in W.
<<
"""


def test_text_reads_as_it_did_with_each_code_standing_where_a_space_was() -> None:
    new = realign(OLD_STYLE)
    shown = screen(new)
    assert "The other cards are the stock. A 7 ♥ may go on an 8 ♠." in shown
    assert "THE DEAL" in shown  # the code before it ended the empty line above
    assert "SAMPLE" in shown and "PAGE TWO starts again in W." in shown  # a page's top: its
    # code stays at the start of the line, and the heading shows from its first letter
    assert "the@Gstock.@WA" in new


def test_a_box_whose_coloured_cells_no_longer_fit_gets_wider_with_its_whole_column() -> None:
    rows = [line for line in screen(realign(OLD_STYLE)) if line.strip()[:1] in tuple("┌│├└")]
    assert rows == [
        "  ┌─────┐┌─────┐┌──────┐",
        "  │ 9 ♥ ││ K ♠ ││ 10 ♦ │",
        "  ├─────┤├─────┤├──────┤",
        "  │ 5 ♣ ││ 4 ♦ ││  J ♠ │",
        "  └─────┘└─────┘└──────┘",
    ]
    pages = parse_anl(realign(OLD_STYLE).encode("utf-8")).pages
    assert TOOL.box_faults(["".join(g.char for g in line) for line in pages[0]]) == 0


def test_card_boxes_side_by_side_are_made_one_width() -> None:
    old = "x\n  ┌───┐ ┌───┐\n  │ 7♣│ │@R10♥@W│\n  └───┘ └───┘\n"
    assert screen(realign(old))[1:4] == [
        "  ┌─────┐ ┌─────┐",
        "  │  7♣ │ │ 10♥ │",
        "  └─────┘ └─────┘",
    ]


def test_running_twice_changes_nothing() -> None:
    once = realign(OLD_STYLE)
    assert once != OLD_STYLE
    assert realign(once) == once


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: f"{p.parent.name}-{p.stem}")
def test_every_bundled_file_is_already_aligned(path: Path) -> None:
    data = path.read_bytes()
    new, notes = TOOL.realign_bytes(data)
    assert new == data and notes == []


def test_it_reports_a_line_that_would_grow_past_76_columns() -> None:
    wide = "x\n  ┌" + "───┬" * 17 + "───┐\n  │" + "@RA♥ @W│" * 18 + "\n  └" + "───┴" * 17 + "───┘\n"
    _, notes = TOOL.realign_bytes(wide.replace("\n", "\r\n").encode("utf-8"))
    assert notes and all("over 76" in note for note in notes)


def test_a_code_inside_a_word_is_reported_and_left_where_it_is() -> None:
    text = ";T\r\nThe @Gstock@W and the @Ywaste@W.\r\na @Rred@Wdish word\r\n"
    new, notes = TOOL.realign_bytes(text.encode())
    assert new.decode() == ";T\r\nThe@Gstock@Wand the@Ywaste.@W\r\na@Rred@Wdish word\r\n"
    assert notes == ["line 3: a colour code inside a word shows as a blank there"]
