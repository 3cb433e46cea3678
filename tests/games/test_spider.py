"""Every rule fact of Spider (XPat2's rules, as games/spider.yaml and its instructions state
them), written as positions and moves."""

from __future__ import annotations

from collections import Counter

import pytest

from retro.engine.game import Game
from retro.errors import IllegalMove
from tests.helpers import game_at, legal, load, pile, play, refusal, suit_run

SPIDER = load("spider")


# -- deck and deal -----------------------------------------------------------------------------


def test_two_full_packs_104_cards_each_card_twice() -> None:
    game = Game(SPIDER, 1)
    cards = game.position.cards_in_play()
    assert len(cards) == 104
    assert set(Counter(cards).values()) == {2}
    assert len(set(cards)) == 52


def test_deal_puts_44_face_down_with_extras_on_columns_1_4_7_10() -> None:
    game = Game(SPIDER, 7)
    tableau = game.position.groups["tableau"]
    assert [p.down for p in tableau] == [5, 4, 4, 5, 4, 4, 5, 4, 4, 5]
    assert all(p.face_up == 1 for p in tableau)
    assert sum(len(p.cards) for p in tableau) == 54
    assert len(game.position.by_id["stock"].cards) == 50
    assert game.position.by_id["stock"].down == 50


def test_option_puts_the_extra_cards_on_the_leftmost_four_columns() -> None:
    game = Game(load("spider", extra_cards="leftmost"), 7)
    assert [p.down for p in game.position.groups["tableau"]] == [5, 5, 5, 5, 4, 4, 4, 4, 4, 4]


def test_a_deal_number_gives_the_same_layout_every_time() -> None:
    first = Game(SPIDER, 12345).position.fingerprint()
    again = Game(load("spider"), 12345).position.fingerprint()
    other = Game(SPIDER, 12346).position.fingerprint()
    assert first == again
    assert first != other


def test_the_first_deal_never_changes() -> None:
    """Deal numbers are forever: this pins deal 1 (docs/deals.md)."""
    assert pile(Game(SPIDER, 1), "tableau:1") == "td 5c 8c qh ks 2H"
    assert pile(Game(SPIDER, 1), "tableau:10") == "5s td qs ts 3c 8H"


@pytest.mark.parametrize("suits,expected", [(1, {"S"}), (2, {"S", "H"}), (4, set("SHDC"))])
def test_fewer_suits_keep_the_same_ranks_in_the_same_places(suits: int, expected: set[str]) -> None:
    full = Game(SPIDER, 99).position
    reduced = Game(load("spider", suits=suits), 99).position
    assert [c.rank for c in full.cards_in_play()] == [c.rank for c in reduced.cards_in_play()]
    assert {c.code[1] for c in reduced.cards_in_play()} == expected


# -- moves ---------------------------------------------------------------------------------------


def test_any_card_goes_on_a_card_one_rank_higher_whatever_its_suit() -> None:
    game = game_at(SPIDER, "tableau:1 = 9S\ntableau:2 = 8H\ntableau:3 = 8C\ntableau:4 = 7D")
    assert refusal(game, "t2>t1") is None
    assert refusal(game, "t3>t1") is None
    assert refusal(game, "t4>t2") is None
    assert "goes only on an 8" in str(refusal(game, "t4>t1"))


def test_any_tail_of_a_same_suit_run_may_be_lifted() -> None:
    game = game_at(
        SPIDER, "tableau:1 = 2c 6H 5H 4H\ntableau:2 = 5S\ntableau:3 = 6C\ntableau:4 = 7D"
    )
    assert {"tableau:1>tableau:2", "tableau:1>tableau:3/2", "tableau:1>tableau:4/3"} <= legal(game)
    play(game, "t1>t4/3")
    assert pile(game, "tableau:4") == "7D 6H 5H 4H"


def test_a_run_of_mixed_suits_does_not_move_as_a_unit() -> None:
    game = game_at(SPIDER, "tableau:1 = 6H 5S 4H\ntableau:2 = 7C\ntableau:3 = 6D")
    assert "run of one suit" in str(refusal(game, "t1>t3/2"))
    assert "run of one suit" in str(refusal(game, "t1>t2/3"))
    assert refusal(game, "t1>t2/1") is not None  # 4H on 7C: wrong rank
    with pytest.raises(IllegalMove):
        play(game, "t1>t2/3")
    assert pile(game, "tableau:1") == "6H 5S 4H"


