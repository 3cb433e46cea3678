"""Baker's Game: FreeCell's table with its columns built down in suit, as positions and moves."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal, suit_run

BAKERS = load("bakers_game")


def test_eight_columns_of_7_7_7_7_6_6_6_6_all_face_up_and_the_cells_empty() -> None:
    position = Game(BAKERS, 5).position
    assert [(p.down, len(p.cards)) for p in position.groups["tableau"]] == (
        [(0, 7)] * 4 + [(0, 6)] * 4
    )
    assert not any(p.cards for p in position.groups["cell"])
    assert Counter(position.cards_in_play()) == Counter(make_deck())


def test_columns_build_down_in_suit_only() -> None:
    game = game_at(BAKERS, "tableau:1 = 9S\ntableau:2 = 8S\ntableau:3 = 8H")
    assert refusal(game, "t2>t1") is None
    assert refusal(game, "t3>t1") is not None
    assert "tableau:3>tableau:1" not in legal(game)


def test_a_run_in_suit_moves_as_far_as_the_free_cells_allow() -> None:
    text = "tableau:1 = 9H 8H 7H\ntableau:2 = TH\ncell:1 = 2C\ncell:2 = 3C\ncell:3 = 4C"
    others = ["KC", "KD", "KS", "QC", "QD", "QS"]
    full = "".join(f"\ntableau:{n} = {card}" for n, card in enumerate(others, 3))
    game = game_at(BAKERS, text + full)
    game_more = game_at(BAKERS, text + full.rsplit("\n", 1)[0])
    assert refusal(game, "t1>t2/3") is not None
    assert refusal(game_more, "t1>t2/3") is None


def test_a_run_of_mixed_suits_does_not_move_together() -> None:
    game = game_at(BAKERS, "tableau:1 = 9H 8S\ntableau:2 = TH")
    assert refusal(game, "t1>t2/2") is not None


def test_an_empty_column_takes_any_card_and_a_cell_one_card() -> None:
    game = game_at(BAKERS, "tableau:1 = 4C 7D\ntableau:2 = KS\ncell:1 = 2H")
    play(game, "t1>t3", "t1>c2")
    assert pile(game, "tableau:3") == "7D"
    assert pile(game, "cell:2") == "4C"
    assert refusal(game, "t2>c1") is not None


def test_won_when_every_suit_is_home() -> None:
    lines = [
        f"foundation:{i + 1} = " + " ".join(reversed(suit_run(s).split()))
        for i, s in enumerate("SHDC")
    ]
    lines[3] = lines[3].rsplit(" ", 1)[0]
    game = game_at(BAKERS, "\n".join([*lines, "tableau:5 = KC"]))
    play(game, "t5>f4")
    assert game.outcome() == "won"
    assert game.score() == 52
