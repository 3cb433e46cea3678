"""DOS prompts drawn over the screen they interrupt: yes/no questions, resume the saved game
(Y/N), and a name for the high score table typed into a field with a blinking cursor.

Typed text comes from pyxel's text input (`pyxel.input_text`), which follows the keyboard layout
(a German keyboard's Z and Y, its umlauts), rather than from key codes; tests fake it with
`pyxel.set_input_text`. Only what code page 437 can show is taken, so every name fits the font.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from retro.duel import NAME_LENGTH, DuelError, player_name
from retro.engine.game import Game
from retro.textmode import Colour, TextScreen
from retro.ui import texts
from retro.ui.drawing.textview import CELL_H, CELL_W, COLS, ROWS
from retro.ui.drawing.widgets import Overlay, box, fit, wrap
from retro.ui.keeper import DEFAULT_NAME
from retro.ui.scene import Scene
from retro.ui.session import game_label

if TYPE_CHECKING:
    from retro.ui.scene import Host

BLINK = 8  # frames the cursor stays on, then off: the DOS cursor's quick blink


def drawable(char: str) -> bool:
    """Whether a typed character can be shown by the DOS font (printable code page 437)."""
    if not char.isprintable():
        return False
    try:
        char.encode("cp437")
    except UnicodeEncodeError:
        return False
    return True


class TextField:
    """A one-line text field: what was typed, up to `limit` characters the font can show."""

    def __init__(self, value: str = "", limit: int = NAME_LENGTH) -> None:
        self.limit = limit
        self.value = "".join(ch for ch in value if drawable(ch))[:limit]

    def feed(self, text: str) -> bool:
        """Add typed characters; False when one was refused (not drawable, or no room)."""
        taken = True
        for char in text:
            if drawable(char) and len(self.value) < self.limit:
                self.value += char
            else:
                taken = False
        return taken

    def erase(self) -> None:
        self.value = self.value[:-1]

    def shown(self, frame: int, focused: bool = True) -> str:
        """The field as drawn: the text, the blinking underline cursor, blanks to its width."""
        cursor = "_" if focused and (frame // BLINK) % 2 == 0 else " "
        text = self.value + (cursor if len(self.value) < self.limit else "")
        return text.ljust(self.limit + 1)


def typed() -> str:
    """This frame's typed text."""
    import pyxel

    return str(pyxel.input_text)


