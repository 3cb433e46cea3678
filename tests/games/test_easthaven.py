"""Easthaven: seven columns of three, the stock dealing a row only once no space can be
filled (or few cards are left), built down in alternate colours, as positions and moves."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

EASTHAVEN = load("easthaven")
TOPS = ["4H", "5H", "6H", "7H", "8H", "9H"]


def columns_2_to(last: int) -> str:
    """Columns 2 .. `last` with two face-down cards and a heart each (no move among them)."""
    return "".join(f"\ntableau:{n} = 2c 3c {TOPS[n - 2]}" for n in range(2, last + 1))


def test_seven_columns_of_two_face_down_and_one_face_up() -> None:
    position = Game(EASTHAVEN, 3).position
    assert [(p.down, p.face_up) for p in position.groups["tableau"]] == [(2, 1)] * 7
    assert len(position.by_id["stock"].cards) == 31


def test_the_stock_deals_a_row_and_its_last_cards_to_the_first_columns() -> None:
    game = game_at(EASTHAVEN, "stock = 4d 5d 6d\ntableau:1 = 2c 3c TS" + columns_2_to(7))
    play(game, "deal")
    assert [pile(game, f"tableau:{n}")[-2:] for n in (1, 2, 3, 4)] == ["6D", "5D", "4D", "6H"]


def test_no_deal_while_a_king_could_fill_a_space() -> None:
    game = game_at(
        EASTHAVEN, "stock = 4d 5d 6d 7d 8d 9d TD\ntableau:1 = 2c KS QH" + columns_2_to(6)
    )
    assert "tableau:7" in str(refusal(game, "deal"))
    play(game, "t1>t7/2")
    assert refusal(game, "deal") is None


def test_a_deal_with_a_space_no_king_can_fill_and_near_the_end() -> None:
    text = "stock = 4d 5d 6d 7d 8d 9d TD\ntableau:1 = 2c 3c QH" + columns_2_to(6)
    no_king = game_at(EASTHAVEN, text)
    assert refusal(no_king, "deal") is None
    few_cards = game_at(EASTHAVEN, "stock = 4d 5d\ntableau:1 = 2c KS\ntableau:2 = 5H")
    assert refusal(few_cards, "deal") is None


def test_columns_build_down_in_alternate_colours_and_only_a_king_fills_a_space() -> None:
    game = game_at(EASTHAVEN, "tableau:1 = 9S 8H\ntableau:2 = TD\ntableau:3 = QC")
    assert refusal(game, "t1>t2/2") is None
    assert refusal(game, "t3>t4") is not None
    assert "tableau:1>tableau:4/2" not in legal(game)
