"""The moves a game generates are exactly the moves it judges legal, so the window never refuses
a hinted move, and the reverse: tests/test_properties.py runs it over every game and variant."""

from __future__ import annotations

from retro.engine.game import Game
from retro.engine.notation import format_move
from retro.engine.position import Move
from retro.engine.rotation import ROTATIONS


def generation_agrees_with_judgement(game: Game, plies: int = 40, most: int = 4) -> None:
    """Play `plies` moves (a fixed choice among the legal ones), and before each compare every
    card move and rotation of up to `most` cards and every pile action with the generated list,
    which names each move once."""
    for ply in range(plies):
        listed = game.legal_moves()
        moves = set(listed)
        assert len(listed) == len(moves), "a move generated twice"
        piles = game.position.piles
        candidates = [
            Move("move", src, count, dst)
            for src in range(len(piles))
            for dst in range(len(piles))
            for count in range(1, most + 1)
        ]
        candidates += [
            Move(p.group.action.verb, p.index) for p in piles if p.group.action is not None
        ]
        candidates += [
            Move(verb, p.index, count)
            for p in piles
            for verb in ROTATIONS
            for count in range(1, most + 1)
        ]
        for move in candidates:
            judged = game.why_not(move) is None
            assert judged == (move in moves), (format_move(game.position, move), game.why_not(move))
        if not moves:
            return
        game.push(sorted(moves)[(ply * 7919) % len(moves)])
