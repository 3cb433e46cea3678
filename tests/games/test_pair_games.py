"""Fourteen, Gay Gordons, Block Ten and Cover: pairs of top cards that leave together, from
piles dealt face up or refilled from the stock, as positions and moves."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

FOURTEEN = load("fourteen")
GAY_GORDONS = load("gay_gordons")
BLOCK_TEN = load("block_ten")
COVER = load("cover")


def test_fourteen_deals_the_whole_pack_face_up_into_twelve_piles() -> None:
    position = Game(FOURTEEN, 3).position
    assert [len(p.cards) for p in position.groups["tableau"]] == [5] * 4 + [4] * 8
    assert all(p.down == 0 for p in position.groups["tableau"])
    assert Counter(position.cards_in_play()) == Counter(make_deck())


def test_fourteens_pair_of_top_cards_leaves_and_a_dealt_pair_under_it_stays() -> None:
    game = game_at(FOURTEEN, "tableau:1 = 9C 5D 6S\ntableau:2 = 8H\ntableau:3 = KS")
    assert refusal(game, "t3>t1") is not None
    assert "tableau:2>tableau:1" in legal(game)
    play(game, "t2>t1")
    assert pile(game, "tableau:1") == "9C 5D"
    assert pile(game, "discard") == "6S 8H"


def test_fourteens_empty_pile_stays_empty() -> None:
    game = game_at(FOURTEEN, "tableau:1 = 9C\ntableau:2 = AH")
    assert refusal(game, "t1>t3") is not None
    assert not any(move.endswith(">tableau:3") for move in legal(game))


def test_gay_gordons_pairs_add_up_to_eleven_or_are_king_and_queen_or_two_jacks() -> None:
    text = (
        "reserve = 3D 8S\ntableau:1 = 2C 3H\ntableau:2 = KC\ntableau:3 = QD\n"
        "tableau:4 = JH\ntableau:5 = JS\ntableau:6 = KH\ntableau:7 = 5C\ntableau:8 = 6H"
    )
    game = game_at(GAY_GORDONS, text)
    assert {"reserve>tableau:1", "tableau:2>tableau:3", "tableau:4>tableau:5"} <= legal(game)
    assert refusal(game, "t2>t6") is not None
    assert refusal(game, "t7>t8") is None
    play(game, "r>t1")
    assert pile(game, "tableau:1") == "2C"
    assert pile(game, "reserve") == "3D"
    play(game, "t4>t5", "t2>t3")
    assert len(game.position.by_id["discard"].cards) == 6


def test_gay_gordons_deal_two_to_the_reserve_and_five_to_each_pile() -> None:
    position = Game(GAY_GORDONS, 2).position
    assert len(position.by_id["reserve"].cards) == 2
    assert [len(p.cards) for p in position.groups["tableau"]] == [5] * 10


def test_block_ten_pairs_add_up_to_ten_or_are_two_court_cards_of_a_rank_never_tens() -> None:
    text = "stock = 4c 5c 6c\ngrid:1 = 3H\ngrid:2 = 7S\ngrid:3 = QD\ngrid:4 = QC\ngrid:5 = TD\n"
    game = game_at(BLOCK_TEN, text + "grid:6 = AS\ngrid:7 = AH\ngrid:8 = 5D\ngrid:9 = 5H")
    assert {"grid:1>grid:2", "grid:3>grid:4", "grid:8>grid:9"} <= legal(game)
    assert refusal(game, "g6>g7") is not None
    assert not any(move.startswith("grid:5>") for move in legal(game))
    play(game, "g1>g2")
    assert pile(game, "grid:1") == "6C"
    assert pile(game, "grid:2") == "5C"


def test_block_ten_is_won_when_only_tens_are_left() -> None:
    game = game_at(BLOCK_TEN, "grid:1 = TH\ngrid:2 = TS\ngrid:3 = 4D\ngrid:4 = 6C")
    play(game, "g3>g4")
    assert game.outcome() == "won"


def test_cover_takes_two_cards_of_a_suit_and_is_won_when_the_stock_is_empty() -> None:
    game = game_at(
        COVER, "stock = 9d 2h\ntableau:1 = 3S\ntableau:2 = KS\ntableau:3 = 4H\ntableau:4 = 5C"
    )
    assert refusal(game, "t3>t4") is not None
    play(game, "t1>t2")
    assert pile(game, "tableau:1") == "2H"
    assert pile(game, "tableau:2") == "9D"
    assert game.outcome() == "won"
