"""Rules that ask about more than the two piles of a move: the rest of the table ("only while
the stock is empty", "while four Aces are home"), the whole of the pile the cards come from
("only a whole pile moves") or go to ("only a pile with a King at the bottom"), or where the
last cards landing on a pile came from (Windmill's cards taken back from the Kings' piles).
modified Canfield uses the first two.

These are tested, not indexed: combined in an `all` with an indexed rule (`empty`,
`rank_below`), that rule finds the candidates and these only confirm them.
"""

from __future__ import annotations

from retro.engine.bound import Accept, Auto, Condition
from retro.engine.cards import card_name, parse_rank, plain_rank, rank_name
from retro.engine.position import Pile, Position
from retro.i18n import say, say_n
from retro.rules.common import a_ranks
from retro.rules.registry import rule


@rule(
    "accept",
    "Only while `condition` holds for the whole table: `{only_while: {condition: "
    "{groups_cleared: {groups: [stock]}}}}` takes cards only once the stock is empty.",
)
def only_while(condition: Condition) -> Accept:
    """Any condition (the same ones `win` and `allowed` use) as a part of an accept rule."""

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return condition.test(position)

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        return condition.why(position)

    said = condition.holds
    holds = (
        None
        if said is None
        else lambda position, src, count, dst: say(
            "Not {while_it_holds}", while_it_holds=said(position)
        )
    )
    return Accept(test, why, local=False, holds=holds)


@rule(
    "accept", "Cards coming from a pile of `groups` move only all together, the whole pile at once."
)
def whole_pile(groups: tuple[str, ...] = ("tableau",)) -> Accept:
    """modified Canfield moves a column only as a whole onto another column."""
    names = frozenset(groups)

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return src.group.name not in names or count == len(src.cards)

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        return say_n(
            "Only the whole of {pile} moves ({n} card), not {count}",
            "Only the whole of {pile} moves ({n} cards), not {count}",
            len(src.cards),
            pile=src.id,
            count=count,
        )

    return Accept(test, why)


@rule(
    "accept",
    "Cards coming from a pile of `groups` move one at a time, or all its face-up cards together "
    "(never a part of them).",
)
def one_or_all_face_up(groups: tuple[str, ...] = ("tableau",)) -> Accept:
    """Westhaven lifts a column's top card or its whole face-up part, nothing in between."""
    names = frozenset(groups)

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return src.group.name not in names or count in (1, len(src.cards) - src.down)

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        return say_n(
            "Only the top card or all {n} face-up card of {pile} move, not {count}",
            "Only the top card or all {n} face-up cards of {pile} move, not {count}",
            len(src.cards) - src.down,
            pile=src.id,
            count=count,
        )

    return Accept(test, why)


@rule(
    "accept",
    "Only onto a pile whose bottom card is of the given rank (A 2 .. 10 J Q K), face up or down.",
)
def bottom_is(rank: str = "K") -> Accept:
    """Columns that count only once a King starts them: the bottom card is asked, not the top."""
    wanted = parse_rank(rank)

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return bool(dst.cards) and plain_rank(dst.cards[0]) == wanted

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if not dst.cards:
            return say(
                "{pile} is empty: cards go only on a pile started by {a_rank}",
                pile=dst.id,
                a_rank=a_ranks(wanted),
            )
        return say(
            "{pile} starts with {card}: cards go only on a pile started by {a_rank}",
            pile=dst.id,
            card=card_name(dst.cards[0]),
            a_rank=a_ranks(wanted),
        )

    return Accept(test, why, local=False)


@rule(
    "condition",
    "Holds while at least `at_least` cards of the given rank lie anywhere in the named groups "
    "(all piles when none are named): a count of a rank anywhere.",
)
def rank_count(rank: str = "A", at_least: int = 1, groups: tuple[str, ...] = ()) -> Condition:
    """For `allowed`, `win`, `lose` and `only_while`: "once all four Aces are home"."""
    wanted = parse_rank(rank)
    if at_least < 1:
        raise ValueError("at_least must be 1 or more")

    def count(position: Position) -> int:
        piles = (
            [pile for name in groups for pile in position.groups[name]]
            if groups
            else position.piles
        )
        return sum(1 for pile in piles for card in pile.cards if plain_rank(card) == wanted)

    def test(position: Position) -> bool:
        return count(position) >= at_least

    def why(position: Position) -> str:
        if groups:
            return say(
                "Not while fewer than {n} {rank}s lie in {groups} ({now} now)",
                n=at_least,
                rank=rank_name(wanted),
                groups=", ".join(groups),
                now=count(position),
            )
        return say(
            "Not while fewer than {n} {rank}s lie ({now} now)",
            n=at_least,
            rank=rank_name(wanted),
            now=count(position),
        )

    return Condition(test, why)


@rule(
    "condition",
    "Holds while the named groups hold at most `at_most` cards in all: near the end of a game, "
    "when few cards are left there.",
)
def card_count(groups: tuple[str, ...], at_most: int = 0) -> Condition:
    """Easthaven's stock deals into a space once fewer than seven cards are left to play."""
    if at_most < 0:
        raise ValueError("at_most must be 0 or more")

    def count(position: Position) -> int:
        return sum(len(pile.cards) for name in groups for pile in position.groups[name])

    def test(position: Position) -> bool:
        return count(position) <= at_most

    def why(position: Position) -> str:
        return say(
            "Not while more than {n} cards lie in {groups} ({now} now)",
            n=at_most,
            groups=", ".join(groups),
            now=count(position),
        )

    return Condition(test, why)


