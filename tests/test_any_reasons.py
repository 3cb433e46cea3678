"""Inside `any`, a member that is only tested (a plugin's rule, most often) keeps its own reason
next to the reason of the member that could take a card there."""

from __future__ import annotations

from pathlib import Path

from retro.definition.loader import load_game_file
from retro.engine.game import Game
from retro.engine.gamedef import GameDef
from retro.instructions import generated_anl
from tests.helpers import game_at, load, refusal

GAME = """\
id: reasons
title: Reasons
piles:
  stock: {kind: stock, at: [0, 0], action: {draw: {}}}
  waste: {kind: waste, at: [1, 0], pick: top_card}
  tableau:
    kind: tableau
    count: 2
    at: [0, 1.25]
    fan: down
    pick: top_card
    accept: ACCEPT
deal:
  - {to: tableau, face_up: 1}
  - {to: stock, rest: true}
win: {groups_cleared: {groups: [stock, waste]}}
"""


def _game(tmp_path: Path, accept: str) -> GameDef:
    path = tmp_path / "reasons.yaml"
    path.write_text(GAME.replace("ACCEPT", accept), encoding="utf-8")
    return load_game_file(path)


def test_a_tested_member_speaks_beside_the_indexed_one(tmp_path: Path) -> None:
    gdef = _game(
        tmp_path, "{any: [{rank_below: {suit: alternate}}, {from_group: {groups: [waste]}}]}"
    )
    game = game_at(gdef, "tableau:1 = 9S\ntableau:2 = 5H")
    assert refusal(game, "t2>t1") == (
        "5♥ goes only on a 6 of the other colour, not on 9♠; or tableau:1 takes cards only "
        "from waste"
    )


def test_indexed_members_alone_still_answer_with_the_one_that_fits(tmp_path: Path) -> None:
    gdef = _game(tmp_path, "{any: [{base: {rank: K}}, {rank_below: {suit: alternate}}]}")
    game = game_at(gdef, "tableau:1 = 9S\ntableau:2 = 5H")
    assert refusal(game, "t2>t1") == "5♥ goes only on a 6 of the other colour, not on 9♠"


def test_a_place_building_up_or_down_names_both_cards_it_would_take(tmp_path: Path) -> None:
    gdef = _game(tmp_path, "{any: [{rank_above: {suit: same}}, {rank_below: {suit: same}}]}")
    game = game_at(gdef, "tableau:1 = 9S\ntableau:2 = 5S")
    assert refusal(game, "t2>t1") == (
        "tableau:1 takes only the 10 of the same suit next; "
        "or 5♠ goes only on a 6 of the same suit, not on 9♠"
    )


def test_a_not_refusal_says_the_rule_in_words_never_the_files_text(tmp_path: Path) -> None:
    gdef = _game(tmp_path, "{not: {rank_below: {suit: any}}}")
    game = game_at(gdef, "tableau:1 = 9S\ntableau:2 = 8H")
    reason = str(refusal(game, "t2>t1"))
    assert reason.startswith("Not allowed here: Cards go on a face-up card one rank higher")
    assert "{" not in reason and "rank_below" not in reason


def test_a_not_condition_says_when_it_holds() -> None:
    game = Game(load("terrace"), 1)
    assert refusal(game, "deal") == "Not while every pile of foundation is empty"


def test_the_pages_written_from_the_rules_keep_not_any_and_all(tmp_path: Path) -> None:
    gdef = _game(tmp_path, "{any: [empty, {not: {rank_below: {suit: any}}}]}")
    accept = next(line for line in gdef.rule_lines if line.startswith("tableau accept"))
    assert accept == (
        "tableau accept: Any one of these: An empty pile takes any card or movable run. | or: "
        "(NOT this: Cards go on a face-up card one rank higher (suit: any, same, alternate "
        "colour, other, same_color: the same colour). (here: suit = any))"
    )
    page = generated_anl(gdef, "en").decode()
    assert "NOT this" in page and "Any one of these" in page


def test_an_any_of_conditions_names_every_alternative(tmp_path: Path) -> None:
    path = tmp_path / "reasons.yaml"
    allowed = "{any: [{groups_cleared: {groups: [waste]}}, {groups_cleared: {groups: [tableau]}}]}"
    path.write_text(
        GAME.replace("ACCEPT", "empty").replace("{draw: {}}", f"{{draw: {{allowed: {allowed}}}}}"),
        encoding="utf-8",
    )
    game = game_at(load_game_file(path), "waste = 3C\nstock = 7c\ntableau:1 = 9S")
    assert refusal(game, "deal") == (
        "Not while waste still holds cards; or Not while tableau:1 still holds cards"
    )


def test_a_king_is_never_sent_to_an_empty_place_that_takes_nothing(tmp_path: Path) -> None:
    gdef = _game(tmp_path, "{any: [{rank_above: {suit: any}}, {rank_below: {suit: any}}]}")
    game = game_at(gdef, "tableau:1 = 5S\ntableau:2 = KH")
    reason = str(refusal(game, "t2>t1"))
    assert "empty place" not in reason
    assert reason.endswith("No card is higher than K♥: it goes on no card here")


def test_a_not_of_a_library_rule_says_when_that_rule_holds(tmp_path: Path) -> None:
    gdef = _game(tmp_path, "{all: [{not: {from_group: {groups: [waste]}}}, {not: empty}]}")
    game = game_at(gdef, "tableau:1 = 9S\nwaste = 8H\ntableau:2 = 5D")
    assert refusal(game, "waste>t1") == "tableau:1 takes no cards from waste"
    game = game_at(gdef, "tableau:2 = 5D")
    assert refusal(game, "t2>t1") == "tableau:1 is empty: nothing goes on an empty pile here"
    gdef = _game(tmp_path, "{not: {only_while: {condition: {groups_cleared: {groups: [stock]}}}}}")
    game = game_at(gdef, "tableau:1 = 9S\ntableau:2 = 5D")
    assert refusal(game, "t2>t1") == "Not while stock is empty"
