"""The computer's help at the table: hints (H, Shift+H, Space makes the one shown), auto-play
(A) and the demo playing on from where the table stands (P), each the handler of a key action
of the table (see `TableScene.HANDLERS`). The advice comes from
`retro.solver.hints`; moves it makes go through the table like a player's. Hints name cards and
places as a player does and as the screen shows them ("8♠ from column 4 onto 9♥ in column
7", "fan 2 in row 3"), never pile ids.
"""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING

from retro.engine.cards import card_name
from retro.engine.game import PLAYING, WON
from retro.engine.gamedef import FOUNDATION, GRID
from retro.engine.position import MOVE, Move, Pile
from retro.engine.rotation import ROTATIONS
from retro.solver import hints as advice
from retro.solver.adapter import copy_game
from retro.solver.safety import learn_for, play_out, safe_home
from retro.solver.search import Search, prepare
from retro.ui import texts
from retro.ui.keymap import first_key
from retro.ui.table.demo import GAME_LOST, GAME_WON, NO_MOVE, NORMAL, STOPPED, Demo, ending
from retro.ui.table.keys import best, cards_text
from retro.ui.table.state import Table, Thinking

if TYPE_CHECKING:
    from retro.ui.scene import Host

AUTO_PAUSE = 6  # frames between auto-play moves, so a person can follow them
# Pile groups (by name or kind) a player calls by a word of `texts.PILE_WORDS`, in its order.
PILE_NAMES = (
    "tableau",
    "foundation",
    "cell",
    "stock",
    "waste",
    "reserve",
    "discard",
    "grid",
    "row",
    "fans",
    "heaps",
    "aces",
    "kings",
    "kings_up",
)
HOURS = {"ne": 0, "se": 3, "sw": 6, "nw": 9}  # Clock: the first hour of each quarter, less one
HINT_SLICE = 0.02  # seconds of each frame the first hint's search takes (a frame is 1/30 s)


def hint(table: Table, app: Host) -> None:
    _cycle_hint(table, app, 1)


def hint_back(table: Table, app: Host) -> None:
    _cycle_hint(table, app, -1)


def _cycle_hint(table: Table, app: Host, delta: int) -> None:
    if table.session.net is not None:
        table.refuse(app, texts.NET_NO_HINTS)
        return
    """The next (or previous) hint. The first asks the solver, whose search runs a slice a
    frame (`think`) while the status line says it is thinking, so the window never stalls."""
    table.held = None
    if table.thinking is not None:
        return  # still thinking: the hint shows by itself
    if table.hints is None:
        ranked = advice.hints(table.game)
        if ranked:
            until = now() + advice.HINT_SECONDS
            table.thinking = Thinking(None, ranked, _about(table), delta, until)
            return  # the table's update runs its slices, this frame's too
        table.hints = []
    _show(table, app, delta)


def _about(table: Table) -> object:
    game = table.game
    return (id(game), game.key(), len(game.history), len(game.future))


def now() -> float:
    """The clock a hint is timed by (a test may set its own)."""
    return time.perf_counter()


def think(table: Table, app: Host) -> None:
    """A frame's slice of the first hint's search; the hints shown once it has its answer,
    or once `HINT_SECONDS` have passed since the key (the ranked hints then, the search's
    slices being a share of each frame: the player waits about a second, however slow the
    machine). A move, an undo or a redo meanwhile drops it; Space meanwhile makes it."""
    thinking = table.thinking
    assert thinking is not None
    if _about(table) != thinking.about:
        table.thinking = None
        return
    left = thinking.until - now()
    found = None
    if left > 0:
        if thinking.search is None:
            gdef, part = table.game.gdef, min(HINT_SLICE, left)
            if not learn_for(gdef, part) or not prepare(gdef, part):
                return  # the game's safe moves and checks first, a slice a frame
            thinking.search = Search(copy_game(table.game), advice.hint_budget())
        found = thinking.search.run_for(min(HINT_SLICE, left))
        if found is None:
            return
    table.thinking = None
    solved = None if found is None else advice.from_search(found)
    table.hints = advice.with_solver(thinking.ranked, solved)
    table.hint_index = -1 if thinking.delta > 0 else 0
    _show(table, app, thinking.delta)
    if thinking.play:
        play_hint(table, app)


def _show(table: Table, app: Host, delta: int) -> None:
    if not table.hints:
        table.refuse(app, texts.NO_HINT)
        return
    table.hint_index = (table.hint_index + delta) % len(table.hints)
    shown = table.hints[table.hint_index]
    table.move_cursor(shown.move.src if shown.move.src >= 0 else table.cursor)
    if shown.move.kind == MOVE:
        table.count = shown.move.count
    line = (
        texts.HINT_SOLVER
        if shown.kind == advice.SOLVER
        else texts.HINT
        if table.hints[0].kind == advice.SOLVER
        else texts.HINT_RANKED
    )
    why = texts.tr(shown.reasons[0]).format(n=shown.length)
    table.say(
        line.format(
            i=table.hint_index + 1, n=len(table.hints), move=describe(table, shown.move), why=why
        ),
        about="hint",
    )