def _a_move(
    position: Position, sources: list[Pile], targets: list[Pile], *, keep: bool
) -> tuple[Pile, Pile] | None:
    """A source and a target between which the piles' own pick and accept rules let cards
    move (with `keep`, only cards that leave one behind), or None."""
    for src in sources:
        pick = src.group.pick
        most = pick.run(src) if pick and src.cards else 0
        for count in range(1, min(most, len(src.cards) - keep) + 1):
            for dst in targets:
                accept = dst.group.accept
                if dst is not src and accept and accept.test(position, src, count, dst):
                    return src, dst
    return None


@rule(
    "condition",
    "Holds when no card or run of a pile of `group` can go onto another pile of the group: "
    "a redeal only once play is stuck.",
)
def stuck(group: str = "grid") -> Condition:
    """Gaps: Aisleriot redeals only when every gap is blocked."""

    def move(position: Position) -> tuple[Pile, Pile] | None:
        piles = list(position.groups[group])
        return _a_move(position, piles, piles, keep=False)

    def test(position: Position) -> bool:
        return move(position) is None

    def why(position: Position) -> str:
        found = move(position)
        assert found is not None
        return say(
            "Not while a card can still move: {source} to {pile}",
            source=found[0].id,
            pile=found[1].id,
        )

    return Condition(test, why)


@rule(
    "condition",
    "Holds when no empty pile of `group` can take a card or run from another pile that would "
    "keep a card: a deal waits while a space can still be filled (a whole pile moved does not "
    "count).",
)
def no_space_fillable(group: str = "tableau") -> Condition:
    """Easthaven: the stock deals only once every space is filled, or none can be. Each
    source's own pick rule and each space's accept rule say what could move there."""

    def filling(position: Position) -> tuple[Pile, Pile] | None:
        spaces = [pile for pile in position.groups[group] if not pile.cards]
        return _a_move(position, position.piles if spaces else [], spaces, keep=True)

    def test(position: Position) -> bool:
        return filling(position) is None

    def why(position: Position) -> str:
        found = filling(position)
        assert found is not None
        return say(
            "Fill the space first: {pile} can take cards from {source}",
            pile=found[1].id,
            source=found[0].id,
        )

    return Condition(test, why)


@rule(
    "auto",
    "After each move that lands cards on a pile of `to`, the counter `counter` says where they "
    "came from: 1 from a pile of `groups`, 0 from anywhere else (for alternate_source).",
)
def note_source(to: str, groups: tuple[str, ...], counter: str = "source") -> Auto:
    """A counter, so undo, saves and the position key keep it. The move's own card change is
    the journal's first (automatic moves come after it)."""
    names = frozenset(groups)

    def apply(position: Position) -> bool:
        journal = position.journal
        if journal:
            src, _, dst, _, _ = journal[0]
            if dst is not None and dst.group.name == to:
                value = 1 if src.group.name in names else 0
                if position.counters.get(counter, 0) != value:
                    position.counters[counter] = value
        return False

    return Auto(apply)


@rule(
    "accept",
    "Cards from a pile of `groups` land here one at a time, never a pile's bottom card (the one "
    "that started it), and not twice in a row: the auto rule note_source keeps in `counter` "
    "whether the last cards landing here came from those groups.",
)
def alternate_source(groups: tuple[str, ...], counter: str = "source") -> Accept:
    """Windmill: a card may go back from a King's pile to the centre, but the next card there
    must come from elsewhere. Cards from other groups are not this rule's business."""
    names = frozenset(groups)

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        if src.group.name not in names:
            return True
        return count == 1 and len(src.cards) > 1 and not position.counters.get(counter, 0)

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if count != 1:
            return say("Only one card at a time goes to {pile}", pile=dst.id)
        if len(src.cards) <= 1:
            return say(
                "{card} started {pile} and stays there", card=card_name(src.cards[-1]), pile=src.id
            )
        return say(
            "The last card on {pile} came from {group} too: this one must come from elsewhere",
            pile=dst.id,
            group=src.group.name,
        )

    return Accept(test, why, local=False)


@rule(
    "auto",
    "Keeps a phase of play in `counter`: it begins (1) after a move once `starts` holds, and "
    "ends (0) with a move that reports `ends` (an event, as for the events score), unless "
    "`starts` holds again at once.",
)
def phase(starts: Condition, counter: str = "phase", ends: str = "to_waste") -> Auto:
    """Camelot's second phase: removals begin once the square is full and go on until the
    player turns a card again."""

    def apply(position: Position) -> bool:
        counters = position.counters
        now = counters.get(counter, 0)
        if any(name == ends for name, _ in position.events):
            now = 0
        if starts.test(position):
            now = 1
        if now == counters.get(counter, 0):
            return False
        counters[counter] = now
        return True

    return Auto(apply)


@rule("condition", "Holds while the phase kept in `counter` by the auto rule phase is on.")
def in_phase(counter: str = "phase") -> Condition:
    def test(position: Position) -> bool:
        return position.counters.get(counter, 0) == 1

    def why(position: Position) -> str:
        return say("Not now: this waits for its phase of play")

    return Condition(test, why, holds=lambda position: say("The phase of play for this is on"))
