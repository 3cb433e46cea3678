"""The solver: every win it claims replays through the ordinary Game, a loss it claims is a
real loss (checked against a plain search with no shortcuts), safe moves are only those the
rules make safe, and honest play never reads a face-down card."""

from __future__ import annotations

import io
import json
import random
from collections import Counter
from collections.abc import Sequence
from contextlib import redirect_stdout
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from retro.cli import main
from retro.console import Console
from retro.definition.catalog import Catalog
from retro.definition.loader import load_game_file
from retro.definition.schema import schema
from retro.engine.game import LOST, WON, Game
from retro.engine.gamedef import GameDef
from retro.engine.notation import format_position, parse_position
from retro.engine.position import DONE, MOVE, Move, Position
from retro.errors import DefinitionError
from retro.solver import honest, stranding
from retro.solver.guide import PORTFOLIO_TILTS, Weights, evaluate, tilts_for, weights_for
from retro.solver.pacing import Pace, finish
from retro.solver.safety import home_moves, learn_for, model_for, safe_move
from retro.solver.search import (
    BEST_FIRST,
    DEPTH_FIRST,
    UNKNOWN,
    Budget,
    Result,
    Search,
    _luby,
    _restarting,
    solve,
)
from retro.solver.shared import Shared, distinct
from tests.helpers import game_at, load, play

# Budgets in nodes, so a test's answer never depends on how busy the machine is.
NODES = Budget(nodes=60_000, seconds=600)

TINY = """\
id: tiny
title: Tiny
description: Four columns of Ace to Six in two suits; build down any suit, suits home from Ace.
deck: {ranks: [A, 2, 3, 4, 5, 6], suits: 2}
piles:
  foundation:
    kind: foundation
    count: 4
    at: [0, 0]
    accept: {any: [{base: {rank: A}}, rank_above]}
  tableau:
    kind: tableau
    count: 4
    at: [0, 1]
    fan: down
    pick: top_card
    accept: {any: [empty, rank_below]}
deal:
  - {to: tableau, face_down: 2, face_up: 4}
auto: [turn_exposed]
win: all_on_foundations
"""


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> GameDef:
    """A game an author might write tomorrow: nothing in the solver knows it."""
    folder = tmp_path_factory.mktemp("games")
    (folder / "tiny.yaml").write_text(TINY, encoding="utf-8")
    return load_game_file(folder / "tiny.yaml")


def replays_to_a_win(gdef: GameDef, start: Game, result: Result) -> bool:
    """Each move of the claimed win is accepted by push, and the last position is won."""
    game = Game(gdef, start.seed, position=_copy(start))
    for move in result.moves:
        game.push(move)
    return game.outcome() == WON


def _copy(game: Game) -> Position:
    return parse_position(game.gdef, format_position(game.position))


def _state(game: Game) -> object:
    counters = {
        k: v for k, v in game.position.counters.items() if k not in ("moves", "score", "turned")
    }
    return game.position.piles_state(), tuple(sorted(counters.items()))


def plain_search(game: Game, limit: int = 200_000) -> bool:
    """Is the position winnable? Depth-first through push and pop, no safe moves, no order:
    the reference a proof of loss is checked against."""
    seen: set[object] = set()
    stack: list[list[Move]] = [[m for m in game.legal_moves() if m.kind != DONE]]
    seen.add(_state(game))
    while stack:
        if not stack[-1]:
            stack.pop()
            if stack:
                game.pop()
            continue
        game.push(stack[-1].pop())
        if game.outcome() == WON:
            return True
        state = _state(game)
        if state in seen or len(seen) > limit:
            game.pop()
            continue
        seen.add(state)
        stack.append([m for m in game.legal_moves() if m.kind != DONE])
    return False


# -- perfect information --------------------------------------------------------------------


def test_freecell_deal_is_won_and_the_win_replays() -> None:
    gdef = load("freecell")
    game = Game(gdef, 3)
    result = solve(game, NODES)
    assert result.result == WON
    assert replays_to_a_win(gdef, Game(gdef, 3), result)
    assert not game.history and game.key() == Game(gdef, 3).key()  # left as it was


def test_seven_to_ace_deal_is_won_and_the_win_replays() -> None:
    gdef = load("seven_to_ace")
    result = solve(Game(gdef, 6), NODES)
    assert result.result == WON
    assert replays_to_a_win(gdef, Game(gdef, 6), result)


