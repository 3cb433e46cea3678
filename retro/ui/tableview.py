"""Drawing the table: felt, piles, the cursor and hint frames, cards in flight, the two bars.

Only reads the table's state (`TableScene`); nothing here changes the game or the cursor.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from retro.engine.model import MOVE, Pile
from retro.solver.hints import Hint
from retro.ui import palette as pal
from retro.ui import texts
from retro.ui.cardart import CARD_H, CARD_W, EMPTY, EMPTY_FOUNDATION, EMPTY_STOCK, CardArt
from retro.ui.layout import SCREEN_W
from retro.ui.textview import CELL_H, CELL_W, COLS

if TYPE_CHECKING:
    from retro.ui.app import App
    from retro.ui.table import TableScene

STATUS_ROW = 24
assert SCREEN_W == COLS * CELL_W and CELL_H == 16  # the bars are text cells over the felt


def draw_table(table: TableScene, app: App) -> None:
    import pyxel

    pyxel.cls(pal.GREEN)
    art = app.art
    frame = app.frame
    hidden: dict[int, int] = {}
    for flight in table.flights:
        if not flight.landed(frame):
            hidden[flight.pile] = hidden.get(flight.pile, 0) + 1
    hint = table.shown_hint()
    lifted = table.held
    if hint is not None and hint.move.kind == MOVE:
        tint = (hint.move.src, hint.move.count, pal.YELLOW)
    elif lifted is not None:
        tint = (lifted[0], lifted[1], pal.LIGHT_CYAN)
    else:
        tint = (-1, 0, 0)
    for pile in table.piles:
        _draw_pile(table, art, pile, hidden.get(pile.index, 0), tint)
    _draw_marks(table, hint)
    for flight in sorted(table.flights, key=lambda f: f.begin):
        if not flight.landed(frame) and frame >= flight.begin:
            x, y = flight.where(frame)
            art.blt(x, y, flight.card, flight.face_up)
    _draw_bars(table, app)


def _draw_pile(table: TableScene, art: CardArt, pile: Pile, hidden: int,
               tint: tuple[int, int, int]) -> None:
    import pyxel

    geometry = table.geometry
    x, y = geometry.origin(pile)
    shown = len(pile.cards) - hidden
    if shown <= 0:
        empty = (EMPTY_STOCK if pile.group.action is not None else
                 EMPTY_FOUNDATION if pile.kind == "foundation" else EMPTY)
        art.blt_special(x, y, empty)
        return
    offsets = geometry.offsets(pile)
    fan = geometry.fans[pile.index]
    first = 0 if fan != "none" else shown - 1
    tinted_from = len(pile.cards) - tint[1] if tint[0] == pile.index else len(pile.cards)
    for i in range(first, shown):
        cx, cy = geometry.card_xy(pile, offsets, i)
        height = CARD_H
        if fan == "down" and i + 1 < shown:
            height = min(CARD_H, offsets[i + 1] - offsets[i] + 2)
        if i >= tinted_from:
            pyxel.pal(pal.WHITE, tint[2])
        art.blt(cx, cy, pile.cards[i], i >= pile.down, height)
        if i >= tinted_from:
            pyxel.pal()
    if fan == "none" and len(pile.cards) > 1 and pile.kind == "stock":
        # a few edges under the stock show how much is left
        for k in range(min(4, len(pile.cards) // 10)):
            pyxel.line(x + 2, y + CARD_H + 1 + k, x + CARD_W - 3, y + CARD_H + 1 + k,
                       pal.BLACK if k % 2 else pal.WHITE)


def _frame_around(table: TableScene, index: int, count: int, col: int) -> None:
    """A thick frame round the top `count` cards of a pile (or its empty place)."""
    import pyxel

    geometry = table.geometry
    pile = table.piles[index]
    x, y = geometry.origin(pile)
    x2, y2 = x + CARD_W, y + CARD_H
    if pile.cards:
        offsets = geometry.offsets(pile)
        top = len(pile.cards) - 1
        first = max(len(pile.cards) - max(count, 1), 0)
        x, y = geometry.card_xy(pile, offsets, first)
        tx, ty = geometry.card_xy(pile, offsets, top)
        x2, y2 = tx + CARD_W, ty + CARD_H
    pyxel.rectb(x - 2, y - 2, x2 - x + 4, y2 - y + 4, col)
    pyxel.rectb(x - 1, y - 1, x2 - x + 2, y2 - y + 2, col)


def _draw_marks(table: TableScene, hint: Hint | None) -> None:
    held = table.held
    if held is not None:
        _frame_around(table, held[0], held[1], pal.LIGHT_CYAN)
        if table.cursor != held[0]:
            _frame_around(table, table.cursor, 1, pal.YELLOW)
    else:
        _frame_around(table, table.cursor, table.chosen(), pal.YELLOW)
    if hint is not None:
        move = hint.move
        if move.kind == MOVE:
            _frame_around(table, move.src, move.count, pal.LIGHT_MAGENTA)
            _frame_around(table, move.dst, 1, pal.LIGHT_MAGENTA)
        else:
            _frame_around(table, move.src, 1, pal.LIGHT_MAGENTA)


def _draw_bars(table: TableScene, app: App) -> None:
    painter = app.painter
    session = table.session
    title = f" {texts.APP_TITLE} ─ {session.label}"
    keys = table.top_keys + " "
    if len(title) > COLS - len(keys) - 1:
        title = title[:COLS - len(keys) - 2] + "…"
    painter.cells(0, 0, title.ljust(COLS - len(keys)) + keys, pal.BLACK, pal.LIGHT_GREY)
    painter.cells(0, 0, title[:2 + len(texts.APP_TITLE)], pal.RED)
    game = table.game
    stock = sum(len(p.cards) for p in table.piles if p.kind == "stock")
    stats = (f" {game.gdef.title}  {texts.STATUS_DEAL} {game.seed}  "
             f"{texts.STATUS_SCORE} {game.score()}  {texts.STATUS_MOVES} {game.moves_made}  "
             f"{texts.STATUS_STOCK} {stock} ")
    width = COLS
    if game.gdef.done:  # the Done button, at the right end of the status line
        button = texts.DONE_KEY_LABEL
        width -= len(button)
        painter.cells(width, STATUS_ROW, button, pal.BLACK, pal.LIGHT_GREY)
        painter.cells(width + 1, STATUS_ROW, button[1], pal.RED)
    message = table.message
    if not message:
        painter.cells(0, STATUS_ROW, stats.ljust(width)[:width], pal.BLACK, pal.CYAN)
        return
    room = width - len(stats) - 1
    fg, bg = (pal.WHITE, pal.RED) if table.error else (pal.YELLOW, pal.BLUE)
    if len(message) + 2 <= room:
        painter.cells(0, STATUS_ROW, stats + "│", pal.BLACK, pal.CYAN)
        painter.cells(len(stats) + 1, STATUS_ROW, (" " + message).ljust(room), fg, bg)
    else:
        text = (" " + message)[:width].ljust(width)
        if len(message) + 1 > width:
            text = text[:width - 1] + "…"
        painter.cells(0, STATUS_ROW, text, fg, bg)


def on_done_button(table: TableScene, mx: int, my: int) -> bool:
    """Whether a click at (mx, my) hits the Done button at the end of the status line."""
    return (bool(table.game.gdef.done) and my // CELL_H == STATUS_ROW
            and mx // CELL_W >= COLS - len(texts.DONE_KEY_LABEL))
