"""Oonsoo from XPat2's rule code: 48 cards (Ace to Queen), twelve columns of a face-down and a
face-up card, cards of one rank gathered in the order clubs, spades, hearts, diamonds and moved
together, only a club into a space, the stock dealing a card onto every column, and the win with
every column one whole rank; no score."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from retro.definition.loader import load_game_file
from retro.engine.cards import make_deck
from retro.engine.game import Game
from retro.errors import DefinitionError
from retro.paths import games_dir
from tests.helpers import game_at, legal, load, pile, play, refusal

OONSOO = load("oonsoo")


def test_48_cards_without_kings_twelve_columns_of_one_down_one_up_and_24_in_the_stock() -> None:
    position = Game(OONSOO, 6).position
    assert [(p.down, len(p.cards)) for p in position.groups["tableau"]] == [(1, 2)] * 12
    assert len(position.by_id["stock"].cards) == 24
    assert Counter(position.cards_in_play()) == Counter(make_deck(ranks=tuple(range(1, 13))))


def test_a_card_goes_on_its_own_rank_of_an_earlier_suit_clubs_spades_hearts_diamonds() -> None:
    game = game_at(
        OONSOO, "tableau:1 = 6C\ntableau:2 = 6S\ntableau:3 = 6H\ntableau:4 = 7C\ntableau:5 = 6D"
    )
    assert {"tableau:3>tableau:1", "tableau:3>tableau:2", "tableau:2>tableau:1"} <= legal(game)
    assert refusal(game, "t5>t3") is None
    assert "goes only on a 6 of a suit before it" in str(refusal(game, "t1>t2"))
    assert refusal(game, "t3>t4") is not None
    assert refusal(game, "t2>t3") is not None


def test_a_set_of_one_rank_in_suit_order_moves_together() -> None:
    game = game_at(OONSOO, "tableau:1 = 9d 4C 4S 4D\ntableau:2 = 8C 8H\ntableau:3 = 3C")
    assert refusal(game, "t1>t4/3") is None
    assert refusal(game, "t2>t4/2") is None
    game = game_at(OONSOO, "tableau:1 = 4S 4C 4D\ntableau:2 = 4H")
    assert "Only cards of one rank" in str(refusal(game, "t1>t3/3"))


def test_an_empty_column_takes_only_a_club_at_the_bottom() -> None:
    game = game_at(OONSOO, "tableau:1 = 2D 5S\ntableau:2 = 9C 9H\ntableau:3 = 2H JC")
    assert refusal(game, "t3>t4") is None
    assert refusal(game, "t2>t4/2") is None
    assert "takes only a ♣" in str(refusal(game, "t1>t4"))
    assert "takes only a ♣" in str(refusal(game, "t2>t4"))


def test_a_face_down_card_left_on_top_turns_up() -> None:
    game = play(game_at(OONSOO, "tableau:1 = qd 5H\ntableau:2 = 5S"), "t1>t2")
    assert pile(game, "tableau:1") == "QD"


def test_the_stock_deals_a_card_onto_every_column_at_any_time() -> None:
    columns = "\n".join(f"tableau:{i} = AC" for i in range(2, 13))
    stock = " ".join(f"{r}H" for r in "A23456789TJQ")
    game = play(game_at(OONSOO, f"{columns}\nstock = {stock.lower()}"), "deal")
    assert pile(game, "tableau:1") == "QH"
    assert pile(game, "tableau:12") == "AC AH"
    assert not game.position.by_id["stock"].cards


def test_won_when_every_column_holds_one_rank_clubs_spades_hearts_diamonds() -> None:
    lines = [f"tableau:{i + 1} = {r}C {r}S {r}H {r}D" for i, r in enumerate("A23456789TJ")]
    game = game_at(OONSOO, "\n".join(lines) + "\ntableau:12 = QC QS QH\nstock = qd")
    assert game.outcome() == "playing"
    lines[0] += " QH"
    game = game_at(OONSOO, "\n".join(lines) + "\ntableau:12 = QC QS\nstock = qd")
    play(game, "t1>t12", "deal")
    assert pile(game, "tableau:12") == "QC QS QH"
    assert pile(game, "tableau:1") == "AC AS AH AD QD"
    play(game, "t1>t12")
    assert game.outcome() == "won"
    assert game.score() == 0 and OONSOO.score.maximum == 0


def test_the_suit_order_is_a_parameter_and_must_name_each_suit_once(tmp_path: Path) -> None:
    broken = tmp_path / "oonsoo.yaml"
    broken.write_text(
        (games_dir() / "oonsoo.yaml")
        .read_text(encoding="utf-8")
        .replace("{rank_set_run: {order: CSHD}}", "{rank_set_run: {order: CSHH}}"),
        encoding="utf-8",
    )
    with pytest.raises(DefinitionError, match="four suits"):
        load_game_file(broken)
