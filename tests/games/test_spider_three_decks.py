"""Spider Three Decks: three packs, twelve columns (five cards in the first six, four in the
others, the top one face up); build down regardless of suit, runs of one suit move; the stock
deals a row even onto empty columns, its last deal reaching the first six; whole suits King to
Ace go to the twelve foundations."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, load, pile, play, refusal, suit_run

SPIDER3 = load("spider_three_decks")


def test_twelve_columns_of_five_and_four_and_a_stock_of_102() -> None:
    position = Game(SPIDER3, 2).position
    assert [(p.down, p.face_up) for p in position.groups["tableau"]] == [(4, 1)] * 6 + [(3, 1)] * 6
    assert len(position.by_id["stock"].cards) == 102
    assert Counter(position.cards_in_play()) == Counter(make_deck() * 3)


def test_build_down_regardless_of_suit_and_move_runs_of_one_suit() -> None:
    game = game_at(SPIDER3, "tableau:1 = 9S\ntableau:2 = 8H 7H\ntableau:3 = 8D 7C\ntableau:4 = 8C")
    assert refusal(game, "t2>t1/2") is None
    assert refusal(game, "t3>t1/2") is not None
    assert refusal(game, "t4>t1") is None


def test_the_stock_deals_a_row_even_onto_empty_columns() -> None:
    stock = " ".join(["2c"] * 12)
    game = play(game_at(SPIDER3, f"stock = {stock}\ntableau:1 = 9S"), "deal")
    assert [pile(game, f"tableau:{n}") for n in (1, 2, 12)] == ["9S 2C", "2C", "2C"]


def test_the_last_deal_of_six_cards_reaches_the_first_six_columns() -> None:
    game = play(game_at(SPIDER3, "stock = 2c 3c 4c 5c 6c 7c\ntableau:1 = 9S"), "deal")
    assert pile(game, "tableau:6") != ""
    assert pile(game, "tableau:7") == ""


def test_a_whole_suit_goes_to_the_foundations() -> None:
    game = game_at(SPIDER3, f"tableau:1 = {suit_run('S')}\nstock = 2c")
    play(game, "t1>f1/13")
    assert pile(game, "foundation:1") == suit_run("S")
