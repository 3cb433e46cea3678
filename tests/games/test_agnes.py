"""Agnes: the first foundation card sets the base; columns dealt as in Klondike build down in one
colour round the corner, runs of one colour moving whole but never past the base rank; only the
stock fills a space, a row at a time, as positions and moves."""

from __future__ import annotations

from retro.engine.cards import plain_rank
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

AGNES = load("agnes")
RANKS = "A23456789TJQK"


def round_the_corner(suit: str, first: str, count: int = 13) -> str:
    start = RANKS.index(first)
    return " ".join(RANKS[(start + i) % 13] + suit for i in range(count))


def test_the_deal_lays_klondike_columns_a_base_card_and_a_stock_of_23() -> None:
    for seed in (1, 2, 3):
        position = Game(AGNES, seed).position
        tableau = position.groups["tableau"]
        assert [(p.down, p.face_up) for p in tableau] == [(i, 1) for i in range(7)]
        first = position.by_id["foundation:1"].cards
        assert len(first) == 1
        assert position.counters["base"] == plain_rank(first[0])
        assert len(position.by_id["stock"].cards) == 23


def test_foundations_start_at_the_base_and_build_up_in_suit_round_the_corner() -> None:
    game = game_at(
        AGNES,
        "counters base=10\nfoundation:1 = TH JH QH KH\ntableau:1 = 9S\n"
        "tableau:2 = TS\ntableau:3 = AH",
    )
    assert refusal(game, "t1>f2") == "An empty foundation pile takes only a 10, not 9♠"
    play(game, "t2>f2", "t3>f1")
    assert pile(game, "foundation:1") == "TH JH QH KH AH"


def test_columns_build_down_in_one_colour_and_a_king_on_an_ace() -> None:
    game = game_at(
        AGNES,
        "counters base=10\nfoundation:1 = TH\ntableau:1 = 8C\ntableau:2 = 7S\n"
        "tableau:3 = 7H\ntableau:4 = AD\ntableau:5 = KH",
    )
    assert refusal(game, "t2>t1") is None
    assert refusal(game, "t3>t1") == "7♥ goes only on an 8 of the same colour, not on 8♣"
    play(game, "t5>t4")
    assert pile(game, "tableau:4") == "AD KH"


def test_a_run_of_one_colour_moves_whole_but_stops_at_the_base_rank() -> None:
    game = game_at(
        AGNES,
        "counters base=10\nfoundation:1 = TH\ntableau:1 = QS JC TS 9C\n"
        "tableau:2 = QC\ntableau:3 = JS\ntableau:4 = 5D 4H 3D\ntableau:5 = TC",
    )
    assert refusal(game, "t4>t1/2") is not None
    assert "t1>t2/3" not in legal(game)
    assert refusal(game, "t1>t2/3") == (
        "A run stops at the base rank: nothing moves together with the card lying on 10♠"
    )
    assert refusal(game, "t1>t3/2") is not None
    play(game, "t1>t5", "t1>t2/2")
    assert pile(game, "tableau:2") == "QC JC TS"


def test_a_space_is_filled_only_by_the_stock_dealing_a_row() -> None:
    game = game_at(
        AGNES,
        "counters base=10\nfoundation:1 = TH\ntableau:1 = 9C\ntableau:3 = 4D\n"
        "stock = 2S 3S 4S 5S 6S 7S 8S 9S 9D",
    )
    assert refusal(game, "t1>t2") is not None
    play(game, "deal")
    assert [pile(game, f"tableau:{n}") for n in range(1, 8)] == [
        "9C 9D",
        "9S",
        "4D 8S",
        "7S",
        "6S",
        "5S",
        "4S",
    ]
    play(game, "deal")
    assert pile(game, "tableau:1") == "9C 9D 3S"
    assert pile(game, "tableau:2") == "9S 2S"
    assert pile(game, "stock") == ""


def test_won_when_all_are_home() -> None:
    lines = [f"foundation:{i + 1} = {round_the_corner(s, 'T')}" for i, s in enumerate("HSD")]
    lines += [f"foundation:4 = {round_the_corner('C', 'T', 12)}", "tableau:6 = 9C"]
    game = play(game_at(AGNES, "counters base=10\n" + "\n".join(lines)), "t6>f4")
    assert game.outcome() == "won"
    assert game.score() == AGNES.score.maximum == 52
