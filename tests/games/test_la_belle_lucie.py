"""La Belle Lucie: eighteen fans, top cards only, building down in suit, spaces that stay empty,
and two redeals that gather, shuffle and deal the fans again in threes, as positions and
moves."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import seed_derived_from, shuffle
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

LUCIE = load("la_belle_lucie")
FANS = "fans:1 = 2H 9C KD\nfans:2 = 4S\nfans:3 = QC 3D\nfans:5 = AS 7H 8H\nfans:9 = 6D TS"


def test_the_deal_is_seventeen_fans_of_three_and_one_of_one_all_face_up() -> None:
    position = Game(LUCIE, 31).position
    assert [(len(p.cards), p.down) for p in position.groups["fans"]] == [(3, 0)] * 17 + [(1, 0)]
    assert set(Counter(position.cards_in_play()).values()) == {1}
    assert not position.by_id["stock"].cards


def test_only_the_top_card_of_a_fan_moves_and_fans_build_down_in_suit() -> None:
    game = game_at(LUCIE, "fans:1 = 2C 8H\nfans:2 = 9H\nfans:3 = 8D")
    assert refusal(game, "fans:1>fans:2/2") == "Only the top card can be moved"
    assert refusal(game, "fans:3>fans:2") == "8♦ goes only on a 9 of the same suit, not on 9♥"
    play(game, "fans:1>fans:2")
    assert (pile(game, "fans:1"), pile(game, "fans:2")) == ("2C", "9H 8H")


def test_an_empty_fan_stays_empty() -> None:
    game = game_at(LUCIE, "fans:1 = KS\nfans:2 = 9H")
    assert not any(move.endswith(">fans:3") for move in legal(game))
    assert "fans:3 is empty" in str(refusal(game, "fans:1>fans:3"))


def test_foundations_from_ace_to_king_in_suit() -> None:
    game = game_at(LUCIE, "fans:1 = 2S AS\nfans:2 = 2H")
    play(game, "fans:1>foundation:1", "fans:1>foundation:1")
    assert pile(game, "foundation:1") == "AS 2S"
    assert refusal(game, "fans:2>foundation:1") == (
        "foundation:1 takes only the 3 of the same suit next"
    )


def test_a_redeal_gathers_the_fans_shuffles_and_deals_them_again_in_threes() -> None:
    game = game_at(LUCIE, "foundation:1 = AC 2C\n" + FANS, seed=77)
    gathered = [card for p in game.position.groups["fans"] for card in p.cards]
    play(game, "redeal")
    fans = game.position.groups["fans"]
    order = shuffle(gathered, seed_derived_from(77, 1))
    assert len(order) == 11
    assert [p.cards for p in fans[:4]] == [order[0:3], order[3:6], order[6:9], order[9:11]]
    assert not any(p.cards for p in fans[4:])
    assert all(p.down == 0 for p in fans)
    assert not game.position.by_id["stock"].cards
    assert pile(game, "foundation:1") == "AC 2C"
    assert game.position.counters["redeals"] == 1


def test_a_redeal_is_the_same_every_time_and_undo_takes_it_back() -> None:
    first = play(game_at(LUCIE, FANS, seed=5), "redeal").position.fingerprint()
    game = game_at(LUCIE, FANS, seed=5)
    before = game.position.fingerprint()
    play(game, "redeal")
    assert game.position.fingerprint() == first
    game.pop()
    assert game.position.fingerprint() == before
    game.redo()
    assert game.position.fingerprint() == first
    other = play(game_at(LUCIE, FANS, seed=6), "redeal").position.fingerprint()
    assert other != first


def test_two_redeals_a_game() -> None:
    game = play(game_at(LUCIE, FANS), "redeal", "redeal")
    assert "redeal" not in legal(game)
    assert refusal(game, "redeal") == "No redeal left: 2 a game, all used"


def test_won_when_all_are_home() -> None:
    lines = [
        f"foundation:{i + 1} = " + " ".join(r + s for r in "A23456789TJQK")
        for i, s in enumerate("SHDC")
    ]
    lines[2] = lines[2].rsplit(" ", 1)[0]
    game = play(game_at(LUCIE, "\n".join([*lines, "fans:18 = KD"])), "fans:18>foundation:3")
    assert game.outcome() == "won"
    assert game.score() == LUCIE.score.maximum == 52


def test_a_king_refused_on_a_card_is_never_sent_to_a_space_no_fan_takes() -> None:
    game = game_at(load("la_belle_lucie"), "fans:1 = KS\nfans:2 = QH")
    assert refusal(game, "fans:1>fans:2") == "No card is higher than K♠: it goes on no card here"
