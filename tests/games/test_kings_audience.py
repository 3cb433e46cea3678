"""King's Audience: a King and its Queen coupled go to a throne, an Ace and its Jack to a
foundation with the Jack on top, which builds down in suit to the 2; emptied reserve piles are
filled from the waste, else the stock, as positions and moves."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, load, pile, play, refusal

KINGS_AUDIENCE = load("kings_audience")


def test_the_deal_lays_sixteen_reserve_cards_and_a_stock_of_36() -> None:
    position = Game(KINGS_AUDIENCE, 1).position
    assert [len(p.cards) for p in position.groups["reserve"]] == [1] * 16
    assert len(position.by_id["stock"].cards) == 36


def test_a_king_and_the_queen_of_its_suit_go_to_a_throne_together() -> None:
    game = game_at(
        KINGS_AUDIENCE, "reserve:1 = KH\nreserve:2 = QH\nreserve:3 = QS\nwaste = 5C 4C\nstock = 9D"
    )
    assert refusal(game, "reserve:1>reserve:3") == (
        "K♥ makes no couple (KQ AJ) of one suit with the top card of reserve:3"
    )
    play(game, "reserve:2>reserve:1")
    assert pile(game, "throne:1") == "KH QH"
    assert pile(game, "reserve:1") == "4C"
    assert pile(game, "reserve:2") == "5C"


def test_an_ace_and_its_jack_start_a_foundation_jack_on_top_built_down_in_suit() -> None:
    game = game_at(
        KINGS_AUDIENCE,
        "reserve:1 = JD\nreserve:2 = AD\nreserve:3 = TD\nreserve:4 = TC\nreserve:5 = 9D",
    )
    play(game, "reserve:1>reserve:2")
    assert pile(game, "foundation:1") == "AD JD"
    assert refusal(game, "reserve:4>foundation:1") is not None
    play(game, "reserve:3>foundation:1", "reserve:5>foundation:1")
    assert pile(game, "foundation:1") == "AD JD TD 9D"
    assert refusal(game, "reserve:4>reserve:1") is not None


def test_the_waste_card_may_couple_and_a_space_is_filled_from_the_stock_when_it_is_empty() -> None:
    game = game_at(KINGS_AUDIENCE, "reserve:1 = QS\nreserve:2 = 3C\nwaste = KS\nstock = 8H 7H")
    play(game, "waste>reserve:1")
    assert pile(game, "throne:1") == "KS QS"
    assert pile(game, "reserve:1") == "7H"


def test_won_when_every_card_is_in_the_chamber() -> None:
    lines = [f"throne:{n} = K{s} Q{s}" for n, s in enumerate("SHDC", 1)]
    lines += [
        f"foundation:{n} = A{s} J{s} T{s} 9{s} 8{s} 7{s} 6{s} 5{s} 4{s} 3{s} 2{s}"
        for n, s in enumerate("SHD", 1)
    ]
    lines += ["foundation:4 = AC JC TC 9C 8C 7C 6C 5C 4C 3C", "waste = 2C"]
    game = play(game_at(KINGS_AUDIENCE, "\n".join(lines)), "waste>foundation:4")
    assert game.outcome() == "won"
    assert game.score() == KINGS_AUDIENCE.score.maximum == 52
