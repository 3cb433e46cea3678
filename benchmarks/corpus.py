"""A fixed, seeded corpus of Spider positions for the benchmarks.

Games of 1, 2 and 4 suits are played by a simple greedy policy with seeded tie-breaks (so they
reach long runs and empty columns), and positions are taken early, in the middle and late.
The same seeds always give the same corpus.
"""

from __future__ import annotations

from retro.definition.catalog import Catalog
from retro.engine.cards import Card, Rng, make_deck, shuffle
from retro.engine.game import Game
from retro.engine.notation import format_position
from retro.engine.position import MOVE, Move

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


def _late_position(suits: int, seed: int) -> str:
    """A late-game position built directly: suits already off, empty columns, long runs of
    one suit, few cards left face down or in the stock. Every card of the two packs is placed."""
    rng = Rng(seed)
    pool = shuffle(make_deck(2, suits), seed)
    lines = []
    removed = rng.below(4)
    for f in range(removed):
        suit = pool[0].suit
        run = [Card(rank, suit) for rank in range(13, 0, -1)]
        for card in run:
            pool.remove(card)
        lines.append(f"foundation:{f + 1} = " + " ".join(c.code for c in run))
    empty = {rng.below(10) for _ in range(rng.below(3))}
    columns: list[list[str]] = [[] for _ in range(10)]
    for column in range(10):
        if column in empty:
            continue
        for _ in range(rng.below(3)):
            columns[column].append(pool.pop().code.lower())
        top = pool.pop()
        run = [top]
        while run[-1].rank > 1 and len(run) < 13 and rng.below(8):
            wanted = Card(run[-1].rank - 1, run[-1].suit)
            if wanted not in pool:
                break
            pool.remove(wanted)
            run.append(wanted)
        columns[column].extend(card.code for card in run)
    spill = 0
    while len(pool) > 30:  # the rest face down under the runs, the last few in the stock
        column = [c for c in range(10) if c not in empty][spill % (10 - len(empty))]
        columns[column].insert(0, pool.pop().code.lower())
        spill += 1
    lines += [f"tableau:{i + 1} = " + " ".join(cards) for i, cards in enumerate(columns)]
    lines.append("stock = " + " ".join(card.code.lower() for card in pool))
    return "\n".join(lines) + "\n"


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
            built = _late_position(suits, seed * 31 + suits)
            corpus.append((f"{suits}-suit", "late, built", built))
    return corpus
