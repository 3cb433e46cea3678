"""The duel: two players on one deal number, scores compared, the winner and the tie rule."""

from __future__ import annotations

import pytest

from retro.duel import (
    Duel,
    DuelError,
    PlayerResult,
    decide,
    duel_code,
    parse_duel_code,
    player_name,
    random_seed,
)
from retro.engine.game import Game
from retro.engine.notation import format_move, parse_move
from retro.engine.position import DONE, Move
from retro.errors import IllegalMove, RetroError
from tests.helpers import game_at, load

DUEL = load("spider_duel")


def moves(duel: Duel, *texts: str) -> None:
    for text in texts:
        duel.push(parse_move(duel.game.position, text))


def first_moves(duel: Duel, count: int, skip: int = 0) -> None:
    """Play `count` moves, each the (skip-th) first move offered other than Done."""
    for _ in range(count):
        playable = [m for m in duel.game.legal_moves() if m.kind != DONE]
        duel.push(playable[min(skip, len(playable) - 1)])


# -- names and codes -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["A", "Anna", "Jürgen", "Player Two", "x" * 12, "  Ben  "])
def test_a_name_has_1_to_12_printable_characters(name: str) -> None:
    assert player_name(name) == name.strip()


@pytest.mark.parametrize(
    "name", ["", "   ", "x" * 13, "Tab\there", "Bell\x07", "Snow☃man", "Zoë😀"]
)
def test_other_names_are_refused_with_a_reason(name: str) -> None:
    with pytest.raises(DuelError) as refused:
        player_name(name)
    assert isinstance(refused.value, RetroError)
    assert "name" in str(refused.value)


def test_the_two_players_need_different_names() -> None:
    with pytest.raises(DuelError, match="different"):
        Duel(DUEL, ["Anna", "anna"], 1)
    with pytest.raises(DuelError, match="two players"):
        Duel(DUEL, ["Anna"], 1)


@pytest.mark.parametrize("seed", [0, 1, 12345, 2**32 - 1, 2**63 - 1])
def test_a_duel_code_parses_back_to_its_deal_number(seed: int) -> None:
    code = duel_code(seed)
    assert code == f"DUEL-{seed}"
    assert parse_duel_code(code) == seed
    assert parse_duel_code(f"  {code.lower()} ") == seed


@pytest.mark.parametrize(
    "text",
    [
        "",
        "DUEL-",
        "DUEL-x",
        "12345",
        "DUEL--5",
        "DUEL-1 2",
        "DUEL-99999999999999999999",
        "SPIDER-12",
    ],
)
def test_anything_else_is_no_duel_code(text: str) -> None:
    with pytest.raises(DuelError, match="not a duel code"):
        parse_duel_code(text)


def test_a_new_duel_without_a_number_gets_a_fresh_one() -> None:
    duel = Duel(DUEL, ["Anna", "Ben"])
    assert parse_duel_code(duel.code) == duel.seed
    assert 0 <= random_seed() < 1_000_000_000
    with pytest.raises(DuelError):
        duel_code(-1)


def test_only_a_game_with_done_can_be_a_duel() -> None:
    with pytest.raises(DuelError, match="done"):
        Duel(load("spider"), ["Anna", "Ben"], 1)


# -- the hot-seat flow -----------------------------------------------------------------------------


def test_both_players_get_the_identical_deal() -> None:
    duel = Duel.from_code(DUEL, ["Anna", "Ben"], "DUEL-4242")
    assert duel.player == "Anna"
    opening = duel.game.position.fingerprint()
    assert opening == Game(DUEL, 4242).position.fingerprint()
    first_moves(duel, 5)
    duel.end_turn()
    assert duel.player == "Ben"
    assert duel.game.position.fingerprint() == opening
    assert duel.game.history == []


def test_player_one_plays_until_done_then_player_two_then_the_result() -> None:
    duel = Duel(DUEL, ["Anna", "Ben"], 77)
    assert not duel.turn_over
    first_moves(duel, 6)
    anna = Game(DUEL, 77)
    for move, *_ in duel.game.history:
        anna.push(move)
    with pytest.raises(DuelError, match="Anna has still to play"):
        duel.result()
    duel.push(Move(DONE, -1))
    assert duel.turn_over
    record = (*(format_move(anna.position, m) for m, *_ in anna.history), "done")
    assert duel.end_turn() == PlayerResult("Anna", anna.score(), 6, False, record)
    moves(duel, "deal", "deal")
    duel.end_turn()  # Done pressed for Ben
    assert duel.over and duel.turn_over
    result = duel.result()
    assert result.code == "DUEL-77"
    assert [p.name for p in result.players] == ["Anna", "Ben"]
    assert result.players[1].moves == 2 and result.players[1].score == -2
    assert result.players[0].score == anna.score()
    expected = decide(result.players[0], result.players[1])
    assert result.winner == expected and result.winner_name == result.players[expected or 0].name
    assert "DUEL-77: Anna" in result.summary()


