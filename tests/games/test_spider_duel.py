"""Every rule fact of Spider Duel (games/spider_duel.yaml and its instructions), written as
positions and moves, plus random play and the console for the Spider games."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from retro.cli import main
from retro.engine.game import LOST, PLAYING, WON, Game, deal_position
from retro.engine.notation import format_move
from retro.engine.position import DONE, MOVE, Move
from retro.errors import IllegalMove, RetroError
from tests.helpers import game_at, legal, load, pile, play, refusal, suit_run

DUEL = load("spider_duel")
SPIDER = load("spider")
FULL_TABLE = "\n".join(f"tableau:{i} = 2c 9D" for i in range(1, 11))
STOCK = "stock = " + " ".join(["ah"] * 20)


def foundations(count: int) -> str:
    """The first `count` foundations full (complete suits removed earlier)."""
    return "\n".join(f"foundation:{i + 1} = {suit_run('SHDCSHDC'[i])}" for i in range(count))


# -- the deck and the table ------------------------------------------------------------------------


def test_the_same_two_full_packs_as_spider() -> None:
    cards = Game(DUEL, 8).position.cards_in_play()
    assert len(cards) == 104
    assert set(Counter(cards).values()) == {2}
    assert Counter(cards) == Counter(Game(SPIDER, 8).position.cards_in_play())


def test_the_same_table_as_spider() -> None:
    assert [(g.name, g.kind, g.count) for g in DUEL.groups] == [
        (g.name, g.kind, g.count) for g in SPIDER.groups
    ]


def test_deal_four_columns_of_six_and_six_of_five_only_the_top_card_face_up() -> None:
    tableau = Game(DUEL, 21).position.groups["tableau"]
    assert [len(p.cards) for p in tableau] == [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
    assert [p.face_up for p in tableau] == [1] * 10
    assert sum(len(p.cards) for p in tableau) == 54


def test_fifty_cards_in_the_stock_five_deals_of_ten() -> None:
    game = Game(DUEL, 21)
    stock = game.position.by_id["stock"]
    assert len(stock.cards) == 50 == stock.down
    for deal in range(5):
        assert "deal" in legal(game)
        play(game, "deal")
        assert len(stock.cards) == 40 - 10 * deal
        assert all(p.face_up >= 1 for p in game.position.groups["tableau"])
    assert "deal" not in legal(game)
    assert "empty" in str(refusal(game, "deal"))


def test_a_deal_number_gives_the_same_table_every_time() -> None:
    assert (
        Game(DUEL, 5).position.fingerprint() == Game(load("spider_duel"), 5).position.fingerprint()
    )
    assert Game(DUEL, 5).position.fingerprint() != Game(DUEL, 6).position.fingerprint()


def test_the_duel_offers_no_options_that_would_change_its_rules() -> None:
    assert dict(DUEL.options) == {}
    with pytest.raises(RetroError, match="no option"):
        load("spider_duel", relaxed=1)
    assert DUEL.done and not SPIDER.done


# -- moves, as in Spider ---------------------------------------------------------------------------


def test_any_card_goes_on_a_face_up_card_one_rank_higher_whatever_its_suit() -> None:
    game = game_at(DUEL, "tableau:1 = 9S\ntableau:2 = 8H\ntableau:3 = 8C\ntableau:4 = 7D")
    assert refusal(game, "t2>t1") is None
    assert refusal(game, "t3>t1") is None
    assert refusal(game, "t4>t2") is None
    assert refusal(game, "t4>t1") is not None


def test_any_tail_of_a_same_suit_run_may_be_lifted_and_a_mixed_run_may_not() -> None:
    game = game_at(
        DUEL,
        "tableau:1 = 2c 6H 5H 4H\ntableau:2 = 5S\ntableau:3 = 6C\n"
        "tableau:4 = 7D\ntableau:5 = 8C 7H 6S",
    )
    assert {"tableau:1>tableau:2", "tableau:1>tableau:3/2", "tableau:1>tableau:4/3"} <= legal(game)
    assert "run of one suit" in str(refusal(game, "t5>t6/2"))
    assert refusal(game, "t5>t6") is None


def test_an_empty_column_takes_any_card_or_movable_run() -> None:
    game = game_at(DUEL, "tableau:1 = 3d 9C 8C 7C\ntableau:2 = KH")
    assert refusal(game, "t1>t3/3") is None
    assert refusal(game, "t2>t3") is None


def test_a_king_goes_only_to_an_empty_column_or_one_showing_no_face_up_card() -> None:
    lines = ["tableau:1 = KS", "tableau:2 = 4h 5c"] + [f"tableau:{i} = QH" for i in range(3, 10)]
    game = game_at(DUEL, "\n".join(lines))
    assert {m for m in legal(game) if m.startswith("tableau:1>")} == {
        "tableau:1>tableau:2",
        "tableau:1>tableau:10",
    }


# -- completed suits leave at once -----------------------------------------------------------------


def test_a_complete_suit_goes_to_the_foundation_at_once_by_itself() -> None:
    game = game_at(DUEL, f"tableau:1 = 3c {suit_run('H', 13, 2)}\ntableau:2 = 9d AH\n" + STOCK)
    play(game, "t2>t1")
    assert pile(game, "foundation:1") == suit_run("H")
    assert pile(game, "tableau:1") == "3c"  # not turned: the player turns it
    assert game.moves_made == 1  # the removal is no move of its own


def test_a_deal_that_completes_a_suit_removes_it_too() -> None:
    lines = [f"tableau:1 = {suit_run('S', 13, 2)}"] + [f"tableau:{i} = 9D" for i in range(2, 11)]
    game = game_at(DUEL, "\n".join(lines) + "\nstock = " + " ".join(["5c"] * 9 + ["as"]))
    play(game, "deal")
    assert pile(game, "foundation:1") == suit_run("S")
    assert pile(game, "tableau:1") == ""


def test_the_foundations_take_no_move_of_the_players() -> None:
    game = game_at(DUEL, f"tableau:1 = {suit_run('H', 13, 2)}\ntableau:2 = 8D")
    assert not any("foundation" in m for m in legal(game))
    assert refusal(game, "t1>f1/12") is not None
    assert refusal(game, "t2>f1") is not None


# -- no automatic turning --------------------------------------------------------------------------


def test_cards_are_not_turned_by_themselves() -> None:
    game = game_at(DUEL, "tableau:1 = 4s 9c 5H\ntableau:2 = 6C")
    play(game, "t1>t2")
    assert pile(game, "tableau:1") == "4s 9c"
    assert game.position.counters["turned"] == 0


def test_the_player_turns_the_top_card_of_a_column_showing_only_face_down_cards() -> None:
    game = game_at(DUEL, "tableau:1 = 4s 9c\ntableau:2 = 6C\ntableau:3 = 2d 7H")
    assert "flip tableau:1" in legal(game)
    assert {m for m in legal(game) if m.startswith("flip")} == {"flip tableau:1"}
    play(game, "flip tableau:1")
    assert pile(game, "tableau:1") == "4s 9C"
    assert "already shows a face-up card" in str(refusal(game, "flip tableau:1"))
    assert "already shows a face-up card" in str(refusal(game, "flip tableau:3"))
    assert "empty" in str(refusal(game, "flip tableau:4"))


def test_a_column_showing_no_face_up_card_takes_any_card_or_movable_run() -> None:
    game = game_at(DUEL, "tableau:1 = 4s 9c\ntableau:2 = 8H 7H 6H\ntableau:3 = 2D\ntableau:4 = KC")
    assert {
        "tableau:2>tableau:1",
        "tableau:2>tableau:1/2",
        "tableau:2>tableau:1/3",
        "tableau:3>tableau:1",
        "tableau:4>tableau:1",
    } <= legal(game)
    play(game, "t2>t1/3")
    assert pile(game, "tableau:1") == "4s 9c 8H 7H 6H"
    assert "flip tableau:1" not in legal(game)  # it shows face-up cards now


# -- dealing ---------------------------------------------------------------------------------------


def test_the_stock_deals_whenever_it_has_cards_even_with_empty_columns() -> None:
    lines = [f"tableau:{i} = 7h" for i in range(1, 6)] + [STOCK]  # five columns empty
    game = game_at(DUEL, "\n".join(lines))
    play(game, "deal")
    assert pile(game, "tableau:1") == "7h AH"
    assert pile(game, "tableau:10") == "AH"  # empty columns get their card too
    assert pile(game, "stock") == " ".join(["ah"] * 10)


def test_no_deal_from_an_empty_stock() -> None:
    game = game_at(DUEL, FULL_TABLE)
    assert "deal" not in legal(game)


# -- the end ---------------------------------------------------------------------------------------


def test_the_game_ends_won_when_all_cards_are_on_the_foundations() -> None:
    game = game_at(DUEL, f"tableau:1 = {suit_run('C', 13, 2)}\ntableau:2 = AC\n" + foundations(7))
    assert game.outcome() == PLAYING
    play(game, "t2>t1")
    assert pile(game, "foundation:8") == suit_run("C")
    assert game.outcome() == WON
    assert game.legal_moves() == []


def test_done_ends_the_game() -> None:
    game = game_at(DUEL, FULL_TABLE + "\n" + STOCK)
    assert "done" in legal(game)
    play(game, "done")
    assert game.finished()
    assert game.legal_moves() == []
    with pytest.raises(IllegalMove, match="over"):
        play(game, "deal")


def test_spider_itself_has_no_done() -> None:
    game = game_at(SPIDER, FULL_TABLE)
    assert "done" not in legal(game)


# -- the score -------------------------------------------------------------------------------------


def test_the_game_starts_at_zero() -> None:
    assert Game(DUEL, 77).score() == 0


def test_turning_a_card_scores_2_less_1_for_the_move() -> None:
    game = play(game_at(DUEL, "tableau:1 = 4s 9c"), "flip tableau:1")
    assert game.score() == 2 - 1


def test_a_card_placed_on_its_same_suit_next_higher_card_scores_2() -> None:
    game = play(game_at(DUEL, "tableau:1 = 7S\ntableau:2 = 6S\ntableau:3 = 6H"), "t2>t1")
    assert game.score() == 2 - 1


def test_a_run_of_three_placed_on_its_same_suit_next_higher_card_scores_6() -> None:
    game = play(game_at(DUEL, "tableau:1 = 9H\ntableau:2 = 8H 7H 6H"), "t2>t1/3")
    assert game.score() == 6 - 1


def test_a_card_placed_on_another_suit_scores_only_the_move() -> None:
    game = play(game_at(DUEL, "tableau:1 = 7S\ntableau:2 = 6H"), "t2>t1")
    assert game.score() == -1


def test_a_move_to_an_empty_or_face_down_column_scores_only_the_move() -> None:
    game = play(game_at(DUEL, "tableau:1 = 7S 6S\ntableau:2 = 5s"), "t1>t3", "t3>t2")
    assert game.score() == -2


def test_a_removed_suit_scores_50_and_the_removal_costs_nothing() -> None:
    game = game_at(DUEL, f"tableau:1 = 3c {suit_run('H', 13, 2)}\ntableau:2 = 9d AH")
    play(game, "t2>t1")
    assert game.score() == 2 + 50 - 1  # AH on 2H, the suit removed, one move


def test_solving_the_game_scores_100() -> None:
    game = game_at(DUEL, f"tableau:1 = {suit_run('C', 13, 2)}\ntableau:2 = AC\n" + foundations(7))
    play(game, "t2>t1")
    assert game.score() == 2 + 50 + 100 - 1


def test_every_deal_costs_1_and_a_dealt_card_is_no_build_of_the_players() -> None:
    lines = [f"tableau:{i} = 6H" for i in range(1, 11)]
    game = game_at(DUEL, "\n".join(lines) + "\nstock = " + " ".join(["5h"] * 10))
    play(game, "deal")
    assert pile(game, "tableau:1") == "6H 5H"  # 5H lands on 6H: no +2 for a deal
    assert game.score() == -1


def test_done_costs_nothing() -> None:
    game = play(game_at(DUEL, "tableau:1 = 4s 9c"), "flip tableau:1", "done")
    assert game.score() == 1
    assert game.moves_made == 1


def test_undo_takes_the_points_back() -> None:
    game = play(game_at(DUEL, "tableau:1 = 7S\ntableau:2 = 6S"), "t2>t1")
    game.pop()
    assert game.score() == 0


# -- random play -----------------------------------------------------------------------------------


def points_of(game: Game, move: Move) -> int:
    """What `move` is worth by the rules' own list, judged on the position before it is made."""
    position = game.position
    if move.kind == DONE:
        return 0
    points = -1
    if move.kind == "flip":
        points += 2
    if move.kind == MOVE:
        src, dst = position.piles[move.src], position.piles[move.dst]
        bottom = src.cards[-move.count]
        if (
            dst.face_up
            and dst.cards[-1].suit == bottom.suit
            and dst.cards[-1].rank == (bottom.rank + 1)
        ):
            points += 2 * move.count
    removed = sum(1 for p in position.groups["foundation"] if p.cards)
    game.push(move)
    points += 50 * (sum(1 for p in position.groups["foundation"] if p.cards) - removed)
    if game.outcome() == WON:
        points += 100
    game.pop()
    return points


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    choices=st.lists(st.integers(min_value=0, max_value=1000), min_size=1, max_size=150),
)
def test_random_play_keeps_the_pack_undo_and_score_exact(seed: int, choices: list[int]) -> None:
    game = Game(DUEL, seed)
    pack = Counter(game.position.cards_in_play())
    prints = [game.position.fingerprint()]
    expected = 0
    for choice in choices:
        moves = [m for m in game.legal_moves() if m.kind != DONE or choice % 50 == 0]
        if not moves:
            break
        move = moves[choice % len(moves)]
        expected += points_of(game, move)
        assert game.position.fingerprint() == prints[-1]
        game.push(move)
        prints.append(game.position.fingerprint())
        assert Counter(game.position.cards_in_play()) == pack
        assert game.score() == expected
        assert all(
            not (
                len(p.cards) - p.down >= 13
                and p.cards[-1].rank == 1
                and len({c.suit for c in p.cards[-13:]}) == 1
                and [c.rank for c in p.cards[-13:]] == list(range(13, 0, -1))
            )
            for p in game.position.groups["tableau"]
        )
    while game.history:
        game.pop()
        prints.pop()
        assert game.position.fingerprint() == prints[-1]
    assert game.position.fingerprint() == deal_position(DUEL, seed).fingerprint()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_generated_moves_and_refusals_agree(seed: int) -> None:
    game = Game(DUEL, seed)
    for step in range(20):
        moves = set(game.legal_moves())
        piles = game.position.piles
        for src in range(len(piles)):
            for dst in range(len(piles)):
                for count in range(1, 4):
                    move = Move(MOVE, src, count, dst)
                    assert (game.why_not(move) is None) == (move in moves)
        for pile_ in piles:
            for verb in ("flip", "deal"):
                move = Move(verb, pile_.index)
                assert (game.why_not(move) is None) == (move in moves)
        playable = sorted(m for m in moves if m.kind != DONE)
        if not playable:
            return
        game.push(playable[(seed + step) % len(playable)])


