"""Hopscotch: the A, 2, 3 and 4 of clubs start four foundations built by 1, 2, 3 and 4 in any
suits, round the corner and on past a King; a turned card waits alone on the waste for a
foundation or one of four heaps, whose tops go only home; one pass."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

HOPSCOTCH = load("hopscotch")


def test_the_ace_to_4_of_clubs_start_the_foundations() -> None:
    position = Game(HOPSCOTCH, 3).position
    assert [p.cards[0].code for p in position.groups["foundation"]] == ["AC", "2C", "3C", "4C"]
    assert len(position.by_id["stock"].cards) == 48
    assert Counter(position.cards_in_play()) == Counter(make_deck())


def test_each_foundation_builds_by_its_own_step_in_any_suit_round_the_corner() -> None:
    game = game_at(
        HOPSCOTCH,
        "foundation:1 = AC\nfoundation:2 = 2C\nfoundation:3 = 3C\nfoundation:4 = KC\nwaste = 4H",
    )
    assert refusal(game, "waste>f2") is None
    assert refusal(game, "waste>f1") is not None
    assert refusal(game, "waste>f4") is None


def test_a_foundation_goes_on_past_a_king() -> None:
    full = "2C 4S 6D 8H TC QS AD 3H 5C 7S 9D JH KC"
    game = game_at(HOPSCOTCH, f"foundation:2 = {full}\nwaste = 2D")
    play(game, "waste>f2")
    assert pile(game, "foundation:2").endswith("KC 2D")


def test_the_waste_holds_one_card_which_goes_home_or_to_a_heap() -> None:
    game = game_at(HOPSCOTCH, "stock = 9d 8h\nwaste = 5S\nheaps:1 = 7C")
    assert "deal" not in legal(game)
    play(game, "waste>heaps:1")
    assert pile(game, "heaps:1") == "7C 5S"
    assert "deal" in legal(game)


def test_heap_tops_go_only_to_the_foundations() -> None:
    game = game_at(HOPSCOTCH, "foundation:1 = AC\nheaps:1 = 9D 2H\nheaps:2 = 5C")
    assert refusal(game, "heaps:1>heaps:2") is not None
    assert refusal(game, "heaps:1>f1") is None
