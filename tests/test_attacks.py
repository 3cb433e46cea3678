"""The rules of attacks (retro.rules.attacks) and the map words they read: cards of a hand
attack a pile by landing on it and win when they weigh more than it and the piles weighing with
it (`weighs_with`); a face-down pile may be attacked blind and turns face up when the attack
fails; a pile opens once any pile that opens it is empty (`opened_by`); a deal throws the hand
away first (`sweep`); `attack_left` says whether the hand can still win an attack."""

from __future__ import annotations

from pathlib import Path

import pytest

from retro.definition.loader import load_game_file
from retro.engine.cards import Card
from retro.engine.game import LOST, PLAYING
from retro.engine.gamedef import GameDef
from retro.engine.position import key_from_scratch
from retro.errors import DefinitionError
from retro.rules import lookup
from retro.rules.attacks import defence, weight
from tests.helpers import game_at, legal, pile, play, refusal

SIEGE = """\
id: siege
title: Siege
deck: {decks: 1}
piles:
  tower:
    kind: tableau
    count: 4
    at: [0, 0]
    fan: right
    accept: {all: [{from_group: {groups: [hand]}}, {any: [outweighs, face_down_only]}]}
    opened_by: {1: [2, 3]}
    weighs_with: {2: [1], 3: [1, 4]}
  stock:
    kind: stock
    at: [0, 2]
    action:
      then:
        - {sweep: {groups: [hand], held: true}}
        - {deal_row: {to: hand}}
  hand:
    kind: waste
    count: 2
    at: [1, 2]
    fan: right
    pick: any_face_up
    accept: {from_group: {groups: [hand]}}
  discard: {kind: foundation, hidden: true}
deal:
  - {to: tower, face_up: 1}
  - {to: hand, face_up: 1}
  - {to: stock, rest: true}
auto:
  - {attack: {groups: [tower]}}
  - {fill_from: {group: hand, source: stock, allowed: {groups_cleared: {groups: [hand]}}}}
win: {groups_cleared: {groups: [tower]}}
lose:
  all:
    - {groups_cleared: {groups: [stock]}}
    - {not: {attack_left: {hand: [hand], targets: [tower], blind: true}}}
score: {events: {points: {}}}
"""


@pytest.fixture(scope="module")
def siege(tmp_path_factory: pytest.TempPathFactory) -> GameDef:
    path = tmp_path_factory.mktemp("siege") / "siege.yaml"
    path.write_text(SIEGE, encoding="utf-8")
    return load_game_file(path)


def _errors(tmp_path: Path, old: str, new: str) -> list[str]:
    assert old in SIEGE
    path = tmp_path / "siege.yaml"
    path.write_text(SIEGE.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DefinitionError) as caught:
        load_game_file(path)
    return caught.value.messages


def test_cards_weigh_their_ranks_ace_one_king_thirteen() -> None:
    assert weight([Card(1, 0), Card(13, 1), Card(7, 2)]) == 21
    assert weight([]) == 0


def test_a_pile_weighs_its_own_cards_and_those_of_the_piles_weighing_with_it(
    siege: GameDef,
) -> None:
    game = game_at(siege, "tower:1 = 5S 2H\ntower:2 = 9D\ntower:3 = 4C\ntower:4 = KC")
    by_id = game.position.by_id
    assert defence(by_id["tower:1"]) == 7
    assert defence(by_id["tower:2"]) == 9 + 7
    assert defence(by_id["tower:3"]) == 4 + 7 + 13
    assert defence(by_id["tower:3"], landed=1) == 7 + 13  # the top card is an attacker


