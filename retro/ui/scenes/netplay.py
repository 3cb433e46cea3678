"""The duel across two machines being played: the network polled each frame (whatever screen is
on top), its news worded in the player's language on the table's status line, a forfeit or a
duel broken off in a box of its own, and the result, counted against the opponent's name.

The duel is `retro.net.session.NetDuel`; the form and the wait before it are
`retro.ui.scenes.netsetup`'s, the opponent's bar at the table `retro.ui.table.netpanel`'s.
This side's game is a game like any other: saved after every move, so a closed window loses
nothing (the game is offered again at the next start, to be finished alone).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from retro.duel import DuelResult
from retro.net.duelstate import BACK, BROKEN, FINISHED, GONE, JOINED, LOST, TIME, Notice
from retro.textmode import Colour, TextScreen
from retro.ui import texts
from retro.ui.drawing.textview import COLS, ROWS
from retro.ui.drawing.widgets import Overlay, box
from retro.ui.scene import Scene
from retro.ui.scenes.duelscreens import DuelResultScene
from retro.ui.scenes.scores import show_scores
from retro.ui.table.scene import TableScene

if TYPE_CHECKING:
    from retro.net.session import NetDuel
    from retro.ui.scene import Host
    from retro.ui.session import Session

WARNINGS = frozenset({LOST, GONE, BROKEN, TIME})  # news said white on red


def net_frame(app: Host, session: Session) -> None:
    """One frame of the duel, whatever is on top: the network's news, a save when the clock
    ended this side's game, and once nothing is left to play, the end."""
    duel = session.net
    assert duel is not None and duel.mine is not None
    made = len(duel.mine.history)
    show_notices(app, session, duel.poll())
    if len(duel.mine.history) != made:  # the time limit said Done for the player
        app.autosave()
    if duel.over and not session.recorded and at_table(app, session):
        finish(app, session)


def at_table(app: Host, session: Session) -> bool:
    """Whether the player is looking at this duel's table (no question, menu or help over
    it): the end waits until they are."""
    scene = app.scene
    return isinstance(scene, TableScene) and scene.session is session


def show_notices(app: Host, session: Session, notices: list[Notice]) -> None:
    """The news on the table's status line, in the player's language."""
    duel = session.net
    assert duel is not None
    table = next(
        (s for s in app.scenes if isinstance(s, TableScene) and s.session is session), None
    )
    for notice in notices:
        text = wording(duel, notice)
        if text and table is not None:
            table.say(text, error=notice.kind in WARNINGS)
            if notice.kind in (LOST, GONE, BROKEN):
                app.beeper.play("refuse")


def wording(duel: NetDuel, notice: Notice) -> str:
    """A notice as the window says it (its `kind` chooses the words; "" for none: the
    forfeit and the result have screens of their own)."""
    name = duel.opponent or "?"
    kind = notice.kind
    theirs = duel.theirs
    if kind == JOINED and duel.hosting:
        return texts.NET_JOINED.format(name=name)
    if kind == JOINED:  # the joiner hears the duel, and whether the host's program differs
        different = "retro-patience" in notice.text
        return (texts.NET_VERSIONS if different else texts.NET_JOINING).format(name=name)
    if kind == BACK:
        return texts.NET_BACK.format(name=name)
    if kind == LOST:
        return texts.NET_LOST.format(name=name)
    if kind == GONE:
        return (texts.NET_GONE_DONE if duel.their_final else texts.NET_GONE).format(name=name)
    if kind == BROKEN:
        return texts.NET_BROKEN.format(name=name)
    if kind == TIME:
        return texts.NET_TIME_THEIRS.format(name=name) if duel.cut else texts.NET_TIME_MINE
    if kind == FINISHED and theirs is not None and notice.text.startswith(f"{name} "):
        moves = texts.count(texts.MOVES, theirs.moves_made)
        return texts.NET_THEIRS_DONE.format(name=name, score=theirs.score(), moves=moves)
    if kind == FINISHED and duel.mine is not None:
        return texts.NET_MINE_DONE.format(name=name, score=duel.mine.score())
    return ""


