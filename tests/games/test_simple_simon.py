"""Simple Simon: one pack face up in ten columns of 8, 8, 8, 7 ... 1, Spider's moves and no
stock, as positions and moves."""

from __future__ import annotations

from collections import Counter

import pytest

from retro.engine.game import Game
from retro.errors import NotationError
from retro.textmode import load_instructions
from tests.helpers import game_at, legal, load, pile, play, refusal, suit_run

SIMON = load("simple_simon")


def test_the_deal_is_ten_columns_of_8_8_8_7_down_to_1_all_face_up() -> None:
    position = Game(SIMON, 21).position
    tableau = position.groups["tableau"]
    assert [len(p.cards) for p in tableau] == [8, 8, 8, 7, 6, 5, 4, 3, 2, 1]
    assert all(p.down == 0 for p in tableau)
    assert set(Counter(position.cards_in_play()).values()) == {1}
    assert "stock" not in position.by_id


def test_no_stock_to_deal_from() -> None:
    game = Game(SIMON, 21)
    assert not any(move.kind == "deal" for move in game.legal_moves())
    with pytest.raises(NotationError):
        play(game, "deal")


def test_build_down_whatever_the_suit_and_move_runs_of_one_suit_into_any_space() -> None:
    game = game_at(SIMON, "tableau:1 = TC\ntableau:2 = 9D 8D 7D\ntableau:3 = 9S 8H")
    assert refusal(game, "t2>t1/3") is None
    assert refusal(game, "t3>t4/2") is not None
    assert "run of one suit" in str(refusal(game, "t3>t4/2"))
    play(game, "t2>t4/2")
    assert pile(game, "tableau:4") == "8D 7D"


def test_complete_suits_go_off_and_the_game_is_won_when_all_four_are_off() -> None:
    home = "\n".join(
        f"foundation:{i} = {suit_run(s)}" for i, s in zip((1, 2, 3), "SHD", strict=True)
    )
    game = game_at(SIMON, f"{home}\ntableau:6 = {suit_run('C', 13, 2)}\ntableau:9 = AC")
    assert "complete run" in str(refusal(game, "t6>f4/12"))
    play(game, "t9>t6")
    assert game.outcome() == "playing"
    play(game, "t6>f4/13")
    assert game.outcome() == "won"
    assert game.score() == SIMON.score.maximum == 52


def test_the_option_takes_complete_suits_off_at_once() -> None:
    game = game_at(
        load("simple_simon", remove_suits="at once"),
        f"tableau:6 = {suit_run('C', 13, 2)}\ntableau:9 = AC\ntableau:1 = 5H",
    )
    play(game, "t9>t6")
    assert pile(game, "foundation:1") == suit_run("C")
    assert "tableau:1>tableau:2" in legal(game)


def test_four_complete_suits_still_in_the_columns_do_not_win() -> None:
    # The standard rule: Simple Simon is won only when all 52 cards have been removed to the
    # foundations; a column holding a whole suit King to Ace is not yet a win.
    columns = "\n".join(
        f"tableau:{i} = {suit_run(s)}" for i, s in zip((1, 3, 5, 7), "SHDC", strict=True)
    )
    game = game_at(SIMON, columns)
    assert game.outcome() == "playing"
    play(game, "t1>f1/13", "t3>f2/13", "t5>f3/13")
    assert game.outcome() == "playing"
    play(game, "t7>f4/13")
    assert game.outcome() == "won"


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "all 52 cards are on the foundations"), ("de", "alle 52 Karten auf den Grundstapeln")],
)
def test_the_instructions_tell_the_same_win_as_the_game(lang: str, words: str) -> None:
    instructions = load_instructions("simple_simon", lang)
    assert instructions is not None
    text = " ".join(
        "".join(g.char for g in line).strip() for page in instructions.pages for line in page
    )
    assert words in " ".join(text.split())
    assert "empty or holds" not in text and "leer ist oder" not in text
