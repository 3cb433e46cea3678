"""Royal Cotillion from XPat2's rule code: two packs; a left wing of three columns of three
whose spaces stay empty, a right wing of twelve cards refilled from the waste (or the stock);
four foundations from the Aces and four from the 2s, each building up in suit by two, round the
corner; the stock's face-up top card plays; one card a turn, one pass; no score."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal

ROYAL = load("royal_cotillion")
FROM_ACE = list("A3579JK2468TQ")
FROM_TWO = list("2468TQA3579JK")
# right:2 .. right:12 holding cards that play nowhere soon, so no space is filled unasked
WING = "\n".join(f"right:{i} = KD" for i in range(2, 13))


def test_two_packs_three_columns_of_three_twelve_singles_and_the_stock() -> None:
    position = Game(ROYAL, 2).position
    assert [(len(p.cards), p.down) for p in position.groups["left"]] == [(3, 0)] * 3
    assert [(len(p.cards), p.down) for p in position.groups["right"]] == [(1, 0)] * 12
    stock = position.by_id["stock"]
    assert (len(stock.cards), stock.down) == (83, 82)
    assert not position.by_id["waste"].cards
    assert not any(p.cards for p in position.groups["aces"] + position.groups["twos"])
    assert Counter(position.cards_in_play()) == Counter(make_deck(decks=2))


def test_foundations_from_the_ace_go_up_by_two_round_the_corner() -> None:
    cards = [rank + "H" for rank in FROM_ACE]
    game = game_at(
        ROYAL, f"aces:1 = {' '.join(cards[:6])}\nright:1 = {cards[6]}\nright:2 = QH\nright:3 = KS"
    )
    assert refusal(game, "right:2>aces:1") is not None
    assert refusal(game, "right:3>aces:1") is not None
    play(game, "right:1>aces:1")
    game = game_at(ROYAL, f"aces:1 = {' '.join(cards[:12])}\nright:1 = QH")
    play(game, "right:1>aces:1")
    assert pile(game, "aces:1") == " ".join(cards)


def test_foundations_from_the_two_go_up_by_two_round_the_corner_and_stop_at_13() -> None:
    cards = [rank + "C" for rank in FROM_TWO]
    game = game_at(ROYAL, f"twos:1 = {' '.join(cards[:6])}\nright:1 = AC")
    play(game, "right:1>twos:1")
    game = game_at(ROYAL, f"twos:1 = {' '.join(cards)}\nright:1 = 2C")
    assert "complete" in str(refusal(game, "right:1>twos:1"))


def test_an_ace_starts_only_the_ace_foundations_and_a_2_only_the_others() -> None:
    game = game_at(ROYAL, "right:1 = AS\nright:2 = 2S\nright:3 = 3S")
    assert {"right:1>aces:1", "right:2>twos:1"} <= legal(game)
    assert refusal(game, "right:1>twos:1") is not None
    assert refusal(game, "right:2>aces:1") is not None
    assert refusal(game, "right:3>aces:1") is not None


def test_each_suit_has_one_ace_foundation_and_one_2_foundation() -> None:
    game = game_at(ROYAL, "right:1 = AH\nright:2 = 2C\nright:3 = AH\nright:4 = 2C")
    assert {"right:1>aces:2", "right:2>twos:4"} <= legal(game)
    assert "right:1>aces:1" not in legal(game) and "right:2>twos:1" not in legal(game)
    assert refusal(game, "right:1>aces:1") == "An empty aces pile takes only a ♠ at the bottom"
    play(game, "right:1>aces:2", "right:2>twos:4")
    assert refusal(game, "right:3>aces:3") is not None  # the other A♥ has no foundation
    assert refusal(game, "right:4>twos:1") is not None
    assert not any(move.startswith(("right:3>aces", "right:4>twos")) for move in legal(game))


def test_the_left_wing_plays_its_top_cards_and_its_spaces_stay_empty() -> None:
    game = game_at(ROYAL, "left:1 = 5D AH\nleft:2 = AC\nwaste = 7C")
    assert refusal(game, "left:1>aces:2") is None
    assert refusal(game, "left:1>aces:2/2") is not None
    play(game, "left:2>aces:4")
    assert not game.position.by_id["left:2"].cards
    assert refusal(game, "waste>left:2") is not None
    assert refusal(game, "left:1>left:2") is not None


def test_a_right_wing_space_is_filled_at_once_from_the_waste_else_the_stock() -> None:
    game = game_at(ROYAL, f"{WING}\nright:1 = AS\nwaste = 9C 8H\nstock = 4c 5C")
    play(game, "right:1>aces:1")
    assert pile(game, "right:1") == "8H"
    assert pile(game, "waste") == "9C"
    game = game_at(ROYAL, f"{WING}\nright:1 = AS\nstock = 4c 5C")
    play(game, "right:1>aces:1")
    assert pile(game, "right:1") == "5C"
    assert pile(game, "stock") == "4C"
    assert refusal(game, "stock>right:1") is not None


def test_the_stocks_top_card_plays_and_turns_one_at_a_time_onto_the_waste_once() -> None:
    game = game_at(ROYAL, f"{WING}\nstock = 9h 2D\nright:1 = KS")
    assert "stock>twos:3" in legal(game)
    play(game, "deal")
    assert (pile(game, "waste"), pile(game, "stock")) == ("2D", "9H")
    assert "waste>twos:3" in legal(game)
    play(game, "deal")
    assert pile(game, "waste") == "2D 9H"
    assert "No redeal" in str(refusal(game, "deal"))


def test_won_with_all_104_cards_home_and_no_score() -> None:
    lines = []
    for i, suit in enumerate("SHDC", 1):
        lines.append(f"aces:{i} = " + " ".join(rank + suit for rank in FROM_ACE))
        two = [rank + suit for rank in FROM_TWO]
        lines.append(f"twos:{i} = " + " ".join(two if suit != "C" else two[:-1]))
    game = game_at(ROYAL, "\n".join([*lines, "waste = KC"]))
    play(game, "waste>twos:4")
    assert game.outcome() == "won"
    assert game.score() == 0 and ROYAL.score.maximum == 0
