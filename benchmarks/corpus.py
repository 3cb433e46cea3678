"""A fixed, seeded corpus of Spider positions for the benchmarks.

Games of 1, 2 and 4 suits are played by a simple greedy policy with seeded tie-breaks (so they
reach long runs and empty columns), and positions are taken early, in the middle and late.
The same seeds always give the same corpus.
"""

from __future__ import annotations

from retro.cards import Rng
from retro.definition.catalog import Catalog
from retro.engine.game import Game
from retro.engine.model import MOVE, Move
from retro.engine.notation import format_position

PHASES = {"early": 8, "middle": 45, "late": 110}


def _value(game: Game, move: Move) -> int:
    """Greedy preference: build same-suit, empty or uncover columns, avoid dealing."""
    if move.kind != MOVE:
        return 0
    piles = game.position.piles
    src, dst = piles[move.src], piles[move.dst]
    card = src.cards[-move.count]
    value = 1
    if dst.cards and dst.cards[-1].suit == card.suit:
        value += 6
    if move.count == len(src.cards) - src.down and src.down:
        value += 5
    if not dst.cards:
        value -= 3 if move.count == len(src.cards) else 0
    if dst.kind == "foundation":
        value += 20
    return value


def build_corpus(games_per_variant: int = 12) -> list[tuple[str, str, str]]:
    """(variant, phase, position text) for every sampled position."""
    catalog = Catalog()
    corpus: list[tuple[str, str, str]] = []
    for suits in (1, 2, 4):
        gdef = catalog.load("spider", {"suits": suits, "relaxed": 2})
        for seed in range(1, games_per_variant + 1):
            game = Game(gdef, seed * 7919 + suits)
            rng = Rng(seed * 104729 + suits)
            wanted = dict(PHASES)
            recent: list[str] = []
            for step in range(1, max(PHASES.values()) + 1):
                for phase, at in list(wanted.items()):
                    if step == at:
                        corpus.append((f"{suits}-suit", phase, format_position(game.position)))
                        del wanted[phase]
                moves = game.legal_moves()
                if not moves:
                    break
                fingerprint = format_position(game.position)
                recent = ([*recent, fingerprint])[-6:]
                best = max(_value(game, m) for m in moves)
                choices = [m for m in moves if _value(game, m) >= best - 1]
                game.push(choices[rng.below(len(choices))])
                if recent.count(format_position(game.position)) > 1:
                    game.pop()
                    deal = [m for m in moves if m.kind == "deal"]
                    if deal:
                        game.push(deal[0])
    return corpus
