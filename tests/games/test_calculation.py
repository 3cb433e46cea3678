"""Calculation: four foundations building up by 1, 2, 3 and 4 round the corner, four heaps for
turned cards, only heap tops to the foundations, as positions and moves."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

CALCULATION = load("calculation")
START = "foundation:1 = AS\nfoundation:2 = 2S\nfoundation:3 = 3S\nfoundation:4 = 4S\n"
ORDERS = {  # each foundation's thirteen cards, as the rules make them
    1: "A 2 3 4 5 6 7 8 9 T J Q K",
    2: "2 4 6 8 T Q A 3 5 7 9 J K",
    3: "3 6 9 Q 2 5 8 J A 4 7 T K",
    4: "4 8 Q 3 7 J 2 6 T A 5 9 K",
}


def test_the_deal_starts_the_foundations_with_a_2_3_4_and_leaves_48_in_stock() -> None:
    position = Game(CALCULATION, 6).position
    assert [pile_ranks(p.cards) for p in position.groups["foundation"]] == ["A", "2", "3", "4"]
    stock = position.by_id["stock"]
    assert (len(stock.cards), stock.down) == (48, 48)
    assert not any(p.cards for p in position.groups["heaps"])
    assert not position.by_id["waste"].cards


def pile_ranks(cards: list) -> str:  # type: ignore[type-arg]
    return " ".join(card.code[0] for card in cards)


def test_each_foundation_builds_by_its_step_whatever_the_suits() -> None:
    game = game_at(CALCULATION, START + "waste = 4H\nheaps:1 = 6C 2D")
    assert refusal(game, "waste>f1") == "foundation:1 builds up by 1: it takes only a 2 next"
    play(game, "h1>f1", "waste>f2", "h1>f2")
    assert pile(game, "foundation:2") == "2S 4H 6C"
    assert refusal(game_at(CALCULATION, START + "waste = 5H"), "waste>f2") == (
        "foundation:2 builds up by 2: it takes only a 4 next"
    )


def test_the_steps_go_round_from_king_to_ace_and_end_at_a_king() -> None:
    for number, order in ORDERS.items():
        ranks = order.split()
        lines = [f"foundation:{number} = " + " ".join(r + "H" for r in ranks[:-1])]
        game = game_at(CALCULATION, "\n".join([*lines, "waste = KD"]))
        assert refusal(game, f"waste>f{number}") is None, number
        play(game, f"waste>f{number}")
        game = game_at(
            CALCULATION,
            f"foundation:{number} = " + " ".join(r + "H" for r in ranks) + "\nwaste = AD",
        )
        assert "complete" in str(refusal(game, f"waste>f{number}"))


def test_a_card_is_turned_only_when_the_waste_is_empty() -> None:
    game = play(game_at(CALCULATION, START + "stock = 9c 7d"), "deal")
    assert pile(game, "waste") == "7D"
    assert refusal(game, "deal") == "Not while waste still holds cards"
    play(game, "waste>h3", "deal")
    assert pile(game, "waste") == "9C"


def test_a_turned_card_goes_on_any_heap_but_heap_cards_go_only_to_the_foundations() -> None:
    game = game_at(CALCULATION, START + "waste = KD\nheaps:1 = 9C\nheaps:2 = 8H")
    assert {f"waste>heaps:{i}" for i in range(1, 5)} <= legal(game)
    assert refusal(game, "h1>h2") == "heaps:2 takes cards only from waste"
    assert refusal(game, "h2>f4") is None
    assert refusal(game, "f1>h3") == "Cards never leave foundation:1"


def test_the_stock_is_gone_through_once() -> None:
    game = game_at(CALCULATION, START + "heaps:1 = 9C")
    assert "deal" not in legal(game)
    assert refusal(game, "deal") == "Nothing to turn: the stock and the waste are empty"
    assert game.outcome() == "lost"


def test_won_when_every_foundation_reaches_its_king() -> None:
    lines = [
        f"foundation:{n} = " + " ".join(r + "SHDC"[n - 1] for r in order.split())
        for n, order in ORDERS.items()
    ]
    lines[3] = lines[3].rsplit(" ", 1)[0]
    game = play(game_at(CALCULATION, "\n".join([*lines, "heaps:2 = KC"])), "h2>f4")
    assert game.outcome() == "won"
    assert game.score() == CALCULATION.score.maximum == 52
