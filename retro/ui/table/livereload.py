"""Live reload: the table follows its game file, so an author sees a saved change at once.

Saving the file (or F5) loads it again and replays the moves made on the new rules, same deal,
through `retro.engine.notation.replay`, the way a saved game comes back. Nothing is lost to an
edit: when the new rules refuse a move, the moves before it are kept and the whole game is kept
aside (with the session, and on disk beside its save), to come back when a later edit allows
it again (undoing the edit, say).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from retro.engine.game import Game
from retro.engine.notation import Refused, format_move, replay
from retro.errors import RetroError
from retro.ui import texts
from retro.ui.session import game_label
from retro.ui.shelf import FileWatch, game_files
from retro.ui.table.layout import Geometry

if TYPE_CHECKING:
    from retro.engine.gamedef import GameDef
    from retro.ui.scene import Host
    from retro.ui.table.state import Table


def reload_key(table: Table, app: Host) -> None:
    """F5: only a table that follows its game file reloads."""
    if table.watch is None:
        table.refuse(app, texts.NO_RELOAD_DUEL)
        return
    reload(table, app)


def replayed(gdef: GameDef, old: Game) -> tuple[Game, Refused | None]:
    """`old`'s deal on the rules of `gdef` with as many of its moves as they allow (the redo
    list too, when every move made replays), and the first move refused."""
    made = [format_move(old.position, entry.move) for entry in old.history]
    future = [format_move(old.position, move) for move in old.future]
    game = Game(gdef, old.seed)
    refused = replay(game, made, future)
    game.cheat = old.cheat
    return game, refused


def _continues(game: Game, kept: Game) -> bool:
    """Whether `kept` holds every move of `game` (no move was made since it was kept aside),
    so bringing it back loses nothing."""
    made = [format_move(game.position, entry.move) for entry in game.history]
    before = [format_move(kept.position, entry.move) for entry in kept.history[: len(made)]]
    return made == before


def reload(table: Table, app: Host) -> None:
    """The game file was saved (or F5): load it again and replay the moves made on the new
    rules, same deal; at a move they now refuse, the moves before it are played on and the
    game as it was is kept aside; a broken file leaves the game as it is. Either way one line
    on the status line says what happened."""
    session = table.session
    name = table.watch.paths[0].name if table.watch and table.watch.paths else session.game_id
    try:
        gdef = app.catalog.load(session.game_id, session.options)
    except RetroError as error:
        lines = getattr(error, "messages", None) or str(error).splitlines() or [name]
        table.refuse(app, texts.RELOAD_BROKEN.format(error=lines[0]))
        return
    old = table.game
    game, refused = replayed(gdef, old)
    kept = session.kept
    if kept is not None and _continues(old, kept):
        back, again = replayed(gdef, kept)
        if again is None:  # the edit that refused it is undone: the whole game is back
            game, refused, session.kept = back, None, None
            app.keeper.drop_aside()
    if refused is not None:
        if kept is None:
            session.kept = old
            app.keeper.keep_aside(old, session.recorded)
        message = texts.RELOAD_KEPT.format(
            file=name,
            count=texts.count(texts.MOVES, game.moves_made),
            n=refused.number,
            move=refused.move,
            why=refused.why,
        )
    elif session.kept is None and kept is not None:
        message = texts.RELOAD_BACK.format(
            file=name, count=texts.count(texts.MOVES, game.moves_made)
        )
    else:
        message = texts.RELOADED.format(file=name, n=len(old.history))
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
    table.say(message, error=refused is not None)
    app.record("reload")
    app.autosave()
