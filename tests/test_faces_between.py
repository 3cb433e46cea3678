"""Face-up cards lying between face-down ones (`Pile.lit`, retro/engine/faces.py): dealt so,
in sight but not movable while a face-down card lies on them, joining the face-up cards once
that card is turned; undo puts them back exactly, the notation writes them in upper case among
the lower-case face-down cards, and the position key tells them apart."""

from __future__ import annotations

import itertools
import random

from retro.engine.cards import parse_card
from retro.engine.faces import face_up, hidden, lay_face_down, settle
from retro.engine.game import Game
from retro.engine.notation import format_position, parse_position
from retro.engine.position import key_from_scratch
from retro.solver import honest
from retro.solver.adapter import copy_game
from retro.solver.stranding import hidden_count
from retro.ui.table.layout import DOWN_STEP, UP_STEP, Geometry
from tests.helpers import game_at, load, pile, play, refusal

KLONDIKE = load("klondike")
ATHENA = load("athena")


def test_a_face_down_card_dealt_on_face_up_ones_leaves_them_face_up() -> None:
    game = game_at(KLONDIKE, "")
    column = game.position.by_id["tableau:1"]
    lay_face_down(column, parse_card("5D"))
    column.cards.append(parse_card("KS"))
    lay_face_down(column, parse_card("9S"))
    column.cards += [parse_card("QH"), parse_card("JC")]
    lay_face_down(column, parse_card("2C"))
    assert column.down == 6
    assert column.lit == 0b11010
    assert [face_up(column, i) for i in range(6)] == [False, True, False, True, True, False]
    assert hidden(column) == 3


def test_settling_brings_lit_cards_at_the_top_of_the_face_down_part_face_up() -> None:
    assert settle(3, 0b010, 4) == (3, 0b010)  # the top face-down card is not lit: nothing
    assert settle(2, 0b010, 3) == (1, 0)  # the card on the lit one was turned
    assert settle(3, 0b0110, 4) == (1, 0)  # two lit cards in a row come up together
    assert settle(5, 0b10010, 2) == (1, 0)  # cards taken from the face-down part


def test_the_notation_reads_and_writes_face_up_cards_between_face_down_ones() -> None:
    text = "tableau:1 = 5d KS 9s QH JC 2c\ntableau:2 = 4c 6C 8S"
    position = parse_position(KLONDIKE, text)
    column = position.by_id["tableau:1"]
    assert (column.down, column.lit) == (6, 0b11010)
    assert position.by_id["tableau:2"].down == 1
    assert parse_position(KLONDIKE, format_position(position)).fingerprint() == (
        position.fingerprint()
    )
    assert "tableau:1 = 5d KS 9s QH JC 2c" in format_position(position)


def test_a_lit_card_is_seen_but_cannot_move_until_the_card_on_it_is_turned() -> None:
    game = game_at(KLONDIKE, "tableau:1 = 4c 6C qd 8S\ntableau:2 = 7D\ntableau:3 = 9H")
    assert refusal(game, "t1>t3/3") is not None  # the 6 lies under a face-down Queen
    assert refusal(game, "t1>t2/3") is not None
    play(game, "t1>t3")  # the 8 goes: the Queen turns, the 6 joins the face-up cards
    assert pile(game, "tableau:1") == "4c 6C QD"
    column = game.position.by_id["tableau:1"]
    assert (column.down, column.lit) == (1, 0)
    assert column.run == 1  # 6 and Queen are no run: only the Queen moves
    assert refusal(game, "t1>t2/2") is not None


def test_a_lit_card_under_its_run_moves_with_it_once_in_the_face_up_part() -> None:
    game = game_at(KLONDIKE, "tableau:1 = 4c 6C 5d 9S\ntableau:2 = TH\ntableau:3 = 7D")
    play(game, "t1>t2")
    assert pile(game, "tableau:1") == "4c 6C 5D"
    assert game.position.by_id["tableau:1"].run == 2  # 6 of clubs, 5 of diamonds: a run
    play(game, "t1>t3/2")
    assert pile(game, "tableau:3") == "7D 6C 5D"
    assert pile(game, "tableau:1") == "4C"


def test_undo_puts_face_down_and_lit_cards_back_exactly() -> None:
    game = game_at(KLONDIKE, "tableau:1 = 4c 6C qd 8S\ntableau:2 = 9H")
    before = game.position.fingerprint()
    key = game.key()
    play(game, "t1>t2")
    assert game.key() == key_from_scratch(game.position)
    game.pop()
    assert game.position.fingerprint() == before
    assert game.key() == key == key_from_scratch(game.position)
    assert pile(game, "tableau:1") == "4c 6C qd 8S"
    game.make(game.legal_moves()[0])
    game.unmake()
    assert game.position.fingerprint() == before


def test_the_key_tells_a_lit_card_from_a_face_down_one() -> None:
    lit = game_at(KLONDIKE, "tableau:1 = 4c 6C qd 8S")
    dark = game_at(KLONDIKE, "tableau:1 = 4c 6c qd 8S")
    assert lit.key() != dark.key()
    assert lit.key() == key_from_scratch(lit.position)


def test_athena_deals_each_column_down_up_down_up() -> None:
    for seed in (1, 2, 3):
        for column in Game(ATHENA, seed).position.groups["tableau"]:
            assert (len(column.cards), column.down, column.lit) == (4, 3, 0b010)


def test_the_honest_view_knows_lit_cards_and_samples_keep_them() -> None:
    game = Game(ATHENA, 7)
    seen = honest.view(game)
    column = game.position.by_id["tableau:1"]
    assert seen[0][column.index] == (3, (column.cards[3],), ((1, column.cards[1]),))
    assert hidden_count(game.position) == 24 + 7 * 2
    other = honest.sample(game, seen, random.Random(3))
    assert honest.view(other) == seen
    for pile_now, pile_there in zip(game.position.piles, other.position.piles, strict=True):
        assert pile_there.lit == pile_now.lit
        assert [c for i, c in enumerate(pile_there.cards) if face_up(pile_there, i)] == [
            c for i, c in enumerate(pile_now.cards) if face_up(pile_now, i)
        ]
    copy = copy_game(game)
    assert copy.position.fingerprint() == game.position.fingerprint()
    assert copy.key() == game.key()


def test_the_window_fans_a_lit_card_as_far_as_a_face_up_one_so_it_can_be_read() -> None:
    column = Game(ATHENA, 1).position.by_id["tableau:1"]
    offsets = Geometry(ATHENA).offsets(column)
    steps = [b - a for a, b in itertools.pairwise(offsets)]
    assert steps == [DOWN_STEP, UP_STEP, DOWN_STEP]  # down, lit, down, then the top card