def test_the_higher_score_wins() -> None:
    duel = Duel(DUEL, ["Anna", "Ben"], 5)
    moves(duel, "deal")  # -1
    duel.end_turn()
    moves(duel, "deal", "deal")  # -2
    duel.end_turn()
    result = duel.result()
    assert (result.players[0].score, result.players[1].score) == (-1, -2)
    assert result.winner == 0 and result.winner_name == "Anna"
    assert "Anna wins" in result.summary()


def test_equal_scores_equal_moves_is_a_draw() -> None:
    duel = Duel(DUEL, ["Anna", "Ben"], 5)
    for _ in range(2):
        moves(duel, "deal")
        duel.end_turn()
    result = duel.result()
    assert result.draw and result.winner is None and result.winner_name is None
    assert "a draw" in result.summary()


def test_the_tie_rule_equal_scores_fewer_moves_wins() -> None:
    anna = PlayerResult("Anna", 120, 40, False)
    ben = PlayerResult("Ben", 120, 35, False)
    assert decide(anna, ben) == 1 and decide(ben, anna) == 0
    assert decide(anna, PlayerResult("Ben", 119, 1, False)) == 0
    assert decide(anna, PlayerResult("Ben", 121, 99, False)) == 1
    assert decide(anna, PlayerResult("Ben", 120, 40, True)) is None


def test_the_turn_is_over_when_nothing_but_done_is_left() -> None:
    duel = Duel(DUEL, ["Anna", "Ben"], 3)
    duel.game = game_at(DUEL, "\n".join(f"tableau:{i} = 3C AH" for i in range(1, 11)), 3)
    assert [m.kind for m in duel.game.legal_moves()] == [DONE]
    assert duel.turn_over
    result = duel.end_turn()
    assert (result.score, result.moves) == (0, 0)
    assert duel.player == "Ben"


def test_a_won_game_ends_the_turn_without_done() -> None:
    duel = Duel(DUEL, ["Anna", "Ben"], 3)
    runs = "\n".join(
        f"foundation:{i} = " + " ".join(r + "SHDCSHDC"[i - 1] for r in "KQJT98765432A")
        for i in range(1, 8)
    )
    duel.game = game_at(
        DUEL, "tableau:1 = KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C\ntableau:2 = AC\n" + runs, 3
    )
    moves(duel, "t2>t1")
    assert duel.turn_over
    result = duel.end_turn()
    assert result.won and result.score == 2 + 50 + 100 - 1 and result.moves == 1


def test_no_move_after_the_duel_is_over() -> None:
    duel = Duel(DUEL, ["Anna", "Ben"], 9)
    duel.end_turn()
    duel.end_turn()
    with pytest.raises(DuelError, match="over"):
        duel.push(Move("deal", duel.game.position.by_id["stock"].index))
    with pytest.raises(DuelError, match="over"):
        duel.end_turn()


def test_an_illegal_move_in_a_duel_is_refused_with_the_rules_reason() -> None:
    duel = Duel(DUEL, ["Anna", "Ben"], 9)
    with pytest.raises(IllegalMove, match="face-up"):
        moves(duel, "flip tableau:1")


# -- two machines ----------------------------------------------------------------------------------


def test_two_machines_play_the_same_duel_from_its_code_and_compare() -> None:
    code = duel_code(31337)
    results = []
    for name, skip in (("Anna", 0), ("Ben", 1)):  # each at home, a game of their own
        game = Game(DUEL, parse_duel_code(code))
        for _ in range(8):
            playable = [m for m in game.legal_moves() if m.kind != DONE]
            game.push(playable[min(skip, len(playable) - 1)])
        game.push(Move(DONE, -1))
        results.append(PlayerResult.of(name, game))
    hot_seat = Duel.from_code(DUEL, ["Anna", "Ben"], code)
    for skip in (0, 1):
        first_moves(hot_seat, 8, skip)
        hot_seat.end_turn()
    assert hot_seat.result().players == (results[0], results[1])
    assert hot_seat.result().winner == decide(results[0], results[1])


def test_a_players_record_replays_to_the_same_score() -> None:
    duel = Duel(DUEL, ["Anna", "Ben"], 606)
    first_moves(duel, 10, 2)
    result = duel.end_turn()
    replay = Game(DUEL, 606)
    for text in result.record:
        replay.push(parse_move(replay.position, text))
    assert (replay.score(), replay.moves_made) == (result.score, result.moves)
    assert result.record[-1] == "done"


def test_the_summary_says_one_move() -> None:
    from retro.duel import DuelResult, PlayerResult

    result = DuelResult(
        "DUEL-1", (PlayerResult("Ann", 5, 1, False), PlayerResult("Bob", 5, 2, False)), 0
    )
    assert result.summary() == "DUEL-1: Ann 5 (1 move), Bob 5 (2 moves): Ann wins"
