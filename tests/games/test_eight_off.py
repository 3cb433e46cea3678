"""Eight Off: eight cells, four filled at the deal; columns built down in suit; Kings alone
fill empty columns; one card at a time, or runs as far as the free cells allow."""

from __future__ import annotations

from collections import Counter

import pytest

from retro.engine.cards import make_deck
from retro.engine.game import Game
from retro.engine.gamedef import GameDef
from tests.games.agreement import generation_agrees_with_judgement
from tests.helpers import game_at, legal, load, pile, play, refusal

EIGHT_OFF = load("eight_off")
RUNS = load("eight_off", runs="as the free cells allow")
FULL = "\n".join(f"tableau:{i} = 2D" for i in range(3, 9))


def test_eight_columns_of_six_face_up_and_four_cards_in_the_first_four_cells() -> None:
    position = Game(EIGHT_OFF, 3).position
    assert [(p.down, len(p.cards)) for p in position.groups["tableau"]] == [(0, 6)] * 8
    assert [len(p.cards) for p in position.groups["cell"]] == [1, 1, 1, 1, 0, 0, 0, 0]
    assert not any(p.cards for p in position.groups["foundation"])
    assert Counter(position.cards_in_play()) == Counter(make_deck())


def test_columns_build_down_in_suit() -> None:
    game = game_at(EIGHT_OFF, "tableau:1 = 9S\ntableau:2 = 8S\ntableau:3 = 8H")
    assert refusal(game, "t2>t1") is None
    assert "goes only on a 9 of the same suit" in str(refusal(game, "t3>t1"))


def test_only_a_king_goes_to_an_empty_column() -> None:
    game = game_at(EIGHT_OFF, "tableau:1 = KS\ntableau:2 = QH\ncell:1 = KD")
    assert {"tableau:1>tableau:3", "cell:1>tableau:3"} <= legal(game)
    assert "only a K" in str(refusal(game, "t2>t3"))


def test_one_card_at_a_time_by_default() -> None:
    game = game_at(EIGHT_OFF, "tableau:1 = 2C 8S 7S\ntableau:2 = 9S\n" + FULL)
    assert "top card" in str(refusal(game, "t1>t2/2"))
    play(game, "t1>cell:1", "t1>t2", "cell:1>t2")
    assert pile(game, "tableau:2") == "9S 8S 7S"


def test_the_option_moves_runs_as_far_as_the_free_cells_allow() -> None:
    cells = "\n".join(f"cell:{i} = AH" for i in range(1, 8))  # one cell free
    game = game_at(
        RUNS,
        "tableau:1 = 2C 9S 8S 7S\ntableau:2 = TS\ntableau:3 = 9S\n"
        + "\n".join(f"tableau:{i} = 2D" for i in range(4, 8))
        + "\n"
        + cells,
    )
    assert "tableau:1>tableau:3/2" in legal(game)
    # an empty column (tableau:8) takes only Kings, so it never adds room
    assert "Room for 2 cards at once, not 3" in str(refusal(game, "t1>t2/3"))


def test_a_cell_takes_one_card() -> None:
    game = game_at(EIGHT_OFF, "tableau:1 = 5H 4H\ncell:1 = 9C")
    assert refusal(game, "t1>cell:2") is None
    assert "not empty" in str(refusal(game, "t1>cell:1"))


def test_foundations_go_up_in_suit_from_the_ace() -> None:
    game = game_at(EIGHT_OFF, "cell:1 = AD\ncell:2 = 2D\ncell:3 = 2C")
    assert "only an A" in str(refusal(game, "cell:2>f1"))
    play(game, "cell:1>f1", "cell:2>f1")
    assert pile(game, "foundation:1") == "AD 2D"
    assert "3 of the same suit" in str(refusal(game, "cell:3>f1"))


def test_won_with_every_card_home() -> None:
    lines = [
        f"foundation:{i + 1} = " + " ".join(f"{r}{s}" for r in "A23456789TJQK")
        for i, s in enumerate("SHD")
    ]
    lines += ["foundation:4 = " + " ".join(f"{r}C" for r in "A23456789TJQ"), "tableau:5 = KC"]
    game = play(game_at(EIGHT_OFF, "\n".join(lines)), "t5>f4")
    assert game.outcome() == "won"


@pytest.mark.parametrize("gdef", [EIGHT_OFF, RUNS], ids=["one card", "runs"])
def test_every_generated_move_is_judged_legal_and_no_other(gdef: GameDef) -> None:
    generation_agrees_with_judgement(Game(gdef, 4))
