"""Idiot's Delight, XPat2's Aces Up, from XPat2's rule code: Aces above Kings, a top card leaves
while a higher one of its suit shows on another column, a space takes any one top card, the
stock deals a card onto every column whenever asked, and the game is won with the stock used
up and four cards left; XPat2 keeps no score for it."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

DELIGHT = load("idiots_delight")


def test_it_is_aces_up_under_xpat2s_name() -> None:
    assert DELIGHT.title == "Idiot's Delight"
    assert DELIGHT.instructions == "idiots_delight"
    assert DELIGHT.deck.ace_high


def test_one_card_on_each_of_four_columns_and_48_in_the_stock() -> None:
    position = Game(DELIGHT, 5).position
    assert [(p.down, len(p.cards)) for p in position.groups["tableau"]] == [(0, 1)] * 4
    assert len(position.by_id["stock"].cards) == 48
    assert Counter(position.cards_in_play()) == Counter(make_deck(ace_high=True))


def test_a_top_card_leaves_while_a_higher_one_of_its_suit_shows_aces_highest() -> None:
    game = game_at(DELIGHT, "tableau:1 = 9C KH\ntableau:2 = AH\ntableau:3 = QC 2S\ntableau:4 = JS")
    assert refusal(game, "t1>discard") is None
    assert refusal(game, "t3>discard") is None
    assert "only while a higher card of its suit shows" in str(refusal(game, "t2>discard"))
    assert "only while a higher card of its suit shows" in str(refusal(game, "t4>discard"))


def test_a_space_takes_one_top_card_of_any_rank_and_nothing_lands_on_a_card() -> None:
    game = game_at(DELIGHT, "tableau:1 = 9C KH\ntableau:2 = 4D\ntableau:3 = 5S")
    assert {"tableau:1>tableau:4", "tableau:2>tableau:4", "tableau:3>tableau:4"} <= legal(game)
    assert refusal(game, "t1>t4/2") is not None
    assert refusal(game, "t2>t3") is not None


def test_the_discard_pile_gives_nothing_back() -> None:
    game = game_at(DELIGHT, "tableau:1 = 3C\ntableau:2 = 9C\ndiscard = 2C")
    assert not any(move.startswith("discard>") for move in legal(game))


def test_the_stock_deals_a_card_onto_every_column_even_with_a_space() -> None:
    game = game_at(
        DELIGHT, "tableau:1 = 2C\ntableau:2 = 3C\ntableau:3 = 4C\nstock = 9d 8d 7d 6d 5d"
    )
    play(game, "deal")
    assert [pile(game, f"tableau:{i}") for i in range(1, 5)] == ["2C 5D", "3C 6D", "4C 7D", "8D"]


def test_won_when_the_stock_is_used_up_and_four_cards_are_left() -> None:
    aces = "tableau:1 = AH\ntableau:2 = AS\ntableau:3 = AD\ntableau:4 = AC 2H\n"
    game = game_at(DELIGHT, aces + "stock = 2d")
    play(game, "t4>discard")
    assert game.outcome() == "playing"
    game = game_at(DELIGHT, aces)
    play(game, "t4>discard")
    assert game.outcome() == "won"


def test_no_score_is_kept() -> None:
    game = game_at(DELIGHT, "tableau:1 = 9C KH\ntableau:2 = AH")
    play(game, "t1>discard")
    assert game.score() == 0 and DELIGHT.score.maximum == 0
