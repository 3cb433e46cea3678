"""Canfield: the reserve, foundations from the rank the deal starts them with and round the
corner, columns in alternate colours with a King on an Ace, spaces filled from the reserve,
three cards a turn without limit, as positions and moves."""

from __future__ import annotations

from collections import Counter

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

CANFIELD = load("canfield")
RANKS = "A23456789TJQK"


def round_the_corner(suit: str, first: str, count: int = 13) -> str:
    """`5S 6S ... KS AS ... 4S`: a foundation from `first`, going round from King to Ace."""
    start = RANKS.index(first)
    return " ".join(RANKS[(start + i) % 13] + suit for i in range(count))


def test_the_deal_reserve_of_13_first_foundation_four_columns_and_the_stock() -> None:
    position = Game(CANFIELD, 8).position
    reserve = position.by_id["reserve"]
    assert (len(reserve.cards), reserve.down) == (13, 12)
    assert [len(p.cards) for p in position.groups["foundation"]] == [1, 0, 0, 0]
    assert [(len(p.cards), p.down) for p in position.groups["tableau"]] == [(1, 0)] * 4
    stock = position.by_id["stock"]
    assert (len(stock.cards), stock.down) == (34, 34)
    assert len(Counter(position.cards_in_play())) == 52


def test_other_foundations_start_with_the_rank_dealt_to_the_first() -> None:
    game = game_at(CANFIELD, "foundation:1 = 7C\nwaste = 7H\ntableau:1 = 8D\nreserve = 6s")
    assert refusal(game, "waste>f2") is None
    assert refusal(game, "t1>f2") == (
        "An empty foundation pile takes only a 7, the rank of 7♣ on foundation:1"
    )


def test_foundations_build_up_in_suit_and_go_round_from_king_to_ace() -> None:
    game = game_at(CANFIELD, "foundation:1 = JC QC KC\nwaste = 2C AC\ntableau:1 = AD")
    assert "takes only an A of the same suit next" in str(refusal(game, "t1>f1"))
    play(game, "waste>f1", "waste>f1")
    assert pile(game, "foundation:1") == "JC QC KC AC 2C"


def test_a_foundation_of_13_cards_is_complete() -> None:
    game = game_at(CANFIELD, f"foundation:1 = {round_the_corner('S', '5')}\nwaste = 5S")
    assert "complete" in str(refusal(game, "waste>f1"))


def test_columns_build_down_in_alternate_colours_and_a_king_goes_on_an_ace() -> None:
    game = game_at(CANFIELD, "tableau:1 = AH\ntableau:2 = 9S\nwaste = KH KS\nreserve = 8H")
    assert refusal(game, "waste>t1") is None
    assert refusal(game, "reserve>t2") is None
    play(game, "waste>t1")
    assert refusal(game, "waste>t1") == "K♥ goes only on an A of the other colour, not on K♠"


def test_a_run_round_the_corner_moves_together() -> None:
    game = game_at(CANFIELD, "tableau:1 = 5D 2S AH KC\ntableau:2 = 2C\ntableau:3 = 6C")
    assert "tableau:1>tableau:2/2" in legal(game)
    assert "King may lie on an Ace) moves together: 3 of tableau:1, not 4" in str(
        refusal(game, "t1>t3/4")
    )
    play(game, "t1>t2/2")
    assert pile(game, "tableau:2") == "2C AH KC"


def test_a_space_is_filled_at_once_from_the_reserve_whose_next_card_turns_up() -> None:
    game = game_at(
        CANFIELD, "tableau:1 = 4D\ntableau:2 = 5S\ntableau:3 = 9H\ntableau:4 = TC\nreserve = qs 8H"
    )
    play(game, "t1>t2")
    assert pile(game, "tableau:1") == "8H"
    assert pile(game, "reserve") == "QS"
    game.pop()
    assert pile(game, "reserve") == "qs 8H"
    assert pile(game, "tableau:1") == "4D"


def test_with_the_reserve_gone_a_space_takes_any_card() -> None:
    game = game_at(CANFIELD, "tableau:1 = 4D\ntableau:2 = 5S\nwaste = 9C")
    play(game, "t1>t2")
    assert not game.position.by_id["tableau:1"].cards
    assert refusal(game, "waste>t1") is None


def test_three_cards_a_turn_and_redeals_without_limit() -> None:
    game = play(game_at(CANFIELD, "stock = 2c 3d 4h 5s\ntableau:1 = KS"), "deal")
    assert pile(game, "waste") == "5S 4H 3D"
    game = game_at(CANFIELD, "counters redeals=250\nwaste = 2C\ntableau:1 = KS")
    assert "deal" in legal(game)


def test_won_when_all_four_foundations_are_complete() -> None:
    lines = [f"foundation:{i + 1} = {round_the_corner(s, '9')}" for i, s in enumerate("SHD")]
    lines += [f"foundation:4 = {round_the_corner('C', '9', 12)}", "waste = 8C"]
    game = game_at(CANFIELD, "\n".join(lines))
    play(game, "waste>f4")
    assert game.outcome() == "won"
    assert game.score() == CANFIELD.score.maximum == 5 * 52 - 52


def test_score_is_5_a_card_home_against_a_stake_of_52() -> None:
    assert Game(CANFIELD, 3).score() == 5 - 52
    assert game_at(CANFIELD, "foundation:1 = 7C 8C\nfoundation:2 = 7D").score() == 15 - 52
