"""Moves inside one pile (a group's `rotate` rule, XPat2's rotations): `count` is the chosen
face-up card and the cards on it. Up: they move up one place and the top card goes under them;
down: they move down one place and the chosen card comes onto the top (XPat2's F and B keys).
"""

from __future__ import annotations

from retro.engine.bound import Rotate
from retro.engine.gamedef import GameDef
from retro.engine.position import Move, Pile, Position
from retro.i18n import say

ROTATE_UP = "rotate_up"
ROTATE_DOWN = "rotate_down"
ROTATIONS = (ROTATE_UP, ROTATE_DOWN)


def rotators(gdef: GameDef, groups: dict[str, list[Pile]]) -> list[tuple[list[Pile], Rotate]]:
    """The piles of each group that has a rotate rule, with the rule."""
    return [(groups[g.name], g.rotate) for g in gdef.groups if g.rotate is not None]


def rotation_moves(rotating: list[tuple[list[Pile], Rotate]], position: Position) -> list[Move]:
    """Every rotation the rules allow now: two cards or more, face up."""
    return [
        Move(verb, pile.index, count)
        for piles, rule in rotating
        for pile in piles
        if pile.face_up > 1 and rule.available(position, pile)
        for count in range(2, pile.face_up + 1)
        for verb in ROTATIONS
    ]


def rotate(position: Position, move: Move) -> None:
    """Make a rotation move (the engine has judged it legal) and let its rule count it."""
    pile = position.piles[move.src]
    rule = pile.group.rotate
    assert rule is not None
    rotate_cards(position, pile, move.count, up=move.kind == ROTATE_UP)
    rule.done(position, pile)


def rotate_cards(position: Position, pile: Pile, count: int, up: bool) -> None:
    """Turn the top `count` cards of `pile` round by one place (see ROTATE_UP/DOWN). Only
    `transfer` changes a position (so undo and the position key stay exact): the cards go
    through another pile and come back in their new order, and one `rotated` event tells it."""
    helper = next(p for p in position.piles if p is not pile)
    first = len(position.events)
    if up:  # the top card first, then the others on it: back, the top card lies under them
        position.transfer(pile, 1, helper)
        position.transfer(pile, count - 1, helper)
    else:  # the cards above the chosen one first, then it on them
        position.transfer(pile, count - 1, helper)
        position.transfer(pile, 1, helper)
    position.transfer(helper, count, pile)
    del position.events[first:]
    position.emit("rotated")


def rotation_refused(position: Position, pile: Pile, count: int) -> str | None:
    """Why the top `count` cards of `pile` may not be rotated now (None: they may)."""
    rotate = pile.group.rotate
    if rotate is None:
        return say("The cards of {pile} are never rotated", pile=pile.id)
    if count < 2:
        return say("Choose at least two cards to rotate")
    if count > pile.face_up:
        return say(
            "Only face-up cards rotate: {n} on {pile}, not {count}",
            n=pile.face_up,
            pile=pile.id,
            count=count,
        )
    if not rotate.available(position, pile):
        return rotate.why(position, pile)
    return None
