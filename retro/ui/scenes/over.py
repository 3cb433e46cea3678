"""The end of a game: the won or lost box with what next, the name asked when the game made
the high score table, and the game counted in the records once.

A game counts when it ends, unless its player is asked for a name: then it counts once the name
is given, or under the name last used once the box is left (an undo, a restart, the menu),
before anything changes it; `App.on_close` counts it too if the window closes meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from retro.engine.game import WON, Outcome
from retro.textmode import Colour, TextScreen
from retro.ui import texts
from retro.ui.drawing.textview import COLS, ROWS
from retro.ui.drawing.widgets import Overlay, box
from retro.ui.scene import Host, Scene
from retro.ui.scenes.dialogs import NameScene
from retro.ui.scenes.scores import show_scores
from retro.ui.table import commands

if TYPE_CHECKING:
    from retro.ui.table.state import Table


def game_over(app: Host, table: Table, outcome: Outcome) -> None:
    """A game has just ended: the won/lost box first, the game counted once in the records;
    if it made the high score table, Enter on the box asks the name DOS style and shows the
    table with the new entry."""
    session = table.session
    if session.recorded or session.duel is not None:
        app.push(OverScene(table, outcome))
        return
    session.recorded = True
    game = session.game
    if app.keeper.makes_table(game):
        app.awaiting = game  # counted once the name is given (or the box is left)
        app.push(OverScene(table, outcome, ask_name=lambda over: ask_name(app, over)))
    else:
        app.keeper.record(game)
        app.push(OverScene(table, outcome))
    app.autosave()


GIVEN_UP = "given up"  # an outcome the player chose: the game ends here, counted as lost


def give_up(app: Host, table: Table) -> None:
    """The player gives the game up: it counts as lost (in the statistics only, never in the
    ten best) and the box says so, offering the next deal, an undo to play on, or a restart."""
    session = table.session
    if not session.recorded:
        app.keeper.record(session.game, abandoned=True)
        session.recorded = True
    app.keeper.clear()  # nothing to resume next time (an undo to play on saves it again)
    app.push(OverScene(table, GIVEN_UP))


def ask_name(app: Host, over: OverScene) -> None:
    """`A new high score!`: the name for the game that ended, over the won/lost box."""
    game = app.awaiting
    if game is not None:
        app.push(NameScene(app, game, lambda name: _named(app, over, name)))


def _named(app: Host, over: OverScene, name: str) -> None:
    game, app.awaiting = app.awaiting, None
    if game is None:
        return
    app.keeper.last_name = name
    if name:
        app.settings.last_name = name
        app.save_settings()
    place = app.keeper.record(game, name)
    over.named()
    show_scores(app, game.gdef.id, dict(game.gdef.options), place)


def settle_awaiting(app: Host) -> None:
    """The won/lost box is left without a name typed: the game counts under the name last
    used, before anything (an undo) changes it."""
    game, app.awaiting = app.awaiting, None
    if game is not None:
        app.keeper.record(game)


class OverScene(Overlay, Scene):
    """Won or lost: the score, and what next."""

    context = "over"
    overlay = True
    COL, ROW, WIDTH, HEIGHT = 11, 8, 58, 9
    SLOT = "over"

    def __init__(
        self, table: Table, outcome: str, ask_name: Callable[[OverScene], None] | None = None
    ) -> None:
        self.table = table
        self.outcome = outcome
        self.ask_name = ask_name  # the game made the high score table: Enter asks the name

    def named(self) -> None:
        """The name was given (or the chance passed): Enter is the next deal again."""
        self.ask_name = None
        self._region = None  # composed again, with the usual keys

    def update(self, app: Host) -> None:
        # one key only: every key leads on (the next deal, a name, the menu...)
        self.handle(app, app.keyboard.actions(self.context)[:1])

    def _new(self, app: Host) -> None:
        if self.ask_name is not None:
            self.ask_name(self)
            return
        commands.deal_anew(self.table, app)

    def _undo(self, app: Host) -> None:
        settle_awaiting(app)
        app.pop()
        commands.undo(self.table, app)

    def _restart(self, app: Host) -> None:
        settle_awaiting(app)
        app.pop()
        commands.restart(self.table, app)

    def _scores(self, app: Host) -> None:
        settle_awaiting(app)
        self.named()
        if app.session is not None:
            show_scores(app, app.session.game_id, app.session.options)

    def _menu(self, app: Host) -> None:
        settle_awaiting(app)
        self.named()
        app.show_menu(app.session.game_id if app.session else None)

    HANDLERS: ClassVar[dict[str, Callable[[OverScene, Host], None]]] = {
        "new": _new,
        "click": _new,
        "undo": _undo,
        "restart": _restart,
        "scores": _scores,
        "menu": _menu,
    }

    def draw(self, app: Host) -> None:
        self.draw_box(app.painter)

    def compose(self) -> TextScreen:
        game = self.table.game
        won = self.outcome == WON
        screen = TextScreen(COLS, ROWS)
        c, r, w, h = self.COL, self.ROW, self.WIDTH, self.HEIGHT
        title, lines = (
            (texts.WON_TITLE, texts.WON_LINES)
            if won
            else (texts.GIVEN_UP_TITLE, texts.GIVEN_UP_LINES)
            if self.outcome == GIVEN_UP
            else (texts.ENDED_TITLE, texts.ENDED_LINES)
            if game.position.counters.get("done")
            else (texts.LOST_TITLE, texts.LOST_LINES)
        )
        bg = Colour.BLUE if won else Colour.RED
        box(screen, c, r, w, h, title, Colour.WHITE, bg, Colour.YELLOW)
        for offset, line in enumerate(lines):
            screen.put(c + (w - len(line)) // 2, r + 2 + offset, line, Colour.WHITE)
        score = texts.OVER_SCORE.format(score=game.score(), moves=game.moves_made, deal=game.seed)
        screen.put(c + (w - len(score)) // 2, r + 5, score, Colour.YELLOW)
        keys = texts.OVER_KEYS_NAME if self.ask_name is not None else texts.OVER_KEYS
        screen.put(c + (w - len(keys)) // 2, r + 7, keys, Colour.LIGHT_GREY)
        return screen
