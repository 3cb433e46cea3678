"""The duel across two machines in the window, up to the first move: the form (host or join),
the wait for the other player with the code to tell them, and the table once the duel begins.

The duel itself is `retro.net.session.NetDuel` (docs/duel-network.md); the play, the news and
the result are `retro.ui.scenes.netplay`'s. The form is the duel form's other half: its
opponent row goes on past the computer's strengths to "Network: I host" and "I join", and back.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from retro.duel import STRENGTHS, DuelError, random_seed
from retro.errors import RetroError
from retro.net.peer import Timing, reachable_address
from retro.net.protocol import MAX_TIME_LIMIT, Address, parse_address
from retro.net.session import NetDuel
from retro.textmode import Colour, TextScreen
from retro.ui import texts
from retro.ui.drawing.textview import COLS, ROWS
from retro.ui.drawing.widgets import bar, big_text, box, centre_lines, note_line, wrap
from retro.ui.scene import Scene
from retro.ui.scenes.dialogs import TextField, typed
from retro.ui.scenes.duelscreens import DuelSetupScene, parse_code
from retro.ui.session import Session
from retro.ui.table.scene import TableScene

if TYPE_CHECKING:
    from retro.ui.scene import Host

PORT = 47_474  # the port offered, as the terminal's duel uses
LISTEN_ON = ""  # the address the window hosts on: every interface ("" ; tests: the loopback)
TIMING: Timing | None = None  # the network's waits (None: those of play; tests shorten them)
HOST, JOIN = "host", "join"  # the two opponents of the form, as the settings remember them
ADDRESS_LENGTH = 60  # a bracketed IPv6 address, its port and check
SHOWN_LENGTH = 46  # of which the field shows the end


def show_duel_form(
    app: Host, game_id: str, names: tuple[str, str], options: Mapping[str, Any]
) -> None:
    """The duel's form over the menu: the network duel's when hosting or joining was the
    opponent chosen last, else the hot seat's (a person or the computer)."""
    mode = app.settings.duel_opponent
    if mode in (HOST, JOIN):
        app.push(NetSetupScene(app, game_id, options, names[0], mode))
    else:
        app.push(DuelSetupScene(app, game_id, names, options))


