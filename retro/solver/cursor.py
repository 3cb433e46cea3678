"""The stock and waste as one sequence and a cursor.

A stock whose draw turns cards onto a waste (`Action.turns_onto`) and turns the waste back over
when the stock is empty keeps its cards in one fixed order: the waste from its bottom card up,
then the stock from its top card down. A draw only moves the cursor (how many of them lie on the
waste) on by `turns` cards, a redeal sets it back to 0; playing the waste's top card takes that
card out of the sequence. So the search does two things with such a stock:

- **Moves.** A draw is never a child of its own: the children are the moves of the position
  and, for each cursor position the draws reach (up to a position met before, or the end of
  the passes left), the draws that lead there followed by a move of the waste's new top card.
  Draws alone change nothing that a win needs, and a move of the other piles is legal at each
  cursor position alike (their rules read their own piles and the cards moved, not the stock),
  so nothing is lost: a line of play is the same line with its draws gathered before the moves
  that need them. With one card turned a time and no limit on the passes, a card anywhere in
  the sequence that may go home safely (`retro.solver.safety`) is the only child: where the
  cursor stands is then no matter, so taking it out of the sequence takes nothing away.
- **The key.** With no limit on the redeals, the cursor positions a deal goes round through
  (0, `turns`, 2 `turns`, ... and the end) are reached from each other by draws alone: they
  are one position to the search, keyed by the sequence alone, so that the space of a deal is
  finite and small enough to be searched to its end (a proof that it is lost). A cursor off
  that round (after cards were played from the waste, with three turned at a time) is keyed
  with the sequence and where it stands; a position is not searched when one with the same
  sequence and a cursor from which draws reach its own was met (`Cursor.stronger`).

It holds only where the rules say so of themselves: the draw is the game's one pile action, no
rotation, nothing lands on the stock or the waste, and every auto rule names the groups it
looks at (`Auto.groups`), none of them the stock's or the waste's. A draw that changes another
pile all the same (checked at each draw) turns the sequence off for that position. And what
the other piles may do must not depend on where the cursor stands (no rule reads the stock or
the waste): checked once a game along a few random lines of play (`_others_alike`), a game
failing it is searched with its draws as moves of their own.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator
from dataclasses import replace

from retro.engine.game import Game
from retro.engine.gamedef import GameDef
from retro.engine.position import DONE, MOVE, Move, Position
from retro.engine.zobrist import MASK, mix
from retro.solver.adapter import make, run_through, unmake
from retro.solver.compact import redeals_unread
from retro.solver.pergame import ByGame
from retro.solver.safety import SafetyModel, safe_move

Step = tuple[Move, ...]
_PLAYOUTS = 2  # random lines of play the rules' independence of the cursor is checked along
_PLAYOUT_MOVES = 10  # moves of each line
# whether a game's other piles were found to play alike at every cursor position
_ALIKE: ByGame[bool] = ByGame()
_OFF_ROUND = 0x5C0F_F00D_CAFE_1234  # marks a cursor off the round of redeals in the key


def _mark(at: int, turns: int, length: int) -> int:
    """What a cursor adds to the key: nothing on the round of redeals, else where it stands."""
    return 0 if not at % turns or at == length else mix(_OFF_ROUND + at)


class Cursor:
    """The stock and waste of `game`, when its rules make them one sequence (`cursor_for`)."""

    def __init__(
        self,
        game: Game,
        stock_group: str,
        waste_group: str,
        turns: int,
        model: SafetyModel | None,
    ) -> None:
        self.game = game
        position = game.position
        self.stock = position.groups[stock_group][0]
        self.waste = position.groups[waste_group][0]
        self.turns = turns
        action = game.gdef.group(stock_group).action
        assert action is not None
        self.available = action.available
        self.draw = Move(action.verb, self.stock.index, 0, -1)
        self.piles = frozenset((self.stock.index, self.waste.index))
        self.round = redeals_unread(game)  # the cursor positions of the round are one
        self.home: SafetyModel | None = None  # safe moves of any card of the sequence
        if model is not None and self.round and turns == 1:
            self.home = replace(model, stirred=model.stirred - {waste_group})
        self.made = 0  # moves made by `steps` since the count was last read
        self.last = (0, 0, 0)  # the sequence's hash, the cursor and the length `term` saw

    def steps(
        self, moves: list[Move], distinct: Callable[[Position, list[Move]], list[Move]]
    ) -> list[Step]:
        """The children's moves of the position: `moves` (its own) but the draw, then for each
        cursor position the draws reach, the draws and each move of the waste's top card
        (`distinct` drops moves onto piles the key counts as one)."""
        draw = self.draw
        if draw not in moves:
            return [(move,) for move in moves]
        found: list[Step] = [(move,) for move in moves if move != draw]
        game = self.game
        home = self.home
        if home is not None:
            for move in moves:
                if (
                    move.kind == MOVE
                    and move.src == self.waste.index
                    and safe_move(game.position, [move], home)
                ):
                    return [(move,)]
        position = game.position
        stock, waste = self.stock, self.waste
        available = self.available
        lose = game.gdef.lose
        rest = (position.pile_sum - stock.term - waste.term) & MASK
        reached = {len(waste.cards)}
        drawn: list[Move] = []
        try:
            while True:
                make(game, draw)
                drawn.append(draw)
                self.made += 1
                if (position.pile_sum - stock.term - waste.term) & MASK != rest:
                    return [(move,) for move in moves]  # it changed another pile after all
                at = len(waste.cards)
                if at in reached or (lose is not None and lose.test(position)):
                    break
                reached.add(at)
                prefix = tuple(drawn)
                for move in distinct(position, game.moves_from(waste.index)):
                    if home is not None and safe_move(position, [move], home):
                        return [(*prefix, move)]  # (the draws taken back by `finally`)
                    found.append((*prefix, move))
                if not available(position, stock):
                    break
        finally:
            for _ in drawn:
                unmake(game)
        return found

    def term(self) -> int | None:
        """The stock's and waste's part of the search key, in place of their terms in the
        engine's key (None: keep those)."""
        stock, waste = self.stock, self.waste
        if not self.round or waste.down or stock.down != len(stock.cards):
            self.last = (0, 0, 0)
            return None
        tables = self.game.position.tables
        card_at, span = tables.card_at, tables.height_span
        value = 0
        height = 0
        for card in waste.cards:
            value ^= card_at[((card.rank - 1) * 4 + card.suit) * span + height]
            height += 1
        for card in reversed(stock.cards):
            value ^= card_at[((card.rank - 1) * 4 + card.suit) * span + height]
            height += 1
        at = len(waste.cards)
        self.last = (value ^ stock.salt, at, height)
        return mix(value ^ stock.salt ^ _mark(at, self.turns, height))

    def stronger(self, key: int) -> list[int]:
        """The keys of the positions that differ from the one `term` was last asked about
        (its key `key`) only by a cursor from which draws alone reach its cursor: whatever
        wins from this position wins from those (the draws first), so once one of them is
        met, this one need not be searched. None are off the round of a turn-one stock."""
        value, at, length = self.last
        turns = self.turns
        if turns == 1 or length <= turns:
            return []
        own = mix(value ^ _mark(at, turns, length))
        rest = key - own
        if not at % turns or at == length:  # on the round: every cursor off it reaches it
            others = [c for c in range(1, length) if c % turns]
        else:
            others = list(range(at % turns, at, turns))
        return [(rest + mix(value ^ _mark(c, turns, length))) & MASK for c in others]


