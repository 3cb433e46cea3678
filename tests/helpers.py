"""Small helpers so rule tests read as positions and moves in the notation."""

from __future__ import annotations

from typing import Any

from retro.definition.catalog import Catalog
from retro.engine.game import Game
from retro.engine.gamedef import GameDef
from retro.engine.notation import format_move, parse_move, parse_position

_CATALOG = Catalog()


def load(game_id: str, **options: Any) -> GameDef:
    return _CATALOG.load(game_id, options)


def usual(game_id: str) -> dict[str, Any]:
    """A game's options as the menu first offers them (every one at its default)."""
    return dict(load(game_id).options)


def game_at(gdef: GameDef, text: str, seed: int = 1) -> Game:
    """A game set up at the position `text` (piles not named are empty)."""
    return Game(gdef, seed, position=parse_position(gdef, text))


def play(game: Game, *moves: str) -> Game:
    for text in moves:
        game.push(parse_move(game.position, text))
    return game


def refusal(game: Game, move: str) -> str | None:
    """None if `move` is legal, else the rule's reason."""
    return game.why_not(parse_move(game.position, move))


def legal(game: Game) -> set[str]:
    return {format_move(game.position, move) for move in game.legal_moves()}


def pile(game: Game, pile_id: str) -> str:
    """A pile in the notation: `5s KH QH` (face-down cards in lower case)."""
    from retro.engine.notation import format_pile

    return " ".join(format_pile(game.position.by_id[pile_id]))


def suit_run(suit: str, high: int = 13, low: int = 1) -> str:
    """`KH QH ... AH` (face up), from rank `high` down to `low`."""
    ranks = "A23456789TJQK"
    return " ".join(ranks[r - 1] + suit for r in range(high, low - 1, -1))
