"""Michael's Fantasy from XPat2's rule code: six columns of three or four face-down cards under
five face-up ones, four cells, building down in alternate colours with whole runs moving, any
card into a space, cards back from the foundations, and five rotations a game (a chosen face-up
card and those on it turned round by one place, either way); no score."""

from __future__ import annotations

from collections import Counter

import pytest

from retro.engine.cards import make_deck
from retro.engine.game import Game
from retro.engine.notation import format_move, parse_move
from retro.errors import NotationError
from tests.helpers import game_at, legal, load, pile, play, refusal, suit_run

FANTASY = load("michaels_fantasy")


def test_six_columns_three_or_four_down_five_up_and_four_empty_cells() -> None:
    position = Game(FANTASY, 3).position
    assert [(p.down, p.face_up) for p in position.groups["tableau"]] == [
        (3, 5),
        (4, 5),
        (4, 5),
        (3, 5),
        (4, 5),
        (4, 5),
    ]
    assert not any(p.cards for p in position.groups["cell"] + position.groups["foundation"])
    assert Counter(position.cards_in_play()) == Counter(make_deck())


def test_columns_build_down_in_alternate_colours_and_whole_runs_move_freely() -> None:
    game = game_at(
        FANTASY,
        "tableau:1 = 9S 8H 7C 6D 5S\ntableau:2 = TH\ncell:1 = 2C\n"
        "cell:2 = 3C\ncell:3 = 4C\ncell:4 = 5C",
    )
    assert refusal(game, "t1>t2/5") is None  # no free cell, yet all five move
    assert "goes only on an 8 of the other colour" in str(refusal(game, "t1>t2/3"))
    assert refusal(game, "t1>t3/2") is None  # a space takes anything


def test_a_face_down_card_left_on_top_turns_up() -> None:
    game = play(game_at(FANTASY, "tableau:1 = 4d 9S\ntableau:2 = TH"), "t1>t2")
    assert pile(game, "tableau:1") == "4D"


def test_foundations_from_the_ace_in_suit_and_cards_come_back() -> None:
    game = game_at(FANTASY, "foundation:1 = AH 2H\ntableau:1 = 3S\ntableau:2 = 3H")
    assert refusal(game, "t1>foundation:1") is not None
    assert refusal(game, "foundation:1>t1") is None
    play(game, "t2>foundation:1")
    assert pile(game, "foundation:1") == "AH 2H 3H"


def test_rotate_down_brings_the_chosen_card_onto_the_top() -> None:
    game = game_at(FANTASY, "tableau:1 = 5d 9S 2H 7C QD")
    play(game, "rotate_down tableau:1/3")
    assert pile(game, "tableau:1") == "5d 9S 7C QD 2H"
    assert game.position.counters["rotations"] == 1


def test_rotate_up_puts_the_top_card_under_the_chosen_ones() -> None:
    game = game_at(FANTASY, "tableau:1 = 5d 9S 2H 7C QD")
    play(game, "rotate_up tableau:1/4")
    assert pile(game, "tableau:1") == "5d QD 9S 2H 7C"


def test_only_face_up_cards_of_columns_rotate_at_least_two() -> None:
    game = game_at(FANTASY, "tableau:1 = 5d 9S 2H\ncell:1 = 4C\ncell:2 = 8H\nfoundation:1 = AS 2S")
    assert "Only face-up cards rotate" in str(refusal(game, "rotate_up t1/3"))
    assert refusal(game, "rotate_up t1/1") == "Choose at least two cards to rotate"
    assert "never rotated" in str(refusal(game, "rotate_up cell:1/2"))
    assert "never rotated" in str(refusal(game, "rotate_down foundation:1/2"))
    assert {"rotate_up tableau:1/2", "rotate_down tableau:1/2"} <= legal(game)


def test_five_rotations_a_game_and_undo_gives_one_back() -> None:
    game = game_at(FANTASY, "counters rotations=4\ntableau:1 = " + suit_run("S", 9, 5))
    play(game, "rotate_down t1/4")
    assert refusal(game, "rotate_up t1/2") == "No rotation left: 5 times a game, all used"
    assert not any(move.startswith("rotate") for move in legal(game))
    game.pop()
    assert refusal(game, "rotate_up t1/2") is None
    assert pile(game, "tableau:1") == suit_run("S", 9, 5)


def test_the_number_of_rotations_is_xpat2s_option() -> None:
    game = game_at(load("michaels_fantasy", rotations=1), "tableau:1 = 9S 2H 7C")
    play(game, "rotate_down t1/2")
    assert "once a game" in str(refusal(game, "rotate_down t1/2"))


def test_a_rotation_is_written_with_its_pile_and_count() -> None:
    game = game_at(FANTASY, "tableau:2 = 9S 2H 7C")
    move = parse_move(game.position, "rotate_up t2/3")
    assert format_move(game.position, move) == "rotate_up tableau:2/3"
    with pytest.raises(NotationError, match="PILE/N"):
        parse_move(game.position, "rotate_up t2")


def test_hints_keep_rotations_for_when_nothing_else_is_left() -> None:
    from retro.solver import hints as advice

    game = game_at(FANTASY, "tableau:1 = 9S 2H 7C\ntableau:2 = 8D")
    assert advice.hints(game)[0].move.kind == "move"
    assert all(not h.move.kind.startswith("rotate") for h in advice.hints(game))


def test_won_with_every_card_home_and_no_score_kept() -> None:
    homes = [
        f"foundation:{i} = {' '.join(reversed(suit_run(s).split()))}"
        for i, s in enumerate("SHD", 1)
    ]
    game = game_at(
        FANTASY,
        "\n".join(homes)
        + "\nfoundation:4 = "
        + " ".join(reversed(suit_run("C", 12).split()))
        + "\ntableau:1 = KC",
    )
    play(game, "t1>foundation:4")
    assert game.outcome() == "won"
    assert game.score() == 0 and FANTASY.score.maximum == 0
