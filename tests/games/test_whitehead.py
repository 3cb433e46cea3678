"""Whitehead: seven columns of one to seven, all face up; built down in the same colour, runs
of one suit move whole, any card or run fills a space; one pass through the stock."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal, suit_run

WHITEHEAD = load("whitehead")


def test_seven_columns_of_one_to_seven_all_face_up() -> None:
    position = Game(WHITEHEAD, 4).position
    assert [(p.down, p.face_up) for p in position.groups["tableau"]] == [
        (0, i) for i in range(1, 8)
    ]
    assert len(position.by_id["stock"].cards) == 52 - 28
    assert Counter(position.cards_in_play()) == Counter(make_deck())


def test_columns_build_down_in_the_same_colour() -> None:
    game = game_at(WHITEHEAD, "tableau:1 = 9H\ntableau:2 = 8D\ntableau:3 = 8S\nwaste = 8H")
    assert refusal(game, "t2>t1") is None
    assert refusal(game, "waste>t1") is None
    assert "same colour" in str(refusal(game, "t3>t1"))


def test_only_runs_of_one_suit_move_together() -> None:
    game = game_at(
        WHITEHEAD, "tableau:1 = 9H 8H 7H\ntableau:2 = 9D 8H 7D\ntableau:3 = 9C\ntableau:4 = TD"
    )
    assert refusal(game, "t1>t4/3") is None
    assert refusal(game, "t2>t4/3") is not None
    play(game, "t1>t4/3")
    assert pile(game, "tableau:4") == "TD 9H 8H 7H"


def test_a_space_takes_any_card_or_run_of_one_suit() -> None:
    game = game_at(WHITEHEAD, "tableau:1 = 5C 4C\nwaste = QH")
    assert refusal(game, "t1>t2/2") is None
    assert refusal(game, "waste>t2") is None


def test_one_pass_through_the_stock() -> None:
    game = play(game_at(WHITEHEAD, "stock = 2c 3d\ntableau:1 = KS"), "deal")
    assert pile(game, "waste") == "3D"
    game = game_at(WHITEHEAD, "waste = 2C 3D\ntableau:1 = KS")
    assert "deal" not in legal(game)


def test_foundations_go_up_in_suit_and_give_cards_back() -> None:
    game = game_at(WHITEHEAD, "foundation:1 = AS 2S\ntableau:1 = 3C\ntableau:2 = 3S")
    assert refusal(game, "t1>f1") is not None
    play(game, "t2>f1", "f1>tableau:3")
    assert pile(game, "tableau:3") == "3S"


def test_won_when_every_card_is_home() -> None:
    lines = [
        f"foundation:{i + 1} = " + " ".join(reversed(suit_run(s).split()))
        for i, s in enumerate("SHD")
    ]
    lines += ["foundation:4 = " + " ".join(reversed(suit_run("C", 12).split())), "waste = KC"]
    game = game_at(WHITEHEAD, "\n".join(lines))
    assert game.outcome() == "playing"
    play(game, "waste>f4")
    assert game.outcome() == "won"
