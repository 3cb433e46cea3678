"""Four Seasons: five piles in a cross, a foundation in each corner starting at the rank of the
first card dealt, building down regardless of suit with a King on an Ace, one card at a time,
spaces that take any card, one pass through the stock, as positions and moves."""

from __future__ import annotations

from collections import Counter

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

SEASONS = load("four_seasons")
RANKS = "A23456789TJQK"
CROSS = ("tableau:1", "tableau:2", "tableau:3", "wings:1", "wings:2")


def round_the_corner(suit: str, first: str, count: int = 13) -> str:
    start = RANKS.index(first)
    return " ".join(RANKS[(start + i) % 13] + suit for i in range(count))


def test_the_deal_the_base_card_five_in_the_cross_and_the_stock() -> None:
    position = Game(SEASONS, 21).position
    first = position.groups["foundation"][0].cards
    assert [len(p.cards) for p in position.groups["foundation"]] == [1, 0, 0, 0]
    assert position.counters["base"] == first[0].rank
    assert [(len(position.by_id[p].cards), position.by_id[p].down) for p in CROSS] == [(1, 0)] * 5
    assert (len(position.by_id["stock"].cards), position.by_id["stock"].down) == (46, 46)
    assert len(Counter(position.cards_in_play())) == 52


def test_the_other_corners_start_with_the_base_rank() -> None:
    game = game_at(SEASONS, "counters base=7\nfoundation:1 = 7C\nwaste = 7H\nwings:1 = 8D")
    assert refusal(game, "waste>f3") is None
    assert refusal(game, "wings:1>f2") == "An empty foundation pile takes only a 7, not 8♦"


def test_foundations_build_up_in_suit_round_the_corner_to_thirteen_cards() -> None:
    game = game_at(
        SEASONS, "counters base=11\nfoundation:1 = JC QC KC\nwaste = 2C AC\ntableau:1 = AD"
    )
    assert "takes only an A of the same suit next" in str(refusal(game, "t1>f1"))
    play(game, "waste>f1", "waste>f1")
    assert pile(game, "foundation:1") == "JC QC KC AC 2C"
    full = game_at(
        SEASONS, f"counters base=11\nfoundation:1 = {round_the_corner('S', 'J')}\nwaste = JS"
    )
    assert "complete" in str(refusal(full, "waste>f1"))


def test_the_cross_builds_down_whatever_the_suit_a_king_on_an_ace_one_card_at_a_time() -> None:
    game = game_at(
        SEASONS,
        "counters base=5\nfoundation:1 = 5S\ntableau:1 = 9H\n"
        "tableau:2 = 8D 8C\nwings:1 = AS\nwings:2 = 7C\nwaste = KH",
    )
    assert refusal(game, "t2>t1") is None
    assert refusal(game, "waste>wings:1") is None
    assert refusal(game, "wings:2>t1") == "7♣ goes only on an 8, not on 9♥"
    play(game, "t2>t1", "waste>wings:1")
    assert (pile(game, "tableau:1"), pile(game, "wings:1")) == ("9H 8C", "AS KH")
    assert refusal(game, "t1>wings:2/2") == "Only the top card can be moved"


def test_a_space_in_the_cross_takes_any_card() -> None:
    game = game_at(SEASONS, "counters base=5\nfoundation:1 = 5S\ntableau:1 = 9H\nwaste = 2D")
    assert refusal(game, "waste>wings:2") is None
    assert refusal(game, "t1>t3") is None


def test_one_card_a_turn_and_one_pass() -> None:
    game = play(
        game_at(SEASONS, "counters base=5\nfoundation:1 = 5S\nstock = 2c 3d\ntableau:1 = 9H"),
        "deal",
    )
    assert pile(game, "waste") == "3D"
    play(game, "deal")
    assert "deal" not in legal(game)


def test_won_when_every_corner_holds_its_suit() -> None:
    lines = [f"foundation:{i + 1} = {round_the_corner(s, '9')}" for i, s in enumerate("SHD")]
    lines += [f"foundation:4 = {round_the_corner('C', '9', 12)}", "wings:2 = 8C"]
    game = play(game_at(SEASONS, "counters base=9\n" + "\n".join(lines)), "wings:2>f4")
    assert game.outcome() == "won"
    assert game.score() == SEASONS.score.maximum == 52