KLONDIKE_ENDGAME = """\
foundation:1 = AS 2S 3S 4S 5S 6S 7S 8S 9S
foundation:2 = AH 2H 3H 4H 5H 6H 7H 8H 9H
foundation:3 = AD 2D 3D 4D 5D 6D 7D 8D 9D TD
foundation:4 = AC 2C 3C 4C 5C 6C 7C 8C 9C TC
tableau:1 = jd ks QH
tableau:2 = kh TS
tableau:3 = qc JH
tableau:4 = kd
stock = th js jc qd qs kc
"""

_SUIT = " ".join(rank + "S" for rank in "KQJT98765432A")
SPIDER_ENDGAME = (
    "\n".join(f"foundation:{i} = {_SUIT}" for i in range(1, 7))
    + """
tableau:1 = ks 4s QS JS TS
tableau:2 = 9s 8S 7S 6S
tableau:3 = KS QS
tableau:4 = 5S 4S 3S 2S AS
tableau:5 = js ts 9S
tableau:6 = 3s 2s AS 8S 7S 6S 5S
"""
)

GOLF_ENDGAME = """\
foundation = 5H
tableau:1 = 4S 6D
tableau:2 = 7C
tableau:3 = 8H
tableau:4 = 3D 9C
stock = {stock}
"""


@pytest.mark.parametrize(
    ("game_id", "options", "text"),
    [
        ("klondike", {}, KLONDIKE_ENDGAME),
        ("spider", {"suits": 1}, SPIDER_ENDGAME),
        ("golf", {}, GOLF_ENDGAME.format(stock="2c")),
    ],
)
def test_real_games_late_positions_are_won_and_replay(
    game_id: str, options: dict[str, int], text: str
) -> None:
    gdef = load(game_id, **options)
    start = game_at(gdef, text)
    result = solve(start, NODES)
    assert result.result == WON
    assert replays_to_a_win(gdef, game_at(gdef, text), result)


def test_a_lost_golf_position_is_proved_lost() -> None:
    gdef = load("golf")
    text = GOLF_ENDGAME.format(stock="kc")
    result = solve(game_at(gdef, text), NODES)
    assert result.result == LOST
    assert not plain_search(game_at(gdef, text))


def test_an_authors_new_game_every_answer_agrees_with_a_plain_search(tiny: GameDef) -> None:
    answers = []
    for seed in range(1, 21):
        result = solve(Game(tiny, seed), NODES)
        assert result.result != UNKNOWN
        assert (result.result == WON) == plain_search(Game(tiny, seed))
        if result.result == WON:
            assert replays_to_a_win(tiny, Game(tiny, seed), result)
        answers.append(result.result)
    assert WON in answers and LOST in answers  # both kinds of deal were met


def test_a_budget_spent_answers_unknown() -> None:
    result = solve(Game(load("spider"), 1), Budget(nodes=200, seconds=600))
    assert result.result == UNKNOWN and result.moves == [] and result.nodes >= 200


def test_restart_lengths_follow_luby_s_sequence() -> None:
    assert [_luby(run) for run in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]


def test_the_restarting_member_joins_only_once_half_the_budget_is_spent() -> None:
    search = Search(Game(load("freecell"), 672), Budget(nodes=20_000, seconds=600))
    first = len(search.plans)
    assert first == 4  # FreeCell's own weights both ways and the two weightings its file names
    while search.shared.nodes < 10_000:  # (and the member searching in order)
        assert search.late is not None and _distinct(search.members) == first + 1
        assert search.step() is None
    search.step()
    assert search.late is None and _distinct(search.members) == first + 2


def _distinct(members: Sequence[object]) -> int:
    return len({id(member) for member in members})


def test_the_member_searching_in_order_has_every_other_turn() -> None:
    search = Search(Game(load("freecell"), 672), Budget(nodes=20_000, seconds=600))
    prover = search.members[1]
    assert search.members[1::2] == [prover] * len(search.plans)
    assert prover not in search.members[0::2]


def _restarting_alone(game: Game, budget: Budget) -> tuple[Search, Result]:
    search = Search(game, budget, portfolio=False)
    search.members = [_restarting(search.shared, weights_for(game.gdef), game.key(), 2_000)]
    while (result := search.step()) is None:
        pass
    return search, result


def test_a_win_found_after_a_restart_replays() -> None:
    gdef = load("freecell")
    _, result = _restarting_alone(Game(gdef, 785), Budget(nodes=200_000, seconds=600))
    assert result.result == WON and result.nodes > 8_000  # its first run (8,000 nodes) failed
    assert replays_to_a_win(gdef, Game(gdef, 785), result)


def test_a_dropped_run_gives_its_positions_back() -> None:
    search, result = _restarting_alone(
        Game(load("freecell"), 672), Budget(nodes=30_000, seconds=600)
    )
    assert result.result == UNKNOWN and search.shared.positions == 0


# -- safe moves -----------------------------------------------------------------------------


