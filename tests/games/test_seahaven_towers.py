"""Seahaven Towers from XPat2's rule code: ten columns of five and the two cards left over in the
first and third cells, building down in suit, only Kings into empty columns, runs as long as the
free cells allow (or any length with the relaxed option), cards back from the foundations, and
no score."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal, suit_run

SEAHAVEN = load("seahaven_towers")
RELAXED = load("seahaven_towers", runs="relaxed")


def test_ten_columns_of_five_face_up_and_two_cards_in_the_first_and_third_cells() -> None:
    position = Game(SEAHAVEN, 4).position
    assert [(p.down, len(p.cards)) for p in position.groups["tableau"]] == [(0, 5)] * 10
    assert [len(p.cards) for p in position.groups["cell"]] == [1, 0, 1, 0]
    assert not any(p.cards for p in position.groups["foundation"])
    assert Counter(position.cards_in_play()) == Counter(make_deck())


def test_columns_build_down_in_suit_only() -> None:
    game = game_at(SEAHAVEN, "tableau:1 = 9S\ntableau:2 = 8S\ntableau:3 = 8C\ntableau:4 = TS")
    assert refusal(game, "t2>t1") is None
    assert "goes only on a 9" in str(refusal(game, "t3>t1"))
    assert refusal(game, "t1>t4") is None


def test_an_empty_column_takes_only_a_king_or_a_run_from_a_king() -> None:
    game = game_at(SEAHAVEN, "tableau:1 = 3D KH QH\ntableau:2 = 5C QS")
    assert refusal(game, "t1>t3/2") is None
    assert "takes only a K" in str(refusal(game, "t2>t3"))
    assert "takes only a K" in str(refusal(game, "t1>t3"))


def test_strict_runs_move_only_as_far_as_the_free_cells_allow() -> None:
    game = game_at(
        SEAHAVEN,
        "tableau:1 = 6H 5H 4H\ntableau:2 = 7H\ntableau:3 = JS TS 9S 8S\n"
        "tableau:4 = QS\ncell:1 = 2C\ncell:2 = 3C",
    )
    assert refusal(game, "t1>t2/3") is None
    # two free cells: room for three; the six empty columns add nothing (only Kings go there)
    assert refusal(game, "t3>t4/4") == "Room for 3 cards at once, not 4: free cells + 1"
    game = game_at(SEAHAVEN, "tableau:3 = JS TS 9S 8S\ntableau:4 = QS")
    assert refusal(game, "t3>t4/4") is None


def test_relaxed_runs_move_at_any_length() -> None:
    game = game_at(
        RELAXED,
        "tableau:3 = JS TS 9S 8S\ntableau:4 = QS\n"
        + "\n".join(f"cell:{i} = {r}C" for i, r in enumerate("2345", 1)),
    )
    assert refusal(game, "t3>t4/4") is None


def test_a_cell_holds_one_card_of_any_kind() -> None:
    game = game_at(SEAHAVEN, "tableau:1 = 9S 8H\ncell:2 = 4C")
    assert refusal(game, "t1>cell:1") is None
    assert "not empty" in str(refusal(game, "t1>cell:2"))
    assert refusal(game, "cell:2>t3") is not None


def test_foundations_go_up_in_suit_from_the_ace_and_give_cards_back() -> None:
    game = game_at(SEAHAVEN, "tableau:1 = 2S\ntableau:2 = AS\ntableau:3 = 3H\ncell:1 = 4S")
    assert refusal(game, "t1>foundation:1") is not None
    play(game, "t2>foundation:1", "t1>foundation:1")
    assert pile(game, "foundation:1") == "AS 2S"
    assert refusal(game, "t3>foundation:1") is not None
    assert {"foundation:1>cell:2"} <= legal(game)
    game = game_at(SEAHAVEN, "foundation:1 = AS 2S\ntableau:1 = 3S")
    assert refusal(game, "foundation:1>tableau:1") is None
    assert "foundation:1>foundation:2" not in legal(game)


def test_won_with_every_card_home_and_no_score_kept() -> None:
    homes = [
        f"foundation:{i} = {' '.join(reversed(suit_run(s).split()))}"
        for i, s in enumerate("SHD", 1)
    ]
    game = game_at(
        SEAHAVEN,
        "\n".join(homes)
        + "\nfoundation:4 = "
        + " ".join(reversed(suit_run("C", 12).split()))
        + "\ntableau:1 = KC",
    )
    play(game, "t1>foundation:4")
    assert game.outcome() == "won"
    assert game.score() == 0 and SEAHAVEN.score.maximum == 0
