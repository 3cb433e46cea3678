"""Scores beyond the library's `points` and `cards_home`: points for the cards lying in each
named pile group, points for any event the engine reports, and streaks (a run of moves that each
do the same thing, worth more the longer it grows, as in TriPeaks).
"""

from __future__ import annotations

from retro.engine.bound import Auto, Score
from retro.engine.gamedef import PileKind
from retro.engine.position import Position
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
