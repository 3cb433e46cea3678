"""The game menu as drawn: the scrolling list of games, the chosen game's options and actions,
and its statistics. Drawing only, except that it notes which screen row shows which line, so
`MenuScene` can answer the mouse.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from retro.definition.families import BY_ID
from retro.textmode import Colour, TextScreen
from retro.ui import keymap, texts
from retro.ui.drawing.textview import COLS, ROWS
from retro.ui.drawing.widgets import bar, box, fit, note_line, wrap
from retro.ui.scenes.scores import stats_lines

if TYPE_CHECKING:
    from retro.ui.scene import Host
    from retro.ui.scenes.choices import Choices

STATS_ROW = 19


def compose(menu: Choices, app: Host) -> TextScreen:
    screen = TextScreen(COLS, ROWS, Colour.WHITE, Colour.BLUE)
    screen.fill(0, 1, COLS, ROWS - 2, "░", Colour.BLUE, Colour.BLACK)
    bar(screen, 0, texts.MENU_TITLE, Colour.BLACK, Colour.LIGHT_GREY)
    _compose_list(menu, screen)
    _compose_game(menu, app, screen)
    note = menu.entry.error or menu.error
    if note:
        note_line(screen, menu.NOTE_ROW, note)
    bar(screen, ROWS - 1, " " + texts.MENU_KEYS)
    return screen


def _compose_list(menu: Choices, screen: TextScreen) -> None:
    col, row, width, height = menu.LIST_COL, menu.LIST_ROW, menu.LIST_W, menu.LIST_H
    box(
        screen,
        col,
        row,
        width,
        height,
        texts.MENU_GAMES,
        Colour.WHITE,
        Colour.BLUE,
        Colour.LIGHT_CYAN,
    )
    count = len(menu.entries)
    where = f" {menu.game + 1}/{count} "
    screen.put(col + width - 2 - len(where), row + height - 1, where, Colour.LIGHT_CYAN)
    if menu.find:  # the name typed so far, its end if it is long
        room = width - 4 - len(where) - len(texts.MENU_FIND.format(name=""))
        found = texts.MENU_FIND.format(name=menu.find.upper()[-room:])
        screen.put(col + 1, row + height - 1, found, Colour.YELLOW)
    menu.game_rows, menu.heading_rows = {}, {}
    inner = width - 3  # the title cells; the frame's right column is the scroll bar
    for offset, item in enumerate(menu.listing[menu.top : menu.top + menu.VISIBLE]):
        at = row + 1 + offset
        if isinstance(item, str):
            first = menu.listing[menu.top + offset + 1]  # a heading's family is never empty
            menu.heading_rows[at] = first if isinstance(first, int) else 0
            name = texts.tr(BY_ID[item].name)
            screen.put(col + 1, at, fit(f"─ {name} ", inner).ljust(inner, "─"), Colour.YELLOW)
            continue
        index, entry = item, menu.entries[item]
        menu.game_rows[at] = index
        title = fit(f"  {entry.title}", inner).ljust(inner)
        fg = Colour.LIGHT_RED if entry.error else Colour.LIGHT_GREEN if entry.mine else Colour.WHITE
        if index == menu.game:
            chosen_bg = Colour.CYAN if menu.focus == 0 else Colour.LIGHT_GREY
            screen.put(col + 1, at, " ►" + title[2:], Colour.BLACK, chosen_bg)
        else:
            screen.put(col + 1, at, title, fg)
    if menu.overflows():
        _compose_scroll_bar(menu, screen, col + width - 1, row + 1, height - 2)


def _compose_scroll_bar(menu: Choices, screen: TextScreen, col: int, row: int, height: int) -> None:
    """A DOS scroll bar in the frame: arrows at the ends, a thumb where the view is."""
    track = height - 2
    screen.put_char(col, row, "▲", Colour.BLACK, Colour.CYAN)
    screen.put_char(col, row + height - 1, "▼", Colour.BLACK, Colour.CYAN)
    span = len(menu.listing) - menu.VISIBLE
    thumb = round(menu.top / span * (track - 1)) if span else 0
    for offset in range(track):
        char, fg = ("█", Colour.LIGHT_CYAN) if offset == thumb else ("░", Colour.CYAN)
        screen.put_char(col, row + 1 + offset, char, fg, Colour.BLUE)


def _compose_game(menu: Choices, app: Host, screen: TextScreen) -> None:
    entry = menu.entry
    left, width = menu.LEFT, menu.WIDTH
    title = f" {entry.title}{texts.MENU_MINE if entry.mine else ''} "
    box(screen, left, 2, width, 21, title, Colour.WHITE, Colour.BLUE, Colour.LIGHT_CYAN)
    text_width = width - 4
    lines = menu.lines(app)
    about = wrap(texts.MENU_BROKEN if entry.error else entry.description, text_width)
    # the whole description if it fits above the options and the statistics; without the
    # statistics if need be; cut (with an ellipsis) only when even that is too little
    room = STATS_ROW - 4 - len(lines)
    if len(about) > room:
        room = ROWS - 7 - len(lines)
        about = wrap(" ".join(about), text_width, max(room, 1))
    for offset, text in enumerate(about):
        screen.put(left + 2, 3 + offset, text, Colour.LIGHT_GREY)
    row = 3 + len(about)
    screen.put(left, row, "╟" + "─" * (width - 2) + "╢", Colour.LIGHT_CYAN)
    screen.put(left + 2, row, texts.MENU_OPTIONS, Colour.YELLOW)
    row += 1
    focus = min(menu.focus, len(lines) - 1)
    roomy = len(lines) + 1 <= 19 - row  # a blank line before the actions if it fits
    menu.rows = {}
    values = menu.values[menu.game_id]
    for index, (kind, name) in enumerate(lines):
        label, value = _line_text(menu, app, kind, name, values)
        if kind == "play" and roomy:
            row += 1
        focused = index == focus
        fg, bg = (Colour.BLACK, Colour.CYAN) if focused else (Colour.WHITE, Colour.BLUE)
        if kind in ACTIONS:
            text = f"  {'►' if focused else ' '} {label}"
            screen.put(left + 2, row, text.ljust(width - 4), fg, bg)
            key = _action_key(app, kind)
            if key:  # the key that does it from anywhere in the menu, DOS style
                screen.put(
                    left + width - 3 - len(key),
                    row,
                    key,
                    Colour.BLUE if focused else Colour.LIGHT_CYAN,
                    bg,
                )
        else:
            screen.put(
                left + 2,
                row,
                value_line(label, value, focused and kind != "deal", width - 4),
                fg,
                bg,
            )
        menu.rows[row] = index
        row += 1
    if row <= STATS_ROW and not entry.error:
        _compose_stats(menu, app, screen)


def _compose_stats(menu: Choices, app: Host, screen: TextScreen) -> None:
    """Two lines of statistics for the chosen game with the chosen options."""
    left, width, row = menu.LEFT, menu.WIDTH, STATS_ROW
    screen.put(left, row, "╟" + "─" * (width - 2) + "╢", Colour.LIGHT_CYAN)
    screen.put(left + 2, row, texts.MENU_STATS, Colour.YELLOW)
    key = app.keeper.stats_key(menu.game_id, menu.values[menu.game_id])
    for offset, text in enumerate(stats_lines(app.keeper.records.stats.get(key))):
        screen.put(left + 2, row + 1 + offset, fit(text, width - 4), Colour.LIGHT_GREY)


def value_line(label: str, value: str, arrows: bool, width: int) -> str:
    """`Label ....... ◄ value ►` in `width` cells: the dots give way to a long value, and a
    value too long even then is cut before its closing arrow, never the arrow."""
    label = fit(label, max(width // 2, width - len(value) - 8))  # whole beside a short value
    dots = max(len(label) + 2, min(24, width - len(value) - 5))
    room = width - dots - 5
    value = fit(value, room)
    shown = f"◄ {value} ►" if arrows else f"  {value}"
    return (f" {label} ".ljust(dots, ".") + " " + shown).ljust(width)


def _action_key(app: Host, kind: str) -> str:
    if kind == "quit":
        return keymap.first_key("window", "quit")
    action = {"play": "select", "scores": "scores"}.get(kind)
    if kind == "resume" and app.session is not None:
        action = "cancel"
    return keymap.first_key("menu", action) if action else ""


def _line_text(
    menu: Choices, app: Host, kind: str, name: str, values: dict[str, Any]
) -> tuple[str, str]:
    entry = menu.entry
    if kind == "game":
        return texts.MENU_GAME, entry.title
    if kind == "option":
        return texts.tr(entry.options[name].label), texts.tr(str(values[name]))
    if kind == "deal":
        return texts.MENU_DEAL, f"[{menu.deal.ljust(9, '_')}]"
    if kind == "sound":
        return texts.MENU_SOUND, texts.MENU_ON if app.beeper.enabled else texts.MENU_OFF
    if kind == "winnable":
        return texts.MENU_WINNABLE, texts.MENU_ON if app.settings.winnable_only else texts.MENU_OFF
    if kind == "window":
        window = app.window
        return texts.MENU_WINDOW, (
            texts.MENU_FULLSCREEN if window.fullscreen else f"{window.scale}x"
        )
    if kind == "resume" and app.session is None:
        return texts.MENU_RESUME_SAVED, ""
    return action_label(kind), ""


ACTIONS = ("play", "duel", "scores", "settings", "resume", "quit")


def action_label(kind: str) -> str:
    """An action line's words, in the current language."""
    return {
        "play": texts.MENU_PLAY,
        "duel": texts.MENU_DUEL,
        "scores": texts.MENU_SCORES,
        "settings": texts.MENU_SETTINGS,
        "resume": texts.MENU_RESUME,
        "quit": texts.MENU_QUIT,
    }[kind]
