"""Hamilton: the stock offers three cards in turn on the chooser and the one moved to a foundation
is the start card; then the stock deals rows; columns build down in one colour round the corner,
nothing on a start-rank card, runs in suit moving whole up to the start rank; a space takes
anything, as positions and moves."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

HAMILTON = load("hamilton")
RANKS = "A23456789TJQK"


def round_the_corner(suit: str, first: str, count: int = 13) -> str:
    start = RANKS.index(first)
    return " ".join(RANKS[(start + i) % 13] + suit for i in range(count))


def test_the_deal_lays_columns_of_one_to_seven_face_up_cards_and_a_stock_of_24() -> None:
    position = Game(HAMILTON, 1).position
    tableau = position.groups["tableau"]
    assert [(p.down, p.face_up) for p in tableau] == [(0, n) for n in range(1, 8)]
    assert len(position.by_id["stock"].cards) == 24
    assert "base" not in position.counters


def test_the_stock_offers_three_cards_each_passed_over_going_under_it() -> None:
    game = game_at(HAMILTON, "stock = 5H 4H 3H 2H AH\ntableau:1 = 9C\ntableau:2 = TC")
    assert "t1>t2" not in legal(game)
    play(game, "deal")
    assert pile(game, "chooser") == "AH"
    play(game, "deal")
    assert pile(game, "chooser") == "2H"
    assert pile(game, "stock") == "ah 5h 4h 3h"
    play(game, "deal")
    assert pile(game, "chooser") == "3H"
    assert refusal(game, "deal") is not None
    assert refusal(game, "t1>f1") is not None
    play(game, "chooser>f2")
    assert game.position.counters["base"] == 3
    play(game, "deal")
    assert pile(game, "stock") == ""
    assert pile(game, "tableau:1") == "9C 4H"
    assert pile(game, "tableau:2") == "TC 5H"
    assert pile(game, "tableau:3") == "AH"
    assert pile(game, "tableau:4") == "2H"


def test_foundations_start_at_the_chosen_rank_and_build_up_in_suit_round_the_corner() -> None:
    game = game_at(
        HAMILTON,
        "counters base=10\nfoundation:1 = TH JH QH KH\ntableau:1 = 9S\n"
        "tableau:2 = TS\ntableau:3 = AH",
    )
    assert refusal(game, "t1>f2") is not None
    play(game, "t2>f2", "t3>f1")
    assert pile(game, "foundation:1") == "TH JH QH KH AH"


def test_columns_build_down_in_one_colour_but_nothing_goes_on_the_start_rank() -> None:
    game = game_at(
        HAMILTON,
        "counters base=10\nfoundation:1 = TH\ntableau:1 = 8C\ntableau:2 = TS\n"
        "tableau:3 = AD\ntableau:4 = 7S\ntableau:5 = 7H\ntableau:6 = 9C\ntableau:7 = KH",
    )
    assert refusal(game, "t4>t1") is None
    assert refusal(game, "t5>t1") == "7♥ goes only on an 8 of the same colour, not on 8♣"
    assert refusal(game, "t6>t2") == "Nothing goes on the base rank: tableau:2 shows 10♠"
    play(game, "t7>t3")
    assert pile(game, "tableau:3") == "AD KH"


def test_runs_in_suit_move_whole_up_to_the_start_rank_and_a_space_takes_any() -> None:
    game = game_at(
        HAMILTON,
        "counters base=10\nfoundation:1 = TH\ntableau:1 = QS JS TS 9S 8S\n"
        "tableau:2 = JC\ntableau:3 = 9C 8C 7C",
    )
    assert refusal(game, "t1>t4/2") is None
    assert refusal(game, "t1>t4/3") == (
        "A run stops at the base rank: nothing moves together with the card lying on 10♠"
    )
    play(game, "t3>t4/3")
    assert pile(game, "tableau:4") == "9C 8C 7C"


def test_won_when_all_are_home() -> None:
    lines = [f"foundation:{i + 1} = {round_the_corner(s, 'T')}" for i, s in enumerate("HSD")]
    lines += [f"foundation:4 = {round_the_corner('C', 'T', 12)}", "tableau:6 = 9C"]
    game = play(game_at(HAMILTON, "counters base=10\n" + "\n".join(lines)), "t6>f4")
    assert game.outcome() == "won"
    assert game.score() == HAMILTON.score.maximum == 52
