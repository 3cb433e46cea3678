"""Hints and auto-play: ranked from the engine's own legal moves, or the first move of a win the
solver finds (`advise`).

Each legal move is tried on the real `Game` (push, look, pop), so a hint can never disagree with
the rules, and what a move *does* is read from the engine's events rather than guessed: a turned
card, a removed suit, a same-suit build. Structure the events do not tell (a column emptied, a
run shuffled between two equal places) is read from the piles before the move.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from retro.engine.game import WON, Game
from retro.engine.gamedef import CELL, FOUNDATION, GRID, TABLEAU, PileKind
from retro.engine.position import DONE, MOVE, Move, Pile
from retro.engine.rotation import ROTATIONS
from retro.solver.safety import play_out, safe_home
from retro.solver.search import Budget, Result, solve

# Values, large enough apart that one strong reason is never outweighed by several weak ones.
WIN = 100_000
REMOVE_SUIT = 5_000
TURN_CARD = 1_000
EMPTY_COLUMN = 400
SAME_SUIT = 150
SCORE_GAIN = 3
INTO_EMPTY = -120
SHUFFLE = -600
BREAK_SUIT = -900
REPEAT = -3_000
DEAL = -10_000
ROTATE = -20_000  # a rotation is a rare allowance: hinted only when nothing else is left
GIVE_UP = -50_000

# Why a move is good (or not), in the words the status line shows; the window translates them.
WINS = "wins the game"
COMPLETES = "completes a suit"
TURNS = "turns a card"
WHOLE_PILE = "only moves a whole pile to an empty one"
EMPTIES = "empties a column"
IN_SUIT = "builds in suit"
BREAKS_RUN = "breaks a run of one suit"
SHUFFLES = "only shuffles a run between equal places"
GOES_BACK = "goes back to an earlier position"
WIN_IN = "a win in {n} moves"  # the solver's hint; {n} is its length (more than one)
# Why a pile action is made, by its verb (a verb not named here: OTHER_ACTION).
ACTION_REASONS = {
    "deal": "deals new cards from the stock",
    "redeal": "gathers the cards and deals them again",
    "turn": "turns the pile's top card",
    "flip": "turns a face-down card",
}
OTHER_ACTION = "does the pile's action"
# What a move no stronger reason speaks for does, told from its two piles.
TO_FOUNDATION = "plays to a foundation"
TO_CELL = "parks cards in a free cell"
FROM_CELL = "brings a card back from a cell"
FILLS_GAP = "fills a gap"
FILLS_EMPTY = "fills an empty pile"
UNCOVERS = "uncovers the card below"
BUILDS = "builds on another pile"
SPENDS_ROTATION = "spends a rotation"
REASONS = (
    WINS,
    COMPLETES,
    TURNS,
    WHOLE_PILE,
    EMPTIES,
    IN_SUIT,
    BREAKS_RUN,
    SHUFFLES,
    GOES_BACK,
    WIN_IN,
    SPENDS_ROTATION,
    *ACTION_REASONS.values(),
    OTHER_ACTION,
    TO_FOUNDATION,
    TO_CELL,
    FROM_CELL,
    FILLS_GAP,
    FILLS_EMPTY,
    UNCOVERS,
    BUILDS,
)

# Auto-play makes only moves at least this good: progress, never a gamble.
AUTO_THRESHOLD = SAME_SUIT
# A hint list leaves out moves this bad unless nothing better exists.
POINTLESS = SHUFFLE

# What kind of hint: the first move of a win the solver found, or the best-ranked move.
SOLVER, RANKED = "solver", "ranked"
HINT_SECONDS = 1.0  # how long a hint may look for a win


@dataclass(frozen=True)
class Hint:
    """A legal move with how good it looks and why, in words for the status line."""

    move: Move
    value: int
    reasons: tuple[str, ...]
    kind: str = RANKED
    length: int = 0  # a solver's hint: the moves of the win it found

    @property
    def why(self) -> str:
        """The first reason, in English (the window translates `reasons[0]` itself)."""
        return self.reasons[0].format(n=self.length)


def _trial(game: Game, move: Move) -> tuple[list[tuple[str, int]], int, object]:
    """The events, score change and resulting table of `move`, leaving the game as it was."""
    before = game.score()
    with game.trial(move) as events:
        return list(events), game.score() - before, game.position.piles_state()


def _recent_positions(game: Game, depth: int = 8) -> set[object]:
    """Positions of the last few moves, so a hint never walks straight back to one of them.

    Undo snapshots hold only the piles a move touched, so the earlier positions are rebuilt by
    undoing on a scratch basis and redoing at once; cheat and redo state are restored after.
    """
    seen: set[object] = set()
    cheat, future = game.cheat, list(game.future)
    undone: list[Move] = []
    try:
        for _ in range(min(depth, len(game.history))):
            undone.append(game.pop())
            seen.add(game.position.piles_state())
    finally:
        for move in reversed(undone):
            game.push(move)
        game.cheat, game.future[:] = cheat, future
    return seen


def rate(game: Game, move: Move, recent: set[object] | None = None) -> Hint:
    """How good `move` looks now (higher is better), with the reasons."""
    if move.kind == DONE:
        return Hint(move, GIVE_UP, ("give up",))
    position = game.position
    value = 0
    reasons: list[str] = []
    src = position.piles[move.src]
    dst = position.piles[move.dst] if move.kind == MOVE else None
    src_cards = list(src.cards)
    events, gain, after = _trial(game, move)
    names = {name: count for name, count in events}
    if "won" in names:
        value += WIN
        reasons.append(WINS)
    if "run_removed" in names:
        value += REMOVE_SUIT * names["run_removed"]
        reasons.append(COMPLETES)
    if "flipped" in names:
        value += TURN_CARD * names["flipped"]
        reasons.append(TURNS)
    if move.kind != MOVE:
        if move.kind == "deal":
            value += DEAL
        elif move.kind in ROTATIONS:
            value += ROTATE
        reasons.append(
            SPENDS_ROTATION
            if move.kind in ROTATIONS
            else ACTION_REASONS.get(move.kind, OTHER_ACTION)
        )
        return Hint(move, value + SCORE_GAIN * gain, tuple(reasons))
    assert dst is not None
    count = move.count
    bottom = src_cards[-count]
    if dst.kind not in (FOUNDATION, GRID):  # a grid's gaps are where its cards go
        if count == len(src_cards) and not dst.cards:
            value += SHUFFLE
            reasons.append(WHOLE_PILE)
        elif count == len(src_cards) and src.kind == TABLEAU:
            value += EMPTY_COLUMN
            reasons.append(EMPTIES)
        elif not dst.cards:
            value += INTO_EMPTY
    if "built_same_suit" in names:
        value += SAME_SUIT + count
        reasons.append(IN_SUIT)
    under_index = len(src_cards) - count - 1
    if under_index >= src.down and under_index >= 0 and dst.kind != FOUNDATION:
        under = src_cards[under_index]
        if under.rank == bottom.rank + 1:
            if under.suit == bottom.suit:
                value += BREAK_SUIT
                reasons.append(BREAKS_RUN)
            elif "built_same_suit" not in names:
                value += SHUFFLE
                reasons.append(SHUFFLES)
    if recent and after in recent:
        value += REPEAT
        reasons.append(GOES_BACK)
    value += SCORE_GAIN * gain
    return Hint(
        move,
        value,
        tuple(reasons) or (_plain_reason(src.kind, dst.kind, dst.cards, len(src_cards) > count),),
    )


def _plain_reason(src_kind: PileKind, dst_kind: PileKind, dst_cards: object, uncovers: bool) -> str:
    """What a move no stronger reason speaks for does, told truly from its two piles."""
    if dst_kind == FOUNDATION:
        return TO_FOUNDATION
    if dst_kind == CELL:
        return TO_CELL
    if src_kind == CELL:
        return FROM_CELL
    if not dst_cards:
        return FILLS_GAP if dst_kind == GRID else FILLS_EMPTY
    return UNCOVERS if uncovers else BUILDS


def rank(game: Game, moves: Iterable[Move] | None = None) -> list[Hint]:
    """Every legal move (or the given ones), best first; ties keep the engine's order."""
    candidates = list(game.legal_moves() if moves is None else moves)
    if not candidates:
        return []
    recent = _recent_positions(game)
    rated = [rate(game, move, recent) for move in candidates]
    return sorted(rated, key=lambda hint: -hint.value)