FREECELL_HOME = """\
foundation:1 = AS 2S
foundation:2 = AH 2H
foundation:3 = AD
foundation:4 = AC 2C
tableau:1 = 3H
tableau:2 = 3S
tableau:3 = KD 2D
"""


def test_freecell_safe_moves_are_horne_s_rule() -> None:
    gdef = load("freecell")
    model = model_for(gdef)
    assert model is not None
    game = game_at(gdef, FREECELL_HOME)
    safe = safe_move(game.position, game.legal_moves(), model)
    # 3H: both black twos are home. 3S is not: the 2D that could go on it is still out.
    assert safe is not None and game.position.piles[safe.src].id in ("tableau:1", "tableau:3")
    moves = [m for m in game.legal_moves() if game.position.piles[m.src].id == "tableau:2"]
    assert safe_move(game.position, moves, model) is None


def test_klondike_foundations_let_cards_back_so_safety_looks_further() -> None:
    gdef = load("klondike")
    model = model_for(gdef)
    assert model is not None and "foundation" not in model.keeps
    game = game_at(
        gdef,
        "foundation:1 = AS 2S\nfoundation:2 = AH 2H\nfoundation:3 = AD\n"
        "foundation:4 = AC\n"
        "tableau:1 = 3H\ntableau:2 = 2D",
    )
    moves = [m for m in game.legal_moves() if game.position.piles[m.src].id == "tableau:1"]
    # 2S is home, but 2C is not: a 2C would need the 3H to lie on.
    assert safe_move(game.position, moves, model) is None
    moves = [m for m in game.legal_moves() if game.position.piles[m.src].id == "tableau:2"]
    assert safe_move(game.position, moves, model) is not None  # the black Aces hold nothing


def test_a_move_onto_interchangeable_empty_piles_is_tried_once() -> None:
    gdef = load("freecell")
    game = Game(gdef, 1)
    legal = [m for m in game.legal_moves() if m.kind != DONE]
    kept = distinct(game.position, legal)
    assert len(legal) == 32 and len(kept) == 8  # each column's top card to one of four cells

    def reached(move: Move) -> int:
        game.make(move)
        found = game.key()
        game.unmake()
        return found

    assert {reached(m) for m in legal} == {reached(m) for m in kept}
    spider = Game(load("spider", suits=1), 1)  # columns in deal order while the stock deals
    spider_moves = [m for m in spider.legal_moves() if m.kind != DONE]
    assert distinct(spider.position, spider_moves) == spider_moves


@pytest.mark.parametrize(
    "game_id", ["freecell", "klondike", "bakers_dozen", "yukon", "eight_off", "forty_thieves"]
)
def test_safe_moves_and_pile_actions_found_without_every_move(game_id: str) -> None:
    """What a child's safe moves are made from before its moves are generated: the moves to
    the foundations and the pile actions agree with those read off every legal move."""
    gdef = load(game_id)
    model = model_for(gdef)
    assert model is not None
    rng = random.Random(7)
    game = Game(gdef, 3)
    shared = Shared(game, NODES)
    for _ in range(60):
        legal = [m for m in game.legal_moves() if m.kind != DONE]
        if not legal:
            break
        found = home_moves(game.position, model, lambda move: game.why_not(move) is None)
        assert set(found) <= set(legal)
        assert (safe_move(game.position, found, model) is None) == (
            safe_move(game.position, legal, model) is None
        )
        assert shared.actions_now() == {(m.kind, m.src) for m in legal if m.kind != "move"}
        game.make(rng.choice(legal))


@pytest.mark.parametrize("game_id", ["golf", "seven_to_ace", "pyramid", "montana"])
def test_no_safe_moves_where_the_rules_give_none(game_id: str) -> None:
    # Golf's pile takes either neighbour rank; the others' rules look at neighbouring places.
    assert model_for(load(game_id)) is None


# -- honest play ----------------------------------------------------------------------------


def _hidden_reversed(game: Game) -> Game:
    """The same deal as a player sees it, every face-down card changed."""
    other = Game(game.gdef, game.seed, position=_copy(game))
    piles = other.position.piles
    slots = [(pile, i) for pile in piles for i in range(pile.down)]
    cards = [pile.cards[i] for pile, i in slots]
    cards.reverse()
    for (pile, i), card in zip(slots, cards, strict=True):
        pile.cards[i] = card
    other.position.refresh_all()
    return other


