"""Thinking made of slices: a search that hands the frame back to the window now and then
(a generator yielding None), and runs in one piece everywhere else. Honest play, the demo and
the computer in a duel think this way."""

from __future__ import annotations

import time
from collections.abc import Generator
from typing import TypeVar

from retro.engine.game import Game
from retro.solver.safety import learn_for
from retro.solver.search import Budget, Result, Search, prepare, solve

T = TypeVar("T")
Thinking = Generator[None, None, T]  # thinking made of slices: yields hand the frame back


class Pace:
    """When thinking made of slices hands the frame back: `until`, a `time.perf_counter()`
    time its driver sets before each slice (0, as made: never, the thinking runs in one piece;
    each thinking has its own, so no driver's slices reach another's).
    Budgets in seconds count thinking time only: the time handed back is added to their
    deadlines, so a decision made in slices is the one made in one piece."""

    def __init__(self) -> None:
        self.until = 0.0

    def due(self) -> bool:
        return self.until > 0 and time.perf_counter() >= self.until


def finish(thinking: Generator[object, None, T]) -> T:
    """Run thinking made of slices to its end in one piece."""
    while True:
        try:
            next(thinking)
        except StopIteration as stop:
            return stop.value  # type: ignore[no-any-return]


def solving(game: Game, budget: Budget, pace: Pace) -> Thinking[Result]:
    """`solve`, a slice at a time when `pace` asks for slices (the search is left half-way
    between them: give it a game of its own)."""
    if not pace.until:
        return solve(game, budget)
    while not learn_for(game.gdef, max(pace.until - time.perf_counter(), 0.0)):
        yield  # the game's safe moves, learnt once, a slice at a time too
    while not prepare(game.gdef, max(pace.until - time.perf_counter(), 0.0)):
        yield  # and the search's checks made once a game
    search = Search(game, budget)
    while True:
        found = search.run_for(max(pace.until - time.perf_counter(), 0.0))
        if found is not None:
            return found
        yield
