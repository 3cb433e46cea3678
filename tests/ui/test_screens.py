"""Screens against reference screenshots, the 16-colour rule, glyph coverage, the keys doc.

Reference PNGs live in tests/ui/reference/ as indexed PNGs of the 16 colours and are compared
by palette index, pixel for pixel. After an intended change of the look, regenerate them with
`UPDATE_REFERENCE=1 .venv/bin/python -m pytest tests/ui` and look at the new files before
committing them.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import scenario

from retro.definition.catalog import Catalog
from retro.engine.cards import Card, card_name
from retro.rules import all_rules
from retro.ui import keymap as keys
from retro.ui import texts
from retro.ui.drawing import png
from retro.ui.drawing.font import missing_glyphs
from retro.ui.drawing.palette import PALETTE
from retro.ui.table.layout import SCREEN_H, SCREEN_W

REFERENCE = Path(__file__).parent / "reference"
DOCS = Path(__file__).resolve().parents[2] / "docs"
REFERENCE_SCREENS = (
    "title",
    "menu",
    "table_fresh",
    "table_mid",
    "won",
    "resume",
    "high_scores",
    "seven_to_ace",
    "duel_result",
)


def _differences(expected: bytes, actual: bytes) -> str:
    diffs = [i for i, (a, b) in enumerate(zip(expected, actual, strict=True)) if a != b]
    if not diffs:
        return ""
    first = diffs[0]
    return (
        f"{len(diffs)} pixels differ, first at ({first % SCREEN_W}, {first // SCREEN_W}): "
        f"colour {expected[first]} expected, {actual[first]} drawn"
    )


@pytest.mark.usefixtures("window")
@pytest.mark.parametrize("name", REFERENCE_SCREENS)
def test_screen_matches_its_reference_screenshot(name: str, tmp_path: Path) -> None:
    driver = scenario.SCREENS[name]()
    driver.redraw()
    path = REFERENCE / f"{name}.png"
    if os.environ.get("UPDATE_REFERENCE"):
        driver.save(path)
    expected = png.read(path)
    assert (expected.width, expected.height) == (SCREEN_W, SCREEN_H)
    assert expected.indices is not None
    problem = _differences(expected.indices, driver.pixels())
    if problem:
        driver.save(tmp_path / f"{name}-actual.png")
    assert not problem, f"{name}: {problem} (actual screen: {tmp_path / (name + '-actual.png')})"


@pytest.mark.usefixtures("window")
@pytest.mark.parametrize("name", list(scenario.SCREENS))
def test_every_pixel_of_every_screen_is_one_of_the_16_colours(name: str, tmp_path: Path) -> None:
    import pyxel

    driver = scenario.SCREENS[name]()
    driver.redraw()
    assert list(pyxel.colors) == list(PALETTE)
    assert max(driver.pixels()) < 16
    if name in ("table_mid", "instructions"):  # what pyxel itself writes, in RGB
        pyxel.screen.save(str(tmp_path / "shot.png"), 1)
        assert set(png.read(tmp_path / "shot.png").rgb) <= set(PALETTE)


def _static_strings() -> list[str]:
    strings = list(texts.ALL)
    for binding in keys.KEYMAP:
        strings += [binding.text, keys.binding_label(binding)]
    strings.append(keys.markdown())
    strings += [card_name(Card(rank, suit)) for rank in range(1, 15) for suit in range(4)]
    strings += [spec.description for spec in all_rules()]
    catalog = Catalog()
    for game_id in catalog.ids():
        info = catalog.info(game_id)
        strings += [info.title, info.description]
        for spec in info.options.values():
            strings += [spec.label, *(str(value) for value in spec.values)]
        gdef = catalog.load(game_id, {})
        strings += list(gdef.rule_lines)
        strings += [group.pile_id(i) for group in gdef.groups for i in range(group.count)]
    return strings


def test_the_font_has_a_glyph_for_every_fixed_string_card_and_rule_text() -> None:
    missing = {s: missing_glyphs(s) for s in _static_strings() if missing_glyphs(s)}
    assert not missing


@pytest.mark.usefixtures("window")
def test_the_font_has_a_glyph_for_everything_the_screens_drew() -> None:
    seen: set[str] = set()
    for build in scenario.SCREENS.values():
        driver = build()
        driver.redraw()
        seen |= driver.app.painter.seen
    assert len(seen) > 60
    assert not missing_glyphs("".join(seen))


def test_docs_keys_md_is_the_keymap() -> None:
    assert (DOCS / "keys.md").read_text(encoding="utf-8") == keys.markdown(), (
        "regenerate with: .venv/bin/python -m retro.ui.keymap > docs/keys.md"
    )


def test_every_action_of_the_keymap_has_a_key_and_no_key_is_bound_twice_on_a_screen() -> None:
    for context in keys.CONTEXTS:
        taken: dict[str, str] = {}
        for binding in keys.bindings(context):
            assert binding.keys and binding.text
            for name in binding.keys:
                assert name not in taken, f"{context}: {name} does {taken.get(name)} and more"
                taken[name] = binding.action


def test_no_binding_uses_keys_pyxel_keeps_for_itself() -> None:
    for binding in keys.KEYMAP:
        for name in binding.keys:
            assert not name.lower().startswith("alt"), binding
