"""Beleaguered Castle: the Aces out first, eight rows of six; top cards only, built down
whatever the suit; a space takes any card; foundations up in suit."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck, shuffle
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

CASTLE = load("beleaguered_castle")


def test_the_aces_start_the_foundations_and_eight_rows_get_six_cards_each() -> None:
    for seed in (1, 2, 99):
        position = Game(CASTLE, seed).position
        assert [pile_.cards[0].code for pile_ in position.groups["foundation"]] == [
            "AS",
            "AH",
            "AD",
            "AC",
        ]
        rows = position.groups["row"]
        assert [(p.down, len(p.cards)) for p in rows] == [(0, 6)] * 8
        assert not any(card.rank == 1 for p in rows for card in p.cards)
        assert Counter(position.cards_in_play()) == Counter(make_deck())


def test_the_rows_are_the_rest_of_the_pack_dealt_in_order() -> None:
    """Taking the Aces out first leaves the other cards in the shuffled order: the first row of
    cards across is the first eight non-Aces of the shuffle."""
    order = [c for c in shuffle(make_deck(), 7) if c.rank != 1]
    rows = Game(CASTLE, 7).position.groups["row"]
    assert [p.cards[0] for p in rows] == order[:8]


def test_only_the_top_card_moves() -> None:
    game = game_at(CASTLE, "row:1 = 9S 8H\nrow:2 = 9C")
    assert "top card" in str(refusal(game, "row:1>row:2/2"))


def test_rows_build_down_whatever_the_suit() -> None:
    game = game_at(CASTLE, "row:1 = 9S\nrow:2 = 8S\nrow:3 = 8H\nrow:4 = 7D")
    assert refusal(game, "row:2>row:1") is None
    assert refusal(game, "row:3>row:1") is None
    assert "goes only on an 8" in str(refusal(game, "row:4>row:1"))


def test_an_empty_row_takes_any_card() -> None:
    game = game_at(CASTLE, "row:1 = 4C 7D\nrow:2 = KS")
    assert {"row:1>row:3", "row:2>row:3"} <= legal(game)
    play(game, "row:1>row:8")
    assert pile(game, "row:8") == "7D"


def test_foundations_go_up_in_suit() -> None:
    game = game_at(CASTLE, "foundation:1 = AS\nfoundation:2 = AH\nrow:1 = 2H\nrow:2 = 3S")
    assert "2 of the same suit" in str(refusal(game, "row:1>f1"))
    play(game, "row:1>f2")
    assert pile(game, "foundation:2") == "AH 2H"
    assert "foundation:1>row:3" not in legal(game)


def test_won_when_every_card_is_home() -> None:
    lines = [
        f"foundation:{i + 1} = " + " ".join(f"{r}{s}" for r in "A23456789TJQK")
        for i, s in enumerate("SHD")
    ]
    lines += ["foundation:4 = " + " ".join(f"{r}C" for r in "A23456789TJ"), "row:1 = KC QC"]
    game = play(game_at(CASTLE, "\n".join(lines)), "row:1>f4")
    assert game.outcome() == "playing"
    play(game, "row:1>f4")
    assert game.outcome() == "won"
