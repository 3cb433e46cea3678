"""Elevens: nine cards in a square; pairs adding up to 11 and Jack-Queen-King sets leave the
table, and the stock fills each gap at once; won with the whole pack removed. A pair is one
card moved onto its partner, a set a court card moved onto another while the third shows."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from retro.definition.loader import load_game_file
from retro.engine.cards import make_deck
from retro.engine.game import Game
from retro.errors import DefinitionError
from tests.helpers import game_at, legal, load, pile, play, refusal

ROOT = Path(__file__).resolve().parents[2]
ELEVENS = load("elevens")
FILLERS = ["2S", "2H", "2D", "2C", "3S", "3H", "3D", "3C", "4S"]  # no two of them pair


def square(more: str = "", **places: str) -> str:
    """A full square: the named places (`g5="QD"`), every other place a card that pairs with
    nothing there; then the lines of `more`."""
    lines = [f"grid:{n} = {places.get(f'g{n}', FILLERS[n - 1])}" for n in range(1, 10)]
    return "\n".join([*lines, more])


def test_nine_cards_face_up_in_three_rows_and_43_in_the_stock() -> None:
    position = Game(ELEVENS, 4).position
    assert [(p.down, len(p.cards)) for p in position.groups["grid"]] == [(0, 1)] * 9
    stock = position.by_id["stock"]
    assert len(stock.cards) == stock.down == 43
    assert Counter(position.cards_in_play()) == Counter(make_deck())


def test_a_pair_adding_up_to_11_leaves_and_the_stock_fills_both_gaps() -> None:
    game = game_at(ELEVENS, square("stock = 2s 3d 9h", g1="4C", g9="7H"))
    play(game, "grid:1>grid:9")
    assert pile(game, "discard") == "7H 4C"
    assert (pile(game, "grid:1"), pile(game, "grid:9")) == ("9H", "3D")
    assert pile(game, "stock") == "2s"


def test_any_two_places_pair_and_ace_counts_one() -> None:
    game = game_at(ELEVENS, square(g1="AS", g9="TD", g4="6C", g5="6H"))
    assert {"grid:1>grid:9", "grid:9>grid:1"} <= legal(game)
    assert "no pair: adding up to 11" in str(refusal(game, "grid:4>grid:5"))


def test_court_cards_never_pair() -> None:
    game = game_at(ELEVENS, square(g1="JS", g2="QD", g3="5C", g4="KH", g5="KD"))
    assert "not two of J and Q and K" in str(refusal(game, "grid:4>grid:5"))
    assert refusal(game, "grid:3>grid:1") is not None


def test_jack_queen_and_king_leave_together_when_all_three_show() -> None:
    game = game_at(ELEVENS, square("stock = 4s 5d 6h", g1="JS", g5="QD", g9="KH"))
    assert {"grid:1>grid:5", "grid:5>grid:9", "grid:9>grid:1"} <= legal(game)
    play(game, "grid:1>grid:5")
    assert Counter(pile(game, "discard").split()) == Counter(["JS", "QD", "KH"])
    assert [pile(game, f"grid:{n}") for n in (1, 2, 5, 9)] == ["6H", "2H", "5D", "4S"]


def test_of_two_kings_in_sight_the_first_in_suit_order_goes_wherever_it_lies() -> None:
    for spade, heart in ((3, 7), (7, 3)):
        game = game_at(
            ELEVENS,
            square("stock = 4s 5d 6h", g1="JS", g5="QD", **{f"g{spade}": "KS", f"g{heart}": "KH"}),
        )
        play(game, "grid:1>grid:5")
        assert Counter(pile(game, "discard").split()) == Counter(["JS", "QD", "KS"])
        assert pile(game, f"grid:{heart}") == "KH"


def test_no_set_is_begun_while_the_third_card_is_not_in_sight() -> None:
    game = game_at(ELEVENS, square("stock = KC", g1="JS", g5="QD", g9="JH"))
    assert "The set J and Q and K is not all in sight" in str(refusal(game, "grid:1>grid:5"))
    assert "not two of" in str(refusal(game, "grid:1>grid:9"))
    assert game.legal_moves() == []
    assert game.outcome() == "lost"


def test_the_stock_is_not_dealt_by_hand() -> None:
    game = game_at(ELEVENS, square("stock = 9s"))
    assert legal(game) == set()
    assert refusal(game, "grid:1>stock") is not None


def test_won_when_the_pack_is_cleared_with_the_last_pair() -> None:
    game = game_at(ELEVENS, "grid:3 = 5S\ngrid:7 = 6D\ndiscard = 9C 2C")
    assert game.outcome() == "playing"
    play(game, "grid:3>grid:7")
    assert game.outcome() == "won"


def test_a_set_of_ranks_is_two_or_more_different_ranks(tmp_path: Path) -> None:
    text = (ROOT / "games" / "elevens.yaml").read_text(encoding="utf-8")
    for ranks, words in (("JJ", "two or more different ranks"), ("JX", "'X' is not a rank")):
        path = tmp_path / "elevens.yaml"
        path.write_text(
            text.replace("completes_set]", f"{{completes_set: {{ranks: {ranks}}}}}]"),
            encoding="utf-8",
        )
        with pytest.raises(DefinitionError, match=words):
            load_game_file(path)
