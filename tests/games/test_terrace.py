"""Terrace: two packs; the player opens by choosing one of four dealt cards as the base of the
foundations, which then build up in alternate colours going round; the game deals the empty rows
and the waste; rows build down in alternate colours one card at a time, an empty waste and an
empty row are filled at once; the terrace plays only to the foundations, as positions and moves."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

TERRACE = load("terrace")
OPENING = (
    "terrace = 3S QH 5C\nrows:1 = 9S\nrows:2 = 6S\nrows:3 = KH\nrows:4 = 7D\n"
    "stock = 2c 8h 4s ac 5d 3h 7c 8d"
)
FULL = "\n".join(f"rows:{n} = KD" for n in range(2, 10))  # rows 2 to 9 held, so none is filled


def test_eleven_terrace_cards_four_rows_dealt_and_the_rest_in_the_stock() -> None:
    position = Game(TERRACE, 3).position
    terrace = position.by_id["terrace"]
    assert (len(terrace.cards), terrace.down) == (11, 0)
    assert [len(p.cards) for p in position.groups["rows"]] == [1, 1, 1, 1, 0, 0, 0, 0, 0]
    stock = position.by_id["stock"]
    assert len(stock.cards) == stock.down == 89
    assert not any(p.cards for p in position.groups["foundation"])
    assert Counter(position.cards_in_play()) == Counter(make_deck(2))


def test_the_opening_choice_is_one_of_the_four_row_cards_onto_the_first_foundation() -> None:
    game = game_at(TERRACE, OPENING)
    assert legal(game) == {f"rows:{n}>foundation:1" for n in (1, 2, 3, 4)}
    assert refusal(game, "terrace>foundation:1") is not None
    assert refusal(game, "rows:1>foundation:2") is not None
    assert refusal(game, "rows:1>rows:5") is not None
    assert refusal(game, "deal") is not None


def test_the_choice_sets_the_base_and_the_game_deals_the_rows_and_the_waste() -> None:
    game = play(game_at(TERRACE, OPENING), "rows:2>foundation:1")
    assert pile(game, "foundation:1") == "6S"
    assert [pile(game, f"rows:{n}") for n in range(1, 10)] == [
        "9S",
        "8D",
        "KH",
        "7D",
        "7C",
        "3H",
        "5D",
        "AC",
        "4S",
    ]
    assert (pile(game, "waste"), pile(game, "stock")) == ("8H", "2c")


def test_the_other_foundations_start_with_the_base_rank_and_build_up_in_alternate_colours() -> None:
    game = play(game_at(TERRACE, OPENING + " 6d 6h"), "rows:2>foundation:1")
    play(game, "rows:4>foundation:1")
    assert pile(game, "foundation:1") == "6S 7D"
    game = game_at(
        TERRACE, "foundation:1 = 6S\nrows:1 = 6C\nrows:2 = 5H\nterrace = 9S 6H\nwaste = 2C"
    )
    assert "terrace>foundation:2" in legal(game)
    assert refusal(game, "rows:2>foundation:2") is not None
    play(game, "terrace>foundation:2")
    assert refusal(game, "rows:1>foundation:2") is not None  # 6 on 6: no


def test_the_foundations_go_round_from_king_to_ace() -> None:
    game = game_at(TERRACE, "foundation:1 = JS QH KC\nrows:1 = AH\nwaste = 2C")
    play(game, "rows:1>foundation:1")
    assert pile(game, "foundation:1") == "JS QH KC AH"


def test_rows_build_down_in_alternate_colours_one_card_and_an_ace_takes_a_king() -> None:
    game = game_at(
        TERRACE,
        "foundation:1 = 6S\nrows:1 = 9S 8H\nrows:2 = 9D\nrows:3 = AH\nrows:4 = KS\nwaste = 8C",
    )
    assert refusal(game, "rows:1>rows:2/2") is not None
    assert refusal(game, "rows:1>rows:2") is not None  # 8♥ on 9♦: same colour
    play(game, "waste>rows:2", "rows:4>rows:3")
    assert (pile(game, "rows:2"), pile(game, "rows:3")) == ("9D 8C", "AH KS")


def test_the_terrace_plays_only_to_the_foundations() -> None:
    game = game_at(TERRACE, "foundation:1 = 6S\nrows:1 = 9S\nterrace = 8H\nwaste = 2C")
    assert refusal(game, "terrace>rows:1") is not None
    assert refusal(game, "rows:1>terrace") is not None


def test_an_empty_row_takes_the_waste_card_and_an_empty_waste_the_stock_card() -> None:
    game = game_at(TERRACE, f"foundation:1 = 6S\nrows:1 = 7H\n{FULL}\nwaste = 4D\nstock = 9c 5s")
    play(game, "rows:1>foundation:1")
    assert (pile(game, "rows:1"), pile(game, "waste"), pile(game, "stock")) == ("4D", "5S", "9c")


def test_the_stock_turns_one_card_onto_the_waste_and_is_gone_through_once() -> None:
    game = game_at(TERRACE, f"foundation:1 = 6S\nrows:1 = 7H\n{FULL}\nwaste = 4D\nstock = 9c 5s")
    play(game, "deal", "deal")
    assert pile(game, "waste") == "4D 5S 9C"
    assert "deal" not in legal(game)


def test_won_with_all_104_cards_home() -> None:
    suits = "SHDCSHDC"
    lines = []
    for n in range(8):
        ranks = "6789TJQKA2345"
        cards = [
            ranks[i] + (suits[(n + i) % 2] if n % 2 == 0 else "HS"[(n + i) % 2]) for i in range(13)
        ]
        lines.append(f"foundation:{n + 1} = " + " ".join(cards))
    last = lines[7].rsplit(" ", 1)
    game = game_at(TERRACE, "\n".join([*lines[:7], last[0], "waste = " + last[1]]))
    play(game, "waste>foundation:8")
    assert game.outcome() == "won"
    assert game.score() == TERRACE.score.maximum == 104
