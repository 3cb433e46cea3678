"""Accordion: a whole pile goes onto the next pile to its left or the third one, counting only
places with cards, when the top cards match in suit or rank; won with one pile."""

from __future__ import annotations

from retro.engine.cards import make_deck, shuffle
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

ACCORDION = load("accordion")


def test_the_pack_is_dealt_in_one_line_of_52_face_up_cards() -> None:
    places = Game(ACCORDION, 4).position.groups["grid"]
    assert len(places) == 52
    assert [(p.down, len(p.cards)) for p in places] == [(0, 1)] * 52
    assert [p.cards[0] for p in places] == shuffle(make_deck(), 4)


def test_a_pile_goes_onto_its_left_neighbour_of_the_same_suit_or_rank() -> None:
    game = game_at(ACCORDION, "grid:1 = 5H\ngrid:2 = 9H\ngrid:3 = 9C\ngrid:4 = 2D")
    assert refusal(game, "grid:2>grid:1") is None
    assert refusal(game, "grid:3>grid:2") is None
    assert "2♦ matches 9♣ in neither suit nor rank" in str(refusal(game, "grid:4>grid:3"))


def test_or_onto_the_third_pile_to_its_left_but_no_other() -> None:
    game = game_at(ACCORDION, "grid:1 = 5H\ngrid:2 = 7C\ngrid:3 = 8D\ngrid:4 = 5S")
    assert "grid:4>grid:1" in legal(game)
    assert "only 1 or 3 piles to its left" in str(refusal(game, "grid:4>grid:2"))
    assert "only 1 or 3 piles to its left" in str(refusal(game, "grid:1>grid:4"))


def test_empty_places_are_not_counted() -> None:
    game = game_at(ACCORDION, "grid:1 = 5H\ngrid:3 = 7C\ngrid:6 = 8D\ngrid:9 = 5S\ngrid:10 = 8C")
    assert {"grid:9>grid:1", "grid:10>grid:3"} <= legal(game)
    assert "only 1 or 3 piles" in str(refusal(game, "grid:10>grid:6"))  # the 2nd: 8 on 8


def test_the_line_goes_on_from_one_row_to_the_next() -> None:
    game = game_at(ACCORDION, "grid:13 = 4S\ngrid:14 = 4D")
    assert "grid:14>grid:13" in legal(game)


def test_the_whole_pile_moves_and_its_top_card_must_match() -> None:
    game = play(
        game_at(ACCORDION, "grid:1 = 5H\ngrid:2 = 9H\ngrid:3 = 2S\ngrid:4 = 2C"),
        "grid:2>grid:1",
        "grid:4>grid:3",
    )
    assert pile(game, "grid:1") == "5H 9H"
    assert "Only the whole pile moves" in str(refusal(game, "grid:3>grid:1"))
    assert "2♣ matches 9♥ in neither suit nor rank" in str(refusal(game, "grid:3>grid:1/2"))
    assert pile(game, "grid:3") == "2S 2C"


def test_won_with_one_pile_left() -> None:
    game = game_at(ACCORDION, "grid:7 = 5H 9H KD 4D\ngrid:30 = JD")
    assert game.outcome() == "playing"
    play(game, "grid:30>grid:7")
    assert pile(game, "grid:7") == "5H 9H KD 4D JD"
    assert game.outcome() == "won"


def test_lost_when_no_pile_can_move() -> None:
    game = game_at(ACCORDION, "grid:1 = 5H\ngrid:2 = 7C\ngrid:3 = 8D")
    assert game.legal_moves() == []
    assert game.outcome() == "lost"
