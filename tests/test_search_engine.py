"""The engine as search uses it: `make`/`unmake` restore a position and its key exactly, the key
kept up to date move by move equals the key worked out from nothing, and the key is equal for
two positions exactly when they play alike (interchangeable piles swapped). Runs for every game
in games/, with random legal moves."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from retro.definition.catalog import Catalog
from retro.engine.cards import Card
from retro.engine.game import Game
from retro.engine.gamedef import UNKEYED, GroupDef
from retro.engine.notation import format_position, parse_move, parse_position
from retro.engine.position import Position, key_from_scratch
from tests.helpers import game_at, load
from tests.test_properties import VARIANTS

IDS = [f"{g}-{'-'.join(map(str, o.values())) or 'default'}" for g, o in VARIANTS]


def alike_now(position: Position, group: GroupDef) -> bool:
    """Are the group's piles interchangeable in this position?"""
    return group.interchangeable and not position.holding(group.ordered_while)


def canonical(position: Position) -> tuple[object, ...]:
    """The position as the key sees it, written out: piles of a group interchangeable now as a
    sorted list, every other pile in its place, the counters rules read."""
    groups = []
    for group in position.gdef.groups:
        piles = [
            (tuple((c.rank, c.suit) for c in p.cards), p.down) for p in position.groups[group.name]
        ]
        groups.append(tuple(sorted(piles)) if alike_now(position, group) else tuple(piles))
    counters = tuple(
        sorted(
            (name, value)
            for name, value in position.counters.items()
            if value and name not in UNKEYED
        )
    )
    return tuple(groups), counters


def counted_afresh(position: Position) -> dict[object, int]:
    """Every tally the rules declared, counted pile by pile now."""
    return {
        tally: sum(1 for pile in position.groups[tally.group] if tally.test(pile))
        for tally in position.gdef.tallies()
    }


def _facts(game: Game) -> tuple[object, ...]:
    position = game.position
    assert position.counts == counted_afresh(position)
    return (
        position.fingerprint(),
        game.key(),
        tuple(game.legal_moves()),
        tuple(p.run for p in position.piles),
        position.unfit,
        tuple(position.counts.values()),
    )


@pytest.mark.parametrize("game_id,options", VARIANTS, ids=IDS)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=20, max_size=80),
)
def test_make_and_unmake_restore_position_and_key_exactly(
    game_id: str, options: dict[str, object], seed: int, choices: list[int]
) -> None:
    gdef = load(game_id, **options)
    game = Game(gdef, seed)
    twin = Game(gdef, seed)  # the same moves through push, as a player makes them
    stack = [_facts(game)]
    keys: dict[tuple[object, ...], int] = {canonical(game.position): game.key()}
    for choice in choices:
        moves = game.legal_moves()
        if not moves:
            break
        move = moves[choice % len(moves)]
        game.make(move)
        twin.push(move)
        position = game.position
        assert position.fingerprint() == twin.position.fingerprint()
        assert game.key() == key_from_scratch(position) == twin.key()
        assert position.counts == counted_afresh(position) == twin.position.counts
        assert game.key() == key_from_scratch(parse_position(gdef, format_position(position)))
        win = gdef.win
        if win is not None and position.win_each is not None:
            assert (position.unfit == 0) == win.test(position)
        # no automatic move was left undone: each finds nothing more to do on a copy
        copy = parse_position(gdef, format_position(position))
        assert not any(auto.apply(copy) for auto in gdef.autos)
        # one key for one position as the key sees it, and a different key for another
        seen = keys.setdefault(canonical(position), game.key())
        assert seen == game.key()
        stack.append(_facts(game))
        if choice % 5 == 0:  # take back and make again at once: nothing changes
            game.unmake()
            assert _facts(game) == stack[-2]
            game.make(move)
            assert _facts(game) == stack[-1]
    assert len(set(keys.values())) == len(keys)
    while len(stack) > 1:
        game.unmake()
        stack.pop()
        assert _facts(game) == stack[-1]
    while twin.history:  # a player's undo puts the counts back as well
        twin.pop()
        assert twin.position.counts == counted_afresh(twin.position)


