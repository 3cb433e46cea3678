"""Peek: Osmosis with the reserves dealt face up; the first foundation takes any card of its
suit, each one below starts with the base rank and takes its suit only in ranks already on the
foundation above; one card a turn and three passes, or three a turn without limit."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

PEEK = load("peek")


def test_four_reserves_of_four_face_up_and_the_first_foundation_dealt() -> None:
    position = Game(PEEK, 2).position
    assert [(p.down, p.face_up) for p in position.groups["reserve"]] == [(0, 4)] * 4
    assert [len(p.cards) for p in position.groups["foundation"]] == [1, 0, 0, 0]
    assert position.counters["base"] == position.groups["foundation"][0].cards[0].rank
    assert Counter(position.cards_in_play()) == Counter(make_deck())


def test_the_first_foundation_takes_any_card_of_its_suit() -> None:
    game = game_at(PEEK, "counters base=7\nfoundation:1 = 7H\nreserve:1 = 2H\nreserve:2 = KS")
    assert refusal(game, "reserve:1>f1") is None
    assert refusal(game, "reserve:2>f1") is not None


def test_a_lower_foundation_takes_only_ranks_already_above_it() -> None:
    game = game_at(
        PEEK,
        "counters base=7\nfoundation:1 = 7H 2H\nfoundation:2 = 7S\nreserve:1 = 2S\nreserve:2 = 3S",
    )
    assert refusal(game, "reserve:1>f2") is None
    assert refusal(game, "reserve:2>f2") is not None
    game = game_at(PEEK, "counters base=7\nfoundation:1 = 7H\nreserve:1 = 7D\nreserve:2 = 5D")
    play(game, "reserve:1>f2")
    assert pile(game, "foundation:2") == "7D"


def test_one_card_a_turn_three_passes_or_three_cards_without_limit() -> None:
    game = play(game_at(PEEK, "stock = 2c 3d 4h\nfoundation:1 = 7H"), "deal")
    assert pile(game, "waste") == "4H"
    spent = "counters redeals=2\nwaste = 2C 3D\nfoundation:1 = 7H"
    assert "deal" not in legal(game_at(PEEK, spent))
    assert "deal" in legal(game_at(load("peek", turn="3"), spent))
