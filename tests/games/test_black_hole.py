"""Black Hole: the Ace of spades in the hole, seventeen fans of three face up round it, fan tops
into the hole one rank up or down whatever the suit, King and Ace joining; nothing builds on the
fans; won with every card in the hole, as positions and moves."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

BLACK_HOLE = load("black_hole")
FANS = ("top", "left", "right", "bottom")


def test_the_ace_of_spades_in_the_hole_and_seventeen_fans_of_three_face_up() -> None:
    position = Game(BLACK_HOLE, 12).position
    assert pile(Game(BLACK_HOLE, 12), "hole") == "AS"
    fans = [p for name in FANS for p in position.groups[name]]
    assert [(len(p.cards), p.down) for p in fans] == [(3, 0)] * 17
    assert Counter(position.cards_in_play()) == Counter(make_deck())


def test_a_fan_top_goes_into_the_hole_one_rank_up_or_down_any_suit() -> None:
    game = game_at(BLACK_HOLE, "hole = AS\ntop:1 = 5C 2H\nleft:3 = KD\nbottom:4 = 3S")
    assert {"top:1>hole", "left:3>hole"} <= legal(game)
    assert "bottom:4>hole" not in legal(game)
    play(game, "top:1>hole", "bottom:4>hole")
    assert pile(game, "hole") == "AS 2H 3S"
    assert refusal(game, "top:1>hole") is not None


def test_king_and_ace_join_both_ways() -> None:
    game = play(
        game_at(BLACK_HOLE, "hole = AS\nright:2 = AD KC\ntop:2 = QH"),
        "right:2>hole",
        "right:2>hole",
    )
    assert pile(game, "hole") == "AS KC AD"
    assert refusal(game, "top:2>hole") == (
        "Only a card one rank above or below goes on A♦: a 2 or a K"
    )


def test_only_top_cards_move_and_nothing_builds_on_the_fans() -> None:
    game = game_at(BLACK_HOLE, "hole = AS\ntop:1 = 2H 9C\ntop:2 = TD\nleft:1 = 8C")
    assert refusal(game, "top:1>hole/2") is not None
    assert refusal(game, "left:1>top:1") is not None
    assert refusal(game, "top:2>top:3") is not None
    assert all(move.endswith(">hole") for move in legal(game))


def test_won_when_every_card_is_in_the_hole() -> None:
    cards = " ".join(f"{r}{s}" for s in "SHDC" for r in "A23456789TJQK")
    game = play(
        game_at(BLACK_HOLE, f"hole = {cards.rsplit(' ', 1)[0]}\nbottom:2 = KC"), "bottom:2>hole"
    )
    assert game.outcome() == "won"
    assert game.score() == BLACK_HOLE.score.maximum == 52


def test_lost_when_no_fan_top_is_next_to_the_hole() -> None:
    game = game_at(BLACK_HOLE, "hole = AS 2H\ntop:1 = 5C\nleft:2 = 9D 7S\nright:4 = JS")
    assert game.legal_moves() == []
    assert game.outcome() == "lost"