def test_honest_decisions_never_read_face_down_cards() -> None:
    gdef = load("klondike")
    real = Game(gdef, 5)
    changed = _hidden_reversed(real)
    assert real.position.fingerprint() != changed.position.fingerprint()
    assert honest.view(real) == honest.view(changed)
    budget = Budget(nodes=400, seconds=600)
    first = honest.decide(real, random.Random(11), 4, budget)
    second = honest.decide(changed, random.Random(11), 4, budget)
    assert first.move is not None
    assert (first.move, first.wins, first.plan) == (second.move, second.wins, second.plan)
    one = honest.sample(real, honest.view(real), random.Random(3))
    two = honest.sample(changed, honest.view(changed), random.Random(3))
    assert one.position.fingerprint() == two.position.fingerprint()


def test_the_known_part_search_never_reads_face_down_cards() -> None:
    gdef = load("spider", suits=2)
    real = Game(gdef, 4)
    for move in real.legal_moves()[:1]:
        real.push(move)
    changed = _hidden_reversed(real)
    assert real.position.fingerprint() != changed.position.fingerprint()
    budget = Budget(nodes=2_000, seconds=600)
    answers = []
    for game in (real, changed):
        line, shows, gain, nodes, trial = honest.lookahead(game, honest.view(game), budget)
        answers.append((line, shows, gain, nodes))
        # every move of the line but the last leaves each face-down card where it was
        hidden = honest.hidden_count(trial.position)
        for move in line[:-1]:
            trial.push(move)
            assert honest.hidden_count(trial.position) == hidden
        if shows:
            trial.push(line[-1])
            assert honest.hidden_count(trial.position) < hidden
    assert answers[0] == answers[1]
    assert answers[0][0]


def test_the_known_part_search_never_goes_back_to_a_table_seen() -> None:
    game = game_at(
        load("spider", suits=1), "tableau:1 = 2s 6S 5S\ntableau:2 = 3s 6S\ntableau:3 = 4s KS QS"
    )
    before = honest.view(game)
    play(game, "tableau:1>tableau:2/1")  # the Five to the other Six: no card shown
    now = honest.view(game)
    first, second = (pile.index for pile in game.position.groups["tableau"][:2])
    undo = Move(MOVE, second, 1, first)
    assert undo in game.legal_moves()
    trial = honest.sample(game, now, random.Random(3))
    seen = honest._seen_keys(trial, frozenset({before, now}), honest.SeenKeys())
    assert trial.key() in seen and len(seen) == 2
    trial.make(undo)  # back where the game was, on the sample: the same table
    assert trial.key() in seen
    line, _, _, _, searched = honest.lookahead(
        game, now, Budget(nodes=2_000, seconds=600), frozenset({before, now})
    )
    assert line
    for move in line:  # no table of the line is one seen before
        searched.push(move)
        assert honest.view(searched) not in (before, now)


def test_the_tables_seen_are_keyed_once_while_no_card_shows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The known part is searched on the same sample until a card shows, so a table seen
    is set up on it once, not again at every decision (a long wander stays linear)."""
    game = game_at(
        load("spider", suits=1), "tableau:1 = 2s 6S 5S\ntableau:2 = 3s 6S\ntableau:3 = 4s KS QS"
    )
    seen = {honest.view(game)}
    for _ in range(2):  # the Five to and fro between the Sixes: no card shown
        play(game, "tableau:1>tableau:2/1")
        seen.add(honest.view(game))
        play(game, "tableau:2>tableau:1/1")
    assert len(seen) == 2
    made: list[honest.View] = []
    table = honest._table
    monkeypatch.setattr(honest, "_table", lambda *args: made.append(args[1]) or table(*args))
    budget = Budget(nodes=500, seconds=600)
    memo = honest.SeenKeys()  # a player's, kept between its decisions
    first = honest.lookahead(game, honest.view(game), budget, frozenset(seen), memo=memo)
    again = honest.lookahead(game, honest.view(game), budget, frozenset(seen), memo=memo)
    other = (seen - {honest.view(game)}).pop()  # (the table now is also each search's sample)
    assert made.count(other) == 1  # set up once, for both searches
    assert first[:4] == again[:4]
    assert honest.sample(game, honest.view(game), random.Random(0)).key() == first[4].key()


def test_a_players_tables_seen_stay_keyed_while_another_player_thinks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each player keeps the keys of its own tables seen: a demo and a duel's computer thinking
    in turn in one window do not make each other set their tables up again."""
    game = game_at(
        load("spider", suits=1), "tableau:1 = 2s 6S 5S\ntableau:2 = 3s 6S\ntableau:3 = 4s KS QS"
    )
    seen = {honest.view(game)}
    play(game, "tableau:1>tableau:2/1")
    seen.add(honest.view(game))
    play(game, "tableau:2>tableau:1/1")
    other_game = Game(load("klondike"), 3)
    made: list[honest.View] = []
    table = honest._table
    monkeypatch.setattr(honest, "_table", lambda *args: made.append(args[1]) or table(*args))
    budget = Budget(nodes=300, seconds=600)
    mine, theirs = honest.SeenKeys(), honest.SeenKeys()
    honest.lookahead(game, honest.view(game), budget, frozenset(seen), memo=mine)
    honest.lookahead(other_game, honest.view(other_game), budget, memo=theirs)
    honest.lookahead(game, honest.view(game), budget, frozenset(seen), memo=mine)
    assert made.count((seen - {honest.view(game)}).pop()) == 1


