"""What the game menu offers and what is chosen in it: the list of games and how far it is
scrolled, each game's options, the deal number, and the line in focus. `MenuScene` answers the
keys and the mouse; `menuview` draws it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from retro.ui.scene import Host
    from retro.ui.shelf import Entry


class Choices:
    """The menu's state: the games, the one chosen, its options and deal, the focused line."""

    LIST_COL, LIST_ROW, LIST_W, LIST_H = 1, 2, 26, 21
    VISIBLE = LIST_H - 2  # games shown at once
    LEFT, WIDTH = 29, 49
    NOTE_ROW = 23

    def __init__(self, app: Host, game_id: str | None = None) -> None:
        self.lang = app.lang
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
        if not app.menu_deal:  # one number offered until it is played or F2 draws another
            app.menu_deal = str(app.seed_source())
        self.deal = app.menu_deal
        self.typing = False  # the first digit typed replaces the offered number
        self.focus = 0
        self.error = app.note
        self.rows: dict[int, int] = {}  # screen row -> line index, for the mouse
        self.game_rows: dict[int, int] = {}

    @property
    def entry(self) -> Entry:
        return self.entries[self.game]

    @property
    def game_id(self) -> str:
        return self.entry.id

    def lines(self, app: Host) -> list[tuple[str, str]]:
        """The focusable lines: (kind, name)."""
        entry = self.entry
        lines = [("game", "")] + [("option", name) for name in entry.options]
        lines += [("deal", ""), ("winnable", ""), ("sound", ""), ("window", ""), ("play", "")]
        if entry.duel and not entry.error:
            lines.append(("duel", ""))
        lines += [("scores", ""), ("settings", "")]
        if app.session is not None or app.pending is not None:
            lines.append(("resume", ""))
        lines.append(("quit", ""))
        return lines

    def overflows(self) -> bool:
        return len(self.entries) > self.VISIBLE

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
        target = {
            "page_up": max(self.game - (self.VISIBLE - 1), 0),
            "page_down": min(self.game + self.VISIBLE - 1, last),
            "first": 0,
            "last": last,
        }[action]
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