# -- the console -----------------------------------------------------------------------------------


class ConsoleSession:
    """`retro-patience console GAME --json` in a real process: one JSON answer a line sent."""

    def __init__(self, game: str, seed: int) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "retro", "console", game, "--seed", str(seed), "--json"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )

    def ask(self, line: str) -> dict[str, object]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        answer: dict[str, object] = json.loads(self.process.stdout.readline())
        return answer

    def close(self) -> None:
        assert self.ask("quit") == {"bye": True}
        self.process.wait(timeout=30)


@pytest.mark.parametrize("game_id", ["spider", "spider_duel", "seven_to_ace"])
def test_the_console_plays_the_three_founding_games(game_id: str) -> None:
    """Play on by the first move offered each time, as a script would, checking the pile ids."""
    session = ConsoleSession(game_id, 11)
    try:
        state = session.ask("state")
        piles = state["piles"]
        assert isinstance(piles, dict)
        if game_id == "seven_to_ace":
            assert list(piles) == [f"grid:{i}" for i in range(1, 33)] + [
                f"foundation:{i}" for i in range(1, 5)
            ]
        else:
            assert list(piles) == [f"foundation:{i}" for i in range(1, 9)] + ["stock"] + [
                f"tableau:{i}" for i in range(1, 11)
            ]
        made = 0
        for _ in range(40):
            moves = session.ask("moves")["moves"]
            assert isinstance(moves, list)
            playable = [m for m in moves if m.get("action") != "done"]
            if not playable:
                break
            entry = playable[0]
            state = session.ask(json.dumps(entry) if made % 2 else entry["move"])
            assert "error" not in state, state
            made += 1
            assert state["moves_made"] == made
        assert made > 0
        if game_id == "spider_duel":
            state = session.ask("done")
            assert state["outcome"] == LOST and state["moves_made"] == made
            assert "error" in session.ask("deal")
        assert "error" in session.ask("tableau:99>nowhere")
    finally:
        session.close()


def test_the_console_speaks_spider_duel_in_its_own_words(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = ["moves", "flip tableau:1", "done", "quit"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    assert main(["console", "spider_duel", "--seed", "4", "--json"]) == 0
    moves, flip, done, bye = (json.loads(x) for x in capsys.readouterr().out.splitlines())
    assert {"move": "deal", "action": "deal"} in moves["moves"]
    assert {"move": "done", "action": "done"} in moves["moves"]
    assert "already shows a face-up card" in flip["error"]
    assert done["score"] == 0 and done["moves_made"] == 0
    assert bye == {"bye": True}
    assert format_move(Game(DUEL, 4).position, Move(DONE, -1)) == "done"
