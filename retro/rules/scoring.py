"""Scores beyond the library's `points` and `cards_home`: points for the cards lying in each
named pile group, points for any event the engine reports, streaks (a run of moves that each
do the same thing, worth more the longer it grows, as in TriPeaks), the poker hands of a square
of cards, and a win by points.
"""

from __future__ import annotations

from collections import Counter
from math import isqrt

from retro.engine.bound import Auto, Condition, Score
from retro.engine.cards import JOKER, Card, parse_rank, plain_rank
from retro.engine.gamedef import PileKind
from retro.engine.position import Pile, Position
from retro.i18n import say
from retro.rules.registry import GroupName, rule

# Every event the engine and the rule library report, each with a count: a card move and where
# its cards land, a same-suit build, a suit removed, a card turned, any action of the player,
# the win, a deal, a redeal, a pair taken away, a rotation.
EVENTS = (
    "moved",
    *(f"to_{kind}" for kind in PileKind),
    "built_same_suit",
    "run_removed",
    "flipped",
    "action",
    "won",
    "dealt",
    "redealt",
    "pair_removed",
    "rotated",
)


def _known(name: str) -> None:
    if name not in EVENTS:
        raise ValueError(f"no event '{name}' (events: {', '.join(EVENTS)})")


@rule(
    "score",
    "From the position: for each named pile group, its points for every card lying there "
    "(`points: {foundation: 5, reserve: -1}`), from `start`.",
)
def cards_in(points: dict[GroupName, int], start: int = 0, maximum: int = 0) -> Score:
    """Per-group counts: a reserve's cards may count against the player while the foundations'
    count for, worked out afresh from the table so undo needs nothing."""

    def compute(position: Position) -> int:
        return start + sum(
            value * len(pile.cards)
            for name, value in points.items()
            for pile in position.groups[name]
        )

    return Score(compute, {}, maximum)


@rule(
    "score",
    "A running score: points for each event the game reports (`points: {to_reserve: 5, "
    "redealt: -20}`; to_<kind> for a card landing on a pile of that kind, moved, flipped, "
    "built_same_suit, run_removed, pair_removed, dealt, redealt, rotated, action, won); "
    "`points: {}` keeps only what auto rules such as `streak` add.",
)
def events(points: dict[str, int], maximum: int = 0) -> Score:
    """Any event, a card to a reserve as well as to a foundation, without a parameter each."""
    for name in points:
        _known(name)
    return Score(
        None, {name: value for name, value in points.items() if value}, maximum, running=True
    )


@rule(
    "auto",
    "Counts a streak in `counter`: each move that reports `event` makes it one longer and adds "
    "`points` times its length to the running score; a move that reports `reset` ends it "
    "(and counts for nothing).",
)
def streak(
    event: str = "to_foundation", reset: str = "dealt", counter: str = "streak", points: int = 1
) -> Auto:
    """TriPeaks' bonus: the longer the run of cards played without turning the stock, the more
    each is worth. The count is a counter, so undo and saves keep it; it is taken once a move
    (the auto rules may run several times after one move)."""
    _known(event)
    _known(reset)
    seen = f"{counter}_move"

    def apply(position: Position) -> bool:
        counters = position.counters
        if counters.get(seen) == counters["moves"]:
            return False
        counters[seen] = counters["moves"]
        names = {name for name, _ in position.events}
        if reset in names:  # first: Golf's deal lands a card on the foundation too
            counters[counter] = 0
        elif event in names:
            counters[counter] = counters.get(counter, 0) + 1
            position.bump("score", points * counters[counter])
        return False

    return Auto(apply, score_only=(counter, seen))


