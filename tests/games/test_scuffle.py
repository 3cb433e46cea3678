"""Scuffle: the Aces start the foundations, built up in any suits from four reserves the stock
deals onto; the reserves gathered and shuffled back into the stock twice, as positions and
moves."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

SCUFFLE = load("scuffle")
RESERVES = "reserve:1 = 5C 9H\nreserve:2 = QD\nreserve:3 = 7S 2C 4H\nreserve:4 = 8D"


def test_the_aces_start_the_foundations_and_the_stock_holds_the_rest() -> None:
    position = Game(SCUFFLE, 3).position
    assert [pile.cards[0].code for pile in position.groups["foundation"]] == [
        "AC",
        "AD",
        "AH",
        "AS",
    ]
    assert len(position.by_id["stock"].cards) == 48


def test_the_stock_deals_a_card_onto_each_reserve() -> None:
    game = game_at(SCUFFLE, "stock = 2c 3c 4c 5c 6c")
    play(game, "deal")
    assert [pile(game, f"reserve:{n}") for n in range(1, 5)] == ["6C", "5C", "4C", "3C"]


def test_foundations_build_up_in_any_suit_and_reserves_take_nothing() -> None:
    game = game_at(SCUFFLE, "foundation:1 = AC\nfoundation:2 = AD 2H 3S\n" + RESERVES)
    assert refusal(game, "r3>f2") is None
    play(game, "r3>f2")
    assert "reserve:3>foundation:1" in legal(game)
    assert refusal(game, "r1>r2") is not None


def test_an_empty_stock_gathers_the_reserves_shuffled_the_same_way_each_time() -> None:
    first = game_at(SCUFFLE, RESERVES, seed=7)
    again = game_at(SCUFFLE, RESERVES, seed=7)
    other = game_at(SCUFFLE, RESERVES, seed=8)
    for game in (first, again, other):
        play(game, "deal")
        assert len(pile(game, "stock").split()) == 3
    assert [pile(first, f"reserve:{n}") for n in range(1, 5)] == [
        pile(again, f"reserve:{n}") for n in range(1, 5)
    ]
    unshuffled = ["8D", "4H", "2C", "7S"]
    assert [pile(first, f"reserve:{n}") for n in range(1, 5)] != unshuffled
    dealt = [card for n in range(1, 5) for card in pile(first, f"reserve:{n}").split()]
    dealt += [card.upper() for card in pile(first, "stock").split()]
    assert sorted(dealt) == ["2C", "4H", "5C", "7S", "8D", "9H", "QD"]
    first.pop()
    assert [pile(first, f"reserve:{n}") for n in range(1, 5)] == ["5C 9H", "QD", "7S 2C 4H", "8D"]


def test_two_gatherings_a_game() -> None:
    game = game_at(SCUFFLE, "counters redeals=2\n" + RESERVES)
    assert refusal(game, "deal") is not None
    game = game_at(SCUFFLE, "counters redeals=1\n" + RESERVES)
    play(game, "deal")
    assert game.position.counters["redeals"] == 2


def test_scuffle_is_won_when_every_card_is_on_the_foundations() -> None:
    ranks = "A23456789TJQK"
    text = "\n".join(
        f"foundation:{n} = " + " ".join(rank + suit for rank in ranks)
        for n, suit in enumerate("CDH", 1)
    )
    game = game_at(
        SCUFFLE,
        text + "\nfoundation:4 = " + " ".join(r + "S" for r in ranks[:-1]) + "\nreserve:2 = KS",
    )
    play(game, "r2>f4")
    assert game.outcome() == "won"
    assert game.score() == 48
