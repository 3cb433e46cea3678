"""The table: cards on green felt, the keyboard cursor, the mouse, hints, auto-play, motion.

All moves go through the engine (`why_not`, `push`, `pop`), and the refused ones show the
rule's own reason on the status line. Motion is drawing only: the engine position changes at
once, and cards in flight are drawn between their old and new places until they land, so
skipping an animation (`App.animate = False`, or any key) can never change the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from retro.cards import Card, card_name
from retro.engine.game import LOST, WON, Game
from retro.engine.model import DONE, MOVE, ROTATE_DOWN, ROTATE_UP, Move, Pile, card_move
from retro.engine.notation import format_move, parse_move
from retro.errors import IllegalMove, RetroError
from retro.solver import hints as advice
from retro.ui import palette as pal
from retro.ui import texts
from retro.ui.app import App, Session, game_label
from retro.ui.cardart import CARD_H, CARD_W, EMPTY, EMPTY_FOUNDATION, EMPTY_STOCK
from retro.ui.keys import FPS
from retro.ui.layout import SCREEN_W, Layout
from retro.ui.shelf import FileWatch, game_files
from retro.ui.textview import CELL_H, CELL_W, COLS

GLIDE_FRAMES = 8
DEAL_STAGGER = 2
AUTO_PAUSE = 6  # frames between auto-play moves, so a person can follow them
STATUS_ROW = 24
RELOAD_POLL = FPS // 2  # frames between two looks at the game file: twice a second


@dataclass
class Flight:
    """A card on its way from one place to another."""

    card: Card
    face_up: bool
    start: tuple[int, int]
    end: tuple[int, int]
    pile: int
    begin: int
    frames: int

    def where(self, frame: int) -> tuple[int, int]:
        t = min(max((frame - self.begin) / self.frames, 0.0), 1.0)
        t = t * (2 - t)  # ease out: fast start, gentle landing
        return (round(self.start[0] + (self.end[0] - self.start[0]) * t),
                round(self.start[1] + (self.end[1] - self.start[1]) * t))

    def landed(self, frame: int) -> bool:
        return frame >= self.begin + self.frames


def _replay_one(game: Game, text: str) -> str | None:
    """Make one move given in the notation; None, or why the rules (or the notation) refuse it."""
    try:
        move = parse_move(game.position, text)
    except RetroError as error:
        return str(error)
    reason = game.why_not(move)
    if reason is None:
        game.push(move)
    return reason


def _cards_text(cards: list[Card]) -> str:
    if len(cards) <= 3:
        return " ".join(card_name(card) for card in cards)
    return f"{card_name(cards[0])}…{card_name(cards[-1])}"


class TableScene:
    """Playing one deal."""

    context = "table"
    overlay = False
    top_keys = texts.TOP_KEYS

    def __init__(self, app: App, session: Session | None = None) -> None:
        chosen = session or app.session
        assert chosen is not None
        self.session = chosen
        self.game: Game = chosen.game
        self.layout = Layout(self.game.gdef)
        piles = self.game.position.piles
        tableau = [p.index for p in piles if p.kind == "tableau"]
        self.cursor = tableau[0] if tableau else 0
        self.count = 0  # cards chosen at the cursor (0: the whole movable run)
        self.held: tuple[int, int] | None = None  # (pile, count) lifted
        self.message = ""
        self.error = False
        self.hints: list[advice.Hint] | None = None
        self.hint_index = -1
        self.flights: list[Flight] = []
        self.auto_seen: set[object] | None = None
        self.auto_moves = 0
        self.auto_wait = 0
        self.checked_over = False
        self.note_shown = ""
        if chosen.duel is not None:
            self.top_keys = texts.DUEL_TOP_KEYS
        self.watch: FileWatch | None = None  # the game's files, polled for live reload
        if chosen.duel is None and self.context == "table":  # not a duel, nor a replay
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
        return pile.run if self.count <= 0 else min(self.count, _reach(pile))

    def shown_hint(self) -> advice.Hint | None:
        if self.hints and 0 <= self.hint_index < len(self.hints):
            return self.hints[self.hint_index]
        return None

    # -- input --------------------------------------------------------------------------------

    def update(self, app: App) -> None:
        import pyxel

        actions = app.keys.actions(self.context)
        if actions and self.flights:
            self.flights.clear()
        if actions and self.auto_seen is not None:
            self._stop_auto()
            actions = [a for a in actions if a[0] != "auto"]
        for action, _ in actions:
            self._act(app, action, pyxel.mouse_x, pyxel.mouse_y)
            if app.scene is not self:
                return
        if app.note != self.note_shown:  # a file set aside or not written: told, never a stop
            self.note_shown = app.note
            if app.note:
                self._say(app.note, error=True)
        if app.frame % RELOAD_POLL == 0 and self._watched(app):
            assert self.watch is not None
            if self.watch.changed():
                self.reload(app)
                if app.scene is not self:
                    return
        if self.flights and all(f.landed(app.frame) for f in self.flights):
            self.flights.clear()
        if self.auto_seen is not None and not self.flights:
            self._auto_step(app)
        if not self.checked_over and not self.flights:
            self._check_over(app)

    def _act(self, app: App, action: str, mx: int, my: int) -> None:
        handler = getattr(self, "_do_" + action, None)
        if handler is not None:
            handler(app)
        elif action in ("click", "best"):
            self._mouse(app, action, mx, my)

    def _say(self, text: str, error: bool = False) -> None:
        self.message = text
        self.error = error

    def _refuse(self, app: App, reason: str) -> None:
        self._say(reason, error=True)
        app.beeper.play("refuse")

    def _move_cursor(self, index: int) -> None:
        self.cursor = index
        self.count = 0

    def _row_of(self, rows: list[list[int]]) -> int:
        return next(i for i, row in enumerate(rows) if self.cursor in row)

    def _step(self, delta: int) -> None:
        rows = self.layout.rows(self.game.position)
        row = rows[self._row_of(rows)]
        self._move_cursor(row[(row.index(self.cursor) + delta) % len(row)])
        self._clear_hint()

    def _change_row(self, delta: int) -> bool:
        rows = self.layout.rows(self.game.position)
        at = self._row_of(rows)
        target = at + delta
        if not 0 <= target < len(rows):
            return False
        x = self.layout.origins[self.cursor][0]
        self._move_cursor(min(rows[target], key=lambda i: abs(self.layout.origins[i][0] - x)))
        self._clear_hint()
        return True

    def _do_left(self, app: App) -> None:
        self._step(-1)

    def _do_right(self, app: App) -> None:
        self._step(1)

    def _do_row(self, app: App) -> None:
        if not self._change_row(1):
            rows = self.layout.rows(self.game.position)
            self._change_row(-self._row_of(rows))

    def _do_more(self, app: App) -> None:
        pile = self.piles[self.cursor]
        chosen = self.chosen()
        if self.held is None and chosen and chosen < _reach(pile):
            self.count = chosen + 1
            self._say_chosen()
        else:
            self._change_row(-1)

    def _do_fewer(self, app: App) -> None:
        chosen = self.chosen()
        if self.held is None and chosen > 1:
            self.count = chosen - 1
            self._say_chosen()
        else:
            self._change_row(1)

    def _say_chosen(self) -> None:
        pile = self.piles[self.cursor]
        chosen = self.chosen()
        if chosen > pile.run:
            cards = _cards_text(pile.cards[-chosen:])
            self._say(texts.CHOOSE_ROTATE.format(n=chosen, cards=cards))
            return
        self._say(texts.CHOOSE.format(n=chosen, run=pile.run,
                                      cards=_cards_text(pile.cards[-chosen:])))

    def _do_select(self, app: App) -> None:
        self._select(app, self.cursor)

    def _select(self, app: App, index: int) -> None:
        pile = self.piles[index]
        if self.held is not None:
            src, count = self.held
            if src == index:
                self.held = None
                self._say("")
                return
            self._try(app, card_move(src, count, index))
            return
        action = pile.group.action
        if action is not None and self._acts(pile):
            self._try(app, Move(action.verb, index))
            return
        chosen = self.chosen() if index == self.cursor else pile.run
        if chosen > pile.run:  # chosen deeper than the run, to rotate: not liftable
            self._refuse(app, self._pick_reason(pile, chosen) or texts.NOTHING_TO_LIFT)
            return
        if not chosen:
            pick = pile.group.pick
            self._refuse(app, pick.why(pile, 1) if pick is not None and pile.cards
                         else texts.NOTHING_TO_LIFT)
            return
        self._lift(index, chosen)

    def _acts(self, pile: Pile) -> bool:
        """Whether Enter or a click on `pile` does its action (deal, flip) rather than lift
        cards: always for a pile nothing is lifted from (the stock); for a pile that has both
        (Spider Duel's columns turn their top card), when the action can be done now or there
        is nothing to lift."""
        action = pile.group.action
        if action is None:
            return False
        if pile.group.pick is None or not pile.run:
            return True
        return action.available(self.game.position, pile)

    def _lift(self, index: int, count: int) -> None:
        self.held = (index, count)
        self._clear_hint()
        cards = self.piles[index].cards[-count:]
        self._say(texts.LIFTED.format(n=count, cards=_cards_text(cards)))

    def _do_cancel(self, app: App) -> None:
        if self.held is not None:
            self.held = None
            self._say("")
        elif self.shown_hint() is not None:
            self._clear_hint()
        else:
            app.show_menu(self.session.game_id)

    def _do_menu(self, app: App) -> None:
        self.held = None
        app.show_menu(self.session.game_id)

    def _do_help(self, app: App) -> None:
        app.show_help(self.session.game_id)

    def _do_deal(self, app: App) -> None:
        actors = [p for p in self.piles if p.group.action is not None]
        # the stock's own action whatever its verb (deal, redeal...), else any dealing pile
        actors.sort(key=lambda p: (p.kind != "stock", p.group.action is not None
                                   and p.group.action.verb not in ("deal", "redeal")))
        if not actors:
            self._refuse(app, texts.NO_DEAL_HERE)
            return
        self.held = None
        position = self.session.game.position
        # a pile whose action can be done now comes first (Clock: the hour whose turn it is)
        ready = [p for p in actors
                 if p.group.action is not None and p.group.action.available(position, p)]
        chosen = (ready or actors)[0]
        action = chosen.group.action
        assert action is not None
        self._try(app, Move(action.verb, chosen.index))

    def _do_rotate_up(self, app: App) -> None:
        self._rotate(app, ROTATE_UP)

    def _do_rotate_down(self, app: App) -> None:
        self._rotate(app, ROTATE_DOWN)

    def _rotate(self, app: App, verb: str) -> None:
        """Turn the cards chosen at the cursor round (the engine says if the game allows it)."""
        self.held = None
        self._try(app, Move(verb, self.cursor, self.chosen()))

    def _do_undo(self, app: App) -> None:
        self.held = None
        if self._in_duel(app, texts.NO_UNDO_DUEL):
            return
        try:
            before = self._snapshot()
            move = self.game.pop()
        except IllegalMove:
            self._refuse(app, texts.NOTHING_TO_UNDO)
            return
        app.record("undo")
        self._after_change(app, before, move, undo=True)
        app.autosave()

    def _do_redo(self, app: App) -> None:
        self.held = None
        if self._in_duel(app, texts.NO_UNDO_DUEL):
            return
        try:
            before = self._snapshot()
            move = self.game.redo()
        except IllegalMove:
            self._refuse(app, texts.NOTHING_TO_REDO)
            return
        app.record("redo")
        self._after_change(app, before, move)
        app.autosave()

    def _do_hint(self, app: App) -> None:
        self._cycle_hint(app, 1)

    def _do_hint_back(self, app: App) -> None:
        self._cycle_hint(app, -1)

    def _cycle_hint(self, app: App, delta: int) -> None:
        self.held = None
        if self.hints is None:
            self.hints = advice.hints(self.game)
            self.hint_index = -1 if delta > 0 else 0
        if not self.hints:
            self._refuse(app, texts.NO_HINT)
            return
        self.hint_index = (self.hint_index + delta) % len(self.hints)
        hint = self.hints[self.hint_index]
        self._say(texts.HINT.format(i=self.hint_index + 1, n=len(self.hints),
                                    move=self._describe(hint.move), why=hint.reasons[0]))

    def _clear_hint(self) -> None:
        self.hints = None
        self.hint_index = -1

    def _describe(self, move: Move) -> str:
        piles = self.piles
        if move.kind == MOVE:
            cards = piles[move.src].cards[-move.count:]
            return f"{_cards_text(cards)} {piles[move.src].id} → {piles[move.dst].id}"
        return format_move(self.game.position, move)

    def _do_auto(self, app: App) -> None:
        self.held = None
        self.auto_seen = {self.game.position.piles_state()}
        self.auto_moves = 0
        self.auto_wait = 0

    def _auto_step(self, app: App) -> None:
        if self.auto_wait > 0:
            self.auto_wait -= 1
            return
        hint = advice.auto_move(self.game, self.auto_seen)
        if hint is None:
            moves = self.auto_moves
            self._stop_auto()
            self._say(texts.AUTO_DONE.format(n=moves) if moves else texts.NO_AUTO)
            return
        self.auto_moves += 1
        self._try(app, hint.move, keep_auto=True)
        self.auto_wait = AUTO_PAUSE if app.animate else 0

    def _stop_auto(self) -> None:
        self.auto_seen = None

    def _do_done(self, app: App) -> None:
        """Done: the game ends as it stands (in a duel: the turn); asks first."""
        from retro.ui.screens import ConfirmScene

        self.held = None
        if not self.game.gdef.done:
            self._refuse(app, texts.NO_DONE)
            return
        title, lines = ((texts.DUEL_DONE_TITLE, texts.DUEL_DONE_LINES) if self.session.duel
                        else (texts.DONE_TITLE, texts.DONE_LINES))
        app.push(ConfirmScene(lambda: self._try(app, Move(DONE, -1)), title, lines))

    def _in_duel(self, app: App, what: str) -> bool:
        """A duel has no undo, restart or new deal: every move counts (retro.duel)."""
        if self.session.duel is None:
            return False
        self._refuse(app, what)
        return True

    def _do_new(self, app: App) -> None:
        from retro.ui.screens import ConfirmScene

        if self._in_duel(app, texts.NO_NEW_DUEL):
            return
        session = self.session

        def deal() -> None:
            app.start(session.game_id, session.options)

        if session.in_progress():
            app.push(ConfirmScene(deal))
        else:
            deal()

    def _do_restart(self, app: App) -> None:
        from retro.ui.screens import ConfirmScene

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
        self._clear_hint()
        self.checked_over = False
        self.flights.clear()
        self._say(texts.RESTARTED)
        app.record("restart")
        app.autosave()

    # -- live reload --------------------------------------------------------------------------

    def _watched(self, app: App) -> bool:
        """Whether this table follows its game file: not in a duel, whose two players must
        play by the same rules, nor in a replay."""
        return self.watch is not None

    def _do_reload(self, app: App) -> None:
        if not self._watched(app):
            self._refuse(app, texts.NO_RELOAD_DUEL)
            return
        self.reload(app)

    def reload(self, app: App) -> None:
        """The game file was saved (or F5): load it again and replay the moves made on the new
        rules, same deal; a move they now refuse means a fresh deal, and a broken file leaves
        the game as it is. Either way one line on the status line says what happened."""
        session = self.session
        name = self.watch.paths[0].name if self.watch and self.watch.paths else session.game_id
        try:
            gdef = app.catalog.load(session.game_id, session.options)
        except RetroError as error:
            lines = getattr(error, "messages", None) or str(error).splitlines() or [name]
            self._refuse(app, texts.RELOAD_BROKEN.format(error=lines[0]))
            return
        old = self.game
        made = [format_move(old.position, move) for move, *_ in old.history]
        future = [format_move(old.position, move) for move in old.future]
        game = Game(gdef, old.seed)
        for number, text in enumerate(made, 1):
            reason = _replay_one(game, text)
            if reason is not None:
                game = Game(gdef, old.seed)
                message = texts.RELOAD_AFRESH.format(file=name, n=number, move=text, why=reason)
                break
        else:
            redone = 0
            for text in reversed(future):  # the redo list too, as long as it still replays
                if _replay_one(game, text) is not None:
                    break
                redone += 1
            for _ in range(redone):
                game.pop()
            game.cheat = old.cheat
            message = texts.RELOADED.format(file=name, n=len(made))
        session.game = game
        session.label = game_label(app, session.game_id, session.options)
        self.game = game
        self.layout = Layout(gdef)
        self._stop_auto()
        self.held = None
        self._clear_hint()
        self.flights.clear()
        self.checked_over = False
        if self.cursor >= len(game.position.piles):
            self._move_cursor(0)
        self.count = 0
        self.watch = FileWatch(game_files(app.catalog, session.game_id))
        self._say(message, error=game.moves_made == 0 and bool(made))
        app.record("reload")
        app.autosave()

    def _do_sound(self, app: App) -> None:
        on = app.beeper.toggle()
        self._say(texts.SOUND_ON if on else texts.SOUND_OFF)

    def _mouse(self, app: App, action: str, mx: int, my: int) -> None:
        if action == "click" and self._on_done_button(mx, my):
            self._do_done(app)
            return
        hit = self.layout.hit(self.game.position, mx, my)
        if hit is None:
            self.held = None
            return
        pile, i = hit
        self._move_cursor(pile.index)
        if action == "best" or (self.held is not None and self.held[0] == pile.index):
            count = self.held[1] if self.held is not None else len(pile.cards) - i
            self.held = None
            if i < 0 or count <= 0:
                return
            best = advice.best_move(self.game, pile.index, count)
            if best is None:
                reason = self._pick_reason(pile, count)
                self._refuse(app, reason or texts.NO_PLACE.format(
                    cards=_cards_text(pile.cards[-count:])))
                return
            self._try(app, best.move)
            return
        if self.held is not None or self._acts(pile) or i < 0:
            self._select(app, pile.index)
            return
        count = len(pile.cards) - i
        reason = self._pick_reason(pile, count)
        if reason and pile.run < count <= _reach(pile):  # a buried card, chosen to rotate
            self.count = count
            self._say_chosen()
            return
        if reason:
            self._refuse(app, reason)
            return
        self.count = count
        self._lift(pile.index, count)

    def _pick_reason(self, pile: Pile, count: int) -> str | None:
        if 0 < count <= pile.run:
            return None
        pick = pile.group.pick
        return pick.why(pile, count) if pick is not None else texts.NOTHING_TO_LIFT

    # -- making moves ---------------------------------------------------------------------------

    def _snapshot(self) -> list[tuple[list[Card], int, list[tuple[int, int]]]]:
        snap = []
        for pile in self.piles:
            offsets = self.layout.offsets(pile)
            xys = [self.layout.card_xy(pile, offsets, i) for i in range(len(pile.cards))]
            snap.append((list(pile.cards), pile.down, xys))
        return snap

    def _try(self, app: App, move: Move, keep_auto: bool = False) -> bool:
        reason = self.game.why_not(move)
        if reason is not None:
            self._refuse(app, reason)
            if not keep_auto:
                self.held = None
            return False
        before = self._snapshot()
        notation = format_move(self.game.position, move)
        events = self.game.push(move)
        app.record(notation)
        self.held = None
        names = {name for name, _ in events}
        if "won" in names:
            app.beeper.play("win")
        elif "run_removed" in names:
            app.beeper.play("suit")
        elif move.kind == "deal":
            app.beeper.play("deal")
        else:
            app.beeper.play("drop")
        if not keep_auto:
            self._stop_auto()
            self._say("")
        self._after_change(app, before, move)
        app.autosave()
        return True

    def _after_change(self, app: App, before: list[tuple[list[Card], int, list[tuple[int, int]]]],
                      move: Move, undo: bool = False) -> None:
        self._clear_hint()
        self.count = 0
        self.checked_over = False
        if app.animate:
            self._fly(app, before, stagger=DEAL_STAGGER if move.kind == "deal" else 0)
        if move.kind == MOVE and not undo:
            self._move_cursor(move.dst)

    def _fly(self, app: App, before: list[tuple[list[Card], int, list[tuple[int, int]]]],
             stagger: int) -> None:
        """Cards that changed place glide from where they were to where they are now."""
        removed: list[tuple[Card, tuple[int, int]]] = []
        added: list[tuple[Pile, int]] = []
        for pile, (cards, _, xys) in zip(self.piles, before, strict=True):
            now = pile.cards
            same = 0
            while same < min(len(cards), len(now)) and cards[same] is now[same]:
                same += 1
            removed.extend((cards[i], xys[i]) for i in range(same, len(cards)))
            added.extend((pile, i) for i in range(same, len(now)))
        flights: list[Flight] = []
        for pile, i in added:
            card = pile.cards[i]
            source = next((k for k, (c, _) in enumerate(removed) if c is card), None)
            if source is None:
                continue
            start = removed.pop(source)[1]
            offsets = self.layout.offsets(pile)
            end = self.layout.card_xy(pile, offsets, i)
            if start == end:
                continue
            flights.append(Flight(card, i >= pile.down, start, end, pile.index,
                                  app.frame + stagger * len(flights), GLIDE_FRAMES))
        self.flights = flights

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

    # -- drawing ----------------------------------------------------------------------------------

    def draw(self, app: App) -> None:
        import pyxel

        pyxel.cls(pal.GREEN)
        art = app.art
        frame = app.frame
        hidden: dict[int, int] = {}
        for flight in self.flights:
            if not flight.landed(frame):
                hidden[flight.pile] = hidden.get(flight.pile, 0) + 1
        hint = self.shown_hint()
        lifted = self.held
        if hint is not None and hint.move.kind == MOVE:
            tint = (hint.move.src, hint.move.count, pal.YELLOW)
        elif lifted is not None:
            tint = (lifted[0], lifted[1], pal.LIGHT_CYAN)
        else:
            tint = (-1, 0, 0)
        for pile in self.piles:
            self._draw_pile(art, pile, hidden.get(pile.index, 0), tint)
        self._draw_marks(hint)
        for flight in sorted(self.flights, key=lambda f: f.begin):
            if not flight.landed(frame) and frame >= flight.begin:
                x, y = flight.where(frame)
                art.blt(x, y, flight.card, flight.face_up)
        self._draw_bars(app)

    def _draw_pile(self, art: object, pile: Pile, hidden: int,
                   tint: tuple[int, int, int]) -> None:
        import pyxel

        from retro.ui.cardart import CardArt

        assert isinstance(art, CardArt)
        x, y = self.layout.origin(pile)
        shown = len(pile.cards) - hidden
        if shown <= 0:
            empty = (EMPTY_STOCK if pile.group.action is not None else
                     EMPTY_FOUNDATION if pile.kind == "foundation" else EMPTY)
            art.blt_special(x, y, empty)
            return
        offsets = self.layout.offsets(pile)
        fan = self.layout.fans[pile.index]
        first = 0 if fan != "none" else shown - 1
        tinted_from = len(pile.cards) - tint[1] if tint[0] == pile.index else len(pile.cards)
        for i in range(first, shown):
            cx, cy = self.layout.card_xy(pile, offsets, i)
            height = CARD_H
            if fan == "down" and i + 1 < shown:
                height = min(CARD_H, offsets[i + 1] - offsets[i] + 2)
            if i >= tinted_from:
                pyxel.pal(pal.WHITE, tint[2])
            art.blt(cx, cy, pile.cards[i], i >= pile.down, height)
            if i >= tinted_from:
                pyxel.pal()
        if fan == "none" and len(pile.cards) > 1 and pile.kind == "stock":
            # a few edges under the stock show how much is left
            for k in range(min(4, len(pile.cards) // 10)):
                pyxel.line(x + 2, y + CARD_H + 1 + k, x + CARD_W - 3, y + CARD_H + 1 + k,
                           pal.BLACK if k % 2 else pal.WHITE)

    def _frame_around(self, index: int, count: int, col: int) -> None:
        """A thick frame round the top `count` cards of a pile (or its empty place)."""
        import pyxel

        pile = self.piles[index]
        x, y = self.layout.origin(pile)
        x2, y2 = x + CARD_W, y + CARD_H
        if pile.cards:
            offsets = self.layout.offsets(pile)
            top = len(pile.cards) - 1
            first = max(len(pile.cards) - max(count, 1), 0)
            x, y = self.layout.card_xy(pile, offsets, first)
            tx, ty = self.layout.card_xy(pile, offsets, top)
            x2, y2 = tx + CARD_W, ty + CARD_H
        pyxel.rectb(x - 2, y - 2, x2 - x + 4, y2 - y + 4, col)
        pyxel.rectb(x - 1, y - 1, x2 - x + 2, y2 - y + 2, col)

    def _draw_marks(self, hint: advice.Hint | None) -> None:
        if self.held is not None:
            self._frame_around(self.held[0], self.held[1], pal.LIGHT_CYAN)
            if self.cursor != self.held[0]:
                self._frame_around(self.cursor, 1, pal.YELLOW)
        else:
            self._frame_around(self.cursor, self.chosen(), pal.YELLOW)
        if hint is not None:
            move = hint.move
            if move.kind == MOVE:
                self._frame_around(move.src, move.count, pal.LIGHT_MAGENTA)
                self._frame_around(move.dst, 1, pal.LIGHT_MAGENTA)
            else:
                self._frame_around(move.src, 1, pal.LIGHT_MAGENTA)

    def _draw_bars(self, app: App) -> None:
        painter = app.painter
        session = self.session
        title = f" {texts.APP_TITLE} ─ {session.label}"
        keys = self.top_keys + " "
        if len(title) > COLS - len(keys) - 1:
            title = title[:COLS - len(keys) - 2] + "…"
        painter.cells(0, 0, title.ljust(COLS - len(keys)) + keys, pal.BLACK, pal.LIGHT_GREY)
        painter.cells(0, 0, title[:2 + len(texts.APP_TITLE)], pal.RED)
        game = self.game
        stock = sum(len(p.cards) for p in self.piles if p.kind == "stock")
        stats = (f" {game.gdef.title}  {texts.STATUS_DEAL} {game.seed}  "
                 f"{texts.STATUS_SCORE} {game.score()}  {texts.STATUS_MOVES} {game.moves_made}  "
                 f"{texts.STATUS_STOCK} {stock} ")
        width = COLS
        if game.gdef.done:  # the Done button, at the right end of the status line
            button = texts.DONE_KEY_LABEL
            width -= len(button)
            painter.cells(width, STATUS_ROW, button, pal.BLACK, pal.LIGHT_GREY)
            painter.cells(width + 1, STATUS_ROW, button[1], pal.RED)
        message = self.message
        if not message:
            painter.cells(0, STATUS_ROW, stats.ljust(width)[:width], pal.BLACK, pal.CYAN)
            return
        room = width - len(stats) - 1
        fg, bg = (pal.WHITE, pal.RED) if self.error else (pal.YELLOW, pal.BLUE)
        if len(message) + 2 <= room:
            painter.cells(0, STATUS_ROW, stats + "│", pal.BLACK, pal.CYAN)
            painter.cells(len(stats) + 1, STATUS_ROW, (" " + message).ljust(room), fg, bg)
        else:
            text = (" " + message)[:width].ljust(width)
            if len(message) + 1 > width:
                text = text[:width - 1] + "…"
            painter.cells(0, STATUS_ROW, text, fg, bg)
        assert SCREEN_W == COLS * 8 and CELL_H == 16

    def _on_done_button(self, mx: int, my: int) -> bool:
        return (bool(self.game.gdef.done) and my // CELL_H == STATUS_ROW
                and mx // CELL_W >= COLS - len(texts.DONE_KEY_LABEL))


def _reach(pile: Pile) -> int:
    """How many cards the cursor may choose on `pile`: its movable run, or every face-up card
    where the game lets a pile's cards be rotated (XPat2's Michael's Fantasy)."""
    if pile.group.rotate is not None:
        return max(pile.run, pile.face_up)
    return pile.run
