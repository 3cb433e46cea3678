"""The stock and waste searched as a sequence and a cursor (`retro.solver.cursor`): draws are
folded into the moves they lead to, the cursor positions of a round of redeals are one position.
Every "lost" on the small games below is checked by an exhaustive search written here, which
knows nothing of cursors or the solver's key (every draw and redeal a move of its own), and
every "won" is replayed through the ordinary Game."""

from __future__ import annotations

from pathlib import Path

import pytest

from retro.engine.game import LOST, UNKNOWN, WON, Game
from retro.engine.gamedef import GameDef
from retro.engine.position import MOVE
from retro.solver.compact import search_key
from retro.solver.cursor import cursor_for
from retro.solver.search import Budget, solve
from tests.helpers import game_at, load, play
from tests.proving import brute_force, load_text, replays_to_a_win

NODES = Budget(nodes=300_000, seconds=600)

# Klondike with 16 cards: Ace to Four, three columns, the stock gone through any number of times.
SMALL_KLONDIKE = """\
id: small_klondike_{turns}
title: Small Klondike
description: Klondike with Ace to Four, three columns, {turns} card(s) a turn.
deck: {{ranks: [A, 2, 3, 4]}}
piles:
  stock: {{kind: stock, at: [0, 0], action: {{draw: {{count: {turns}}}}}}}
  waste: {{kind: waste, at: [1, 0], pick: top_card}}
  foundation:
    kind: foundation
    count: 4
    at: [3, 0]
    pick: top_card
    accept: {{any: [{{base: {{rank: A}}}}, rank_above]}}
  tableau:
    kind: tableau
    count: 3
    at: [0, 1]
    fan: down
    pick: alternate_color_run
    accept: {{any: [{{base: {{rank: "4"}}}}, {{rank_below: {{suit: alternate}}}}]}}
deal:
  - {{to: tableau, face_down: [0, 1, 2], face_up: 1}}
  - {{to: stock, rest: true}}
auto: [turn_exposed]
win: all_on_foundations
"""

# Canfield with 16 cards: a reserve of three filling the spaces, three columns, three a turn.
SMALL_CANFIELD = """\
id: small_canfield
title: Small Canfield
description: Canfield with Ace to Four, a reserve of three, three columns, three cards a turn.
deck: {ranks: [A, 2, 3, 4]}
piles:
  stock: {kind: stock, at: [0, 0], action: {draw: {count: 3}}}
  waste: {kind: waste, at: [1, 0], pick: top_card}
  foundation:
    kind: foundation
    count: 4
    at: [3, 0]
    accept: {any: [base_of_first, {build_up: {wrap: true}}]}
  reserve: {kind: reserve, at: [0, 1.25], pick: top_card}
  tableau:
    kind: tableau
    count: 3
    at: [3, 1.25]
    fan: down
    pick: {wrapping_run: {follows: color}}
    accept: {any: [empty, {rank_below_wrap: {suit: alternate}}]}
deal:
  - {to: reserve, face_down: 2, face_up: 1}
  - {to: foundation, face_up: [1, 0, 0, 0]}
  - {to: tableau, face_up: 1}
  - {to: stock, rest: true}
auto: [{turn_exposed: {group: reserve}}, {fill_from: {group: tableau, source: reserve}}]
win: all_on_foundations
"""


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> dict[str, GameDef]:
    folder = tmp_path_factory.mktemp("games")
    return {
        "klondike 1": load_text(folder, SMALL_KLONDIKE.format(turns=1)),
        "klondike 3": load_text(folder, SMALL_KLONDIKE.format(turns=3)),
        "canfield": load_text(folder, SMALL_CANFIELD),
    }


@pytest.mark.parametrize(
    ("name", "seeds", "lost"),
    [
        ("klondike 1", range(1, 7), 0),
        ("klondike 3", range(8, 13), 1),
        ("canfield", (1, 2, 3, 7, 8), 2),
    ],
)
def test_every_small_deal_is_decided_and_every_loss_is_true(
    small: dict[str, GameDef], name: str, seeds: tuple[int, ...] | range, lost: int
) -> None:
    gdef = small[name]
    assert cursor_for(Game(gdef, 1)) is not None
    answers = []
    for seed in seeds:
        result = solve(Game(gdef, seed), NODES)
        assert result.result != UNKNOWN, seed
        assert (result.result == WON) == brute_force(Game(gdef, seed)), seed
        if result.result == WON:
            assert replays_to_a_win(gdef, seed, list(result.moves)), seed
        answers.append(result.result)
    assert answers.count(LOST) == lost  # deals of both kinds were met


