"""Spiderette: Spider's rules with one pack in Klondike's seven columns, as positions and moves
(the rules it shares with Spider are tested at length in tests/games/test_spider.py)."""

from __future__ import annotations

from collections import Counter

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal, suit_run

SPIDERETTE = load("spiderette")
FULL = "\n".join(f"tableau:{i} = 2c 9D" for i in range(1, 8))


def test_the_deal_is_klondikes_seven_columns_and_a_stock_of_24() -> None:
    position = Game(SPIDERETTE, 11).position
    assert [(p.down, p.face_up) for p in position.groups["tableau"]] == [(i, 1) for i in range(7)]
    stock = position.by_id["stock"]
    assert (len(stock.cards), stock.down) == (24, 24)
    assert set(Counter(position.cards_in_play()).values()) == {1}
    assert len(position.groups["foundation"]) == 4


def test_build_down_whatever_the_suit_and_move_runs_of_one_suit() -> None:
    game = game_at(
        SPIDERETTE, "tableau:1 = 9S\ntableau:2 = 8H 7H\ntableau:3 = 8C 7D\ntableau:4 = 8S"
    )
    assert refusal(game, "t2>t1/2") is None
    assert "run of one suit" in str(refusal(game, "t3>t1/2"))
    assert refusal(game, "t3>t4") is None


def test_a_deal_puts_a_card_on_each_of_the_seven_columns_and_the_last_on_three() -> None:
    game = play(game_at(SPIDERETTE, FULL + "\nstock = 3s 4s 5s 6s 7s 8s 9s ts js qs"), "deal")
    assert pile(game, "tableau:1") == "2c 9D QS"
    assert pile(game, "tableau:7") == "2c 9D 6S"
    play(game, "deal")
    assert [pile(game, f"tableau:{i}")[-2:] for i in (1, 2, 3, 4)] == ["5S", "4S", "3S", "9S"]


def test_no_deal_while_a_column_is_empty() -> None:
    game = game_at(SPIDERETTE, "tableau:1 = 2c 9D\nstock = 3s 4s")
    assert "empty" in str(refusal(game, "deal"))


def test_a_complete_suit_goes_off_and_the_last_one_wins() -> None:
    home = "\n".join(
        f"foundation:{i} = {suit_run(s)}" for i, s in zip((1, 2, 3), "SHD", strict=True)
    )
    game = game_at(SPIDERETTE, f"{home}\ntableau:2 = {suit_run('C')}")
    assert "tableau:2>foundation:4/13" in legal(game)
    play(game, "t2>f4/13")
    assert game.outcome() == "won"


def test_spiders_score_and_options_apply() -> None:
    assert Game(SPIDERETTE, 5).score() == 15  # column 1 has no face-down card
    one_suit = Game(load("spiderette", suits=1), 5).position.cards_in_play()
    assert {card.code[1] for card in one_suit} == {"S"}
