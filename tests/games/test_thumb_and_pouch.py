"""Thumb and Pouch: Klondike's deal; columns built down in any suit but the card's own, runs
move whole, any card or run fills a space; one card at a time, three passes."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal, suit_run

THUMB = load("thumb_and_pouch")


def test_klondikes_deal_of_one_to_seven_with_the_top_cards_up() -> None:
    position = Game(THUMB, 2).position
    assert [(p.down, p.face_up) for p in position.groups["tableau"]] == [(i, 1) for i in range(7)]
    assert len(position.by_id["stock"].cards) == 24


def test_columns_build_down_in_any_suit_but_the_cards_own() -> None:
    game = game_at(THUMB, "tableau:1 = 9H\ntableau:2 = 8D\ntableau:3 = 8H\ntableau:4 = 8S")
    assert refusal(game, "t2>t1") is None
    assert refusal(game, "t4>t1") is None
    assert "another suit" in str(refusal(game, "t3>t1"))


def test_runs_move_whole_and_a_space_takes_any_of_them() -> None:
    game = game_at(THUMB, "tableau:1 = 4c 9H 8S 7D\ntableau:2 = TC")
    assert refusal(game, "t1>t2/3") is None
    assert refusal(game, "t1>t3/2") is None
    play(game, "t1>t2/3")
    assert pile(game, "tableau:2") == "TC 9H 8S 7D"
    assert pile(game, "tableau:1") == "4C"


def test_three_passes_through_the_stock() -> None:
    game = game_at(THUMB, "counters redeals=1\nwaste = 2C 3D\ntableau:1 = KS")
    assert "deal" in legal(game)
    game = game_at(THUMB, "counters redeals=2\nwaste = 2C 3D\ntableau:1 = KS")
    assert "No redeal" in str(refusal(game, "deal"))


def test_foundations_go_up_in_suit_and_give_cards_back() -> None:
    game = game_at(THUMB, "foundation:1 = AH 2H\ntableau:1 = 3H\ntableau:2 = 4S")
    play(game, "t1>f1", "f1>t2")
    assert pile(game, "tableau:2") == "4S 3H"


def test_won_when_every_card_is_home() -> None:
    lines = [
        f"foundation:{i + 1} = " + " ".join(reversed(suit_run(s).split()))
        for i, s in enumerate("SHD")
    ]
    lines += ["foundation:4 = " + " ".join(reversed(suit_run("C", 12).split())), "tableau:7 = KC"]
    game = game_at(THUMB, "\n".join(lines))
    play(game, "t7>f4")
    assert game.outcome() == "won"
