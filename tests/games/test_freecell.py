"""FreeCell: Windows' deal numbers, the cells, building down in alternate colours, the
foundations, how many cards move at once, and the win, as positions and moves."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck, shuffle
from retro.engine.deals import microsoft_shuffle
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

FREECELL = load("freecell")


def row(game: Game, number: int) -> str:
    """Row `number` (0: the first cards dealt) across the eight columns."""
    return " ".join(
        p.cards[number].code for p in game.position.groups["tableau"] if len(p.cards) > number
    )


# -- the deal ------------------------------------------------------------------------------------


def test_deal_1_is_windows_freecell_deal_1() -> None:
    game = Game(FREECELL, 1)
    assert row(game, 0) == "JD 2D 9H JC 5D 7H 7C 5H"
    assert row(game, 1) == "KD KC 9S 5S AD QC KH 3H"
    assert row(game, 6) == "6S 9C 2H 6H"


def test_deal_617_is_windows_freecell_deal_617() -> None:
    assert row(Game(FREECELL, 617), 0) == "7D AD 5C 3S 5S 8C 2D AH"


def test_eight_columns_of_7_7_7_7_6_6_6_6_all_face_up_cells_and_foundations_empty() -> None:
    position = Game(FREECELL, 11982).position
    assert [(p.down, len(p.cards)) for p in position.groups["tableau"]] == [(0, 7)] * 4 + [
        (0, 6)
    ] * 4
    assert not any(p.cards for p in position.groups["cell"] + position.groups["foundation"])
    assert Counter(position.cards_in_play()) == Counter(make_deck())


def test_the_microsoft_shuffle_is_freecells_alone_and_ignores_the_packs_order() -> None:
    assert FREECELL.deck.shuffle == "microsoft"
    assert load("spider").deck.shuffle == "pcg32"
    pack = make_deck()
    assert microsoft_shuffle(pack[::-1], 617) == microsoft_shuffle(pack, 617)
    assert microsoft_shuffle(pack, 617) != shuffle(pack, 617)


# -- cells -----------------------------------------------------------------------------------


def test_a_free_cell_takes_any_one_card_and_gives_it_back() -> None:
    game = game_at(FREECELL, "tableau:1 = 9S 8H\ncell:2 = 4C")
    assert refusal(game, "t1>cell:1") is None
    assert "not empty" in str(refusal(game, "t1>cell:2"))
    assert "one card" in str(refusal(game, "t1>cell:1/2"))
    play(game, "t1>cell:1")
    assert pile(game, "cell:1") == "8H"
    assert {"cell:1>tableau:2", "cell:2>tableau:2"} <= legal(game)


# -- columns ---------------------------------------------------------------------------------


def test_columns_build_down_in_alternate_colours() -> None:
    game = game_at(FREECELL, "tableau:1 = 9S\ntableau:2 = 8H\ntableau:3 = 8C\ntableau:4 = 7D")
    assert refusal(game, "t2>t1") is None
    assert "goes only on a 9 of the other colour" in str(refusal(game, "t3>t1"))
    assert refusal(game, "t4>t3") is None
    assert refusal(game, "t4>t2") is not None


def test_an_empty_column_takes_any_card() -> None:
    game = game_at(FREECELL, "tableau:1 = 3D\ntableau:2 = KS")
    assert {"tableau:1>tableau:3", "tableau:2>tableau:3"} <= legal(game)


def test_a_run_moves_when_cells_and_columns_make_room() -> None:
    # no empty column, one free cell: two cards at once
    columns = ["2C 9H 8S 7D 6C 5H", "7H", "8C", "2S", "2S", "2S", "2S", "2S"]
    game = game_at(
        FREECELL,
        "\n".join(f"tableau:{i} = {c}" for i, c in enumerate(columns, 1))
        + "\ncell:1 = AS\ncell:2 = AH\ncell:3 = AD",
    )
    assert "tableau:1>tableau:2/2" in legal(game)
    assert "Room for 2 cards at once, not 3" in str(refusal(game, "t1>t3/3"))
    play(game, "t1>t2/2")
    assert pile(game, "tableau:2") == "7H 6C 5H"


def test_each_empty_column_doubles_the_room_but_not_the_target() -> None:
    # no free cell, two empty columns: 1 * 2 * 2 = 4 cards onto a card, 2 onto an empty column
    columns = ["KH QS JH TS 9H 8S", "KD", "QC", "2S", "2S", "2S"]
    cells = "\ncell:1 = AS\ncell:2 = AH\ncell:3 = AD\ncell:4 = AC"
    game = game_at(
        FREECELL, "\n".join(f"tableau:{i} = {c}" for i, c in enumerate(columns, 1)) + cells
    )
    assert "tableau:1>tableau:3/4" in legal(game)
    assert "Room for 4 cards at once, not 5" in str(refusal(game, "t1>t2/5"))
    assert "tableau:1>tableau:7/2" in legal(game)
    assert "Room for 2 cards at once, not 3" in str(refusal(game, "t1>t7/3"))


def test_a_run_must_alternate_colours_to_move_together() -> None:
    game = game_at(FREECELL, "tableau:1 = 9H 8D\ntableau:2 = TS")
    assert "alternating colours" in str(refusal(game, "t1>t2/2"))


# -- foundations and the win -------------------------------------------------------------------


def test_foundations_start_with_an_ace_and_go_up_in_suit() -> None:
    game = game_at(FREECELL, "tableau:1 = 2H AH\ntableau:2 = 2S\ntableau:3 = 3H")
    assert "only an A" in str(refusal(game, "t2>f1"))
    play(game, "t1>f1", "t1>f1")
    assert pile(game, "foundation:1") == "AH 2H"
    assert "3 of the same suit" in str(refusal(game, "t2>f1"))
    assert refusal(game, "t3>f1") is None


def test_cards_never_leave_the_foundations() -> None:
    game = game_at(FREECELL, "foundation:1 = AH 2H")
    assert "never leave" in str(refusal(game, "f1>t1"))


def test_won_when_the_last_card_goes_home() -> None:
    suits = "SHDC"
    lines = [
        f"foundation:{i + 1} = " + " ".join(f"{r}{s}" for r in "A23456789TJQK")
        for i, s in enumerate(suits[:3])
    ]
    lines.append("foundation:4 = " + " ".join(f"{r}C" for r in "A23456789TJQ"))
    game = play(game_at(FREECELL, "\n".join([*lines, "cell:3 = KC"])), "cell:3>f4")
    assert game.outcome() == "won"


def test_lost_when_no_move_is_left() -> None:
    cells = "\n".join(f"cell:{i} = {c}" for i, c in enumerate(["KS", "KH", "KD", "KC"], 1))
    columns = "\n".join(
        f"tableau:{i} = {c}"
        for i, c in enumerate(["QS", "QC", "QH", "QD", "3S", "3H", "3D", "3C"], 1)
    )
    game = game_at(FREECELL, cells + "\n" + columns)
    assert game.legal_moves() == []
    assert game.outcome() == "lost"