def hints(game: Game) -> list[Hint]:
    """What the hint key cycles through: the worthwhile moves, best first, deal and give-up last.

    Pointless shuffles are left out unless nothing else is legal, so a hint never suggests going
    round in circles while a real move exists.
    """
    ranked = rank(game)
    useful = [
        hint
        for hint in ranked
        if hint.value > POINTLESS or (hint.move.kind != MOVE and hint.move.kind not in ROTATIONS)
    ]
    useful = [hint for hint in useful if hint.move.kind != DONE] or useful
    return useful or ranked


def best_move(game: Game, src: int, count: int) -> Hint | None:
    """The best legal place for the top `count` cards of pile `src` (a click on a card): home,
    when nothing on the table can need them there (a free Ace); never the same kind of place
    it lies in already, empty (a card in a free cell is not walked on to the next)."""
    piles = game.position.piles
    moves = [
        move
        for move in game.legal_moves()
        if move.kind == MOVE
        and move.src == src
        and move.count == count
        and not _same_place(piles[src], piles[move.dst], count)
    ]
    home = safe_home(game, moves)
    if home is not None:
        return rate(game, home)
    ranked = rank(game, moves)
    return ranked[0] if ranked else None


def _same_place(src: Pile, dst: Pile, count: int) -> bool:
    """Whether a move of `count` cards only carries a whole pile to an empty one of its own
    group: the same place again, for a player."""
    return count == len(src.cards) and not dst.cards and dst.group is src.group


