"""The table's hands: the keyboard cursor, choosing how many cards to lift, lifting and dropping,
and the mouse. Each public function is the handler of one key action of the table (see
`Table.HANDLERS`). Every move goes through the table (`Table.try_move`), which asks
the engine; the hands change only where the cursor is and what is lifted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from retro.engine.cards import Card, card_name
from retro.engine.position import MOVE, Move, Pile, card_move
from retro.engine.rotation import ROTATE_DOWN, ROTATE_UP
from retro.solver import hints as advice
from retro.ui import texts
from retro.ui.table import commands
from retro.ui.table.state import Table, reach
from retro.ui.table.view import on_done_button

if TYPE_CHECKING:
    from retro.ui.scene import Host


# -- the cursor -----------------------------------------------------------------------------


def _row_of(table: Table, rows: list[list[int]]) -> int:
    return next(i for i, row in enumerate(rows) if table.cursor in row)


def _step(table: Table, delta: int) -> None:
    rows = table.geometry.rows(table.game.position)
    row = rows[_row_of(table, rows)]
    table.move_cursor(row[(row.index(table.cursor) + delta) % len(row)])
    table.clear_hint()


def _change_row(table: Table, delta: int) -> bool:
    geometry = table.geometry
    rows = geometry.rows(table.game.position)
    target = _row_of(table, rows) + delta
    if not 0 <= target < len(rows):
        return False
    x = geometry.origins[table.cursor][0]
    table.move_cursor(min(rows[target], key=lambda i: abs(geometry.origins[i][0] - x)))
    table.clear_hint()
    return True


def left(table: Table, app: Host) -> None:
    _step(table, -1)


def right(table: Table, app: Host) -> None:
    _step(table, 1)


def next_row(table: Table, app: Host) -> None:
    if not _change_row(table, 1):
        rows = table.geometry.rows(table.game.position)
        _change_row(table, -_row_of(table, rows))


def more(table: Table, app: Host) -> None:
    pile = table.piles[table.cursor]
    chosen = table.chosen()
    if table.held is None and chosen and chosen < reach(pile):
        table.count = chosen + 1
        _say_chosen(table)
    else:
        _change_row(table, -1)


def fewer(table: Table, app: Host) -> None:
    chosen = table.chosen()
    if table.held is None and chosen > 1:
        table.count = chosen - 1
        _say_chosen(table)
    else:
        _change_row(table, 1)


def _say_chosen(table: Table) -> None:
    pile = table.piles[table.cursor]
    chosen = table.chosen()
    if chosen > pile.run:
        cards = cards_text(pile.cards[-chosen:])
        table.say(texts.CHOOSE_ROTATE.format(n=chosen, cards=cards), about="choice")
        return
    table.say(
        texts.CHOOSE.format(n=chosen, run=pile.run, cards=cards_text(pile.cards[-chosen:])),
        about="choice",
    )


# -- lifting and dropping ---------------------------------------------------------------


def select_at_cursor(table: Table, app: Host) -> None:
    select(table, app, table.cursor, keyboard=True)


def select(table: Table, app: Host, index: int, keyboard: bool = False) -> None:
    """Enter (or a click) on pile `index`: drop what is lifted, do the pile's action, or
    lift."""
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
    if action is not None and _acts(table, pile, keyboard):
        table.try_move(app, Move(action.verb, index))
        return
    chosen = table.chosen() if index == table.cursor else pile.run
    if chosen > pile.run:  # chosen deeper than the run, to rotate: not liftable
        table.refuse(app, _pick_reason(pile, chosen) or texts.NOTHING_TO_LIFT)
        return
    if not chosen:
        pick = pile.group.pick
        table.refuse(
            app, pick.why(pile, 1) if pick is not None and pile.cards else texts.NOTHING_TO_LIFT
        )
        return
    _lift(table, index, chosen)


def _acts(table: Table, pile: Pile, keyboard: bool = False) -> bool:
    """Whether Enter or a click on `pile` does its action (deal, flip) rather than lift
    cards: always for a pile nothing is lifted from; for a pile that has both, when the
    action can be done now or there is nothing to lift. Enter lifts instead when the cards
    on top can move now (Pyramid's face-up stock card pairs; D still deals), so every move
    the mouse makes, the keyboard makes."""
    action = pile.group.action
    if action is None:
        return False
    if pile.group.pick is None or not pile.run:
        return True
    if keyboard and any(
        move.kind == MOVE and move.src == pile.index for move in table.game.legal_moves()
    ):
        return False
    return action.available(table.game.position, pile)


def _lift(table: Table, index: int, count: int) -> None:
    table.held = (index, count)
    table.clear_hint()
    cards = table.piles[index].cards[-count:]
    table.say(texts.LIFTED.format(n=count, cards=cards_text(cards)), about="held")


# -- the mouse ------------------------------------------------------------------------------


def click(table: Table, app: Host) -> None:
    """A press of the left button: click-click as ever, and cards it lifts can be dragged
    while the button is held (`release` drops them)."""
    import pyxel

    mx, my = pyxel.mouse_x, pyxel.mouse_y
    before = table.held
    _mouse(table, app, "click", mx, my)
    table.grab = None
    if table.held is not None and table.held != before:
        src, count = table.held
        pile = table.piles[src]
        x, y = table.geometry.card_xy(pile, table.geometry.offsets(pile), len(pile.cards) - count)
        table.grab = (mx, my, mx - x, my - y)


def let_go() -> bool:
    """Whether the left button was let go this frame (the end of a drag or of a click)."""
    import pyxel

    return bool(pyxel.btnr(pyxel.MOUSE_BUTTON_LEFT))


def release(table: Table, app: Host) -> None:
    """The left button let go: after a drag, the cards drop on the pile under the pointer, or
    go back where nothing takes them; a press and release in one place stays a click."""
    import pyxel

    if not table.dragging(pyxel.mouse_x, pyxel.mouse_y):
        table.grab = None
        return
    table.grab = None
    assert table.held is not None
    src, count = table.held
    hit = table.geometry.hit(table.game.position, pyxel.mouse_x, pyxel.mouse_y)
    if hit is None or hit[0].index == src:
        table.held = None
        table.say("")
        return
    table.move_cursor(hit[0].index)
    table.try_move(app, card_move(src, count, hit[0].index))
    table.held = None


def best_click(table: Table, app: Host) -> None:
    import pyxel

    _mouse(table, app, "best", pyxel.mouse_x, pyxel.mouse_y)


def best(table: Table, app: Host) -> None:
    """Space: the lifted cards, else the cards chosen at the cursor, to their best place (the
    right click's move, from the keyboard)."""
    index, count = table.held if table.held is not None else (table.cursor, table.chosen())
    send_best(table, app, index, count)


def send_best(table: Table, app: Host, index: int, count: int) -> None:
    """The top `count` cards of pile `index` to the best place the hints know, or say why not."""
    table.held = None
    pile = table.piles[index]
    if count <= 0:
        table.refuse(app, (_pick_reason(pile, 1) if pile.cards else None) or texts.NOTHING_TO_LIFT)
        return
    found = advice.best_move(table.game, index, count)
    if found is None:
        table.refuse(
            app,
            _pick_reason(pile, count)
            or texts.NO_PLACE.format(cards=cards_text(pile.cards[-count:])),
        )
        return
    table.try_move(app, found.move)


def _mouse(table: Table, app: Host, action: str, mx: int, my: int) -> None:
    if action == "click" and on_done_button(table, mx, my):
        commands.done(table, app)
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
        send_best(table, app, pile.index, count)
        return
    if table.held is not None or _acts(table, pile) or i < 0:
        select(table, app, pile.index)
        return
    count = len(pile.cards) - i
    reason = _pick_reason(pile, count)
    if reason and pile.run < count <= reach(pile):  # a buried card, chosen to rotate
        table.count = count
        _say_chosen(table)
        return
    if reason:
        table.refuse(app, reason)
        return
    table.count = count
    _lift(table, pile.index, count)


# -- rotations ------------------------------------------------------------------------------


def rotate_up(table: Table, app: Host) -> None:
    _rotate(table, app, ROTATE_UP)


def rotate_down(table: Table, app: Host) -> None:
    _rotate(table, app, ROTATE_DOWN)


def _rotate(table: Table, app: Host, verb: str) -> None:
    """Turn the cards chosen at the cursor round (the engine says if the game allows it)."""
    table.held = None
    table.try_move(app, Move(verb, table.cursor, table.chosen()))


def _pick_reason(pile: Pile, count: int) -> str | None:
    if 0 < count <= pile.run:
        return None
    pick = pile.group.pick
    return pick.why(pile, count) if pick is not None else texts.NOTHING_TO_LIFT


def cards_text(cards: list[Card]) -> str:
    """A few cards by name (`9♥ 8♠ 7♥`), a long run by its ends (`K♠…2♠`)."""
    if len(cards) <= 3:
        return " ".join(card_name(card) for card in cards)
    return f"{card_name(cards[0])}…{card_name(cards[-1])}"
