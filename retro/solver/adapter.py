"""The engine calls a search needs, in one place: a position key, a trusted move and its
undo (`Game.key()`, `Game.make()`, `Game.unmake()`, the engine's search interface). The search
reaches the engine only through these names, so a change of that interface is one edit here."""

from __future__ import annotations

from retro.engine.game import Game
from retro.engine.position import Move, Position


def key(game: Game) -> int:
    """A 64-bit key, equal for positions that play alike (interchangeable piles as a set)."""
    return game.key()


def make(game: Game, move: Move) -> None:
    """Make `move`, known legal (it comes from `legal_moves()`): no check, no redo bookkeeping."""
    game.make(move)


def unmake(game: Game) -> None:
    """Take back the last `make`."""
    game.unmake()


def is_won(game: Game) -> bool:
    """Whether the game is won (its rules have set the `won` counter)."""
    return bool(game.position.counters.get("won"))


def copy_game(game: Game) -> Game:
    """A game at the same position with no history: a search can work on it (and be dropped
    half-way) while `game` is being played and drawn."""
    position = Position(game.gdef)
    for pile, source in zip(position.piles, game.position.piles, strict=True):
        pile.cards.extend(source.cards)
        pile.down = source.down
    position.counters.update(game.position.counters)
    position.refresh_all()
    return Game(game.gdef, game.seed, position)