def auto_move(game: Game, seen: set[object] | None = None) -> Hint | None:
    """The next move auto-play should make, or None when no move is clearly progress: a card
    that can go home safely first (`safety.safe_home`), or the next of a certain finish
    (`safety.play_out`), then the best-ranked good move.

    `seen` collects the positions auto-play has passed through, so it can never loop.
    """
    home = safe_home(game) or play_out(game)
    if home is not None:
        hint = rate(game, home)
        if seen is not None:
            seen.add(_trial(game, home)[2])
        return hint
    for hint in rank(game):
        if hint.value < AUTO_THRESHOLD:
            return None
        if seen is None:
            return hint
        _, _, after = _trial(game, hint.move)
        if after not in seen:
            seen.add(after)
            return hint
    return None


def hint_budget(seconds: float | None = None) -> Budget:
    """What a hint's search may spend: `seconds` (`HINT_SECONDS` unless given)."""
    return Budget(seconds=HINT_SECONDS if seconds is None else seconds)


def solver_hint(game: Game, seconds: float | None = None) -> Hint | None:
    """The first move of a win the solver finds within `seconds` (`HINT_SECONDS` unless
    given; every card known to it), or None when it finds none in time; the game is left as
    it was."""
    return from_search(solve(game, hint_budget(seconds)))


def from_search(found: Result) -> Hint | None:
    """The hint a finished search gives: the first move of its win, or None."""
    if found.result != WON or not found.moves:
        return None
    count = len(found.moves)
    return Hint(found.moves[0], WIN, (WIN_IN if count > 1 else WINS,), SOLVER, count)


def with_solver(ranked: list[Hint], found: Hint | None) -> list[Hint]:
    """The solver's move first (when it found a win), then the ranked hints, that move not
    twice."""
    if found is None:
        return ranked
    return [found, *(hint for hint in ranked if hint.move != found.move)]


def advise(game: Game, seconds: float | None = None) -> list[Hint]:
    """What the hint key shows: the solver's move when it finds a win in time, then the
    ranked hints (that move not twice). The window looks for it a slice a frame instead
    (`retro.ui.table.hints`), with the same search and budget."""
    ranked = hints(game)
    return with_solver(ranked, solver_hint(game, seconds) if ranked else None)
