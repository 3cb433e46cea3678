"""Every rule fact of 7 to Ace (games/seven_to_ace.yaml and its instructions), written as
positions and moves, plus random play and the console."""

from __future__ import annotations

import io
import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from retro.cli import main
from retro.engine.cards import make_deck, shuffle
from retro.engine.game import LOST, PLAYING, WON, Game, deal_position
from retro.engine.notation import format_move
from retro.engine.position import MOVE, Move
from retro.errors import IllegalMove
from tests.helpers import game_at, legal, load, pile, play, refusal

SEVEN = load("seven_to_ace")
RANKS = "789TJQKA"
FOUNDATION_BASES = "foundation:1 = 7S\nfoundation:2 = 7H\nfoundation:3 = 7D\nfoundation:4 = 7C"


def rows(*lines: str, foundations: str = FOUNDATION_BASES) -> str:
    """A position from rows of eight places (`--` is a hole) and the foundations."""
    text = []
    for r, line in enumerate(lines):
        words = line.split()
        assert len(words) == 8, line
        for c, word in enumerate(words):
            text.append(f"grid:{r * 8 + c + 1} = {'' if word == '--' else word}")
    return "\n".join(text) + "\n" + foundations


def foundation(suit: str, up_to: str) -> str:
    """`7H 8H ... up_to`: a foundation built from its 7."""
    return " ".join(r + suit for r in RANKS[: RANKS.index(up_to) + 1])


# A whole table: the hole at grid:4 lies between JD and TH (the RULES' own example).
EXAMPLE = rows(
    "9H KS JD -- TH AD QC 9C",
    "QD KH 8D AH TS 8C -- JC",
    "TD 8H QS -- KD 9D AS JH",
    "AC JS 9S KC QH TC -- 8S",
)
EMPTY_ROW = "-- -- -- -- -- -- -- --"


def moves_into(game: Game, place: str) -> set[str]:
    return {m for m in legal(game) if m.endswith(">" + place)}


# -- the pack and the deal -------------------------------------------------------------------------


def test_the_pack_has_32_cards_7_to_ace_in_four_suits() -> None:
    cards = Game(SEVEN, 5).position.cards_in_play()
    assert len(cards) == 32 == len(set(cards))
    assert {card.code[0] for card in cards} == set(RANKS)
    assert Counter(card.suit for card in cards) == {0: 8, 1: 8, 2: 8, 3: 8}


def test_the_ace_ranks_above_the_king() -> None:
    game = game_at(
        SEVEN, "grid:2 = AS\ngrid:4 = KS\n" + FOUNDATION_BASES.replace("7S", foundation("S", "Q"))
    )
    assert refusal(game, "grid:2>foundation:1") is not None  # the King must go first
    play(game, "grid:4>foundation:1", "grid:2>foundation:1")
    assert pile(game, "foundation:1") == foundation("S", "A")


@pytest.mark.parametrize("seed", [1, 2, 77, 123456])
def test_deal_lays_all_cards_face_up_in_rows_of_eight_then_takes_out_the_sevens(seed: int) -> None:
    """The shuffled pack fills grid:1 .. grid:32 row by row; the 7s go below in suit order
    (spades, hearts, diamonds, clubs) and leave holes where they lay."""
    pack = shuffle(make_deck(1, 4, (7, 8, 9, 10, 11, 12, 13, 1), True), seed)
    game = Game(SEVEN, seed)
    for place, card in enumerate(pack, 1):
        expected = "" if card.rank == 7 else card.code
        assert pile(game, f"grid:{place}") == expected
    assert [pile(game, f"foundation:{i}") for i in range(1, 5)] == ["7S", "7H", "7D", "7C"]
    assert all(p.down == 0 and len(p.cards) <= 1 for p in game.position.groups["grid"])
    holes = [p.id for p in game.position.groups["grid"] if not p.cards]
    assert holes == [f"grid:{i}" for i, card in enumerate(pack, 1) if card.rank == 7]


def test_a_deal_number_gives_the_same_table_every_time() -> None:
    assert (
        Game(SEVEN, 99).position.fingerprint()
        == Game(load("seven_to_ace"), 99).position.fingerprint()
    )
    assert Game(SEVEN, 99).position.fingerprint() != Game(SEVEN, 100).position.fingerprint()


def test_the_deal_scores_nothing_and_is_still_playing_or_lost() -> None:
    game = Game(SEVEN, 3)
    assert game.score() == 0
    assert game.outcome() in (PLAYING, LOST)


# -- filling a hole --------------------------------------------------------------------------------


