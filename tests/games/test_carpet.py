"""Carpet: the Aces start the foundations, twenty cards lie face up in a carpet of four rows of
five; carpet cards and the waste's top card go up in suit; a gap takes only the waste's top
card; nothing builds on the carpet; one pass through the stock, as positions and moves."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

CARPET = load("carpet")
ACES = "foundation:1 = AS\nfoundation:2 = AH\nfoundation:3 = AD\nfoundation:4 = AC\n"


def test_aces_home_a_carpet_of_twenty_one_card_on_the_waste_and_27_in_the_stock() -> None:
    position = Game(CARPET, 5).position
    assert [pile.cards for pile in position.groups["foundation"]] == [
        [card] for card in make_deck() if card.rank == 1
    ]
    assert [(len(p.cards), p.down) for p in position.groups["carpet"]] == [(1, 0)] * 20
    assert len(position.by_id["waste"].cards) == 1
    stock = position.by_id["stock"]
    assert len(stock.cards) == stock.down == 27
    assert Counter(position.cards_in_play()) == Counter(make_deck())


def test_carpet_cards_and_the_waste_top_go_up_in_suit() -> None:
    game = game_at(CARPET, ACES + "carpet:7 = 2H\ncarpet:12 = 3H\ncarpet:1 = 2C\nwaste = 9S 2S")
    assert {"carpet:7>foundation:2", "carpet:1>foundation:4", "waste>foundation:1"} <= legal(game)
    assert refusal(game, "carpet:12>foundation:2") is not None
    play(game, "carpet:7>foundation:2", "carpet:12>foundation:2")
    assert pile(game, "foundation:2") == "AH 2H 3H"


def test_nothing_builds_on_the_carpet() -> None:
    game = game_at(CARPET, ACES + "carpet:1 = 9C\ncarpet:2 = 8H\ncarpet:3 = 9D\nwaste = 8S")
    assert refusal(game, "carpet:2>carpet:1") is not None
    assert refusal(game, "waste>carpet:3") is not None
    assert not any(move.endswith((">carpet:1", ">carpet:2", ">carpet:3")) for move in legal(game))


def test_a_gap_takes_only_the_waste_top_card_when_the_player_chooses() -> None:
    game = play(
        game_at(CARPET, ACES + "carpet:1 = 2D\ncarpet:2 = 9C\nwaste = 4H 7S"),
        "carpet:1>foundation:3",
    )
    assert pile(game, "carpet:1") == ""
    assert refusal(game, "carpet:2>carpet:1") is not None
    play(game, "waste>carpet:1")
    assert (pile(game, "carpet:1"), pile(game, "waste")) == ("7S", "4H")


def test_the_stock_turns_one_card_and_is_gone_through_once() -> None:
    game = game_at(CARPET, ACES + "carpet:1 = 9C\nstock = 5c 6d")
    play(game, "deal", "deal")
    assert pile(game, "waste") == "6D 5C"
    assert "deal" not in legal(game)
    assert "only once" in str(refusal(game, "deal"))


def test_won_when_all_are_home() -> None:
    lines = [
        f"foundation:{n} = " + " ".join(f"{r}{s}" for r in "A23456789TJQK")
        for n, s in enumerate("SHDC", 1)
    ]
    lines[1] = lines[1].rsplit(" ", 1)[0]
    game = play(game_at(CARPET, "\n".join([*lines, "carpet:20 = KH"])), "carpet:20>foundation:2")
    assert game.outcome() == "won"
    assert game.score() == CARPET.score.maximum == 52


def test_lost_with_no_move_and_an_empty_stock() -> None:
    game = game_at(CARPET, ACES + "carpet:1 = 9C\ncarpet:2 = 4H")
    assert game.legal_moves() == []
    assert game.outcome() == "lost"
