"""Cards in flight: where each card was before a move, and its glide to where it lies now.

Motion is drawing only: the engine position changes at once, and the cards that changed place
are drawn between their old and new places until they land, so skipping an animation can
never change the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from retro.engine.cards import Card
from retro.engine.faces import face_up
from retro.engine.gamedef import STOCK
from retro.engine.position import Pile
from retro.ui.table.layout import CARD_H, CARD_W, SCREEN_W, Geometry

GLIDE_FRAMES = 8
DEAL_STAGGER = 2
DEAL_SPAN = 24  # frames over which the opening deal's cards set off (any key skips it)

# per pile: its cards, how many are face down, and where each card was drawn
Snapshot = list[tuple[list[Card], int, list[tuple[int, int]]]]


@dataclass
class Flight:
    """A card on its way from one place to another."""

    card: Card
    face_up: bool
    start: tuple[int, int]
    end: tuple[int, int]
    pile: int
    begin: int
    frames: int

    def where(self, frame: int) -> tuple[int, int]:
        t = min(max((frame - self.begin) / self.frames, 0.0), 1.0)
        t = t * (2 - t)  # ease out: fast start, gentle landing
        return (
            round(self.start[0] + (self.end[0] - self.start[0]) * t),
            round(self.start[1] + (self.end[1] - self.start[1]) * t),
        )

    def landed(self, frame: int) -> bool:
        return frame >= self.begin + self.frames


def snapshot(geometry: Geometry, piles: list[Pile]) -> Snapshot:
    """Every card and the place it is drawn at, taken before a move."""
    snap = []
    for pile in piles:
        offsets = geometry.offsets(pile)
        xys = [geometry.card_xy(pile, offsets, i) for i in range(len(pile.cards))]
        snap.append((list(pile.cards), pile.down, xys))
    return snap


def opening(geometry: Geometry, piles: list[Pile], frame: int) -> list[Flight]:
    """The deal at the start of a game: every card outside the stock flies from the stock (or
    from above the table) to its place, round the table a card at a time."""
    stock = next((pile for pile in piles if pile.kind == STOCK), None)
    start = geometry.origin(stock) if stock is not None else ((SCREEN_W - CARD_W) // 2, -CARD_H)
    depth = max((len(pile.cards) for pile in piles), default=0)
    order = [
        (pile, i)
        for i in range(depth)
        for pile in piles
        if pile is not stock and i < len(pile.cards)
    ]
    result = []
    for k, (pile, i) in enumerate(order):
        end = geometry.card_xy(pile, geometry.offsets(pile), i)
        result.append(
            Flight(
                pile.cards[i],
                face_up(pile, i),
                start,
                end,
                pile.index,
                frame + k * DEAL_SPAN // len(order),
                GLIDE_FRAMES,
            )
        )
    return result


def flights(
    geometry: Geometry, piles: list[Pile], before: Snapshot, frame: int, stagger: int
) -> list[Flight]:
    """Cards that changed place glide from where they were to where they are now."""
    removed: list[tuple[Card, tuple[int, int]]] = []
    added: list[tuple[Pile, int]] = []
    for pile, (cards, _, xys) in zip(piles, before, strict=True):
        now = pile.cards
        same = 0
        while same < min(len(cards), len(now)) and cards[same] is now[same]:
            same += 1
        removed.extend((cards[i], xys[i]) for i in range(same, len(cards)))
        added.extend((pile, i) for i in range(same, len(now)))
    result: list[Flight] = []
    for pile, i in added:
        card = pile.cards[i]
        source = next((k for k, (c, _) in enumerate(removed) if c is card), None)
        if source is None or geometry.hidden[pile.index]:
            continue  # (a card going to a hidden pile leaves the table at once)
        start = removed.pop(source)[1]
        offsets = geometry.offsets(pile)
        end = geometry.card_xy(pile, offsets, i)
        if start == end:
            continue
        result.append(
            Flight(
                card,
                face_up(pile, i),
                start,
                end,
                pile.index,
                frame + stagger * len(result),
                GLIDE_FRAMES,
            )
        )
    return result