def test_a_hole_takes_the_same_suit_one_rank_above_its_left_neighbour() -> None:
    game = game_at(SEVEN, rows("9H -- 8C QC TH JS 8S TS", *[EMPTY_ROW] * 3))
    assert refusal(game, "grid:5>grid:2") is None  # TH after 9H
    assert "takes only 10♥" in str(refusal(game, "grid:8>grid:2"))  # TS: other suit
    assert refusal(game, "grid:6>grid:2") is not None  # JS: other suit and rank
    assert refusal(game, "grid:3>grid:2") is not None  # 8C: lower
    play(game, "grid:5>grid:2")
    assert pile(game, "grid:2") == "TH"
    assert pile(game, "grid:5") == ""  # its place becomes a hole


def test_a_hole_takes_the_same_suit_one_rank_below_its_right_neighbour() -> None:
    game = game_at(SEVEN, rows("-- TH 9S 9H JH 8H KD QD", *[EMPTY_ROW] * 3))
    assert moves_into(game, "grid:1") == {"grid:4>grid:1"}  # only 9H, before TH
    assert refusal(game, "grid:3>grid:1") is not None  # 9S: other suit
    assert refusal(game, "grid:5>grid:1") is not None  # JH: higher


def test_the_rules_example_a_hole_between_jack_of_diamonds_and_ten_of_hearts() -> None:
    game = game_at(SEVEN, EXAMPLE)
    assert pile(game, "grid:3") == "JD" and pile(game, "grid:5") == "TH"
    assert moves_into(game, "grid:4") == {"grid:9>grid:4", "grid:1>grid:4"}  # QD or 9H
    play(game, "grid:9>grid:4")
    assert pile(game, "grid:4") == "QD"


def test_a_neighbour_that_is_itself_a_hole_offers_nothing() -> None:
    game = game_at(SEVEN, rows("9H -- -- TC 8H 9C TH JH", *[EMPTY_ROW] * 3))
    assert moves_into(game, "grid:3") == {"grid:6>grid:3"}  # only 9C, from the right
    assert moves_into(game, "grid:2") == {"grid:7>grid:2"}  # only TH, from the left
    lone = game_at(SEVEN, rows(EMPTY_ROW, "8H -- 9H TH JH QH KH AH", *[EMPTY_ROW] * 2))
    assert moves_into(lone, "grid:4") == set()  # both neighbours are holes


def test_rows_do_not_wrap_around() -> None:
    game = game_at(
        SEVEN,
        rows(
            "TH JH QH KH 8C 8D 8S 9H",
            "-- 9D 9S 9C JC QC KC AC",
            EMPTY_ROW,
            "TD -- -- -- -- -- -- --",
        ),
    )
    # grid:9 starts row 2: grid:8 (9H) is not its left neighbour, so TH may not go in;
    # its right neighbour 9D offers 8D.
    assert moves_into(game, "grid:9") == {"grid:6>grid:9"}
    # grid:24 ends row 3: grid:25 (row 4) is not its right neighbour.
    assert moves_into(game, "grid:24") == set()


def test_a_hole_takes_only_one_card_and_a_card_goes_only_into_a_hole() -> None:
    game = game_at(SEVEN, rows("9H TH -- 8C JH 8D 8S 9S", *[EMPTY_ROW] * 3))
    assert "not a gap" in str(refusal(game, "grid:5>grid:2"))
    assert refusal(game, "grid:5>grid:3") is None  # JH after TH


def test_holes_follow_the_ace_high_order() -> None:
    game = game_at(
        SEVEN, rows("KS -- QS AS 8S 8C 8D 8H", "-- AH -- -- -- -- -- --", *[EMPTY_ROW] * 2)
    )
    assert moves_into(game, "grid:2") == {"grid:4>grid:2"}  # AS after KS
    assert moves_into(game, "grid:9") == set()  # nothing below the AH is a K
    after_ace = game_at(SEVEN, rows("AS -- -- 8C 8H 9H 9D 9C", *[EMPTY_ROW] * 3))
    assert moves_into(after_ace, "grid:2") == set()  # nothing goes above an Ace
    assert "nothing fits grid:2" in str(refusal(after_ace, "grid:4>grid:2"))


# -- to the foundations ----------------------------------------------------------------------------


