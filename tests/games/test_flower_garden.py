"""Flower Garden: six beds and a bouquet of sixteen, all face up; any bouquet card plays; beds
build down regardless of suit one card at a time; a space takes any card, as positions and
moves."""

from __future__ import annotations

from collections import Counter

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

GARDEN = load("flower_garden")


def test_the_deal_six_beds_of_six_and_a_bouquet_of_sixteen_all_face_up() -> None:
    position = Game(GARDEN, 9).position
    assert [(len(p.cards), p.down) for p in position.groups["beds"]] == [(6, 0)] * 6
    assert [(len(p.cards), p.down) for p in position.groups["bouquet"]] == [(1, 0)] * 16
    assert len(Counter(position.cards_in_play())) == 52


def test_any_card_of_the_bouquet_plays_and_none_goes_back() -> None:
    bouquet = "\n".join(
        f"bouquet:{n} = {card}" for n, card in enumerate(["5S", "AH", "QC", "8D"], 1)
    )
    game = game_at(GARDEN, bouquet + "\nbeds:1 = 9C\nbeds:2 = KH 6D")
    assert legal(game) >= {"bouquet:2>foundation:1", "bouquet:4>beds:1", "bouquet:1>beds:2"}
    play(game, "bouquet:4>beds:1", "bouquet:2>foundation:1")
    assert pile(game, "beds:1") == "9C 8D"
    assert not any(
        move.endswith(tuple(f">bouquet:{n}" for n in range(1, 17))) for move in legal(game)
    )
    assert refusal(game, "beds:2>bouquet:2") is not None


def test_beds_build_down_regardless_of_suit_one_card_at_a_time() -> None:
    game = game_at(GARDEN, "beds:1 = 7S 6H\nbeds:2 = 8H\nbeds:3 = 7D\nbeds:4 = 5C")
    assert refusal(game, "beds:3>beds:2") is None
    assert refusal(game, "beds:1>beds:2/2") == "Only the top card can be moved"
    assert refusal(game, "beds:4>beds:2") == "5♣ goes only on a 6, not on 8♥"
    play(game, "beds:3>beds:2", "beds:4>beds:1")
    assert pile(game, "beds:2") == "8H 7D"
    assert pile(game, "beds:1") == "7S 6H 5C"


def test_a_space_takes_any_card() -> None:
    game = game_at(GARDEN, "beds:1 = 4D\nbeds:2 = 9S\nbouquet:7 = QH")
    assert refusal(game, "bouquet:7>beds:3") is None
    assert refusal(game, "beds:2>beds:3") is None


def test_foundations_from_ace_to_king_in_suit() -> None:
    game = game_at(GARDEN, "beds:1 = 2S AS\nbeds:2 = 2H")
    play(game, "beds:1>foundation:1", "beds:1>foundation:1")
    assert pile(game, "foundation:1") == "AS 2S"
    assert refusal(game, "beds:2>foundation:1") == (
        "foundation:1 takes only the 3 of the same suit next"
    )


def test_won_when_all_are_home() -> None:
    lines = [
        f"foundation:{i + 1} = " + " ".join(r + s for r in "A23456789TJQK")
        for i, s in enumerate("SHDC")
    ]
    lines[1] = lines[1].rsplit(" ", 1)[0]
    game = play(game_at(GARDEN, "\n".join([*lines, "bouquet:16 = KH"])), "bouquet:16>f2")
    assert game.outcome() == "won"
    assert game.score() == GARDEN.score.maximum == 52