def test_an_attack_lands_only_when_it_weighs_more(siege: GameDef) -> None:
    game = game_at(siege, "tower:1 = 8S\ntower:2 = 3D\nhand:1 = 4H 5C\nhand:2 = 6S")
    assert refusal(game, "hand:1>tower:2/2") == (
        "An attack weighing 9 is not enough: tower:2 weighs 11"
    )
    assert refusal(game, "hand:2>tower:2") == (
        "An attack weighing 6 is not enough: tower:2 weighs 11"
    )
    assert {"hand:1>tower:4", "hand:2>tower:4"}.isdisjoint(legal(game))  # an empty pile
    assert refusal(game, "hand:1>tower:4") == "tower:4 is empty: there is nothing to attack"
    play(game, "hand:2>hand:1")
    assert refusal(game, "hand:1>tower:2/3") is None


def test_a_won_attack_takes_the_pile_and_the_attackers_away_and_scores_its_weight(
    siege: GameDef,
) -> None:
    text = "tower:1 = 8S\ntower:2 = 3D\nhand:1 = 4H 5C\nhand:2 = KS\nstock = 2c 3c 4c"
    game = game_at(siege, text)
    key = game.key()
    play(game, "hand:2>tower:2")
    assert pile(game, "tower:2") == "" and pile(game, "hand:2") == ""
    assert pile(game, "discard") == "3D KS"
    assert game.score() == 11  # 3 and the 8 weighing with it
    assert pile(game, "hand:1") == "4H 5C"  # a card is left in the hand: no new one yet
    assert game.key() == key_from_scratch(game.position)
    game.pop()
    assert pile(game, "tower:2") == "3D" and pile(game, "hand:2") == "KS"
    assert game.score() == 0 and game.key() == key


def test_a_hand_used_up_is_dealt_anew_by_itself(siege: GameDef) -> None:
    game = game_at(siege, "tower:1 = 8S\ntower:2 = 3D\nhand:1 = 4H 5C KS\nstock = 2c 3c 4c")
    play(game, "hand:1>tower:1/3")
    assert pile(game, "hand:1") == "4C" and pile(game, "hand:2") == "3C"
    assert pile(game, "stock") == "2c"


def test_a_face_down_pile_may_be_attacked_blind_and_turns_face_up_when_it_holds(
    siege: GameDef,
) -> None:
    game = game_at(siege, "tower:4 = 9s 8d 7c\nhand:1 = 2H\nhand:2 = KS")
    assert refusal(game, "hand:1>tower:4") is None  # 24 would hold, but nobody can see that
    play(game, "hand:1>tower:4")
    assert pile(game, "tower:4") == "9S 8D 7C"
    assert pile(game, "discard") == "2H"
    assert game.score() == 0 and game.position.counters["turned"] == 3
    assert game.key() == key_from_scratch(game.position)
    assert refusal(game, "hand:2>tower:4") == (
        "An attack weighing 13 is not enough: tower:4 weighs 24"
    )
    game.pop()
    assert pile(game, "tower:4") == "9s 8d 7c" and pile(game, "hand:1") == "2H"
    assert game.key() == key_from_scratch(game.position)


def test_a_blind_attack_heavy_enough_wins_and_no_weight_is_told_of_hidden_cards(
    siege: GameDef,
) -> None:
    game = game_at(siege, "tower:4 = 2s 3d\nhand:1 = 4H 3H")
    play(game, "hand:1>tower:4/2")
    assert pile(game, "tower:4") == "" and game.score() == 5
    path_game = game_at(siege, "tower:1 = 5s\ntower:2 = 2H\nhand:1 = AH")
    assert refusal(path_game, "hand:1>tower:2") == (
        "An attack weighing 1 is not enough for tower:2"  # tower:1 lies face down
    )


def test_a_pile_opens_once_any_pile_opening_it_is_empty_and_shuts_again_on_undo(
    siege: GameDef,
) -> None:
    game = game_at(siege, "tower:1 = AS\ntower:2 = AD\ntower:3 = AC\nhand:1 = KS\nhand:2 = QH")
    assert refusal(game, "hand:1>tower:1") == (
        "A♠ is not open yet: one of tower:2 or tower:3 must be cleared first"
    )
    assert "hand:1>tower:1" not in legal(game)
    play(game, "hand:1>tower:3")
    assert "hand:2>tower:1" in legal(game) and refusal(game, "hand:2>tower:1") is None
    game.pop()
    assert "hand:2>tower:1" not in legal(game)


