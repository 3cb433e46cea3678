"""The engine calls by which the solver walks and sets up positions, in one place: a position
key, a trusted move and its undo (`Game.key()`, `Game.make()`, `Game.unmake()`, the engine's
search interface), whether a game is won, and a game of its own laid out from given piles (a
copy to search on, or a sample of the cards unseen). Searches change positions only through
these; the moves and piles they read, and the games a player's moves are made on, are the
engine's own (`Game`, `Position`, `Move`)."""

from __future__ import annotations

from collections.abc import Generator, Iterable, Mapping

from retro.engine.cards import Card
from retro.engine.game import Game
from retro.engine.gamedef import GameDef
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
    piles = [(source.down, source.cards, source.lit) for source in game.position.piles]
    return laid_out(game.gdef, game.seed, piles, game.position.counters)


def laid_out(
    gdef: GameDef,
    seed: int,
    piles: Iterable[tuple[int, Iterable[Card], int]],
    counters: Mapping[str, int],
) -> Game:
    """A game of deal `seed` with no history, its piles holding the given cards (bottom first,
    the lowest `down` of them face down but for the `lit` ones, see `retro.engine.faces`) and
    its counters as given."""
    position = Position(gdef)
    for pile, (down, cards, lit) in zip(position.piles, piles, strict=True):
        pile.cards.extend(cards)
        pile.down = down
        pile.lit = lit
    position.counters.update(counters)
    position.refresh_all()
    return Game(gdef, seed, position)


def run_through(steps: Generator[None, None, bool]) -> bool:
    """The answer of a check made a step at a time (for a window's frames), made at once."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return bool(done.value)
