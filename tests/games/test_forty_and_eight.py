"""Forty and Eight as KPatience plays it: two packs, eight columns of four face up built down
in suit; a run of one suit moves whole only as far as the empty columns allow (one card,
doubled for each empty column but the target); the stock's first card starts the waste; one
card a turn, one redeal."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal, suit_run

FORTY_EIGHT = load("forty_and_eight")


def test_eight_columns_of_four_face_up_and_one_card_on_the_waste() -> None:
    position = Game(FORTY_EIGHT, 4).position
    assert [(p.down, p.face_up) for p in position.groups["tableau"]] == [(0, 4)] * 8
    assert len(position.by_id["waste"].cards) == 1
    assert len(position.by_id["stock"].cards) == 104 - 33
    assert Counter(position.cards_in_play()) == Counter(make_deck() * 2)


def test_columns_build_down_in_suit() -> None:
    game = game_at(FORTY_EIGHT, "tableau:1 = 9H\ntableau:2 = 8H\ntableau:3 = 8D\n" + _full(3))
    assert refusal(game, "t2>t1") is None
    assert refusal(game, "t3>t1") is not None


def _full(first: int) -> str:
    """Cards on every column from `first` to 8, so that none of them is empty."""
    return "\n".join(f"tableau:{n} = KC" for n in range(first + 1, 9))


def test_a_run_moves_only_as_far_as_the_empty_columns_allow() -> None:
    run = "tableau:1 = TS\ntableau:2 = 9S 8S 7S 6S\n"
    none_empty = game_at(FORTY_EIGHT, run + "tableau:3 = 2D\n" + _full(3))
    assert "Room for 1 card at once, not 4" in str(refusal(none_empty, "t2>t1/4"))
    one_empty = game_at(FORTY_EIGHT, run + _full(3))
    assert "Room for 2 cards at once, not 4" in str(refusal(one_empty, "t2>t1/4"))
    two_empty = game_at(FORTY_EIGHT, run + _full(4))
    assert refusal(two_empty, "t2>t1/4") is None
    assert "Room for 2 cards at once, not 4" in str(refusal(two_empty, "t2>t3/4"))


def test_one_card_a_turn_and_one_redeal() -> None:
    game = play(game_at(FORTY_EIGHT, "stock = 2c 3d\ntableau:1 = KS"), "deal")
    assert pile(game, "waste") == "3D"
    assert "deal" in legal(game_at(FORTY_EIGHT, "waste = 2C 3D\ntableau:1 = KS"))
    spent = game_at(FORTY_EIGHT, "counters redeals=1\nwaste = 2C 3D\ntableau:1 = KS")
    assert "deal" not in legal(spent)


def test_won_when_all_104_cards_are_home() -> None:
    homes = [" ".join(reversed(suit_run(s).split())) for s in "SHDCSHD"]
    lines = [f"foundation:{i + 1} = {home}" for i, home in enumerate(homes)]
    lines += ["foundation:8 = " + " ".join(reversed(suit_run("C", 12).split())), "waste = KC"]
    game = play(game_at(FORTY_EIGHT, "\n".join(lines)), "waste>f8")
    assert game.outcome() == "won"
