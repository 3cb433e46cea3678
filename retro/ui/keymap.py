"""The one keymap: every key and mouse button the window answers to, by screen.

The same table drives the input handling (`Keyboard.actions`), the keys shown in the window and
`docs/keys.md` (`markdown()`; a test keeps the file in step), so a key can never work without
being documented or be documented without working. Alt combinations are left alone: pyxel keeps
Alt+1/2/3/8/9/0 and Alt+Enter (fullscreen) for itself, and no binding here uses Alt. The
"window" keys work on every screen, so no screen binds them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

# Key repeat like a DOS keyboard at 30 frames a second: first repeat after 10 frames (1/3 s),
# then every frame (30 a second).
FPS = 30
REPEAT_HOLD = 10
REPEAT_EVERY = 1
# Enter within this many frames of Alt being held is not Enter: Alt+Enter is pyxel's fullscreen
# key, and a window going fullscreen loses and regains the keyboard, which hands a still-held
# Enter back as a new press.
ALT_ENTER_GRACE = FPS
_ENTER_KEYS = ("RETURN", "KP_ENTER")


@dataclass(frozen=True)
class Binding:
    """Keys (pyxel names without KEY_; `shift+X` needs Shift) doing `action` on one screen."""

    context: str
    action: str
    keys: tuple[str, ...]
    text: str
    repeat: bool = False
    short: str = ""  # the words on the one-page keys screen (F1), when `text` is too long


CONTEXTS: dict[str, str] = {
    "window": "Every screen",
    "title": "Title screen",
    "table": "At the table",
    "demo": "A demo at the table (the computer plays)",
    "looking": "Looking for a winnable deal",
    "over": "Game won or lost",
    "menu": "Game menu",
    "settings": "Settings (from the game menu)",
    "dialog": "Questions (Y/N)",
    "name": "Your name for the high score table",
    "scores": "High score table",
    "duel_setup": "A duel: the players' names and the duel code",
    "pass": "A duel: passing the keyboard",
    "computer": "A duel: the computer's turn",
    "duel_result": "A duel: the result",
    "net_setup": "A duel over the network: hosting or joining",
    "net_wait": "A duel over the network: waiting for the other player",
    "net_box": "A duel over the network: news in a box",
    "net_result": "A duel over the network: the result",
    "replay": "Watching a game again (replay)",
    "help": "Instructions (F1)",
}

_DIGITS = tuple(str(d) for d in range(10)) + tuple(f"KP_{d}" for d in range(10))
_LETTERS = tuple(chr(c) for c in range(ord("A"), ord("Z") + 1))

KEYMAP: tuple[Binding, ...] = (
    Binding(
        "window",
        "fullscreen",
        ("F11",),
        "Fullscreen on / off (Alt+Enter does it too)",
        short="Fullscreen (Alt+Enter)",
    ),
    Binding(
        "window",
        "scale",
        ("F8",),
        "Window size: the next whole scale (back to 1x past the largest that fits)",
        short="Window size",
    ),
    Binding(
        "window",
        "quit",
        ("F12",),
        "Leave Retro Patience (the game in progress is kept)",
        short="Quit (game kept)",
    ),
    Binding(
        "title",
        "continue",
        ("RETURN", "SPACE", "ESCAPE", "MOUSE_BUTTON_LEFT"),
        "Go on to the game menu",
        short="On to the game menu",
    ),
    Binding("title", "help", ("F1",), "Help: every key of every screen", short="Help: every key"),
    Binding(
        "table",
        "left",
        ("LEFT", "KP_4"),
        "Cursor to the pile on the left",
        True,
        short="Cursor left",
    ),
    Binding(
        "table",
        "right",
        ("RIGHT", "KP_6"),
        "Cursor to the pile on the right",
        True,
        short="Cursor right",
    ),
    Binding(
        "table",
        "more",
        ("UP", "PLUS", "EQUALS", "KP_PLUS", "KP_8"),
        "Take one card more of the run (past the whole run: the row above)",
        True,
        short="More cards / row up",
    ),
    Binding(
        "table",
        "fewer",
        ("DOWN", "MINUS", "KP_MINUS", "KP_2"),
        "Take one card fewer (at one card: the row below)",
        True,
        short="Fewer cards / row down",
    ),
    Binding("table", "row", ("TAB",), "Cursor to the next row of piles", short="Next row of piles"),
    Binding(
        "table",
        "select",
        ("RETURN", "KP_ENTER"),
        "Lift the cards / drop them here (on the stock: deal, or lift its top card "
        "when it can move)",
        short="Lift / drop / deal",
    ),
    Binding(
        "table",
        "best",
        ("SPACE",),
        "Send the chosen cards (or the lifted ones) to their best place; with a hint "
        "shown: make the hint's move",
        short="Best place / hint",
    ),
    Binding(
        "table",
        "cancel",
        ("ESCAPE",),
        "Put lifted cards back; with none lifted: the menu",
        short="Put back / the menu",
    ),
    Binding("table", "deal", ("D",), "Deal from the stock"),
    Binding(
        "table",
        "rotate_up",
        ("F",),
        "Rotate (some games): the chosen cards move up one place, the top card under them",
        short="Rotate up",
    ),
    Binding(
        "table",
        "rotate_down",
        ("B",),
        "Rotate (some games): the chosen card comes onto the top, the cards on it move down",
        short="Rotate down",
    ),
    Binding("table", "undo", ("U", "BACKSPACE"), "Undo (as often as you like)", True, short="Undo"),
    Binding("table", "redo", ("R",), "Redo what was undone", True, short="Redo"),
    Binding("table", "hint", ("H",), "Hint: show the next good move", short="Hint: a good move"),
    Binding(
        "table",
        "hint_back",
        ("shift+H",),
        "Hint: back to the previous one",
        short="Hint: the previous one",
    ),
    Binding(
        "table",
        "auto",
        ("A",),
        "Auto-play the obvious moves, safe cards home first; once every card can go home: "
        "finish the game",
        short="Auto-play / finish",
    ),
    Binding(
        "table",
        "demo",
        ("P",),
        "Demo: the computer plays on from here, without seeing face-down cards (+ and - "
        "its speed, any other key stops it)",
        short="Demo: computer plays",
    ),
    Binding(
        "table",
        "best_click",
        ("MOUSE_BUTTON_RIGHT",),
        "Send the clicked card (and those on it) to its best place",
        short="Card to its best place",
    ),
    Binding(
        "table",
        "click",
        ("MOUSE_BUTTON_LEFT",),
        "Lift from the clicked card / drop on the clicked pile (click the lifted pile "
        "again: best place; click the stock: deal); or drag the cards and let go on a pile "
        "(where none takes them, they go back)",
        short="Lift / drop / deal / drag",
    ),
    Binding(
        "table", "new", ("N", "F2"), "New deal (asks first while a game is on)", short="New deal"
    ),
    Binding(
        "table", "restart", ("F3",), "Start this deal again (asks first)", short="This deal again"
    ),
    Binding(
        "table",
        "done",
        ("X",),
        "Done, or give up where the game has no Done: end the game, counted as lost, or "
        "your duel turn (asks first)",
        short="Done / give up",
    ),
    Binding(
        "table",
        "reload",
        ("F5",),
        "Reload the game file (saving it does too)",
        short="Reload the game file",
    ),
    Binding("table", "sound", ("S",), "Sound on / off"),
    Binding("table", "help", ("F1",), "Instructions"),
    Binding("table", "menu", ("M", "F10"), "The game menu"),
    Binding("demo", "faster", ("PLUS", "EQUALS", "KP_PLUS"), "Faster"),
    Binding("demo", "slower", ("MINUS", "KP_MINUS"), "Slower"),
    Binding(
        "demo",
        "stop",
        ("ESCAPE",),
        "Stop the demo (any other key does too): your turn at the position reached",
        short="Stop (any key does)",
    ),
    Binding(
        "looking",
        "cancel",
        ("ESCAPE",),
        "Stop looking: back to where you were",
        short="Stop looking",
    ),
    Binding("over", "new", ("N", "RETURN", "SPACE"), "Next deal"),
    Binding("over", "undo", ("U", "BACKSPACE"), "Undo the last move and play on"),
    Binding("over", "restart", ("F3",), "Play this deal again"),
    Binding("over", "scores", ("S",), "The high score table and statistics"),
    Binding("over", "menu", ("ESCAPE", "M", "F10"), "The game menu"),
    Binding("over", "click", ("MOUSE_BUTTON_LEFT",), "Next deal"),
    Binding("menu", "up", ("UP",), "Previous line", True),
    Binding("menu", "down", ("DOWN", "TAB"), "Next line", True),
    Binding(
        "menu", "left", ("LEFT",), "Previous game or value", True, short="Previous game / value"
    ),
    Binding("menu", "right", ("RIGHT",), "Next game or value", True, short="Next game / value"),
    Binding(
        "menu",
        "select",
        ("RETURN", "SPACE", "KP_ENTER"),
        "Play (or do the chosen line)",
        short="Play / do the line",
    ),
    Binding("menu", "page_up", ("PAGEUP",), "A page of games up", True),
    Binding("menu", "page_down", ("PAGEDOWN",), "A page of games down", True),
    Binding("menu", "first", ("HOME",), "The first game"),
    Binding("menu", "last", ("END",), "The last game"),
    Binding(
        "menu",
        "previous_family",
        ("shift+LEFT",),
        "The first game of the family before",
        True,
        short="Family before",
    ),
    Binding(
        "menu",
        "next_family",
        ("shift+RIGHT",),
        "The first game of the next family",
        True,
        short="Next family",
    ),
    Binding(
        "menu",
        "letter",
        _LETTERS,
        "Find a game by typing its name (again: the next game starting with that letter)",
        short="Find a game by name",
    ),
    Binding("menu", "digit", _DIGITS, "Type the deal number"),
    Binding(
        "menu",
        "erase",
        ("BACKSPACE", "DELETE"),
        "Erase a letter of the name typed, else a digit of the deal number",
        True,
        short="Erase a letter / digit",
    ),
    Binding("menu", "random", ("F2",), "A new random deal number", short="A random deal number"),
    Binding(
        "menu",
        "scores",
        ("F3",),
        "High scores and statistics of the chosen game",
        short="Scores and statistics",
    ),
    Binding("menu", "sound", ("F4",), "Sound on / off"),
    Binding(
        "menu",
        "cancel",
        ("ESCAPE",),
        "Forget the name typed; else back to the game in progress (or the title)",
        short="Forget name / back",
    ),
    Binding("menu", "help", ("F1",), "Instructions for the chosen game", short="Instructions"),
    Binding(
        "menu",
        "click",
        ("MOUSE_BUTTON_LEFT",),
        "Choose a line; click it again to do it",
        short="Choose / do a line",
    ),
    Binding("settings", "up", ("UP",), "Previous line", True),
    Binding("settings", "down", ("DOWN", "TAB"), "Next line", True),
    Binding("settings", "left", ("LEFT",), "Previous value", True),
    Binding("settings", "right", ("RIGHT", "RETURN", "SPACE", "KP_ENTER"), "Next value", True),
    Binding("settings", "close", ("ESCAPE", "F10"), "Back to the game menu"),
    Binding(
        "settings",
        "click",
        ("MOUSE_BUTTON_LEFT",),
        "Choose a line; click it again to change it",
        short="Choose / change a line",
    ),
    Binding("dialog", "yes", ("Y", "J", "RETURN", "KP_ENTER"), "Yes (J: Ja)"),
    Binding("dialog", "no", ("N", "ESCAPE"), "No"),
    Binding("dialog", "click", ("MOUSE_BUTTON_LEFT",), "Click [Yes] or [No]"),
    Binding("name", "accept", ("RETURN", "KP_ENTER"), "Done: the name goes into the table"),
    Binding("name", "erase", ("BACKSPACE",), "Erase the last letter (type to write)", True),
    Binding("name", "cancel", ("ESCAPE",), "No name: counted as Player"),
    Binding("duel_setup", "next", ("TAB", "DOWN"), "Next field"),
    Binding("duel_setup", "previous", ("shift+TAB", "UP"), "Previous field"),
    Binding("duel_setup", "erase", ("BACKSPACE",), "Erase the last letter (type to write)", True),
    Binding("duel_setup", "random", ("F2",), "A new random duel code"),
    Binding(
        "duel_setup",
        "opponent_next",
        ("RIGHT",),
        "The next opponent: a person, the computer easy, medium, hard",
        short="The next opponent",
    ),
    Binding("duel_setup", "opponent_previous", ("LEFT",), "The previous opponent"),
    Binding("duel_setup", "accept", ("RETURN", "KP_ENTER"), "Next empty field, else start"),
    Binding("duel_setup", "cancel", ("ESCAPE",), "Back to the menu"),
    Binding("pass", "go", ("RETURN", "SPACE", "KP_ENTER"), "The next player is ready: play"),
    Binding("pass", "cancel", ("ESCAPE",), "Leave the duel (asks first)"),
    Binding(
        "computer",
        "skip",
        ("SPACE", "RETURN", "KP_ENTER"),
        "Skip: the computer finishes its game at once",
    ),
    Binding("computer", "cancel", ("ESCAPE",), "Leave the duel (asks first)"),
    Binding("duel_result", "again", ("N",), "A new duel for the same players"),
    Binding("duel_result", "scores", ("S",), "The high score table"),
    Binding("duel_result", "replay", ("R",), "Watch the computer's game again"),
    Binding("duel_result", "menu", ("RETURN", "ESCAPE", "SPACE", "KP_ENTER"), "The game menu"),
    Binding("net_setup", "next", ("TAB", "DOWN"), "Next field"),
    Binding("net_setup", "previous", ("shift+TAB", "UP"), "Previous field"),
    Binding("net_setup", "erase", ("BACKSPACE",), "Erase the last letter (type to write)", True),
    Binding("net_setup", "opponent_next", ("RIGHT",), "The next opponent (back to a person)"),
    Binding("net_setup", "opponent_previous", ("LEFT",), "The previous opponent"),
    Binding("net_setup", "accept", ("RETURN", "KP_ENTER"), "Next empty field, else host or join"),
    Binding("net_setup", "cancel", ("ESCAPE",), "Back to the menu"),
    Binding("net_wait", "cancel", ("ESCAPE",), "Stop waiting: back to the form"),
    Binding("net_box", "go", ("RETURN", "SPACE", "KP_ENTER", "ESCAPE"), "Go on"),
    Binding("net_result", "again", ("N",), "A new duel over the network"),
    Binding("net_result", "scores", ("S",), "The high score table"),
    Binding("net_result", "replay", ("R",), "Watch your game again"),
    Binding("net_result", "replay_theirs", ("O",), "Watch your opponent's game"),
    Binding("net_result", "menu", ("RETURN", "ESCAPE", "SPACE", "KP_ENTER"), "The game menu"),
    Binding("scores", "up", ("UP",), "Previous entry", True),
    Binding("scores", "down", ("DOWN",), "Next entry", True),
    Binding("scores", "first", ("HOME",), "The best entry"),
    Binding("scores", "last", ("END",), "The last entry"),
    Binding(
        "scores",
        "replay",
        ("RETURN", "SPACE", "KP_ENTER"),
        "Watch the chosen game again, move by move",
    ),
    Binding("scores", "click", ("MOUSE_BUTTON_LEFT",), "Choose an entry; click it again to watch"),
    Binding(
        "scores",
        "panel_next",
        ("RIGHT",),
        "A duel game's statistics: the next of hot seat and the computer's strengths",
        short="Next statistics (duels)",
    ),
    Binding(
        "scores",
        "panel_previous",
        ("LEFT",),
        "A duel game's statistics: the previous ones",
        short="Previous statistics",
    ),
    Binding("scores", "close", ("ESCAPE", "F3"), "Back"),
    Binding("replay", "pause", ("SPACE",), "Pause / go on"),
    Binding("replay", "step", ("RIGHT", "PERIOD"), "One move on (pauses)", True),
    Binding("replay", "back", ("LEFT", "COMMA"), "One move back (pauses)", True),
    Binding("replay", "faster", ("PLUS", "EQUALS", "KP_PLUS"), "Faster", True),
    Binding("replay", "slower", ("MINUS", "KP_MINUS"), "Slower", True),
    Binding("replay", "start", ("HOME",), "Back to the deal's opening"),
    Binding("replay", "close", ("ESCAPE",), "Back to where you were"),
    Binding("help", "next", ("PAGEDOWN", "SPACE", "RIGHT", "DOWN"), "Next page", True),
    Binding("help", "previous", ("PAGEUP", "LEFT", "UP"), "Previous page", True),
    Binding("help", "close", ("ESCAPE", "F1"), "Back to where you were"),
    Binding("help", "click", ("MOUSE_BUTTON_LEFT",), "Click a key on the bottom line"),
)

_NAMES = {
    "LEFT": "←",
    "RIGHT": "→",
    "UP": "↑",
    "DOWN": "↓",
    "RETURN": "Enter",
    "SPACE": "Space",
    "ESCAPE": "Esc",
    "BACKSPACE": "Backspace",
    "DELETE": "Del",
    "TAB": "Tab",
    "PAGEUP": "PgUp",
    "PAGEDOWN": "PgDn",
    "HOME": "Home",
    "END": "End",
    "PLUS": "+",
    "MINUS": "-",
    "EQUALS": "=",
    "PERIOD": ".",
    "COMMA": ",",
    "KP_PLUS": "Keypad +",
    "KP_MINUS": "Keypad -",
    "KP_ENTER": "Keypad Enter",
    "MOUSE_BUTTON_LEFT": "Left click",
    "MOUSE_BUTTON_RIGHT": "Right click",
}


KEY_WORDS = (*_NAMES.values(), "Keypad", "Shift")
"""The words in key names, for a translation of the keys screens (docs/keys.md is English)."""


def _same(word: str) -> str:
    return word


def key_label(name: str, say: Callable[[str], str] = _same) -> str:
    """How a key is written for people: arrows as arrows, `shift+H` as Shift+H; `say` gives
    the words of a key's name in the player's language."""
    if name.startswith("shift+"):
        return say("Shift") + "+" + key_label(name[len("shift+") :], say)
    if name in _NAMES:
        return say(_NAMES[name])
    if name.startswith("KP_"):
        return say("Keypad") + " " + name[3:]
    return name


def binding_label(binding: Binding, keypad: bool = True, say: Callable[[str], str] = _same) -> str:
    """All keys of a binding (without the keypad ones when `keypad` is off, for short lines);
    the digits are folded into one entry."""
    if binding.keys == _DIGITS:
        return "0 … 9"
    if binding.keys == _LETTERS:
        return "A … Z"
    names = [name for name in binding.keys if keypad or not name.startswith("KP_")]
    return ", ".join(key_label(name, say) for name in names)


def bindings(context: str) -> list[Binding]:
    return [binding for binding in KEYMAP if binding.context == context]


def first_key(context: str, action: str) -> str:
    """The key named in on-screen hints (the first of the binding)."""
    for binding in KEYMAP:
        if binding.context == context and binding.action == action:
            return key_label(binding.keys[0])
    raise KeyError(f"{context}/{action}")


def markdown() -> str:
    """docs/keys.md, written from KEYMAP (python -m retro.ui.keymap > docs/keys.md)."""
    lines = [
        "# Keys",
        "",
        "Generated from `retro/ui/keymap.py` (the keymap the window uses): "
        "`python -m retro.ui.keymap > docs/keys.md`.",
        "Key repeat: a held key repeats after 1/3 s, then 30 times a second.",
        "",
    ]
    for context, title in CONTEXTS.items():
        lines += [f"## {title}", "", "| Keys | What it does |", "|---|---|"]
        for binding in bindings(context):
            lines.append(f"| {binding_label(binding)} | {binding.text} |")
        lines.append("")
    return "\n".join(lines)


class Keyboard:
    """Reads pyxel's keys once a frame and answers which actions of a screen were asked for."""

    def __init__(self) -> None:
        import pyxel

        self._pyxel = pyxel
        self._codes: dict[str, int] = {}
        for binding in KEYMAP:
            for name in binding.keys:
                bare = name.removeprefix("shift+")
                attr = bare if bare.startswith("MOUSE_") else "KEY_" + bare
                self._codes[bare] = getattr(pyxel, attr)
        self._shifted = {
            (b.context, name.removeprefix("shift+"))
            for b in KEYMAP
            for name in b.keys
            if name.startswith("shift+")
        }
        self._alt_frame = -ALT_ENTER_GRACE - 1  # the last frame Alt was seen held

    def code(self, name: str) -> int:
        return self._codes[name.removeprefix("shift+")]

    def any_pressed(self) -> bool:
        """Whether any key the keymap knows (every letter, digit and named key, the mouse
        buttons) was pressed this frame: what stops a demo."""
        pyxel = self._pyxel
        return any(pyxel.btnp(code) for code in self._codes.values())

    def actions(self, context: str) -> list[tuple[str, str]]:
        """(action, key name) pairs pressed this frame, in keymap order; repeats included."""
        pyxel = self._pyxel
        if pyxel.btn(pyxel.KEY_ALT):
            self._alt_frame = pyxel.frame_count
            return []
        if pyxel.btn(pyxel.KEY_CTRL) or pyxel.btn(pyxel.KEY_GUI):
            return []
        after_alt = pyxel.frame_count - self._alt_frame <= ALT_ENTER_GRACE
        shift = pyxel.btn(pyxel.KEY_SHIFT)
        found: list[tuple[str, str]] = []
        for binding in KEYMAP:
            if binding.context != context:
                continue
            for name in binding.keys:
                bare = name.removeprefix("shift+")
                if name.startswith("shift+"):
                    if not shift:
                        continue
                elif shift and (context, bare) in self._shifted:
                    continue
                if after_alt and bare in _ENTER_KEYS:
                    continue
                code = self._codes[bare]
                hit = (
                    pyxel.btnp(code, REPEAT_HOLD, REPEAT_EVERY)
                    if binding.repeat
                    else pyxel.btnp(code)
                )
                if hit:
                    found.append((binding.action, bare))
                    break
        return found


if __name__ == "__main__":
    print(markdown(), end="")
