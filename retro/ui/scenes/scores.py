"""The high score table of a game (the ten best, each one replayable) and its statistics.

A full text-mode screen in the style of a 1994 hall of fame: place, name, score, moves, date and
deal number, the chosen entry's options below, and the statistics of the game with the options
chosen (the table and the statistics are both kept per game and option set).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from retro.errors import RetroError
from retro.store.records import (
    TABLE_SIZE,
    HighScore,
    Stats,
    computer_key,
    opponent_key,
    player_key,
)
from retro.textmode import Colour, TextScreen
from retro.ui import texts
from retro.ui.drawing.textview import CELL_H, CELL_W, COLS, ROWS
from retro.ui.drawing.widgets import bar, box, fit
from retro.ui.scene import Scene
from retro.ui.session import game_label, option_text

if TYPE_CHECKING:
    from retro.ui.scene import Host


def streak_text(streak: int) -> str:
    if streak > 0:
        return texts.STREAK_WON.format(n=streak)
    if streak < 0:
        return texts.STREAK_LOST.format(n=-streak)
    return "─"


def stats_lines(stats: Stats | None) -> tuple[str, str]:
    """Two short lines for the game menu."""
    if stats is None or not stats.played:
        return texts.STATS_NONE, ""
    best = "─" if stats.best_score is None else str(stats.best_score)
    fewest = "─" if stats.fewest_moves is None else str(stats.fewest_moves)
    return (
        texts.STATS_MENU_1.format(
            played=stats.played, won=stats.won, lost=stats.lost, rate=100 * stats.win_rate
        ),
        texts.STATS_MENU_2.format(best=best, fewest=fewest, streak=streak_text(stats.streak)),
    )


def stats_table(stats: Stats | None) -> list[tuple[str, str, str, str]]:
    """The statistics panel: four rows of two (label, value) pairs."""
    stats = stats or Stats()
    best = "─" if stats.best_score is None else str(stats.best_score)
    fewest = "─" if stats.fewest_moves is None else str(stats.fewest_moves)
    longest = texts.LONGEST.format(won=stats.longest_win_streak, lost=stats.longest_loss_streak)
    labels = texts.STATS_LABELS
    lost = str(stats.lost)
    if stats.drawn:  # network duels may end in a draw
        lost += " " + texts.STATS_DRAWN.format(n=stats.drawn)
    return [
        (labels[0], str(stats.played), labels[4], streak_text(stats.streak)),
        (labels[1], str(stats.won), labels[5], longest),
        (labels[2], lost, labels[6], best),
        (labels[3], f"{100 * stats.win_rate:.1f}%", labels[7], fewest),
    ]


def show_scores(
    app: Host, game_id: str, options: Mapping[str, Any], highlight: int | None = None
) -> None:
    """The high score table of a game with these options (`highlight`: a place just won)."""
    app.push(HighScoresScene(app, game_id, options, highlight))


class HighScoresScene(Scene):
    """The ten best of one game; Enter on an entry replays it move by move."""

    context = "scores"
    BOX_ROW, FIRST = 2, 5  # the table's box, and the screen row of place 1

    def __init__(
        self, app: Host, game_id: str, options: Mapping[str, Any], highlight: int | None = None
    ) -> None:
        self.game_id = game_id
        self.specs = app.shelf.entry(game_id).options
        # options not given are at their defaults, as the game was played
        self.options = {name: spec.default for name, spec in self.specs.items()} | dict(options)
        self.title = app.shelf.entry(game_id).title
        self.label = game_label(app.shelf, game_id, self.options)
        self.entries: list[HighScore] = app.keeper.table(game_id, self.options)
        key = app.keeper.stats_key(game_id, self.options)
        stats = app.keeper.records.stats
        self.stats = stats.get(key)
        # a duel game's panel also shows the duels against the computer, a strength a page
        self.panels: list[tuple[str, Stats | None]] = [
            (texts.STATS_TITLE.format(label=self.label), self.stats)
        ]
        if app.shelf.entry(game_id).duel:
            from retro.duel import STRENGTHS  # the duel only when a duel game's table shows

            self.panels += [
                (
                    texts.STATS_AGAINST.format(label=self.label, strength=word),
                    stats.get(computer_key(key, name)),
                )
                for name, word in zip(STRENGTHS, texts.STRENGTH_WORDS, strict=True)
            ]
            against = opponent_key(key, "")  # and the duels across machines, an opponent a page
            self.panels += [
                (texts.STATS_AGAINST_PLAYER.format(label=self.label, name=found[len(against) :]), s)
                for found, s in sorted(stats.items())
                if found.startswith(against)
            ]
        self.panels += [  # each player of the hot seat, a page of their own
            (texts.STATS_PLAYER.format(label=self.label, name=found.split(" player=", 1)[1]), value)
            for found, value in sorted(stats.items())
            if found.startswith(player_key(key, ""))
        ]
        self.panel = 0
        self.highlight = highlight
        self.chosen = (highlight - 1) if highlight else 0
        self.problem = ""
        self._state: tuple[object, ...] = ()
        self._screen: TextScreen | None = None

    def _up(self, app: Host) -> None:
        if self.entries:
            self.chosen = (self.chosen - 1) % len(self.entries)

    def _down(self, app: Host) -> None:
        if self.entries:
            self.chosen = (self.chosen + 1) % len(self.entries)

    def _first(self, app: Host) -> None:
        self.chosen = 0

    def _last(self, app: Host) -> None:
        if self.entries:
            self.chosen = len(self.entries) - 1

    def _click(self, app: Host) -> None:
        """A click chooses an entry; a click on the chosen one watches it."""
        import pyxel

        row = pyxel.mouse_y // CELL_H - self.FIRST
        if 0 <= row < len(self.entries) and 3 < pyxel.mouse_x // CELL_W < COLS - 3:
            if row == self.chosen:
                self._replay(app)
            self.chosen = row

    def _close(self, app: Host) -> None:
        app.pop()

    def _panel(self, app: Host, step: int) -> None:
        """← →: the statistics of the hot seat, then of each strength of the computer."""
        if len(self.panels) == 1:
            app.beeper.play("refuse")
            return
        self.panel = (self.panel + step) % len(self.panels)

    def _panel_next(self, app: Host) -> None:
        self._panel(app, 1)

    def _panel_previous(self, app: Host) -> None:
        self._panel(app, -1)

    def _replay(self, app: Host) -> None:
        if not self.entries:
            app.beeper.play("refuse")
            return
        entry = self.entries[self.chosen]
        if not entry.replay:
            app.beeper.play("refuse")
            self.problem = texts.NO_REPLAY
            return
        try:
            gdef = app.catalog.load(self.game_id, entry.options)
        except RetroError as error:
            app.beeper.play("refuse")
            self.problem = str(error).splitlines()[0]
            return
        label = texts.REPLAY_LABEL.format(
            game=game_label(app.shelf, self.game_id, entry.options), name=entry.name
        )
        app.show_replay(gdef, entry.seed, entry.replay, label)

    HANDLERS: ClassVar[dict[str, Callable[[HighScoresScene, Host], None]]] = {
        "up": _up,
        "down": _down,
        "first": _first,
        "last": _last,
        "replay": _replay,
        "click": _click,
        "close": _close,
        "panel_next": _panel_next,
        "panel_previous": _panel_previous,
    }

    def draw(self, app: Host) -> None:
        state = (
            self.chosen,
            self.problem,
            app.frame // 16 % 2 if self.highlight else 0,
            self.panel,
        )
        screen = self._screen
        if screen is None or state != self._state:
            self._state = state
            screen = self._screen = self.compose(blink=bool(state[2]))
        app.painter.screen("scores", screen)

    def _options_text(self, options: Mapping[str, Any]) -> str:
        parts = [
            option_text(spec.label, options[name])
            for name, spec in self.specs.items()
            if name in options and str(options[name]) != str(spec.default)
        ]
        return ", ".join(parts) if parts else texts.DEFAULT_OPTIONS

    def compose(self, blink: bool = False) -> TextScreen:
        screen = TextScreen(COLS, ROWS, Colour.WHITE, Colour.BLUE)
        screen.fill(0, 1, COLS, ROWS - 2, "░", Colour.BLUE, Colour.BLACK)
        bar(screen, 0, texts.SCORES_BAR, Colour.BLACK, Colour.LIGHT_GREY)
        left, width = 3, 74
        box(
            screen,
            left,
            self.BOX_ROW,
            width,
            16,
            texts.SCORES_TITLE.format(game=self.label),
            Colour.WHITE,
            Colour.BLUE,
            Colour.YELLOW,
        )
        screen.put(
            left + 2,
            self.BOX_ROW + 1,
            texts.SCORES_ROW.format(*texts.SCORES_COLUMNS),
            Colour.YELLOW,
        )
        screen.put(left + 1, self.BOX_ROW + 2, "─" * (width - 2), Colour.LIGHT_CYAN)
        for place in range(TABLE_SIZE):
            row = self.FIRST + place
            if place >= len(self.entries):
                screen.put(left + 2, row, f"{place + 1:>3}.  " + "·" * 12, Colour.LIGHT_BLUE)
                continue
            entry = self.entries[place]
            line = texts.SCORES_ROW.format(
                f"{place + 1}.",
                entry.name[:12],
                entry.score,
                entry.moves,
                entry.date[:10],
                entry.seed,
                texts.RESULT_WON if entry.won else texts.RESULT_LOST,
            )
            fg, bg = Colour.WHITE, Colour.BLUE
            if place + 1 == self.highlight:
                fg = Colour.YELLOW if not blink else Colour.WHITE
            if place == self.chosen:
                fg, bg = Colour.BLACK, Colour.CYAN
            screen.put(left + 1, row, (" " + line).ljust(width - 2)[: width - 2], fg, bg)
        about_row = self.FIRST + TABLE_SIZE + 1
        if self.problem:
            screen.put(left + 2, about_row, fit(self.problem, width - 4), Colour.WHITE, Colour.RED)
        elif self.entries:
            entry = self.entries[min(self.chosen, len(self.entries) - 1)]
            about = texts.SCORES_ABOUT.format(options=self._options_text(entry.options))
            screen.put(left + 2, about_row, fit(about, width - 4), Colour.LIGHT_GREY)
        else:
            screen.put(left + 2, about_row, texts.SCORES_EMPTY, Colour.LIGHT_GREY)
        # the statistics of the same game and options
        top = self.BOX_ROW + 16
        title, stats = self.panels[self.panel]
        if len(self.panels) > 1:
            title = f" ◄{fit(title, width - 8)}► "
        box(screen, left, top, width, 6, title, Colour.WHITE, Colour.BLUE, Colour.LIGHT_CYAN)
        for offset, (l1, v1, l2, v2) in enumerate(stats_table(stats)):
            text = f" {l1} ".ljust(18, ".") + f" {v1}".ljust(14)
            text += f" {l2} ".ljust(20, ".") + f" {v2}"
            screen.put(left + 2, top + 1 + offset, fit(text, width - 4), Colour.WHITE)
        bar(
            screen,
            ROWS - 1,
            " " + (texts.SCORES_KEYS if len(self.panels) == 1 else texts.SCORES_KEYS_DUEL),
        )
        return screen