def test_a_sample_agrees_with_everything_visible() -> None:
    real = Game(load("spider", suits=2), 4)
    seen = honest.view(real)
    trial = honest.sample(real, seen, random.Random(1))
    assert honest.view(trial) == seen
    assert sorted(map(repr, trial.position.cards_in_play())) == sorted(
        map(repr, real.position.cards_in_play())
    )


_RUN = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"
# 1 suit near the end: six suits home, one complete run, three lone cards, a row left to deal
_LAST_ROW = "\n".join(
    [
        *(f"foundation:{n} = {_RUN}" for n in range(1, 7)),
        "stock = ks js ts 8s 7s 6s 5s 4s 3s as",
        f"tableau:2 = {_RUN}",
        "tableau:6 = 9S",
        "tableau:8 = 2S",
        "tableau:10 = QS",
    ]
)


def test_a_move_home_that_leaves_too_few_cards_to_deal_strands_the_stock() -> None:
    game = game_at(load("spider", suits=1), _LAST_ROW)
    assert not stranding.strands(game)  # the run spread over the empty columns lets it deal
    play(game, "tableau:2>foundation:7/13")
    assert stranding.strands(game)  # three cards cannot fill ten columns: the row is stuck
    assert not stranding.strands(game_at(load("spider", suits=1), "tableau:1 = 9S"))  # no stock


def test_the_known_part_search_fills_one_empty_column_of_many() -> None:
    game = game_at(load("spider", suits=1), _LAST_ROW)  # six empty columns, a row to deal
    piles = game.position.piles
    legal = [m for m in game.legal_moves() if m.kind != DONE]
    assert distinct(game.position, legal) == legal  # the key tells the columns apart
    kept = distinct(game.position, legal, honest.player_alike(game.position))
    onto_empty = [
        m
        for m in legal
        if m.kind == MOVE and not piles[m.dst].cards and piles[m.dst].kind == "tableau"
    ]
    runs = {(m.src, m.count) for m in onto_empty}
    assert len(onto_empty) == 6 * len(runs) > 0  # each run may go to any of six columns
    assert len(kept) == len(legal) - len(onto_empty) + len(runs)
    weights = weights_for(game.gdef)

    def worth(move: Move) -> float:
        game.make(move)
        value = honest.seen_value(game.position, weights)
        game.unmake()
        return value

    # what the search reads of a table is the same whichever empty column is filled
    for move in onto_empty:
        tried = next(
            m
            for m in kept
            if m.kind == MOVE
            and (m.src, m.count) == (move.src, move.count)
            and not piles[m.dst].cards
            and piles[m.dst].kind == "tableau"
        )
        assert worth(move) == worth(tried)


@settings(max_examples=40, deadline=None)
@given(
    name=st.sampled_from(["spider", "klondike", "freecell", "gypsy", "golf"]),
    seed=st.integers(1, 100_000),
)
def test_a_search_values_a_table_the_same_with_the_piles_it_has_met_kept(
    name: str, seed: int
) -> None:
    game = Game(load(name), seed)
    weights = weights_for(game.gdef)
    known: dict[int, float] = {}
    rng = random.Random(seed)
    for _ in range(80):
        moves = [move for move in game.legal_moves() if move.kind != DONE]
        if not moves:
            break
        before = [(pile.down, len(pile.cards)) for pile in game.position.piles]
        game.make(rng.choice(moves))
        shown = before if honest.hidden_count(game.position) < sum(d for d, _ in before) else None
        assert honest.seen_value(game.position, weights, shown, known) == honest.seen_value(
            game.position, weights, shown
        )
        if rng.random() < 0.3:
            game.unmake()  # back to a table met before: its piles are read from `known`
            assert honest.seen_value(game.position, weights, None, known) == (
                honest.seen_value(game.position, weights)
            )
    assert known  # the piles met were kept


