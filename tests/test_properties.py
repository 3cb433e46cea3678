"""Random play over many deals: nothing lost, undo exact, score true to its definition,
notation round trips. Runs for every game in games/."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from retro.definition.catalog import Catalog
from retro.engine.game import Game, deal_position
from retro.engine.gamedef import GameDef
from retro.engine.notation import format_move, format_position, parse_move, parse_position
from retro.engine.position import Move, Position
from tests.helpers import load

GAMES = Catalog().ids()
VARIANTS = [
    ("spider", {}),
    ("spider", {"suits": 1}),
    ("spider", {"suits": 2, "relaxed": 2}),
    ("spider", {"remove_suits": "at once", "extra_cards": "leftmost"}),
    ("eight_off", {"runs": "as the free cells allow"}),
    ("athena", {"turn": 3}),
]
VARIANTS += [(game_id, {}) for game_id in GAMES if game_id != "spider"]


def xpat_score(position: Position) -> int:
    """XPat2's Spider score written out again, independently of the rule library."""
    tableau = position.groups["tableau"]
    turned = 44 - sum(p.down for p in tableau)
    total = 10 * turned + 15 * sum(1 for p in tableau if p.down == 0)
    kept = 0
    for pile in tableau:
        up = pile.cards[pile.down :]
        total += 2 * sum(
            1 for a, b in itertools.pairwise(up) if a.suit == b.suit and a.rank == b.rank + 1
        )
        top = up[-13:]
        if len(top) == 13 and all(
            c.suit == top[0].suit and c.rank == 13 - i for i, c in enumerate(top)
        ):
            total += 26
            kept += 1
    removed = sum(1 for p in position.groups["foundation"] if p.cards)
    total += 50 * removed
    if kept + removed == 8:
        total += 2 * max(0, kept - 3)
    return total


def _check_invariants(game: Game, deck: Counter[object]) -> None:
    position = game.position
    assert Counter(position.cards_in_play()) == deck, "a card was lost or duplicated"
    for pile in position.piles:
        assert 0 <= pile.down <= len(pile.cards)
        # face-up cards between face-down ones lie under the top face-down card, never at it
        assert 0 <= pile.lit < 1 << max(pile.down - 1, 0), f"{pile.id}: lit {pile.lit:#b}"
    text = format_position(position)
    again = parse_position(game.gdef, text)
    assert format_position(again) == text
    assert again.fingerprint() == position.fingerprint()
    if game.gdef.score.from_position is not None:
        assert game.score() == game.gdef.score.from_position(again) + again.counters["score"]
    if game.gdef.id == "spider":
        assert game.score() == xpat_score(position)


@pytest.mark.parametrize(
    "game_id,options",
    VARIANTS,
    ids=[f"{g}-{'-'.join(map(str, o.values())) or 'default'}" for g, o in VARIANTS],
)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=40, max_size=160),
)
def test_random_play_keeps_every_invariant(
    game_id: str, options: dict[str, object], seed: int, choices: list[int]
) -> None:
    gdef: GameDef = load(game_id, **options)
    game = Game(gdef, seed)
    deck = Counter(game.position.cards_in_play())
    fingerprints = [game.position.fingerprint()]
    for choice in choices:
        moves = game.legal_moves()
        if not moves:
            break
        move = moves[choice % len(moves)]
        text = format_move(game.position, move)
        assert parse_move(game.position, text) == move
        assert game.why_not(move) is None
        game.push(move)
        fingerprints.append(game.position.fingerprint())
        _check_invariants(game, deck)
        if choice % 7 == 0:  # now and then: undo and redo at once, which must change nothing
            game.pop()
            assert game.position.fingerprint() == fingerprints[-2]
            game.redo()
            assert game.position.fingerprint() == fingerprints[-1]
    while game.history:
        game.pop()
        fingerprints.pop()
        assert game.position.fingerprint() == fingerprints[-1]
    assert game.position.fingerprint() == deal_position(gdef, seed).fingerprint()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_every_legal_move_is_judged_legal_and_nothing_else_is(seed: int) -> None:
    """Generation and the reasoned check agree: the window never refuses a hinted move."""
    game = Game(load("spider", relaxed=2), seed)
    for _ in range(25):
        moves = set(game.legal_moves())
        piles = game.position.piles
        for src in range(len(piles)):
            for dst in range(len(piles)):
                for count in range(1, 4):
                    move = Move("move", src, count, dst)
                    assert (game.why_not(move) is None) == (move in moves), format_move(
                        game.position, move
                    )
        if not moves:
            return
        game.push(sorted(moves)[seed % len(moves)])


@pytest.mark.parametrize(
    "game_id,options",
    VARIANTS,
    ids=[f"{g}-{'-'.join(map(str, o.values())) or 'default'}" for g, o in VARIANTS],
)
@pytest.mark.parametrize("seed", [1, 77])
def test_every_game_generates_exactly_the_moves_it_judges_legal(
    game_id: str, options: dict[str, object], seed: int
) -> None:
    from tests.games.agreement import generation_agrees_with_judgement

    generation_agrees_with_judgement(Game(load(game_id, **options), seed), plies=40, most=4)
