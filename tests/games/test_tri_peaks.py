"""Tri Peaks: three peaks of 28 cards sharing their bottom row, a card free only once the two
cards lying on it are gone, face-down cards turning up as they are freed, free cards played one
rank up or down onto the pile (King and Ace joining unless chosen otherwise), the stock turned
once through, runs scoring more and more, won with the peaks cleared."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import WON, Game
from tests.helpers import game_at, legal, load, pile, play, refusal

PEAKS = load("tri_peaks")


def test_28_cards_in_three_peaks_the_bottom_row_of_ten_face_up_and_23_in_the_stock() -> None:
    position = Game(PEAKS, 5).position
    tableau = position.groups["tableau"]
    assert [(len(p.cards), p.down) for p in tableau] == [(1, 1)] * 18 + [(1, 0)] * 10
    assert position.counters["turned"] == 0  # turning the bottom row is part of the deal
    assert len(position.by_id["foundation"].cards) == 1
    stock = position.by_id["stock"]
    assert (len(stock.cards), stock.down) == (23, 23)
    assert Counter(position.cards_in_play()) == Counter(make_deck())


def test_the_peaks_lie_as_the_map_says_each_card_on_two_of_the_row_above() -> None:
    tableau = Game(PEAKS, 5).position.groups["tableau"]
    over = {p.slot + 1: sorted(q.slot + 1 for q in p.over) for p in tableau if p.over}
    assert over[1] == [4, 5] and over[2] == [6, 7] and over[3] == [8, 9]
    assert over[4] == [10, 11] and over[5] == [11, 12] and over[9] == [17, 18]
    assert over[10] == [19, 20] and over[18] == [27, 28]
    assert not any(p.over for p in tableau[18:])


def test_a_card_is_free_only_when_no_card_lies_on_it() -> None:
    game = game_at(PEAKS, "foundation = 6S\ntableau:10 = 5H\ntableau:19 = 7C\ntableau:20 = 9D")
    assert refusal(game, "t10>f") == "5♥ is not free: 7♣ and 9♦ lie on it"
    assert "tableau:10>foundation" not in legal(game)
    play(game, "t19>f")
    assert refusal(game, "t10>f") == "5♥ is not free: 9♦ lies on it"
    game = game_at(PEAKS, "foundation = 6S\ntableau:10 = 5H")
    assert refusal(game, "t10>f") is None and "tableau:10>foundation" in legal(game)


def test_a_face_down_card_turns_up_when_the_last_card_on_it_goes() -> None:
    game = game_at(PEAKS, "foundation = 6S\ntableau:10 = 5h\ntableau:19 = 7C\ntableau:20 = 8D")
    play(game, "t19>f")
    assert pile(game, "tableau:10") == "5h"
    play(game, "t20>f")
    assert pile(game, "tableau:10") == "5H"
    assert game.position.counters["turned"] == 1
    game.pop()
    assert pile(game, "tableau:10") == "5h"


def test_one_rank_up_or_down_any_suit_king_and_ace_joining_unless_chosen() -> None:
    text = "foundation = KS\ntableau:19 = AH\ntableau:20 = QC\ntableau:21 = JD"
    game = game_at(PEAKS, text)
    assert {"tableau:19>foundation", "tableau:20>foundation"} <= legal(game)
    assert "Only a card one rank above or below" in str(refusal(game, "t21>f"))
    assert "Only a card one rank above or below" in str(
        refusal(game_at(load("tri_peaks", wrap="no"), text), "t19>f")
    )


def test_nothing_goes_onto_the_peaks() -> None:
    game = game_at(PEAKS, "foundation = KS\ntableau:19 = AH\ntableau:20 = 2C")
    assert refusal(game, "t19>t20") == "Nothing can be put on tableau:20"


def test_the_stock_turns_one_card_onto_the_pile_once_through() -> None:
    game = play(game_at(PEAKS, "foundation = KS\nstock = 4c 9d\ntableau:19 = 2H"), "deal")
    assert pile(game, "foundation") == "KS 9D"
    play(game, "deal")
    assert refusal(game, "deal") == "No redeal: the stock is gone through only once"


def test_a_run_scores_one_more_for_each_card_until_the_stock_is_turned() -> None:
    game = game_at(
        PEAKS,
        "foundation = 5S\nstock = 9c\ntableau:19 = 6H\ntableau:20 = 7C\n"
        "tableau:21 = 8D\ntableau:22 = TD",
    )
    play(game, "t19>f", "t20>f", "t21>f")
    assert game.score() == 1 + 2 + 3
    play(game, "deal", "t22>f")
    assert game.score() == 6 + 1


def test_won_when_the_peaks_are_cleared_with_cards_left_in_the_stock() -> None:
    game = play(game_at(PEAKS, "foundation = 5S\nstock = 9c\ntableau:19 = 6H"), "t19>f")
    assert game.outcome() == WON


def test_the_solver_wins_a_deal_and_its_moves_replay_through_the_game() -> None:
    from retro.solver.search import Budget, solve

    result = solve(Game(PEAKS, 1), Budget(nodes=20_000, seconds=600))
    assert result.result == "won"
    game = Game(PEAKS, 1)
    for move in result.moves:
        game.push(move)
    assert game.outcome() == WON
