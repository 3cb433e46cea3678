"""Fortress and Chessboard: ten rows round four foundations, top cards only, built up or down
in suit; Chessboard's base set by the first card home and its turn round the corner."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

FORTRESS = load("fortress")
CHESSBOARD = load("chessboard")


def test_ten_rows_of_five_the_two_top_rows_of_six_all_face_up() -> None:
    for gdef in (FORTRESS, CHESSBOARD):
        position = Game(gdef, 3).position
        sizes = [(p.down, len(p.cards)) for p in position.groups["tableau"]]
        assert sizes == [(0, 6)] + [(0, 5)] * 4 + [(0, 6)] + [(0, 5)] * 4
        assert not any(p.cards for p in position.groups["foundation"])
        assert Counter(position.cards_in_play()) == Counter(make_deck())


def test_rows_build_up_or_down_in_suit_one_top_card_at_a_time() -> None:
    game = game_at(FORTRESS, "tableau:1 = 9S\ntableau:2 = 8S\ntableau:3 = TS\ntableau:4 = 8H 7H")
    assert {"tableau:2>tableau:1", "tableau:3>tableau:1"} <= legal(game)
    assert refusal(game, "t4>t1") is not None
    assert refusal(game, "t4>t2/2") is not None


def test_fortress_rows_never_turn_the_corner() -> None:
    game = game_at(FORTRESS, "tableau:1 = KS\ntableau:2 = AS\ntableau:3 = 5D")
    assert refusal(game, "t2>t1") is not None
    assert refusal(game, "t1>t2") is not None


def test_a_space_takes_any_top_card() -> None:
    game = game_at(FORTRESS, "tableau:1 = 4C 7D")
    play(game, "t1>t5")
    assert pile(game, "tableau:5") == "7D"


def test_fortress_foundations_start_with_the_aces_and_go_up_in_suit() -> None:
    game = game_at(FORTRESS, "tableau:1 = 2S\ntableau:2 = AS\ntableau:3 = 3S")
    assert refusal(game, "t1>f1") is not None
    play(game, "t2>f1", "t1>f1")
    assert pile(game, "foundation:1") == "AS 2S"


def test_chessboards_first_card_home_sets_the_base_of_every_foundation() -> None:
    game = game_at(CHESSBOARD, "tableau:1 = 7S\ntableau:2 = 7H\ntableau:3 = 8S\ntableau:4 = 9D")
    play(game, "t1>f1")
    assert refusal(game, "t4>f2") is not None
    assert refusal(game, "t2>f2") is None
    play(game, "t3>f1")
    assert pile(game, "foundation:1") == "7S 8S"


def test_chessboards_foundations_and_rows_go_round_from_king_to_ace() -> None:
    game = game_at(
        CHESSBOARD,
        "foundation:1 = QS KS\ntableau:1 = AS\ntableau:2 = KH\ntableau:3 = AH\ntableau:4 = AC",
    )
    assert refusal(game, "t1>f1") is None
    assert {"tableau:3>tableau:2", "tableau:2>tableau:3"} <= legal(game)
    assert refusal(game, "t4>t2") is not None


def test_won_when_every_card_is_home() -> None:
    suits = ["".join(f"{r}{s} " for r in "A23456789TJQK").strip() for s in "SHDC"]
    lines = [f"foundation:{i + 1} = {run}" for i, run in enumerate(suits)]
    lines[3] = lines[3].rsplit(" ", 1)[0]
    game = game_at(FORTRESS, "\n".join([*lines, "tableau:7 = KC"]))
    play(game, "t7>f4")
    assert game.outcome() == "won"
    assert game.score() == 52
