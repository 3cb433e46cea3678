"""Drawing the table: felt, piles, the cursor and hint frames, cards in flight, the two bars.

Only reads the table's state (`Table`); nothing here changes the game or the cursor.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from retro.engine.faces import face_up
from retro.engine.gamedef import FOUNDATION, STOCK
from retro.engine.position import MOVE, Pile
from retro.i18n import say
from retro.rules.common import REDEALS
from retro.solver.hints import Hint
from retro.ui import texts
from retro.ui.drawing import palette as pal
from retro.ui.drawing.cardart import CARD_H, CARD_W, EMPTY, EMPTY_FOUNDATION, EMPTY_STOCK, CardArt
from retro.ui.drawing.textview import CELL_H, CELL_W, COLS
from retro.ui.drawing.widgets import fit, wrap
from retro.ui.keymap import FPS
from retro.ui.table.layout import SCREEN_W
from retro.ui.table.netpanel import draw_opponent_bar

if TYPE_CHECKING:
    from retro.ui.scene import Host
    from retro.ui.table.state import Table

STATUS_ROW = 24
assert SCREEN_W == COLS * CELL_W and CELL_H == 16  # the bars are text cells over the felt


def draw_table(table: Table, app: Host) -> None:
    import pyxel

    felt, outline = pal.felt(app.settings.felt)
    pyxel.cls(felt)
    art = app.art
    frame = app.frame
    hidden: dict[int, int] = {}
    for flight in table.flights:
        if not flight.landed(frame):
            hidden[flight.pile] = hidden.get(flight.pile, 0) + 1
    dragged = table.held if _dragging(table) else None
    if dragged is not None:  # the dragged cards follow the pointer, not at their place
        hidden[dragged[0]] = hidden.get(dragged[0], 0) + dragged[1]
    hint = table.shown_hint()
    lifted = table.held
    if hint is not None and hint.move.kind == MOVE:
        tint = (hint.move.src, hint.move.count, pal.YELLOW)
    elif lifted is not None:
        tint = (lifted[0], lifted[1], pal.LIGHT_CYAN)
    else:
        tint = (-1, 0, 0)
    frames = _marks(table, hint)
    geometry = table.geometry
    shown = [table.piles[i] for i in geometry.draw_order if not geometry.hidden[i]]
    for pile in shown:  # empty places first: a card lying over one hides its outline
        if pile.over or pile.under or pile.openers or pile.opens:
            continue  # a place in a cover map (or among piles opening each other): once
            # empty, it shows the table or the cards it lay on, not an outline among them
        if len(pile.cards) <= hidden.get(pile.index, 0):
            x, y = table.geometry.origin(pile)
            pyxel.pal(pal.LIGHT_GREEN, outline)
            art.blt_special(x, y, empty_art(table, pile))
            pyxel.pal()
    targets = table.targets()
    for pile in shown:  # each pile with its frames, so the piles over it cover both
        _draw_pile(table, art, pile, hidden.get(pile.index, 0), tint)
        if pile.index in targets:
            _target_mark(table, pile)
        for count, colour in frames.get(pile.index, ()):
            _frame_around(table, pile.index, count, colour)
    for flight in sorted(table.flights, key=lambda f: f.begin):
        if not flight.landed(frame) and frame >= flight.begin:
            x, y = flight.where(frame)
            art.blt(x, y, flight.card, flight.face_up)
    if dragged is not None:
        _draw_dragged(table, art, *dragged)
    _draw_bars(table, app)


def _dragging(table: Table) -> bool:
    import pyxel

    return pyxel.btn(pyxel.MOUSE_BUTTON_LEFT) and table.dragging(pyxel.mouse_x, pyxel.mouse_y)


def _draw_dragged(table: Table, art: CardArt, index: int, count: int) -> None:
    """The lifted cards under the pointer, held where they were grabbed, fanned as they lay."""
    import pyxel

    grab = table.grab
    assert grab is not None
    pile = table.piles[index]
    geometry = table.geometry
    offsets = geometry.offsets(pile)
    first = len(pile.cards) - count
    x0, y0 = geometry.card_xy(pile, offsets, first)
    dx, dy = pyxel.mouse_x - grab[2] - x0, pyxel.mouse_y - grab[3] - y0
    pyxel.pal(pal.WHITE, pal.LIGHT_CYAN)
    for i in range(first, len(pile.cards)):
        x, y = geometry.card_xy(pile, offsets, i)
        art.blt(x + dx, y + dy, pile.cards[i], face_up(pile, i))
    pyxel.pal()


def _target_mark(table: Table, pile: Pile) -> None:
    """A pile that takes the lifted cards: a dotted white frame round its top card (or its
    empty place), its corners whole, as DOS programs marked where a thing could go."""
    import pyxel

    geometry = table.geometry
    x, y = geometry.origin(pile)
    if pile.cards:
        x, y = geometry.card_xy(pile, geometry.offsets(pile), len(pile.cards) - 1)
    left, top, right, bottom = x - 3, y - 3, x + CARD_W + 2, y + CARD_H + 2
    for px in range(left, right + 1, 2):
        pyxel.pset(px, top, pal.WHITE)
        pyxel.pset(px, bottom, pal.WHITE)
    for py in range(top, bottom + 1, 2):
        pyxel.pset(left, py, pal.WHITE)
        pyxel.pset(right, py, pal.WHITE)
    for cx, cy, sx, sy in (
        (left, top, 1, 1),
        (right, top, -1, 1),
        (left, bottom, 1, -1),
        (right, bottom, -1, -1),
    ):
        pyxel.line(cx, cy, cx + 5 * sx, cy, pal.WHITE)
        pyxel.line(cx, cy, cx, cy + 5 * sy, pal.WHITE)


def _draw_pile(
    table: Table, art: CardArt, pile: Pile, hidden: int, tint: tuple[int, int, int]
) -> None:
    import pyxel

    geometry = table.geometry
    x, y = geometry.origin(pile)
    shown = len(pile.cards) - hidden
    if shown <= 0:
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
        art.blt(cx, cy, pile.cards[i], face_up(pile, i), height)
        if i >= tinted_from:
            pyxel.pal()
    if fan == "none" and len(pile.cards) > 1 and pile.kind == STOCK:
        # a few edges under the stock show how much is left
        for k in range(min(4, len(pile.cards) // 10)):
            pyxel.line(
                x + 2,
                y + CARD_H + 1 + k,
                x + CARD_W - 3,
                y + CARD_H + 1 + k,
                pal.BLACK if k % 2 else pal.WHITE,
            )


def redeals_left(table: Table) -> int | None:
    """The redeals left in a game that allows a number of them; None in the others (none at
    all, or no limit)."""
    for pile in table.piles:
        action = pile.group.action
        if action is not None and action.redeals:
            used = table.game.position.counters.get(REDEALS, 0)
            return max(action.redeals - used, 0)
    return None


def empty_art(table: Table, pile: Pile) -> tuple[int, int]:
    """How an empty pile is drawn: the redeal circle on a pile that can still be dealt anew,
    the four pips on a foundation, else the bare outline."""
    action = pile.group.action
    if action is not None and (action.redeals is None or (action.redeals and redeals_left(table))):
        return EMPTY_STOCK
    return EMPTY_FOUNDATION if pile.kind == FOUNDATION else EMPTY


def status_fields(table: Table, clock: bool = False) -> str:
    """The status line's facts: the game, the deal, and the score, the moves, the stock and
    the redeals left where the game has them; the time played if the clock is chosen."""
    game = table.game
    gdef = game.gdef
    parts = [texts.tr(gdef.title), f"{texts.STATUS_DEAL} {game.seed}"]
    if gdef.score.from_position is not None or gdef.score.points or gdef.score.running:
        named = gdef.score.name  # what the score counts, where the rule says
        parts.append(f"{say(named) if named else texts.STATUS_SCORE} {game.score()}")
    parts.append(f"{texts.STATUS_MOVES} {game.moves_made}")
    stocks = {group.name for group in gdef.groups if group.kind == STOCK}
    if any(step.to in stocks for step in gdef.deal):  # a stock that holds cards
        stock = sum(len(p.cards) for p in table.piles if p.kind == STOCK)
        parts.append(f"{texts.STATUS_STOCK} {stock}")
    left = redeals_left(table)
    if left is not None:
        parts.append(f"{texts.STATUS_REDEALS} {left}")
    if clock:
        parts.append(f"{texts.STATUS_TIME} {clock_text(table.session.frames // FPS)}")
    if table.winwatch is not None and table.demo is None:  # (it rests while a demo plays)
        parts.append(table.winwatch.mark())
    return " " + "  ".join(parts) + " "


def _frame_around(table: Table, index: int, count: int, col: int) -> None:
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


def _marks(table: Table, hint: Hint | None) -> dict[int, list[tuple[int, int]]]:
    """The frames to draw, by pile: (cards framed, colour) for the lifted cards, the cursor
    and the hint, in that order."""
    frames: dict[int, list[tuple[int, int]]] = {}

    def mark(index: int, count: int, colour: int) -> None:
        frames.setdefault(index, []).append((count, colour))

    held = table.held
    if held is not None:
        mark(held[0], held[1], pal.LIGHT_CYAN)
        if table.cursor != held[0]:
            mark(table.cursor, 1, pal.YELLOW)
    else:
        mark(table.cursor, table.chosen(), pal.YELLOW)
    if hint is not None:
        move = hint.move
        mark(move.src, move.count if move.kind == MOVE else 1, pal.LIGHT_MAGENTA)
        if move.kind == MOVE:
            mark(move.dst, 1, pal.LIGHT_MAGENTA)
    return frames


def _draw_bars(table: Table, app: Host) -> None:
    painter = app.painter
    session = table.session
    if session.net is not None:  # the top line is the opponent's, across two machines
        draw_opponent_bar(session.net, table.top_keys, app)
    else:
        title, keys = title_bar(session.label, table.top_keys)
        painter.cells(0, 0, title.ljust(COLS - len(keys)) + keys, pal.BLACK, pal.LIGHT_GREY)
        if title.startswith(f" {texts.APP_TITLE} ─"):
            painter.cells(0, 0, title[: 2 + len(texts.APP_TITLE)], pal.RED)
    stats = status_fields(table, app.settings.clock)
    width = COLS
    if table.game.gdef.done and table.done_button:  # the Done button, at the status line's end
        button = texts.DONE_KEY_LABEL
        width -= len(button)
        painter.cells(width, STATUS_ROW, button, pal.BLACK, pal.LIGHT_GREY)
        painter.cells(width + 1, STATUS_ROW, button[1], pal.RED)
    for col, row, text, fg, bg in status_rows(table, stats, width):
        painter.cells(col, row, text, fg, bg)


def status_rows(table: Table, stats: str, width: int) -> list[tuple[int, int, str, int, int]]:
    """The status line and the message, as (column, row, text, colours): the message beside
    the score, moves, clock and winnable word when it fits there, else in a bar above the
    status line, as many rows as it takes, whole; the fields stay in sight either way."""
    message = table.status()
    if not message:
        return [(0, STATUS_ROW, stats.ljust(width)[:width], pal.BLACK, pal.CYAN)]
    room = width - len(stats) - 1
    fg, bg = (pal.WHITE, pal.RED) if table.error else (pal.YELLOW, pal.BLUE)
    if len(message) + 2 <= room:
        return [
            (0, STATUS_ROW, stats + "│", pal.BLACK, pal.CYAN),
            (len(stats) + 1, STATUS_ROW, (" " + message).ljust(room), fg, bg),
        ]
    lines = wrap(message, COLS - 2)
    above = [
        (0, STATUS_ROW - len(lines) + offset, (" " + line).ljust(COLS), fg, bg)
        for offset, line in enumerate(lines)
    ]
    return [*above, (0, STATUS_ROW, stats.ljust(width)[:width], pal.BLACK, pal.CYAN)]


def title_bar(label: str, top_keys: str) -> tuple[str, str]:
    """The title bar's two ends: the label whole (the program's name given up first), and as
    many of the key hints as fit after a clear gap, the last ones dropped (F1 has them all)."""
    hints = top_keys.split("  ")
    while hints and len(label) + 1 > COLS - len("  ".join(hints)) - 4:
        hints.pop()
    keys = "  ".join(hints) + " " if hints else ""
    return title_text(label, COLS - len(keys) - 3 if hints else COLS), keys


def title_text(label: str, room: int) -> str:
    """The title bar's text: the program's name and the label, or, when they do not fit in
    `room` cells, the label alone (a replay's player, a duel's code), cut only if it must be."""
    title = f" {texts.APP_TITLE} ─ {label}"
    return title if len(title) <= room else fit(f" {label}", room)


def clock_text(seconds: int) -> str:
    """`4:07`, or `1:02:07` past the hour, as DOS games showed their clocks."""
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"


def on_done_button(table: Table, mx: int, my: int) -> bool:
    """Whether a click at (mx, my) hits the Done button at the end of the status line."""
    return (
        bool(table.game.gdef.done)
        and table.done_button
        and my // CELL_H == STATUS_ROW
        and mx // CELL_W >= COLS - len(texts.DONE_KEY_LABEL)
    )
