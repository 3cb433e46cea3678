"""Penguin: the beak (the first card dealt) sets the base rank and its three fellows start the
foundations; columns build down in suit round the corner and runs in suit move whole; empty
columns take only the rank below the base; seven cells, as positions and moves."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import plain_rank
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

PENGUIN = load("penguin")
RANKS = "A23456789TJQK"


def round_the_corner(suit: str, first: str, count: int = 13) -> str:
    start = RANKS.index(first)
    return " ".join(RANKS[(start + i) % 13] + suit for i in range(count))


def test_the_beak_lies_under_column_1_and_its_fellows_start_three_foundations() -> None:
    for seed in (1, 2, 3):
        position = Game(PENGUIN, seed).position
        beak = position.by_id["tableau:1"].cards[0]
        assert position.counters["base"] == plain_rank(beak)
        starts = [p.cards for p in position.groups["foundation"]]
        assert [len(cards) for cards in starts] == [1, 1, 1, 0]
        assert {card.rank for cards in starts for card in cards} == {beak.rank}
        assert [(len(p.cards), p.down) for p in position.groups["tableau"]] == [(7, 0)] * 7
        ranks = Counter(card.rank for p in position.groups["tableau"] for card in p.cards)
        assert ranks[beak.rank] == 1
        assert len(Counter(position.cards_in_play())) == 52


def test_the_fourth_foundation_waits_for_the_beak_and_all_build_up_in_suit_round() -> None:
    game = game_at(
        PENGUIN,
        "counters base=10\nfoundation:1 = TH\nfoundation:2 = TS JS QS KS\n"
        "foundation:3 = TD\ntableau:1 = TC\ntableau:2 = AS\ntableau:3 = 9C",
    )
    assert refusal(game, "t3>f4") == "An empty foundation pile takes only a 10, not 9♣"
    play(game, "t1>f4", "t2>f2")
    assert pile(game, "foundation:2") == "TS JS QS KS AS"
    assert refusal(game, "t3>f4") == "foundation:4 takes only a J of the same suit next"


def test_columns_build_down_in_suit_and_a_king_goes_on_an_ace() -> None:
    game = game_at(
        PENGUIN,
        "counters base=10\nfoundation:1 = TH\ntableau:1 = 5D AH\n"
        "tableau:2 = KH\ntableau:3 = 8C 7C\ntableau:4 = 8S 6D\n"
        "tableau:5 = 9H 7S",
    )
    assert refusal(game, "t2>t1") is None
    assert refusal(game, "t4>t3") == "6♦ goes only on a 7 of the same suit, not on 7♣"
    play(game, "t2>t1")
    assert pile(game, "tableau:1") == "5D AH KH"


def test_a_run_in_suit_moves_whole_without_the_cells() -> None:
    game = game_at(
        PENGUIN,
        "counters base=10\nfoundation:1 = TH\ntableau:1 = 2C AH KH QH JH\n"
        "tableau:2 = 4D 2H\ntableau:3 = 9S 8S",
    )
    assert refusal(game, "t1>t2/4") is None
    play(game, "t1>t2/4")
    assert pile(game, "tableau:2") == "4D 2H AH KH QH JH"
    assert refusal(game, "t3>t2/2") is not None


def test_an_empty_column_takes_only_the_rank_below_the_base_with_its_run() -> None:
    game = game_at(
        PENGUIN,
        "counters base=10\nfoundation:1 = TH\ntableau:1 = 2C 9D 8D 7D\n"
        "tableau:2 = 4S 8S\ntableau:3 = 5C",
    )
    assert refusal(game, "t2>t4") == "An empty tableau pile takes only a 9, not 8♠"
    play(game, "t1>t4/3")
    assert pile(game, "tableau:4") == "9D 8D 7D"


def test_seven_cells_of_one_card_each() -> None:
    cells = "\n".join(
        f"cell:{n} = {card}" for n, card in enumerate(["2S", "3S", "4S", "5S", "6S", "7S"], 1)
    )
    game = game_at(
        PENGUIN, f"counters base=10\nfoundation:1 = TH\n{cells}\ntableau:1 = 5C 4C\ntableau:2 = 8D"
    )
    assert refusal(game, "t1>cell:7") is None
    assert refusal(game, "t1>cell:1") == "cell:1 is not empty"
    assert refusal(game, "t1>cell:7/2") is not None
    play(game, "t1>cell:7")
    assert "tableau:2>cell:1" not in legal(game)
    assert refusal(game, "cell:7>t1") is None


def test_won_when_all_are_home() -> None:
    lines = [f"foundation:{i + 1} = {round_the_corner(s, 'T')}" for i, s in enumerate("SHD")]
    lines += [f"foundation:4 = {round_the_corner('C', 'T', 12)}", "cell:3 = 9C"]
    game = play(game_at(PENGUIN, "counters base=10\n" + "\n".join(lines)), "cell:3>f4")
    assert game.outcome() == "won"
    assert game.score() == PENGUIN.score.maximum == 52