def _swapped(game: Game, rng: random.Random) -> Game | None:
    """The same position with the piles of its interchangeable groups shuffled among themselves
    (None when the game has no such group)."""
    gdef = game.gdef
    groups = [g for g in gdef.groups if alike_now(game.position, g)]
    if not groups:
        return None
    position = parse_position(gdef, format_position(game.position))
    for group in groups:
        piles = position.groups[group.name]
        contents = [(list(p.cards), p.down, p.lit) for p in piles]
        rng.shuffle(contents)
        for pile, (cards, down, lit) in zip(piles, contents, strict=True):
            pile.cards[:] = cards
            pile.down = down
            pile.lit = lit
    position.refresh_all()
    return Game(gdef, game.seed, position=position)


def _next_keys(game: Game) -> list[int]:
    keys = []
    for move in game.legal_moves():
        game.make(move)
        keys.append(game.key())
        game.unmake()
    return sorted(set(keys))


@pytest.mark.parametrize("game_id,options", VARIANTS, ids=IDS)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=5, max_size=60),
)
def test_interchangeable_piles_swapped_play_alike(
    game_id: str, options: dict[str, object], seed: int, choices: list[int]
) -> None:
    """What the rules call interchangeable really is: with those piles shuffled, the key is the
    same and so is every position one move on. A rule that reads pile order but is not marked
    `ordered` fails here."""
    gdef = load(game_id, **options)
    game = Game(gdef, seed)
    rng = random.Random(seed)
    for choice in choices:
        moves = game.legal_moves()
        if not moves:
            break
        game.push(moves[choice % len(moves)])
    swapped = _swapped(game, rng)
    if swapped is None:
        return
    again = Game(gdef, seed, position=parse_position(gdef, format_position(game.position)))
    assert swapped.key() == again.key()
    assert _next_keys(swapped) == _next_keys(again)


FREECELL_TEXT = """
cell:1 = KH
cell:3 = 2C
foundation:1 = AS
tableau:1 = 9D 8S 7H
tableau:2 = QC JD
tableau:3 = 5H
"""


def test_freecell_key_sees_cells_and_columns_as_sets() -> None:
    gdef = load("freecell")
    assert {g.name: g.interchangeable for g in gdef.groups} == {
        "cell": True,
        "foundation": True,
        "tableau": True,
    }
    base = game_at(gdef, FREECELL_TEXT).key()
    moved_around = game_at(
        gdef,
        """
        cell:2 = 2C
        cell:4 = KH
        foundation:3 = AS
        tableau:8 = 9D 8S 7H
        tableau:1 = 5H
        tableau:5 = QC JD
        """,
    ).key()
    assert moved_around == base
    # the same cards at the same heights, but sharing piles differently: not the same
    regrouped = game_at(
        gdef, FREECELL_TEXT.replace("9D 8S 7H", "9D JD 7H").replace("QC JD", "QC 8S")
    ).key()
    assert regrouped != base
    other = [
        FREECELL_TEXT.replace("cell:3 = 2C", "tableau:3 = 5H 2C").replace("tableau:3 = 5H\n", ""),
        FREECELL_TEXT.replace("9D 8S 7H", "9D 8S"),
        FREECELL_TEXT + "tableau:4 = 7H\n",
        FREECELL_TEXT.replace("KH", "KD"),
    ]
    keys = {game_at(gdef, text).key() for text in other}
    assert base not in keys and len(keys) == len(other)


def test_spider_columns_are_interchangeable_once_the_stock_no_longer_deals_in_order() -> None:
    gdef = load("spider", suits=1, relaxed=2)  # a deal with empty columns
    assert {g.name: (g.interchangeable, g.ordered_while) for g in gdef.groups} == {
        "foundation": (True, ()),
        "stock": (False, ()),
        "tableau": (True, ("stock",)),
    }
    text = "tableau:1 = 5S\ntableau:2 = 9S\nstock = " + " ".join(["as"] * 10) + "\n"
    swapped = text.replace("tableau:1 = 5S\ntableau:2 = 9S", "tableau:1 = 9S\ntableau:2 = 5S")
    assert game_at(gdef, text).key() != game_at(gdef, swapped).key()
    dealt = text.replace("stock = ", "tableau:10 = ").replace("as", "AS")
    dealt_swapped = swapped.replace("stock = ", "tableau:10 = ").replace("as", "AS")
    assert game_at(gdef, dealt).key() == game_at(gdef, dealt_swapped).key()
    # the last deal makes them interchangeable, its undo tells them apart again
    game = game_at(gdef, text)
    before = game.key()
    game.make(next(m for m in game.legal_moves() if m.kind == "deal"))
    assert game.key() == key_from_scratch(game.position)
    assert game.key() == game_at(gdef, format_position(game.position)).key()
    game.unmake()
    assert game.key() == before == key_from_scratch(game.position)


