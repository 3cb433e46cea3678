"""What the solver's proof tests share: small games written in a test, an exhaustive search
that checks a verdict with no shortcut and no cut, and a win replayed through the Game."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from retro.definition.loader import load_game_file
from retro.engine.game import WON, Game
from retro.engine.gamedef import GameDef
from retro.engine.position import DONE, Move

# Golf with 24 cards: four columns of four, the pile, a stock of seven.
SMALL_GOLF = """\
id: small_golf
title: Small Golf
description: Golf with Ace to Six in two suits.
deck: {ranks: [A, 2, 3, 4, 5, 6], suits: 2}
piles:
  stock: {kind: stock, at: [0, 0], action: {draw: {to: foundation, passes: 1}}}
  foundation: {kind: foundation, at: [1, 0], accept: {rank_next: {wrap: false}}}
  tableau: {kind: tableau, count: 4, at: [0, 1], fan: down, pick: top_card}
deal:
  - {to: tableau, face_up: 4}
  - {to: foundation, face_up: 1}
  - {to: stock, rest: true}
win: {groups_cleared: {groups: [tableau]}}
"""


def load_text(folder: Path, text: str) -> GameDef:
    """A game file written into `folder` under its id, loaded as any game file is."""
    path = folder / (text.split("\n", 1)[0].removeprefix("id: ") + ".yaml")
    path.write_text(text, encoding="utf-8")
    return load_game_file(path)


def brute_force(game: Game, state: Callable[[Game], object] | None = None) -> bool:
    """Is the deal winnable? Every line of legal moves through push and pop, a table seen once
    kept by `state` (by default the cards, face-down counts and lit cards of every pile; the
    counters left out, for games whose rules read none that could differ)."""

    def table() -> object:
        return game.position.piles_state() if state is None else state(game)

    seen = {table()}
    stack = [[m for m in game.legal_moves() if m.kind != DONE]]
    while stack:
        if not stack[-1]:
            stack.pop()
            if stack:
                game.pop()
            continue
        game.push(stack[-1].pop())
        if game.outcome() == WON:
            return True
        now = table()
        if now in seen:
            game.pop()
            continue
        seen.add(now)
        stack.append([m for m in game.legal_moves() if m.kind != DONE])
    return False


def replays_to_a_win(gdef: GameDef, seed: int, moves: Iterable[Move]) -> bool:
    """Do `moves` win deal `seed` when played through the ordinary Game?"""
    game = Game(gdef, seed)
    for move in moves:
        game.push(move)
    return game.outcome() == WON
