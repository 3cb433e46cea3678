"""modified Canfield from XPat2's rule code: no reserve, the stock's face-up top card playing in
its place; foundations from the first card's rank, in suit, round the corner; columns down in
alternate colours without going round, moving only whole; spaces from the stock, or from the
waste once the stock is empty; three cards a turn, 999 redeals; XPat2's score, 5 a card home
less 5 a redeal against a stake of 52."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

MOD = load("mod_canfield")
RANKS = "A23456789TJQK"


def test_the_deal_a_foundation_card_four_columns_three_on_the_waste_and_the_stock() -> None:
    position = Game(MOD, 8).position
    assert [len(p.cards) for p in position.groups["foundation"]] == [1, 0, 0, 0]
    assert [(len(p.cards), p.down) for p in position.groups["tableau"]] == [(1, 0)] * 4
    assert (len(position.by_id["waste"].cards), position.by_id["waste"].down) == (3, 0)
    stock = position.by_id["stock"]
    assert (len(stock.cards), stock.down) == (44, 43)
    assert "reserve" not in position.groups
    assert Counter(position.cards_in_play()) == Counter(make_deck())


def test_the_stocks_top_card_plays_and_the_next_one_turns_up() -> None:
    game = game_at(MOD, "foundation:1 = 5D\nstock = 2c 9h 6D\ntableau:1 = TS")
    assert {"stock>foundation:1", "stock>tableau:2"} <= legal(game)
    play(game, "stock>foundation:1")
    assert pile(game, "stock") == "2c 9H"
    play(game, "stock>tableau:1")
    assert (pile(game, "tableau:1"), pile(game, "stock")) == ("TS 9H", "2C")


def test_foundations_start_at_the_first_cards_rank_and_go_round_the_corner() -> None:
    game = game_at(MOD, "foundation:1 = QC KC\nwaste = AC\ntableau:1 = QH\ntableau:2 = 3S")
    assert refusal(game, "waste>f1") is None
    assert "takes only a Q" in str(refusal(game, "t2>f2"))
    assert refusal(game, "t1>f2") is None


def test_columns_build_down_in_alternate_colours_and_no_king_goes_on_an_ace() -> None:
    game = game_at(MOD, "tableau:1 = 9S\ntableau:2 = AH\nwaste = 8C 8D\nstock = 2c KC")
    assert refusal(game, "waste>t1") is None
    assert "goes only to an empty place" in str(refusal(game, "stock>t2"))
    play(game, "waste>t1")
    assert "goes only on a 9 of the other colour" in str(refusal(game, "waste>t1"))


def test_a_column_moves_only_as_a_whole() -> None:
    game = game_at(MOD, "tableau:1 = TD 9S 8H\ntableau:2 = JC\ntableau:3 = 9C\nstock = 2c")
    assert refusal(game, "t1>t2/3") is None
    assert refusal(game, "t1>t3/1") == "Only the whole of tableau:1 moves (3 cards), not 1"


def test_a_space_takes_the_stocks_card_or_the_wastes_once_the_stock_is_empty() -> None:
    game = game_at(MOD, "tableau:1 = 5D\ntableau:2 = 6S\ntableau:3 = 9H\nwaste = 3C\nstock = 7c KH")
    assert refusal(game, "stock>t4") is None
    assert refusal(game, "waste>t4") == (
        "tableau:4 takes cards only from stock; or Not while stock still holds cards"
    )
    assert refusal(game, "t1>t4") is not None
    game = game_at(MOD, "tableau:1 = 5D\ntableau:2 = 6S\nwaste = 3C")
    assert refusal(game, "waste>t3") is None
    assert refusal(game, "t1>t3") is not None


def test_three_cards_a_turn_and_999_redeals() -> None:
    game = play(game_at(MOD, "stock = 2c 3d 4h 5S\ntableau:1 = KS"), "deal")
    assert pile(game, "waste") == "5S 4H 3D"
    assert pile(game, "stock") == "2C"
    game = game_at(MOD, "counters redeals=998\nwaste = 2C\ntableau:1 = KS")
    play(game, "deal")
    assert pile(game, "stock") == "2C"
    game = game_at(MOD, "counters redeals=999\nwaste = 2C\ntableau:1 = KS")
    assert "No redeal left" in str(refusal(game, "deal"))


def test_score_is_5_a_card_home_less_5_a_redeal_against_52() -> None:
    assert Game(MOD, 3).score() == 5 - 52
    game = game_at(MOD, "counters redeals=2\nfoundation:1 = 7C 8C\nfoundation:2 = 7D")
    assert game.score() == 15 - 10 - 52
    assert MOD.score.maximum == 208


def test_won_when_all_four_foundations_are_complete_scoring_208() -> None:
    def suit(s: str, count: int = 13) -> str:
        return " ".join(RANKS[(8 + i) % 13] + s for i in range(count))

    lines = [f"foundation:{i} = {suit(s)}" for i, s in enumerate("SHD", 1)]
    game = game_at(MOD, "\n".join([*lines, f"foundation:4 = {suit('C', 12)}", "stock = 8C"]))
    play(game, "stock>f4")
    assert game.outcome() == "won"
    assert game.score() == 208


def test_a_refused_column_onto_a_space_names_the_stock_it_could_come_from() -> None:
    game = game_at(MOD, "tableau:1 = 5D\ntableau:2 = 6S\nwaste = 3C\nstock = 7c KH")
    assert refusal(game, "t2>t3") == (
        "tableau:3 takes cards only from stock; or Not while stock still holds cards"
    )
    game = game_at(MOD, "tableau:2 = 6S\ntableau:3 = 9H\nwaste = 3C")
    assert refusal(game, "t2>t1") == (
        "tableau:1 takes cards only from stock; or tableau:1 takes cards only from waste"
    )
