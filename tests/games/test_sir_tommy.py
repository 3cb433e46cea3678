"""Sir Tommy: foundations from the Aces up whatever the suits, each turned card to a foundation
or a heap of the player's choice, only heap tops to the foundations, one pass, as positions
and moves."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

SIR_TOMMY = load("sir_tommy")


def test_the_deal_is_the_whole_pack_in_the_stock() -> None:
    position = Game(SIR_TOMMY, 4).position
    stock = position.by_id["stock"]
    assert (len(stock.cards), stock.down, len(set(stock.cards))) == (52, 52, 52)
    assert not any(p.cards for p in position.piles if p.id != "stock")


def test_foundations_start_with_an_ace_and_build_up_whatever_the_suits() -> None:
    game = game_at(SIR_TOMMY, "foundation:1 = AS 2H\nheaps:1 = 3D\nheaps:2 = 4C\nwaste = 2C")
    assert refusal(game, "h2>f1") == "foundation:1 takes only the 3 next"
    assert "An empty foundation place takes only an A" in str(refusal(game, "h1>f2"))
    play(game, "h1>f1", "h2>f1")
    assert pile(game, "foundation:1") == "AS 2H 3D 4C"


def test_a_turned_card_goes_to_any_heap_and_only_when_the_waste_is_empty_is_one_turned() -> None:
    game = play(game_at(SIR_TOMMY, "stock = 9c 7d\nheaps:1 = KS"), "deal")
    assert pile(game, "waste") == "7D"
    assert refusal(game, "deal") == "Not while waste still holds cards"
    assert {m for m in legal(game) if m.startswith("waste>")} == {
        f"waste>heaps:{n}" for n in range(1, 5)
    }
    play(game, "waste>h1", "deal")
    assert pile(game, "heaps:1") == "KS 7D"
    assert pile(game, "waste") == "9C"


def test_heaps_take_cards_only_from_the_waste_and_give_them_only_to_foundations() -> None:
    game = game_at(SIR_TOMMY, "heaps:1 = 5H\nheaps:2 = 6S\nfoundation:1 = AC 2C 3C 4C")
    assert refusal(game, "h1>h2") == "heaps:2 takes cards only from waste"
    assert legal(game) == {"heaps:1>foundation:1"}


def test_one_pass_through_the_stock() -> None:
    game = game_at(SIR_TOMMY, "heaps:1 = 5H\nheaps:2 = 6S")
    assert "deal" not in legal(game)
    assert game.outcome() == "lost"


def test_won_when_all_are_home() -> None:
    lines = [
        f"foundation:{i + 1} = " + " ".join(r + s for r in "A23456789TJQK")
        for i, s in enumerate("SHDC")
    ]
    lines[3] = lines[3].rsplit(" ", 1)[0]
    game = play(game_at(SIR_TOMMY, "\n".join([*lines, "heaps:4 = KC"])), "h4>f4")
    assert game.outcome() == "won"
    assert game.score() == SIR_TOMMY.score.maximum == 52
