"""The table as a scene: a frame of play, and each key sent to the part that handles it.

The state and the moves are `retro.ui.table.state.Table`'s; the keys are handled by `keys`
(the cursor, lifting, the mouse), `commands` (undo, a new deal, Done, the menu...), `hints`
(hints, auto-play, the demo) and `livereload`; `view` draws it all.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from retro.engine.game import LOST, PLAYING, WON
from retro.ui import texts
from retro.ui.keymap import FPS
from retro.ui.scene import Host, Scene
from retro.ui.scenes.dialogs import ConfirmScene
from retro.ui.scenes.over import game_over, give_up
from retro.ui.table import commands, hints, keys, livereload
from retro.ui.table.state import Table
from retro.ui.table.view import draw_table

RELOAD_POLL = FPS // 2  # frames between two looks at the game file: twice a second


def done_or_give_up(table: Table, app: Host) -> None:
    """X: Done where the game has it (or a duel's turn ends), else the game given up, counted
    as lost; either asks first."""
    if table.game.gdef.done or table.session.duel is not None:
        commands.done(table, app)
        return
    table.held = None
    if table.game.outcome() != PLAYING:
        table.refuse(app, texts.NOTHING_TO_GIVE_UP)
        return
    app.push(ConfirmScene(lambda: give_up(app, table), texts.GIVE_UP_TITLE, texts.GIVE_UP_LINES))


class TableScene(Table, Scene):
    """Playing one deal."""

    context = "table"

    def update(self, app: Host) -> None:
        if self.game.history and not self.session.recorded:  # the clock runs from the first
            self.session.frames += 1  # move to the end, and only while the table is shown
        if self.demo is not None:  # the computer plays: any key stops it
            hints.demo_frame(self, app)
            self.land_flights(app)
            return
        actions = app.keyboard.actions(self.context)
        if actions and self.flights:
            self.flights.clear()
        if actions and self.homing:  # a key lands the cards going home, as it lands flights
            hints.home_all(self, app)
        if actions and self.auto_seen is not None:
            self.stop_auto()
            actions = [a for a in actions if a[0] != "auto"]
        if not self.handle(app, actions):
            return
        if self.grab is not None and keys.let_go():
            keys.release(self, app)
        if app.note != self.note_shown:  # a file set aside or not written: told, never a stop
            self.note_shown = app.note
            if app.note:
                self.say(app.note, error=True)
        if app.frame % RELOAD_POLL == 0 and self.watch is not None and self.watch.changed():
            livereload.reload(self, app)
            if app.scene is not self:
                return
        self.land_flights(app)
        if self.thinking is not None:  # the first hint: a slice of its search
            hints.think(self, app)
        if self.auto_seen is not None and not self.flights:
            hints.auto_step(self, app)
        elif self.homing and not self.flights and self.held is None:
            if self.auto_wait > 0:
                self.auto_wait -= 1
            else:
                hints.home_step(self, app)
        if not self.checked_over and not self.flights:
            self._check_over(app)
            if app.scene is not self:
                return
        if self.winwatch is not None:  # still winnable? (the status line's mark)
            self.winwatch.tick(self.game)

    def _check_over(self, app: Host) -> None:
        self.checked_over = True
        if self.session.net is not None:
            return  # its end comes with the opponent's (`retro.ui.scenes.netduel.net_frame`)
        duel = self.session.duel
        if duel is not None:
            if duel.turn_over:
                app.end_turn(self.session)
            return
        outcome = self.game.outcome()
        if outcome in (WON, LOST):
            if outcome == LOST:
                app.beeper.play("refuse")
            game_over(app, self, outcome)

    def draw(self, app: Host) -> None:
        draw_table(self, app)

    HANDLERS: ClassVar[dict[str, Callable[[Table, Host], None]]] = {
        "left": keys.left,
        "right": keys.right,
        "row": keys.next_row,
        "more": keys.more,
        "fewer": keys.fewer,
        "select": keys.select_at_cursor,
        "click": keys.click,
        "best": hints.best_or_hint,
        "rotate_up": keys.rotate_up,
        "rotate_down": keys.rotate_down,
        "best_click": keys.best_click,
        "cancel": commands.cancel,
        "menu": commands.menu,
        "help": commands.instructions,
        "deal": commands.deal,
        "undo": commands.undo,
        "redo": commands.redo,
        "hint": hints.hint,
        "hint_back": hints.hint_back,
        "auto": hints.auto,
        "done": done_or_give_up,
        "new": commands.new,
        "restart": commands.ask_restart,
        "reload": livereload.reload_key,
        "sound": commands.sound,
        "demo": hints.start_demo,
    }
