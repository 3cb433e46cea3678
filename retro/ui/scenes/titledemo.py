"""The title screen's demos, as DOS games had them: left alone for some seconds
(`retro.ui.scenes.title.DEMO_AFTER`), the title plays the bundled games in turn, each a random
deal played honestly by the computer (`retro.ui.table.demo`) under a banner. Any key or click goes
back to the title screen.

Nothing of a demo is kept: it has a session of its own (not the game in progress), and its
moves are neither traced, saved, heard nor counted in the statistics.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from retro.engine.game import Game
from retro.ui import texts
from retro.ui.drawing import palette as pal
from retro.ui.drawing.textview import COLS
from retro.ui.keymap import FPS
from retro.ui.scene import Scene
from retro.ui.session import Session, game_label
from retro.ui.table.demo import NO_MOVE, Demo
from retro.ui.table.scene import TableScene

if TYPE_CHECKING:
    from retro.ui.scene import Host

END_PAUSE = 3 * FPS  # frames the end of one demo stays on screen before the next game
SPEED = 2  # fast: a demo is there to be looked at in passing


def demo_games(app: Host) -> list[str]:
    """The games the demos play, in turn: the bundled ones that load (a duel is one player's
    Spider, so it is left out)."""
    return [
        entry.id
        for entry in app.shelf.entries()
        if not entry.mine and not entry.error and not entry.duel
    ]


class TitleDemoScene(Scene):
    """One bundled game after another played by the computer; any key: the title again."""

    context = "title"  # its keys are the title's own (and any other key): back to the title

    def __init__(self, app: Host) -> None:
        self.games = demo_games(app)
        self.table = self._deal(app)
        self.demo = Demo(self.table.game, SPEED, seed=self.table.game.seed)
        self.pause = -1  # frames left showing a demo's end; -1 while it plays

    def _deal(self, app: Host) -> TableScene:
        game_id = self.games[app.title_demos % len(self.games)]
        app.title_demos += 1
        gdef = app.catalog.load(game_id, {})
        options = dict(gdef.options)
        session = Session(
            game_id,
            options,
            Game(gdef, app.seed_source()),
            label=game_label(app.shelf, game_id, options),
            recorded=True,
        )
        table = TableScene(app, session, top_keys=texts.DEMO_BANNER, follow_file=False)
        table.winwatch = None
        table.deal_in(app)
        return table

    def update(self, app: Host) -> None:
        actions = app.keyboard.actions(self.context)
        if actions:
            self.handle(app, actions[:1])
            return
        if app.keyboard.any_pressed():
            self._back(app)
            return
        table = self.table
        table.land_flights(app)
        if self.pause >= 0:
            self.pause -= 1
            if self.pause < 0:  # the next game
                self.table = self._deal(app)
                self.demo = Demo(self.table.game, SPEED, seed=self.table.game.seed)
            return
        if table.flights and table.game.moves_made == 0:
            return  # the opening deal is still flying in
        move = self.demo.tick(table.game)
        if move is not None:
            if table.try_move(app, move, keep_auto=True, kept=False):
                self.demo.moved(table.game)
            else:
                self.demo.ended = NO_MOVE
        if self.demo.ended:  # its end shown a while; a game the computer cannot begin: skipped
            table.say(self.demo.status())
            self.pause = END_PAUSE if self.demo.moves else 0

    def _back(self, app: Host) -> None:
        app.pop()

    HANDLERS: ClassVar[dict[str, Callable[[TitleDemoScene, Host], None]]] = {
        "continue": _back,
        "help": _back,
    }

    def draw(self, app: Host) -> None:
        """The table, and the banner blinking in the title bar where the table's keys stand:
        on the table it would cover cards."""
        self.table.draw(app)
        text = f" {texts.DEMO_BANNER} "
        blink = (app.frame // (FPS // 2)) % 2 == 0
        app.painter.cells(COLS - len(text), 0, text, pal.YELLOW if blink else pal.WHITE, pal.RED)
