"""King Albert as Aisleriot deals it: nine columns of nine down to one, only their top cards
face up, and seven reserve cards; columns build down in alternate colours, runs move whole, a
space takes any card or run; the reserve only gives; foundations up in suit from the Aces."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal, suit_run

ALBERT = load("king_albert")


def test_nine_columns_of_nine_to_one_with_the_top_card_up_and_seven_reserve_cards() -> None:
    for seed in (1, 2, 99):
        position = Game(ALBERT, seed).position
        columns = position.groups["tableau"]
        assert [(p.down, p.face_up) for p in columns] == [(8 - i, 1) for i in range(9)]
        assert [(p.down, p.face_up) for p in position.groups["reserve"]] == [(0, 1)] * 7
        assert Counter(position.cards_in_play()) == Counter(make_deck())


def test_columns_build_down_in_alternate_colours_and_runs_move_whole() -> None:
    game = game_at(ALBERT, "tableau:1 = 9S\ntableau:2 = 5c 8H 7C\ntableau:3 = 8D\ntableau:4 = 8S")
    assert refusal(game, "t2>t1/2") is None
    assert refusal(game, "t4>t1") is not None
    play(game, "t2>t1/2")
    assert pile(game, "tableau:1") == "9S 8H 7C"
    assert pile(game, "tableau:2") == "5C"


def test_a_space_takes_any_card_or_run() -> None:
    game = game_at(ALBERT, "tableau:1 = 4C 8H 7C\nreserve:1 = 5D")
    for move in ("t1>t2", "t1>t2/2", "reserve:1>t2"):
        assert refusal(game, move) is None


def test_the_reserve_gives_cards_and_takes_none() -> None:
    game = game_at(
        ALBERT, "reserve:1 = 6H\nreserve:2 = 5S\ntableau:1 = 7C\nfoundation:1 = AH 2H 3H 4H 5H"
    )
    assert refusal(game, "reserve:2>reserve:1") is not None
    assert refusal(game, "reserve:1>t1") is None
    assert refusal(game, "reserve:1>f1") is None
    play(game, "reserve:1>f1")
    assert not {m for m in legal(game) if m.endswith(">reserve:1")}


def test_foundations_go_up_in_suit_and_give_cards_back() -> None:
    game = game_at(ALBERT, "tableau:1 = AS\ntableau:2 = 3S\ntableau:3 = 2S\ntableau:4 = 3D")
    play(game, "t1>f1")
    assert refusal(game, "t2>f1") is not None
    play(game, "t3>f1", "f1>t4")
    assert pile(game, "tableau:4") == "3D 2S"


def test_won_when_every_card_is_home() -> None:
    lines = [
        f"foundation:{i + 1} = " + " ".join(reversed(suit_run(s).split()))
        for i, s in enumerate("SHD")
    ]
    lines += ["foundation:4 = " + " ".join(reversed(suit_run("C", 12).split())), "reserve:3 = KC"]
    game = game_at(ALBERT, "\n".join(lines))
    assert game.outcome() == "playing"
    play(game, "reserve:3>f4")
    assert game.outcome() == "won"
