"""Wall: two packs, their Kings of Spades on the throne above a high guard (three piles of two
face-up cards), a low guard (four piles of three face-down cards) and a wall of 45 face-up
cards in six rows. The stock deals three cards, one on each waste pile: waste cards are piled
freely and attack an open pile of the table by moving onto it; an attack wins when it weighs
more than the pile (a wall card with the cards still above it). A face-down low guard pile may
be attacked blind. Won when the throne is taken, lost when the stock is out and no attack can
be won (rules of retro.rules.attacks; maps `opened_by`, `weighs_with`, `covered_by`)."""

from __future__ import annotations

from collections import Counter

from retro.engine.cards import make_deck
from retro.engine.game import LOST, PLAYING, WON, Game
from retro.engine.notation import format_move, parse_move
from tests.helpers import game_at, legal, load, pile, play, refusal

WALL = load("wall")
BOTTOM_ROW = {f"wall:{n}" for n in range(39, 46)}


def table(empty: tuple[int, ...] = (), **piles: str) -> str:
    """A whole table: every wall card an Ace of Clubs unless named (`wall_9="5H"`), the guards
    and the throne as dealt, and the wall places in `empty` left empty."""
    lines = {
        "throne": "KS KS",
        **{f"high:{n}": "QH QD" for n in (1, 2, 3)},
        **{f"low:{n}": "9c 9d 9h" for n in (1, 2, 3, 4)},
        **{f"wall:{n}": "AC" for n in range(1, 46) if n not in empty},
    }
    lines.update({name.replace("_", ":"): cards for name, cards in piles.items()})
    return "\n".join(f"{name} = {cards}" for name, cards in lines.items() if cards)


def targets(game: Game, source: str = "waste:1") -> set[str]:
    """The piles the cards of `source`, all of them, may attack now."""
    count = len(game.position.by_id[source].cards)
    found = set()
    for move in legal(game):
        start, _, rest = move.partition(">")
        target, _, number = rest.partition("/")
        if start == source and int(number or 1) == count and not target.startswith("waste"):
            found.add(target)
    return found


def test_the_throne_the_guards_the_wall_and_a_hand_of_three_are_dealt() -> None:
    position = Game(WALL, 1).position
    assert pile(Game(WALL, 1), "throne") == "KS KS"
    assert [(len(p.cards), p.down) for p in position.groups["high"]] == [(2, 0)] * 3
    assert [(len(p.cards), p.down) for p in position.groups["low"]] == [(3, 3)] * 4
    assert [(len(p.cards), p.down) for p in position.groups["wall"]] == [(1, 0)] * 45
    assert [(len(p.cards), p.down) for p in position.groups["waste"]] == [(1, 0)] * 3
    stock = position.by_id["stock"]
    assert (len(stock.cards), stock.down) == (36, 36)
    assert Counter(position.cards_in_play()) == Counter(make_deck(2))
    spades_kings = [card for card in position.cards_in_play() if (card.rank, card.suit) == (13, 0)]
    assert len(spades_kings) == 2  # both on the throne, none left to play


def test_only_the_bottom_row_of_the_wall_is_open_at_first() -> None:
    game = game_at(WALL, table(waste_1="KH KD KC"))
    assert targets(game) == BOTTOM_ROW
    assert refusal(game, "waste:1>wall:1/3") == (
        "A♣ is not open yet: one of wall:2 or wall:9 must be cleared first"
    )
    assert refusal(game, "waste:1>low:1/3") == (
        "low:1 is not open yet: one of low:2 or wall:1 or wall:2 must be cleared first"
    )


def test_a_wall_card_opens_once_a_card_on_its_lower_corners_or_beside_it_is_gone() -> None:
    game = game_at(WALL, table(empty=(33,), waste_1="KH KD KC"))
    assert targets(game) == BOTTOM_ROW | {"wall:25", "wall:26", "wall:32", "wall:34"}
    game = game_at(WALL, table(empty=(2,), waste_1="KH KD KC"))
    assert {"wall:1", "wall:3"} <= targets(game)  # beside it in the top row
    assert "wall:9" not in targets(game)  # a gap above does not open a card


def test_a_wall_card_weighs_with_the_cards_still_above_it() -> None:
    cards = {"wall_9": "2H", "wall_10": "3H", "wall_17": "5S", "wall_1": "4D", "wall_16": "6S"}
    game = game_at(WALL, table(empty=(24, 25, 31, 32, 39, 40), waste_1="AH", **cards, wall_8="7D"))
    # inside the wall: the two cards touching its top corners
    assert refusal(game, "waste:1>wall:17") == (
        "An attack weighing 1 is not enough: wall:17 weighs 10"
    )
    # at the left edge: the one card on its top corner and the card straight above it
    assert refusal(game, "waste:1>wall:16") == (
        "An attack weighing 1 is not enough: wall:16 weighs 12"
    )
    game = game_at(WALL, table(empty=(2,), waste_1="AH", wall_1="4D"))
    assert refusal(game, "waste:1>wall:1") == (
        "An attack weighing 1 is not enough: wall:1 weighs 4"  # the top row weighs alone
    )
    game = game_at(WALL, table(empty=(30, 38, 45), waste_1="AH", wall_8="7D", wall_15="2C"))
    assert refusal(game, "waste:1>wall:23") == (
        "An attack weighing 1 is not enough: wall:23 weighs 10"  # right edge: 1 + 2 + 7
    )