def test_an_empty_column_takes_any_card_or_movable_run() -> None:
    game = game_at(SPIDER, "tableau:1 = 3d 9C 8C 7C\ntableau:2 = 5h 4H")
    assert refusal(game, "t1>t3/3") is None
    assert refusal(game, "t1>t3") is None
    assert refusal(game, "t2>t3") is None
    play(game, "t1>t3/2")
    assert pile(game, "tableau:3") == "8C 7C"


def test_a_king_goes_only_to_an_empty_column() -> None:
    game = game_at(SPIDER, "tableau:1 = KS\ntableau:2 = QH\ntableau:3 = AC")
    assert {m for m in legal(game) if m.startswith("tableau:1>")} == {
        f"tableau:1>tableau:{i}" for i in range(4, 11)
    }


def test_the_card_under_the_last_face_up_card_turns_by_itself() -> None:
    game = game_at(SPIDER, "tableau:1 = 4s 9c 5H\ntableau:2 = 6C")
    play(game, "t1>t2")
    assert pile(game, "tableau:1") == "4s 9C"
    assert game.position.counters["turned"] == 1


def test_no_card_turns_while_a_face_up_card_is_left() -> None:
    game = game_at(SPIDER, "tableau:1 = 4s 7C 5H\ntableau:2 = 6C")
    play(game, "t1>t2")
    assert pile(game, "tableau:1") == "4s 7C"


# -- dealing from the stock ----------------------------------------------------------------------

FULL_TABLE = "\n".join(f"tableau:{i} = 2c 9D" for i in range(1, 11))
STOCK = "stock = " + " ".join(["ah"] * 20)


def test_deal_puts_one_face_up_card_on_each_column_left_to_right() -> None:
    game = game_at(
        SPIDER,
        FULL_TABLE
        + "\nstock = "
        + " ".join(["as", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "ts", "js", "qs"]),
    )
    play(game, "deal")
    # the top of the stock (its last card) goes to column 1
    assert pile(game, "tableau:1") == "2c 9D QS"
    assert pile(game, "tableau:10") == "2c 9D 3S"
    assert pile(game, "stock") == "as 2s"


def test_deal_is_allowed_at_any_time_when_no_column_is_empty() -> None:
    game = game_at(SPIDER, FULL_TABLE + "\n" + STOCK)
    assert "deal" in legal(game)


RELAXED_CASES = [
    # (relaxed, other columns, allowed?)
    (0, "KH QH JH", False),
    (1, "KH QH JH", True),
    (1, "9S 8H 7H", False),  # a run, but not of one suit
    (1, "9S 7S", False),  # one suit, not in sequence
    (1, "4h KH QH JH", False),  # a face-down card blocks the relaxed deal
    (2, "9S 8H 7C", True),  # in sequence, any suits
    (2, "9S 7S", False),
    (2, "4h 9S 8H", False),
]


@pytest.mark.parametrize("relaxed,column,allowed", RELAXED_CASES)
def test_relaxed_deal_rule_with_an_empty_column(relaxed: int, column: str, allowed: bool) -> None:
    gdef = load("spider", relaxed=relaxed)
    lines = [f"tableau:{i} = {column}" for i in range(1, 10)] + [STOCK]
    game = game_at(gdef, "\n".join(lines))
    assert ("deal" in legal(game)) is allowed
    if not allowed:
        reason = str(refusal(game, "deal"))
        assert "empty" in reason.lower()


def test_relaxed_rule_is_not_needed_without_an_empty_column() -> None:
    gdef = load("spider", relaxed=1)
    game = game_at(gdef, FULL_TABLE + "\n" + STOCK)
    assert "deal" in legal(game)


def test_a_deal_gives_empty_columns_their_card_too() -> None:
    gdef = load("spider", relaxed=2)
    lines = [f"tableau:{i} = KH QS" for i in range(1, 10)] + ["stock = " + " ".join(["5d"] * 10)]
    game = play(game_at(gdef, "\n".join(lines)), "deal")
    assert pile(game, "tableau:10") == "5D"
    assert not game.position.by_id["stock"].cards


def test_no_deal_from_an_empty_stock() -> None:
    game = game_at(SPIDER, FULL_TABLE)
    assert "deal" not in legal(game)
    assert "empty" in str(refusal(game, "deal"))


# -- completed suits ---------------------------------------------------------------------------


