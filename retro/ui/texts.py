"""Every fixed piece of text the window shows, in one place, in the player's language.

The constants below are the English texts; they are also the messages of the gettext
catalogues (`assets/locale/*.po`, read by `retro.i18n`). `use(lang)` rebinds every constant to
its translation, so each reader of `texts.NAME` sees the chosen language and a switch in the
menu takes effect on the next frame. Texts with a number in them are `Plural`s, said with
`count`, so a player never reads "1 moves". Kept together so the glyph test can check each of
them (and each translation) against the font, and the catalogue test can hold the German
catalogue to this file.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from retro.i18n import ENGLISH, Catalogue, catalogue, set_language


class Plural(NamedTuple):
    """A text with a number in it: its singular and its plural, as English has them."""

    one: str
    other: str


APP_TITLE = "Retro Patience"
TITLE_LOGO = ("RETRO", "PATIENCE")
TITLE_LINES = (
    "Patience games as they looked in 1994",
    "♠ ♥ ♦ ♣",
    "Press Enter to begin   ·   F1 Keys",
    "Version {version}  ·  16 colours  ·  8x16 text mode",
    "Spider, Klondike, FreeCell, 7 to Ace and more: their rules on F1 in the menu",
)
TOP_KEYS = "F1 Help  H Hint  U Undo  D Deal  Esc Menu"
TOP_KEYS_NO_DEAL = "F1 Help  H Hint  U Undo  Esc Menu"
STATUS_DEAL = "Deal"
STATUS_SCORE = "Score"
STATUS_MOVES = "Moves"
STATUS_STOCK = "Stock"
STATUS_TIME = "Time"
STATUS_REDEALS = "Redeals"
WINNABLE_YES = "Winnable"
WINNABLE_NO = "No win left"
WINNABLE_UNKNOWN = "Winnable?"
SOUND_ON = "Sound on"
SOUND_OFF = "Sound off"
NOTHING_TO_UNDO = "Nothing to undo"
NOTHING_TO_REDO = "Nothing to redo"
NO_HINT = "No move left: deal, undo or start a new deal"
NO_AUTO = "Auto-play sees no obvious move"
AUTO_DONE = Plural("Auto-play made {n} move", "Auto-play made {n} moves")
FINISH_OFFER = "Every card can go home now: {key} finishes the game"
NOTHING_TO_LIFT = "Nothing to lift here"
LIFTED = "{n} lifted: {cards}. Choose a pile, Enter drops, Esc puts back"
CHOOSE = "{n} of {run} to lift: {cards}"
CHOOSE_ROTATE = "{n} chosen: {cards}. F or B turns them round"
HINT = "Hint {i}/{n}: {move} ({why})"
HINT_SOLVER = "Hint {i}/{n}, solver: {move} ({why})"
HINT_RANKED = "Hint {i}/{n}, ranked: {move} ({why})"

# Moves as a player says them (hints): a pile is a place, a move names its cards and two places.
MOVE_ONTO = "{cards} from {src} onto {card} in {dst}"
MOVE_TO = "{cards} from {src} to {dst}"
MOVE_TO_EMPTY = "{cards} from {src} to the empty {dst}"
MOVE_TO_GAP = "{cards} from {src} to the gap at {dst}"
PLACE_NUMBERED = "{word} {n}"
PLACE_ONLY = "the {word}"
PLACE_GRID = "row {row}, place {n}"
PLACE_IN_ROW = "{word} {row}, card {n}"
PLACE_IN_A_ROW = "{word} {n} in row {row}"
PLACE_HOUR = "the {hour} o'clock pile"
PLACE_HOUR_UP = "the {hour} o'clock faces"
ACTION_DEAL = "deal from {pile}"
ACTION_REDEAL = "gather the cards and deal again"
ACTION_TURN = "turn {pile}"
ACTION_ROTATE = "rotate {cards} in {pile}"
ACTION_OTHER = "{verb} {pile}"
# A pile group's name (or kind) as a player calls one of its piles.
PILE_WORDS = (
    "column",
    "foundation",
    "cell",
    "stock",
    "waste",
    "reserve",
    "discard pile",
    "grid",
    "row",
    "fan",
    "heap",
    "ace pile",
    "kings' pile",
    "kings' foundation",
)
NO_PLACE = "{cards} has no place to go"
RESTARTED = "The deal starts again"
NO_DEAL_HERE = "This game has no stock to deal from"
THINKING = "Thinking…"

# The demo: the computer plays the deal on the table (P), or the title screen's demos.
DEMO_SPEEDS = ("slow", "normal", "fast")
DEMO_PLAYING = "Demo, {speed}: the computer plays. + - Speed, any other key stops it"
DEMO_STOPPED = "Demo stopped: your turn"
DEMO_WON = "Demo over: the computer has won the game"
DEMO_LOST = "Demo over: the game is lost"
DEMO_NO_MOVE = "Demo over: the computer sees no move that leads anywhere"
DEMO_NOT_COUNTED = "(a game the computer played in is not counted)"
DEMO_BANNER = "DEMO ─ press any key"
NO_DEMO_DUEL = "No demo in a duel: every move is the player's"

MENU_TITLE = " Retro Patience ─ Game menu "
MENU_GAMES = " Games "
MENU_GAME = "Game"
MENU_DEAL = "Deal number"
MENU_PLAY = "Play"
MENU_RESUME = "Resume game"
MENU_RESUME_SAVED = "Resume the saved game"
MENU_SCORES = "High scores"
MENU_DUEL = "Duel for two players"
MENU_STATS = " Statistics "
MENU_QUIT = "Quit"
MENU_SOUND = "Sound"
MENU_ON, MENU_OFF = "on", "off"
MENU_WINDOW = "Window"
MENU_FULLSCREEN = "full screen"
MENU_SETTINGS = "Settings: language, cards, clock"
MENU_WINNABLE = "Winnable deals only"
LOOKING_TITLE = " Winnable deals only "
LOOKING = Plural("Looking for a winnable deal… {n} tried", "Looking for a winnable deal… {n} tried")
LOOKING_KEYS = "Esc: stop looking"
LOOKING_NONE = Plural(
    "No deal proved winnable in {n} tried.", "No deal proved winnable in {n} tried."
)
LOOKING_OFFER = "Play the last one, deal {deal}, anyway (Y/N)?"

SETTINGS_TITLE = " Settings "
SETTINGS_LANGUAGE = "Language"
SETTINGS_CARDS = "Card colours"
SETTINGS_CLOCK = "Game clock"
CARDS_TWO, CARDS_FOUR = "red and black", "four colours"
SETTINGS_ABOUT_CARDS = "Four colours: ♣ green, ♦ light blue, ♠ black, ♥ red."
SETTINGS_AUTO_HOME = "Safe cards home"
SETTINGS_BACK = "Card back"
SETTINGS_FELT = "Table colour"
# the card backs' and the table colours' names, as `cardart.BACKS` and `palette.FELTS` list them
BACK_NAMES = ("blue lattice", "red lattice", "green checks", "brick wall", "grey weave")
FELT_NAMES = ("green", "blue", "red", "grey", "black")
SETTINGS_KEYS = "↑↓ Line  ←→ Enter Change  Esc Back"
MENU_KEYS = "↑↓ Line  ←→ Change  Shift+←→ Family  A-Z Find  0-9 Deal  F1 Help  Esc Back"
MENU_FIND = " Find: {name} "
MENU_MINE = " ─ yours"
MENU_BROKEN = "This game file has a mistake (below); fix it and it comes back here."
NOTE_MARK = "!"
MENU_OPTIONS = " Options "

CONFIRM_TITLE = " Abandon the game? "
CONFIRM_LINES = ("The game in progress will be lost.", "Really start another one?")
QUIT_TITLE = " Quit Retro Patience? "
QUIT_LINES = ("The game in progress is kept", "and offered when you come back.")
QUIT_LINES_NO_GAME = ("The window closes.", "Really quit?")
CONFIRM_YES = "[ Yes ]"
CONFIRM_NO = "[ No ]"

RESUME_TITLE = " Resume the saved game? "
RESUME_LINE = "A game was in progress when you last played:"
MOVES = Plural("{n} move", "{n} moves")
RESUME_FACTS = "Deal {deal}  ·  {moves}  ·  Score {score}"
RESUME_HISTORY = "Undo history kept: {back} back, {forward} to redo."
RESUME_PROMPT = "Resume this game (Y/N)?"
RESUME_KEYS = " Y Enter: resume   N Esc: not now "
RESUME_KEYS_INSTEAD = " Y Enter: resume   N Esc: {game} instead "

NAME_TITLE = " A new high score! "
NAME_PLACE = "{game}: place {place} of the ten best."
NAME_FACTS = "Score {score}   Moves {moves}   Deal {deal}"
NAME_LABEL = "Your name: "
NAME_KEYS = "Enter OK   Backspace Erase   Esc No name"
NAME_NEEDED = "Type a name of 1 to 12 characters."

SCORES_BAR = " Retro Patience ─ High scores"
SCORES_TITLE = " {game} ─ the ten best "
SCORES_ROW = "{:>4}  {:<12}  {:>6}  {:>5}  {:<10}  {:>10}  {}"
SCORES_COLUMNS = ("No.", "Name", "Score", "Moves", "Date", "Deal", "Result")
RESULT_WON, RESULT_LOST = "won", "lost"
SCORES_ABOUT = "{options}  ─  Enter: watch this game again"
SCORES_EMPTY = "Nobody is in this table yet: it is waiting for you."
DEFAULT_OPTIONS = "Usual options"
NO_REPLAY = "This entry has no moves to replay."
SCORES_KEYS = "↑↓ Choose  Enter Watch the game again  Esc Back"
SCORES_KEYS_DUEL = "↑↓ Choose  Enter Watch again  ←→ Statistics: duels  Esc Back"
STATS_TITLE = " Statistics ─ {label} "
STATS_LABELS = (
    "Played",
    "Won",
    "Lost",
    "Win rate",
    "Current streak",
    "Longest streaks",
    "Best score",
    "Fewest moves",
)
STATS_NONE = "No games played yet with these options."
STATS_MENU_1 = "Played {played}  Won {won}  Lost {lost}  Win rate {rate:.0f}%"
STATS_MENU_2 = "Best {best}  Fewest moves {fewest}  Streak {streak}"
STREAK_WON, STREAK_LOST = "{n} won", "{n} lost"
LONGEST = "{won} won, {lost} lost"
REPLAY_LABEL = "Replay: {game} ─ {name}"
REPLAY_TOP_KEYS = "Space Pause  ←→ Step  +- Speed  Esc Back"
REPLAY_STATUS = "Replay {at}/{n}  Speed {speed}/{top}  {state}"
REPLAY_PLAYING, REPLAY_PAUSED, REPLAY_END = "►", "Paused", "The end"
REPLAY_STOPPED = "Move {n} ({move}) is refused by the rules now: {why}"

WON_TITLE = " You have won! "
WON_LINES = ("Well played: the game is won.",)
ENDED_TITLE = " Game over "
ENDED_LINES = ("You ended the game with Done.",)
LOST_TITLE = " No more moves "
LOST_LINES = ("The game is lost: nothing can move", "and the stock is empty.")
OVER_SCORE = "Score {score}   Moves {moves}   Deal {deal}"
OVER_KEYS = "Enter Next  U Undo  F3 Again  S Scores  Esc Menu"
OVER_KEYS_NAME = "Enter Your name  U Undo  F3 Again  S Scores  Esc Menu"

DONE_KEY_LABEL = " X Done "
NO_DONE = "This game has no Done: play on, or start a new deal"
DONE_TITLE = " End the game? "
DONE_LINES = ("End the game here with Done?", "It counts as finished, as it stands.")
DUEL_DONE_TITLE = " End your turn? "
DUEL_DONE_LINES = ("Your score is final once you say Yes.", "Then the other player gets the deal.")
DUEL_TOP_KEYS = "F1 Help  H Hint  X Done  Esc Menu"
GIVE_UP_TITLE = " Give up? "
GIVE_UP_LINES = ("Give this game up?", "It counts as lost in the statistics.")
GIVEN_UP_TITLE = " Given up "
GIVEN_UP_LINES = ("You gave this game up.", "It counts as lost in the statistics.")
NOTHING_TO_GIVE_UP = "The game is over already: nothing to give up"
RELOADED = "{file} reloaded; moves replayed on the new rules: {n}"
RELOAD_KEPT = (
    "{file} reloaded, {count} replayed, the game before kept aside: "
    "move {n} ({move}) is refused now: {why}"
)
RELOAD_BACK = "{file} reloaded; the game kept aside replays again and is back: {count}"
RELOAD_BROKEN = "Not reloaded: {error}"
NO_RELOAD_DUEL = "No reloading here: a duel's players keep the rules they started with"
DUEL_LABEL = "{name} plays {code}"
NO_UNDO_DUEL = "No undo in a duel: every move counts (X ends your turn)"
NO_NEW_DUEL = "In a duel: X ends your turn; Esc opens the menu"

DUEL_BAR = " Retro Patience ─ Duel"
BIG_DUEL, BIG_DRAW, BIG_WINNER = "DUEL", "DRAW", "WINNER"  # in big letters, at most 10
DUEL_SETUP_TITLE = " {game}: a duel for two players "
DUEL_SETUP_LINES = (
    "Two players play the same deal, one after the other.",
    "The higher score wins; on equal scores, fewer moves.",
    "Each score stays hidden until both have played.",
)
DUEL_FIELDS = ("Player 1", "Opponent", "Player 2", "Duel code")
OPPONENT_PERSON = "A person"
OPPONENT_COMPUTER = "Computer, {strength}"
STRENGTH_WORDS = ("easy", "medium", "hard")  # the computer's strengths, weakest first
DUEL_CODE_HINT = "Empty: a random duel. One code on two machines: one deal."
DUEL_SETUP_KEYS = "Tab Next field  ←→ Opponent  Enter Start  F2 Random code  Esc Back"
DUEL_NAMES_NEEDED = "Both players need a name (1 to 12 characters)"
DUEL_RANDOM = "(random)"
PASS_BAR_KEYS = "Enter Go on   Esc Leave the duel"
PASS_TITLE = " {game} ─ {code} "
PASS_FIRST = "{name} plays first; then {other} gets the very same deal."
PASS_NEXT = "{name} has played ({why})."
PASS_TO = "Pass the keyboard to"
PASS_SECRET = "{other}'s score stays secret until both have played."
PASS_KEYS = "Press Enter when {name} is ready"
PASS_WHY_DONE, PASS_WHY_WON, PASS_WHY_STUCK = "Done", "all cards home", "nothing left to do"
DUEL_ABANDON_TITLE = " Leave the duel? "
DUEL_ABANDON_LINES = ("The duel will be lost for both players.", "Really leave it?")
RESULT_BAR = " Retro Patience ─ Duel result"
RESULT_TITLE = " {game} ─ {code} "
RESULT_ROW = "{:<14}{:>7}{:>8}   {}"
RESULT_COLUMNS = ("Player", "Score", "Moves", "")
RESULT_WINS_SCORE = "{name} wins with the higher score."
RESULT_WINS_MOVES = "Equal scores: {name} wins with fewer moves."
RESULT_DRAW = "Equal scores and equal moves: a draw."
RESULT_CODE = "Play it on another machine with the code {code}."
RESULT_KEYS = "Enter Menu  N New duel, same players  S High scores  Esc Menu"
RESULT_KEYS_COMPUTER = "Enter Menu  N New duel  R Watch the computer's game  S High scores"
COMPUTER_TOP_KEYS = "Space Skip  Esc Leave the duel"
COMPUTER_SKIP_KEYS = "Esc Leave the duel"
COMPUTER_LABEL = "The computer ({strength}) plays {code}"
COMPUTER_PLAYS = "The computer ({strength}): move {n}"
COMPUTER_THINKS = "The computer ({strength}) thinks"
COMPUTER_SKIP_TITLE = " The computer plays on "
COMPUTER_SKIP_LINES = (
    "The computer finishes its game: {n} moves so far.",
    "The result comes as soon as it has played.",
)
COMPUTER_REPLAY = "Replay: the computer ({strength}) ─ {code}"
STATS_AGAINST = " Statistics ─ {label} ─ against the computer, {strength} "
STATS_PLAYER = " Statistics ─ {label} ─ {name} in the hot seat "
RESULT_WON_MARK, RESULT_DONE_MARK = "all cards home", "ended with Done"

# The duel across two machines: its form, the wait, the opponent's bar, the news, the result.
OPPONENT_HOST, OPPONENT_JOIN = "Network: I host", "Network: I join"
NET_SETUP_TITLE = " {game}: a duel over the network "
NET_SETUP_LINES = (
    "Two players on two machines play the same deal at once;",
    "each sees how the other stands. The higher score wins.",
)
NET_FIELDS = ("Your name", "Opponent", "Port", "Time limit", "Duel code")
NET_JOIN_FIELDS = ("Your name", "Opponent", "Host's code")
NET_MINUTES_OFF = "(none)"
NET_HOST_HINT = "Time limit in minutes, empty for none. Empty code: a random deal."
NET_JOIN_HINT = "Type what the host's screen shows, like 192.168.1.20:47474/K7QX."
NET_SETUP_KEYS = "Tab Next field  ←→ Opponent  Enter Host  Esc Back"
NET_JOIN_KEYS = "Tab Next field  ←→ Opponent  Enter Join  Esc Back"
NET_NAME_NEEDED = "Your name, please (1 to 12 characters)"
NET_BAD_PORT = "The port is a number from 1024 to 65535 (0: any free one)"
NET_BAD_MINUTES = "The time limit is a number of minutes, at most 1440"
NET_WAIT_TITLE = " {game}: waiting for the other player "
NET_WAIT_TELL = "Tell the other player this code:"
NET_WAIT_JOIN = "They choose Network: I join in the duel form and type it."
NET_WAIT_CLI = "In a terminal: retro-patience duel --join {code}"
NET_WAIT_CALLING = "Calling {address}..."
NET_WAIT_KEYS = "Esc Stop waiting"
NET_WAIT_FAILED = "Esc Back to the form"
NET_LABEL = "{name} against {other} ─ {code}"
NET_TOP_KEYS = "X Done  Esc Menu"
NET_OPPONENT = "against {name}"
NET_STANDING = "score {score}  moves {moves}  home {home}"
NET_THEY_FINISHED = "(done)"
NET_CLOCK = "{clock} left"
NET_WAITING = "waiting for {name}... reconnecting"
NET_ALONE = "has left: you play on alone"  # after the name
NET_NO_UNDO = "No undo in a duel: every move counts (X ends your game)"
NET_NO_HINTS = "No hints in a duel across two machines: each plays alone"
NET_DONE_TITLE = " End your game? "
NET_DONE_LINES = ("Your score is final once you say Yes.", "{name} may play on until done.")
NET_JOINED = "{name} joined: the duel begins"
NET_JOINING = "Playing against {name}: the duel begins"
NET_VERSIONS = "{name} has another version: if the rules differ, the duel ends"
NET_BACK = "{name} is back: the duel carries on"
NET_LOST = "The connection is lost: waiting for {name}..."
NET_GONE = "{name} did not come back: finish your game alone"
NET_GONE_DONE = "{name} did not come back, but had finished"
NET_MINE_DONE = "Your game is over: score {score}. Waiting for {name}..."
NET_THEIRS_DONE = "{name} is done: score {score}, {moves}"  # {moves}: MOVES
NET_TIME_MINE = "Time is up: your game ends as it stands"
NET_TIME_THEIRS = "Time is up for {name} too"
NET_BROKEN = "The duel with {name} broke off: finish your game alone"
NET_REFUSED = "The duel cannot be played"
NET_FORFEIT_TITLE = " Forfeit "
NET_THEY_FORFEIT = ("The rules refuse a move of {name}'s.", "{name} forfeits: you win the duel.")
NET_YOU_FORFEIT = ("{name}'s rules refuse a move of yours.", "You forfeit: {name} wins the duel.")
NET_FORFEIT_KEYS = "Enter The result"
NET_ENDED_TITLE = " The duel has ended "
NET_NO_RESULT = ("The duel ended without a result:", "it is not counted. Your score: {score}.")
NET_VERDICT_FORFEIT = "{name} wins: the other side forfeited."
NET_RESULT_KEYS = "Enter Menu  N New duel  R Watch your game  O Watch {name}'s"
NET_REPLAY = "Replay: {name} ─ {code}"
STATS_AGAINST_PLAYER = " Statistics ─ {label} ─ against {name} "
STATS_DRAWN = "({n} drawn)"

NO_INSTRUCTIONS = "The instructions cannot be shown: the game file has a mistake."
KEYS_PAGE_TITLE = "KEYS"
KEYS_EVERYWHERE = "and on every screen"
KEYS_ALL_TITLE = "Retro Patience ─ every key"

# -- the language ------------------------------------------------------------------------------

UNTRANSLATED = frozenset({"APP_TITLE", "TITLE_LOGO", "NOTE_MARK", "SCORES_ROW", "RESULT_ROW"})
"""The name of the program (and its big letters) and the layouts of table rows: the same in
every language."""

_SOURCE: dict[str, str | tuple[str, ...]] = {
    name: value
    for name, value in globals().items()
    if name.isupper()
    and isinstance(value, str | tuple)
    and not isinstance(value, Plural)
    and name not in UNTRANSLATED
}
_PLURALS: tuple[Plural, ...] = tuple(
    value for name, value in globals().items() if name.isupper() and isinstance(value, Plural)
)
_language: Catalogue = ENGLISH


def messages() -> list[str | Plural]:
    """Every message of the window to translate, in the order of this file."""
    found: list[str | Plural] = []
    for value in _SOURCE.values():
        found += [value] if isinstance(value, str) else list(value)
    found += list(_PLURALS)
    return [item for item in dict.fromkeys(found) if any(ch.isalpha() for ch in str(item))]


def use(lang: str) -> None:
    """Speak `lang` from now on (English where its catalogue has no translation)."""
    global _language
    found = _language = catalogue(lang)
    set_language(lang)  # the rules' reasons for a refused move, in the same language
    for name, value in _SOURCE.items():
        globals()[name] = (
            found.text(value)
            if isinstance(value, str)
            else tuple(found.text(item) for item in value)
        )


def tr(text: str) -> str:
    """A text that is not one of the constants (a game's title, an option's label or value)
    in the current language; itself when the catalogue does not have it."""
    return _language.text(text)


def count(plural: Plural, n: int, **fields: Any) -> str:
    """`plural` for `n` in the current language, with `{n}` and `fields` filled in."""
    return _language.count(plural.one, plural.other, n).format(n=n, **fields)


ALL: tuple[str, ...] = tuple(
    item
    for name, value in globals().items()
    if name.isupper() and not name.startswith("_") and isinstance(value, str | tuple)
    for item in ((value,) if isinstance(value, str) else value)
)
"""Every English text, for the glyph test."""
