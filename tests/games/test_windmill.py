"""Windmill: two packs, an Ace in the centre built up any suits round to King four times, four
Kings' piles at the corners built down any suits to Ace, eight sails playing onto them and
filled at once from the waste (or the stock), the stock turned once through."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import WON, Game
from tests.helpers import game_at, legal, load, pile, play, refusal

MILL = load("windmill")


def test_an_ace_in_the_centre_eight_sails_and_the_rest_in_the_stock() -> None:
    position = Game(MILL, 3).position
    assert pile(Game(MILL, 3), "centre") == "AS"
    assert [len(p.cards) for p in position.groups["sails"]] == [1] * 8
    assert not any(p.cards for p in position.groups["kings"])
    assert len(position.by_id["stock"].cards) == 104 - 9
    assert Counter(position.cards_in_play()) == Counter(make_deck(2))


def test_the_centre_builds_up_any_suit_round_from_king_to_ace() -> None:
    game = game_at(MILL, "centre = AS\nsails:1 = 2H\nsails:2 = 3D\nsails:3 = 5C")
    assert {"sails:1>centre"} <= legal(game)
    assert refusal(game, "sails:3>centre") is not None
    play(game, "sails:1>centre", "sails:2>centre")
    game = game_at(MILL, "centre = AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS\nsails:1 = AH")
    assert refusal(game, "sails:1>centre") is None


def test_a_corner_takes_a_king_and_builds_down_any_suit() -> None:
    game = game_at(MILL, "centre = AS\nsails:1 = KH\nsails:2 = QC\nsails:3 = JD\nsails:4 = 5C")
    assert refusal(game, "sails:2>kings:1") is not None
    play(game, "sails:1>kings:1", "sails:2>kings:1", "sails:3>kings:1")
    assert pile(game, "kings:1") == "KH QC JD"
    assert refusal(game, "sails:4>kings:1") is not None


def test_an_empty_sail_is_filled_from_the_waste_else_from_the_stock() -> None:
    game = play(
        game_at(MILL, "centre = AS\nsails:1 = 2H\nwaste = 9C\nstock = 4d 7s"), "sails:1>centre"
    )
    assert pile(game, "sails:1") == "9C" and pile(game, "waste") == ""
    game = play(game_at(MILL, "centre = AS\nsails:1 = 2H\nstock = 4d 7s"), "sails:1>centre")
    assert pile(game, "sails:1") == "7S"


def test_the_stock_turns_one_card_onto_the_waste_once_through() -> None:
    sails = "\n".join(f"sails:{n} = 9H" for n in range(1, 9))
    game = play(game_at(MILL, f"centre = AS\n{sails}\nstock = 4d 7s"), "deal", "deal")
    assert pile(game, "waste") == "7S 4D"
    assert refusal(game, "deal") is not None


def test_nothing_goes_onto_the_sails_or_from_corner_to_corner() -> None:
    game = game_at(MILL, "centre = AS\nsails:1 = 9H\nsails:2 = TS\nkings:1 = KH QC\nkings:2 = KD")
    assert refusal(game, "sails:1>sails:2") is not None
    assert refusal(game, "kings:1>kings:2") is not None


def test_a_corner_gives_its_top_card_back_to_the_centre_but_never_its_king() -> None:
    game = game_at(
        MILL,
        "centre = AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS\nkings:1 = KH QC\nkings:2 = KD\nsails:1 = 5D",
    )
    assert "kings:1>centre" in legal(game)
    play(game, "kings:1>centre")
    assert pile(game, "centre").endswith("JS QC")
    assert pile(game, "kings:1") == "KH"
    game = game_at(MILL, "centre = AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS\nkings:2 = KD\nsails:1 = 5D")
    assert refusal(game, "kings:2>centre") == "K♦ started kings:2 and stays there"


def test_the_next_card_after_one_taken_back_comes_from_elsewhere() -> None:
    game = game_at(
        MILL,
        "centre = AS 2S 3S 4S 5S 6S 7S 8S 9S TS\nkings:1 = KH QC JD\n"
        "sails:1 = QH\nsails:2 = KC\nstock = 5h 5h 5h 5h 5h 5h 5h",
    )
    play(game, "kings:1>centre")
    assert refusal(game, "kings:1>centre") == (
        "The last card on centre came from kings too: this one must come from elsewhere"
    )
    assert "kings:1>centre" not in legal(game)
    play(game, "sails:1>centre")
    assert refusal(game, "kings:1>centre") is not None  # a Queen on the Queen: no build
    game.pop()
    game.pop()
    assert refusal(game, "kings:1>centre") is None


def test_won_with_every_card_on_the_foundations() -> None:
    run = " ".join("A23456789TJQK"[r] + "SHDC"[s] for s in range(4) for r in range(13))
    down = " ".join("KQJT98765432A"[r] + "S" for r in range(13))
    text = (
        f"centre = {run}\nkings:1 = {down}\nkings:2 = {down}\nkings:3 = {down}\n"
        f"kings:4 = {down.replace(' AS', '')}\nsails:1 = AS"
    )
    game = play(game_at(MILL, text), "sails:1>kings:4")
    assert game.outcome() == WON
