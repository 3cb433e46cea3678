"""Sultan: two packs; the Sultan (a King of hearts) in the middle takes nothing, seven Kings and
an Ace of hearts round it build up in suit, the Kings going round from the Ace to the Queen;
the divan's six cards (eight in Sultan +, the option) and the waste play, an empty divan place
takes a card from the waste; three passes through the stock; won with all 104 cards home."""

from __future__ import annotations

from collections import Counter

import pytest

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

SULTAN = load("sultan")
RING = (
    "sultan = KH\nupper:1 = KC\nupper:2 = AH\nupper:3 = KC\nsides:1 = KS\nsides:2 = KS\n"
    "lower:1 = KD\nlower:2 = KH\nlower:3 = KD\n"
)


@pytest.mark.parametrize(("divan", "stock"), [(6, 89), (8, 87)])
def test_the_sultan_and_the_ring_are_named_cards_the_divan_six_or_eight_the_stock_the_rest(
    divan: int, stock: int
) -> None:
    game = Game(load("sultan", divan=divan), 6)
    assert [
        pile(game, p)
        for p in (
            "sultan",
            "upper:1",
            "upper:2",
            "upper:3",
            "sides:1",
            "sides:2",
            "lower:1",
            "lower:2",
            "lower:3",
        )
    ] == ["KH", "KC", "AH", "KC", "KS", "KS", "KD", "KH", "KD"]
    position = game.position
    assert [(len(p.cards), p.down) for p in position.groups["divan"]] == [(1, 0)] * divan
    pack = position.by_id["stock"]
    assert len(pack.cards) == pack.down == stock
    assert Counter(position.cards_in_play()) == Counter(make_deck(2))


def test_sultan_deals_six_divan_cards_as_pysolfc_and_sultan_plus_eight() -> None:
    assert SULTAN.options["divan"] == 6
    assert len(Game(SULTAN, 1).position.groups["divan"]) == 6
    assert len(Game(load("sultan", divan=8), 1).position.groups["divan"]) == 8


def test_a_king_foundation_goes_on_with_the_ace_then_up_in_suit() -> None:
    game = game_at(SULTAN, RING + "divan:1 = AC\ndivan:2 = 2C\ndivan:3 = AS\ndivan:4 = 2H")
    assert {"divan:1>upper:1", "divan:1>upper:3", "divan:3>sides:1", "divan:4>upper:2"} <= (
        legal(game)
    )
    assert refusal(game, "divan:2>upper:1") is not None
    play(game, "divan:1>upper:1", "divan:2>upper:1")
    assert pile(game, "upper:1") == "KC AC 2C"


def test_the_sultan_takes_nothing() -> None:
    game = game_at(SULTAN, RING + "divan:1 = AH")
    assert "divan:1>sultan" not in legal(game)
    assert refusal(game, "divan:1>sultan") is not None


def test_a_king_foundation_ends_with_the_queen_and_the_ace_of_hearts_with_the_queen() -> None:
    queens = " ".join(f"{r}C" for r in "A23456789TJQ")
    game = game_at(
        SULTAN,
        RING.replace("upper:1 = KC", f"upper:1 = KC {queens}").replace(
            "upper:2 = AH", "upper:2 = " + " ".join(f"{r}H" for r in "A23456789TJQ")
        )
        + "divan:1 = KC\ndivan:2 = KH",
    )
    assert len(game.position.by_id["upper:1"].cards) == 13
    assert refusal(game, "divan:1>upper:1") is not None
    assert refusal(game, "divan:2>upper:2") is not None


def test_an_empty_divan_place_takes_a_card_from_the_waste_only() -> None:
    game = game_at(SULTAN, RING + "divan:1 = 9D\ndivan:3 = 4S\nwaste = 7C")
    assert "waste>divan:2" in legal(game)
    assert "divan:1>divan:2" not in legal(game)
    assert refusal(game, "divan:1>divan:2") is not None
    assert refusal(game, "waste>divan:1") is not None
    play(game, "waste>divan:2")
    assert pile(game, "divan:2") == "7C"


def test_the_stock_turns_one_card_and_is_gone_through_three_times() -> None:
    game = game_at(SULTAN, RING + "divan:1 = 9D\nstock = 5c 6d")
    play(game, "deal")
    assert (pile(game, "waste"), pile(game, "stock")) == ("6D", "5c")
    play(game, *["deal"] * 7)
    assert pile(game, "waste") == "6D 5C"
    assert "deal" not in legal(game)
    assert "No redeal left" in str(refusal(game, "deal"))


def test_won_with_all_104_cards_home() -> None:
    ring = []
    for name, king in (
        ("upper:1", "C"),
        ("upper:3", "C"),
        ("sides:1", "S"),
        ("sides:2", "S"),
        ("lower:1", "D"),
        ("lower:2", "H"),
        ("lower:3", "D"),
    ):
        ring.append(f"{name} = K{king} " + " ".join(f"{r}{king}" for r in "A23456789TJQ"))
    hearts = " ".join(f"{r}H" for r in "A23456789TJ")
    game = game_at(SULTAN, "\n".join([*ring, "sultan = KH", f"upper:2 = {hearts}", "waste = QH"]))
    assert game.outcome() == "playing"
    play(game, "waste>upper:2")
    assert game.outcome() == "won"
    assert game.score() == SULTAN.score.maximum == 104