def test_a_card_goes_to_its_foundation_when_next_up_with_a_hole_on_its_left() -> None:
    game = game_at(SEVEN, rows("KD -- 8S 9H 8H 9S JC 8C", *[EMPTY_ROW] * 3))
    assert "grid:3>foundation:1" in legal(game)
    play(game, "grid:3>foundation:1")
    assert pile(game, "foundation:1") == "7S 8S"
    assert pile(game, "grid:3") == ""  # its place becomes a hole
    assert "grid:4>foundation:2" not in legal(game)  # 9H: an 8 must come first
    assert "grid:6>foundation:1" not in legal(game)  # 9S: no hole on its left


def test_no_card_goes_up_without_a_hole_on_its_left() -> None:
    game = game_at(SEVEN, rows("9H 8S -- 8H 8C 9C 8D 9D", *[EMPTY_ROW] * 3))
    assert "only with a gap on its left" in str(refusal(game, "grid:2>foundation:1"))
    assert {m for m in legal(game) if "foundation" in m} == {"grid:4>foundation:2"}


def test_a_card_in_the_leftmost_place_never_goes_up_directly() -> None:
    game = game_at(
        SEVEN, rows("8S 9S TS JS QS KS AS --", "8H 9H -- -- -- -- -- --", *[EMPTY_ROW] * 2)
    )
    assert "first place" in str(refusal(game, "grid:1>foundation:1"))
    # grid:9 has grid:8 before it, a hole, but in the row above: still the leftmost place
    assert "first place" in str(refusal(game, "grid:9>foundation:2"))
    assert not any("foundation" in m for m in legal(game))


def test_a_leftmost_card_goes_up_after_moving_beside_a_hole() -> None:
    game = game_at(SEVEN, rows("8H KD -- -- 9H 9C TC JC", *[EMPTY_ROW] * 3))
    assert refusal(game, "grid:1>foundation:2") is not None
    play(game, "grid:1>grid:4")  # 8H before 9H
    play(game, "grid:4>foundation:2")  # grid:3 is a hole
    assert pile(game, "foundation:2") == "7H 8H"


def test_a_foundation_takes_only_its_own_suit_next_rank_up_to_the_ace() -> None:
    game = game_at(
        SEVEN,
        rows(
            "-- 8H -- 9S -- AS -- KS",
            *[EMPTY_ROW] * 3,
            foundations=FOUNDATION_BASES.replace("7S", foundation("S", "Q")),
        ),
    )
    assert "takes only the K" in str(refusal(game, "grid:2>foundation:1"))  # 8H not on QS
    assert refusal(game, "grid:2>foundation:2") is None
    assert "takes only the K" in str(refusal(game, "grid:4>foundation:1"))  # 9S not on QS
    assert "takes only the K" in str(refusal(game, "grid:6>foundation:1"))  # not before K
    play(game, "grid:8>foundation:1", "grid:6>foundation:1")
    assert pile(game, "foundation:1") == foundation("S", "A")
    assert "complete" in str(refusal(game, "grid:4>foundation:1"))


def test_cards_never_leave_a_foundation() -> None:
    game = game_at(
        SEVEN,
        rows(
            "KD -- 9S 9H 8H 9C JC 8C",
            *[EMPTY_ROW] * 3,
            foundations=FOUNDATION_BASES.replace("7S", "7S 8S"),
        ),
    )
    assert refusal(game, "foundation:1>grid:2") is not None
    assert not any(m.startswith("foundation") for m in legal(game))


# -- won and lost ----------------------------------------------------------------------------------


def test_won_when_all_cards_are_on_the_foundations() -> None:
    bases = "\n".join(f"foundation:{i} = {foundation(s, 'A')}" for i, s in enumerate("HDC", 2))
    game = game_at(SEVEN, f"grid:2 = AS\nfoundation:1 = {foundation('S', 'K')}\n{bases}")
    assert game.outcome() == PLAYING
    play(game, "grid:2>foundation:1")
    assert game.outcome() == WON
    assert game.legal_moves() == []
    with pytest.raises(IllegalMove):
        play(game, "grid:2>grid:3")


def test_lost_when_no_move_is_left() -> None:
    # 8S in a leftmost place, 8H with a card on its left; grid:3 wants 9H or KD, which are
    # not in the rows; every other hole lies after an Ace or between holes
    game = game_at(SEVEN, rows("8S 8H -- AD -- -- -- --", *[EMPTY_ROW] * 3))
    assert game.legal_moves() == []
    assert game.outcome() == LOST


def test_not_lost_while_one_move_is_left() -> None:
    game = game_at(
        SEVEN, rows("8S 8H -- AD -- -- -- --", "9H -- -- -- -- -- -- --", *[EMPTY_ROW] * 2)
    )
    assert legal(game) == {"grid:9>grid:3"}
    assert game.outcome() == PLAYING


