"""Eagle Wing: the first card home sets the base, wings of three cards at most built down in
suit round the corner, spaces filled at once from a face-down reserve whose last card comes
into play face up, as positions and moves."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

EAGLE = load("eagle_wing")


def test_thirteen_face_down_in_the_reserve_eight_wings_of_one_and_a_base_home() -> None:
    position = Game(EAGLE, 6).position
    reserve = position.by_id["reserve"]
    assert (len(reserve.cards), reserve.down) == (13, 13)
    assert [len(p.cards) for p in position.groups["tableau"]] == [1] * 8
    assert [len(p.cards) for p in position.groups["foundation"]] == [1, 0, 0, 0]
    assert position.counters["base"] == position.by_id["foundation:1"].cards[0].rank


def test_a_wing_emptied_is_filled_from_the_reserve_whose_last_card_turns_up() -> None:
    text = "counters base=4\nfoundation:1 = 4S\nreserve = 9c 7d\ntableau:1 = 5S\ntableau:2 = 8H"
    others = "".join(f"\ntableau:{n} = {card}" for n, card in enumerate(["2D", "3D", "TD"] * 2, 3))
    game = game_at(EAGLE, text + others)
    play(game, "t1>f1")
    assert pile(game, "tableau:1") == "7D"
    assert pile(game, "reserve") == "9C"
    assert "reserve>tableau:3" not in legal(game)


def test_wings_build_down_in_suit_king_on_ace_to_three_cards_one_at_a_time() -> None:
    text = "tableau:1 = AH\ntableau:2 = KH\ntableau:3 = 9S 8S 7S\ntableau:4 = 6S\ntableau:5 = QH"
    game = game_at(EAGLE, text + "\nreserve = 2c\ntableau:6 = 2D\ntableau:7 = 3D\ntableau:8 = TD")
    assert refusal(game, "t2>t1") is None
    assert refusal(game, "t4>t3") is not None
    assert refusal(game, "t5>t2") is None
    assert refusal(game, "t3>t1/2") is not None


def test_foundations_start_with_the_base_rank_and_go_round_the_corner() -> None:
    text = "counters base=12\nfoundation:1 = QS KS\ntableau:1 = AS\ntableau:2 = QD\ntableau:3 = JC"
    game = game_at(EAGLE, text)
    assert {"tableau:1>foundation:1", "tableau:2>foundation:2"} <= legal(game)
    assert refusal(game, "t3>f2") is not None
