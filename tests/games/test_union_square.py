"""Union Square: sixteen piles built up or down in suit as their first two cards go, and
foundations from the Ace to the King and back down to the Ace, as positions and moves."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal, suit_run

UNION = load("union_square")


def test_sixteen_piles_of_one_card_and_the_rest_in_the_stock() -> None:
    position = Game(UNION, 2).position
    assert [(p.down, p.face_up) for p in position.groups["tableau"]] == [(0, 1)] * 16
    assert len(position.by_id["stock"].cards) == 88


def test_a_pile_of_one_takes_its_suit_one_above_or_below() -> None:
    game = game_at(UNION, "tableau:1 = 7H\ntableau:2 = 8H\ntableau:3 = 6H\ntableau:4 = 8S")
    assert {"tableau:2>tableau:1", "tableau:3>tableau:1"} <= legal(game)
    assert refusal(game, "t4>t1") is not None


def test_the_first_two_cards_set_the_way_a_pile_goes() -> None:
    text = "tableau:1 = 7H 8H\ntableau:2 = 9H\ntableau:3 = 6H\ntableau:4 = 5C 4C\ntableau:5 = 6C"
    game = game_at(UNION, text)
    assert refusal(game, "t2>t1") is None
    assert refusal(game, "t3>t1") == "Only a 9 of the same suit goes on 8♥ now"
    assert refusal(game, "t5>t4") is not None
    play(game, "t2>t1")
    assert pile(game, "tableau:1") == "7H 8H 9H"


def test_only_one_card_moves_and_a_space_takes_any_card() -> None:
    game = game_at(UNION, "tableau:1 = 7H 8H\ntableau:2 = QS\nwaste = 2D")
    assert refusal(game, "t1>t3/2") is not None
    assert {"waste>tableau:3", "tableau:2>tableau:3"} <= legal(game)


def test_a_foundation_goes_up_to_the_king_then_a_second_king_and_back_down() -> None:
    up = " ".join(reversed(suit_run("S").split()))
    game = game_at(UNION, f"foundation:1 = {up}\ntableau:1 = KS\ntableau:2 = QS\nwaste = QH")
    assert refusal(game, "t2>f1") is not None
    play(game, "t1>f1", "t2>f1")
    assert pile(game, "foundation:1").endswith("KS KS QS")
    assert refusal(game, "waste>f1") is not None


def test_each_suit_has_one_foundation() -> None:
    game = game_at(UNION, "foundation:1 = AH\ntableau:1 = AH\ntableau:2 = AD")
    assert refusal(game, "t1>f2") is not None
    assert refusal(game, "t2>f2") is None
    assert refusal(game, "t1>f1") is not None


def test_union_square_is_won_with_both_packs_home() -> None:
    up = " ".join(reversed(suit_run("S").split()))
    down = suit_run("S", 13, 2)
    text = f"foundation:1 = {up} {down}\ntableau:1 = AS"
    for n, suit in enumerate("HDC", 2):
        full = " ".join(reversed(suit_run(suit).split())) + " " + suit_run(suit)
        text += f"\nfoundation:{n} = {full}"
    game = game_at(UNION, text)
    play(game, "t1>f1")
    assert game.outcome() == "won"
    assert game.score() == 104
