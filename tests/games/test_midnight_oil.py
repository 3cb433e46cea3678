"""Midnight Oil from XPat2's rule code: La Belle Lucie's eighteen fans, fan tops building down in
suit, empty fans staying empty, two redeals in threes, and one buried card drawn out a game (a
fan turned round by one place); both counts are options; no score."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

OIL = load("midnight_oil")


def test_seventeen_fans_of_three_and_one_single_card_all_face_up() -> None:
    position = Game(OIL, 4).position
    assert [(p.down, len(p.cards)) for p in position.groups["fans"]] == [(0, 3)] * 17 + [(0, 1)]
    assert Counter(position.cards_in_play()) == Counter(make_deck())


def test_only_fan_tops_move_and_build_down_in_suit_and_empty_fans_stay_empty() -> None:
    game = game_at(OIL, "fans:1 = 2C 8H\nfans:2 = 9H\nfans:3 = 9S\nfans:4 = AS")
    assert refusal(game, "fans:1>fans:2") is None
    assert refusal(game, "fans:1>fans:3") is not None
    assert refusal(game, "fans:1>fans:2/2") is not None
    play(game, "fans:4>foundation:1")
    assert refusal(game, "fans:1>fans:4") is not None


def test_one_buried_card_a_game_is_drawn_onto_the_top_of_its_fan() -> None:
    game = game_at(OIL, "fans:1 = AD 7C 4S\nfans:2 = 3H 9H")
    play(game, "rotate_down fans:1/3")
    assert pile(game, "fans:1") == "7C 4S AD"
    play(game, "fans:1>foundation:1")
    assert "No rotation left: once a game" in str(refusal(game, "rotate_down fans:2/2"))
    assert not any(move.startswith("rotate") for move in legal(game))


def test_the_draw_may_also_turn_the_other_way() -> None:
    game = play(game_at(OIL, "fans:1 = AD 7C 4S"), "rotate_up fans:1/2")
    assert pile(game, "fans:1") == "AD 4S 7C"


def test_two_redeals_gather_shuffle_and_deal_the_fans_in_threes() -> None:
    game = game_at(OIL, "fans:1 = 2C 8H 9D\nfans:2 = 3H 9H\nfans:3 = KS\nfans:5 = 4D 5D 6D 7D")
    play(game, "redeal")
    assert [len(p.cards) for p in game.position.groups["fans"][:5]] == [3, 3, 3, 1, 0]
    play(game, "redeal")
    assert "No redeal left" in str(refusal(game, "redeal"))


def test_the_counts_are_xpat2s_options() -> None:
    game = game_at(load("midnight_oil", redeals=1, draws=2), "fans:1 = AD 7C 4S\nfans:2 = KS")
    play(game, "rotate_down fans:1/2", "rotate_down fans:1/2", "redeal")
    assert "No rotation left: twice a game" in str(refusal(game, "rotate_down fans:1/2"))
    assert "No redeal left" in str(refusal(game, "redeal"))


def test_won_with_every_card_home_and_no_score_kept() -> None:
    ranks = "A23456789TJQK"
    homes = [f"foundation:{i} = " + " ".join(r + s for r in ranks) for i, s in enumerate("SHD", 1)]
    game = game_at(
        OIL,
        "\n".join(homes)
        + "\nfoundation:4 = "
        + " ".join(r + "C" for r in ranks[:-1])
        + "\nfans:1 = KC",
    )
    play(game, "fans:1>foundation:4")
    assert game.outcome() == "won"
    assert game.score() == 0 and OIL.score.maximum == 0
