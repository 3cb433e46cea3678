"""Grandfather: seven columns dealt back and forth, built down in suit, any face-up card moving
with the cards on it, and two redeals that deal the columns again as they lie, as positions
and moves."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

GRANDFATHER = load("grandfather")


def test_the_deal_lays_0_to_6_face_down_cards_and_five_face_up_but_in_the_first() -> None:
    position = Game(GRANDFATHER, 1).position
    columns = position.groups["tableau"]
    assert [p.down for p in columns] == [0, 2, 4, 6, 5, 3, 1]
    assert [p.face_up for p in columns] == [1, 5, 5, 5, 5, 5, 5]
    assert not position.by_id["stock"].cards


def test_columns_build_down_in_suit_and_any_face_up_card_moves_with_its_cards() -> None:
    game = game_at(GRANDFATHER, "tableau:1 = 5s 9H 4C 3D\ntableau:2 = 5C\ntableau:3 = 9S")
    assert refusal(game, "t1>t2/2") is None
    assert refusal(game, "t1>t3/3") is not None
    assert "tableau:1>tableau:4/3" not in legal(game)
    game = game_at(GRANDFATHER, "tableau:1 = 5s KH 4C\ntableau:2 = 2D")
    assert refusal(game, "t1>t3/2") is None


def test_a_redeal_picks_the_columns_up_as_they_lie_and_deals_them_in_the_zigzag() -> None:
    text = "tableau:1 = 2C 3C\ntableau:2 = 4C\ntableau:3 = 5C 6C 7C\nfoundation:1 = AS"
    game = game_at(GRANDFATHER, text)
    play(game, "redeal")
    # dealt in turn: 3C 2C 4C 7C 6C 5C, the first row across from the first column
    assert [pile(game, f"tableau:{n}") for n in range(1, 8)] == [
        "3C",
        "2C",
        "4C",
        "7C",
        "6C",
        "5C",
        "",
    ]
    assert game.position.counters["redeals"] == 1
    game.pop()
    assert pile(game, "tableau:3") == "5C 6C 7C"


def test_two_redeals_a_game() -> None:
    game = game_at(GRANDFATHER, "counters redeals=2\ntableau:1 = 2C")
    assert refusal(game, "redeal") is not None


def test_grandfather_is_won_with_every_card_on_the_foundations() -> None:
    ranks = "A23456789TJQK"
    text = "\n".join(
        f"foundation:{n} = " + " ".join(rank + suit for rank in ranks)
        for n, suit in enumerate("SHD", 1)
    )
    text += "\nfoundation:4 = " + " ".join(rank + "C" for rank in ranks[:-1])
    game = game_at(GRANDFATHER, text + "\ntableau:5 = KC")
    play(game, "t5>f4")
    assert game.outcome() == "won"
