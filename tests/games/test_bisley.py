"""Bisley: the Aces start their foundations, Kings start theirs beside them and build down,
columns build up or down in suit one card at a time and their spaces stay empty, as positions
and moves."""

from __future__ import annotations

from collections import Counter

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal, suit_run

BISLEY = load("bisley")
ACES = "aces:1 = AS\naces:2 = AH\naces:3 = AD\naces:4 = AC\n"


def test_the_deal_aces_home_and_twelve_columns_of_four_all_face_up_as_pysolfc() -> None:
    assert BISLEY.options["columns"] == "12"
    position = Game(BISLEY, 12).position
    assert [[card.code for card in p.cards] for p in position.groups["aces"]] == [
        ["AS"],
        ["AH"],
        ["AD"],
        ["AC"],
    ]
    assert [(len(p.cards), p.down) for p in position.groups["tableau"]] == [(4, 0)] * 12
    assert len(Counter(position.cards_in_play())) == 52


def test_bisley_13_deals_four_columns_of_three_and_nine_of_four_all_face_up() -> None:
    position = Game(load("bisley", columns=13), 12).position
    assert [[card.code for card in p.cards] for p in position.groups["aces"]] == [
        ["AS"],
        ["AH"],
        ["AD"],
        ["AC"],
    ]
    assert not any(p.cards for p in position.groups["kings"])
    assert [(len(p.cards), p.down) for p in position.groups["tableau"]] == (
        [(3, 0)] * 4 + [(4, 0)] * 9
    )
    assert len(Counter(position.cards_in_play())) == 52


def test_columns_build_up_or_down_in_suit_one_card_at_a_time() -> None:
    game = game_at(
        BISLEY,
        ACES + "tableau:1 = 7H\ntableau:2 = 6H\ntableau:3 = 8H\n"
        "tableau:4 = 8S\ntableau:5 = QD 6D\ntableau:6 = 9H",
    )
    assert refusal(game, "t2>t1") is None
    assert refusal(game, "t3>t1") is None
    assert refusal(game, "t4>t1") is not None
    assert refusal(game, "t5>t1") is not None
    play(game, "t3>t1", "t6>t1")
    assert pile(game, "tableau:1") == "7H 8H 9H"
    assert refusal(game, "t2>t1") is not None
    assert refusal(game, "t1>t3/2") == "Only the top card can be moved"


def test_a_space_stays_empty() -> None:
    game = game_at(BISLEY, ACES + "tableau:1 = 7H\ntableau:2 = 9C")
    assert not any(move.endswith(">tableau:3") for move in legal(game))
    assert refusal(game, "t1>t3") is not None


def test_aces_build_up_in_suit() -> None:
    game = game_at(BISLEY, ACES + "tableau:1 = 2S\ntableau:2 = 2H\ntableau:3 = 3S")
    assert refusal(game, "t2>aces:1") == "aces:1 takes only the 2 of the same suit next"
    play(game, "t1>aces:1", "t3>aces:1")
    assert pile(game, "aces:1") == "AS 2S 3S"


def test_a_king_starts_the_foundation_beside_the_ace_of_its_suit_and_builds_down() -> None:
    game = game_at(BISLEY, ACES + "tableau:1 = KH\ntableau:2 = QH\ntableau:3 = QS\ntableau:4 = 9D")
    assert refusal(game, "t1>kings:1") is not None
    assert refusal(game, "t4>kings:2") is not None
    assert {move for move in legal(game) if "kings" in move} == {"tableau:1>kings:2"}
    play(game, "t1>kings:2")
    assert refusal(game, "t3>kings:2") is not None
    play(game, "t2>kings:2")
    assert pile(game, "kings:2") == "KH QH"


def test_won_when_each_suit_meets_in_the_middle() -> None:
    lines = [
        f"aces:{i + 1} = " + " ".join(reversed(suit_run(s, 6).split()))
        for i, s in enumerate("SHDC")
    ]
    lines += [f"kings:{i + 1} = {suit_run(s, 13, 7)}" for i, s in enumerate("SHD")]
    lines += ["kings:4 = " + suit_run("C", 13, 8), "tableau:7 = 7C"]
    game = game_at(BISLEY, "\n".join(lines))
    assert game.outcome() != "won"
    play(game, "t7>kings:4")
    assert game.outcome() == "won"
    assert game.score() == BISLEY.score.maximum == 52
