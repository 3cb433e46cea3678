"""Diamond Mine: diamonds only to their foundation, from any diamond up round the corner; the
other cards built down any suit, any face-up card moving with all on it; won with the diamonds
home and the other suits in King-to-Ace runs, as positions and moves."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal, suit_run

MINE = load("diamond_mine")


def test_thirteen_columns_of_three_face_down_and_one_face_up() -> None:
    position = Game(MINE, 2).position
    assert [(p.down, p.face_up) for p in position.groups["tableau"]] == [(3, 1)] * 13


def test_the_foundation_starts_with_any_diamond_and_goes_up_round_the_corner() -> None:
    game = game_at(MINE, "tableau:1 = 9D\ntableau:2 = 5S\ntableau:3 = TD")
    assert refusal(game, "t2>f") is not None
    play(game, "t1>f", "t3>f")
    full = game_at(MINE, "foundation = QD KD\ntableau:1 = AD")
    assert refusal(full, "t1>f") is None


def test_diamonds_never_go_to_a_column_and_nothing_goes_on_one() -> None:
    game = game_at(MINE, "tableau:1 = 9D\ntableau:2 = 8S\ntableau:3 = TC\ntableau:4 = 9H 8D")
    assert refusal(game, "t1>t3") is not None
    assert refusal(game, "t2>t1") is not None
    assert refusal(game, "t1>t5") is not None
    assert refusal(game, "t4>t3/2") is not None
    assert "tableau:2>tableau:5" in legal(game)


def test_any_face_up_card_moves_with_all_on_it_onto_the_next_rank_up_any_suit() -> None:
    game = game_at(MINE, "tableau:1 = 3c 7S 2H QC\ntableau:2 = 8H")
    play(game, "t1>t2/3")
    assert pile(game, "tableau:2") == "8H 7S 2H QC"
    assert pile(game, "tableau:1") == "3C"


def test_won_with_the_diamonds_home_and_each_other_suit_a_run() -> None:
    runs = "\n".join(f"tableau:{n} = {suit_run(s)}" for n, s in enumerate("SHC", 1))
    diamonds = " ".join(reversed(suit_run("D").split()))
    game = game_at(MINE, runs.replace(" AC", "") + f"\nfoundation = {diamonds}\ntableau:4 = AC")
    assert game.outcome() != "won"
    play(game, "t4>t3")
    assert game.outcome() == "won"
