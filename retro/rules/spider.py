"""Spider's rules: complete suits that leave the table, the deal that needs every column filled,
the win with runs left in place, and XPat2's score.
"""

from __future__ import annotations

from retro.engine.bound import Accept, Auto, Condition, Keyer, Score, Tally
from retro.engine.gamedef import FOUNDATION
from retro.engine.position import Pile, Position
from retro.i18n import say
from retro.rules.common import auto_on_groups, new_key_space, run_from_top
from retro.rules.registry import rule


@rule("accept", "Only a complete run of one suit, King down to Ace, all thirteen cards at once.")
def complete_suit_run() -> Accept:
    space = new_key_space()

    def pile_keys(position: Position, pile: Pile) -> tuple[int, ...]:
        return (space,)

    def card_key(src: Pile, count: int) -> int | None:
        return space if count == 13 and is_complete_run(src.cards[-13:]) else None

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return count == 13 and len(src.cards) - src.down >= 13 and is_complete_run(src.cards[-13:])

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        return say("{pile} takes only a complete run of one suit from King to Ace", pile=dst.id)

    return Accept(test, why, (Keyer(pile_keys, card_key=card_key, min_count=13, max_count=13),))


def is_complete_run(cards: list) -> bool:  # type: ignore[type-arg]
    """Thirteen cards of one suit from King (bottom) down to Ace (top)."""
    if len(cards) != 13:
        return False
    suit = cards[0].suit
    return all(card.suit == suit and card.rank == 13 - i for i, card in enumerate(cards))


def _whole_pile_is_run(pile: Pile, follows: str) -> bool:
    return pile.down == 0 and run_from_top(pile, follows) == len(pile.cards)


@rule(
    "condition",
    "Deal only when no pile of the group is empty; relaxed 1: or when every other pile is one "
    "face-up run of one suit; relaxed 2: one face-up run in sequence, any suits.",
    relaxed=(0, 1, 2),
)
def spider_deal_allowed(group: str = "tableau", relaxed: int = 0) -> Condition:
    follows = "suit" if relaxed == 1 else "any"
    # counted as columns change, so the question costs nothing when moves are listed
    empty = Tally(group, lambda pile: not pile.cards)
    mixed = Tally(group, lambda pile: bool(pile.cards) and not _whole_pile_is_run(pile, follows))

    def test(position: Position) -> bool:
        if not position.count(empty):
            return True
        return relaxed != 0 and not position.count(mixed)

    def why(position: Position) -> str:
        if relaxed == 0:
            return say("No deal while a column is empty: fill every column first")
        if relaxed == 1:
            return say(
                "With an empty column, deal only when every other column is one face-up "
                "run of one suit"
            )
        return say(
            "With an empty column, deal only when every other column is one face-up run in sequence"
        )

    return Condition(test, why, tallies=(empty,) if relaxed == 0 else (empty, mixed))


@rule(
    "condition",
    "Won when every pile of the group is empty or one complete King-to-Ace run of one suit, "
    "and no card is left anywhere but there and on the foundations.",
)
def complete_runs_only(group: str = "tableau") -> Condition:
    def each(pile: Pile) -> bool:
        if pile.group.name == group:
            return not pile.cards or (pile.down == 0 and is_complete_run(pile.cards))
        return pile.kind == FOUNDATION or not pile.cards

    def test(position: Position) -> bool:
        return all(each(pile) for pile in position.piles)

    def why(position: Position) -> str:
        return say("Not every column is empty or a complete run")

    return Condition(test, why, each)


@rule(
    "auto",
    "A complete King-to-Ace run of one suit on top of a pile goes to the foundations by itself.",
)
def remove_complete_runs(from_: str = "tableau", to: str = "foundation") -> Auto:
    def remove(position: Position, piles: list[Pile]) -> bool:
        changed = False
        for pile in piles:
            if len(pile.cards) - pile.down >= 13 and is_complete_run(pile.cards[-13:]):
                target = next((f for f in position.groups[to] if not f.cards), None)
                if target is None:
                    break
                position.transfer(pile, 13, target)
                changed = True
        return changed

    return auto_on_groups((from_,), remove)


@rule(
    "score",
    "XPat2's Spider score, from the position: 10 a turned card, 15 a column with no face-down "
    "card, 2 a card on its same-suit next-higher card, 50 a completed suit (+2 each kept in the "
    "columns beyond the third when all are complete).",
)
def xpat_spider(
    group: str = "tableau",
    foundation: str = "foundation",
    dealt_down: int = 44,
    relaxed: int = 0,
    columns: int = 10,
    suits: int = 8,
) -> Score:
    def compute(position: Position) -> int:
        points = 0
        down = 0
        kept = 0
        for pile in position.groups[group]:
            cards = pile.cards
            down += pile.down
            if pile.down == 0:
                points += 15
            for i in range(pile.down + 1, len(cards)):
                upper, lower = cards[i], cards[i - 1]
                if upper.suit == lower.suit and upper.rank + 1 == lower.rank:
                    points += 2
            if len(cards) - pile.down >= 13 and is_complete_run(cards[-13:]):
                points += 26
                kept += 1
        removed = sum(len(pile.cards) // 13 for pile in position.groups[foundation])
        points += 10 * (dealt_down - down) + 50 * removed
        if kept + removed == len(position.groups[foundation]):
            points += 2 * max(0, kept - 3)
        return points

    # every card turned, every column clean, every suit complete, all but three kept
    best = 10 * dealt_down + 15 * columns + 50 * suits + 2 * max(0, suits - 3)
    return Score(compute, {}, 0 if relaxed else best)