def test_a_game_file_may_declare_piles_interchangeable_or_not(tmp_path: Path) -> None:
    games = Path(__file__).resolve().parent.parent / "games"
    freecell = (games / "freecell.yaml").read_text()
    spider = (games / "spider.yaml").read_text()
    assert "  cell:\n" in freecell and "  tableau:\n" in spider
    (tmp_path / "freecell_fixed.yaml").write_text(
        freecell.replace("id: freecell", "id: freecell_fixed").replace(
            "  cell:\n", "  cell:\n    interchangeable: false\n", 1
        )
    )
    (tmp_path / "spider_free.yaml").write_text(
        spider.replace("id: spider", "id: spider_free").replace(
            "  tableau:\n", "  tableau:\n    interchangeable: true\n", 1
        )
    )
    catalog = Catalog(extra_dirs=[tmp_path])
    assert not catalog.load("freecell_fixed", {}).group("cell").interchangeable
    assert load("freecell").group("cell").interchangeable
    free = catalog.load("spider_free", {}).group("tableau")
    assert free.interchangeable and free.ordered_while == ()
    assert load("spider").group("tableau").ordered_while == ("stock",)


def test_key_is_the_same_by_every_move_order() -> None:
    """Two moves that do not touch each other, made in either order: one position, one key;
    the move counter and the score are no part of it."""
    gdef = load("freecell")
    game = Game(gdef, 617)
    first, second = "t1>c1", "t2>c2"
    orders = []
    for moves in ((first, second), (second, first)):
        for text in moves:
            game.make(parse_move(game.position, text))
        orders.append((game.key(), canonical(game.position)))
        game.unmake()
        game.unmake()
    assert orders[0] == orders[1]
    game.push(parse_move(game.position, first))
    after_one = game.key()
    game.position.counters["score"] += 5
    assert game.key() == after_one


def test_cards_are_keyed_by_rank_and_suit_alone() -> None:
    """Two packs hold two of each card; they are the same card to the key too."""
    gdef = load("spider")
    a = game_at(gdef, "tableau:1 = 5S\ntableau:2 = 5S 4H\n")
    b = game_at(gdef, "tableau:1 = 5S\ntableau:2 = 5S 4H\n")
    assert a.key() == b.key()
    assert Card(5, 0) is Card(5, 0)


def test_spider_keeps_its_deal_question_counted() -> None:
    """Spider's "may I deal?" reads counts the position keeps, declared by the rule; a tally no
    game declared is counted when asked."""
    from retro.engine.bound import Tally

    # at the deal: no column is empty, and every one has face-down cards (not one run)
    for relaxed, counts in ((0, [0]), (2, [0, 10])):
        game = Game(load("spider", relaxed=relaxed), 3)
        position = game.position
        assert list(position.counts.values()) == counts
        assert position.counts == counted_afresh(position)
    tally = Tally("tableau", lambda pile: pile.down > 4)  # columns 1, 4, 7, 10
    assert position.count(tally) == 4 and tally not in position.counts


def test_a_streak_kept_for_the_score_alone_is_not_in_the_key() -> None:
    """Tri Peaks' streak changes only the points to come: two tables alike but for the streak
    (and the move it was last counted at) share a key, so search meets them as one."""
    game = Game(Catalog().load("tri_peaks", {}), 12)
    assert {"streak", "streak_move"} <= game.gdef.unkeyed
    before = game.key()
    counters = game.position.counters
    counters["streak"], counters["streak_move"] = 5, 40
    assert game.key() == before == key_from_scratch(game.position)
    counters["redeals"] = 1  # a counter a rule may read still tells tables apart
    assert game.key() != before
