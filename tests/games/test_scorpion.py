"""Scorpion: seven columns of seven, building down in suit, any face-up card moving with all the
cards on it, Kings into spaces, three cards dealt to the first three columns, as positions and
moves."""

from __future__ import annotations

from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal, suit_run

SCORPION = load("scorpion")


def test_the_deal_is_seven_columns_of_seven_three_face_down_in_the_first_four() -> None:
    position = Game(SCORPION, 17).position
    assert [(p.down, p.face_up) for p in position.groups["tableau"]] == (
        [(3, 4)] * 4 + [(0, 7)] * 3
    )
    stock = position.by_id["stock"]
    assert (len(stock.cards), stock.down) == (3, 3)


def test_columns_build_down_in_suit() -> None:
    game = game_at(SCORPION, "tableau:1 = 8H\ntableau:2 = 7H\ntableau:3 = 7D")
    assert refusal(game, "t2>t1") is None
    assert refusal(game, "t3>t1") == "7♦ goes only on an 8 of the same suit, not on 8♥"


def test_any_face_up_card_moves_with_all_the_cards_on_it() -> None:
    game = game_at(SCORPION, "tableau:1 = 3c 9H 2S KD\ntableau:2 = TH")
    assert "tableau:1>tableau:2/3" in legal(game)
    assert refusal(game, "t1>t2/4") == "tableau:1 has only 3 cards face up"
    play(game, "t1>t2/3")
    assert pile(game, "tableau:2") == "TH 9H 2S KD"
    assert pile(game, "tableau:1") == "3C"


def test_only_a_king_goes_to_an_empty_column() -> None:
    game = game_at(SCORPION, "tableau:1 = KS 4D\ntableau:2 = QH")
    assert refusal(game, "t1>t3/2") is None
    assert refusal(game, "t2>t3") == "An empty tableau place takes only a K"


def test_the_three_cards_of_the_stock_go_onto_the_first_three_columns() -> None:
    game = play(game_at(SCORPION, "stock = 2h 3h 4h\ntableau:5 = 9C"), "deal")
    assert [pile(game, f"tableau:{i}") for i in (1, 2, 3, 4)] == ["4H", "3H", "2H", ""]
    assert "deal" not in legal(game)


def test_a_complete_suit_goes_off_by_itself_and_the_fourth_wins() -> None:
    home = "\n".join(
        f"foundation:{i} = {suit_run(s)}" for i, s in zip((1, 2, 3), "SHD", strict=True)
    )
    game = game_at(SCORPION, f"{home}\ntableau:1 = {suit_run('C', 13, 2)}\ntableau:2 = AC")
    play(game, "t2>t1")
    assert pile(game, "foundation:4") == suit_run("C")
    assert game.outcome() == "won"
    assert game.score() == SCORPION.score.maximum == 52