def test_a_deal_throws_the_hand_away_first_and_stops_with_the_stock(siege: GameDef) -> None:
    game = game_at(siege, "tower:1 = KS\nhand:1 = 4H 5C\nstock = 2c 3c 4c")
    play(game, "deal")
    assert pile(game, "hand:1") == "4C" and pile(game, "hand:2") == "3C"
    assert pile(game, "discard") == "4H 5C"
    play(game, "deal")
    assert pile(game, "hand:1") == "2C" and pile(game, "hand:2") == ""
    assert "deal" not in legal(game)
    assert refusal(game, "deal") == "The stock is empty"


def test_attack_left_holds_while_the_hand_together_outweighs_an_open_pile(
    siege: GameDef,
) -> None:
    attack_left = lookup("condition", "attack_left")
    assert attack_left is not None
    seeing = attack_left.factory(hand=("hand",), targets=("tower",))
    blind = attack_left.factory(hand=("hand",), targets=("tower",), blind=True)
    position = game_at(siege, "tower:2 = 9D\nhand:1 = 4H\nhand:2 = 5C").position
    assert not seeing.test(position)  # 9 is not more than 9
    position = game_at(siege, "tower:2 = 9D\nhand:1 = 4H\nhand:2 = 6C").position
    assert seeing.test(position)
    # a shut pile does not count, however light
    position = game_at(siege, "tower:1 = AS\ntower:2 = KD\ntower:3 = KC\nhand:1 = 2H").position
    assert not seeing.test(position)
    position = game_at(siege, "tower:4 = ks qs\nhand:1 = AH").position
    assert blind.test(position) and not seeing.test(position)
    assert not blind.test(game_at(siege, "tower:4 = ks qs").position)  # an empty hand


def test_the_game_is_lost_when_the_stock_is_out_and_no_attack_can_be_won(
    siege: GameDef,
) -> None:
    game = game_at(siege, "tower:2 = 9D\nhand:1 = 4H\nhand:2 = 5C")
    assert legal(game) and game.outcome() == LOST  # the hand's cards could still be moved
    game = game_at(siege, "tower:2 = 9D\nhand:1 = 4H\nhand:2 = 5C\nstock = 2c")
    assert game.outcome() == PLAYING


def test_the_map_words_are_checked_in_one_line_each(tmp_path: Path) -> None:
    assert _errors(tmp_path, "opened_by: {1: [2, 3]}", "opened_by: {1: [2, towr:3]}") == [
        "siege.yaml:11:24: no pile 'towr:3' (a number of 'tower', or another group's pile by "
        "its id: GROUP:NUMBER) (did you mean 'tower'?)"
    ]
    assert _errors(
        tmp_path, "weighs_with: {2: [1], 3: [1, 4]}", "weighs_with: {2: [1], 9: [1]}"
    ) == ["siege.yaml:12:27: 'weighs_with' names the piles of 'tower' by number, 1 to 4, not '9'"]
    assert _errors(tmp_path, "weighs_with: {2: [1], 3: [1, 4]}", "weighs_with: {2: [2]}") == [
        "siege.yaml:12:23: 'weighs_with' of tower:2 names tower:2 itself"
    ]
    assert _errors(tmp_path, "weighs_with: {2: [1], 3: [1, 4]}", "weighs_with: [1, 2]") == [
        "siege.yaml:12:18: 'weighs_with' must be a mapping, not [1, 2]"
    ]
    assert _errors(tmp_path, "opened_by: {1: [2, 3]}", "opened_by: {1: 3}") == [
        "siege.yaml:11:20: '1' must be a list, not 3"
    ]