def test_a_column_with_no_card_face_down_counts_as_clean_for_both_searches() -> None:
    game = game_at(
        load("spider", suits=2),
        "\n".join(
            ("tableau:1 = 9S", "tableau:2 = 5s 8S", "tableau:3 = 7H 6H", "tableau:4 = 2h 3s KH QH")
        ),
    )
    only_clean = Weights(**{name: 0.0 for name in Weights.names()}).with_changes({"clean": 1})
    # columns 1 and 3 hold cards, none face down; the six empty columns are not clean
    assert honest.seen_value(game.position, only_clean) == 2
    assert evaluate(game.position, only_clean, None) == 2


# 1 suit, the stock dealt: five suits home, 18 cards face down, one empty column
_SPENT = "\n".join(
    [
        *(f"foundation:{n} = {_RUN}" for n in range(1, 6)),
        "tableau:1 = 6s as 8S",
        "tableau:2 = 4S",
        "tableau:3 = KS QS",
        "tableau:4 = 3s KS",
        "tableau:6 = qs 9s ts qs TS",
        "tableau:7 = 2s 2s 9s 7s 5S 4S",
        "tableau:8 = js 8S 7S",
        f"tableau:9 = 5s 3s js {_RUN[9:]}",
        "tableau:10 = ks 6s js AS",
    ]
)


def test_a_move_is_counted_for_every_sample_it_wins() -> None:
    game = game_at(load("spider", suits=1), _SPENT)
    rng = random.Random(2)
    share = Budget(nodes=3_000, seconds=600)
    tables = []
    for _ in range(4):
        trial = honest.sample(game, honest.view(game), rng)
        tables.append((trial, solve(trial, share)))
    firsts = Counter(found.moves[0] for _, found in tables if found.result == WON)
    assert len(firsts) > 1  # the samples won start their winning lines with different moves
    wins = Counter(firsts)
    plans: dict[Move, tuple[list[Move], Game]] = {}
    finish(honest._cross_check(tables, wins, plans, share, Pace()))
    for move in firsts:
        expected = 0
        for trial, found in tables:
            if found.result == WON and found.moves[0] == move:
                expected += 1
            elif found.result != LOST:
                after = Game(trial.gdef, trial.seed, position=_copy(trial))
                after.push(move)
                expected += solve(after, share).result == WON
        assert wins[move] == expected
    assert any(wins[move] > firsts[move] for move in firsts)
    for move, (line, trial) in plans.items():  # each line credited wins its sample
        replay = Game(trial.gdef, trial.seed, position=_copy(trial))
        assert line[0] == move
        for step in line:
            replay.push(step)
        assert replay.outcome() == WON


def test_honest_play_keeps_the_cards_it_needs_to_deal_the_last_row() -> None:
    game = game_at(load("spider", suits=1), _LAST_ROW)
    decision = honest.decide(game, random.Random(1), 4, Budget(nodes=3_000, seconds=600))
    assert decision.move is not None
    assert decision.move.dst != game.position.groups["foundation"][6].index
    played = honest.play(game, seconds=600, seed=1)  # each search stops at its nodes first
    assert played.result == WON


def test_honest_play_keeps_time_for_the_end_with_every_card_in_sight() -> None:
    """Past nine tenths of the time a table with cards to show is played at a glance; the
    tenth kept is for the end, where the deal is solved as it stands."""
    hiding, budget = honest.thinking_for(10.0, 9.2, 3, 4, 10_000)
    assert hiding == 1 and budget.nodes == honest._GLANCE
    samples, budget = honest.thinking_for(10.0, 9.2, 0, 4, 10_000)
    assert samples == 4 and budget.nodes == 10_000 and budget.seconds > 0.1
    samples, budget = honest.thinking_for(10.0, 5.0, 20, 4, 10_000)
    assert samples == 4 and budget.seconds == pytest.approx(4.0 / 10)


def test_an_honest_game_is_played_to_its_end_and_replays(tiny: GameDef) -> None:
    outcomes = set()
    for seed in (3, 6, 8):
        game = Game(tiny, seed)
        played = honest.play(game, seconds=600, samples=4, seed=1, sample_nodes=2_000)
        assert played.result in (WON, LOST)
        again = Game(tiny, seed)
        again.play(played.moves)
        # a lost game ends with no move left, or given up when every sample of it loses
        assert (again.outcome() == WON) == (played.result == WON)
        outcomes.add(played.result)
    assert WON in outcomes


# -- the game file's weights ----------------------------------------------------------------


def test_a_game_file_may_weigh_the_features(tmp_path: Path) -> None:
    path = tmp_path / "tiny.yaml"
    path.write_text(TINY + "solver: {weights: {empty: 30, mobility: 1.5}}\n", encoding="utf-8")
    weights = weights_for(load_game_file(path))
    assert weights.empty == 30 and weights.mobility == 1.5 and weights.home == Weights().home
    path.write_text(TINY + "solver: {weights: {emptiness: 3}}\n", encoding="utf-8")
    with pytest.raises(DefinitionError, match="emptiness"):
        load_game_file(path)


