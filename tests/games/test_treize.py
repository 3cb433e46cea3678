"""Treize: Thirteen's pyramid dealt face up and a waste open at both ends, its oldest card
lying apart and replaced from the waste's far end, as positions and moves."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

TREIZE = load("treize")


def test_the_whole_pyramid_is_face_up_and_the_stock_holds_24() -> None:
    position = Game(TREIZE, 4).position
    assert [(p.down, p.face_up) for p in position.groups["tableau"]] == [(0, 1)] * 28
    assert len(position.by_id["stock"].cards) == 24
    assert not position.by_id["bottom"].cards


def test_the_first_card_turned_lies_apart_and_the_next_ones_on_the_waste() -> None:
    game = game_at(TREIZE, "stock = 2c 3c 4c\ntableau:22 = AH")
    play(game, "deal")
    assert (pile(game, "bottom"), pile(game, "waste")) == ("4C", "")
    play(game, "deal", "deal")
    assert (pile(game, "bottom"), pile(game, "waste")) == ("4C", "3C 2C")


def test_the_oldest_card_of_the_waste_takes_the_place_of_the_bottom_card() -> None:
    game = game_at(TREIZE, "bottom = 5S\nwaste = 9D 6H 2C\ntableau:22 = 8H\ntableau:23 = KS")
    assert {"bottom>tableau:22", "tableau:22>bottom"} <= legal(game)
    before = (game.position.fingerprint(), game.key())
    play(game, "bottom>t22")
    assert (pile(game, "bottom"), pile(game, "waste")) == ("9D", "6H 2C")
    after = game_at(
        TREIZE, "counters moves=1\nbottom = 9D\nwaste = 6H 2C\ntableau:23 = KS\ndiscard = 8H 5S"
    )
    assert game.position.fingerprint() == after.position.fingerprint()
    assert game.key() == after.key()
    game.pop()
    assert (pile(game, "bottom"), pile(game, "waste")) == ("5S", "9D 6H 2C")
    assert (game.position.fingerprint(), game.key()) == before


def test_the_newest_card_pairs_with_the_oldest_and_with_the_card_under_it() -> None:
    game = game_at(TREIZE, "bottom = JS\nwaste = 9D 4H 2C\ntableau:22 = 8H")
    assert refusal(game, "waste>bottom") is None
    assert refusal(game, "pair waste") is not None
    play(game, "waste>bottom")
    assert (pile(game, "bottom"), pile(game, "waste")) == ("9D", "4H")
    game = game_at(TREIZE, "bottom = 5S\nwaste = 3D 9D 4H\ntableau:22 = 8H")
    play(game, "pair waste")
    assert (pile(game, "bottom"), pile(game, "waste")) == ("5S", "3D")


def test_kings_leave_alone_from_either_end_of_the_waste() -> None:
    game = game_at(TREIZE, "bottom = KS\nwaste = 9D KH\ntableau:22 = 8H")
    assert {"bottom>discard", "waste>discard"} <= legal(game)


def test_treize_is_won_when_every_card_is_removed() -> None:
    game = game_at(TREIZE, "tableau:1 = 8S\nbottom = 5D")
    play(game, "bottom>t1")
    assert game.outcome() == "won"
