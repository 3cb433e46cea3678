"""Accept rules that ask about more than the two piles of a move: the rest of the table
("only while the stock is empty") and the whole of the pile the cards come from ("only a whole
pile moves"). modified Canfield uses both.

These are tested, not indexed: combined in an `all` with an indexed rule (`empty`,
`rank_below`), that rule finds the candidates and these only confirm them.
"""

from __future__ import annotations

from retro.engine.model import Accept, Condition, Pile, Position
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

