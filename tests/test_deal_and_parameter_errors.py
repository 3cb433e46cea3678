"""Mistakes with named cards, remembered ranks and per-pile parameters come back as one line
each, with the place; and named cards can be taken out of a pile group as well as the pack."""

from __future__ import annotations

from pathlib import Path

import pytest

from retro.definition.loader import load_game_file
from retro.engine.game import Game
from retro.errors import DefinitionError

GAME = """\
id: small
title: Small
piles:
  stock: {kind: stock, at: [0, 0], action: {draw: {}}}
  waste: {kind: waste, at: [1, 0], pick: top_card}
  foundation:
    kind: foundation
    count: 4
    at: [3, 0]
    accept: FOUNDATION
deal:
  DEAL
win: all_on_foundations
"""
FOUNDATION = "{any: [{base: {rank: A}}, rank_above]}"
DEAL = "- {to: stock, rest: true}"


def _load(tmp_path: Path, foundation: str = FOUNDATION, deal: str = DEAL) -> Game:
    path = tmp_path / "small.yaml"
    path.write_text(GAME.replace("FOUNDATION", foundation).replace("DEAL", deal), encoding="utf-8")
    return Game(load_game_file(path), 2)


def _errors(tmp_path: Path, **parts: str) -> list[str]:
    with pytest.raises(DefinitionError) as caught:
        _load(tmp_path, **parts)
    return caught.value.messages


def test_per_pile_needs_one_value_for_each_pile(tmp_path: Path) -> None:
    assert _errors(tmp_path, foundation="{base: {rank: {per_pile: [A, 2]}}}") == [
        "small.yaml:10:27: 'per_pile' needs a list of 4 values (one for each pile of 'foundation')"
    ]


def test_a_wrong_per_pile_value_is_named_once(tmp_path: Path) -> None:
    errors = _errors(tmp_path, foundation="{build_up: {size: {per_pile: [13, x, 13, x]}}}")
    assert errors == ["small.yaml:10:31: 'size' of 'build_up' must be a whole number, not 'x'"]


def test_per_pile_goes_only_in_a_rule_of_a_pile_group(tmp_path: Path) -> None:
    path = tmp_path / "small.yaml"
    text = (
        GAME.replace("FOUNDATION", FOUNDATION)
        .replace("DEAL", DEAL)
        .replace("win: all_on_foundations", "win: {groups_cleared: {groups: {per_pile: [stock]}}}")
    )
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DefinitionError, match="'per_pile' goes only in a rule of a pile group"):
        load_game_file(path)


def test_named_cards_are_read_as_cards_and_not_more_often_than_the_pack_has_them(
    tmp_path: Path,
) -> None:
    deal = "- {to: foundation, cards: [2H, ZZ]}\n  - {to: stock, rest: true}"
    assert any("'ZZ': rank must be one of" in e for e in _errors(tmp_path, deal=deal))
    deal = "- {to: foundation, cards: [2H, 2H]}\n  - {to: stock, rest: true}"
    assert _errors(tmp_path, deal=deal) == [
        "small.yaml:12:3: the deal names 2H more often than the pack holds it"
    ]


def test_places_go_with_extract_or_cards(tmp_path: Path) -> None:
    deal = "- {to: foundation, face_up: 1, places: [2]}\n  - {to: stock, rest: true}"
    errors = _errors(tmp_path, deal=deal)
    assert any("'places' goes with 'extract', 'cards' or 'rule'" in e for e in errors)


def test_named_cards_at_places_and_out_of_a_group(tmp_path: Path) -> None:
    deal = (
        "- {to: stock, rest: true}\n"
        "  - {to: foundation, cards: [AS, AC], from: stock, places: [4, 2]}"
    )
    position = _load(tmp_path, deal=deal).position
    assert [p.cards[0].code if p.cards else "" for p in position.groups["foundation"]] == [
        "",
        "AC",
        "",
        "AS",
    ]
    stock = position.by_id["stock"]
    assert len(stock.cards) == stock.down == 50


def test_remember_keeps_the_rank_of_the_first_pile_with_a_card(tmp_path: Path) -> None:
    deal = (
        "- {to: foundation, cards: [9D], places: [3], remember: base}\n  - {to: stock, rest: true}"
    )
    assert _load(tmp_path, deal=deal).position.counters["base"] == 9


def test_a_wrong_shape_does_not_hide_a_misspelt_rule(tmp_path: Path) -> None:
    path = tmp_path / "small.yaml"
    text = (
        GAME.replace("FOUNDATION", "{any: [{base: {rank: A}}, rank_abov]}")
        .replace("DEAL", DEAL)
        .replace("at: [1, 0], pick: top_card", "at: [1, 0], fan: sideways, pick: top_card")
    )
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DefinitionError) as caught:
        load_game_file(path)
    messages = caught.value.messages
    assert any("'fan' must be one of none, down, right" in m for m in messages), messages
    assert any(
        "unknown accept rule 'rank_abov' (did you mean 'rank_above'?)" in m for m in messages
    ), messages


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("deck: {decks: 1}", "deck: {decks: 1, ranks: [A, 2, Z]}", "'Z' is not a rank"),
        ("  - {to: stock, rest: true}", "  - {to: stok, rest: true}", "no pile group named 'stok'"),
        ("face_down: 2, face_up: 1}", "face_down: [2, 2], face_up: 1}", "'face_down' must be one"),
    ],
)
def test_one_mistake_gives_one_line_not_a_deal_count_after_it(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    text = (Path(__file__).resolve().parent.parent / "games" / "will_o_the_wisp.yaml").read_text(
        encoding="utf-8"
    )
    assert old in text
    path = tmp_path / "will_o_the_wisp.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(DefinitionError) as caught:
        load_game_file(path)
    assert len(caught.value.messages) == 1 and message in caught.value.messages[0]
