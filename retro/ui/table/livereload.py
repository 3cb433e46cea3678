"""Live reload: the table follows its game file, so an author sees a saved change at once.

Saving the file (or F5) loads it again and replays the moves made on the new rules, same deal,
through `retro.engine.notation.replay`, the way a saved game comes back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from retro.engine.game import Game
from retro.engine.notation import format_move, replay
from retro.errors import RetroError
from retro.ui import texts
from retro.ui.session import game_label
from retro.ui.shelf import FileWatch, game_files
from retro.ui.table.layout import Geometry

if TYPE_CHECKING:
    from retro.ui.scene import Host
    from retro.ui.table.state import Table


def reload_key(table: Table, app: Host) -> None:
    """F5: only a table that follows its game file reloads."""
    if table.watch is None:
        table.refuse(app, texts.NO_RELOAD_DUEL)
        return
    reload(table, app)


def reload(table: Table, app: Host) -> None:
    """The game file was saved (or F5): load it again and replay the moves made on the new
    rules, same deal; a move they now refuse means a fresh deal, and a broken file leaves
    the game as it is. Either way one line on the status line says what happened."""
    session = table.session
    name = table.watch.paths[0].name if table.watch and table.watch.paths else session.game_id
    try:
        gdef = app.catalog.load(session.game_id, session.options)
    except RetroError as error:
        lines = getattr(error, "messages", None) or str(error).splitlines() or [name]
        table.refuse(app, texts.RELOAD_BROKEN.format(error=lines[0]))
        return
    old = table.game
    made = [format_move(old.position, entry.move) for entry in old.history]
    future = [format_move(old.position, move) for move in old.future]
    game = Game(gdef, old.seed)
    refused = replay(game, made, future)
    if refused is not None:
        game = Game(gdef, old.seed)
        message = texts.RELOAD_AFRESH.format(
            file=name, n=refused.number, move=refused.move, why=refused.why
        )
    else:
        game.cheat = old.cheat
        message = texts.RELOADED.format(file=name, n=len(made))
    session.game = game
    session.label = game_label(app.shelf, session.game_id, session.options)
    table.game = game
    table.geometry = Geometry(gdef)
    table.stop_auto()
    table.held = None
    table.clear_hint()
    table.flights.clear()
    table.checked_over = False
    if table.cursor >= len(game.position.piles):
        table.move_cursor(0)
    table.count = 0
    table.watch = FileWatch(game_files(app.catalog, session.game_id))
    table.say(message, error=game.moves_made == 0 and bool(made))
    app.record("reload")
    app.autosave()
