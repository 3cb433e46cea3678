"""Aces Up: a top card is discarded while a higher card of its suit shows on another column
(Aces high); a space takes any top card; the stock deals a card to each column; won with only
the Aces left."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

ACES_UP = load("aces_up")


def test_one_card_face_up_on_each_of_four_columns_and_48_in_the_stock() -> None:
    position = Game(ACES_UP, 12).position
    assert [(p.down, len(p.cards)) for p in position.groups["tableau"]] == [(0, 1)] * 4
    stock = position.by_id["stock"]
    assert len(stock.cards) == stock.down == 48
    assert Counter(position.cards_in_play()) == Counter(make_deck(ace_high=True))


def test_a_card_goes_while_a_higher_one_of_its_suit_shows() -> None:
    game = game_at(ACES_UP, "tableau:1 = 5H\ntableau:2 = 9H\ntableau:3 = KS\ntableau:4 = QD")
    assert legal(game) >= {"tableau:1>discard"}
    assert "only while a higher card of its suit shows" in str(refusal(game, "t2>discard"))
    assert "t4>discard" not in legal(game)
    play(game, "t1>discard")
    assert pile(game, "discard") == "5H"


def test_the_ace_ranks_above_the_king() -> None:
    game = game_at(ACES_UP, "tableau:1 = KH\ntableau:2 = AH")
    assert refusal(game, "t1>discard") is None
    assert refusal(game, "t2>discard") is not None


def test_a_higher_card_under_others_does_not_count() -> None:
    game = game_at(ACES_UP, "tableau:1 = 5H\ntableau:2 = 9H 3C")
    assert refusal(game, "t1>discard") is not None


def test_a_space_takes_any_top_card() -> None:
    game = game_at(ACES_UP, "tableau:1 = 2C 5H\ntableau:2 = 7D\ntableau:3 = 8S")
    assert {"tableau:1>tableau:4", "tableau:2>tableau:4"} <= legal(game)
    assert refusal(game, "t1>t2") is not None


def test_deal_puts_a_card_on_every_column() -> None:
    lines = [f"tableau:{i} = 2C" for i in range(1, 4)]
    game = play(game_at(ACES_UP, "\n".join([*lines, "stock = 9s 8s 7s 6s 5s"])), "deal")
    assert [pile(game, f"tableau:{i}") for i in range(1, 5)] == ["2C 5S", "2C 6S", "2C 7S", "8S"]
    assert pile(game, "stock") == "9s"


def test_won_when_only_the_four_aces_are_left() -> None:
    game = game_at(ACES_UP, "tableau:1 = AH\ntableau:2 = AS 2H\ntableau:3 = AD\ntableau:4 = AC")
    assert game.outcome() == "playing"
    play(game, "t2>discard")
    assert game.outcome() == "won"


def test_not_won_while_the_stock_holds_cards() -> None:
    game = game_at(
        ACES_UP, "tableau:1 = AH\ntableau:2 = AS\ntableau:3 = AD\ntableau:4 = AC 2H\nstock = 3c"
    )
    play(game, "t4>discard")
    assert game.outcome() == "playing"


def test_lost_when_nothing_goes_and_the_stock_is_empty() -> None:
    game = game_at(ACES_UP, "tableau:1 = 2S\ntableau:2 = 3H\ntableau:3 = 4D\ntableau:4 = 5C")
    assert game.legal_moves() == []
    assert game.outcome() == "lost"