@rule(
    "score",
    "A running score: each card the player moves from a pile of `from` onto one of `to` earns "
    "the points of its rank (`points: {A: 8, 2: 6, K: 8}`; `joker` for a joker; a rank not "
    "named earns nothing).",
)
def rank_points(
    points: dict[str, int], from_: str = "tableau", to: str = "foundation", maximum: int = 0
) -> Score:
    """Thieves: the cards that are hardest to play off the tableau (Aces and Kings, whose
    neighbours are fewest) are worth the most; cards the stock turns earn nothing."""
    worth: dict[int, int] = {}
    for name, value in points.items():
        rank = JOKER if name.lower() == "joker" else parse_rank(name)
        if rank in worth:
            raise ValueError(f"points name the rank {name} twice")
        worth[rank] = value

    def per_move(position: Position, src: Pile, count: int, dst: Pile) -> int:
        if src.group.name != from_ or dst.group.name != to:
            return 0
        return sum(worth.get(plain_rank(card), 0) for card in src.cards[-count:])

    return Score(None, {}, maximum, running=True, per_move=per_move)


# -- poker hands ---------------------------------------------------------------------------------

# The British points of Poker Squares, a hand at a time.
POKER_POINTS = {
    "straight_flush": 30,
    "four": 16,
    "straight": 12,
    "full_house": 10,
    "three": 6,
    "flush": 5,
    "two_pairs": 3,
    "pair": 1,
}


def poker_hand(cards: list[Card]) -> str | None:
    """The best hand five cards make, by name (None: nothing). An Ace is low or high in a
    straight: A 2 3 4 5 and 10 J Q K A both count."""
    ranks = sorted(plain_rank(card) for card in cards)
    counts = sorted(Counter(ranks).values(), reverse=True)
    flush = len({card.suit for card in cards}) == 1
    straight = counts[0] == 1 and (ranks[4] - ranks[0] == 4 or ranks == [1, 10, 11, 12, 13])
    if straight and flush:
        return "straight_flush"
    if counts[0] == 4:
        return "four"
    if straight:
        return "straight"
    if counts[:2] == [3, 2]:
        return "full_house"
    if counts[0] == 3:
        return "three"
    if flush:
        return "flush"
    if counts[:2] == [2, 2]:
        return "two_pairs"
    return "pair" if counts[0] == 2 else None


def square_lines(size: int) -> list[list[int]]:
    """The rows, the columns and the two diagonals of a square of `size` by `size` places."""
    rows = [[row * size + col for col in range(size)] for row in range(size)]
    cols = [[row * size + col for row in range(size)] for col in range(size)]
    diagonals = [
        [n * size + n for n in range(size)],
        [n * size + size - 1 - n for n in range(size)],
    ]
    return rows + cols + diagonals


@rule(
    "score",
    "From the position: the poker hands in the square of `group` (five by five places of one "
    "card), in each row, each column and both diagonals once full, by the British points: "
    "straight flush 30, four of a kind 16, straight 12, full house 10, three of a kind 6, "
    "flush 5, two pairs 3, one pair 1.",
    ordered=("group",),
)
def poker_hands(group: str = "grid", maximum: int = 0) -> Score:
    """Poker Squares: the score is the table's hands, so placing a card, and taking it back,
    count again from scratch."""

    def compute(position: Position) -> int:
        piles = position.groups[group]
        total = 0
        for line in square_lines(isqrt(len(piles))):
            cards = [piles[n].cards[-1] for n in line if piles[n].cards]
            hand = poker_hand(cards) if len(cards) == 5 else None
            total += POKER_POINTS[hand] if hand else 0
        return total

    return Score(compute, {}, maximum)


@rule("condition", "Holds once the game's score is at least `points` (a win by points).")
def score_at_least(points: int = 0) -> Condition:
    """Poker's win: enough points, whatever cards are left."""

    def score(position: Position) -> int:
        rule = position.gdef.score
        base = rule.from_position(position) if rule.from_position else 0
        return base + position.counters["score"]

    def test(position: Position) -> bool:
        return score(position) >= points

    def why(position: Position) -> str:
        return say("The score is {score}, not yet {points}", score=score(position), points=points)

    return Condition(
        test, why, holds=lambda position: say("The score is {points} or more", points=points)
    )