def test_a_won_attack_clears_the_card_and_scores_what_it_weighed() -> None:
    game = game_at(WALL, table(waste_1="5H", waste_2="KS", wall_39="2C", stock="5c 6c 7c"))
    play(game, "waste:1>wall:39")  # 5 against the 2 and the two Aces above it
    assert pile(game, "wall:39") == "" and pile(game, "discard") == "2C 5H"
    assert game.score() == 4
    assert pile(game, "waste:2") == "KS" and pile(game, "stock") == "5c 6c 7c"


def test_waste_cards_pile_up_to_attack_together_and_a_used_hand_is_dealt_anew() -> None:
    game = game_at(WALL, table(waste_1="4H", waste_2="3S", wall_39="KC", stock="5c 6c 7c"))
    assert refusal(game, "waste:1>wall:39") is not None
    play(game, "waste:2>waste:1")
    assert refusal(game, "waste:1>wall:39/2") is not None  # 7 against 15
    game = game_at(
        WALL, table(waste_1="9H", waste_2="3S", waste_3="5D", wall_39="KC", stock="5c 6c 7c")
    )
    play(game, "waste:2>waste:1", "waste:3>waste:1/1")
    play(game, "waste:1>wall:39/3")  # 17 against 15
    assert [pile(game, f"waste:{n}") for n in (1, 2, 3)] == ["7C", "6C", "5C"]
    assert pile(game, "stock") == ""


def test_cards_never_leave_the_table_but_by_an_attack() -> None:
    game = game_at(WALL, table(waste_1="4H"))
    assert refusal(game, "wall:39>waste:1") is not None
    assert refusal(game, "wall:39>wall:40") is not None
    assert not any(move.startswith(("wall", "low", "high", "throne")) for move in legal(game))


def test_a_low_guard_pile_opens_from_the_wall_below_or_beside_and_may_be_attacked_blind() -> None:
    game = game_at(WALL, table(empty=(2,), waste_1="AH", waste_2="KS"))
    assert "low:1" in targets(game) and "low:2" not in targets(game)
    play(game, "waste:1>low:1")  # too light for 27: thrown away, and the pile turns face up
    assert pile(game, "low:1") == "9C 9D 9H" and pile(game, "discard") == "AH"
    assert refusal(game, "waste:2>low:1") == (
        "An attack weighing 13 is not enough: low:1 weighs 27"
    )
    assert "low:2" not in targets(game, "waste:2")  # turned face up, not gone
    game = game_at(WALL, table(low_1="", waste_1="AH"))
    assert "low:2" in targets(game)  # the pile beside it is gone


def test_a_high_guard_pile_opens_from_the_low_guard_below_or_the_high_guard_beside() -> None:
    game = game_at(WALL, table(low_3="", waste_1="KH KD KC"))
    assert {"high:2", "high:3"} <= targets(game) and "high:1" not in targets(game)
    game = game_at(WALL, table(high_2="", waste_1="KH KD KC"))
    assert {"high:1", "high:3"} <= targets(game)
    game = game_at(WALL, table(high_1="", waste_1="KH KD KC"))
    assert targets(game) & {"high:2", "high:3"} == {"high:2"}


def test_the_throne_falls_to_more_than_26_once_the_high_guard_is_gone_and_wins() -> None:
    game = game_at(WALL, table(high_1="", high_2="", waste_1="KH KD", waste_2="AC"))
    assert refusal(game, "waste:1>throne/2") == "K♠ is not free: Q♦ lies on it"
    game = game_at(WALL, table(high_1="", high_2="", high_3="", waste_1="KH KD", waste_2="AC"))
    assert refusal(game, "waste:1>throne/2") == (
        "An attack weighing 26 is not enough: throne weighs 26"
    )
    play(game, "waste:2>waste:1", "waste:1>throne/3")
    assert pile(game, "throne") == "" and game.outcome() == WON
    assert game.score() == 26


def test_a_deal_throws_the_hand_away_and_needs_the_stock() -> None:
    game = game_at(WALL, table(waste_1="4H 5D", waste_3="6S", stock="2c 3c 4c"))
    play(game, "deal")
    assert [pile(game, f"waste:{n}") for n in (1, 2, 3)] == ["4C", "3C", "2C"]
    assert pile(game, "discard") == "4H 5D 6S"
    assert "deal" not in legal(game)
    assert refusal(game, "deal") == "The stock is empty"


def test_lost_once_the_stock_is_out_and_the_hand_cannot_win_an_attack() -> None:
    heavy = {f"wall_{n}": "5C" for n in range(39, 46)}  # each weighs 7 with the Aces above
    game = game_at(WALL, table(waste_1="AH", waste_2="AS", **heavy))
    assert legal(game) and game.outcome() == LOST  # the hand could still be piled up
    game = game_at(WALL, table(waste_1="AH", waste_2="7S", **heavy))
    assert game.outcome() == PLAYING  # 7 alone is not enough against 7, with the Ace it is
    game = game_at(WALL, table(empty=(2,), waste_1="AH", **heavy))
    assert game.outcome() == PLAYING  # a face-down low guard pile may still be attacked blind


def test_every_move_reads_back_as_written() -> None:
    game = Game(WALL, 3)
    for move in game.legal_moves():
        assert parse_move(game.position, format_move(game.position, move)) == move
