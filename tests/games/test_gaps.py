"""The Gaps family as YAML: Montana and Blue Moon, their deal, moves, redeals, win, loss and
score, written as positions and moves; plus random play."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from retro.engine.cards import make_deck, parse_rank, seed_derived_from, shuffle
from retro.engine.game import LOST, PLAYING, WON, Game, deal_position
from retro.engine.gamedef import GameDef
from retro.engine.notation import format_move
from retro.engine.position import MOVE, Move, Position
from tests.helpers import game_at, legal, load, pile, play, refusal

MONTANA = load("montana")
BLUE_MOON = load("blue_moon")
RANKS = "A23456789TJQK"


def table(width: int, *rows: str, extra: str = "") -> str:
    """A position from rows of `width` places (`--` is a gap) and any further lines."""
    lines = []
    for r, row in enumerate(rows):
        words = row.split()
        assert len(words) == width, row
        lines += [
            f"grid:{r * width + c + 1} = {'' if w == '--' else w}" for c, w in enumerate(words)
        ]
    return "\n".join(lines) + "\n" + extra


def run(suit: str, first: str, last: str) -> str:
    """`2S 3S ... KS`: one suit in order."""
    return " ".join(r + suit for r in RANKS[RANKS.index(first) : RANKS.index(last) + 1])


def montana(*rows: str, extra: str = "") -> Game:
    return game_at(
        MONTANA,
        table(13, *rows, extra=extra) + "\naces:1 = AS\naces:2 = AH\naces:3 = AD\naces:4 = AC",
    )


def blue_moon(*rows: str, extra: str = "") -> Game:
    return game_at(BLUE_MOON, table(14, *rows, extra=extra))


def into(game: Game, place: str) -> set[str]:
    return {m for m in legal(game) if m.endswith(">" + place)}


def ordered(position: Position, width: int, first: int) -> list[int]:
    """How far each row is in order from its left end, written out again for the tests."""
    grid = position.groups["grid"]
    lengths = []
    for start in range(0, len(grid), width):
        n = 0
        while n < width and grid[start + n].cards:
            card = grid[start + n].cards[-1]
            if card.rank != first + n or card.suit != grid[start].cards[-1].suit:
                break
            n += 1
        lengths.append(n)
    return lengths


EMPTY_13 = " ".join(["--"] * 13)
# A whole Montana table: row 1 in order up to 4S (gap not yet after it), row 2 finished, rows 3
# and 4 not begun.
MIXED = (
    "2S 3S 4S 5D -- 6D 7D 8D 9D TD JD QD KD",
    run("H", "2", "K") + " --",
    "-- 2D 3D 4D 2C 3C 4C 5C 6C 7C 8C 9C TC",
    "5S 6S 7S 8S 9S TS JS QS KS JC -- QC KC",
)


# -- Montana: the deal -----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 4, 2024])
def test_montana_deals_all_52_in_four_rows_of_13_then_takes_the_aces_out(seed: int) -> None:
    pack = shuffle(make_deck(), seed)
    game = Game(MONTANA, seed)
    for place, card in enumerate(pack, 1):
        assert pile(game, f"grid:{place}") == ("" if card.rank == 1 else card.code)
    assert [pile(game, f"aces:{i}") for i in range(1, 5)] == ["AS", "AH", "AD", "AC"]
    grid = game.position.groups["grid"]
    assert sum(len(p.cards) for p in grid) == 48
    assert sum(1 for p in grid if not p.cards) == 4
    assert all(p.down == 0 for p in grid)
    assert game.position.by_id["stock"].cards == []


# -- Montana: moves --------------------------------------------------------------------------------


def test_a_gap_takes_the_next_higher_card_of_its_left_neighbours_suit() -> None:
    game = montana("9H -- 5S TS TH JH 6S 7S 8S 9S JS QS KS", EMPTY_13, EMPTY_13, EMPTY_13)
    assert into(game, "grid:2") == {"grid:5>grid:2"}
    assert "takes only 10♥" in str(refusal(game, "grid:4>grid:2"))
    play(game, "grid:5>grid:2")
    assert pile(game, "grid:2") == "TH" and pile(game, "grid:5") == ""
    assert into(game, "grid:5") == {"grid:11>grid:5"}  # the new gap follows TS: JS


def test_montana_gaps_look_only_to_the_left() -> None:
    game = montana("3C -- 5H 4H 6C 7C 8C 9C TC JC QC KC 2C", EMPTY_13, EMPTY_13, EMPTY_13)
    assert into(game, "grid:2") == set()  # 4C is not here; 4H fits the right only
    assert refusal(game, "grid:4>grid:2") is not None


def test_a_gap_at_a_rows_left_end_takes_any_2() -> None:
    game = montana(
        "-- 5H 2H 3H 4H 6H 7H 8H 9H TH JH QH KH",
        "2S 2D 2C 3S 3D 3C 4S 4D 4C 5S 5D 5C --",
        EMPTY_13,
        EMPTY_13,
    )
    assert into(game, "grid:1") == {
        "grid:3>grid:1",
        "grid:14>grid:1",
        "grid:15>grid:1",
        "grid:16>grid:1",
    }
    assert "grid:1 takes only a 2" in str(refusal(game, "grid:2>grid:1"))


def test_a_gap_after_a_king_takes_nothing() -> None:
    game = montana("QS KS -- 2S 3S 4S 5S 6S 7S 8S 9S TS JS", EMPTY_13, EMPTY_13, EMPTY_13)
    assert into(game, "grid:3") == set()
    assert "nothing fits grid:3" in str(refusal(game, "grid:5>grid:3"))


def test_a_gap_after_a_gap_takes_nothing_and_rows_do_not_wrap() -> None:
    game = montana(
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS -- -- 9H",
        "-- 3H 2H KH 4H 5H 6H 7H 8H TH JH QH QS",
        EMPTY_13,
        EMPTY_13,
    )
    assert into(game, "grid:11") == {"grid:26>grid:11"}  # QS after JS
    assert into(game, "grid:12") == set()  # after a gap
    # grid:14 starts row 2: the 9H at grid:13 is not its neighbour, so not TH but any 2
    assert into(game, "grid:14") == {"grid:1>grid:14", "grid:16>grid:14"}


def test_the_aces_take_no_part() -> None:
    game = Game(MONTANA, 9)
    assert not any(m.startswith("aces") or ">aces" in m for m in legal(game))
    assert refusal(game, "aces:1>grid:1") is not None


# -- Montana: redeals ------------------------------------------------------------------------------


def test_a_redeal_keeps_each_rows_ordered_part_and_leaves_one_gap_right_after_it() -> None:
    game = montana(*MIXED)
    before = {p.id: pile(game, p.id) for p in game.position.groups["grid"]}
    gathered = Counter(
        card for p in game.position.groups["grid"][3:] for card in p.cards if not 13 <= p.slot < 25
    )
    play(game, "redeal")
    grid = game.position.groups["grid"]
    assert [pile(game, f"grid:{i}") for i in range(1, 4)] == ["2S", "3S", "4S"]
    assert all(pile(game, f"grid:{i}") == before[f"grid:{i}"] for i in range(14, 27))
    assert [p.id for p in grid if not p.cards] == ["grid:4", "grid:26", "grid:27", "grid:40"]
    assert Counter(card for p in grid[3:] for card in p.cards if not 13 <= p.slot < 25) == gathered
    assert [pile(game, f"aces:{i}") for i in range(1, 5)] == ["AS", "AH", "AD", "AC"]
    assert game.position.counters["redeals"] == 1
    assert game.score() == 3 + 12


def test_a_redeal_is_fixed_by_the_deal_number_and_undo_is_exact() -> None:
    first = play(montana(*MIXED), "redeal")
    again = play(montana(*MIXED), "redeal")
    assert first.position.fingerprint() == again.position.fingerprint()
    other = play(game_at(MONTANA, table(13, *MIXED), seed=2), "redeal")
    assert [pile(other, f"grid:{i}") for i in range(28, 40)] != [
        pile(first, f"grid:{i}") for i in range(28, 40)
    ]
    opening = montana(*MIXED).position.fingerprint()
    first.pop()
    assert first.position.fingerprint() == opening
    first.redo()
    assert first.position.fingerprint() == again.position.fingerprint()


def test_each_redeal_shuffles_anew() -> None:
    assert seed_derived_from(7, 1) != seed_derived_from(7, 2) != seed_derived_from(8, 1)
    game = play(montana(*MIXED), "redeal")
    once = [pile(game, f"grid:{i}") for i in range(28, 40)]
    play(game, "redeal")
    assert [pile(game, f"grid:{i}") for i in range(28, 40)] != once


def test_two_redeals_at_most() -> None:
    game = play(Game(MONTANA, 31), "redeal", "redeal")
    assert "redeal" not in legal(game)
    assert "No redeal left" in str(refusal(game, "redeal"))
    game.pop()
    assert "redeal" in legal(game)


def test_a_finished_row_is_left_alone_and_its_gap_stays_at_its_end() -> None:
    game = montana(*MIXED)
    play(game, "redeal")
    assert " ".join(pile(game, f"grid:{i}") for i in range(14, 26)) == run("H", "2", "K")
    assert pile(game, "grid:26") == ""


# -- Montana: won, lost, score ---------------------------------------------------------------------


def test_montana_is_won_when_each_row_runs_2_to_king_of_one_suit() -> None:
    game = montana(
        run("D", "2", "K") + " --",
        run("S", "2", "K") + " --",
        run("C", "2", "K") + " --",
        run("H", "2", "Q") + " -- KH",
    )
    assert game.outcome() == PLAYING
    play(game, "grid:52>grid:51")
    assert game.outcome() == WON
    assert game.score() == 48 == MONTANA.score.maximum


def test_montana_is_not_won_with_a_row_out_of_place() -> None:
    game = montana(
        "-- " + run("D", "2", "K"),
        run("S", "2", "K") + " --",
        run("C", "2", "K") + " --",
        run("H", "2", "K") + " --",
    )
    assert MONTANA.win is not None and not MONTANA.win.test(game.position)


STUCK = (
    "3S 2S 4S 5S 6S 7S 8S 9S TS JS QS KS --",
    "3H 2H 4H 5H 6H 7H 8H 9H TH JH QH KH --",
    "3D 2D 4D 5D 6D 7D 8D 9D TD JD QD KD --",
    "3C 2C 4C 5C 6C 7C 8C 9C TC JC QC KC --",
)


def test_montana_is_lost_when_no_move_and_no_redeal_is_left() -> None:
    assert montana(*STUCK, extra="counters redeals=2").outcome() == LOST
    game = montana(*STUCK, extra="counters redeals=1")
    assert legal(game) == {"redeal"}
    assert game.outcome() == PLAYING


def test_montana_scores_a_point_for_each_card_in_order() -> None:
    assert montana(*MIXED).score() == 15
    assert montana(*STUCK).score() == 0
    assert Game(MONTANA, 3).score() == sum(ordered(Game(MONTANA, 3).position, 13, 2))


# -- Blue Moon -------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 4, 2024])
def test_blue_moon_lays_13_cards_a_row_and_moves_the_aces_to_the_left_ends(seed: int) -> None:
    pack = shuffle(make_deck(), seed)
    game = Game(BLUE_MOON, seed)
    for row in range(4):
        assert pile(game, f"grid:{row * 14 + 1}") == "A" + "SHDC"[row]
        for column in range(13):
            card = pack[row * 13 + column]
            assert pile(game, f"grid:{row * 14 + column + 2}") == (
                "" if card.rank == 1 else card.code
            )
    grid = game.position.groups["grid"]
    assert sum(len(p.cards) for p in grid) == 52
    assert sum(1 for p in grid if not p.cards) == 4
    assert game.score() >= 4  # the Aces are in order where they lie


BLUE = (
    "AS -- 3S 2S 2H KS -- 4S 5S 6S 7S 8S 9S TS",
    "AH 2D 3H 4H 5H 6H 7H 8H 9H TH JH QH KH --",
    "AD -- 3D 4D 5D 6D 7D 8D 9D TD JD QD KD JS",
    "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC QS",
)


def test_a_blue_moon_gap_takes_the_next_card_of_its_left_neighbours_suit() -> None:
    game = blue_moon(*BLUE)
    assert into(game, "grid:2") == {"grid:4>grid:2"}  # 2S after AS
    assert into(game, "grid:30") == {"grid:16>grid:30"}  # 2D after AD, from anywhere
    assert into(game, "grid:7") == set()  # after KS: nothing
    assert refusal(game, "grid:5>grid:2") is not None  # 2H is not a spade


def test_the_aces_never_leave_the_left_ends() -> None:
    game = blue_moon(*BLUE)
    assert not any(
        m.split(">")[0] in ("grid:1", "grid:15", "grid:29", "grid:43")
        for m in legal(game)
        if ">" in m
    )


def test_a_blue_moon_redeal_keeps_aces_and_ordered_parts() -> None:
    game = blue_moon(*BLUE)
    play(game, "redeal")
    grid = game.position.groups["grid"]
    assert [pile(game, f"grid:{i}") for i in (1, 15, 29, 43)] == ["AS", "AH", "AD", "AC"]
    assert " ".join(pile(game, f"grid:{i}") for i in range(43, 56)) == run("C", "A", "K")
    assert [p.id for p in grid if not p.cards] == ["grid:2", "grid:16", "grid:30", "grid:56"]
    assert sum(len(p.cards) for p in grid) == 52
    assert game.score() == 1 + 1 + 1 + 13


def test_blue_moon_is_won_when_each_row_runs_ace_to_king_of_one_suit() -> None:
    game = blue_moon(
        run("S", "A", "K") + " --",
        run("H", "A", "K") + " --",
        run("D", "A", "Q") + " -- KD",
        run("C", "A", "K") + " --",
    )
    play(game, "grid:42>grid:41")
    assert game.outcome() == WON
    assert game.score() == 52 == BLUE_MOON.score.maximum


def test_rank_words_for_the_rules() -> None:
    assert [parse_rank(w) for w in ("A", "2", "10", "T", "k")] == [1, 2, 10, 10, 13]
    with pytest.raises(ValueError):
        parse_rank("11")


# -- random play -----------------------------------------------------------------------------------


GAPS = [(MONTANA, 13, 2), (BLUE_MOON, 14, 1)]


@pytest.mark.parametrize("gdef,width,first", GAPS, ids=["montana", "blue_moon"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    choices=st.lists(st.integers(min_value=0, max_value=1000), min_size=1, max_size=120),
)
def test_random_play_keeps_the_pack_undo_and_score_exact(
    gdef: GameDef, width: int, first: int, seed: int, choices: list[int]
) -> None:
    game = Game(gdef, seed)
    pack = Counter(game.position.cards_in_play())
    assert len(pack) == 52
    prints = [game.position.fingerprint()]
    for choice in choices:
        moves = game.legal_moves()
        if not moves:
            assert game.outcome() in (WON, LOST)
            break
        game.push(moves[choice % len(moves)])
        prints.append(game.position.fingerprint())
        position = game.position
        assert Counter(position.cards_in_play()) == pack
        assert all(len(p.cards) <= 1 and p.down == 0 for p in position.groups["grid"])
        assert sum(1 for p in position.groups["grid"] if not p.cards) == 4
        assert not position.by_id["stock"].cards
        assert game.score() == sum(ordered(position, width, first))
        if gdef is BLUE_MOON:
            assert [pile(game, f"grid:{i}") for i in (1, 15, 29, 43)] == ["AS", "AH", "AD", "AC"]
    while game.history:
        game.pop()
        prints.pop()
        assert game.position.fingerprint() == prints[-1]
    assert game.position.fingerprint() == deal_position(gdef, seed).fingerprint()


@pytest.mark.parametrize("gdef", [MONTANA, BLUE_MOON], ids=["montana", "blue_moon"])
@settings(max_examples=20, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_generated_moves_and_refusals_agree(gdef: GameDef, seed: int) -> None:
    game = Game(gdef, seed)
    for step in range(6):
        moves = set(game.legal_moves())
        piles = game.position.piles
        for src in range(len(piles)):
            for dst in range(len(piles)):
                move = Move(MOVE, src, 1, dst)
                assert (game.why_not(move) is None) == (move in moves), format_move(
                    game.position, move
                )
        if not moves:
            return
        ordered_moves = sorted(moves)
        game.push(ordered_moves[(seed + step) % len(ordered_moves)])


# -- Gaps: Montana as Aisleriot plays it, a redeal only once stuck ---------------------------------

GAPS_GAME = load("gaps")


def gaps(*rows: str) -> Game:
    aces = "\naces:1 = AS\naces:2 = AH\naces:3 = AD\naces:4 = AC"
    return game_at(GAPS_GAME, table(13, *rows) + aces)


def test_gaps_deals_and_moves_as_montana() -> None:
    assert Game(GAPS_GAME, 9).position.fingerprint() == Game(MONTANA, 9).position.fingerprint()
    assert legal(gaps(*MIXED)) - {"redeal"} == legal(montana(*MIXED)) - {"redeal"}


def test_gaps_redeals_only_once_no_card_can_move() -> None:
    game = gaps(*MIXED)
    assert "Not while a card can still move" in str(refusal(game, "redeal"))
    assert "redeal" in legal(montana(*MIXED))
    stuck = gaps(*STUCK)
    assert legal(stuck) == {"redeal"}
    play(stuck, "redeal")
    assert stuck.position.counters["redeals"] == 1
