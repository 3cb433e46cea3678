"""XPat2's pile-count options: Seahaven Towers' columns and cells, Michael's Fantasy's columns,
Royal Cotillion's left wing columns and right wing cards. Each choice deals the whole pack as
XPat2 does (the cards left over spread out over the cells, or over the columns when there are
more of them than cells), and XPat2's own counts stay the default, dealt as before."""

from __future__ import annotations

from collections import Counter

import pytest

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import load

SEAHAVEN = {
    "10/4": ([5] * 10, [1, 0, 1, 0]),
    "10/2": ([5] * 10, [1, 1]),
    "10/3": ([5] * 10, [1, 0, 1]),
    "10/5": ([5] * 10, [1, 0, 0, 1, 0]),
    "10/6": ([5] * 10, [1, 0, 0, 1, 0, 0]),
    "9/4": ([5, 6, 6, 6, 6, 5, 6, 6, 6], [0] * 4),
    "8/4": ([6] * 8, [1] * 4),
}


@pytest.mark.parametrize("piles", sorted(SEAHAVEN))
def test_seahaven_columns_and_cells_deal_the_pack_as_xpat2(piles: str) -> None:
    position = Game(load("seahaven_towers", piles=piles), 3).position
    columns, cells = SEAHAVEN[piles]
    assert [len(p.cards) for p in position.groups["tableau"]] == columns
    assert all(p.down == 0 for p in position.groups["tableau"])
    assert [len(p.cards) for p in position.groups["cell"]] == cells
    assert Counter(position.cards_in_play()) == Counter(make_deck())


MICHAEL = {
    "6": [3, 4, 4, 3, 4, 4],
    "4": [8] * 4,
    "5": [6, 5, 5, 6, 5],
    "7": [3, 2, 2, 3, 2, 2, 3],
    "8": [2, 1, 2, 1, 2, 1, 2, 1],
}


@pytest.mark.parametrize("columns", sorted(MICHAEL))
def test_michaels_fantasy_columns_keep_five_face_up_on_what_the_pack_fills(columns: str) -> None:
    position = Game(load("michaels_fantasy", columns=columns), 3).position
    tableau = position.groups["tableau"]
    assert [p.down for p in tableau] == MICHAEL[columns]
    assert all(p.face_up == 5 for p in tableau)
    assert Counter(position.cards_in_play()) == Counter(make_deck())


WINGS = {"3/12": (3, 12), "2/12": (2, 12), "4/12": (4, 12), "3/8": (3, 8), "3/16": (3, 16)}


@pytest.mark.parametrize("wings", sorted(WINGS))
def test_royal_cotillion_wings_of_any_size_and_the_rest_in_the_stock(wings: str) -> None:
    position = Game(load("royal_cotillion", wings=wings), 3).position
    left, right = WINGS[wings]
    assert [(len(p.cards), p.down) for p in position.groups["left"]] == [(3, 0)] * left
    assert [len(p.cards) for p in position.groups["right"]] == [1] * right
    stock = position.by_id["stock"]
    assert (len(stock.cards), stock.face_up) == (104 - 3 * left - right, 1)
    assert Counter(position.cards_in_play()) == Counter(make_deck(2))


@pytest.mark.parametrize(
    ("game_id", "option", "default"),
    [
        ("seahaven_towers", "piles", "10/4"),
        ("michaels_fantasy", "columns", "6"),
        ("royal_cotillion", "wings", "3/12"),
    ],
)
def test_xpat2s_own_counts_are_the_default(game_id: str, option: str, default: str) -> None:
    assert load(game_id).options[option] == default
    assert (
        Game(load(game_id), 9).position.piles_state()
        == Game(load(game_id, **{option: default}), 9).position.piles_state()
    )
