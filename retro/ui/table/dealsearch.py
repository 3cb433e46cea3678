"""Winnable deals only (the menu's option, remembered in the settings): a new deal's number is
drawn again and again until the solver proves the deal winnable, every card known to it (its
result "won"). The search runs a slice of every frame under a small box that counts the deals
tried, so the window stays alive; Esc stops it. After `MOST` deals without a proof it says so
and offers the last deal drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from retro.engine.game import WON, Game
from retro.solver.safety import learn_for
from retro.solver.search import Budget, Search, prepare
from retro.textmode import Colour, TextScreen
from retro.ui import texts
from retro.ui.drawing.textview import COLS, ROWS
from retro.ui.drawing.widgets import Overlay, box
from retro.ui.scene import Scene
from retro.ui.scenes.dialogs import ConfirmScene
from retro.ui.table.winwatch import remember

if TYPE_CHECKING:
    from retro.ui.scene import Host

SLICE_SECONDS = 0.025  # of each 1/30 s frame: the box and the keys keep going meanwhile
# A deal's search counts its own time (not the frames between its slices), so a proof takes
# the same search on every run; a deal not proved in time counts as not winnable here.
PER_DEAL = Budget(seconds=2.0)
MOST = 15  # deals tried before the search gives up and offers the last one


def new_deal(app: Host, game_id: str, options: Mapping[str, Any], seed: int | None = None) -> None:
    """A new deal: deal `seed`, else one drawn; with winnable deals only chosen, drawn until
    the solver proves one winnable (a box over the scene it was asked from while it looks)."""
    if seed is not None or not app.settings.winnable_only:
        app.start(game_id, options, seed)
        return
    chosen = dict(options)
    app.push(LookingScene(app, game_id, chosen, lambda found: app.start(game_id, chosen, found)))


class LookingScene(Overlay, Scene):
    """Deals drawn and searched, a slice a frame, until one is proved winnable; then `play`
    is called with its number."""

    context = "looking"
    overlay = True
    ROW, HEIGHT = 9, 6
    SLOT = "looking"

    def __init__(
        self, app: Host, game_id: str, options: Mapping[str, Any], play: Callable[[int], object]
    ) -> None:
        self.gdef = app.catalog.load(game_id, dict(options))
        self.play = play
        self.tried = 0
        self.seed = 0
        self.search: Search | None = None
        self.WIDTH = max(44, len(texts.LOOKING_TITLE) + 6)
        self.COL = (COLS - self.WIDTH) // 2

    def update(self, app: Host) -> None:
        if not self.handle(app, app.keyboard.actions(self.context)):
            return
        if self.search is None:
            if not learn_for(self.gdef, SLICE_SECONDS) or not prepare(self.gdef, SLICE_SECONDS):
                return  # the game's safe moves and checks first, a slice a frame
            self.seed = app.seed_source()
            self.tried += 1
            self._region = None  # the count changed: composed again
            self.search = Search(Game(self.gdef, self.seed), PER_DEAL)
        found = self.search.run_for(SLICE_SECONDS)
        if found is None:
            return
        search, self.search = self.search, None
        if found.result == WON:
            remember(search.game, WON)  # its table says "Winnable" from the first frame
            app.pop()
            self.play(self.seed)
        elif self.tried >= MOST:
            app.pop()
            seed, play = self.seed, self.play
            lines = (
                texts.count(texts.LOOKING_NONE, self.tried),
                texts.LOOKING_OFFER.format(deal=seed),
            )
            app.push(ConfirmScene(lambda: play(seed), texts.LOOKING_TITLE, lines))

    def _cancel(self, app: Host) -> None:
        """Esc: no new deal after all; back to where the search was asked for."""
        self.search = None
        app.pop()

    HANDLERS: ClassVar[dict[str, Callable[[LookingScene, Host], None]]] = {"cancel": _cancel}

    def draw(self, app: Host) -> None:
        self.draw_box(app.painter)

    def compose(self) -> TextScreen:
        screen = TextScreen(COLS, ROWS)
        c, r, w, h = self.COL, self.ROW, self.WIDTH, self.HEIGHT
        box(screen, c, r, w, h, texts.LOOKING_TITLE, Colour.BLACK, Colour.LIGHT_GREY, Colour.WHITE)
        line = texts.count(texts.LOOKING, self.tried)
        screen.put(c + (w - len(line)) // 2, r + 2, line, Colour.BLACK)
        keys = texts.LOOKING_KEYS
        screen.put(c + (w - len(keys)) // 2, r + 4, keys, Colour.BLUE)
        return screen
