"""Stranding the stock: a line of play after which a stock still holding cards can never act
again (Spider's last row, with too few cards left to fill every column). Honest play passes
over such lines (`best_open`) unless the table is stranded already; `strands` looks for a way
back to a pile action in a short search of the known part."""

from __future__ import annotations

from retro.engine.faces import hidden
from retro.engine.game import Game
from retro.engine.gamedef import STOCK
from retro.engine.position import DONE, MOVE, Move, Position
from retro.solver.adapter import is_won, key, make, unmake


def hidden_count(position: Position) -> int:
    """Cards lying face down anywhere (the stock's too): a move lowering it shows a card."""
    return sum([hidden(pile) for pile in position.piles])


_TRIED = 8  # first moves, best first, whose best lines are checked for stranding the stock
_REACH = 300  # nodes of the search for a way back to a pile action (see `strands`)


def best_open(trial: Game, lines: list[tuple[float, list[Move]]]) -> tuple[float, list[Move]]:
    """The best of `lines` (on `trial`) that does not strand the stock: of the best lines
    of the best few first moves, the first after which a stock holding cards can still act,
    unless none can now (none when they all strand it, as moving the last runs home does in
    Spider with too few cards left to fill every column for the row the stock still holds)."""
    lines.sort(key=lambda found: found[0], reverse=True)
    firsts: dict[Move, tuple[float, list[Move]]] = {}
    for value, line in lines:  # the best line of each first move: lines alike strand alike
        firsts.setdefault(line[0], (value, line))
        if len(firsts) == _TRIED:
            break
    root_stranded: bool | None = None  # a table stranded already is no line's doing
    for value, line in firsts.values():
        for move in line:
            make(trial, move)
        stranded = strands(trial)
        for _ in line:
            unmake(trial)
        if stranded and root_stranded is None:
            root_stranded = strands(trial)
        if not stranded or root_stranded:
            return value, line
    return float("-inf"), []


def strands(game: Game, most: int = _REACH) -> bool:
    """Whether a stock holding cards has an action refused now and in every table the known
    part reaches within `most` moves, no pile action being legal in any (a move showing a card
    counts as a way out: what it shows may change that). Depth-first, moves leaving fewer piles
    empty first (what most refusals wait for). A search that runs out finds the stock
    stranded: a way out needing more moves is a way too long to count on."""
    position = game.position
    if is_won(game) or not any(
        pile.cards
        for pile in position.piles
        if pile.kind == STOCK and pile.group.action is not None
    ):
        return False
    hidden = hidden_count(position)
    seen = {key(game)}
    nodes = 0

    def way_out(depth: int) -> bool:
        nonlocal nodes
        moves = [move for move in game.legal_moves() if move.kind != DONE]
        if any(move.kind != MOVE for move in moves):
            return True
        piles = game.position.piles
        # first the moves that leave fewer piles empty (onto one, from a pile keeping cards)
        moves.sort(
            key=lambda move: bool(piles[move.dst].cards) or len(piles[move.src].cards) == move.count
        )
        for move in moves:
            if nodes >= most:
                return False  # no way out found in the search: taken as stranded
            make(game, move)
            nodes += 1
            reached = key(game)
            out = is_won(game) or hidden_count(game.position) < hidden
            if not out and reached not in seen and depth < 40:
                seen.add(reached)
                out = way_out(depth + 1)
            unmake(game)
            if out:
                return True
        return False

    return not way_out(0)