def test_a_complete_suit_may_be_moved_off_but_not_by_itself() -> None:
    game = game_at(SPIDER, f"tableau:1 = 3c {suit_run('H')}\ntableau:2 = 5D\n" + STOCK)
    assert pile(game, "tableau:1").endswith("AH")  # still there: XPat2 never removes on its own
    assert "tableau:1>foundation:1/13" in legal(game)
    play(game, "t1>f1/13")
    assert pile(game, "foundation:1") == suit_run("H")
    assert pile(game, "tableau:1") == "3C"  # the card under it turned


def test_complete_suits_fill_the_foundations_in_order() -> None:
    game = game_at(SPIDER, f"tableau:1 = {suit_run('S')}\nfoundation:1 = {suit_run('H')}")
    assert "tableau:1>foundation:2/13" in legal(game)
    assert "next free" in str(refusal(game, "t1>f3/13"))


def test_only_a_complete_run_goes_to_a_foundation() -> None:
    game = game_at(SPIDER, f"tableau:1 = {suit_run('S', 13, 2)}")
    assert not any(m.startswith("tableau:1>foundation") for m in legal(game))
    assert "complete run" in str(refusal(game, "t1>f1/12"))


def test_removed_suits_never_come_back_except_by_undo() -> None:
    game = game_at(SPIDER, f"tableau:1 = 3c {suit_run('H')}\n" + STOCK)
    play(game, "t1>f1/13")
    assert not any(m.startswith("foundation") for m in legal(game))
    assert "never leave" in str(refusal(game, "f1>t2"))
    game.pop()
    assert pile(game, "tableau:1") == "3c " + suit_run("H")


def test_option_removes_complete_suits_at_once() -> None:
    gdef = load("spider", remove_suits="at once")
    game = game_at(gdef, f"tableau:1 = 3c {suit_run('H', 13, 2)}\ntableau:2 = AH\n" + STOCK)
    play(game, "t2>t1")
    assert pile(game, "foundation:1") == suit_run("H")
    assert pile(game, "tableau:1") == "3C"


# -- won and lost ------------------------------------------------------------------------------


def _finished(kept: int) -> str:
    suits = "SHDCSHDC"
    lines = [f"tableau:{i + 1} = {suit_run(suits[i])}" for i in range(kept)]
    lines += [f"foundation:{i + 1} = {suit_run(suits[kept + i])}" for i in range(8 - kept)]
    return "\n".join(lines)


@pytest.mark.parametrize("kept", [0, 4, 8])
def test_won_with_all_removed_all_kept_or_any_mix(kept: int) -> None:
    game = game_at(SPIDER, _finished(kept))
    assert SPIDER.win is not None and SPIDER.win.test(game.position)


def test_won_when_the_last_suit_is_removed() -> None:
    game = game_at(
        SPIDER,
        "tableau:1 = "
        + suit_run("S")
        + "\n"
        + "\n".join(f"foundation:{i} = {suit_run('SHDCSHDC'[i])}" for i in range(1, 8)),
    )
    play(game, "t1>f8/13")
    assert game.outcome() == "won"
    assert game.legal_moves() == []


def test_not_won_while_a_column_holds_more_than_one_complete_run() -> None:
    game = game_at(
        SPIDER,
        "tableau:1 = 5D "
        + suit_run("S")
        + "\n"
        + "\n".join(f"foundation:{i} = {suit_run('SHDCSHDC'[i])}" for i in range(1, 8)),
    )
    assert SPIDER.win is not None and not SPIDER.win.test(game.position)
    assert game.outcome() == "playing"


def test_lost_when_no_move_is_left_and_the_stock_is_empty() -> None:
    game = game_at(
        SPIDER, "\n".join(f"tableau:{i} = 3c {'A' if i % 2 else '5'}H" for i in range(1, 11))
    )
    assert game.legal_moves() == []
    assert game.outcome() == "lost"


def test_not_lost_while_the_stock_can_deal() -> None:
    game = game_at(SPIDER, "\n".join(f"tableau:{i} = AH" for i in range(1, 11)) + "\n" + STOCK)
    assert game.outcome() == "playing"


# -- the score (XPat2, from the position) --------------------------------------------------------


def test_a_fresh_deal_scores_0() -> None:
    for seed in (1, 2, 3, 500):
        assert Game(SPIDER, seed).score() == 0


def test_all_eight_suits_on_the_foundations_score_990() -> None:
    assert game_at(SPIDER, _finished(0)).score() == 990