def finish(app: Host, session: Session) -> None:
    """The duel is over: counted against the opponent (when it has a result), the save
    cleared, then the result (after a box, for a forfeit), or a box saying there is none."""
    duel = session.net
    assert duel is not None and duel.mine is not None
    result = duel.result()
    if result is not None:
        app.keeper.record(
            duel.mine,
            duel.name,
            won=result.winner == 0,
            drawn=result.winner is None,
            opponent=result.players[1].name,
        )
    session.recorded = True
    app.keeper.clear()  # this side's game is over (or forfeited): nothing left to resume
    app.session = None
    duel.close()
    if result is None:
        lines = tuple(line.format(score=duel.mine.score()) for line in texts.NET_NO_RESULT)
        app.push(NetBox(texts.NET_ENDED_TITLE, lines, lambda: leave(app, session.game_id)))
        return
    if duel.forfeit is not None:
        pattern = texts.NET_YOU_FORFEIT if duel.forfeit == 0 else texts.NET_THEY_FORFEIT
        lines = tuple(line.format(name=duel.opponent) for line in pattern)
        app.push(
            NetBox(
                texts.NET_FORFEIT_TITLE,
                lines,
                lambda: app.replace(NetResultScene(app, duel, result, session.game_id)),
            )
        )
        return
    app.replace(NetResultScene(app, duel, result, session.game_id))


def leave(app: Host, game_id: str) -> None:
    """From a duel without a result: the game menu."""
    app.show_title()
    app.show_menu(game_id)


class NetBox(Overlay, Scene):
    """News that must not pass unseen (a forfeit, a duel ended without a result), in a box
    over the table until Enter."""

    context = "net_box"
    overlay = True
    ROW, HEIGHT, WIDTH = 8, 8, 64
    COL = (COLS - WIDTH) // 2
    SLOT = "net_box"

    def __init__(self, title: str, lines: tuple[str, ...], then: Callable[[], None]) -> None:
        self.title = title
        self.lines = lines
        self.then = then

    def _go(self, app: Host) -> None:
        self.then()

    HANDLERS: ClassVar[dict[str, Callable[[NetBox, Host], None]]] = {"go": _go}

    def draw(self, app: Host) -> None:
        self.draw_box(app.painter)

    def compose(self) -> TextScreen:
        screen = TextScreen(COLS, ROWS)
        c, r, w, h = self.COL, self.ROW, self.WIDTH, self.HEIGHT
        box(screen, c, r, w, h, self.title, Colour.WHITE, Colour.RED, Colour.YELLOW)
        for offset, line in enumerate(self.lines):
            screen.put(c + (w - len(line)) // 2, r + 2 + offset, line, Colour.WHITE)
        keys = f" {texts.NET_FORFEIT_KEYS} "
        screen.put(c + (w - len(keys)) // 2, r + h - 2, keys, Colour.BLACK, Colour.LIGHT_GREY)
        return screen


class NetResultScene(DuelResultScene):
    """Both scores side by side, as the hot seat shows them; R and O watch either game."""

    context = "net_result"

    def __init__(self, app: Host, duel: NetDuel, result: DuelResult, game_id: str) -> None:
        assert duel.mine is not None
        self.net = duel
        self.gdef = duel.mine.gdef
        self.seed = duel.mine.seed
        self.result = result
        self.game_id = game_id
        self.title = app.shelf.entry(game_id).title
        self._screen = self.compose()

    def verdict(self) -> str:
        if self.net.forfeit is not None and self.result.winner is not None:
            name = self.result.players[self.result.winner].name
            return texts.NET_VERDICT_FORFEIT.format(name=name)
        return super().verdict()

    def keys(self) -> str:
        return texts.NET_RESULT_KEYS.format(name=self.result.players[1].name)

    def _watch(self, app: Host, index: int) -> None:
        player = self.result.players[index]
        label = texts.NET_REPLAY.format(name=player.name, code=self.result.code)
        app.show_replay(self.gdef, self.seed, list(player.record), label)

    def _replay(self, app: Host) -> None:
        self._watch(app, 0)

    def _replay_theirs(self, app: Host) -> None:
        self._watch(app, 1)

    def _again(self, app: Host) -> None:
        """N: the network duel's form again, over a fresh title and menu."""
        app.show_title()
        app.show_menu(self.game_id)
        app.show_duel(self.game_id, (self.net.name, ""), self.gdef.options)

    def _scores(self, app: Host) -> None:
        show_scores(app, self.game_id, dict(self.gdef.options))

    HANDLERS: ClassVar[dict[str, Callable[[NetResultScene, Host], None]]] = {  # type: ignore[assignment]
        "again": _again,
        "scores": _scores,
        "replay": _replay,
        "replay_theirs": _replay_theirs,
        "menu": DuelResultScene._menu,
    }
