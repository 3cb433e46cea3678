"""Nestor: eight columns of six with no rank twice in a column and four single cards; a top
card onto another top card of the same rank makes a pair, and both leave at once; won when
all are gone, as positions and moves."""

from __future__ import annotations

from collections import Counter

import pytest

from retro.engine.cards import make_deck, plain_rank, shuffle
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

NESTOR = load("nestor")


def test_the_deal_eight_columns_of_six_without_a_rank_twice_and_four_single_cards() -> None:
    for seed in range(1, 30):
        position = Game(NESTOR, seed).position
        columns = position.groups["tableau"]
        assert [(len(p.cards), p.down) for p in columns] == [(6, 0)] * 8
        assert all(len({plain_rank(card) for card in p.cards}) == 6 for p in columns)
        assert [(len(p.cards), p.down) for p in position.groups["reserve"]] == [(1, 0)] * 4
        assert len(Counter(position.cards_in_play())) == 52


def test_the_columns_take_the_pack_in_order_passing_over_a_repeated_rank() -> None:
    position = Game(NESTOR, 1).position
    pack = shuffle(make_deck(1, 4, NESTOR.deck.ranks, False), 1)
    first = position.by_id["tableau:1"].cards
    expected, ranks = [], set()
    for card in pack:
        if plain_rank(card) not in ranks:
            expected.append(card)
            ranks.add(plain_rank(card))
        if len(expected) == 6:
            break
    assert first == expected


@pytest.mark.parametrize("seeds", [(43, 179), range(1, 1001)])
def test_no_column_ever_holds_a_rank_twice_even_where_the_pack_runs_short(seeds: range) -> None:
    for seed in seeds:
        position = Game(NESTOR, seed).position
        columns = position.groups["tableau"]
        assert all(len({plain_rank(card) for card in p.cards}) == 6 for p in columns), seed
        assert Counter(position.cards_in_play()) == Counter(make_deck())


def test_a_deal_that_runs_short_is_the_same_deal_every_time() -> None:
    for seed in (43, 179):
        assert (
            Game(NESTOR, seed).position.piles_state() == Game(NESTOR, seed).position.piles_state()
        )


def test_a_pair_of_the_same_rank_leaves_at_once() -> None:
    game = game_at(NESTOR, "tableau:1 = 3C 9H\ntableau:2 = KD 9S\nreserve:1 = 3D")
    play(game, "t1>t2")
    assert (pile(game, "tableau:1"), pile(game, "tableau:2")) == ("3C", "KD")
    assert pile(game, "discard") == "9S 9H"
    play(game, "reserve:1>t1")
    assert pile(game, "tableau:1") == ""
    assert game.score() == 4


def test_only_top_cards_of_the_same_rank_pair() -> None:
    game = game_at(NESTOR, "tableau:1 = 5C 9H\ntableau:2 = 5D 8S\nreserve:2 = 7C")
    assert refusal(game, "t1>t2") == "9♥ and 8♠ are no pair: of the same rank"
    assert refusal(game, "t1>t2/2") is not None
    assert refusal(game, "reserve:2>t3") is not None
    assert legal(game) == set()
    assert game.outcome() == "lost"


def test_won_when_every_card_is_discarded() -> None:
    rest = " ".join(r + s for r in "A23456789TJQK" for s in "SHDC")
    game = game_at(NESTOR, f"discard = {rest.rsplit(' ', 2)[0]}\ntableau:4 = KD\nreserve:3 = KC")
    play(game, "reserve:3>t4")
    assert game.outcome() == "won"
    assert game.score() == NESTOR.score.maximum == 52