def test_four_kept_and_four_removed_score_992() -> None:
    assert game_at(SPIDER, _finished(4)).score() == 992


def test_all_eight_kept_in_the_columns_score_1000() -> None:
    assert game_at(SPIDER, _finished(8)).score() == 1000


def test_score_parts_turned_cards_clean_columns_and_same_suit_pairs() -> None:
    # 44 dealt face down; here 40 are still face down, so 4 were turned: 40 points.
    down = ["qc qc qc qc", "qc qc qc qc"] + ["qc qc qc qc"] * 8
    lines = [f"tableau:{i + 1} = {down[i]} 2D" for i in range(10)]
    base = game_at(SPIDER, "\n".join(lines)).score()
    assert base == 40
    # a column without face-down cards: +15; two same-suit pairs: +4; a mixed pair: nothing
    lines[0] = "tableau:1 = 9S 8S 7S 6H"
    game = game_at(SPIDER, "\n".join(lines))
    assert game.score() == 10 * 8 + 15 + 2 * 2


def test_a_complete_suit_in_a_column_scores_its_pairs_plus_26() -> None:
    down = " ".join(["qc"] * 4)
    lines = [f"tableau:{i} = {down}" for i in range(2, 11)]
    without = game_at(SPIDER, "\n".join([*lines, "tableau:1 = " + suit_run("H", 13, 2)]))
    with_ace = game_at(SPIDER, "\n".join([*lines, "tableau:1 = " + suit_run("H")]))
    assert with_ace.score() - without.score() == 2 + 26


def test_the_score_follows_moves_and_undo() -> None:
    game = game_at(SPIDER, "tableau:1 = 4s 9c 5H\ntableau:2 = 6H")
    before = game.score()
    play(game, "t1>t2")
    assert game.score() == before + 10 + 2  # a card turned, 5H on 6H
    game.pop()
    assert game.score() == before


def test_a_relaxed_game_shows_a_maximum_of_0() -> None:
    assert SPIDER.score.maximum == 1000
    assert load("spider", relaxed=1).score.maximum == 0
    assert load("spider", relaxed=2).score.maximum == 0


# -- undo, redo and the cheat count ------------------------------------------------------------


def test_unlimited_undo_and_redo() -> None:
    game = Game(SPIDER, 3)
    start = game.position.fingerprint()
    made = []
    for _ in range(30):
        moves = game.legal_moves()
        if not moves:
            break
        game.push(moves[0])
        made.append(game.position.fingerprint())
    for _ in made:
        game.pop()
    assert game.position.fingerprint() == start
    for fingerprint in made:
        game.redo()
        assert game.position.fingerprint() == fingerprint


def test_cheat_count_undo_a_turn_1_undo_a_deal_10_redo_takes_it_back() -> None:
    game = game_at(
        SPIDER,
        "tableau:1 = 4s 9c 5H\ntableau:2 = 6H\n"
        + "\n".join(f"tableau:{i} = 2D" for i in range(3, 11))
        + "\n"
        + STOCK,
    )
    play(game, "t1>t2", "deal")
    game.pop()
    assert game.cheat == 10
    game.pop()
    assert game.cheat == 11
    game.redo()
    assert game.cheat == 10
    game.redo()
    assert game.cheat == 0


def test_undoing_a_plain_move_is_no_cheat() -> None:
    game = game_at(SPIDER, "tableau:1 = 4s 7C 5H\ntableau:2 = 6H")
    play(game, "t1>t2")
    game.pop()
    assert game.cheat == 0


def test_replaying_the_same_deal_costs_1000() -> None:
    game = Game(SPIDER, 3)
    game.push(game.legal_moves()[0])
    game.restart()
    assert game.cheat == 1000
    assert game.position.fingerprint() == Game(SPIDER, 3).position.fingerprint()
    assert game.history == []


def test_a_new_move_after_undo_forgets_the_redo() -> None:
    game = game_at(SPIDER, "tableau:1 = 5H\ntableau:2 = 6H\ntableau:3 = 6C")
    play(game, "t1>t2")
    game.pop()
    play(game, "t1>t3")
    with pytest.raises(IllegalMove, match="redo"):
        game.redo()


def test_a_king_refused_on_a_card_is_told_why() -> None:
    game = game_at(SPIDER, "tableau:1 = KS\ntableau:2 = QH")
    assert refusal(game, "t1>t2") == "No card is higher than K♠: it goes only to an empty place"