class ResumeScene(Overlay, Scene):
    """`Resume the saved game? (Y/N)` over the title screen, naming game, deal and moves."""

    context = "dialog"
    overlay = True
    COL, ROW, WIDTH, HEIGHT = 14, 7, 52, 10
    SLOT = "resume"

    def __init__(
        self,
        app: Host,
        game: Game,
        on_yes: Callable[[], object],
        on_no: Callable[[], None],
        instead: str = "",
    ) -> None:
        self.game = game
        self.keys = texts.RESUME_KEYS_INSTEAD.format(game=instead) if instead else texts.RESUME_KEYS
        self.on_yes = on_yes
        self.on_no = on_no
        options = dict(game.gdef.options)
        self.label = game_label(app.shelf, game.gdef.id, options)

    def _yes(self, app: Host) -> None:
        app.pop()
        self.on_yes()

    def _no(self, app: Host) -> None:
        app.pop()
        self.on_no()

    def _click(self, app: Host) -> None:
        """A click on the Y or the N of the prompt answers; elsewhere it does nothing."""
        import pyxel

        col, row = pyxel.mouse_x // CELL_W, pyxel.mouse_y // CELL_H
        prompt_col = self.COL + 3 + len(texts.RESUME_PROMPT) - 5  # the "Y" of "(Y/N)?"
        if row != self.ROW + 7 or col not in (prompt_col, prompt_col + 2):
            return
        if col == prompt_col:
            self._yes(app)
        else:
            self._no(app)

    HANDLERS: ClassVar[dict[str, Callable[[ResumeScene, Host], None]]] = {
        "yes": _yes,
        "no": _no,
        "click": _click,
    }

    def draw(self, app: Host) -> None:
        self.draw_box(app.painter)
        if (app.frame // BLINK) % 2 == 0:
            app.painter.cells(
                self.COL + 3 + len(texts.RESUME_PROMPT) + 1,
                self.ROW + 7,
                "_",
                Colour.BLACK,
                Colour.LIGHT_GREY,
            )

    def compose(self) -> TextScreen:
        screen = TextScreen(COLS, ROWS)
        c, r, w, h = self.COL, self.ROW, self.WIDTH, self.HEIGHT
        box(screen, c, r, w, h, texts.RESUME_TITLE, Colour.BLACK, Colour.LIGHT_GREY, Colour.WHITE)
        game = self.game
        screen.put(c + 3, r + 2, texts.RESUME_LINE, Colour.BLACK)
        screen.put(c + 7, r + 3, fit(self.label, w - 10), Colour.BLUE)
        facts = texts.RESUME_FACTS.format(
            deal=game.seed, score=game.score(), moves=texts.count(texts.MOVES, game.moves_made)
        )
        screen.put(c + 7, r + 4, fit(facts, w - 10), Colour.BLUE)
        history = texts.RESUME_HISTORY.format(
            back=texts.count(texts.MOVES, len(game.history)), forward=len(game.future)
        )
        screen.put(c + 3, r + 5, fit(history, w - 6), Colour.DARK_GREY)
        screen.put(c + 3, r + 7, texts.RESUME_PROMPT, Colour.BLACK)
        keys = fit(self.keys, w - 5)
        screen.put(c + w - 3 - len(keys), r + h - 1, keys, Colour.DARK_GREY)
        return screen


class NameScene(Overlay, Scene):
    """`A new high score!`: the player's name for the table, 12 characters at most."""

    context = "name"
    overlay = True
    COL, ROW, WIDTH, HEIGHT = 17, 7, 46, 11
    SLOT = "name"

    def __init__(self, app: Host, game: Game, on_done: Callable[[str], None]) -> None:
        self.game = game
        self.on_done = on_done
        self.field = TextField(app.keeper.last_name)
        self.place = app.keeper.place_of(game)
        self.title = app.shelf.entry(game.gdef.id).title
        self.problem = ""

    def update(self, app: Host) -> None:
        text = typed()
        if text and not self.field.feed(text):
            app.beeper.play("refuse")
        if not self.handle(app, app.keyboard.actions(self.context)):
            return
        if self.problem and self.field.value:
            self.problem = ""

    def _erase(self, app: Host) -> None:
        self.field.erase()

    def _accept(self, app: Host) -> None:
        try:
            name = player_name(self.field.value)
        except DuelError:
            app.beeper.play("refuse")
            self.problem = texts.NAME_NEEDED
            return
        self._done(app, name)

    def _cancel(self, app: Host) -> None:
        self._done(app, DEFAULT_NAME)

    def _done(self, app: Host, name: str) -> None:
        app.pop()
        self.on_done(name)

    HANDLERS: ClassVar[dict[str, Callable[[NameScene, Host], None]]] = {
        "erase": _erase,
        "accept": _accept,
        "cancel": _cancel,
    }

    def draw(self, app: Host) -> None:
        self.draw_box(app.painter)
        c, r, w = self.COL, self.ROW, self.WIDTH
        label = texts.NAME_LABEL
        app.painter.cells(
            c + 4 + len(label), r + 6, self.field.shown(app.frame), Colour.WHITE, Colour.BLACK
        )
        if self.problem:
            app.painter.cells(c + 4, r + 8, self.problem.ljust(w - 8), Colour.YELLOW, Colour.BLUE)

    def compose(self) -> TextScreen:
        screen = TextScreen(COLS, ROWS)
        c, r, w, h = self.COL, self.ROW, self.WIDTH, self.HEIGHT
        box(screen, c, r, w, h, texts.NAME_TITLE, Colour.WHITE, Colour.BLUE, Colour.YELLOW)
        game = self.game
        place = texts.NAME_PLACE.format(game=self.title, place=self.place)
        for offset, line in enumerate(wrap(place, w - 8, 2)):
            screen.put(c + 4, r + 2 + offset, line, Colour.WHITE)
        facts = texts.NAME_FACTS.format(score=game.score(), moves=game.moves_made, deal=game.seed)
        screen.put(c + 4, r + 4, fit(facts, w - 8), Colour.LIGHT_CYAN)
        screen.put(c + 4, r + 6, texts.NAME_LABEL, Colour.YELLOW)
        keys = texts.NAME_KEYS
        screen.put(c + (w - len(keys)) // 2, r + h - 2, keys, Colour.LIGHT_GREY)
        return screen


class ConfirmScene(Overlay, Scene):
    """A yes/no question (abandon the game in progress? end the turn?), drawn over the scene
    it interrupts."""

    context = "dialog"
    overlay = True
    ROW, HEIGHT = 8, 8
    SLOT = "confirm"

    def __init__(
        self, on_yes: Callable[[], object], title: str = "", lines: tuple[str, ...] = ()
    ) -> None:
        """Without a title and lines: the question whether to abandon the game."""
        self.on_yes = on_yes
        self.title = title or texts.CONFIRM_TITLE
        self.lines = lines or texts.CONFIRM_LINES
        self.WIDTH = max(40, max(len(line) for line in self.lines) + 6, len(self.title) + 6)
        self.COL = (COLS - self.WIDTH) // 2

    def _yes(self, app: Host) -> None:
        app.pop()
        self.on_yes()

    def _no(self, app: Host) -> None:
        app.pop()

    def _click(self, app: Host) -> None:
        """A click on the buttons' line answers: its left half yes, its right half no."""
        import pyxel

        col, row = pyxel.mouse_x // CELL_W, pyxel.mouse_y // CELL_H
        if row != self.ROW + 5:
            return
        if col < self.COL + self.WIDTH // 2:
            self._yes(app)
        else:
            self._no(app)

    HANDLERS: ClassVar[dict[str, Callable[[ConfirmScene, Host], None]]] = {
        "yes": _yes,
        "no": _no,
        "click": _click,
    }

    def draw(self, app: Host) -> None:
        self.draw_box(app.painter)

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
