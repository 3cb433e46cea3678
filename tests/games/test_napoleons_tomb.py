"""Napoleon's Tomb: corner foundations built up from a 7 to the King, the centre down from a 6
to the Ace and from a 6 again on the Ace, suits not counting; the four places between hold one
card each; every card starts in the stock, one a turn and one pass, or three and three."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

TOMB = load("napoleons_tomb")


def test_every_card_starts_in_the_stock() -> None:
    position = Game(TOMB, 1).position
    assert len(position.by_id["stock"].cards) == 52
    assert not any(p.cards for name in ("corner", "centre", "place") for p in position.groups[name])


def test_the_corners_go_up_from_a_7_to_the_king_whatever_the_suit() -> None:
    game = game_at(TOMB, "waste = 8D 7S\nplace:1 = AC\nstock = 2c")
    assert refusal(game, "place:1>corner:1") is not None
    play(game, "waste>corner:1", "waste>corner:1")
    assert pile(game, "corner:1") == "7S 8D"
    full = game_at(TOMB, "corner:1 = 7S 8D 9C TH JS QD KC\nwaste = AH\nstock = 2c")
    assert refusal(full, "waste>corner:1") is not None


def test_the_centre_goes_down_from_a_6_to_the_ace_and_takes_a_6_on_the_ace() -> None:
    game = game_at(TOMB, "waste = 6H 5C\nplace:1 = 7D\nplace:2 = 6S\nstock = 2c")
    assert refusal(game, "place:1>centre") is not None
    assert refusal(game, "waste>centre") is not None
    play(game, "place:2>centre", "waste>centre")
    assert pile(game, "centre") == "6S 5C"
    on_ace = game_at(TOMB, "centre = 6S 5C 4D 3H 2S AC\nwaste = 6D\nplace:1 = 5H\nstock = 2c")
    assert refusal(on_ace, "place:1>centre") is not None
    play(on_ace, "waste>centre")
    assert pile(on_ace, "centre").endswith("AC 6D")


def test_a_place_holds_one_card() -> None:
    game = game_at(TOMB, "waste = 9D\nplace:1 = 2C\nstock = 2c")
    assert refusal(game, "waste>place:1") is not None
    assert refusal(game, "waste>place:2") is None


def test_one_card_a_turn_and_one_pass_or_three_cards_and_three_passes() -> None:
    game = play(game_at(TOMB, "stock = 2c 3d 4h"), "deal")
    assert pile(game, "waste") == "4H"
    assert "deal" not in legal(game_at(TOMB, "waste = 2C 3D"))
    three = load("napoleons_tomb", turn="3")
    assert pile(play(game_at(three, "stock = 2c 3d 4h 5s"), "deal"), "waste") == "5S 4H 3D"
    assert "deal" in legal(game_at(three, "counters redeals=1\nwaste = 2C 3D"))
    assert "deal" not in legal(game_at(three, "counters redeals=2\nwaste = 2C 3D"))
