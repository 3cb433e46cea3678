"""Yukon: Klondike's columns with the whole pack dealt, any face-up card moving with the cards on
it, Kings into spaces, as positions and moves."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

YUKON = load("yukon")


def test_the_deal_is_1_6_7_8_9_10_11_cards_with_0_to_6_face_down() -> None:
    position = Game(YUKON, 23).position
    assert [(p.down, p.face_up) for p in position.groups["tableau"]] == (
        [(0, 1)] + [(i, 5) for i in range(1, 7)]
    )
    assert len(position.cards_in_play()) == 52
    assert "stock" not in position.by_id


def test_any_face_up_card_moves_with_the_cards_on_it_onto_the_next_rank_up_other_colour() -> None:
    game = game_at(YUKON, "tableau:1 = 2c 9H 4S JD\ntableau:2 = TS\ntableau:3 = TD")
    assert "tableau:1>tableau:2/3" in legal(game)
    assert refusal(game, "t1>t3/3") == "9♥ goes only on a 10 of the other colour, not on 10♦"
    play(game, "t1>t2/3")
    assert pile(game, "tableau:2") == "TS 9H 4S JD"
    assert pile(game, "tableau:1") == "2C"


def test_face_down_cards_never_move() -> None:
    game = game_at(YUKON, "tableau:1 = 2c 9H\ntableau:2 = 3D")
    assert refusal(game, "t1>t2/2") == "tableau:1 has only 1 card face up"


def test_only_a_king_with_what_lies_on_it_goes_to_an_empty_column() -> None:
    game = game_at(YUKON, "tableau:1 = 5c KH 3S\ntableau:2 = QH 2D")
    assert refusal(game, "t1>t3/2") is None
    assert refusal(game, "t2>t3/2") == "An empty tableau place takes only a K"


def test_foundations_take_ace_to_king_in_suit_and_may_give_cards_back() -> None:
    game = game_at(
        YUKON, "foundation:1 = AD 2D 3D\ntableau:1 = 4D\ntableau:2 = 5C\nfoundation:2 = AS"
    )
    assert refusal(game, "t2>f1") == "foundation:1 takes only the 4 of the same suit next"
    play(game, "t1>f1")
    assert refusal(game, "f1>t2") is None
    assert refusal(game, "f2>f3") == "foundation:3 takes cards only from tableau"


def test_won_when_all_are_home_with_klondikes_score() -> None:
    lines = [
        f"foundation:{i + 1} = " + " ".join(r + s for r in "A23456789TJQK")
        for i, s in enumerate("SHDC")
    ]
    lines[3] = lines[3].rsplit(" ", 1)[0]
    game = game_at(YUKON, "\n".join(["counters turned=21", *lines, "tableau:7 = KC"]))
    play(game, "t7>f4")
    assert game.outcome() == "won"
    assert game.score() == YUKON.score.maximum == 625


def test_an_ace_goes_home_alone_never_with_cards_on_it() -> None:
    from tests.helpers import game_at, legal, load, refusal

    game = game_at(load("yukon"), "tableau:1 = AH TS 6D\ntableau:2 = 2C")
    assert "tableau:1>foundation:1/3" not in legal(game)
    assert "one card" in str(refusal(game, "t1>f1/3")).lower()
