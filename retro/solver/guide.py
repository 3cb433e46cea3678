"""How promising a position looks, read from what the rules themselves make of it: cards home,
cards turned, ordered runs (as the game's own pick rule counts them), empty piles, and how deep
the cards the foundations want next lie buried. One measure for every game; a game file may
change the weights (its `solver:` key, see docs/writing-a-game.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace

from retro.engine.faces import hidden
from retro.engine.gamedef import CELL, FOUNDATION, STOCK, GameDef
from retro.engine.position import Pile, Position
from retro.solver.safety import SafetyModel


@dataclass(frozen=True)
class Weights:
    """Points for each feature of a position; higher totals are searched first."""

    home: float = 10.0  # a card on a foundation
    turned: float = 8.0  # a face-down card outside the stock turned face up
    runs: float = 2.0  # a card lying in order on the one below it (the pick rule's run)
    suited: float = 1.0  # a card on the next higher card of its own suit
    empty: float = 12.0  # an empty pile of the tableau (or a reserve, a grid gap)
    cells: float = 3.0  # an empty free cell
    clean: float = 0.0  # a pile taking cards (not a cell) that holds cards, none face down
    buried: float = 1.5  # (minus) a card lying on a card the foundations take next
    disorder: float = 3.0  # (minus) a card lying above a lower card of its pile, or unseen
    #                           in the stock
    stock: float = 0.0  # a card still in the stock (a reserve worth keeping)
    mobility: float = 0.0  # a legal move
    depth: float = 0.0  # (minus) a move made since the search began: shorter lines

    @classmethod
    def names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in fields(cls))

    def with_changes(self, changes: Mapping[str, float]) -> Weights:
        return replace(self, **{name: float(value) for name, value in changes.items()})


# the portfolio's other weightings, beside the game's own (each changes a few weights)
PORTFOLIO_TILTS: tuple[Mapping[str, float], ...] = (
    {"disorder": 6.0},
    {"empty": 20.0, "cells": 6.0, "runs": 1.0, "buried": 3.0},
    {"turned": 16.0, "suited": 4.0, "home": 6.0},
)


def weights_for(gdef: GameDef) -> Weights:
    """The default weights with the game file's own (its `solver: {weights: ...}`) on top."""
    return Weights().with_changes(gdef.solver.get("weights", {}))


def tilts_for(gdef: GameDef) -> tuple[Mapping[str, float], ...]:
    """The portfolio's other weightings: the game file's (its `solver: {portfolio: [...]}`),
    else the ones that suit most games."""
    named = gdef.solver.get("portfolio")
    return PORTFOLIO_TILTS if named is None else tuple(named)


def is_clean(pile: Pile) -> bool:
    """A pile holding cards (the caller knows it holds some) with none face down, that takes
    cards and is not a cell: on its way to empty, its cards free to move for good."""
    return not pile.down and pile.group.accept is not None and pile.kind != CELL


def evaluate(
    position: Position, weights: Weights, model: SafetyModel | None, mobility: int = 0
) -> float:
    """The position's value: the weighted sum of its features."""
    home = turned_down = runs = suited = empty = cells = clean = disorder = stock = 0
    for pile in position.piles:
        kind = pile.kind
        cards = pile.cards
        if kind == FOUNDATION:
            home += len(cards)
            continue
        if kind == STOCK:
            disorder += len(cards)  # still to be sorted, so a deal from it costs nothing
            stock += len(cards)
            continue
        turned_down += hidden(pile)
        if not cards:
            if pile.group.accept is not None:
                if kind == CELL:
                    cells += 1
                else:
                    empty += 1
            continue
        if is_clean(pile):
            clean += 1
        if pile.run > 1:
            runs += pile.run - 1
        lowest = 99
        below = None
        for card in cards:
            rank = card.rank
            if rank > lowest:
                disorder += 1
            else:
                lowest = rank
            if below is not None and below.suit == card.suit and below.rank == rank + 1:
                suited += 1
            below = card
    value = (
        weights.home * home
        - weights.turned * turned_down
        + weights.runs * runs
        + weights.suited * suited
        + weights.empty * empty
        + weights.cells * cells
        + weights.clean * clean
        + weights.mobility * mobility
        - weights.disorder * disorder
        + weights.stock * stock
    )
    if model is not None and weights.buried:
        value -= weights.buried * _buried(position, model)
    return value


def _buried(position: Position, model: SafetyModel) -> int:
    """Cards lying on the cards the foundations take next (fewer: closer to progress)."""
    wanted: set[object] = set()
    for name, follows in model.successor.items():
        for pile in position.groups[name]:
            if pile.cards:
                card = follows.get(pile.cards[-1])
                if card is not None:
                    wanted.add(card)
            else:
                wanted.update(model.bases[name])
    if not wanted:
        return 0
    total = 0
    for pile in position.piles:
        if pile.kind == FOUNDATION:
            continue
        cards = pile.cards
        for depth in range(len(cards) - 1, -1, -1):
            if cards[depth] in wanted:
                total += len(cards) - 1 - depth
                break
    return total
