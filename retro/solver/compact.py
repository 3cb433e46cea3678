"""The search's position key: the engine's key with what no rule of play can read left out.

Two positions that differ only in something no rule reads play alike, so a search that keys
them apart searches the same space twice, and one that can never run out of new keys can never
prove a deal lost. The engine's key (`Game.key`) keeps two such things, both read off the
rules' own declarations:

- **A sink's buried cards.** A foundation that is a group's only pile and gives no card back
  (no pick rule, no action, no rotation) is a sink: cards only land on it, and the accept
  rules read its top card (Golf's pile, Black Hole's hole: one rank up or down). Its other
  cards are fixed by the rest of the table (every card not elsewhere is there), only their
  order below the top differs between positions, and that order is the history of play. The
  search keys the sink by its bottom card, its top card and its height.
- **Redeals with no limit.** The `redeals` counter is read only by actions that declare a limit
  (`Action.redeals`); when none does (Klondike's stock turned any number of times, Canfield's),
  a position after one more pass through the stock is the same position, and keying the count
  makes every pass a new, endless space.

A stock and waste that play as one sequence and a cursor (`retro.solver.cursor`) are keyed by
the sequence, and by the cursor only where it stands off the round of redeals.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from retro.engine.cards import Card
from retro.engine.game import Game
from retro.engine.gamedef import FOUNDATION
from retro.engine.position import Pile
from retro.engine.zobrist import MASK, counter_term, mix
from retro.rules.common import REDEALS


class Cursor(Protocol):
    """What the key reads of a stock and waste played as a cursor (`retro.solver.cursor`,
    which reads this module, so it is named here by what is used)."""

    stock: Pile
    waste: Pile

    def term(self) -> int | None: ...


def sink_piles(game: Game) -> list[Pile]:
    """The piles whose cards below the top no rule of play reads (see the module's doc)."""
    gdef = game.gdef
    found = []
    for group in gdef.groups:
        if (
            group.kind == FOUNDATION
            and group.count == 1
            and group.pick is None
            and group.action is None
            and group.rotate is None
            and not group.covered_by
        ):
            found.extend(game.position.groups[group.name])
    return found


def redeals_unread(game: Game) -> bool:
    """True when no action limits the redeals, so the count of them changes nothing legal."""
    return not any(group.action.redeals for group in game.gdef.groups if group.action is not None)


def search_key(game: Game, cursor: Cursor | None = None) -> Callable[[], int]:
    """A function giving the search key of `game`'s position as it is when called (with its
    stock and waste keyed as `cursor` says, when given)."""
    position = game.position
    sinks = sink_piles(game)
    redeals = redeals_unread(game) and REDEALS not in game.gdef.unkeyed
    if not sinks and not redeals and cursor is None:
        return game.key
    tables = position.tables
    span = tables.height_span
    card_at = tables.card_at
    heights = tables.down

    def word(card: Card, height: int) -> int:
        return card_at[((card.rank - 1) * 4 + card.suit) * span + height]

    def compact() -> int:
        total = game.key()
        if redeals:
            total -= counter_term(REDEALS, position.counters.get(REDEALS, 0))
        for pile in sinks:
            cards = pile.cards
            if len(cards) > 1:
                kept = word(cards[0], 0) ^ word(cards[-1], 1) ^ heights[len(cards) % span]
                total += mix(kept ^ pile.salt) - pile.term
        if cursor is not None:
            term = cursor.term()
            if term is not None:
                total += term - cursor.stock.term - cursor.waste.term
        return total & MASK

    return compact
