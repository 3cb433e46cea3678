"""The table's hands: the keyboard cursor, choosing how many cards to lift, lifting and dropping,
and the mouse. Every move they make goes through the table (`TableScene.try_move`), which asks
the engine; what the hands keep is only where the cursor is and what is lifted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from retro.cards import Card, card_name
from retro.engine.model import Move, Pile, card_move
from retro.solver import hints as advice
from retro.ui import texts
from retro.ui.tableview import on_done_button

if TYPE_CHECKING:
    from retro.ui.app import App
    from retro.ui.table import TableScene


class Hands:
    """Cursor, lift and drop by keyboard and mouse, on one table."""

    def __init__(self, table: TableScene) -> None:
        self.table = table

    # -- the cursor -----------------------------------------------------------------------------

    def _row_of(self, rows: list[list[int]]) -> int:
        return next(i for i, row in enumerate(rows) if self.table.cursor in row)

    def _step(self, delta: int) -> None:
        table = self.table
        rows = table.geometry.rows(table.game.position)
        row = rows[self._row_of(rows)]
        table.move_cursor(row[(row.index(table.cursor) + delta) % len(row)])
        table.clear_hint()

    def _change_row(self, delta: int) -> bool:
        table = self.table
        geometry = table.geometry
        rows = geometry.rows(table.game.position)
        target = self._row_of(rows) + delta
        if not 0 <= target < len(rows):
            return False
        x = geometry.origins[table.cursor][0]
        table.move_cursor(min(rows[target], key=lambda i: abs(geometry.origins[i][0] - x)))
        table.clear_hint()
        return True

    def left(self, app: App) -> None:
        self._step(-1)

    def right(self, app: App) -> None:
        self._step(1)

    def next_row(self, app: App) -> None:
        if not self._change_row(1):
            rows = self.table.geometry.rows(self.table.game.position)
            self._change_row(-self._row_of(rows))

    def more(self, app: App) -> None:
        table = self.table
        pile = table.piles[table.cursor]
        chosen = table.chosen()
        if table.held is None and chosen and chosen < pile.run:
            table.count = chosen + 1
            self._say_chosen()
        else:
            self._change_row(-1)

    def fewer(self, app: App) -> None:
        table = self.table
        chosen = table.chosen()
        if table.held is None and chosen > 1:
            table.count = chosen - 1
            self._say_chosen()
        else:
            self._change_row(1)

    def _say_chosen(self) -> None:
        table = self.table
        pile = table.piles[table.cursor]
        chosen = table.chosen()
        table.say(texts.CHOOSE.format(n=chosen, run=pile.run,
                                      cards=cards_text(pile.cards[-chosen:])))

    # -- lifting and dropping ---------------------------------------------------------------

    def select_at_cursor(self, app: App) -> None:
        self.select(app, self.table.cursor)

    def select(self, app: App, index: int) -> None:
        """Enter on pile `index`: drop what is lifted, do the pile's action, or lift."""
        table = self.table
        pile = table.piles[index]
        if table.held is not None:
            src, count = table.held
            if src == index:
                table.held = None
                table.say("")
                return
            table.try_move(app, card_move(src, count, index))
            return
        action = pile.group.action
        if action is not None and self._acts(pile):
            table.try_move(app, Move(action.verb, index))
            return
        chosen = table.chosen() if index == table.cursor else pile.run
        if not chosen:
            pick = pile.group.pick
            table.refuse(app, pick.why(pile, 1) if pick is not None and pile.cards
                         else texts.NOTHING_TO_LIFT)
            return
        self._lift(index, chosen)

    def _acts(self, pile: Pile) -> bool:
        """Whether Enter or a click on `pile` does its action (deal, flip) rather than lift
        cards: always for a pile nothing is lifted from (the stock); for a pile that has both
        (Spider Duel's columns turn their top card), when the action can be done now or there
        is nothing to lift."""
        action = pile.group.action
        if action is None:
            return False
        if pile.group.pick is None or not pile.run:
            return True
        return action.available(self.table.game.position, pile)

    def _lift(self, index: int, count: int) -> None:
        table = self.table
        table.held = (index, count)
        table.clear_hint()
        cards = table.piles[index].cards[-count:]
        table.say(texts.LIFTED.format(n=count, cards=cards_text(cards)))

    # -- the mouse ------------------------------------------------------------------------------

    def click(self, app: App) -> None:
        import pyxel

        self._mouse(app, "click", pyxel.mouse_x, pyxel.mouse_y)

    def best(self, app: App) -> None:
        import pyxel

        self._mouse(app, "best", pyxel.mouse_x, pyxel.mouse_y)

    def _mouse(self, app: App, action: str, mx: int, my: int) -> None:
        table = self.table
        if action == "click" and on_done_button(table, mx, my):
            table.done(app)
            return
        hit = table.geometry.hit(table.game.position, mx, my)
        if hit is None:
            table.held = None
            return
        pile, i = hit
        table.move_cursor(pile.index)
        if action == "best" or (table.held is not None and table.held[0] == pile.index):
            count = table.held[1] if table.held is not None else len(pile.cards) - i
            table.held = None
            if i < 0 or count <= 0:
                return
            best = advice.best_move(table.game, pile.index, count)
            if best is None:
                reason = self._pick_reason(pile, count)
                table.refuse(app, reason or texts.NO_PLACE.format(
                    cards=cards_text(pile.cards[-count:])))
                return
            table.try_move(app, best.move)
            return
        if table.held is not None or self._acts(pile) or i < 0:
            self.select(app, pile.index)
            return
        count = len(pile.cards) - i
        reason = self._pick_reason(pile, count)
        if reason:
            table.refuse(app, reason)
            return
        table.count = count
        self._lift(pile.index, count)

    def _pick_reason(self, pile: Pile, count: int) -> str | None:
        if 0 < count <= pile.run:
            return None
        pick = pile.group.pick
        return pick.why(pile, count) if pick is not None else texts.NOTHING_TO_LIFT


def cards_text(cards: list[Card]) -> str:
    """A few cards by name (`9♥ 8♠ 7♥`), a long run by its ends (`K♠…2♠`)."""
    if len(cards) <= 3:
        return " ".join(card_name(card) for card in cards)
    return f"{card_name(cards[0])}…{card_name(cards[-1])}"
