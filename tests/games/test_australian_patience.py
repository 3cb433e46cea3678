"""Australian Patience: seven face-up columns of four, Yukon's moves built in suit, a stock
turned once, only a King to a space, as positions and moves."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

AUSTRALIAN = load("australian_patience")


def test_seven_columns_of_four_face_up_and_24_cards_in_the_stock() -> None:
    position = Game(AUSTRALIAN, 2).position
    assert [(p.down, len(p.cards)) for p in position.groups["tableau"]] == [(0, 4)] * 7
    assert len(position.by_id["stock"].cards) == 24


def test_any_face_up_card_moves_with_all_on_it_onto_the_next_rank_up_in_suit() -> None:
    game = game_at(AUSTRALIAN, "tableau:1 = 2C 9H 4S JD\ntableau:2 = TH\ntableau:3 = TS")
    assert "tableau:1>tableau:2/3" in legal(game)
    assert refusal(game, "t1>t3/3") is not None
    play(game, "t1>t2/3")
    assert pile(game, "tableau:2") == "TH 9H 4S JD"


def test_only_a_king_goes_to_a_space() -> None:
    game = game_at(AUSTRALIAN, "tableau:1 = 5C KH 3S\ntableau:2 = QH 2D\nwaste = 9C")
    assert refusal(game, "t1>t3/2") is None
    assert refusal(game, "t2>t3/2") is not None
    assert refusal(game, "waste>t3") is not None


def test_the_stock_turns_one_card_and_is_gone_through_once() -> None:
    game = game_at(AUSTRALIAN, "stock = 2c\nwaste = 9H")
    play(game, "deal")
    assert pile(game, "waste") == "9H 2C"
    assert not any(move.startswith("deal") for move in legal(game))


def test_foundations_take_one_card_up_in_suit_and_keep_it() -> None:
    game = game_at(
        AUSTRALIAN, "foundation:1 = AH 2H\ntableau:1 = 3C 5S\ntableau:2 = 3H\ntableau:3 = 4S"
    )
    assert refusal(game, "t1>f1/2") is not None
    play(game, "t2>f1")
    assert refusal(game, "f1>t3") is not None
