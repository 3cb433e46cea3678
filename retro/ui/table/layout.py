"""Where piles and cards lie on the 640x400 table, worked out from the game file alone.

A group's `at`/`step` are in card cells (a card and its gap); `columns` wraps a group into rows.
Fans squeeze when a pile grows long, so a full Spider column (about 30 cards) stays on screen.
No pyxel here: the same numbers serve drawing, mouse hits and tests.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from retro.engine.gamedef import GameDef, Layout
    from retro.engine.position import Pile, Position

SCREEN_W = 640
SCREEN_H = 400
TABLE_TOP = 16  # under the title bar
TABLE_BOTTOM = 384  # above the status line
CARD_W = 56
CARD_H = 80
GAP_X = 6
GAP_Y = 8
MARGIN = 6
DOWN_STEP = 6  # a face-down card under others shows this much
UP_STEP = 16  # a face-up card under others shows its rank and suit
RIGHT_STEP = 18
MIN_DOWN_STEP = 2
MIN_UP_STEP = 3  # the floor for a very long fan; from 6 rows up the tiny index shows whole


class Geometry:
    """Pixel positions of a game's piles, and of each card in them."""

    def __init__(self, gdef: GameDef) -> None:
        # each pile's ring (a number for each ring, -1: none) and each ring's centre height
        self.ring_of: list[int] = []
        ring_heights: list[float] = []
        for group in gdef.groups:
            if group.layout.ring is not None:
                ring_heights.append(group.layout.at[1])
            self.ring_of += [len(ring_heights) - 1 if group.layout.ring is not None else -1] * (
                group.count
            )
        self.hidden = [group.layout.hidden for group in gdef.groups for _ in range(group.count)]
        self.fans = [group.layout.fan for group in gdef.groups for _ in range(group.count)]
        self.shown = [group.layout.show for group in gdef.groups for _ in range(group.count)]
        units = self._units(gdef, boxed=False)
        if self._ring_overlaps(units, *self._cells(units)):
            units = self._units(gdef, boxed=True)  # a clock face of twelve: a square clock
        self._place(units, ring_heights)

    @staticmethod
    def _units(gdef: GameDef, boxed: bool) -> list[tuple[float, float]]:
        return [
            _unit(group.layout, slot, group.count, boxed)
            for group in gdef.groups
            for slot in range(group.count)
        ]

    def _ring_overlaps(
        self, units: list[tuple[float, float]], cell_w: float, cell_h: float
    ) -> bool:
        """Whether two cards of a ring would overlap where its ellipse lays them: then the
        ring is laid on the box round the ellipse instead, its piles pushed out towards the
        corners, so each shows whole."""
        ringed = [i for i, ring in enumerate(self.ring_of) if ring >= 0]
        return any(
            abs(units[a][0] - units[b][0]) * cell_w < CARD_W
            and abs(units[a][1] - units[b][1]) * cell_h < CARD_H
            for a in ringed
            for b in ringed
            if a < b and self.ring_of[a] == self.ring_of[b]
        )

    def _cells(self, units: list[tuple[float, float]]) -> tuple[float, float]:
        """The size of a card cell in pixels: a card and its gap, less when the piles would
        not fit the table otherwise."""
        seen = [u for u, hidden in zip(units, self.hidden, strict=True) if not hidden]
        span = max((u[0] for u in seen), default=0.0) - min((u[0] for u in seen), default=0.0)
        depth = max((u[1] for u in seen), default=0.0) - min((u[1] for u in seen), default=0.0)
        cell_w = float(CARD_W + GAP_X)
        if span and CARD_W + span * cell_w > SCREEN_W - 2 * MARGIN:
            cell_w = (SCREEN_W - 2 * MARGIN - CARD_W) / span
        cell_h = float(CARD_H + GAP_Y)
        room = TABLE_BOTTOM - 2 - TABLE_TOP - MARGIN - CARD_H
        if depth and depth * cell_h > room:
            cell_h = room / depth  # rows overlap, each still showing its cards' index
        return cell_w, cell_h

    def _place(self, units: list[tuple[float, float]], ring_heights: list[float]) -> None:
        """Each pile's origin in pixels, the piles centred across the table."""
        seen = [u for u, hidden in zip(units, self.hidden, strict=True) if not hidden]
        min_x = min((u[0] for u in seen), default=0.0)
        max_x = max((u[0] for u in seen), default=0.0)
        cell_w, cell_h = self._cells(units)
        left = (SCREEN_W - (CARD_W + (max_x - min_x) * cell_w)) / 2
        min_y = min((u[1] for u in seen), default=0.0)
        self.origins = [
            (round(left + (ux - min_x) * cell_w), round(TABLE_TOP + MARGIN + (uy - min_y) * cell_h))
            for ux, uy in units
        ]
        self.ring_y = [round(TABLE_TOP + MARGIN + (uy - min_y) * cell_h) for uy in ring_heights]
        # the order piles are drawn in (a hit is looked for the other way round): as they come,
        # but a ring's piles from its top down, so where they overlap each shows its index
        self.draw_order: list[int] = []
        for index in range(len(units)):
            ring = self.ring_of[index]
            if ring < 0:
                self.draw_order.append(index)
            elif index == 0 or self.ring_of[index - 1] != ring:
                members = [i for i in range(index, len(units)) if self.ring_of[i] == ring]
                self.draw_order += sorted(members, key=lambda i: self.origins[i][1])
        self._limits = [self._limit(i) for i in range(len(units))]

    def _limit(self, index: int) -> int:
        """How far a pile's fan may reach: the table's bottom (down fans) or the next pile to
        the right in its row, else the screen edge (right fans)."""
        x, y = self.origins[index]
        shown = [xy for xy, hidden in zip(self.origins, self.hidden, strict=True) if not hidden]
        if self.fans[index] == "right":
            right = [ox for ox, oy in shown if oy == y and ox > x]
            return (min(right) - GAP_X if right else SCREEN_W - MARGIN) - CARD_W
        below = [oy for ox, oy in shown if abs(ox - x) < CARD_W and oy > y]
        return (min(below) - GAP_Y if below else TABLE_BOTTOM - 2) - CARD_H

    def origin(self, pile: Pile) -> tuple[int, int]:
        return self.origins[pile.index]

    def offsets(self, pile: Pile, count: int | None = None) -> list[int]:
        """Each card's distance from the pile's origin along its fan (0 for unfanned piles).

        `count` asks for a pile of that many cards (the pile's own cards first, then more
        face-up ones), so a card in flight knows where it will land.
        """
        total = len(pile.cards) if count is None else count
        fan = self.fans[pile.index]
        if fan == "none" or total == 0:
            return [0] * total
        shown = self.shown[pile.index]
        if shown and total > shown:  # the cards under the shown ones stay squared up
            hidden = total - shown
            return [0] * hidden + self._spread(pile, shown, 0)
        return self._spread(pile, total, min(pile.down, total))

    def _spread(self, pile: Pile, total: int, down: int) -> list[int]:
        """Offsets for `total` cards fanned from the pile's origin, the first `down` of them
        face down (spaced closer) but for those lying face up between them (`Pile.lit`),
        squeezed to the room the pile has."""
        fan = self.fans[pile.index]
        x, y = self.origins[pile.index]
        room = self._limits[pile.index] - (x if fan == "right" else y)
        up_step: float = RIGHT_STEP if fan == "right" else UP_STEP
        down_step: float = DOWN_STEP
        lit = pile.lit
        gaps_down = min(down, total - 1) - (lit & ((1 << max(total - 1, 0)) - 1)).bit_count()
        gaps_up = total - 1 - gaps_down
        if gaps_down * down_step + gaps_up * up_step > room:
            down_step = max(MIN_DOWN_STEP, min(DOWN_STEP, room // max(total - 1, 1)))
            if gaps_up:
                up_step = max(MIN_UP_STEP, min(up_step, (room - gaps_down * down_step) / gaps_up))
            elif gaps_down:
                down_step = max(MIN_DOWN_STEP, room / gaps_down)
        result = []
        at = 0.0
        for i in range(total):
            result.append(int(at))
            at += down_step if i < down and not lit >> i & 1 else up_step
        return result

    def card_xy(self, pile: Pile, offsets: list[int], i: int) -> tuple[int, int]:
        x, y = self.origins[pile.index]
        if not offsets:
            return x, y
        off = offsets[i]
        return (x + off, y) if self.fans[pile.index] == "right" else (x, y + off)

    def hit(self, position: Position, mx: int, my: int) -> tuple[Pile, int] | None:
        """The pile and card index under the mouse (index -1: the empty place of a pile)."""
        for index in reversed(self.draw_order):
            pile = position.piles[index]
            if self.hidden[index]:
                continue
            offsets = self.offsets(pile)
            for i in range(len(pile.cards) - 1, -1, -1):
                x, y = self.card_xy(pile, offsets, i)
                if x <= mx < x + CARD_W and y <= my < y + CARD_H:
                    return pile, i
            x, y = self.origins[pile.index]
            if x <= mx < x + CARD_W and y <= my < y + CARD_H:
                return pile, -1
        return None

    def rows(self, position: Position) -> list[list[int]]:
        """Pile indexes grouped into rows for the keyboard cursor: piles at the same height, left
        to right, and each ring as one row, clockwise from its first pile (Left and Right go
        round it), placed among the others by its centre. Hidden piles are in none."""
        by_y: dict[tuple[int, int], list[int]] = {}
        for pile in position.piles:
            index = pile.index
            if self.hidden[index]:
                continue
            ring = self.ring_of[index]
            if ring >= 0:
                by_y.setdefault((self.ring_y[ring], ring + 1), []).append(index)
            else:
                by_y.setdefault((self.origins[index][1], 0), []).append(index)
        return [
            row if key[1] else sorted(row, key=lambda i: self.origins[i][0])
            for key, row in sorted(by_y.items())
        ]


def _unit(layout: Layout, slot: int, count: int, boxed: bool = False) -> tuple[float, float]:
    """Where pile `slot` of a group lies, in card cells: its own place, on its ring (`boxed`:
    on the box round the ring, where its hour's direction meets it), in its row of
    `columns`, or `at` plus `slot` steps."""
    if layout.places:
        return layout.places[slot]
    if layout.ring is not None:
        across, down, start = layout.ring
        angle = math.radians((start + slot * 12 / count) * 30)
        right, up = math.sin(angle), math.cos(angle)
        if boxed:  # as far along the hour's direction as the box reaches
            reach = min(1 / abs(right) if right else math.inf, 1 / abs(up) if up else math.inf)
            right, up = right * reach, up * reach
        return (layout.at[0] + across * right, layout.at[1] - down * up)
    if layout.columns:
        col, row = slot % layout.columns, slot // layout.columns
        return (layout.at[0] + col * layout.step[0], layout.at[1] + row * (layout.step[1] or 1.0))
    return (layout.at[0] + slot * layout.step[0], layout.at[1] + slot * layout.step[1])