class NetSetupScene(Scene):
    """Hosting: your name, the port, a time limit (none unless typed) and the deal; joining:
    your name and the code the host's screen shows. ← → on any field changes the opponent."""

    context = "net_setup"
    COL, ROW, WIDTH, HEIGHT = 4, 8, 72, 14
    FIELD_COL = COL + 21
    NAME, OPPONENT, PORT_FIELD, MINUTES, CODE = range(5)  # host's lines; join: NAME, _, CODE

    def __init__(
        self, app: Host, game_id: str, options: Mapping[str, Any], name: str, mode: str
    ) -> None:
        self.game_id = game_id
        self.options = dict(options)
        self.title = app.shelf.entry(game_id).title
        self.mode = mode
        self.fields = {
            self.NAME: TextField(name or app.keeper.last_name),
            self.PORT_FIELD: TextField(str(PORT), 5),
            self.MINUTES: TextField("", 4),
            self.CODE: TextField("", ADDRESS_LENGTH if mode == JOIN else 24),
        }
        self.focus = self.NAME if not self.fields[self.NAME].value else self.CODE
        if mode == HOST and self.fields[self.NAME].value:
            self.focus = self.MINUTES
        self.problem = ""

    def lines(self) -> list[int]:
        """The form's lines from the top (the opponent's among them)."""
        if self.mode == JOIN:
            return [self.NAME, self.OPPONENT, self.CODE]
        return [self.NAME, self.OPPONENT, self.PORT_FIELD, self.MINUTES, self.CODE]

    def cycle(self) -> list[int]:
        return [line for line in self.lines() if line != self.OPPONENT]

    def update(self, app: Host) -> None:
        text = typed()
        if text and not self.fields[self.focus].feed(text):
            app.beeper.play("refuse")
        self.handle(app, app.keyboard.actions(self.context))

    def _step(self, step: int) -> None:
        cycle = self.cycle()
        self.focus = cycle[(cycle.index(self.focus) + step) % len(cycle)]

    def _next(self, app: Host) -> None:
        self._step(1)

    def _previous(self, app: Host) -> None:
        self._step(-1)

    def _erase(self, app: Host) -> None:
        self.fields[self.focus].erase()

    def _opponent(self, app: Host, step: int) -> None:
        """← →: host and join in turn; past them, the duel form's person or computer."""
        if (self.mode, step) in ((HOST, 1), (JOIN, -1)):
            mode = JOIN if step > 0 else HOST
        else:  # the duel form's ends: a person, or the computer at its hardest
            mode = "" if step > 0 else list(STRENGTHS)[-1]
        app.settings.duel_opponent = mode
        app.save_settings()
        app.pop()
        show_duel_form(app, self.game_id, (self.fields[self.NAME].value, ""), self.options)

    def _opponent_next(self, app: Host) -> None:
        self._opponent(app, 1)

    def _opponent_previous(self, app: Host) -> None:
        self._opponent(app, -1)

    def _accept(self, app: Host) -> None:
        cycle = self.cycle()
        later = [
            index
            for index in cycle[cycle.index(self.focus) + 1 :]
            if index == self.NAME and not self.fields[index].value
        ]
        if later:
            self.focus = later[0]
            return
        try:
            name = self.fields[self.NAME].value.strip()
            if not name:
                raise DuelError(texts.NET_NAME_NEEDED)
            if self.mode == JOIN:
                address = parse_address(self.fields[self.CODE].value)
                begin_join(app, address, name)
            else:
                port, minutes = self._numbers()
                seed = parse_code(self.fields[self.CODE].value)
                gdef = app.catalog.load(self.game_id, self.options)
                begin_host(app, gdef, seed, name, port, minutes * 60)
        except RetroError as error:
            app.beeper.play("refuse")
            self.problem = str(error).splitlines()[0]
            return
        app.keeper.last_name = name

    def _numbers(self) -> tuple[int, int]:
        """The port and the minutes typed. Raises DuelError."""
        port_text = self.fields[self.PORT_FIELD].value.strip()
        minutes_text = self.fields[self.MINUTES].value.strip() or "0"
        if not port_text.isdigit() or not (int(port_text) == 0 or 1024 <= int(port_text) <= 65535):
            raise DuelError(texts.NET_BAD_PORT)
        if not minutes_text.isdigit() or int(minutes_text) * 60 > MAX_TIME_LIMIT:
            raise DuelError(texts.NET_BAD_MINUTES)
        return int(port_text), int(minutes_text)

    def _cancel(self, app: Host) -> None:
        app.pop()

    HANDLERS: ClassVar[dict[str, Callable[[NetSetupScene, Host], None]]] = {
        "next": _next,
        "previous": _previous,
        "erase": _erase,
        "accept": _accept,
        "cancel": _cancel,
        "opponent_next": _opponent_next,
        "opponent_previous": _opponent_previous,
    }

    def draw(self, app: Host) -> None:
        screen = self.compose()
        for line, index in enumerate(self.lines()):
            row = self.ROW + 4 + line
            if index == self.OPPONENT:
                word = texts.OPPONENT_HOST if self.mode == HOST else texts.OPPONENT_JOIN
                screen.put(self.FIELD_COL, row, f"◄ {word} ►", Colour.YELLOW, Colour.BLUE)
                continue
            field = self.fields[index]
            focused = index == self.focus
            shown = field.shown(app.frame, focused)
            if len(shown) > SHOWN_LENGTH:  # a long address: its end, where the typing is
                typed_part = shown[: len(field.value) + 1]
                shown = typed_part[-SHOWN_LENGTH:].ljust(SHOWN_LENGTH)
            if index == self.MINUTES and not field.value and not focused:
                shown = texts.NET_MINUTES_OFF.ljust(field.limit + 1)
            if index == self.CODE and self.mode == HOST and not field.value and not focused:
                shown = texts.DUEL_RANDOM.ljust(field.limit + 1)
            fg, bg = (Colour.WHITE, Colour.BLACK) if focused else (Colour.BLACK, Colour.CYAN)
            screen.put(self.FIELD_COL, row, shown, fg, bg)
        app.painter.screen("net_setup", screen)

    def compose(self) -> TextScreen:
        screen = TextScreen(COLS, ROWS, Colour.WHITE, Colour.BLUE)
        screen.fill(0, 1, COLS, ROWS - 2, "░", Colour.BLUE, Colour.BLACK)
        bar(screen, 0, texts.DUEL_BAR, Colour.BLACK, Colour.LIGHT_GREY)
        big_text(screen, (COLS - 8 * len(texts.BIG_DUEL)) // 2, 2, texts.BIG_DUEL, Colour.YELLOW)
        c, r, w, h = self.COL, self.ROW, self.WIDTH, self.HEIGHT
        title = texts.NET_SETUP_TITLE.format(game=self.title)
        box(screen, c, r, w, h, title, Colour.WHITE, Colour.BLUE, Colour.YELLOW)
        for offset, line in enumerate(texts.NET_SETUP_LINES):
            screen.put(c + 3, r + 1 + offset, line, Colour.LIGHT_GREY)
        labels = texts.NET_JOIN_FIELDS if self.mode == JOIN else texts.NET_FIELDS
        for index, label in enumerate(labels):
            screen.put(c + 3, r + 4 + index, f"{label} ".ljust(17, "."), Colour.YELLOW)
        hint = texts.NET_JOIN_HINT if self.mode == JOIN else texts.NET_HOST_HINT
        for offset, line in enumerate(wrap(hint, w - 6, 2)):
            screen.put(c + 3, r + 10 + offset, line, Colour.LIGHT_CYAN)
        if self.problem:
            note_line(screen, ROWS - 2, self.problem)
        keys = texts.NET_JOIN_KEYS if self.mode == JOIN else texts.NET_SETUP_KEYS
        bar(screen, ROWS - 1, " " + keys)
        return screen


def begin_host(
    app: Host, gdef: Any, seed: int | None, name: str, port: int, time_limit: int
) -> None:
    """Host a duel of `gdef` (a random deal unless `seed`) and wait for the other player.
    Raises DuelError when the port cannot be had."""
    deal = random_seed() if seed is None else seed
    duel = NetDuel.host(gdef, deal, name, port, LISTEN_ON, time_limit, TIMING)
    app.push(NetWaitScene(app, duel, gdef.id))


def begin_join(app: Host, address: Address, name: str) -> None:
    """Call the host at `address` and wait for its answer."""
    duel = NetDuel.join(address, name, app.catalog.load, TIMING)
    app.push(NetWaitScene(app, duel, ""))


def shown_address(duel: NetDuel) -> Address:
    """What the host tells the other player: the address it listens on, or, listening on
    every one, this machine's address on its network; its port and check."""
    assert duel.address is not None
    host = duel.address.host
    if host in ("", "0.0.0.0", "::"):  # every interface: the one the others reach
        host = reachable_address()
    return Address(host, duel.address.port, duel.address.check)


class NetWaitScene(Scene):
    """Until the duel begins: the host shows the code to tell the other player, the joiner
    that it is calling; a refusal (a wrong check, a name taken, no answer) is said here."""

    context = "net_wait"

    def __init__(self, app: Host, duel: NetDuel, game_id: str) -> None:
        self.duel = duel
        self.game_id = game_id
        self.failed = ""
        self._screen: TextScreen | None = None

    def update(self, app: Host) -> None:
        if not self.handle(app, app.keyboard.actions(self.context)):
            return
        if self.failed:
            return
        notices = self.duel.poll()
        if self.duel.playing and self.duel.mine is not None:
            begin_play(app, self.duel, notices)
        elif self.duel.ended is not None:
            self.failed = self.duel.ended
            self.duel.close()
            app.beeper.play("refuse")
            self._screen = None

    def _cancel(self, app: Host) -> None:
        self.duel.close()
        app.pop()

    HANDLERS: ClassVar[dict[str, Callable[[NetWaitScene, Host], None]]] = {"cancel": _cancel}

    def draw(self, app: Host) -> None:
        if self._screen is None:
            self._screen = self.compose(app)
        app.painter.screen("net_wait", self._screen)
        if not self.failed:  # the dots go on while it waits
            dots = "." * (app.frame // 15 % 4)
            app.painter.cells(
                COLS // 2 - 2, self.ROW + 11, dots.ljust(4), Colour.YELLOW, Colour.BLUE
            )

    ROW = 6

    def compose(self, app: Host) -> TextScreen:
        duel = self.duel
        screen = TextScreen(COLS, ROWS, Colour.WHITE, Colour.BLUE)
        screen.fill(0, 1, COLS, ROWS - 2, "░", Colour.BLUE, Colour.BLACK)
        bar(screen, 0, texts.DUEL_BAR, Colour.BLACK, Colour.LIGHT_GREY)
        c, r, w, h = 6, self.ROW, 68, 13
        game = duel.mine.gdef.title if duel.mine is not None else ""
        title = texts.NET_WAIT_TITLE.format(game=texts.tr(game)) if game else " "
        box(screen, c, r, w, h, title, Colour.WHITE, Colour.BLUE, Colour.YELLOW)
        if duel.hosting:
            code = shown_address(duel).code()
            row = r + 2 + centre_lines(screen, r + 2, texts.NET_WAIT_TELL, w - 4, Colour.LIGHT_GREY)
            row += 1 + centre_lines(
                screen, row + 1, f"  {code}  ", w - 4, Colour.BLACK, Colour.CYAN
            )
            row += 1 + centre_lines(screen, row + 1, texts.NET_WAIT_JOIN, w - 4, Colour.LIGHT_GREY)
            centre_lines(screen, row, texts.NET_WAIT_CLI.format(code=code), w - 4)
        else:
            assert duel.address is not None
            calling = texts.NET_WAIT_CALLING.format(address=duel.address.code())
            centre_lines(screen, r + 3, calling, w - 4, Colour.LIGHT_GREY)
        if self.failed:
            screen.put(c + 1, r + 9, " " * (w - 2), Colour.WHITE, Colour.BLUE)
            centre_lines(screen, r + 9, texts.NET_REFUSED, w - 4, Colour.WHITE, Colour.RED)
            for offset, line in enumerate(wrap(self.failed, COLS - 4, 3)):
                screen.put(2, r + h + 1 + offset, line.ljust(COLS - 4), Colour.WHITE, Colour.RED)
        keys = texts.NET_WAIT_FAILED if self.failed else texts.NET_WAIT_KEYS
        bar(screen, ROWS - 1, " " + keys)
        return screen


def begin_play(app: Host, duel: NetDuel, notices: list[Any]) -> None:
    """The duel has begun: the game in progress is put by (saved), this side's game goes to
    the table, the opponent's bar on top."""
    from retro.duel import duel_code
    from retro.ui.scenes.netplay import show_notices

    assert duel.mine is not None and duel.opponent is not None
    gdef = duel.mine.gdef
    options = dict(gdef.options)
    app.abandon(app.keeper.key_for(app.catalog, gdef.id, options, gdef))
    label = texts.NET_LABEL.format(
        name=duel.name, other=duel.opponent, code=duel_code(duel.mine.seed)
    )
    app.session = Session(gdef.id, options, duel.mine, label=label, net=duel)
    table = TableScene(app)
    app.replace(table)
    table.deal_in(app)
    show_notices(app, app.session, notices)
