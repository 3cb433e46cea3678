"""Osmosis: four reserves of four with their tops in play, a first foundation that takes its
suit in any order, and foundations below that start with the base rank and take their suit
only in ranks already on the foundation above, three cards a turn without limit, as positions
and moves."""

from __future__ import annotations

from collections import Counter

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

OSMOSIS = load("osmosis")


def test_the_deal_four_reserves_of_three_down_and_one_up_and_the_base_card() -> None:
    position = Game(OSMOSIS, 14).position
    assert [(len(p.cards), p.down) for p in position.groups["reserve"]] == [(4, 3)] * 4
    foundations = position.groups["foundation"]
    assert [len(p.cards) for p in foundations] == [1, 0, 0, 0]
    assert position.counters["base"] == foundations[0].cards[0].rank
    assert (len(position.by_id["stock"].cards), position.by_id["stock"].down) == (35, 35)
    assert len(Counter(position.cards_in_play())) == 52


def test_the_first_foundation_takes_any_card_of_its_suit_in_any_order() -> None:
    game = game_at(
        OSMOSIS, "counters base=9\nfoundation:1 = 9C\nwaste = 2C\nreserve:1 = KC\nreserve:2 = 4H"
    )
    play(game, "waste>f1", "reserve:1>f1")
    assert pile(game, "foundation:1") == "9C 2C KC"
    assert refusal(game, "reserve:2>f1") == "foundation:1 takes only cards of the suit of 9♣"


def test_the_next_foundation_starts_with_the_base_rank_and_only_in_order() -> None:
    game = game_at(
        OSMOSIS, "counters base=9\nfoundation:1 = 9C\nwaste = 9H\nreserve:1 = 8S\nreserve:2 = 9D"
    )
    assert refusal(game, "reserve:1>f2") == "An empty foundation pile takes only a 9, not 8♠"
    assert refusal(game, "reserve:2>f3") == "foundation:3 is not the next free foundation pile"
    play(game, "waste>f2", "reserve:2>f3")
    assert [pile(game, f"foundation:{n}") for n in (2, 3)] == ["9H", "9D"]


def test_a_card_goes_below_only_once_its_rank_lies_on_the_foundation_above() -> None:
    game = game_at(
        OSMOSIS,
        "counters base=9\nfoundation:1 = 9C 2C KC\nfoundation:2 = 9H\n"
        "reserve:1 = 5H\nreserve:2 = KH\nreserve:3 = 2H\nreserve:4 = 2S",
    )
    assert (
        refusal(game, "reserve:1>f2") == "5♥ goes to foundation:2 only once a 5 lies on "
        "foundation:1"
    )
    assert refusal(game, "reserve:4>f2") == "foundation:2 takes only cards of the suit of 9♥"
    play(game, "reserve:2>f2", "reserve:3>f2")
    assert pile(game, "foundation:2") == "9H KH 2H"
    assert {m for m in legal(game) if m.startswith("reserve")} == set()


def test_a_reserve_turns_its_next_card_up_and_only_its_top_card_plays() -> None:
    game = game_at(OSMOSIS, "counters base=9\nfoundation:1 = 9C\nreserve:1 = 4d 3C\nreserve:2 = 7S")
    play(game, "reserve:1>f1")
    assert pile(game, "reserve:1") == "4D"
    assert refusal(game, "reserve:1>reserve:2") is not None


def test_three_cards_a_turn_and_redeals_without_limit() -> None:
    game = play(game_at(OSMOSIS, "counters base=9\nfoundation:1 = 9C\nstock = 2c 3d 4h 5s"), "deal")
    assert pile(game, "waste") == "5S 4H 3D"
    game = game_at(OSMOSIS, "counters base=9 redeals=300\nfoundation:1 = 9C\nwaste = 2D")
    assert "deal" in legal(game)


def test_won_when_all_four_foundations_hold_their_suits() -> None:
    order = "92345678ATJQK"  # the base 9 first, then the rest in any order
    lines = [
        f"foundation:{i + 1} = " + " ".join(r + s for r in order) for i, s in enumerate("CHSD")
    ]
    lines[3] = lines[3].rsplit(" ", 1)[0]
    game = game_at(OSMOSIS, "counters base=9\n" + "\n".join([*lines, "waste = KD"]))
    play(game, "waste>f4")
    assert game.outcome() == "won"
    assert game.score() == OSMOSIS.score.maximum == 52