def cursor_for(game: Game, model: SafetyModel | None = None) -> Cursor | None:
    """The game's stock and waste as a sequence, when its rules say they are one (see the
    module's doc)."""
    found = _sequence(game.gdef)
    if found is None:
        return None
    cursor = Cursor(game, *found, model)
    alike = _ALIKE.get(game.gdef, lambda: run_through(_others_alike(game, cursor)))
    return cursor if alike else None


def checking(game: Game) -> Generator[None, None, None]:
    """`cursor_for`'s check, once a game, a step at a time (a window's frame each)."""
    gdef = game.gdef
    found = _sequence(gdef)
    if found is not None and not _ALIKE.known(gdef):
        _ALIKE.put(gdef, (yield from _others_alike(game, Cursor(game, *found, None))))


def _sequence(gdef: GameDef) -> tuple[str, str, int] | None:
    """(stock group, waste group, cards a turn) when the rules make them one sequence."""
    actors = [group for group in gdef.groups if group.action is not None]
    if len(actors) != 1 or any(group.rotate is not None for group in gdef.groups):
        return None
    stock = actors[0]
    action = stock.action
    assert action is not None
    if not action.turns_onto or action.turns < 1 or stock.count != 1:
        return None
    waste = next((group for group in gdef.groups if group.name == action.turns_onto), None)
    if waste is None or waste.count != 1 or waste.accept is not None or stock.accept is not None:
        return None
    for auto in gdef.autos:
        if auto.score_only:
            continue
        if auto.groups is None or {stock.name, waste.name} & auto.groups:
            return None
    return stock.name, waste.name, action.turns


def _others_alike(game: Game, cursor: Cursor) -> Generator[None, None, bool]:
    """Along a few random lines of play, are the moves that touch neither the stock nor the
    waste the same at every cursor position the draws reach? The sequence's children assume
    so; a rule reading the stock or the waste (a move allowed only once the stock is empty)
    makes them differ, and the game is then searched with its draws as moves. A step a
    position and a draw; the game is left as it was."""
    rng = random.Random(game.key())
    piles, draw, stock = cursor.piles, cursor.draw, cursor.stock
    lose = game.gdef.lose
    position = game.position

    def others() -> frozenset[Move]:
        return frozenset(
            move
            for move in game.legal_moves()
            if move.kind != DONE and move.src not in piles and move.dst not in piles
        )

    for _ in range(_PLAYOUTS):
        made = 0
        try:
            for _ in range(_PLAYOUT_MOVES):
                yield
                if lose is not None and lose.test(position):
                    break
                seen = others()
                drawn = 0
                try:
                    for _ in range(len(stock.cards) + len(cursor.waste.cards) + 1):
                        if not cursor.available(position, stock):
                            break
                        make(game, draw)
                        drawn += 1
                        if lose is not None and lose.test(position):
                            break
                        if others() != seen:
                            return False
                        yield
                finally:
                    for _ in range(drawn):
                        unmake(game)
                moves = [move for move in game.legal_moves() if move.kind != DONE]
                if not moves:
                    break
                make(game, rng.choice(moves))
                made += 1
        finally:
            for _ in range(made):
                unmake(game)
    return True
