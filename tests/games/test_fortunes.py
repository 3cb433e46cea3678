"""Fortunes: Aces Up begun from an empty table, a space taking any face-up card with all the
cards on it, as positions and moves."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

FORTUNES = load("fortunes")


def test_the_table_starts_empty_and_the_stock_deals_a_row() -> None:
    game = Game(FORTUNES, 2)
    assert len(game.position.by_id["stock"].cards) == 52
    play(game, "deal")
    assert [len(p.cards) for p in game.position.groups["tableau"]] == [1, 1, 1, 1]


def test_a_card_below_a_higher_one_of_its_suit_in_sight_is_discarded_aces_high() -> None:
    game = game_at(FORTUNES, "tableau:1 = 9H\ntableau:2 = AH\ntableau:3 = KS\ntableau:4 = 2S")
    assert refusal(game, "t1>discard") is None
    assert refusal(game, "t4>discard") is None
    assert refusal(game, "t2>discard") is not None
    assert refusal(game, "t3>discard") is not None


def test_a_space_takes_any_face_up_card_with_all_on_it() -> None:
    game = game_at(FORTUNES, "tableau:1 = 9H 4C 7D\ntableau:2 = AH")
    assert "tableau:1>tableau:3/2" in legal(game)
    play(game, "t1>t3/2")
    assert pile(game, "tableau:3") == "4C 7D"
    assert refusal(game, "t1>t2") is not None


def test_won_when_only_the_aces_are_left() -> None:
    game = game_at(
        FORTUNES, "tableau:1 = AH\ntableau:2 = AS\ntableau:3 = AD\ntableau:4 = AC 2S\ndiscard = 3S"
    )
    assert game.outcome() != "won"
    play(game, "t4>discard")
    assert game.outcome() == "won"
