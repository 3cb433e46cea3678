"""The opponent's bar: in a duel across two machines the table's top line shows how the other
player stands (name, score, moves, cards home: never their cards), the time left when the duel
has a limit, and "waiting for Bo... reconnecting" while the connection is lost.

Only reads the duel (`retro.net.session.NetDuel`); the network is polled by the scenes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from retro.ui import texts
from retro.ui.drawing import palette as pal
from retro.ui.drawing.textview import COLS
from retro.ui.drawing.widgets import fit

if TYPE_CHECKING:
    from retro.net.session import NetDuel
    from retro.ui.scene import Host


def opponent_parts(duel: NetDuel) -> tuple[str, str, bool]:
    """The bar's name part, its standing part, and whether it is a warning (the opponent
    away): what it says, apart from drawing."""
    standing = duel.standing()
    name = texts.NET_OPPONENT.format(name=duel.opponent or "?")
    waiting = duel.waiting()
    if waiting is not None and duel.started is not None:
        return f" {name} ", f" {texts.NET_WAITING.format(name=duel.opponent)} ", True
    if standing is None:
        return " ? ", f" {waiting or ''} ", True
    facts = texts.NET_STANDING.format(
        score=standing.score, moves=standing.moves, home=standing.home
    )
    if standing.finished:
        facts += f" {texts.NET_THEY_FINISHED}"
    if (duel.gone or (duel.ended and duel.forfeit is None)) and not standing.finished:
        return f" {name} ", f" {texts.NET_ALONE} ", True
    return f" {name} ", f" {facts} ", False


def clock_part(duel: NetDuel) -> str:
    """`12:03 left`, or nothing without a time limit."""
    left = duel.seconds_left()
    if left is None:
        return ""
    seconds = int(left + 0.999)  # 0:00 only when the time is up
    return f" {texts.NET_CLOCK.format(clock=f'{seconds // 60}:{seconds % 60:02}')} "


def draw_opponent_bar(duel: NetDuel, keys: str, app: Host) -> None:
    """The top line: the opponent (yellow on blue), their standing (on cyan, white on red
    while they are away), the clock, and the keys when there is room for them (F1 lists them
    too): the opponent comes first."""
    painter = app.painter
    name, facts, warning = opponent_parts(duel)
    clock = clock_part(duel)
    keys = keys + " "
    if len(name) + len(facts) + len(clock) + 1 + len(keys) > COLS:
        keys = ""
    painter.cells(0, 0, " " * COLS, pal.BLACK, pal.LIGHT_GREY)
    painter.cells(COLS - len(keys), 0, keys, pal.BLACK, pal.LIGHT_GREY)
    room = COLS - len(keys) - len(clock) - 1
    name = fit(name, max(room // 2, 4))
    painter.cells(0, 0, name, pal.YELLOW, pal.BLUE)
    facts = fit(facts, max(room - len(name), 1))
    fg, bg = (pal.WHITE, pal.RED) if warning else (pal.BLACK, pal.CYAN)
    painter.cells(len(name), 0, facts, fg, bg)
    if clock:
        low = (duel.seconds_left() or 0) < 60
        x = len(name) + len(facts) + 1
        painter.cells(x, 0, clock, pal.WHITE if low else pal.YELLOW, pal.RED if low else pal.BLUE)
