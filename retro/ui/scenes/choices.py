"""What the game menu offers and what is chosen in it: the list of games under their family
headings and how far it is scrolled, the name being typed to find a game, each game's options,
the deal number, and the line in focus. `MenuScene` answers the keys and the mouse; `menuview`
draws it.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Any

from retro.definition.families import rank

if TYPE_CHECKING:
    from retro.ui.scene import Host
    from retro.ui.shelf import Entry


class Choices:
    """The menu's state: the games, the one chosen, its options and deal, the focused line."""

    LIST_COL, LIST_ROW, LIST_W, LIST_H = 1, 2, 26, 21
    VISIBLE = LIST_H - 2  # list rows shown at once (games and family headings)
    LEFT, WIDTH = 29, 49
    NOTE_ROW = 23

    def __init__(self, app: Host, game_id: str | None = None) -> None:
        self.lang = app.lang
        self.find = ""  # the letters typed to find a game by its name
        self._list_games(app)
        session = app.session
        wanted = game_id or (session.game_id if session else None) or "spider"
        self.game = self.ids.index(wanted) if wanted in self.ids else 0
        self.top = self.row_of[self.game] - self.VISIBLE // 2  # the chosen game in the middle
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
        self.heading_rows: dict[int, int] = {}  # screen row -> the family's first game

    def _list_games(self, app: Host) -> None:
        """The games by family, in the families' order, each family's sorted by title in the
        player's language; a heading row (the family's id) before each family's games."""
        self.entries: list[Entry] = sorted(
            app.shelf.entries(), key=lambda e: (rank(e.family), e.title.casefold(), e.id)
        )
        self.ids = [entry.id for entry in self.entries]
        self.listing: list[int | str] = []  # list rows: a game's index, or a family heading
        self.row_of: list[int] = []  # game index -> its row
        for index, entry in enumerate(self.entries):
            if index == 0 or entry.family != self.entries[index - 1].family:
                self.listing.append(entry.family)
            self.row_of.append(len(self.listing))
            self.listing.append(index)

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
        return len(self.listing) > self.VISIBLE

    def _choose_game(self, index: int) -> None:
        self.game = index % len(self.entries)
        self._scroll_to_game()
        self.focus = 0

    def _scroll_to_game(self) -> None:
        """Scroll as little as needed to keep the chosen game in sight, with its family's
        heading when it is the family's first game."""
        row = self.row_of[self.game]
        first = row - 1 if isinstance(self.listing[row - 1], str) else row
        if first < self.top:
            self.top = first
        elif row >= self.top + self.VISIBLE:
            self.top = row - self.VISIBLE + 1
        self.top = max(0, min(self.top, len(self.listing) - self.VISIBLE))

    def _page(self, action: str) -> None:
        last = len(self.entries) - 1
        target = {
            "page_up": max(self.game - (self.VISIBLE - 1), 0),
            "page_down": min(self.game + self.VISIBLE - 1, last),
            "first": 0,
            "last": last,
        }[action]
        if action in ("page_up", "page_down"):  # the page turns with the cursor, as in DOS lists
            self.top += self.row_of[target] - self.row_of[self.game]
        self._choose_game(target)

    def _family_step(self, step: int) -> None:
        """The first game of the next (1) or previous (-1) family, round the ends, its heading
        at the top of the list."""
        heads = [row for row, item in enumerate(self.listing) if isinstance(item, str)]
        mine = max(head for head in heads if head < self.row_of[self.game])
        head = heads[(heads.index(mine) + step) % len(heads)]
        game = self.listing[head + 1]
        assert isinstance(game, int)  # a heading is always followed by its first game
        self.top = head
        self._choose_game(game)

    def _type(self, letter: str) -> bool:
        """A letter typed to find a game, DOS style: the name typed so far grows while a game's
        title starts with it (or, failing that, holds it), staying on the chosen game while it
        still fits; a letter that fits no more starts a new name from the next game, so the
        same letter again steps through the games starting with it. False when no title
        holds the letter at all."""
        for wanted, start in ((self.find + letter, 0), (letter, 1)):
            found = self._finding(wanted.casefold(), start)
            if found is not None:
                self.find = wanted.casefold()
                self._choose_game(found)
                return True
        return False

    def _unfind(self) -> bool:
        """One letter off the name typed (the chosen game stays); False if none was typed."""
        if not self.find:
            return False
        self.find = self.find[:-1]
        return True

    def _finding(self, wanted: str, start: int) -> int | None:
        """The first game from the chosen one (`start` games on), round the end, whose title
        starts with `wanted`; else the first that holds it."""
        count = len(self.entries)
        order = [(self.game + step) % count for step in range(start, start + count)]
        names = {index: folded(self.entries[index].title) for index in order}
        starting = [index for index in order if names[index].startswith(wanted)]
        holding = [index for index in order if wanted in names[index]]
        found = starting or holding
        return found[0] if found else None


def folded(title: str) -> str:
    """A title as letters are typed to find it: lower case, without accents, spaces or
    marks ("Räuber" is found by typing RAUBER, "Baker's Dozen" by BAKERSD)."""
    plain = unicodedata.normalize("NFKD", title.casefold())
    return "".join(char for char in plain if char.isalnum() and not unicodedata.combining(char))
