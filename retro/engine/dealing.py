"""The parts of a deal beyond counts of cards: named cards (`cards: [2H]`), a rank the deal
remembers for later rules (`remember`), a deal rule from a plugin (`rule`), and the auto rules
run once the deal is done (`auto_after_deal`). `retro.engine.game.deal_position` calls them.
"""

from __future__ import annotations

from retro.engine.cards import Card, plain_rank
from retro.engine.gamedef import DealStep
from retro.engine.position import Position

AUTO_LIMIT = 1000  # auto rules running on and on would be a bug of theirs: stop there


def take_named(pack: list[Card], steps: tuple[DealStep, ...]) -> None:
    """Take the cards the deal names (steps with `cards` and no `from`) out of the pack before
    anything is dealt, so they are there whatever step names them (the first copy found)."""
    for step in steps:
        if step.source:
            continue
        for card in step.cards:
            if card in pack:
                del pack[len(pack) - 1 - pack[::-1].index(card)]


def deal_named(position: Position, step: DealStep) -> None:
    """The cards a step names, one onto each of its piles (at `places`), face up: out of the
    pack (taken already), or out of the `source` group (its top-most copy)."""
    targets = position.groups[step.to]
    if step.places:
        targets = [targets[slot] for slot in step.places]
    for target, card in zip(targets, step.cards, strict=False):
        if step.source:
            holder = next((p for p in position.groups[step.source] if card in p.cards), None)
            if holder is None:
                continue
            i = len(holder.cards) - 1 - holder.cards[::-1].index(card)
            del holder.cards[i]
            if i < holder.down:
                holder.down -= 1
        target.cards.append(card)


def remember(position: Position, step: DealStep) -> None:
    """Keep the rank the step decided (its first pile's top card) in the counter it names."""
    if step.remember:
        top = next((p.cards[-1] for p in position.groups[step.to] if p.cards), None)
        position.counters[step.remember] = plain_rank(top) if top is not None else 0


def autos_after_deal(position: Position) -> None:
    """Run the auto rules on the opening position (a game's `auto_after_deal`). What they turn
    over is part of the deal, not the player's doing: the turned count and events start at 0."""
    turned = position.counters["turned"]
    for _ in range(AUTO_LIMIT):
        if not any([auto.apply(position) for auto in position.gdef.autos]):
            break
    position.counters["turned"] = turned
    position.settle()
    position.events = []
    position.journal = []
