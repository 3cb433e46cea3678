"""Frame cost of the window, headless: the median time of one update+draw.

Two screens: a mid-game Spider table (cards fanned, the status line) and the game menu (a
text-mode screen). Goal: 2 ms or less, so a 30 fps frame has room to spare on slow machines.
Run: .venv/bin/python benchmarks/frame.py
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time

from retro.solver.hints import auto_move
from retro.ui.app import App
from retro.ui.driver import Driver, headless
from retro.ui.table import TableScene

FRAMES = 300


def median_ms(app: App) -> float:
    for _ in range(10):  # warm the caches (card atlas, painted text screens)
        app.update()
        app.draw()
    times = []
    for _ in range(FRAMES):
        start = time.perf_counter()
        app.update()
        app.draw()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def mid_game(app: App) -> None:
    session = app.start("spider", {}, 5)
    game = session.game
    seen: set[object] = set()
    for _ in range(2):
        while (hint := auto_move(game, seen)) is not None:
            game.push(hint.move)
        deal = [m for m in game.legal_moves() if m.kind == "deal"]
        if deal:
            game.push(deal[0])
    app.replace(TableScene(app))


def main() -> None:
    os.environ["RETRO_PATIENCE_DATA"] = tempfile.mkdtemp(prefix="retro-bench-")  # not the player's
    headless()
    app = App(animate=False, sound=False, seed_source=lambda: 5)
    Driver(app)
    mid_game(app)
    cards = sum(len(p.cards) for p in app.session.game.position.piles if p.kind == "tableau") \
        if app.session else 0
    table = median_ms(app)
    print(f"table (Spider mid-game, {cards} cards on the table): {table:.3f} ms median")
    app.show_menu("spider")
    menu = median_ms(app)
    print(f"menu: {menu:.3f} ms median")
    print(f"frame: {max(table, menu):.2f} ms median")


if __name__ == "__main__":
    main()
