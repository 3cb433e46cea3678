"""Odessa: the whole pack in seven columns, three face down under three or five face up; build
down in suit; any face-up card moves with all on it; only a King or cards on a King fill a
space; foundations up in suit and kept."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal, suit_run

ODESSA = load("odessa")


def test_three_face_down_under_three_or_five_face_up() -> None:
    position = Game(ODESSA, 3).position
    assert [(p.down, p.face_up) for p in position.groups["tableau"]] == [
        (3, 3),
        (3, 5),
        (3, 5),
        (3, 5),
        (3, 5),
        (3, 5),
        (3, 3),
    ]
    assert Counter(position.cards_in_play()) == Counter(make_deck())


def test_any_face_up_card_moves_with_the_cards_on_it_onto_one_higher_in_suit() -> None:
    game = game_at(ODESSA, "tableau:1 = 9H\ntableau:2 = 4c 8H 2S JD\ntableau:3 = 8S")
    assert refusal(game, "t2>t1/3") is None
    assert refusal(game, "t3>t1") is not None
    play(game, "t2>t1/3")
    assert pile(game, "tableau:1") == "9H 8H 2S JD"
    assert pile(game, "tableau:2") == "4C"


def test_only_a_king_or_cards_on_a_king_fill_a_space() -> None:
    game = game_at(ODESSA, "tableau:1 = 4c KH 3S\ntableau:2 = QD")
    assert refusal(game, "t1>t3/2") is None
    assert refusal(game, "t2>t3") is not None


def test_foundations_take_one_card_at_a_time_and_keep_them() -> None:
    game = game_at(ODESSA, "tableau:1 = 3S 2S AS\ntableau:2 = 4S")
    assert refusal(game, "t1>f1/2") is not None
    play(game, "t1>f1", "t1>f1")
    assert pile(game, "foundation:1") == "AS 2S"
    assert not {m for m in legal(game) if m.startswith("foundation")}


def test_won_when_every_card_is_home() -> None:
    lines = [
        f"foundation:{i + 1} = " + " ".join(reversed(suit_run(s).split()))
        for i, s in enumerate("SHD")
    ]
    lines += ["foundation:4 = " + " ".join(reversed(suit_run("C", 12).split())), "tableau:7 = KC"]
    game = play(game_at(ODESSA, "\n".join(lines)), "t7>f4")
    assert game.outcome() == "won"