def play_hint(table: Table, app: Host) -> bool:
    """Make the hint shown, if one is and the cursor still stands on its cards; True if so."""
    shown = table.shown_hint()
    if shown is None or table.held is not None or shown.move.src != table.cursor:
        return False
    table.try_move(app, shown.move)
    return True


def best_or_hint(table: Table, app: Host) -> None:
    """Space: the hint shown, when the cursor stands on its cards; else the chosen cards to
    their best place. While the hint is looked for, Space waits for it and makes it."""
    if table.thinking is not None:
        table.thinking.play = True
        return
    if not play_hint(table, app):
        best(table, app)


def place(pile: Pile, table: Table | None = None) -> str:
    """A pile as a player names it, as the screen shows it: "column 4", "the stock", "row 2,
    card 5", "fan 2 in row 3" (`table` gives where the piles lie; without it, by the file)."""
    group = pile.group
    slot = pile.slot
    if group.name in HOURS:
        return texts.PLACE_HOUR.format(hour=HOURS[group.name] + slot + 1)
    ring = group.layout.ring
    if ring is not None and group.count == 12 and ring[2] == int(ring[2]):  # a clock face
        return texts.PLACE_HOUR.format(hour=(int(ring[2]) + slot - 1) % 12 + 1)
    if group.name.endswith("_up") and group.name[:-3] in HOURS:
        return texts.PLACE_HOUR_UP.format(hour=HOURS[group.name[:-3]] + slot + 1)
    if group.kind == GRID and group.layout.columns > 0:
        row, column = divmod(slot, group.layout.columns)
        return texts.PLACE_GRID.format(row=row + 1, n=column + 1)
    numbered = re.fullmatch(r"([a-z]+)(\d+)", group.name)
    if numbered is not None:  # rows of a pyramid: row3
        word = dict(zip(PILE_NAMES, texts.PILE_WORDS, strict=True)).get(numbered[1], numbered[1])
        if group.count == 1:
            return texts.PLACE_NUMBERED.format(word=word, n=numbered[2])
        return texts.PLACE_IN_ROW.format(word=word, row=numbered[2], n=slot + 1)
    name = _word_of(pile)
    word = dict(zip(PILE_NAMES, texts.PILE_WORDS, strict=True)).get(name, name)
    if table is not None and name != "row" and group.layout.ring is None:
        return _as_seen(pile, table, name, word)  # (rows and rings are counted as they go)
    if group.count == 1:
        return texts.PLACE_ONLY.format(word=word)
    return texts.PLACE_NUMBERED.format(word=word, n=slot + 1)


def _word_of(pile: Pile) -> str:
    """Which of `PILE_NAMES` a pile is called by: its group's name, else a fanned-out
    column's "fans" (Black Hole's), else its kind."""
    group = pile.group
    if group.name in PILE_NAMES:
        return group.name
    if group.kind == "tableau" and group.layout.fan == "right":
        return "fans"
    return group.kind


def _as_seen(pile: Pile, table: Table, name: str, word: str) -> str:
    """The pile among those called by the same word, counted as the screen shows them: in
    one row from the left, in one column from the top, else by row and place in it (the
    rows from the top; unfanned piles, such as Tri Peaks' peaks, as "row 4, card 2")."""
    origins = table.geometry.origins
    hidden = table.geometry.hidden
    fellows = [p for p in table.piles if not hidden[p.index] and _word_of(p) == name]
    if len(fellows) == 1:
        return texts.PLACE_ONLY.format(word=word)
    x, y = origins[pile.index]
    rows = sorted({origins[p.index][1] for p in fellows})
    columns = sorted({origins[p.index][0] for p in fellows})
    if len(rows) == 1 or len(columns) == 1:
        line = sorted(fellows, key=lambda p: (origins[p.index][1], origins[p.index][0]))
        return texts.PLACE_NUMBERED.format(word=word, n=line.index(pile) + 1)
    in_row = sorted(origins[p.index][0] for p in fellows if origins[p.index][1] == y)
    row, n = rows.index(y) + 1, in_row.index(x) + 1
    if pile.group.layout.fan == "none" and pile.kind == "tableau":
        return texts.PLACE_IN_ROW.format(
            word=texts.PILE_WORDS[PILE_NAMES.index("row")], row=row, n=n
        )
    return texts.PLACE_IN_A_ROW.format(word=word, n=n, row=row)


