"""Doublets: one foundation built by doubling round thirteen, seven places refilled from the
waste or the stock, Kings passed over in the deal and never moving, as positions and moves."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

DOUBLETS = load("doublets")
OTHERS = "".join(
    f"\nreserve:{n} = {card}" for n, card in enumerate(["9S", "9H", "9D", "9C", "QS", "QH"], 2)
)


def test_the_deal_lays_no_king_and_kings_passed_over_go_under_the_stock() -> None:
    for seed in range(1, 30):
        position = Game(DOUBLETS, seed).position
        laid = [p.cards[0] for p in position.groups["reserve"]] + position.by_id["foundation"].cards
        assert len(laid) == 8
        assert all(card.rank != 13 for card in laid)
        assert Counter(position.cards_in_play()) == Counter(make_deck())
    stock = Game(DOUBLETS, 1).position.by_id["stock"].cards
    assert [card.code for card in stock[:3]] == ["KD", "KH", "KC"]  # passed over: out last


def test_the_foundation_takes_the_double_of_its_top_card_round_thirteen() -> None:
    for top, wanted in (("AS", "2H"), ("8C", "3D"), ("6D", "QC"), ("QH", "JS"), ("7C", "AD")):
        game = game_at(DOUBLETS, f"foundation = {top}\nreserve:1 = {wanted}" + OTHERS)
        assert refusal(game, "r1>f") is None, (top, wanted)
    game = game_at(DOUBLETS, "foundation = 5S\nreserve:1 = KS\nreserve:2 = 9H")
    assert refusal(game, "r1>f") is not None
    assert refusal(game, "r2>f") is not None


def test_a_place_played_from_is_filled_from_the_waste_else_from_the_stock() -> None:
    text = "foundation = 4S\nreserve:1 = 8H\nstock = 3c\nwaste = JD 5C"
    game = play(game_at(DOUBLETS, text + OTHERS), "r1>f")
    assert pile(game, "reserve:1") == "5C"
    no_waste = play(
        game_at(DOUBLETS, "foundation = 4S\nreserve:1 = 8H\nstock = 3c" + OTHERS), "r1>f"
    )
    assert pile(no_waste, "reserve:1") == "3C"


def test_won_when_only_the_kings_are_left() -> None:
    text = "foundation = 5S\nreserve:1 = TH\nreserve:2 = KS\nreserve:3 = KH\nwaste = KD KC"
    game = play(game_at(DOUBLETS, text), "r1>f")
    assert game.outcome() == "won"
    assert "reserve:2>foundation" not in legal(game)
