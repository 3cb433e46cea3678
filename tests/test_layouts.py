"""The layout words of a game file: cover maps (`covered_by`), each pile its own place (`at` as
a list), rings, hidden helper piles, and rules with a parameter for each pile (`per_pile`) in
every kind a pile group has."""

from __future__ import annotations

from pathlib import Path

import pytest

from retro.definition.loader import load_game_file
from retro.engine.game import Game
from retro.engine.gamedef import GameDef
from retro.errors import DefinitionError
from retro.ui.table.layout import Geometry
from tests.helpers import game_at, legal, pile, play, refusal

HEAD = """id: small
title: Small
"""


def _load(tmp_path: Path, body: str) -> GameDef:
    path = tmp_path / "small.yaml"
    path.write_text(HEAD + body, encoding="utf-8")
    return load_game_file(path)


def moves(game: Game) -> set[str]:
    """The card moves legal now (the stock's turn left out)."""
    return {move for move in legal(game) if move != "deal"}


def _errors(tmp_path: Path, body: str) -> list[str]:
    with pytest.raises(DefinitionError) as caught:
        _load(tmp_path, body)
    return caught.value.messages


PEAK = """piles:
  peak:
    kind: tableau
    count: 3
    at: [[0.5, 0], [0, 0.5], [1, 0.5]]
    pick: top_card
    covered_by: {1: [2, 3]}
  pile: {kind: foundation, at: [3, 0], accept: rank_next}
  stock: {kind: stock, at: [4, 0], action: {draw: {to: pile}}}
deal:
  - {to: peak, face_up: 1}
  - {to: pile, face_up: 1}
  - {to: stock, rest: true}
win: {groups_cleared: {groups: [peak]}}
"""


def test_a_card_with_cards_lying_on_it_neither_moves_nor_is_in_the_moves(tmp_path: Path) -> None:
    gdef = _load(tmp_path, PEAK)
    game = game_at(gdef, "peak:1 = 5H\npeak:2 = 6S\npeak:3 = 9C\npile = 4D")
    assert refusal(game, "peak:1>pile") == "5♥ is not free: 6♠ and 9♣ lie on it"
    assert moves(game) == set()
    game = game_at(gdef, "peak:1 = 5H\npeak:3 = 9C\npile = 4D")
    assert refusal(game, "peak:1>pile") == "5♥ is not free: 9♣ lies on it"


def test_a_pile_freed_by_a_move_is_free_after_it_and_covered_again_after_undo(
    tmp_path: Path,
) -> None:
    gdef = _load(tmp_path, PEAK)
    game = game_at(gdef, "peak:1 = 5H\npeak:3 = 6S\npile = 7D")
    assert moves(game) == {"peak:3>pile"}
    play(game, "peak:3>pile")
    assert moves(game) == {"peak:1>pile"}
    key = game.key()
    game.pop()
    assert moves(game) == {"peak:3>pile"}
    play(game, "peak:3>pile")
    assert game.key() == key


def test_a_covered_pile_takes_no_cards(tmp_path: Path) -> None:
    gdef = _load(
        tmp_path,
        PEAK.replace("pick: top_card", "pick: top_card\n    accept: rank_next").replace(
            "accept: rank_next}", "pick: top_card, accept: rank_next}"
        ),
    )
    game = game_at(gdef, "peak:1 = 5H\npeak:2 = 6S\npile = 4D")
    assert refusal(game, "pile>peak:1") == "5♥ is not free: 6♠ lies on it"
    assert "pile>peak:1" not in legal(game)


def test_cover_maps_name_real_piles_lying_later(tmp_path: Path) -> None:
    errors = _errors(tmp_path, PEAK.replace("{1: [2, 3]}", "{1: [2, 7], 4: [1], 3: [stok:1]}"))
    assert any("'peak' has piles 1 to 3, not 7" in e for e in errors)
    assert any("by number, 1 to 3, not '4'" in e for e in errors)
    assert any("no pile 'stok:1'" in e and "did you mean 'stock'" in e for e in errors)
    errors = _errors(tmp_path, PEAK.replace("{1: [2, 3]}", "{2: [1]}"))
    assert errors == [
        "small.yaml:9:17: peak:1 lies on peak:2, so it must come after it "
        "(a later group, or a higher number)"
    ]


def test_at_as_a_list_gives_one_point_for_each_pile(tmp_path: Path) -> None:
    errors = _errors(
        tmp_path, PEAK.replace("at: [[0.5, 0], [0, 0.5], [1, 0.5]]", "at: [[0.5, 0], [0, 0.5]]")
    )
    assert any("'at' needs one point for each of the 3 piles of 'peak', not 2" in e for e in errors)
    geometry = Geometry(_load(tmp_path, PEAK))
    (x1, y1), (x2, y2), (x3, y3) = geometry.origins[:3]
    assert y2 == y3 > y1 and x2 < x1 < x3