def test_a_draw_is_never_a_child_of_its_own() -> None:
    """Each child of the opening is a card move; those that draw first end with one."""
    game = Game(load("klondike"), 1)
    cursor = cursor_for(game)
    assert cursor is not None
    steps = cursor.steps(game.legal_moves(), lambda position, moves: moves)
    assert steps and all(step[-1].kind == MOVE for step in steps)
    assert all(move.kind != MOVE for step in steps for move in step[:-1])
    drawn = {len(step) - 1 for step in steps}
    assert 0 in drawn and max(drawn) > 1  # moves now, and moves of cards deeper in the stock


KLONDIKE = """\
stock = 6s 5s 4s
waste = 3S 2S
tableau:1 = KH
"""


def test_every_cursor_position_of_a_turn_one_stock_is_one_position() -> None:
    game = game_at(load("klondike"), KLONDIKE)
    keys = set()
    for _ in range(7):  # every card turned, the waste turned over, two turned again
        play(game, "deal")
        keys.add(search_key(game, cursor_for(game))())
    assert len(keys) == 1


def test_off_the_round_of_three_the_cursor_counts_and_draws_reach_the_round() -> None:
    gdef = load("klondike_draw3")
    game = game_at(gdef, "stock = 9s 8s 7s 6s 5s\nwaste = 4S 3S 2S AS\ntableau:1 = KH")
    cursor = cursor_for(game)
    assert cursor is not None and cursor.turns == 3
    key = search_key(game, cursor)
    off = key()  # four cards on the waste: off the round (0, 3, 6, 9)
    stronger = cursor.stronger(off)
    assert off not in stronger
    play(game, "deal")  # seven on the waste: still off the round
    later = key()
    assert later != off and off in cursor.stronger(later)
    play(game, "deal")  # the stock empty: on the round
    on_round = key()
    assert off in cursor.stronger(on_round)  # every cursor off the round reaches it
    play(game, "deal", "deal")  # turned over, three turned: on the round again
    assert key() == on_round


def test_the_cursor_holds_only_where_the_rules_say_so() -> None:
    assert cursor_for(Game(load("klondike"), 1)) is not None
    assert cursor_for(Game(load("canfield"), 1)) is not None
    assert cursor_for(Game(load("spider", suits="1"), 1)) is None  # its deal fills the columns
    assert cursor_for(Game(load("golf"), 1)) is None  # its stock turns onto the foundation


def test_a_rule_reading_the_stock_turns_the_cursor_off(tmp_path: Path) -> None:
    """Spaces that take a King only once the stock is empty: where the cursor stands changes
    what the other piles may do, so the draws stay moves of their own, and a loss found is
    still a proof (checked against the brute force)."""
    text = SMALL_KLONDIKE.format(turns=1).replace("small_klondike_1", "small_klondike_late")
    late = '{all: [{base: {rank: "4"}}, '
    late += "{only_while: {condition: {groups_cleared: {groups: [stock]}}}}]}"
    text = text.replace('{base: {rank: "4"}}', late)
    assert late in text
    gdef = load_text(tmp_path, text)
    plain = load_text(tmp_path, SMALL_KLONDIKE.format(turns=1))
    decided = 0
    for seed in range(1, 13):
        assert cursor_for(Game(plain, seed)) is not None
        game = Game(gdef, seed)
        assert cursor_for(game) is None
        answer = solve(game, NODES)
        if answer.result != UNKNOWN:
            decided += 1
            assert (answer.result == WON) == brute_force(Game(gdef, seed)), seed
    assert decided == 12


def test_the_checks_made_once_a_game_can_be_made_a_slice_at_a_time() -> None:
    """A window makes the cursor's and the one-sink model's checks a slice a frame
    (`prepare`) before its first search of a game, which then finds them made."""
    from retro.solver import cursor, onesink
    from retro.solver.search import prepare

    for game_id in ("plait", "golf"):
        gdef = load(game_id)
        cursor._ALIKE.drop(gdef)
        onesink._AGREED.drop(gdef)
        slices = 1
        while not prepare(gdef, 0.0):  # a step a call
            slices += 1
        assert slices > 3, game_id
        kept = cursor._ALIKE if game_id == "plait" else onesink._AGREED
        assert kept.known(gdef) and kept.get(gdef, lambda: False), game_id
        assert prepare(gdef, 0.0)  # made once a game
    assert cursor_for(Game(load("plait"), 1)) is not None
