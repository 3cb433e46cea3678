"""The table's state: one deal being played, the status line, and the moves made on it.

All moves go through the engine (`why_not`, `push`, `pop`), and the refused ones show the
rule's own reason on the status line. `Table` is what the table's parts act on: `keys` (the
cursor, lifting and the mouse), `commands` (undo, a new deal, Done...), `hints` (hints,
auto-play and the demo), `livereload` (following the game file) and `view` (the drawing);
`retro.ui.table.scene` makes it a scene, its keys sent to them. The cards in flight are
drawing only (`motion`), so skipping an animation can never change the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from retro.engine.game import Game
from retro.engine.gamedef import STOCK, TABLEAU
from retro.engine.notation import format_move
from retro.engine.position import MOVE, Move, Pile
from retro.errors import RetroError
from retro.solver import hints as advice
from retro.ui import texts
from retro.ui.session import Session
from retro.ui.shelf import FileWatch, game_files
from retro.ui.table.layout import Geometry
from retro.ui.table.motion import DEAL_STAGGER, Flight, Snapshot, flights, opening, snapshot
from retro.ui.table.winwatch import WinWatch

if TYPE_CHECKING:
    from retro.solver.search import Search
    from retro.ui.scene import Host
    from retro.ui.table.demo import Demo


DRAG_START = 3  # pixels the pointer moves, the button held, before a press becomes a drag


@dataclass
class Thinking:
    """The first hint being looked for: the solver's search (on a copy of the game, a slice a
    frame; made once the game's safe moves are learnt, also a slice a frame), the ranked
    hints already known, the position it is about, the key's direction, the moment the hint
    shows at the latest (`until`, the clock's) and whether Space asked for it to be made."""

    search: Search | None
    ranked: list[advice.Hint]
    about: object
    delta: int
    until: float = 0.0
    play: bool = False


def reach(pile: Pile) -> int:
    """How many cards the cursor may choose on `pile`: its movable run, or every face-up card
    where the game lets a pile's cards be rotated (XPat2's Michael's Fantasy)."""
    if pile.group.rotate is not None:
        return max(pile.run, pile.face_up)
    return pile.run


class Table:
    """One deal being played: the game, the cursor, what is lifted, the status line."""

    def __init__(
        self,
        app: Host,
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
            p.index for p in piles if p.kind == TABLEAU and not self.geometry.hidden[p.index]
        ]
        seen = [p.index for p in piles if not self.geometry.hidden[p.index]]
        self.cursor = tableau[0] if tableau else seen[0] if seen else 0
        self.count = 0  # cards chosen at the cursor (0: the whole movable run)
        self.held: tuple[int, int] | None = None  # (pile, count) lifted
        # the press that lifted them, while the button is held: (x, y) pressed at and the
        # pointer's place on the first card lifted, for dragging
        self.grab: tuple[int, int, int, int] | None = None
        self._targets: tuple[object, frozenset[int]] = (None, frozenset())
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
        self.homing = False  # a player's move was made: safe cards go home after it
        self.automatic: set[int] = set()  # history lengths the table reached by itself
        self.note_shown = ""
        self.top_keys = top_keys or (
            texts.NET_TOP_KEYS
            if chosen.net is not None
            else texts.DUEL_TOP_KEYS
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
            WinWatch() if app.winnable_mark and not against_computer and not chosen.net else None
        )  # (nor across two machines: each plays alone, with no help, as in the terminal)
        self.demo: Demo | None = None  # the computer playing (P), while it does
        self.thinking: Thinking | None = None  # the first hint, being looked for
        self.watch: FileWatch | None = None  # the game's files, polled for live reload
        if not chosen.in_duel and follow_file:
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
        return pile.run if self.count <= 0 else min(self.count, reach(pile))

    def dragging(self, mx: int, my: int) -> bool:
        """Whether the lifted cards are being dragged: lifted by a press that is still held
        down (or just let go), the pointer moved a few pixels since."""
        grab = self.grab
        if grab is None or self.held is None:
            return False
        return abs(mx - grab[0]) > DRAG_START or abs(my - grab[1]) > DRAG_START

    def targets(self) -> frozenset[int]:
        """The piles that take the lifted cards now (none while nothing is lifted), worked
        out once per position and lift."""
        if self.held is None:
            return frozenset()
        about = (self.held, id(self.game), len(self.game.history), len(self.game.future))
        if self._targets[0] != about:
            src, count = self.held
            found = frozenset(
                move.dst
                for move in self.game.legal_moves()
                if move.kind == MOVE and move.src == src and move.count == count
            )
            self._targets = (about, found)
        return self._targets[1]

    def shown_hint(self) -> advice.Hint | None:
        if self.hints and 0 <= self.hint_index < len(self.hints):
            return self.hints[self.hint_index]
        return None

    def deal_pile(self) -> int | None:
        """The pile D acts on: the stock's own action whatever its verb (deal, redeal...), else
        any dealing pile; one whose action can be done now first (Clock: the hour whose turn
        it is). None in a game without one."""
        actors = [p for p in self.piles if p.group.action is not None]
        actors.sort(
            key=lambda p: (
                p.kind != STOCK,
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

    def refuse(self, app: Host, reason: str) -> None:
        self.say(reason, error=True)
        app.beeper.play("refuse")

    def move_cursor(self, index: int) -> None:
        self.cursor = index
        self.count = 0

    def clear_hint(self) -> None:
        self.hints = None
        self.hint_index = -1

    def stop_auto(self) -> None:
        self.auto_seen = None

    # -- making moves ---------------------------------------------------------------------------

    def deal_in(self, app: Host) -> None:
        """The opening deal, shown as cards flying to their places (drawing only; any key or
        click lands them at once)."""
        if app.animate:
            self.flights = opening(self.geometry, self.piles, app.frame)

    def snapshot(self) -> Snapshot:
        """Every card and where it is drawn, taken before a move so the cards can glide."""
        return snapshot(self.geometry, self.piles)

    def try_move(self, app: Host, move: Move, keep_auto: bool = False, kept: bool = True) -> bool:
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
        net = self.session.net
        try:  # across two machines the move also goes to the opponent
            events = net.push(move) if net is not None else self.game.push(move)
        except RetroError as error:  # the duel is over: the result is on its way
            self.refuse(app, str(error).splitlines()[0])
            return False
        self.held = None
        made = len(self.game.history)
        self.automatic = {n for n in self.automatic if n < made}
        if kept and not keep_auto:
            self.homing = True
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

    def _sound(self, app: Host, move: Move, names: set[str]) -> None:
        if "won" in names:
            app.beeper.play("win")
        elif "run_removed" in names:
            app.beeper.play("suit")
        elif move.kind == "deal":
            app.beeper.play("deal")
        else:
            app.beeper.play("drop")

    def after_change(self, app: Host, before: Snapshot, move: Move, undo: bool = False) -> None:
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

    def send_home(self, app: Host, move: Move) -> bool:
        """Make a move the table makes by itself (a safe card going home): undone and redone
        with the player's move before it."""
        if not self.try_move(app, move, keep_auto=True):
            return False
        self.automatic.add(len(self.game.history))
        return True

    def land_flights(self, app: Host) -> None:
        if self.flights and all(f.landed(app.frame) for f in self.flights):
            self.flights.clear()
