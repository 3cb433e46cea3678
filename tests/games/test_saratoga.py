"""Saratoga: Klondike with the columns dealt all face up; alternate colours down, Kings to
spaces; one card at a time, three passes."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal, suit_run

SARATOGA = load("saratoga")


def test_seven_columns_of_one_to_seven_all_face_up() -> None:
    position = Game(SARATOGA, 2).position
    assert [(p.down, p.face_up) for p in position.groups["tableau"]] == [
        (0, i) for i in range(1, 8)
    ]
    assert len(position.by_id["stock"].cards) == 24


def test_columns_build_down_in_alternate_colours_and_kings_fill_spaces() -> None:
    game = game_at(
        SARATOGA, "tableau:1 = 9S\ntableau:2 = 8H 7C\ntableau:3 = 8S\ntableau:4 = QD\nwaste = KH"
    )
    assert refusal(game, "t2>t1/2") is None
    assert refusal(game, "t3>t1") is not None
    assert refusal(game, "t4>t5") is not None
    play(game, "waste>t5")
    assert pile(game, "tableau:5") == "KH"


def test_three_passes_through_the_stock() -> None:
    game = game_at(SARATOGA, "counters redeals=1\nwaste = 2C 3D\ntableau:1 = KS")
    assert "deal" in legal(game)
    game = game_at(SARATOGA, "counters redeals=2\nwaste = 2C 3D\ntableau:1 = KS")
    assert "No redeal" in str(refusal(game, "deal"))


def test_foundations_go_up_in_suit_and_give_cards_back() -> None:
    game = game_at(SARATOGA, "foundation:1 = AH 2H\ntableau:1 = 3H\ntableau:2 = 4S")
    play(game, "t1>f1", "f1>t2")
    assert pile(game, "tableau:2") == "4S 3H"


def test_won_when_every_card_is_home() -> None:
    lines = [
        f"foundation:{i + 1} = " + " ".join(reversed(suit_run(s).split()))
        for i, s in enumerate("SHD")
    ]
    lines += ["foundation:4 = " + " ".join(reversed(suit_run("C", 12).split())), "tableau:7 = KC"]
    game = play(game_at(SARATOGA, "\n".join(lines)), "t7>f4")
    assert game.outcome() == "won"