def test_the_schema_names_every_weight() -> None:
    solver = schema()["properties"]["solver"]["anyOf"][1]  # (the other branch: null)
    weighing = "#/$defs/weights"
    assert solver["properties"]["weights"]["$ref"] == weighing
    assert solver["properties"]["portfolio"]["items"]["$ref"] == weighing
    named = schema()["$defs"]["weights"]["properties"]
    assert set(named) == set(Weights.names())


def test_a_game_file_may_weigh_by_option(tmp_path: Path) -> None:
    """`by_option` changes weights for some values of an option, over the file's own."""
    optioned = TINY.replace(
        "deal:\n  - {to: tableau, face_down: 2, face_up: 4}",
        "options:\n  down:\n    label: Face down\n"
        "    values: {two: {down: 2, up: 4}, one: {down: 1, up: 5}}\n    default: two\n"
        "deal:\n  - {to: tableau, face_down: $down.down, face_up: $down.up}",
    )
    path = tmp_path / "tiny.yaml"
    path.write_text(
        optioned + "solver: {weights: {empty: 30, turned: 9},"
        " by_option: {down: {one: {empty: 5, home: 4}}}}\n",
        encoding="utf-8",
    )
    one = weights_for(load_game_file(path, {"down": "one"}))
    assert (one.empty, one.home, one.turned) == (5, 4, 9)
    two = weights_for(load_game_file(path))
    assert (two.empty, two.home, two.turned) == (30, Weights().home, 9)
    assert "by_option" not in load_game_file(path).solver
    for wrong, said in (
        ("{dawn: {one: {empty: 5}}}", "unknown option 'dawn'.*mean 'down'"),
        ("{down: {3: {empty: 5}}}", "option down has no value '3'; its values: two, one"),
        ("{down: {one: {emptiness: 5}}}", "emptiness"),
        ("{down: {one: 5}}", "must be a mapping"),
        ("[down]", "must be a mapping"),
    ):
        path.write_text(optioned + f"solver: {{by_option: {wrong}}}\n", encoding="utf-8")
        with pytest.raises(DefinitionError, match=said):
            load_game_file(path)


def test_spider_weighs_builds_in_suit_by_its_suits() -> None:
    """With one suit every card in order is in suit: Spider counts those builds half."""
    catalog = Catalog()
    assert [
        weights_for(catalog.load("spider", {"suits": suits})).suited for suits in (1, 2, 4)
    ] == [2, 4, 4]
    assert weights_for(catalog.load("spider_duel")).suited == 3  # the duel keeps its own


def test_a_game_file_may_name_its_portfolio(tmp_path: Path) -> None:
    path = tmp_path / "tiny.yaml"
    path.write_text(
        TINY + "solver: {weights: {empty: 30}, portfolio: [{disorder: 6}, {}]}\n", encoding="utf-8"
    )
    gdef = load_game_file(path)
    assert tilts_for(gdef) == ({"disorder": 6}, {})
    search = Search(Game(gdef, 3), Budget(nodes=100_000, seconds=600))
    # the game's own weights best-first and depth-first, then one search a weighting named
    assert [order for order, _ in search.plans] == [BEST_FIRST, DEPTH_FIRST, BEST_FIRST, BEST_FIRST]
    assert [w.disorder for _, w in search.plans] == [Weights().disorder] * 2 + [6, 3]
    assert all(w.empty == 30 for _, w in search.plans)
    assert _distinct(search.members) == 5  # its four, and the member searching in order
    plain = tmp_path / "plain.yaml"
    plain.write_text(TINY, encoding="utf-8")
    assert tilts_for(load_game_file(plain)) == PORTFOLIO_TILTS
    path.write_text(TINY + "solver: {portfolio: [{emptiness: 3}]}\n", encoding="utf-8")
    with pytest.raises(DefinitionError, match="emptiness"):
        load_game_file(path)
    path.write_text(TINY + "solver: {portfolio: [" + "{}, " * 9 + "{}]}\n", encoding="utf-8")
    with pytest.raises(DefinitionError, match="portfolio"):
        load_game_file(path)
    for hostile, said in (
        ("'abc'", "must be a list"),
        ("[[[[{}]]]]", "must be a mapping"),
        ("[{empty: 1e999}]", "must be a"),
        ("[{empty: 10000001}]", "maximum"),
    ):
        path.write_text(TINY + f"solver: {{portfolio: {hostile}}}\n", encoding="utf-8")
        with pytest.raises(DefinitionError, match=said):
            load_game_file(path)


