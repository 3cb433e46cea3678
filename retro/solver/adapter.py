"""The three engine calls a search needs, in one place: a position key, a trusted move and its
undo. `Game.key()`, `Game.make()` and `Game.unmake()` are the engine's own search interface; this
module uses them when the engine offers them, and otherwise the ordinary `push`/`pop` machinery
(without the legality check, which the search's moves never need: they come from
`legal_moves()`)."""

from __future__ import annotations

from retro.engine.game import Game
from retro.engine.model import Move

# Counters that never change what is legal: left out of the fallback key, so positions that
# differ only in them are one position to the search.
_IRRELEVANT = frozenset(("moves", "score", "turned"))


def key(game: Game) -> int:
    """A 64-bit key: equal for positions that play alike (same cards where it matters)."""
    own = getattr(game, "key", None)
    if own is not None:
        return int(own())
    position = game.position
    parts: list[object] = []
    for piles in position.groups.values():
        states = [(tuple(pile.cards), pile.down) for pile in piles]
        if piles and piles[0].kind in ("cell", "foundation"):
            states.sort(key=_order)  # cells and foundations play alike whichever holds what
        parts.append(tuple(states))
    counters = tuple(sorted((name, value) for name, value in position.counters.items()
                            if name not in _IRRELEVANT))
    return hash((tuple(parts), counters)) & 0xFFFF_FFFF_FFFF_FFFF


def _order(state: tuple[tuple[object, ...], int]) -> tuple[int, tuple[str, ...]]:
    return len(state[0]), tuple(repr(card) for card in state[0])


def make(game: Game, move: Move) -> None:
    """Make `move`, known legal (it comes from `legal_moves()`): no check, no redo bookkeeping."""
    own = getattr(game, "make", None)
    if own is not None:
        own(move)
        return
    events, snapshot = game._apply(move)
    game.history.append((move, snapshot, events, 0))


def unmake(game: Game) -> None:
    """Take back the last `make`."""
    own = getattr(game, "unmake", None)
    if own is not None:
        own()
        return
    _, snapshot, _, _ = game.history.pop()
    game.position.restore(snapshot)
