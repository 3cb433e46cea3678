"""Plait: two packs; eight foundations start from the base the deal sets and all go up or all go
down, as the first card built on one decides; the plait's top card goes to an edge or home, an
edge whose card goes home is refilled from the plait; free places take any card but the
plait's; three passes through the stock, as positions and moves."""

from __future__ import annotations

from retro.engine.cards import plain_rank
from retro.engine.game import Game
from tests.helpers import game_at, load, pile, play, refusal

PLAIT = load("plait")


def test_the_deal_lays_a_plait_of_20_four_edges_eight_free_places_and_a_base_card() -> None:
    for seed in (1, 2):
        position = Game(PLAIT, seed).position
        assert len(position.by_id["plait"].cards) == 20
        assert [len(p.cards) for p in position.groups["edge"]] == [1] * 4
        assert [len(p.cards) for p in position.groups["free"]] == [1] * 8
        first = position.by_id["foundation:1"].cards
        assert position.counters["base"] == plain_rank(first[0])
        assert len(position.by_id["stock"].cards) == 104 - 20 - 4 - 8 - 1


def test_the_first_card_built_decides_up_or_down_for_every_foundation() -> None:
    text = (
        "counters base=5\nfoundation:1 = 5H\nfoundation:2 = 5S\nfree:1 = 6H\nfree:2 = 4S\n"
        "free:3 = 4H\nfree:4 = 5C"
    )
    game = game_at(PLAIT, text)
    assert refusal(game, "free:1>foundation:1") is None
    assert refusal(game, "free:3>foundation:1") is None
    assert refusal(game, "free:4>foundation:3") is None
    play(game, "free:2>foundation:2")
    assert refusal(game, "free:1>foundation:1") == (
        "foundation:1 takes only a card one rank down of the same suit from 5♥"
    )
    play(game, "free:3>foundation:1")
    assert pile(game, "foundation:1") == "5H 4H"


def test_foundations_go_round_the_corner_and_stop_at_thirteen() -> None:
    game = game_at(
        PLAIT,
        "counters base=5\nfoundation:1 = 5H 6H 7H 8H 9H TH JH QH KH\nfree:1 = AH\n"
        "foundation:2 = 5S 6S 7S 8S 9S TS JS QS KS AS 2S 3S 4S\nfree:2 = 5S",
    )
    assert refusal(game, "free:1>foundation:1") is None
    assert refusal(game, "free:2>foundation:2") is not None


def test_an_edge_whose_card_goes_home_is_refilled_from_the_plait() -> None:
    game = game_at(
        PLAIT,
        "counters base=5\nfoundation:1 = 5H\nplait = 9C 8D\nedge:1 = 6H\nedge:2 = 7C\nfree:1 = KS",
    )
    play(game, "edge:1>foundation:1")
    assert pile(game, "edge:1") == "8D"
    assert pile(game, "plait") == "9C"
    play(game, "edge:2>free:2")
    assert pile(game, "edge:2") == ""


def test_free_places_take_one_card_but_never_the_plaits() -> None:
    game = game_at(PLAIT, "counters base=5\nfoundation:1 = 5H\nplait = 9C 8D\nwaste = 3S")
    assert refusal(game, "plait>free:1") is not None
    assert refusal(game, "waste>free:1") is None
    assert refusal(game, "plait>edge:1") is None


def test_won_when_all_104_cards_are_home() -> None:
    ranks = "56789TJQKA234"
    lines = [
        f"foundation:{n + 1} = " + " ".join(r + suit for r in ranks)
        for n, suit in enumerate("SHDCSHDC")
    ]
    lines[-1] = lines[-1][: -len(" 4C")]
    game = game_at(PLAIT, "counters base=5\n" + "\n".join(lines) + "\nwaste = 4C")
    play(game, "waste>foundation:8")
    assert game.outcome() == "won"
