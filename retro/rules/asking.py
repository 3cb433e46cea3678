"""Rules that ask about more than the two piles of a move: the rest of the table ("only while
the stock is empty", "while four Aces are home"), the whole of the pile the cards come from
("only a whole pile moves") or go to ("only a pile with a King at the bottom"). modified
Canfield uses the first two.

These are tested, not indexed: combined in an `all` with an indexed rule (`empty`,
`rank_below`), that rule finds the candidates and these only confirm them.
"""

from __future__ import annotations

from retro.engine.cards import card_name, parse_rank, plain_rank, rank_name
from retro.engine.model import Accept, Condition, Pile, Position
from retro.rules.common import a_rank
from retro.rules.registry import rule


@rule("accept",
      "Only while `condition` holds for the whole table: `{only_while: {condition: "
      "{groups_cleared: {groups: [stock]}}}}` takes cards only once the stock is empty.")
def only_while(condition: Condition) -> Accept:
    """Any condition (the same ones `win` and `allowed` use) as a part of an accept rule."""

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return condition.test(position)

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        return condition.why(position)

    return Accept(test, why, local=False)


@rule("accept",
      "Cards coming from a pile of `groups` move only all together, the whole pile at once.")
def whole_pile(groups: tuple[str, ...] = ("tableau",)) -> Accept:
    """modified Canfield moves a column only as a whole onto another column."""
    names = frozenset(groups)

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return src.group.name not in names or count == len(src.cards)

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        return (f"Only the whole of {src.id} moves ({len(src.cards)} card"
                f"{'s' if len(src.cards) != 1 else ''}), not {count}")

    return Accept(test, why)


@rule("accept",
      "Only onto a pile whose bottom card is of the given rank (A 2 .. 10 J Q K), face up or "
      "down.")
def bottom_is(rank: str = "K") -> Accept:
    """Columns that count only once a King starts them: the bottom card is asked, not the top."""
    wanted = parse_rank(rank)

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return bool(dst.cards) and plain_rank(dst.cards[0]) == wanted

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if not dst.cards:
            return f"{dst.id} is empty: cards go only on a pile started by {a_rank(wanted)}"
        return (f"{dst.id} starts with {card_name(dst.cards[0])}: cards go only on a pile "
                f"started by {a_rank(wanted)}")

    return Accept(test, why, local=False)


@rule("condition",
      "Holds while at least `at_least` cards of the given rank lie anywhere in the named groups "
      "(all piles when none are named): a count of a rank anywhere.")
def rank_count(rank: str = "A", at_least: int = 1, groups: tuple[str, ...] = ()) -> Condition:
    """For `allowed`, `win`, `lose` and `only_while`: "once all four Aces are home"."""
    wanted = parse_rank(rank)
    if at_least < 1:
        raise ValueError("at_least must be 1 or more")

    def count(position: Position) -> int:
        piles = ([pile for name in groups for pile in position.groups[name]] if groups
                 else position.piles)
        return sum(1 for pile in piles for card in pile.cards if plain_rank(card) == wanted)

    def test(position: Position) -> bool:
        return count(position) >= at_least

    def why(position: Position) -> str:
        where = f" in {', '.join(groups)}" if groups else ""
        return (f"Not while fewer than {at_least} {rank_name(wanted)}s lie{where} "
                f"({count(position)} now)")

    return Condition(test, why)
