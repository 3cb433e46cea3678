"""Bristol: eight fans of three with the Kings put at the bottom, built down whatever the suit
one card at a time; foundations from Ace to King whatever the suit; the stock deals a card onto
each of three reserves whose top cards play; spaces stay empty, as positions and moves."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

BRISTOL = load("bristol")


def test_eight_fans_of_three_kings_at_the_bottom_and_a_card_on_each_reserve() -> None:
    for seed in range(1, 30):
        position = Game(BRISTOL, seed).position
        fans = position.groups["fans"]
        assert [(len(p.cards), p.down) for p in fans] == [(3, 0)] * 8
        for fan in fans:
            ranks = [card.rank for card in fan.cards]
            kings = ranks.count(13)
            assert ranks[:kings] == [13] * kings
        assert [len(p.cards) for p in position.groups["reserve"]] == [1, 1, 1]
        stock = position.by_id["stock"]
        assert len(stock.cards) == stock.down == 25
        assert Counter(position.cards_in_play()) == Counter(make_deck())


def test_fans_build_down_whatever_the_suit_one_card_at_a_time() -> None:
    game = game_at(BRISTOL, "fans:1 = KC 9H 8S\nfans:2 = TD\nfans:3 = 9C")
    assert refusal(game, "fans:1>fans:2/2") is not None
    play(game, "fans:3>fans:2", "fans:1>fans:2")
    assert (pile(game, "fans:1"), pile(game, "fans:2")) == ("KC 9H", "TD 9C 8S")


def test_an_emptied_fan_stays_empty() -> None:
    game = game_at(BRISTOL, "fans:1 = 5C\nfans:2 = 9H\nreserve:1 = KS")
    assert not any(move.endswith(">fans:3") for move in legal(game))
    assert refusal(game, "reserve:1>fans:3") is not None


def test_foundations_go_up_from_the_ace_whatever_the_suit() -> None:
    game = game_at(BRISTOL, "fans:1 = 3D 2S AH\nreserve:2 = 2C")
    assert refusal(game, "reserve:2>foundation:1") is not None
    play(game, "fans:1>foundation:1", "fans:1>foundation:1", "fans:1>foundation:1")
    assert pile(game, "foundation:1") == "AH 2S 3D"


def test_the_stock_deals_one_card_onto_each_reserve_and_their_tops_play() -> None:
    game = game_at(BRISTOL, "fans:1 = 8C\nstock = 2h 9d 3s 7h\nreserve:1 = 4D")
    play(game, "deal")
    assert [pile(game, f"reserve:{n}") for n in (1, 2, 3)] == ["4D 7H", "3S", "9D"]
    assert "reserve:1>fans:1" in legal(game)
    assert refusal(game, "reserve:3>fans:1") is not None
    assert refusal(game, "fans:1>reserve:2") is not None
    play(game, "deal")
    assert [pile(game, f"reserve:{n}") for n in (1, 2, 3)] == ["4D 7H 2H", "3S", "9D"]
    assert "deal" not in legal(game)


def test_won_when_all_are_home() -> None:
    lines = [
        f"foundation:{n} = " + " ".join(f"{r}{s}" for r in "A23456789TJQK")
        for n, s in enumerate("SHDC", 1)
    ]
    lines[3] = lines[3].rsplit(" ", 1)[0]
    game = play(game_at(BRISTOL, "\n".join([*lines, "reserve:3 = KC"])), "reserve:3>foundation:4")
    assert game.outcome() == "won"
    assert game.score() == BRISTOL.score.maximum == 52


def test_lost_with_no_move_and_an_empty_stock() -> None:
    game = game_at(BRISTOL, "fans:1 = 5C\nfans:2 = 9H\nreserve:1 = 7S")
    assert game.legal_moves() == []
    assert game.outcome() == "lost"
