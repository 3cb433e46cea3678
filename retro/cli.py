"""`retro-patience`: the window by default, and the commands that need none."""

from __future__ import annotations

import argparse
import gc
import io
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, TextIO

from retro import __version__
from retro.errors import DefinitionError, RetroError

if TYPE_CHECKING:
    from retro.ui.app import App


def _options(pairs: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise RetroError(f"--option wants NAME=VALUE, not '{pair}'")
        options[name.strip()] = value.strip()
    return options


def _language(value: str) -> str:
    """A language the window and the instructions speak (`de`, `de_DE.UTF-8`), or an error
    naming the ones there are."""
    from retro.instructions import LANGUAGES

    code = value.lower()[:2]
    if code not in LANGUAGES or (len(value) > 2 and value[2] not in "_-."):
        raise argparse.ArgumentTypeError(
            f"no language '{value}'; languages: {', '.join(LANGUAGES)}"
        )
    return code


def _deal_number(value: str) -> int:
    """A deal number as the menu takes it: 0 to 999999999."""
    if not value.strip().isdigit() or int(value) > _LAST_DEAL:
        raise argparse.ArgumentTypeError(f"a deal number is 0 to {_LAST_DEAL}, not '{value}'")
    return int(value)


_LAST_DEAL = 999_999_999


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="retro-patience",
        description="Patience games with the look and feel of a 1994 DOS card game.",
    )
    parser.add_argument(
        "--games-dir",
        action="append",
        type=Path,
        default=[],
        help="another folder of game files (may be given more than once)",
    )
    parser.add_argument(
        "--lang",
        type=_language,
        default=None,
        help="language of the window and the instructions (en, de); remembered",
    )
    parser.add_argument("--version", action="version", version=f"retro-patience {__version__}")
    sub = parser.add_subparsers(dest="command")

    play = sub.add_parser("play", help="open the window (the default)")
    play.add_argument(
        "game", nargs="?", default="spider", help="a game id from `list` (without: the title)"
    )
    play.add_argument(
        "--seed", type=_deal_number, default=None, help="the deal number, 0 to 999999999"
    )
    play.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="one of the game's options (the menu shows them); may be given more than once",
    )
    play.add_argument(
        "--lang",
        type=_language,
        default=argparse.SUPPRESS,
        help="language of the window and the instructions (en, de); remembered",
    )

    sub.add_parser("list", help="the games found").add_argument(
        "--lines", action="store_true", help="also show each game file's length in lines"
    )

    validate = sub.add_parser("validate", help="check game files; every error, exit 1 on any")
    validate.add_argument("files", nargs="+", type=Path)

    sub.add_parser("rules", help="every rule function a game file can name")

    sub.add_parser(
        "schema", help="write the game file schema for editors (default: into your games folder)"
    ).add_argument("path", nargs="?", type=Path)

    sub.add_parser("stats", help="statistics of the games played").add_argument(
        "game", nargs="?", default=None
    )

    instructions = sub.add_parser("instructions", help="a game's instructions in the terminal")
    instructions.add_argument("source", metavar="GAME|FILE", help="a game id or an .anl file")
    instructions.add_argument(
        "--lang", type=_language, default=argparse.SUPPRESS, help="en or de (default: the locale)"
    )
    which = instructions.add_mutually_exclusive_group()
    which.add_argument("--page", type=int, default=None, help="only page N (1-based)")
    which.add_argument("--all", action="store_true", help="every page (the default)")
    style = instructions.add_mutually_exclusive_group()
    style.add_argument(
        "--ansi", action="store_true", default=None, help="in colour (the default on a terminal)"
    )
    style.add_argument("--plain", action="store_true", help="the text alone, 80 columns")

    replay = sub.add_parser("replay", help="watch a saved game file again in the window")
    replay.add_argument("file", type=Path, help="a saved game (like current-game.json)")

    console = sub.add_parser("console", help="play without a window, one command a line")
    console.add_argument("game")
    console.add_argument("--seed", type=int, default=1)
    console.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    console.add_argument("--json", action="store_true", help="one JSON object per answer")
    console.add_argument("--reveal", action="store_true", help="show face-down cards")

    duel = sub.add_parser("duel", help="a duel with a player on another machine, in the terminal")
    duel.add_argument(
        "game", nargs="?", default="spider_duel", help="(host) spider_duel unless named"
    )
    where = duel.add_mutually_exclusive_group(required=True)
    where.add_argument(
        "--host", nargs="?", type=int, const=47_474, metavar="PORT", help="host (port 47474)"
    )
    where.add_argument("--join", metavar="HOST:PORT[/CHECK]", help="join the host's duel")
    duel.add_argument("--name", default=None, help="your name (default: the one last typed)")
    duel.add_argument("--seed", type=int, default=None, help="(host) the deal (default: random)")
    duel.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    duel.add_argument("--minutes", type=float, default=0, help="(host) a time limit; 0: none")
    duel.add_argument(
        "--bind", default="", metavar="ADDRESS", help="(host) listen on this address only"
    )
    duel.add_argument("--json", action="store_true", help="one JSON object per answer and news")

    solve = sub.add_parser("solve", help="can a deal be won? (or play it honestly)")
    solve.add_argument("game")
    deals = solve.add_mutually_exclusive_group()
    deals.add_argument("--seed", type=int, default=1)
    deals.add_argument("--seeds", default=None, metavar="A-B", help="every deal from A to B")
    solve.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    solve.add_argument(
        "--honest", action="store_true", help="play as a player must, never seeing face-down cards"
    )
    solve.add_argument("--seconds", type=float, default=10.0, help="budget a deal (10)")
    solve.add_argument(
        "--jobs", type=int, default=None, help="processes for --seeds (default: one a core)"
    )
    solve.add_argument("--json", action="store_true", help="one JSON object a deal")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Python's garbage collector rests while the program starts: the start makes objects that
    last (modules, the settings, the game shown first), which a collection would search in
    vain (some 3 ms of the 35 the program adds to pyxel's start). A command collects again
    when its work begins, the window once it is built."""
    gc.disable()
    try:
        parser = _parser()
        args = parser.parse_args(_implicit_play(parser, sys.argv[1:] if argv is None else argv))
        code = _run(args)
        sys.stdout.flush()  # a reader that went away is noticed here, not at exit
        return code
    except DefinitionError as error:
        for message in error.messages:
            print(message, file=sys.stderr)
        return 1
    except RetroError as error:
        print(f"retro-patience: {error}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        return _reader_left()
    finally:
        gc.enable()


def _implicit_play(parser: argparse.ArgumentParser, argv: Sequence[str]) -> list[str]:
    """`retro-patience GAME [--seed N]` means `retro-patience play GAME [--seed N]`: when the
    first word after the global options names no command, `play` is put before it."""
    commands: set[str] = set()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            commands.update(action.choices)
    words = list(argv)
    index = 0
    while index < len(words):
        word = words[index]
        name = word.split("=", 1)[0]
        if len(name) > 2 and any(option.startswith(name) for option in _GLOBAL_OPTIONS):
            index += 1 if "=" in word else 2  # argparse takes abbreviations
        elif word in commands or word in ("-h", "--help", "--version"):
            return words
        else:
            return [*words[:index], "play", *words[index:]]
    return words


_GLOBAL_OPTIONS = ("--games-dir", "--lang")  # the options before a command that take a value


def _reader_left() -> int:
    """The reader of our output went away (`retro-patience list | head -1`): no traceback.
    Python would report the pipe once more when it flushes stdout at exit, so stdout is
    pointed at the null device first; the status is 1, as for any output cut short."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    return 1


def _run(args: argparse.Namespace) -> int:
    from retro.definition.catalog import Catalog

    catalog = Catalog(args.games_dir)
    command = args.command or "play"
    if command != "play":
        gc.enable()  # the command's own work makes garbage to collect
        _plugin_problems(catalog)
    if command == "list":
        rows = []
        for game_id in catalog.ids():
            try:
                info = catalog.info(game_id)
            except RetroError as error:  # one broken file: said in its line, the rest list
                rows.append((game_id, "(broken)", str(error).splitlines()[0]))
                continue
            extra = ""
            if args.lines:
                extra = f"  ({len(info.path.read_text(encoding='utf-8').splitlines())} lines)"
            rows.append((game_id, info.title, info.description + extra))
        id_width = max((len(row[0]) for row in rows), default=0)
        title_width = max((len(row[1]) for row in rows), default=0)
        for game_id, title, about in rows:  # columns as wide as their longest entry
            print(f"{game_id:<{id_width}}  {title:<{title_width}}  {about}")
        return 0
    if command == "validate":
        return _validate(args.files, catalog)
    if command == "rules":
        from retro.rules import all_rules

        for spec in all_rules():
            print(f"{spec.kind:<9} {spec.name}({spec.signature()})\n          {spec.description}")
        return 0
    if command == "stats":
        return _stats(args.game, catalog)
    if command == "schema":
        from retro.definition.schema import write_schema

        print(write_schema(args.path))
        return 0
    if command == "instructions":
        return _instructions(args, catalog)
    if command == "replay":
        return _replay(args, catalog)
    if command == "solve":
        return _solve(args)
    if command == "console":
        from retro.console import Console, read_lines
        from retro.engine.game import Game

        gdef = catalog.load(args.game, _options(args.option))
        Console(Game(gdef, args.seed), args.json, args.reveal).run(
            read_lines(getattr(sys.stdin, "buffer", sys.stdin)), sys.stdout
        )
        return 0
    if command == "duel":
        return _duel(args, catalog)
    return _play(args, catalog)


def _duel(args: argparse.Namespace, catalog: object) -> int:
    """Host or join a network duel and play it in the terminal."""
    from retro.console import read_lines
    from retro.definition.catalog import Catalog
    from retro.duel import duel_code, random_seed
    from retro.net.peer import reachable_address
    from retro.net.protocol import MAX_TIME_LIMIT, parse_address
    from retro.net.session import NetDuel
    from retro.net.terminal import DuelTerminal, default_name, record

    assert isinstance(catalog, Catalog)
    name = args.name if args.name is not None else default_name()
    if args.join is not None:
        duel = NetDuel.join(parse_address(args.join), name, catalog.load)
    else:
        if not 0 <= args.minutes * 60 <= MAX_TIME_LIMIT or not 0 <= args.host <= 65535:
            raise RetroError(f"--minutes is 0 to {MAX_TIME_LIMIT // 60} and PORT 0 to 65535")
        gdef = catalog.load(args.game, _options(args.option))
        seed = random_seed() if args.seed is None else args.seed
        duel_code(seed)  # a deal number a duel can have, or DuelError
        duel = NetDuel.host(gdef, seed, name, args.host, args.bind, round(args.minutes * 60))
    terminal = DuelTerminal(duel, sys.stdout, args.json)
    try:
        if duel.address is not None and duel.hosting:
            shown = duel.address
            if not args.bind:
                shown = type(shown)(reachable_address(), shown.port, shown.check)
            terminal.emit(
                {
                    "event": "hosting",
                    "port": shown.port,
                    "code": shown.code(),
                    "text": f"Hosting {duel.mine.gdef.title if duel.mine else ''}: tell the other "
                    f"player to join with  retro-patience duel --join {shown.code()}",
                }
            )
        try:
            terminal.run(read_lines(_unbuffered_stdin()))
        except KeyboardInterrupt:  # Ctrl+C leaves the duel as `quit` does
            terminal.emit({"event": "left", "text": "You left the duel."})
        if duel.playing or duel.over:
            terminal.emit({"event": "counted", "text": record(duel)})
    finally:
        duel.close()
    return 0


def _unbuffered_stdin() -> BinaryIO | TextIO:
    """Standard input without Python's buffer: the duel reads it on a thread of its own that
    may still wait for a line when the duel ends, and a buffered reader would then hold a lock
    the interpreter's exit waits for."""
    try:
        return io.FileIO(sys.stdin.fileno(), "rb", closefd=False)
    except (AttributeError, OSError, ValueError):  # no file behind it: read it as it is
        return getattr(sys.stdin, "buffer", sys.stdin)


def _solve(args: argparse.Namespace) -> int:
    """Solve a deal, or play it honestly; with --seeds a range on --jobs processes."""
    from retro.solver.runner import print_one, solve_deal, solve_range

    options = _options(args.option)
    jobs = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    if args.seconds <= 0 or jobs < 1:
        raise RetroError("--seconds must be above 0 and --jobs at least 1")
    if args.seeds is None:
        answer = solve_deal(
            args.games_dir, args.game, options, args.seed, args.honest, args.seconds
        )
        print_one(answer, sys.stdout, args.json)
        return 0
    first, sep, last = args.seeds.partition("-")
    if not (sep and first.strip().isdigit() and last.strip().isdigit() and int(first) <= int(last)):
        raise RetroError(f"--seeds wants A-B with A <= B, not '{args.seeds}'")
    solve_range(
        args.games_dir,
        args.game,
        options,
        range(int(first), int(last) + 1),
        args.honest,
        args.seconds,
        jobs,
        sys.stdout,
        args.json,
    )
    return 0


def _plugin_problems(catalog: object) -> None:
    """Tell the rule plugins that could not be loaded (loading them if not done yet)."""
    from retro.definition.catalog import Catalog

    assert isinstance(catalog, Catalog)
    for problem in catalog.problems:
        print(f"retro-patience: {problem}", file=sys.stderr)


def _stats(game_id: str | None, catalog: object) -> int:
    """The statistics as a table whose columns fit their longest entry. A game that is neither
    in the catalog nor in the records is an error, so a typing slip is not taken for 'no games
    played yet'."""
    from retro.definition.catalog import Catalog
    from retro.store.records import Records

    assert isinstance(catalog, Catalog)
    records = Records()
    if records.note:
        print(f"retro-patience: {records.note}", file=sys.stderr)
    found = records.stats_for(game_id)
    if game_id is not None and not found and game_id not in catalog.ids():
        raise RetroError(f"no game '{game_id}'; games: {', '.join(catalog.ids())}")
    if not found:
        print("No games played yet." if game_id is None else f"No {game_id} games played yet.")
        return 0
    drawn = any(stats.drawn for stats in found.values())  # network duels may end in a draw
    header: tuple[str, ...] = (
        "game and options",
        "played",
        "won",
        "lost",
        *(("drawn",) if drawn else ()),
        "win %",
        "streak",
        "longest",
        "best score",
        "fewest moves",
    )
    rows = [header]
    for key, stats in found.items():
        rows.append(
            (
                key,
                str(stats.played),
                str(stats.won),
                str(stats.lost),
                *((str(stats.drawn),) if drawn else ()),
                f"{100 * stats.win_rate:.1f}%",
                _streak(stats.streak),
                f"{stats.longest_win_streak}W/{stats.longest_loss_streak}L",
                "-" if stats.best_score is None else str(stats.best_score),
                "-" if stats.fewest_moves is None else str(stats.fewest_moves),
            )
        )
    widths = [max(len(row[column]) for row in rows) for column in range(len(header))]
    for row in rows:
        cells = [row[0].ljust(widths[0])]
        cells += [cell.rjust(width) for cell, width in zip(row[1:], widths[1:], strict=True)]
        print("  ".join(cells).rstrip())
    return 0


def _streak(streak: int) -> str:
    """The current run as the 'longest' column writes runs: wins '3W', losses '2L'."""
    if streak > 0:
        return f"{streak}W"
    if streak < 0:
        return f"{-streak}L"
    return "-"


def _instructions(args: argparse.Namespace, catalog: object) -> int:
    from retro.definition.catalog import Catalog
    from retro.instructions import choose_language, game_instructions
    from retro.textmode import Instructions, parse_anl, to_ansi, to_plain

    assert isinstance(catalog, Catalog)
    lang = choose_language(args.lang)
    source = Path(args.source)
    if source.suffix.lower() == ".anl" or source.is_file():
        try:
            pages = parse_anl(source.read_bytes())
        except OSError as error:
            raise RetroError(f"cannot read {source}: {error.strerror}") from None
    else:
        pages = game_instructions(catalog.load(args.source), lang)
    if args.page is not None:
        if not 1 <= args.page <= len(pages.pages):
            raise RetroError(f"there are pages 1 to {len(pages.pages)}, not {args.page}")
        pages = Instructions(pages.title, [pages.pages[args.page - 1]])
    colour = not args.plain and (args.ansi or sys.stdout.isatty())
    text = to_ansi(pages) if colour else to_plain(pages)
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
    return 0


def _validate(files: Sequence[Path], catalog: object) -> int:
    from retro.definition.catalog import Catalog
    from retro.definition.loader import load_game_file

    assert isinstance(catalog, Catalog)
    failed = False
    for path in files:
        try:
            load_game_file(
                path,
                find=lambda gid, p=path: (  # type: ignore[misc]
                    p.parent / f"{gid}.yaml"
                    if (p.parent / f"{gid}.yaml").is_file()
                    else catalog.path(gid)
                ),
                every_value=True,
            )
            print(f"{path}: ok")
        except DefinitionError as error:
            failed = True
            for message in error.messages:
                print(message)
    return 1 if failed else 0


def _play(args: argparse.Namespace, catalog: object) -> int:
    """Open the window: the title screen, or straight to the table when a game was named.
    Without a deal number the saved game (if any) is offered first: nothing is lost.

    The garbage collector, resting since `main` began, works again once the window is built;
    what the start made is frozen first (kept out of every collection), so neither the first
    collection nor any later one during play searches the lasting objects of the start."""
    try:
        app = _open_window(args, catalog)
    finally:
        gc.freeze()
        gc.enable()
    from retro.ui.app import run

    run(app)
    return 0


def _open_window(args: argparse.Namespace, catalog: object) -> App:
    """The window and its App, at the title screen or the named game's table (a wrong game
    name or option fails before the window opens)."""
    from retro.definition.catalog import Catalog
    from retro.instructions import choose_language
    from retro.store.settings import Settings
    from retro.ui.app import App, init_window

    assert isinstance(catalog, Catalog)
    settings = Settings.load()
    wanted = getattr(args, "lang", None)
    lang = choose_language(wanted or settings.language or None)
    if wanted:
        settings.language = lang  # the player's choice, remembered for the next run
    game_id = getattr(args, "game", None) if args.command == "play" else None
    options = _options(getattr(args, "option", []) or [])
    gdef = None
    if game_id is not None:
        _plugin_problems(catalog)  # with a game to load; the title screen leaves them for later
        gdef = catalog.load(game_id, options)  # a wrong name or option fails here, before any
        # window, and the window deals this very definition rather than loading it again
    window = init_window(settings=settings)
    app = App(catalog, lang=lang, settings=settings, window=window)
    if wanted:
        app.save_settings()
    if game_id is not None and args.seed is not None:
        app.start(game_id, options, args.seed, gdef)
    else:
        app.boot(game_id, options, gdef)
    return app


def _replay(args: argparse.Namespace, catalog: object) -> int:
    """Watch a saved game file (the current-game save format) again in the window."""
    from retro.definition.catalog import Catalog
    from retro.instructions import choose_language
    from retro.store.settings import Settings
    from retro.ui import texts
    from retro.ui.app import App, init_window, run
    from retro.ui.keeper import read_game_file

    assert isinstance(catalog, Catalog)
    settings = Settings.load()
    game, moves = read_game_file(args.file, catalog)  # a bad file fails here, before any window
    window = init_window(settings=settings)
    app = App(
        catalog, lang=choose_language(settings.language or None), settings=settings, window=window
    )
    label = texts.REPLAY_LABEL.format(game=texts.tr(game.gdef.title), name=args.file.name)
    app.show_replay(game.gdef, game.seed, moves, label)
    run(app)
    return 0
