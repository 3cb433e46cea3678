"""Lady Jane: the first foundation card sets the base; Klondike columns build down in alternating
colours round the corner but nothing goes on a base-rank card; any face-up cards move together;
a space takes the rank below the base; the stock feeds seven reserve piles and its last two
cards go to two waste piles, as positions and moves."""

from __future__ import annotations

from retro.engine.cards import plain_rank
from retro.engine.game import Game
from tests.helpers import game_at, load, pile, play, refusal

LADY_JANE = load("lady_jane")
RANKS = "A23456789TJQK"


def round_the_corner(suit: str, first: str, count: int = 13) -> str:
    start = RANKS.index(first)
    return " ".join(RANKS[(start + i) % 13] + suit for i in range(count))


def test_the_deal_lays_klondike_columns_seven_reserves_a_base_card_and_a_stock_of_16() -> None:
    for seed in (1, 2, 3):
        position = Game(LADY_JANE, seed).position
        tableau = position.groups["tableau"]
        assert [(p.down, p.face_up) for p in tableau] == [(i, 1) for i in range(7)]
        assert [(p.down, p.face_up) for p in position.groups["reserve"]] == [(0, 1)] * 7
        first = position.by_id["foundation:1"].cards
        assert position.counters["base"] == plain_rank(first[0])
        assert len(position.by_id["stock"].cards) == 16


def test_the_stock_deals_two_rows_to_the_reserve_then_its_last_two_cards_to_the_waste() -> None:
    game = play(Game(LADY_JANE, 1), "deal", "deal")
    assert all(len(p.cards) == 3 for p in game.position.groups["reserve"])
    assert len(game.position.by_id["stock"].cards) == 2
    play(game, "deal")
    assert [len(p.cards) for p in game.position.groups["waste"]] == [1, 1]
    assert game.position.by_id["stock"].cards == []
    assert all(len(p.cards) == 3 for p in game.position.groups["reserve"])


def test_foundations_start_at_the_base_and_build_up_in_suit_round_the_corner() -> None:
    game = game_at(
        LADY_JANE,
        "counters base=10\nfoundation:1 = TH JH QH KH\nreserve:1 = 9S\n"
        "reserve:2 = TS\nwaste:2 = AH",
    )
    assert refusal(game, "reserve:1>f2") == "An empty foundation pile takes only a 10, not 9♠"
    play(game, "reserve:2>f2", "waste:2>f1")
    assert pile(game, "foundation:1") == "TH JH QH KH AH"


def test_columns_build_down_in_alternating_colours_but_nothing_goes_on_the_base_rank() -> None:
    game = game_at(
        LADY_JANE,
        "counters base=10\nfoundation:1 = TH\ntableau:1 = 8C\ntableau:2 = TS\n"
        "tableau:3 = AD\nreserve:1 = 7H\nreserve:2 = 9D\nreserve:3 = KS\nreserve:4 = 7S",
    )
    assert refusal(game, "reserve:1>t1") is None
    assert refusal(game, "reserve:4>t1") == "7♠ goes only on an 8 of the other colour, not on 8♣"
    assert refusal(game, "reserve:2>t2") == "Nothing goes on the base rank: tableau:2 shows 10♠"
    play(game, "reserve:3>t3")
    assert pile(game, "tableau:3") == "AD KS"


def test_any_face_up_cards_move_together_and_a_space_takes_the_rank_below_the_base() -> None:
    game = game_at(
        LADY_JANE,
        "counters base=10\nfoundation:1 = TH\ntableau:1 = 5c 9D 8S 3H\n"
        "tableau:2 = 9C 8D\ntableau:3 = TC",
    )
    assert refusal(game, "t2>t4/2") is None
    assert refusal(game, "t3>t4") == "An empty tableau pile takes only a 9, not 10♣"
    play(game, "t1>t4/3")
    assert pile(game, "tableau:4") == "9D 8S 3H"
    assert pile(game, "tableau:1") == "5C"


def test_reserve_and_waste_piles_take_no_cards() -> None:
    game = game_at(
        LADY_JANE,
        "counters base=10\nfoundation:1 = TH\ntableau:1 = 8C\nreserve:1 = 9D\nwaste:1 = 9H",
    )
    assert refusal(game, "t1>reserve:1") is not None
    assert refusal(game, "t1>waste:1") is not None
    assert refusal(game, "t1>reserve:2") is not None


def test_won_when_all_are_home() -> None:
    lines = [f"foundation:{i + 1} = {round_the_corner(s, 'T')}" for i, s in enumerate("HSD")]
    lines += [f"foundation:4 = {round_the_corner('C', 'T', 12)}", "reserve:6 = 9C"]
    game = play(game_at(LADY_JANE, "counters base=10\n" + "\n".join(lines)), "reserve:6>f4")
    assert game.outcome() == "won"
    assert game.score() == LADY_JANE.score.maximum == 52