# -- the command ----------------------------------------------------------------------------


def _run(*argv: str) -> list[str]:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(list(argv)) == 0
    return out.getvalue().splitlines()


def test_solve_json_moves_replay_one_a_line_in_the_console() -> None:
    answer = json.loads(_run("solve", "freecell", "--seed", "3", "--json", "--seconds", "600")[-1])
    assert set(answer) == {"game", "seed", "options", "result", "moves", "nodes", "seconds"}
    assert answer["result"] == "won" and answer["game"] == "freecell" and answer["seed"] == 3
    out = io.StringIO()
    Console(Game(load("freecell"), 3), as_json=True).run(answer["moves"], out)
    last = json.loads(out.getvalue().splitlines()[-1])
    assert last["outcome"] == "won"


def test_solve_a_range_prints_every_deal_and_a_summary(tmp_path: Path) -> None:
    (tmp_path / "tiny.yaml").write_text(TINY, encoding="utf-8")
    lines = _run(
        "--games-dir", str(tmp_path), "solve", "tiny", "--seeds", "1-4", "--json", "--jobs", "2"
    )
    answers = [json.loads(line) for line in lines]
    assert [a["seed"] for a in answers[:-1]] == [1, 2, 3, 4]
    summary = answers[-1]["summary"]
    assert summary["deals"] == 4 and summary["won"] + summary["lost"] == 4


def test_solve_honest_plays_the_deal(tmp_path: Path) -> None:
    (tmp_path / "tiny.yaml").write_text(TINY, encoding="utf-8")
    answer = json.loads(
        _run(
            "--games-dir",
            str(tmp_path),
            "solve",
            "tiny",
            "--seed",
            "6",
            "--honest",
            "--json",
            "--seconds",
            "600",
        )[-1]
    )
    assert answer["result"] in ("won", "lost")
    game = Game(Catalog([tmp_path]).load("tiny", {}), 6)
    out = io.StringIO()
    Console(game, as_json=True).run(answer["moves"], out)
    outcome = json.loads(out.getvalue().splitlines()[-1])["outcome"]
    assert (outcome == "won") == (answer["result"] == "won")


def test_a_line_ends_where_the_game_file_says_the_game_is_lost(tmp_path: Path) -> None:
    text = TINY.replace(
        "deal:",
        "  spare: {kind: cell, at: [5, 0], pick: top_card, accept: {all: [empty, single]}}\ndeal:",
    )
    path = tmp_path / "tiny.yaml"
    path.write_text(text + "lose: {groups_cleared: {groups: [spare]}}\n", encoding="utf-8")
    gdef = load_game_file(path)
    game = Game(gdef, 3)
    assert game.outcome() == LOST and game.legal_moves()  # lost, though moves are left
    assert solve(game, NODES).result == LOST


@pytest.mark.parametrize("game_id", ["spider", "klondike", "freecell"])
def test_safety_model_learnt_a_slice_at_a_time_is_the_one_learnt_at_once(game_id: str) -> None:
    """A window learns a game's safe moves a slice a frame before its first search: many
    slices, each a small step, and the model the same as the one learnt in one piece."""
    at_once = model_for(Catalog().load(game_id, {}))
    gdef = Catalog().load(game_id, {})  # a definition of its own: learnt afresh
    assert not learn_for(gdef, 0.0)  # no time, no step
    slices = 0
    while not learn_for(gdef, 1e-6):  # about one step a call
        slices += 1
    assert slices > 100
    assert model_for(gdef) == at_once


def test_the_benchmark_plays_spider_again_with_a_deal_onto_empty_columns(tmp_path: Path) -> None:
    """The honest Spider figures are set beside a player whose stock deals onto empty columns:
    the benchmark's variant of Spider's file deals there, Spider itself refuses."""
    import importlib.util

    path = Path(__file__).resolve().parent.parent / "benchmarks" / "solver.py"
    spec = importlib.util.spec_from_file_location("solver_benchmark", path)
    assert spec is not None and spec.loader is not None
    benchmark = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(benchmark)
    benchmark._write_deal_anytime(tmp_path)
    for game_id, dirs, deals in (("spider", [], False), (benchmark.ANYTIME, [tmp_path], True)):
        game = Game(Catalog(dirs).load(game_id, {"suits": 4}), 1)
        position = game.position
        column = next(pile for pile in position.piles if pile.kind == "tableau")
        column.cards.clear()
        column.down = 0
        position.refresh_all()
        stock = next(i for i, pile in enumerate(position.piles) if pile.kind == "stock")
        assert (Move("deal", stock) in game.legal_moves()) is deals
