"""Mod3 as KPatience plays it: two packs; a card on every place of four rows of eight; the
first three rows build in suit by threes from the 2s, 3s and 4s, a wrong card blocking its place
until moved; the fourth row takes cards only onto its spaces, which the stock fills at once;
Aces go out; the stock deals a row onto the fourth row."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, load, pile, play, refusal

MOD3 = load("mod3")


def test_a_card_on_each_of_the_32_places_and_72_in_the_stock() -> None:
    position = Game(MOD3, 4).position
    for group in ("twos", "threes", "fours", "tableau"):
        assert [len(p.cards) for p in position.groups[group]] == [1] * 8
    assert len(position.by_id["stock"].cards) == 72
    assert Counter(position.cards_in_play()) == Counter(make_deck() * 2)


def test_each_row_builds_in_suit_by_threes_from_its_own_rank() -> None:
    game = game_at(
        MOD3,
        "twos:1 = 2H\ntwos:2 = 2S 5S\ntableau:1 = 5H\ntableau:2 = 8H\ntableau:3 = 8S\n"
        "stock = 4c 4d 4h",
    )
    assert refusal(game, "tableau:2>twos:1") is not None
    assert refusal(game, "tableau:3>twos:2") is None
    play(game, "tableau:1>twos:1", "tableau:2>twos:1")
    assert pile(game, "twos:1") == "2H 5H 8H"


def test_an_empty_place_of_a_row_takes_only_that_rows_rank() -> None:
    game = game_at(MOD3, "tableau:1 = 3C\ntableau:2 = 2C\ntableau:3 = 4D\nstock = 4c 4d 4h")
    assert refusal(game, "tableau:1>threes:1") is None
    assert refusal(game, "tableau:2>threes:1") is not None
    assert refusal(game, "tableau:2>twos:1") is None
    assert refusal(game, "tableau:3>fours:1") is None


def test_a_wrong_card_blocks_its_place_until_it_moves() -> None:
    game = game_at(MOD3, "twos:1 = 9D\ntableau:1 = 2D\nstock = 4c 4d 4h")
    assert refusal(game, "tableau:1>twos:1") is not None
    play(game, "twos:1>tableau:2", "tableau:1>twos:1")
    assert pile(game, "twos:1") == "2D"


def test_the_fourth_row_takes_cards_only_on_spaces_and_the_stock_fills_them() -> None:
    game = game_at(MOD3, "tableau:1 = 2D\ntableau:2 = 7S\nstock = 4c 4d 4h")
    assert refusal(game, "tableau:1>tableau:2") is not None
    play(game, "tableau:1>twos:1")
    assert pile(game, "tableau:1") == "4H"


def test_aces_go_out() -> None:
    game = game_at(MOD3, "tableau:1 = AD\ntableau:2 = 2S\nstock = 4c")
    assert refusal(game, "tableau:2>aces") is not None
    play(game, "tableau:1>aces")
    assert pile(game, "aces") == "AD"


def test_the_stock_deals_a_row_onto_the_fourth_row() -> None:
    game = game_at(MOD3, "tableau:1 = 2D\nstock = " + " ".join(["4c"] * 8))
    play(game, "deal")
    assert pile(game, "tableau:1") == "2D 4C"
    assert pile(game, "tableau:8") == "4C"