def describe(table: Table, move: Move) -> str:
    """A move as a player says it: its cards and the two places, or the pile action."""
    piles = table.piles
    if move.kind == MOVE:
        src, dst = piles[move.src], piles[move.dst]
        cards = cards_text(src.cards[-move.count :])
        if dst.cards and dst.kind != FOUNDATION:
            return texts.MOVE_ONTO.format(
                cards=cards,
                src=place(src, table),
                card=card_name(dst.cards[-1]),
                dst=place(dst, table),
            )
        if not dst.cards and dst.kind != FOUNDATION:
            line = texts.MOVE_TO_GAP if dst.kind == GRID else texts.MOVE_TO_EMPTY
            return line.format(cards=cards, src=place(src, table), dst=place(dst, table))
        return texts.MOVE_TO.format(cards=cards, src=place(src, table), dst=place(dst, table))
    pile = place(piles[move.src], table) if 0 <= move.src < len(piles) else ""
    if move.kind == "deal":
        return texts.ACTION_DEAL.format(pile=pile)
    if move.kind == "redeal":
        return texts.ACTION_REDEAL
    if move.kind in ROTATIONS:
        cards = cards_text(piles[move.src].cards[-move.count :])
        return texts.ACTION_ROTATE.format(cards=cards, pile=pile)
    if move.kind in ("turn", "flip"):
        return texts.ACTION_TURN.format(pile=pile)
    return texts.ACTION_OTHER.format(verb=move.kind, pile=pile)


def auto(table: Table, app: Host) -> None:
    table.held = None
    table.auto_seen = {table.game.position.piles_state()}
    table.auto_moves = 0
    table.auto_wait = 0


def auto_step(table: Table, app: Host) -> None:
    """One frame of auto-play: wait, or make the next obvious move, or stop and say how many."""
    if table.auto_wait > 0:
        table.auto_wait -= 1
        return
    if not learn_for(table.game.gdef, HINT_SLICE, player=True):
        return  # what is safe to send home, learnt a slice a frame first
    found = advice.auto_move(table.game, table.auto_seen)
    if found is None:
        moves = table.auto_moves
        table.stop_auto()
        table.say(texts.count(texts.AUTO_DONE, moves) if moves else texts.NO_AUTO)
        return
    table.auto_moves += 1
    table.try_move(app, found.move, keep_auto=True)
    table.auto_wait = AUTO_PAUSE if app.animate else 0


def home_step(table: Table, app: Host, at_once: bool = False) -> None:
    """After a player's move: the next card nothing on the table can need goes home by
    itself (the setting allowing); once none is left, a certain finish is offered."""
    game = table.game
    if app.settings.auto_home and game.outcome() == PLAYING:
        if not learn_for(game.gdef, HINT_SLICE, player=True) and not at_once:
            return  # what is safe to send home, learnt a slice a frame first
        move = safe_home(game)
        if move is not None and table.send_home(app, move):
            table.auto_wait = AUTO_PAUSE if app.animate else 0
            return
    table.homing = False
    if game.outcome() == PLAYING and play_out(game) is not None:
        table.say(texts.FINISH_OFFER.format(key=first_key("table", "auto")))


def home_all(table: Table, app: Host) -> None:
    """Every card due to go home, at once (a key pressed meanwhile)."""
    table.auto_wait = 0
    while table.homing:
        home_step(table, app, at_once=True)
        table.auto_wait = 0


# -- the demo ------------------------------------------------------------------------------------


def start_demo(table: Table, app: Host) -> None:
    """P at the table: the computer plays on from here (not in a duel: every move is the
    player's there)."""
    if table.session.in_duel:
        table.refuse(app, texts.NO_DEMO_DUEL)
        return
    if table.game.outcome() != PLAYING:
        table.refuse(app, ending(GAME_WON if table.game.outcome() == WON else GAME_LOST))
        return
    table.held = None
    table.clear_hint()
    table.thinking = None  # a first hint being looked for is not wanted now
    table.stop_auto()
    speed = NORMAL if app.demo_speed is None else app.demo_speed
    table.demo = Demo(table.game, speed, seed=len(table.game.history))


def demo_frame(table: Table, app: Host) -> None:
    """A frame of the demo at the table: speed keys, any other key stops it, else a slice of
    thinking and, when ready, a move."""
    demo = table.demo
    assert demo is not None
    actions = app.keyboard.actions(demo.context)
    for action, _ in actions:
        demo.HANDLERS[action](demo)
    if demo.ended or (not actions and app.keyboard.any_pressed()):
        stop_demo(table, STOPPED)
        return
    if actions:
        app.demo_speed = demo.speed
        return
    move = demo.tick(table.game)
    if move is not None:
        if not table.session.recorded:  # the computer's game is not the player's to count
            table.session.recorded = True
        if table.try_move(app, move, keep_auto=True):
            demo.moved(table.game)
            table.checked_over = True  # the demo tells the end itself: no won/lost box
        else:
            demo.ended = NO_MOVE
    if demo.ended:
        stop_demo(table, demo.ended)


def stop_demo(table: Table, why: str) -> None:
    """The demo ends: the table is the player's again, and the status line says why."""
    demo = table.demo
    table.demo = None
    line = ending(why)
    if demo is not None and demo.moves:
        line += " " + texts.DEMO_NOT_COUNTED
    table.say(line)
