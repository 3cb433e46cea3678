"""The table: one deal being played, and the moves made on it.

All moves go through the engine (`why_not`, `push`, `pop`), and the refused ones show the
rule's own reason on the status line. The table keeps the state; its rooms do the rest:
`tablekeys` the cursor, lifting and the mouse, `tablehelp` hints and auto-play, `livereload`
following the game file, `tableview` the drawing, and `motion` the cards in flight (drawing
only, so skipping an animation can never change the game).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from retro.engine.game import LOST, WON, Game
from retro.engine.notation import format_move
from retro.engine.position import DONE, MOVE, Move, Pile
from retro.errors import IllegalMove
from retro.solver import hints as advice
from retro.ui import dealsearch, demo, livereload, tablehelp, tablekeys, texts
from retro.ui.dialogs import ConfirmScene
from retro.ui.keymap import FPS
from retro.ui.layout import Geometry
from retro.ui.motion import DEAL_STAGGER, Flight, Snapshot, flights, opening, snapshot
from retro.ui.session import Session
from retro.ui.shelf import FileWatch, game_files
from retro.ui.tableview import draw_table
from retro.ui.winwatch import WinWatch

if TYPE_CHECKING:
    from retro.ui.app import App

RELOAD_POLL = FPS // 2  # frames between two looks at the game file: twice a second


class TableScene:
    """Playing one deal."""

    context = "table"
    overlay = False

    def __init__(
        self,
        app: App,
        session: Session | None = None,
        *,
        top_keys: str = "",
        follow_file: bool = True,
    ) -> None:
        """`top_keys`: the title bar's keys when not the table's own; `follow_file`: reload
        when the game file changes (never in a duel, whose players must play by the same
        rules, nor in a replay)."""
        chosen = session or app.session
        assert chosen is not None
        self.session = chosen
        self.game: Game = chosen.game
        self.geometry = Geometry(self.game.gdef)
        piles = self.game.position.piles
        tableau = [
            p.index for p in piles if p.kind == "tableau" and not self.geometry.hidden[p.index]
        ]
        seen = [p.index for p in piles if not self.geometry.hidden[p.index]]
        self.cursor = tableau[0] if tableau else seen[0] if seen else 0
        self.count = 0  # cards chosen at the cursor (0: the whole movable run)
        self.held: tuple[int, int] | None = None  # (pile, count) lifted
        self.message = ""
        self.error = False
        self.about = "position"  # what the message is about (see `say`)
        self.about_state: object = None
        self.hints: list[advice.Hint] | None = None
        self.hint_index = -1
        self.flights: list[Flight] = []
        self.auto_seen: set[object] | None = None
        self.auto_moves = 0
        self.auto_wait = 0
        self.checked_over = False
        self.note_shown = ""
        self.top_keys = top_keys or (
            texts.DUEL_TOP_KEYS
            if chosen.duel is not None
            else texts.TOP_KEYS
            if self.deal_pile() is not None
            else texts.TOP_KEYS_NO_DEAL
        )
        self.done_button = True  # on the status line, for a game with Done (not the computer's)
        # no "still winnable?" against the computer: the mark sees the face-down cards, which
        # the computer never does (and its frame time goes to the computer thinking ahead)
        against_computer = chosen.duel is not None and chosen.duel.computer is not None
        self.winwatch: WinWatch | None = (
            WinWatch() if app.winnable_mark and not against_computer else None
        )
        self.demo: demo.Demo | None = None  # the computer playing (P), while it does
        self.thinking: tablehelp.Thinking | None = None  # the first hint, being looked for
        self.watch: FileWatch | None = None  # the game's files, polled for live reload
        if chosen.duel is None and follow_file:
            self.watch = FileWatch(game_files(app.catalog, chosen.game_id))

    # -- questions ------------------------------------------------------------------------

    @property
    def piles(self) -> list[Pile]:
        return self.game.position.piles

    def chosen(self) -> int:
        """How many cards Enter would lift at the cursor now."""
        pile = self.piles[self.cursor]
        if not pile.run:
            return 0
        return pile.run if self.count <= 0 else min(self.count, tablekeys.reach(pile))

    def shown_hint(self) -> advice.Hint | None:
        if self.hints and 0 <= self.hint_index < len(self.hints):
            return self.hints[self.hint_index]
        return None

    # -- the frame ------------------------------------------------------------------------------

    def update(self, app: App) -> None:
        if self.game.history and not self.session.recorded:  # the clock runs from the first
            self.session.frames += 1  # move to the end, and only while the table is shown
        if self.demo is not None:  # the computer plays: any key stops it
            demo.frame(self, app)
            self.land_flights(app)
            return
        actions = app.keyboard.actions(self.context)
        if actions and self.flights:
            self.flights.clear()
        if actions and self.auto_seen is not None:
            self.stop_auto()
            actions = [a for a in actions if a[0] != "auto"]
        for action, _ in actions:
            self.HANDLERS[action](self, app)
            if app.scene is not self:
                return
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
            tablehelp.think(self, app)
        if self.auto_seen is not None and not self.flights:
            tablehelp.auto_step(self, app)
        if not self.checked_over and not self.flights:
            self._check_over(app)
            if app.scene is not self:
                return
        if self.winwatch is not None:  # still winnable? (the status line's mark)
            self.winwatch.tick(self.game)

    def land_flights(self, app: App) -> None:
        if self.flights and all(f.landed(app.frame) for f in self.flights):
            self.flights.clear()

    def draw(self, app: App) -> None:
        draw_table(self, app)

    # -- the status line and the cursor -----------------------------------------------------

    def say(self, text: str, error: bool = False, about: str = "position") -> None:
        """Put `text` on the status line for as long as what it is about stays as it was:
        "choice" (the cursor and the cards chosen there), "held" (the cards lifted), "hint"
        (the hint shown), "position" (the game: a move, an undo or a redo ends it)."""
        self.message = text
        self.error = error
        self.about = about
        self.about_state = self._state_of(about)

    def _state_of(self, about: str) -> object:
        if about == "choice":
            return (self.cursor, self.count, self.held)
        if about == "held":
            return self.held
        if about == "hint":
            return (id(self.hints), self.hint_index)
        return (len(self.game.history), len(self.game.future), id(self.game))

    def status(self) -> str:
        """The message the status line shows now: none once its state has passed; the demo's
        or the hint search's while they run."""
        if self.demo is not None:
            return self.demo.status()
        if self.thinking is not None:
            return texts.THINKING
        if self.message and self._state_of(self.about) == self.about_state:
            return self.message
        return ""

    def refuse(self, app: App, reason: str) -> None:
        self.say(reason, error=True)
        app.beeper.play("refuse")

    def move_cursor(self, index: int) -> None:
        self.cursor = index
        self.count = 0

    # -- keys ------------------------------------------------------------------------------------

    def cancel(self, app: App) -> None:
        if self.held is not None:
            self.held = None
            self.say("")
        elif self.thinking is not None:  # the first hint is not wanted after all
            self.thinking = None
        elif self.shown_hint() is not None:
            self.clear_hint()
        else:
            self.say("")
            app.show_menu(self.session.game_id)

    def menu(self, app: App) -> None:
        self.held = None
        self.say("")
        app.show_menu(self.session.game_id)

    def help(self, app: App) -> None:
        app.show_help(self.session.game_id)

    def sound(self, app: App) -> None:
        on = app.toggle_sound()
        self.say(texts.SOUND_ON if on else texts.SOUND_OFF)

    def deal_pile(self) -> int | None:
        """The pile D acts on: the stock's own action whatever its verb (deal, redeal...), else
        any dealing pile; one whose action can be done now first (Clock: the hour whose turn
        it is). None in a game without one."""
        actors = [p for p in self.piles if p.group.action is not None]
        actors.sort(
            key=lambda p: (
                p.kind != "stock",
                p.group.action is not None and p.group.action.verb not in ("deal", "redeal"),
            )
        )
        position = self.game.position
        ready = [
            p
            for p in actors
            if p.group.action is not None and p.group.action.available(position, p)
        ]
        chosen = (ready or actors)[:1]
        return chosen[0].index if chosen else None

    def deal(self, app: App) -> None:
        index = self.deal_pile()
        if index is None:
            self.refuse(app, texts.NO_DEAL_HERE)
            return
        self.held = None
        action = self.piles[index].group.action
        assert action is not None
        self.try_move(app, Move(action.verb, index))

    def undo(self, app: App) -> None:
        self.held = None
        if self._in_duel(app, texts.NO_UNDO_DUEL):
            return
        try:
            before = self.snapshot()
            move = self.game.pop()
        except IllegalMove:
            self.refuse(app, texts.NOTHING_TO_UNDO)
            return
        app.record("undo")
        self.after_change(app, before, move, undo=True)
        app.autosave()

    def redo(self, app: App) -> None:
        self.held = None
        if self._in_duel(app, texts.NO_UNDO_DUEL):
            return
        try:
            before = self.snapshot()
            move = self.game.redo()
        except IllegalMove:
            self.refuse(app, texts.NOTHING_TO_REDO)
            return
        app.record("redo")
        self.after_change(app, before, move)
        app.autosave()

    def clear_hint(self) -> None:
        self.hints = None
        self.hint_index = -1

    def stop_auto(self) -> None:
        self.auto_seen = None

    def done(self, app: App) -> None:
        """Done: the game ends as it stands (in a duel: the turn); asks first."""
        self.held = None
        if not self.game.gdef.done:
            self.refuse(app, texts.NO_DONE)
            return
        title, lines = (
            (texts.DUEL_DONE_TITLE, texts.DUEL_DONE_LINES)
            if self.session.duel
            else (texts.DONE_TITLE, texts.DONE_LINES)
        )
        app.push(ConfirmScene(lambda: self.try_move(app, Move(DONE, -1)), title, lines))

    def _in_duel(self, app: App, what: str) -> bool:
        """A duel has no undo, restart or new deal: every move counts (retro.duel)."""
        if self.session.duel is None:
            return False
        self.refuse(app, what)
        return True

    def new(self, app: App) -> None:
        if self._in_duel(app, texts.NO_NEW_DUEL):
            return
        if self.session.in_progress():
            app.push(ConfirmScene(lambda: self.deal_anew(app)))
        else:
            self.deal_anew(app)

    def deal_anew(self, app: App) -> None:
        """A new deal of this game and options (a winnable one, when only those are wanted)."""
        dealsearch.new_deal(app, self.session.game_id, self.session.options)

    def ask_restart(self, app: App) -> None:
        if self._in_duel(app, texts.NO_NEW_DUEL):
            return

        def again() -> None:
            self.restart(app)

        if self.session.in_progress():
            app.push(ConfirmScene(again))
        else:
            again()

    def restart(self, app: App) -> None:
        """The same deal from its opening: a new attempt, so the one left counts as given up."""
        app.give_up(self.session)
        self.game.restart()
        self.session.recorded = False
        self.held = None
        self.clear_hint()
        self.checked_over = False
        self.flights.clear()
        self.deal_in(app)
        self.say(texts.RESTARTED)
        app.record("restart")
        app.autosave()

    HANDLERS: ClassVar[dict[str, Callable[[TableScene, App], None]]] = {
        "left": tablekeys.left,
        "right": tablekeys.right,
        "row": tablekeys.next_row,
        "more": tablekeys.more,
        "fewer": tablekeys.fewer,
        "select": tablekeys.select_at_cursor,
        "click": tablekeys.click,
        "best": tablehelp.best_or_hint,
        "rotate_up": tablekeys.rotate_up,
        "rotate_down": tablekeys.rotate_down,
        "best_click": tablekeys.best_click,
        "cancel": cancel,
        "menu": menu,
        "help": help,
        "deal": deal,
        "undo": undo,
        "redo": redo,
        "hint": tablehelp.hint,
        "hint_back": tablehelp.hint_back,
        "auto": tablehelp.auto,
        "done": done,
        "new": new,
        "restart": ask_restart,
        "reload": livereload.reload_key,
        "sound": sound,
        "demo": demo.start,
    }

    # -- making moves ---------------------------------------------------------------------------

    def deal_in(self, app: App) -> None:
        """The opening deal, shown as cards flying to their places (drawing only; any key or
        click lands them at once)."""
        if app.animate:
            self.flights = opening(self.geometry, self.piles, app.frame)

    def snapshot(self) -> Snapshot:
        """Every card and where it is drawn, taken before a move so the cards can glide."""
        return snapshot(self.geometry, self.piles)

    def try_move(self, app: App, move: Move, keep_auto: bool = False, kept: bool = True) -> bool:
        """Make `move` if the rules allow it, else say why; True when it was made. `kept`:
        traced, saved and heard (not in a title screen's demo, which keeps nothing)."""
        reason = self.game.why_not(move)
        if reason is not None:
            self.refuse(app, reason)
            if not keep_auto:
                self.held = None
            return False
        before = self.snapshot()
        notation = format_move(self.game.position, move)
        events = self.game.push(move)
        self.held = None
        if kept:
            app.record(notation)
            self._sound(app, move, {name for name, _ in events})
        if not keep_auto:
            self.stop_auto()
            self.say("")
        self.after_change(app, before, move)
        if kept:
            app.autosave()
        return True

    def _sound(self, app: App, move: Move, names: set[str]) -> None:
        if "won" in names:
            app.beeper.play("win")
        elif "run_removed" in names:
            app.beeper.play("suit")
        elif move.kind == "deal":
            app.beeper.play("deal")
        else:
            app.beeper.play("drop")

    def after_change(self, app: App, before: Snapshot, move: Move, undo: bool = False) -> None:
        """After a move, an undo or a redo: hints and the chosen count are stale, the moved
        cards glide, and the cursor follows the cards moved."""
        self.clear_hint()
        self.count = 0
        self.checked_over = False
        if app.animate:
            stagger = DEAL_STAGGER if move.kind == "deal" else 0
            self.flights = flights(self.geometry, self.piles, before, app.frame, stagger)
        if move.kind == MOVE and not undo:
            self.move_cursor(move.dst)

    def _check_over(self, app: App) -> None:
        self.checked_over = True
        duel = self.session.duel
        if duel is not None:
            if duel.turn_over:
                app.end_turn(self.session)
            return
        outcome = self.game.outcome()
        if outcome in (WON, LOST):
            if outcome == LOST:
                app.beeper.play("refuse")
            app.game_over(self, outcome)
