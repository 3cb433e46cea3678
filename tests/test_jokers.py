"""Jokers: written XB and XR, added to a pack by `deck: {jokers: N}` after its other cards (so
every pack without them deals, keys and saves as before), wild in a `rank_next` build that
says so, and refused in one line when a game file asks for a number of them that is none."""

from __future__ import annotations

from pathlib import Path

import pytest

from retro.definition.loader import load_game_file
from retro.engine.cards import (
    BLACK_JOKER,
    JOKER,
    RED_JOKER,
    Card,
    card_label,
    card_name,
    make_deck,
    parse_card,
)
from retro.engine.game import Game
from retro.engine.gamedef import DeckDef
from retro.engine.notation import format_position, parse_position
from retro.engine.position import key_from_scratch
from retro.errors import DefinitionError
from tests.helpers import game_at, legal, load, play, refusal
from tests.test_broken_games import GOOD


def test_jokers_are_written_xb_and_xr_upper_case_face_up_lower_case_face_down() -> None:
    black, red = Card(JOKER, BLACK_JOKER), Card(JOKER, RED_JOKER)
    assert (black.code, red.code) == ("XB", "XR")
    assert parse_card("XB") is black and parse_card("xr") is red
    assert (black.red, red.red) == (False, True)
    assert card_name(black) == "black Joker"
    assert (card_label(red), card_label(Card(10, 1))) == ("XR", "10♥")  # a grid's few columns
    with pytest.raises(ValueError, match=r"XB \(black\) or XR \(red\)"):
        parse_card("XS")
    for rank, suit in ((JOKER, 0), (15, BLACK_JOKER), (13, RED_JOKER)):
        with pytest.raises(ValueError, match="no such card"):
            Card(rank, suit)


def test_a_position_with_jokers_reads_back_as_written() -> None:
    thieves = load("thieves")
    text = "waste = 5D XR\ntableau:1 = XB 4C\nstock = xb 9h xr"
    position = parse_position(thieves, text)
    assert format_position(parse_position(thieves, format_position(position))) == (
        format_position(position)
    )
    assert [card.code for card in position.by_id["stock"].cards] == ["XB", "9H", "XR"]
    assert position.by_id["stock"].down == 3


def test_jokers_come_after_the_pack_black_and_red_in_turn() -> None:
    assert len(make_deck()) == 52 and len(make_deck(2)) == 104
    assert make_deck(jokers=2)[:52] == make_deck()
    assert [card.code for card in make_deck(jokers=3)[52:]] == ["XB", "XR", "XB"]
    assert [card.code for card in make_deck(2, jokers=2)[104:]] == ["XB", "XR"]
    assert DeckDef(jokers=2).size == len(DeckDef(jokers=2).pack()) == 54
    assert DeckDef(decks=2).size == 104


# Keys and first cards of deals made before jokers existed: they must never change, or saves,
# records and tables of known deals would no longer meet.
KNOWN_KEYS = {
    ("klondike", 7): (0x9D54479342A277A9, "KH 6S AS 2S QH 4D"),
    ("spider", 3): (0x8B504F34F97D2F91, "KC 6H 7D 4D 8S AH"),
    ("freecell", 11): (0x20EE29FB13D57C04, "6H 9H 8S 9S JH 5S"),
    ("seven_to_ace", 5): (0xB6CA794467F9C4A9, "QD AH AD TC TS 8H"),
}


@pytest.mark.parametrize(("game_id", "seed"), KNOWN_KEYS)
def test_packs_without_jokers_deal_and_key_as_before(game_id: str, seed: int) -> None:
    game = Game(load(game_id), seed)
    key, first = KNOWN_KEYS[game_id, seed]
    assert " ".join(card.code for card in game.position.cards_in_play()[:6]) == first
    assert game.key() == key


def test_the_key_kept_move_by_move_counts_the_jokers() -> None:
    game = game_at(load("thieves"), "waste = 4D\ntableau:1 = KC XR\ntableau:2 = XB 9S")
    start = game.key()
    play(game, "t1>w", "t2>w", "t2>w")
    assert game.key() == key_from_scratch(game.position) != start
    game.pop()
    game.pop()
    game.pop()
    assert game.key() == start


def test_a_joker_is_wild_only_where_the_build_says_so(tmp_path: Path) -> None:
    golf = (Path(__file__).parents[1] / "games" / "golf.yaml").read_text(encoding="utf-8")
    path = tmp_path / "golf.yaml"
    path.write_text(
        golf.replace("family: golf", "family: golf\ndeck: {jokers: 2}").replace(
            "maximum: 51", "maximum: 53"
        ),
        encoding="utf-8",
    )
    tame = load_game_file(path)
    text = "foundation = 7S\ntableau:1 = XR\ntableau:2 = 8H"
    assert legal(game_at(tame, text)) == {"tableau:2>foundation"}
    assert refusal(game_at(tame, text), "t1>f") == "A joker is not wild here: it goes on no card"
    on_joker = game_at(tame, "foundation = XB\ntableau:1 = 8H")
    assert refusal(on_joker, "t1>f") == "A joker is not wild here: no card goes on it"
    assert legal(game_at(load("thieves"), text.replace("foundation", "waste"))) == {
        "tableau:1>waste",
        "tableau:2>waste",
    }


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("-1", "'jokers': -1 is less than the minimum of 0"),
        ("1000000000", "'jokers': 1000000000 is greater than the maximum of 8"),
        ("two", "'jokers' must be a whole number, not 'two'"),
        ("true", "'jokers' must be a whole number, not True"),
        ("[2]", "'jokers' must be a whole number, not [2]"),
    ],
)
def test_a_number_of_jokers_that_is_none_is_refused_in_one_line(
    tmp_path: Path, value: str, words: str
) -> None:
    path = tmp_path / "mini.yaml"
    path.write_text(GOOD.replace("deck: {decks: 1}", f"deck: {{decks: 1, jokers: {value}}}"))
    with pytest.raises(DefinitionError) as caught:
        load_game_file(path)
    assert str(caught.value) == f"mini.yaml:3:26: {words}"
