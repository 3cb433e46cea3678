"""The table's commands: the keys that act on the game as a whole (undo and redo, a new deal,
the restart, Done, the stock's deal) and those that leave it for another screen (the menu,
help). Each is the handler of one key action of the table (see `TableScene.HANDLERS`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from retro.engine.position import DONE, Move
from retro.errors import IllegalMove
from retro.ui import texts
from retro.ui.scenes.dialogs import ConfirmScene
from retro.ui.scenes.helpscreen import show_help
from retro.ui.table import dealsearch

if TYPE_CHECKING:
    from retro.ui.scene import Host
    from retro.ui.table.state import Table


def cancel(table: Table, app: Host) -> None:
    if table.held is not None:
        table.held = None
        table.say("")
    elif table.thinking is not None:  # the first hint is not wanted after all
        table.thinking = None
    elif table.shown_hint() is not None:
        table.clear_hint()
    else:
        table.say("")
        app.show_menu(table.session.game_id)


def menu(table: Table, app: Host) -> None:
    table.held = None
    table.say("")
    app.show_menu(table.session.game_id)


def instructions(table: Table, app: Host) -> None:
    """F1: the game's rules, then the table's keys."""
    show_help(app, table.session.game_id)


def sound(table: Table, app: Host) -> None:
    on = app.toggle_sound()
    table.say(texts.SOUND_ON if on else texts.SOUND_OFF)


def deal(table: Table, app: Host) -> None:
    index = table.deal_pile()
    if index is None:
        table.refuse(app, texts.NO_DEAL_HERE)
        return
    table.held = None
    action = table.piles[index].group.action
    assert action is not None
    table.try_move(app, Move(action.verb, index))


def undo(table: Table, app: Host) -> None:
    table.held = None
    if _in_duel(table, app, texts.NO_UNDO_DUEL):
        return
    game = table.game
    try:
        before = table.snapshot()
        move = game.pop()
    except IllegalMove:
        table.refuse(app, texts.NOTHING_TO_UNDO)
        return
    app.record("undo")
    while len(game.history) + 1 in table.automatic and game.history:
        move = game.pop()  # the cards that went home by themselves, and the move before them
        app.record("undo")
    table.homing = False
    table.after_change(app, before, move, undo=True)
    app.autosave()


def redo(table: Table, app: Host) -> None:
    table.held = None
    if _in_duel(table, app, texts.NO_UNDO_DUEL):
        return
    game = table.game
    try:
        before = table.snapshot()
        move = game.redo()
    except IllegalMove:
        table.refuse(app, texts.NOTHING_TO_REDO)
        return
    app.record("redo")
    while len(game.history) + 1 in table.automatic and game.future:
        game.redo()  # with the cards that went home by themselves after it
        app.record("redo")
    table.after_change(app, before, move)
    app.autosave()


def done(table: Table, app: Host) -> None:
    """Done: the game ends as it stands (in a duel: the turn); asks first."""
    table.held = None
    if not table.game.gdef.done:
        table.refuse(app, texts.NO_DONE)
        return
    net = table.session.net
    title, lines = (
        (texts.DUEL_DONE_TITLE, texts.DUEL_DONE_LINES)
        if table.session.duel
        else (
            texts.NET_DONE_TITLE,
            tuple(line.format(name=net.opponent) for line in texts.NET_DONE_LINES),
        )
        if net is not None
        else (texts.DONE_TITLE, texts.DONE_LINES)
    )
    app.push(ConfirmScene(lambda: table.try_move(app, Move(DONE, -1)), title, lines))


def _in_duel(table: Table, app: Host, what: str) -> bool:
    """A duel has no undo, restart or new deal: every move counts (retro.duel)."""
    if not table.session.in_duel:
        return False
    if table.session.net is not None and what == texts.NO_UNDO_DUEL:
        what = texts.NET_NO_UNDO  # (its own game ends, no turn)
    table.refuse(app, what)
    return True


def new(table: Table, app: Host) -> None:
    if _in_duel(table, app, texts.NO_NEW_DUEL):
        return
    if table.session.in_progress():
        app.push(ConfirmScene(lambda: deal_anew(table, app)))
    else:
        deal_anew(table, app)


def deal_anew(table: Table, app: Host) -> None:
    """A new deal of this game and options (a winnable one, when only those are wanted)."""
    dealsearch.new_deal(app, table.session.game_id, table.session.options)


def ask_restart(table: Table, app: Host) -> None:
    if _in_duel(table, app, texts.NO_NEW_DUEL):
        return

    def again() -> None:
        restart(table, app)

    if table.session.in_progress():
        app.push(ConfirmScene(again))
    else:
        again()


def restart(table: Table, app: Host) -> None:
    """The same deal from its opening: a new attempt, so the one left counts as given up."""
    app.give_up(table.session)
    table.game.restart()
    table.session.recorded = False
    table.held = None
    table.clear_hint()
    table.checked_over = False
    table.automatic.clear()
    table.flights.clear()
    table.deal_in(app)
    table.say(texts.RESTARTED)
    app.record("restart")
    app.autosave()
