"""The text-mode scenes: title, game menu, questions, won/lost, and the instructions pager.

Each composes a `retro.textmode.TextScreen` (80x25 cells of character and colours) and hands
it to the painter, which repaints only when a cell changed: the 1994 look comes from the
cell grid itself, box characters and all.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import Any

from retro.errors import RetroError
from retro.instructions import game_instructions
from retro.textmode import (
    Colour,
    Glyph,
    HelpKey,
    Instructions,
    Page,
    TextScreen,
    help_keys,
    help_screen,
)
from retro.ui import keys as keymap
from retro.ui import palette as pal
from retro.ui import texts
from retro.ui.app import App
from retro.ui.font import glyph_rows
from retro.ui.shelf import Entry
from retro.ui.textview import CELL_H, CELL_W, COLS, ROWS

# -- shared pieces --------------------------------------------------------------------------------


def big_text(screen: TextScreen, col: int, row: int, word: str, fg: int) -> None:
    """A word in letters 8 cells wide and 5 rows high, made of half blocks from our own font's
    glyphs: the way title screens were drawn in text mode."""
    glyphs = glyph_rows()
    for index, char in enumerate(word):
        rows = [bits | (bits >> 1) for bits in glyphs.get(char, glyphs[" "])[2:12]]  # bold
        for half in range(5):
            upper, lower = rows[2 * half], rows[2 * half + 1]
            for bit in range(8):
                mask = 0x80 >> bit
                top, bottom = bool(upper & mask), bool(lower & mask)
                char_at = "█" if top and bottom else "▀" if top else "▄" if bottom else ""
                if char_at:
                    screen.put_char(col + index * 8 + bit, row + half, char_at, fg)


def centre(screen: TextScreen, row: int, text: str, fg: int | None = None,
           bg: int | None = None) -> None:
    screen.put((COLS - len(text)) // 2, row, text, fg, bg)


def box(screen: TextScreen, col: int, row: int, width: int, height: int, title: str,
        fg: int, bg: int, frame: int, shadow: bool = True) -> None:
    """A dialog box: filled, double-framed, titled, with a text-mode shadow."""
    if shadow:
        screen.fill(col + 2, row + 1, width, height, " ", Colour.DARK_GREY, Colour.BLACK)
    screen.fill(col, row, width, height, " ", fg, bg)
    screen.frame(col, row, width, height, "double", frame, bg)
    if title:
        screen.put(col + (width - len(title)) // 2, row, title, frame, bg)


def bar(screen: TextScreen, row: int, text: str, fg: int = Colour.BLACK,
        bg: int = Colour.CYAN) -> None:
    screen.put(0, row, text.ljust(COLS)[:COLS], fg, bg)


def note_line(screen: TextScreen, row: int, note: str) -> None:
    """A one-line note across the screen, white on red: a file set aside, a game that cannot
    be loaded. Too long a note ends in an ellipsis rather than running off the screen."""
    text = f" {texts.NOTE_MARK} {note}"
    if len(text) > COLS:
        text = text[:COLS - 1] + "…"
    screen.put(0, row, text.ljust(COLS), Colour.WHITE, Colour.RED)


def overlay_region(screen: TextScreen, col: int, row: int, width: int,
                   height: int) -> TextScreen:
    """The box (and its shadow) cut out of a composed screen, to be drawn over the table."""
    region = TextScreen(width + 2, height + 1)
    for y in range(height + 1):
        for x in range(width + 2):
            cell = screen.cell(col + x, row + y)
            region.put_char(x, y, cell.char, cell.fg, cell.bg)
    return region


def draw_overlay(app: App, slot: str, region: TextScreen, col: int, row: int, width: int,
                 height: int) -> None:
    """Blit the box and the two shadow strips only, so the table shows round the corners."""
    import pyxel

    image = app.painter.image_of(slot, region)
    x0, y0 = col * CELL_W, row * CELL_H
    pyxel.blt(x0, y0, image, 0, 0, width * CELL_W, height * CELL_H)
    pyxel.blt(x0 + width * CELL_W, y0 + CELL_H, image, width * CELL_W, CELL_H, 2 * CELL_W,
              height * CELL_H)
    pyxel.blt(x0 + 2 * CELL_W, y0 + height * CELL_H, image, 2 * CELL_W, height * CELL_H,
              width * CELL_W, CELL_H)


class Overlay:
    """A box drawn over the scene it interrupts: composed once, then blitted with its shadow.
    Subclasses set COL, ROW, WIDTH, HEIGHT (text cells) and SLOT (its cached image's name)."""

    COL = ROW = WIDTH = HEIGHT = 0
    SLOT = ""
    _region: TextScreen | None = None

    def compose(self) -> TextScreen:
        raise NotImplementedError

    def draw_box(self, app: App) -> None:
        c, r, w, h = self.COL, self.ROW, self.WIDTH, self.HEIGHT
        if self._region is None:
            self._region = overlay_region(self.compose(), c, r, w, h)
        draw_overlay(app, self.SLOT, self._region, c, r, w, h)


# -- title ----------------------------------------------------------------------------------------


class TitleScene:
    """The first screen, in the style of a 1994 shareware title."""

    context = "title"
    overlay = False

    def __init__(self, note: str = "") -> None:
        self.screen = compose_title(note)

    def update(self, app: App) -> None:
        for action, _ in app.keys.actions(self.context):
            if action == "continue":
                app.show_menu()
                return
            if action == "help":
                app.show_help()
                return

    def draw(self, app: App) -> None:
        app.painter.screen("title", self.screen)


def compose_title(note: str = "") -> TextScreen:
    screen = TextScreen(COLS, ROWS, Colour.WHITE, Colour.BLUE)
    screen.frame(0, 0, COLS, ROWS - 1, "double", Colour.LIGHT_CYAN)
    first, second = texts.TITLE_LOGO
    big_text(screen, (COLS - 8 * len(first)) // 2, 2, first, Colour.YELLOW)
    big_text(screen, (COLS - 8 * len(second)) // 2, 8, second, Colour.LIGHT_CYAN)
    tagline, suits, press, version, files = texts.TITLE_LINES
    centre(screen, 15, tagline, Colour.WHITE)
    col = (COLS - len(suits)) // 2
    for offset, char in enumerate(suits):
        red = char in "♥♦"
        screen.put_char(col + offset, 17, char, Colour.LIGHT_RED if red else Colour.WHITE)
    centre(screen, 19, files, Colour.LIGHT_GREY)
    centre(screen, 21, f" {press} ", Colour.BLACK, Colour.LIGHT_GREY)
    bar(screen, ROWS - 1, f" {version}")
    screen.put(COLS - len(texts.APP_TITLE) - 1, ROWS - 1, texts.APP_TITLE, Colour.BLACK,
               Colour.CYAN)
    if note:
        note_line(screen, ROWS - 2, note)
    return screen


# -- the game menu --------------------------------------------------------------------------------


class MenuScene:
    """Choose a game, its options and a deal number; resume or quit.

    The game list scrolls (about thirty games and growing): PgUp/PgDn/Home/End page through it
    and a letter jumps to the next game whose title starts with it, as DOS file pickers did.
    """

    context = "menu"
    overlay = False
    LIST_COL, LIST_ROW, LIST_W, LIST_H = 1, 2, 26, 21
    VISIBLE = LIST_H - 2  # games shown at once
    LEFT, WIDTH = 29, 49
    NOTE_ROW = 23

    def __init__(self, app: App, game_id: str | None = None) -> None:
        self.entries: list[Entry] = app.shelf.entries()
        self.ids = [entry.id for entry in self.entries]
        session = app.session
        wanted = game_id or (session.game_id if session else None) or "spider"
        self.game = self.ids.index(wanted) if wanted in self.ids else 0
        self.top = self.game - self.VISIBLE // 2  # the chosen game in the middle at first
        self._scroll_to_game()
        self.values: dict[str, dict[str, Any]] = {}
        for entry in self.entries:
            values = {name: spec.default for name, spec in entry.options.items()}
            if session is not None and session.game_id == entry.id:
                values.update(session.options)
            self.values[entry.id] = values
        self.deal = str(app.seed_source())
        self.focus = 0
        self.error = app.note
        self.rows: dict[int, int] = {}  # screen row -> line index, for the mouse
        self.game_rows: dict[int, int] = {}
        self._state: tuple[object, ...] = ()
        self._screen: TextScreen | None = None

    @property
    def entry(self) -> Entry:
        return self.entries[self.game]

    @property
    def game_id(self) -> str:
        return self.entry.id

    def lines(self, app: App) -> list[tuple[str, str]]:
        """The focusable lines: (kind, name)."""
        entry = self.entry
        lines = [("game", "")] + [("option", name) for name in entry.options]
        lines += [("deal", ""), ("sound", ""), ("play", "")]
        if entry.duel and not entry.error:
            lines.append(("duel", ""))
        lines.append(("scores", ""))
        if app.session is not None or app.pending is not None:
            lines.append(("resume", ""))
        lines.append(("quit", ""))
        return lines

    # -- input ----------------------------------------------------------------------------------

    def update(self, app: App) -> None:
        import pyxel

        lines = self.lines(app)
        for action, key in app.keys.actions(self.context):
            self.focus = min(self.focus, len(lines) - 1)
            kind, name = lines[self.focus]
            if action == "up":
                self.focus = (self.focus - 1) % len(lines)
            elif action == "down":
                self.focus = (self.focus + 1) % len(lines)
            elif action in ("left", "right"):
                self._change(app, kind, name, -1 if action == "left" else 1)
            elif action in ("page_up", "page_down", "first", "last"):
                self._page(action)
            elif action == "letter":
                self._jump(key[-1])
            elif action == "digit":
                if len(self.deal) < 9:
                    self.deal = (self.deal + key[-1]).lstrip("0") or "0"
            elif action == "erase":
                self.deal = self.deal[:-1]
            elif action == "random":
                self.deal = str(app.seed_source())
            elif action == "sound":
                app.beeper.toggle()
            elif action == "select":
                self._do(app, kind)
            elif action == "cancel":
                app.pop() if len(app.scenes) > 1 else None
            elif action == "help":
                app.show_help(self.game_id)
            elif action == "scores":
                self._do(app, "scores")
            elif action == "quit":
                app.quit()
            elif action == "click":
                self._click(app, pyxel.mouse_x // CELL_W, pyxel.mouse_y // CELL_H)
            if app.scene is not self:
                return
            lines = self.lines(app)

    def _choose_game(self, index: int) -> None:
        self.game = index % len(self.entries)
        self._scroll_to_game()
        self.focus = 0

    def _scroll_to_game(self) -> None:
        """Scroll as little as needed to keep the chosen game in sight."""
        if self.game < self.top:
            self.top = self.game
        elif self.game >= self.top + self.VISIBLE:
            self.top = self.game - self.VISIBLE + 1
        self.top = max(0, min(self.top, len(self.entries) - self.VISIBLE))

    def _page(self, action: str) -> None:
        last = len(self.entries) - 1
        target = {"page_up": max(self.game - (self.VISIBLE - 1), 0),
                  "page_down": min(self.game + self.VISIBLE - 1, last),
                  "first": 0, "last": last}[action]
        if action in ("page_up", "page_down"):  # the page turns with the cursor, as in DOS lists
            self.top += target - self.game
        self._choose_game(target)

    def _jump(self, letter: str) -> None:
        """The next game (after the chosen one, round the end) whose title starts with
        `letter`."""
        count = len(self.entries)
        for step in range(1, count + 1):
            index = (self.game + step) % count
            if self.entries[index].title[:1].upper() == letter.upper():
                self._choose_game(index)
                return

    def _change(self, app: App, kind: str, name: str, delta: int) -> None:
        if kind == "game":
            self.game = (self.game + delta) % len(self.entries)
            self._scroll_to_game()
        elif kind == "option":
            spec = self.entry.options[name]
            values = list(spec.values)
            current = self.values[self.game_id][name]
            at = next((i for i, v in enumerate(values) if str(v) == str(current)), 0)
            self.values[self.game_id][name] = values[(at + delta) % len(values)]
        elif kind == "sound":
            app.beeper.toggle()

    def _do(self, app: App, kind: str) -> None:
        if kind == "resume":
            if app.session is None and app.pending is not None:
                app.resume(app.pending)
            else:
                app.pop()
        elif kind == "scores":
            app.show_scores(self.game_id, self.values[self.game_id])
        elif kind == "duel":
            app.show_duel_setup(self.game_id)
        elif kind == "quit":
            app.quit()
        elif kind == "sound":
            app.beeper.toggle()
        else:
            self._play(app)

    def _play(self, app: App) -> None:
        entry = self.entry
        if entry.error:
            app.beeper.play("refuse")
            self.error = entry.error
            return
        game_id = entry.id
        options = dict(self.values[game_id])
        seed = int(self.deal) if self.deal else app.seed_source()

        def start() -> None:
            try:
                app.start(game_id, options, seed)
            except RetroError as error:  # a broken game file: say so, keep the menu
                app.beeper.play("refuse")
                self.error = str(error).splitlines()[0]

        if app.session is not None and app.session.in_progress():
            app.push(ConfirmScene(start))
        else:
            start()

    def _click(self, app: App, col: int, row: int) -> None:
        bar_col = self.LIST_COL + self.LIST_W - 1
        if col == bar_col and self._overflows():
            if row == self.LIST_ROW + 1:
                self._choose_game(max(self.game - 1, 0))
            elif row == self.LIST_ROW + self.LIST_H - 2:
                self._choose_game(min(self.game + 1, len(self.entries) - 1))
            return
        if row in self.game_rows and col < bar_col:
            self._choose_game(self.game_rows[row])
            return
        line = self.rows.get(row)
        if line is None:
            return
        if line == self.focus:
            kind, name = self.lines(app)[line]
            if kind in ("game", "option"):
                self._change(app, kind, name, 1)
            elif kind != "deal":
                self._do(app, kind)
        self.focus = line

    def _overflows(self) -> bool:
        return len(self.entries) > self.VISIBLE

    # -- drawing ----------------------------------------------------------------------------------

    def draw(self, app: App) -> None:
        state = (self.game, self.top, self.focus, repr(self.values[self.game_id]), self.deal,
                 app.beeper.enabled, app.session is not None, self.error, app.pending)
        if state != self._state:
            self._state = state
            self._screen = self.compose(app)
        assert self._screen is not None
        app.painter.screen("menu", self._screen)

    def compose(self, app: App) -> TextScreen:
        screen = TextScreen(COLS, ROWS, Colour.WHITE, Colour.BLUE)
        screen.fill(0, 1, COLS, ROWS - 2, "░", Colour.BLUE, Colour.BLACK)
        bar(screen, 0, texts.MENU_TITLE, Colour.BLACK, Colour.LIGHT_GREY)
        self._compose_list(screen)
        self._compose_game(app, screen)
        note = self.entry.error or self.error
        if note:
            note_line(screen, self.NOTE_ROW, note)
        bar(screen, ROWS - 1, " " + texts.MENU_KEYS)
        return screen

    def _compose_list(self, screen: TextScreen) -> None:
        col, row, width, height = self.LIST_COL, self.LIST_ROW, self.LIST_W, self.LIST_H
        box(screen, col, row, width, height, texts.MENU_GAMES, Colour.WHITE, Colour.BLUE,
            Colour.LIGHT_CYAN)
        count = len(self.entries)
        where = f" {self.game + 1}/{count} "
        screen.put(col + width - 2 - len(where), row + height - 1, where, Colour.LIGHT_CYAN)
        self.game_rows = {}
        inner = width - 3  # the title cells; the frame's right column is the scroll bar
        for offset, entry in enumerate(self.entries[self.top:self.top + self.VISIBLE]):
            index = self.top + offset
            at = row + 1 + offset
            self.game_rows[at] = index
            title = f" {entry.title}"[:inner].ljust(inner)
            fg = (Colour.LIGHT_RED if entry.error else Colour.LIGHT_GREEN if entry.mine
                  else Colour.WHITE)
            if index == self.game:
                chosen_bg = Colour.CYAN if self.focus == 0 else Colour.LIGHT_GREY
                screen.put(col + 1, at, "►" + title[1:], Colour.BLACK, chosen_bg)
            else:
                screen.put(col + 1, at, title, fg)
        if self._overflows():
            self._compose_scroll_bar(screen, col + width - 1, row + 1, height - 2)

    def _compose_scroll_bar(self, screen: TextScreen, col: int, row: int, height: int) -> None:
        """A DOS scroll bar in the frame: arrows at the ends, a thumb where the view is."""
        track = height - 2
        screen.put_char(col, row, "▲", Colour.BLACK, Colour.CYAN)
        screen.put_char(col, row + height - 1, "▼", Colour.BLACK, Colour.CYAN)
        span = len(self.entries) - self.VISIBLE
        thumb = round(self.top / span * (track - 1)) if span else 0
        for offset in range(track):
            char, fg = ("█", Colour.LIGHT_CYAN) if offset == thumb else ("░", Colour.CYAN)
            screen.put_char(col, row + 1 + offset, char, fg, Colour.BLUE)

    def _compose_game(self, app: App, screen: TextScreen) -> None:
        entry = self.entry
        left, width = self.LEFT, self.WIDTH
        title = f" {entry.title}{texts.MENU_MINE if entry.mine else ''} "
        box(screen, left, 2, width, 21, title, Colour.WHITE, Colour.BLUE, Colour.LIGHT_CYAN)
        text_width = width - 4
        if entry.error:
            about = textwrap.wrap(texts.MENU_BROKEN, text_width)[:2]
        else:
            about = textwrap.wrap(entry.description, text_width)
            if len(about) > 2:
                about = [about[0], about[1][:text_width - 1] + "…"]
        for offset, text in enumerate(about):
            screen.put(left + 2, 3 + offset, text, Colour.LIGHT_GREY)
        row = 5
        screen.put(left, row, "╟" + "─" * (width - 2) + "╢", Colour.LIGHT_CYAN)
        screen.put(left + 2, row, texts.MENU_OPTIONS, Colour.YELLOW)
        row += 1
        lines = self.lines(app)
        focus = min(self.focus, len(lines) - 1)
        roomy = len(lines) + 1 <= 19 - row  # a blank line before the actions if it fits
        self.rows = {}
        values = self.values[self.game_id]
        for index, (kind, name) in enumerate(lines):
            label, value = self._line_text(app, kind, name, values)
            if kind == "play" and roomy:
                row += 1
            focused = index == focus
            fg, bg = (Colour.BLACK, Colour.CYAN) if focused else (Colour.WHITE, Colour.BLUE)
            if kind in ACTIONS:
                text = f"  {'►' if focused else ' '} {label}"
                screen.put(left + 2, row, text.ljust(width - 4), fg, bg)
                key = self._action_key(app, kind)
                if key:  # the key that does it from anywhere in the menu, DOS style
                    screen.put(left + width - 3 - len(key), row, key,
                               Colour.BLUE if focused else Colour.LIGHT_CYAN, bg)
            else:
                shown = f"◄ {value} ►" if focused and kind != "deal" else f"  {value}"
                text = f" {label} ".ljust(24, ".") + " " + shown
                screen.put(left + 2, row, text.ljust(width - 4)[:width - 4], fg, bg)
            self.rows[row] = index
            row += 1
        if row <= self.STATS_ROW and not entry.error:
            self._compose_stats(app, screen)

    STATS_ROW = 19

    def _compose_stats(self, app: App, screen: TextScreen) -> None:
        """Two lines of statistics for the chosen game with the chosen options."""
        left, width, row = self.LEFT, self.WIDTH, self.STATS_ROW
        screen.put(left, row, "╟" + "─" * (width - 2) + "╢", Colour.LIGHT_CYAN)
        screen.put(left + 2, row, texts.MENU_STATS, Colour.YELLOW)
        from retro.ui.scores import stats_lines

        key = app.keeper.stats_key(self.game_id, self.values[self.game_id])
        for offset, text in enumerate(stats_lines(app.keeper.records.stats.get(key))):
            screen.put(left + 2, row + 1 + offset, text[:width - 4], Colour.LIGHT_GREY)

    @staticmethod
    def _action_key(app: App, kind: str) -> str:
        action = {"play": "select", "scores": "scores", "quit": "quit"}.get(kind)
        if kind == "resume" and app.session is not None:
            action = "cancel"
        return keymap.first_key("menu", action) if action else ""

    def _line_text(self, app: App, kind: str, name: str, values: dict[str, Any]
                   ) -> tuple[str, str]:
        entry = self.entry
        if kind == "game":
            return texts.MENU_GAME, entry.title
        if kind == "option":
            return entry.options[name].label, str(values[name])
        if kind == "deal":
            return texts.MENU_DEAL, f"[{self.deal.ljust(9, '_')}]"
        if kind == "sound":
            return texts.MENU_SOUND, texts.MENU_ON if app.beeper.enabled else texts.MENU_OFF
        if kind == "resume" and app.session is None:
            return texts.MENU_RESUME_SAVED, ""
        return ACTIONS[kind], ""


ACTIONS = {"play": texts.MENU_PLAY, "duel": texts.MENU_DUEL, "scores": texts.MENU_SCORES,
           "resume": texts.MENU_RESUME, "quit": texts.MENU_QUIT}


# -- questions and endings ------------------------------------------------------------------------


class ConfirmScene(Overlay):
    """A yes/no question (abandon the game in progress? end the turn?), drawn over the scene
    it interrupts."""

    context = "dialog"
    overlay = True
    ROW, HEIGHT = 8, 8
    SLOT = "confirm"

    def __init__(self, on_yes: Callable[[], object], title: str = texts.CONFIRM_TITLE,
                 lines: tuple[str, ...] = texts.CONFIRM_LINES) -> None:
        self.on_yes = on_yes
        self.title = title
        self.lines = lines
        self.WIDTH = max(40, max(len(line) for line in lines) + 6, len(title) + 6)
        self.COL = (COLS - self.WIDTH) // 2

    def update(self, app: App) -> None:
        import pyxel

        for action, _ in app.keys.actions(self.context):
            if action == "click":
                col, row = pyxel.mouse_x // CELL_W, pyxel.mouse_y // CELL_H
                if row != self.ROW + 5:
                    continue
                action = "yes" if col < self.COL + self.WIDTH // 2 else "no"
            app.pop()
            if action == "yes":
                self.on_yes()
            return

    def draw(self, app: App) -> None:
        self.draw_box(app)

    def compose(self) -> TextScreen:
        screen = TextScreen(COLS, ROWS)
        c, r, w, h = self.COL, self.ROW, self.WIDTH, self.HEIGHT
        box(screen, c, r, w, h, self.title, Colour.BLACK, Colour.LIGHT_GREY, Colour.WHITE)
        for offset, line in enumerate(self.lines):
            screen.put(c + (w - len(line)) // 2, r + 2 + offset, line, Colour.BLACK)
        yes, no = texts.CONFIRM_YES, texts.CONFIRM_NO
        screen.put(c + w // 4 - len(yes) // 2, r + 5, yes, Colour.WHITE, Colour.BLUE)
        screen.put(c + 3 * w // 4 - len(no) // 2, r + 5, no, Colour.BLACK, Colour.CYAN)
        return screen


class OverScene(Overlay):
    """Won or lost: the score, and what next."""

    context = "over"
    overlay = True
    COL, ROW, WIDTH, HEIGHT = 14, 8, 52, 9
    SLOT = "over"

    def __init__(self, table: Any, outcome: str) -> None:
        self.table = table
        self.outcome = outcome

    def update(self, app: App) -> None:
        for action, _ in app.keys.actions(self.context):
            session = app.session
            if action in ("new", "click") and session is not None:
                app.start(session.game_id, session.options)
            elif action == "undo":
                app.pop()
                self.table._do_undo(app)
            elif action == "restart":
                app.pop()
                self.table.restart(app)
            elif action == "scores" and session is not None:
                app.show_scores(session.game_id, session.options)
            elif action == "menu":
                app.show_menu(session.game_id if session else None)
            return

    def draw(self, app: App) -> None:
        self.draw_box(app)

    def compose(self) -> TextScreen:
        game = self.table.game
        won = self.outcome == "won"
        screen = TextScreen(COLS, ROWS)
        c, r, w, h = self.COL, self.ROW, self.WIDTH, self.HEIGHT
        title, lines = ((texts.WON_TITLE, texts.WON_LINES) if won
                        else (texts.ENDED_TITLE, texts.ENDED_LINES)
                        if game.position.counters.get("done")
                        else (texts.LOST_TITLE, texts.LOST_LINES))
        bg = Colour.BLUE if won else Colour.RED
        box(screen, c, r, w, h, title, Colour.WHITE, bg, Colour.YELLOW)
        for offset, line in enumerate(lines):
            screen.put(c + (w - len(line)) // 2, r + 2 + offset, line, Colour.WHITE)
        score = texts.OVER_SCORE.format(score=game.score(), moves=game.moves_made,
                                        deal=game.seed)
        screen.put(c + (w - len(score)) // 2, r + 5, score, Colour.YELLOW)
        keys = texts.OVER_KEYS
        screen.put(c + (w - len(keys)) // 2, r + 7, keys, Colour.LIGHT_GREY)
        return screen


# -- instructions ---------------------------------------------------------------------------------


def keys_pages(lang: str) -> list[Page]:
    """The keymap as instruction pages, so F1 always tells the keys the window really uses."""
    lines: Page = [[Glyph(ch, Colour.YELLOW) for ch in texts.KEYS_PAGE_TITLE], []]
    for context, title in keymap.CONTEXTS.items():
        lines.append([Glyph(ch, Colour.LIGHT_CYAN) for ch in title])
        for binding in keymap.bindings(context):
            label = keymap.binding_label(binding, keypad=False)[:22].ljust(23)
            line = [Glyph(ch, Colour.YELLOW) for ch in "  " + label]
            line += [Glyph(ch, Colour.WHITE) for ch in binding.text[:78 - len(line)]]
            lines.append(line)
        lines.append([])
    return [lines[i:i + 21] for i in range(0, len(lines), 21)]


class InstructionsScene:
    """The DOS help screen of a game, page by page; Esc goes back exactly where it was."""

    context = "help"
    overlay = False

    def __init__(self, app: App, game_id: str | None = None) -> None:
        gid = game_id or (app.session.game_id if app.session else "spider")
        try:
            gdef = (app.session.game.gdef if app.session and app.session.game_id == gid
                    else app.catalog.load(gid, {}))
            # the game's own .anl file, or pages written from its rules: never a game without
            loaded = game_instructions(gdef, app.lang)
        except RetroError as error:  # a broken game file: say why on the page
            lines = [texts.NO_INSTRUCTIONS, "", *str(error).splitlines()[:1]]
            loaded = Instructions(gid, [[[Glyph(ch, Colour.WHITE) for ch in line[:78]]
                                         for line in lines]])
        self.instructions = Instructions(loaded.title,
                                         [*loaded.pages, *keys_pages(app.lang)])
        self.page = 0
        self.lang = app.lang

    @property
    def count(self) -> int:
        return len(self.instructions.pages)

    def update(self, app: App) -> None:
        import pyxel

        for action, _ in app.keys.actions(self.context):
            if action == "click":
                action = self._clicked(pyxel.mouse_x // CELL_W, pyxel.mouse_y // CELL_H)
            if action == "next":
                self.page = min(self.page + 1, self.count - 1)
            elif action == "previous":
                self.page = max(self.page - 1, 0)
            elif action == "close":
                app.pop()
                return

    def _clicked(self, col: int, row: int) -> str:
        keys: list[HelpKey] = help_keys(self.page, self.count, self.lang)
        for key in keys:
            if key.row == row and key.col <= col < key.col + key.width and key.enabled:
                return "next" if key.action == "turn" else key.action
        return ""

    def draw(self, app: App) -> None:
        if self._shown is None or self._shown[0] != self.page:
            self._shown = (self.page, help_screen(self.instructions, self.page, self.lang))
        app.painter.screen("help", self._shown[1])

    _shown: tuple[int, TextScreen] | None = None


assert pal.BLUE == Colour.BLUE and pal.WHITE == Colour.WHITE  # one numbering for both
