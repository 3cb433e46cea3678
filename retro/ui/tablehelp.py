"""Help at the table: hints (H, Shift+H) and auto-play (A), each the handler of a key action of
the table (see `TableScene.HANDLERS`). The advice comes from `retro.solver.hints`; moves the
auto-player makes go through the table like a player's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from retro.engine.model import MOVE, Move
from retro.engine.notation import format_move
from retro.solver import hints as advice
from retro.ui import texts
from retro.ui.tablekeys import cards_text

if TYPE_CHECKING:
    from retro.ui.app import App
    from retro.ui.table import TableScene

AUTO_PAUSE = 6  # frames between auto-play moves, so a person can follow them


def hint(table: TableScene, app: App) -> None:
    _cycle_hint(table, app, 1)


def hint_back(table: TableScene, app: App) -> None:
    _cycle_hint(table, app, -1)


def _cycle_hint(table: TableScene, app: App, delta: int) -> None:
    table.held = None
    if table.hints is None:
        table.hints = advice.hints(table.game)
        table.hint_index = -1 if delta > 0 else 0
    if not table.hints:
        table.refuse(app, texts.NO_HINT)
        return
    table.hint_index = (table.hint_index + delta) % len(table.hints)
    shown = table.hints[table.hint_index]
    table.say(texts.HINT.format(i=table.hint_index + 1, n=len(table.hints),
                                move=describe(table, shown.move), why=texts.tr(shown.reasons[0])),
              about="hint")


def describe(table: TableScene, move: Move) -> str:
    """A move as the status line names it: the cards and the two piles."""
    piles = table.piles
    if move.kind == MOVE:
        cards = piles[move.src].cards[-move.count:]
        return f"{cards_text(cards)} {piles[move.src].id} → {piles[move.dst].id}"
    return format_move(table.game.position, move)


def auto(table: TableScene, app: App) -> None:
    table.held = None
    table.auto_seen = {table.game.position.piles_state()}
    table.auto_moves = 0
    table.auto_wait = 0


def auto_step(table: TableScene, app: App) -> None:
    """One frame of auto-play: wait, or make the next obvious move, or stop and say how many."""
    if table.auto_wait > 0:
        table.auto_wait -= 1
        return
    found = advice.auto_move(table.game, table.auto_seen)
    if found is None:
        moves = table.auto_moves
        table.stop_auto()
        table.say(texts.count(texts.AUTO_DONE, moves) if moves else texts.NO_AUTO)
        return
    table.auto_moves += 1
    table.try_move(app, found.move, keep_auto=True)
    table.auto_wait = AUTO_PAUSE if app.animate else 0