# -- the score -------------------------------------------------------------------------------------


def test_each_card_to_a_foundation_scores_100() -> None:
    game = game_at(SEVEN, rows("-- 8S -- 8H 9H 9C 8C 8D", *[EMPTY_ROW] * 3))
    play(game, "grid:2>foundation:1")
    assert game.score() == 100
    play(game, "grid:4>foundation:2")
    assert game.score() == 200


def test_each_move_within_the_rows_costs_20() -> None:
    game = game_at(SEVEN, rows("9H -- TH JH 8C 8D 8S 9C", *[EMPTY_ROW] * 3))
    play(game, "grid:3>grid:2")
    assert game.score() == -20
    play(game, "grid:4>grid:3")
    assert game.score() == -40
    game.pop()
    assert game.score() == -20


def test_a_game_scores_100_a_card_up_less_20_a_move_within_the_rows() -> None:
    game = game_at(SEVEN, rows("8H KD -- -- 9H 9C TC JC", *[EMPTY_ROW] * 3))
    play(game, "grid:1>grid:4", "grid:4>foundation:2", "grid:5>foundation:2")
    assert game.score() == 2 * 100 - 20


# -- random play -----------------------------------------------------------------------------------


def expected_score(game: Game) -> int:
    """The score by its definition, from the foundations and the history alone."""
    up = sum(len(p.cards) - 1 for p in game.position.groups["foundation"])
    within = sum(
        1
        for move, *_ in game.history
        if move.kind == MOVE and game.position.piles[move.dst].kind == "grid"
    )
    return 100 * up - 20 * within


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    choices=st.lists(st.integers(min_value=0, max_value=1000), min_size=1, max_size=80),
)
def test_random_play_keeps_the_pack_undo_and_score_exact(seed: int, choices: list[int]) -> None:
    game = Game(SEVEN, seed)
    pack = Counter(game.position.cards_in_play())
    prints = [game.position.fingerprint()]
    for choice in choices:
        moves = game.legal_moves()
        for move in moves:
            assert game.why_not(move) is None
        if not moves:
            assert game.outcome() in (WON, LOST)
            break
        game.push(moves[choice % len(moves)])
        prints.append(game.position.fingerprint())
        assert Counter(game.position.cards_in_play()) == pack
        assert all(len(p.cards) <= 1 for p in game.position.groups["grid"])
        assert game.score() == expected_score(game)
    while game.history:
        game.pop()
        prints.pop()
        assert game.position.fingerprint() == prints[-1]
    assert game.position.fingerprint() == deal_position(SEVEN, seed).fingerprint()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_generated_moves_and_refusals_agree(seed: int) -> None:
    game = Game(SEVEN, seed)
    piles = game.position.piles
    moves = set(game.legal_moves())
    for src in range(len(piles)):
        for dst in range(len(piles)):
            move = Move(MOVE, src, 1, dst)
            assert (game.why_not(move) is None) == (move in moves), format_move(game.position, move)


# -- the console -----------------------------------------------------------------------------------


def console(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    game: str,
    seed: int,
    *lines: str,
) -> list[dict[str, object]]:
    """Run `retro-patience console GAME --json`, one JSON answer for each line sent."""
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    assert main(["console", game, "--seed", str(seed), "--json"]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_the_console_plays_seven_to_ace_with_grid_and_foundation_ids(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    state, moves = console(monkeypatch, capsys, "seven_to_ace", 3, "state", "moves")
    piles = state["piles"]
    assert isinstance(piles, dict)
    assert list(piles) == [f"grid:{i}" for i in range(1, 33)] + [
        f"foundation:{i}" for i in range(1, 5)
    ]
    assert [piles[f"foundation:{i}"] for i in range(1, 5)] == [["7S"], ["7H"], ["7D"], ["7C"]]
    assert isinstance(moves["moves"], list) and moves["moves"]
    game = Game(SEVEN, 3)
    for _ in range(12):  # play on through the console, the first move offered each time
        if not game.legal_moves():
            break
        game.push(game.legal_moves()[0])
    script = [format_move(game.position, move) for move, *_ in game.history]
    answers = console(
        monkeypatch, capsys, "seven_to_ace", 3, *script, "undo", "grid:1>grid:1", "quit"
    )
    final = answers[len(script) - 1]
    assert final["score"] == game.score() and final["moves_made"] == len(script)
    assert answers[len(script)]["moves_made"] == len(script) - 1  # undo
    assert "error" in answers[len(script) + 1]
    assert answers[-1] == {"bye": True}
