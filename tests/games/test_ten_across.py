"""Ten Across: five passes back and forth across ten columns, each showing one more card at
each end, and two spots; any face-up card moves with all on it onto one higher in suit; only a
King fills a space; the spots take one card again unless the option says not; won with four
suits King to Ace in the columns."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, load, pile, play, refusal, suit_run

TEN = load("ten_across")


def test_the_deal_shows_more_cards_towards_the_ends_and_fills_both_spots() -> None:
    position = Game(TEN, 3).position
    assert [(p.down, p.face_up) for p in position.groups["tableau"]] == [
        (0, 5),
        (1, 4),
        (2, 3),
        (3, 2),
        (4, 1),
        (4, 1),
        (3, 2),
        (2, 3),
        (1, 4),
        (0, 5),
    ]
    assert [len(p.cards) for p in position.groups["spot"]] == [1, 1]
    assert Counter(position.cards_in_play()) == Counter(make_deck())


def test_any_face_up_card_moves_with_all_on_it_onto_one_higher_in_suit() -> None:
    game = game_at(TEN, "tableau:1 = 9H\ntableau:2 = 4c 8H 2S JD\ntableau:3 = 8S")
    assert refusal(game, "t2>t1/3") is None
    assert refusal(game, "t3>t1") is not None


def test_only_a_king_fills_a_space() -> None:
    game = game_at(TEN, "tableau:1 = 4c KH 3S\ntableau:2 = QD")
    assert refusal(game, "t1>t3/2") is None
    assert refusal(game, "t2>t3") is not None


def test_a_spot_takes_one_card_again_unless_the_option_says_not() -> None:
    position = "spot:1 = 5H\ntableau:1 = 6H\ntableau:2 = 9D 8C"
    game = game_at(TEN, position)
    play(game, "spot:1>t1")
    assert pile(game, "tableau:1") == "6H 5H"
    assert refusal(game, "t2>spot:1") is None
    assert refusal(game, "t2>spot:1/2") is not None
    closed = game_at(load("ten_across", spots="no"), position)
    assert refusal(closed, "t2>spot:2") is not None


def test_won_with_four_suits_king_to_ace_in_the_columns() -> None:
    lines = [f"tableau:{i + 1} = {suit_run(s)}" for i, s in enumerate("SHD")]
    lines += [f"tableau:4 = {suit_run('C', 13, 2)}", "spot:1 = AC"]
    game = game_at(TEN, "\n".join(lines))
    assert game.outcome() == "playing"
    play(game, "spot:1>t4")
    assert game.outcome() == "won"
