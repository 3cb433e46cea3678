"""Baker's Dozen: thirteen columns of four with the Kings put under the other cards at the deal,
building down regardless of suit one card at a time, spaces that stay empty, as positions and
moves."""

from __future__ import annotations

import pytest

from retro.engine.cards import make_deck, shuffle
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

BAKERS = load("bakers_dozen")


@pytest.mark.parametrize("seed", [1, 2, 40, 1234])
def test_the_deal_is_thirteen_columns_of_four_with_the_kings_put_underneath(seed: int) -> None:
    pack = shuffle(make_deck(), seed)
    position = Game(BAKERS, seed).position
    for column, tableau in enumerate(position.groups["tableau"]):
        dealt = [pack[column + 13 * row] for row in range(4)]  # row by row, left to right
        kings = [card for card in dealt if card.rank == 13]
        assert tableau.cards == kings + [card for card in dealt if card.rank != 13]
        assert tableau.down == 0


def test_a_king_dealt_onto_other_cards_is_moved_under_them() -> None:
    pack = shuffle(make_deck(), 1)
    plain = [[pack[column + 13 * row] for row in range(4)] for column in range(13)]
    position = Game(BAKERS, 1).position
    changed = [
        column for column in range(13) if position.groups["tableau"][column].cards != plain[column]
    ]
    assert changed  # deal 1 has Kings that were not at the bottom
    for column in changed:
        assert position.groups["tableau"][column].cards[0].rank == 13


def test_build_down_regardless_of_suit_one_card_at_a_time() -> None:
    game = game_at(BAKERS, "tableau:1 = 8S\ntableau:2 = 9C 7H\ntableau:3 = 8D 6C")
    assert refusal(game, "t2>t1") is None
    assert refusal(game, "t2>t3/2") == "Only the top card can be moved"
    assert refusal(game, "t3>t1") == "6♣ goes only on a 7, not on 8♠"


def test_empty_columns_stay_empty() -> None:
    game = game_at(BAKERS, "tableau:1 = KS\ntableau:2 = 5D")
    assert not any(move.endswith(">tableau:3") for move in legal(game))
    assert "tableau:3 is empty" in str(refusal(game, "t1>t3"))


def test_foundations_ace_to_king_in_suit_and_the_last_king_wins() -> None:
    lines = [
        f"foundation:{i + 1} = " + " ".join(r + s for r in "A23456789TJQK")
        for i, s in enumerate("SHDC")
    ]
    lines[1] = lines[1].rsplit(" ", 1)[0]
    game = game_at(BAKERS, "\n".join([*lines, "tableau:13 = KH"]))
    assert refusal(game, "t13>f1") == "foundation:1 is complete: nothing goes above K♠"
    play(game, "t13>f2")
    assert pile(game, "foundation:2").endswith("QH KH")
    assert game.outcome() == "won"
    assert game.score() == BAKERS.score.maximum == 52