RING = """piles:
  hour: {kind: foundation, count: 12, at: [3, 2], ring: {radius: 2, start: 1},
         accept: {build_up: {suit: any}}}
  row: {kind: tableau, count: 4, at: [0, 5], pick: top_card}
  spare: {kind: reserve, hidden: true}
deal:
  - {to: row, face_up: 13}
win: all_on_foundations
"""


def test_a_ring_lies_clockwise_like_a_clock_face_and_the_keys_go_round_it(tmp_path: Path) -> None:
    gdef = _load(tmp_path, RING)
    geometry = Geometry(gdef)
    position = Game(gdef, 1).position
    hours = [geometry.origins[i] for i in range(12)]
    twelve, three, six, nine = hours[11], hours[2], hours[5], hours[8]
    assert twelve[1] < three[1] < six[1] and three[1] == nine[1]
    assert nine[0] < twelve[0] < three[0] and abs(twelve[0] - six[0]) <= 1
    rows = geometry.rows(position)
    assert rows[0] == list(range(12))  # the ring first (its centre is higher), in hour order
    assert rows[1] == [12, 13, 14, 15]


def test_a_hidden_pile_is_never_drawn_hit_or_reached_and_takes_no_rule_of_the_player(
    tmp_path: Path,
) -> None:
    gdef = _load(tmp_path, RING)
    geometry = Geometry(gdef)
    position = Game(gdef, 1).position
    spare = position.by_id["spare"]
    assert geometry.hidden[spare.index]
    assert all(spare.index not in row for row in geometry.rows(position))
    x, y = geometry.origins[spare.index]
    hit = geometry.hit(position, x + 1, y + 1)
    assert hit is None or hit[0] is not spare
    errors = _errors(tmp_path, RING.replace("hidden: true}", "hidden: true, pick: top_card}"))
    assert errors == [
        "small.yaml:7:46: 'spare' is hidden: the player cannot reach it, so it takes no pick rule"
    ]


PER_PILE = """piles:
  stock:
    kind: stock
    count: 2
    at: [0, 0]
    action: {draw: {count: {per_pile: [1, 3]}}}
  waste: {kind: waste, at: [2, 0], pick: top_card}
  tableau:
    kind: tableau
    count: 2
    at: [0, 1]
    fan: down
    pick: {wrapping_run: {follows: {per_pile: [any, suit]}}}
    accept: empty
deal:
  - {to: tableau, face_up: 0}
  - {to: stock, rest: true}
win: {groups_cleared: {groups: [stock]}}
"""


def test_pick_and_action_rules_take_a_parameter_for_each_pile(tmp_path: Path) -> None:
    gdef = _load(tmp_path, PER_PILE)
    game = game_at(
        gdef, "stock:1 = 2c 3c 4c\nstock:2 = 5d 6d 7d 8d\ntableau:1 = 5S 4H\ntableau:2 = 5S 4H"
    )
    assert game.position.by_id["tableau:1"].run == 2  # any suits
    assert game.position.by_id["tableau:2"].run == 1  # one suit only
    play(game, "deal stock:1")
    assert pile(game, "waste") == "4C"
    play(game, "deal stock:2")
    assert pile(game, "waste") == "4C 8D 7D 6D"


def test_an_option_can_set_several_places_by_its_entries(tmp_path: Path) -> None:
    body = PEAK.replace(
        "piles:",
        """options:
  size:
    values: {small: {count: 2, at: [[0, 0], [1, 0]]}, big: {count: 3, at: [[0, 0], [1, 0], [2, 0]]}}
    default: big
piles:""",
        1,
    )
    body = body.replace(
        "    count: 3\n    at: [[0.5, 0], [0, 0.5], [1, 0.5]]\n",
        "    count: $size.count\n    at: $size.at\n",
    ).replace("covered_by: {1: [2, 3]}", "covered_by: {1: [2]}")
    gdef = _load(tmp_path, body)
    assert gdef.group("peak").count == 3
    (tmp_path / "small.yaml").write_text(HEAD + body, encoding="utf-8")
    assert load_game_file(tmp_path / "small.yaml", {"size": "small"}).group("peak").count == 2
    errors = _errors(tmp_path, body.replace("$size.at", "$size.where"))
    assert any(
        "'$size.where': the value 'big' of option 'size' has no entry 'where'" in e for e in errors
    )
