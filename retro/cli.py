"""`retro-patience`: the window by default, and the commands that need none."""

from __future__ import annotations

import argparse
import errno
import gc
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from retro import __version__, compiled
from retro.errors import DefinitionError, RetroError
from retro.terminal import OutputLost, printable, standard_streams

if TYPE_CHECKING:
    from retro.definition.catalog import Catalog
    from retro.ui.app import App


def _options(pairs: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise RetroError(f"--option wants NAME=VALUE, not '{printable(pair)}'")
        options[name.strip()] = value.strip()
    return options


class _Parser(argparse.ArgumentParser):
    """argparse, its one-line complaints made printable and cut (they quote what was typed)."""

    def error(self, message: str) -> NoReturn:
        super().error(printable(message, MESSAGE_MOST))


def _language(value: str) -> str:
    """A language the window and the instructions speak (`de`, `de_DE.UTF-8`), or an error
    naming the ones there are."""
    from retro.instructions import LANGUAGES

    code = value.lower()[:2]
    if code not in LANGUAGES or (len(value) > 2 and value[2] not in "_-."):
        raise argparse.ArgumentTypeError(
            f"no language '{value[:40]}'; languages: {', '.join(LANGUAGES)}"
        )
    return code


def _deal_number(text: str) -> int:
    """A deal number, in the one range every part of the program reads back."""
    from retro.engine.cards import DEAL_NUMBERS

    try:
        number = int(text)
    except ValueError:
        number = -1
    if number not in DEAL_NUMBERS:
        raise argparse.ArgumentTypeError(
            f"a deal number is a whole number from 0 to {DEAL_NUMBERS[-1]}, not '{text[:40]}'"
        )
    return number


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
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
    parser.add_argument(
        "--no-plugins",
        action="store_true",
        help="start without the rule plugins installed (one that hangs or breaks the start)",
    )
    build = " (compiled)" if compiled() else ""
    parser.add_argument(
        "--version", action="version", version=f"retro-patience {__version__}{build}"
    )
    sub = parser.add_subparsers(dest="command")

    play = sub.add_parser("play", help="open the window (the default)")
    play.add_argument(
        "game", nargs="?", default="spider", help="a game id from `list` (without: the title)"
    )
    play.add_argument("--seed", type=_deal_number, default=None, help="the deal number")
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

    listing = sub.add_parser("list", help="the games found, by family")
    listing.add_argument(
        "--lines", action="store_true", help="also show each game file's length in lines"
    )
    listing.add_argument("--json", action="store_true", help="the list as JSON, for scripts")

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
    replay.add_argument(
        "file", type=Path, help="a saved game (a file of saves/ in the data folder)"
    )

    console = sub.add_parser("console", help="play without a window, one command a line")
    console.add_argument("game")
    console.add_argument("--seed", type=_deal_number, default=1)
    console.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    console.add_argument("--json", action="store_true", help="one JSON object per answer")
    console.add_argument("--reveal", action="store_true", help="show face-down cards")

    duel = sub.add_parser("duel", help="a duel with a player on another machine")
    duel.add_argument(
        "game", nargs="?", default="spider_duel", help="(host) spider_duel unless named"
    )
    where = duel.add_mutually_exclusive_group(required=True)
    where.add_argument(
        "--host", nargs="?", type=int, const=47_474, metavar="PORT", help="host (port 47474)"
    )
    where.add_argument("--join", metavar="HOST:PORT[/CHECK]", help="join the host's duel")
    duel.add_argument("--name", default=None, help="your name (default: the one last typed)")
    duel.add_argument(
        "--seed", type=_deal_number, default=None, help="(host) the deal (default: random)"
    )
    duel.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    duel.add_argument("--minutes", type=float, default=0, help="(host) a time limit; 0: none")
    duel.add_argument(
        "--bind", default="", metavar="ADDRESS", help="(host) listen on this address only"
    )
    duel.add_argument("--json", action="store_true", help="one JSON object per answer and news")
    shown = duel.add_mutually_exclusive_group()
    shown.add_argument(
        "--window", action="store_true", help="play in the window (the default at a display)"
    )
    shown.add_argument("--terminal", action="store_true", help="play in the terminal")

    solve = sub.add_parser("solve", help="can a deal be won? (or play it honestly)")
    solve.add_argument("game")
    deals = solve.add_mutually_exclusive_group()
    deals.add_argument("--seed", type=_deal_number, default=1)
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


EXIT_STOPPED = 130  # stopped by Ctrl-C, as shells report a program ended by SIGINT
MESSAGE_MOST = 1000  # characters of one line of a message; a longer one is cut


def main(argv: Sequence[str] | None = None) -> int:
    """Python's garbage collector rests while the program starts: the start makes objects that
    last (modules, the settings, the game shown first), which a collection would search in
    vain (some 3 ms of the 35 the program adds to pyxel's start). A command collects again
    when its work begins, the window once it is built.

    Exit status: 0 done, 1 an error told in one line (output that cannot be written too), 2 a
    command line argparse refused, 130 stopped by Ctrl-C."""
    gc.disable()
    try:
        with standard_streams():
            return _main(argv)
    finally:
        gc.enable()


def _main(argv: Sequence[str] | None) -> int:
    try:
        code = _run(_arguments(argv))
        sys.stdout.flush()  # output that cannot be written is noticed here, not at exit
        return code
    except DefinitionError as error:
        for message in error.messages:
            _tell(message)
        return 1
    except RetroError as error:
        for line in str(error).splitlines() or [""]:
            _tell(f"retro-patience: {line}")
        return 1
    except OutputLost as error:
        if error.errno != errno.EPIPE:  # a reader that went away (`| head -1`) is no news
            _tell(f"retro-patience: cannot write the output: {error}")
        return 1
    except KeyboardInterrupt:
        _tell("retro-patience: stopped (Ctrl-C)")
        return EXIT_STOPPED


def _arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line read; --help and --version (argparse ends the program after them)
    write their text at once, so text that cannot be written is told like any other."""
    parser = _parser()
    try:
        args = parser.parse_args(_implicit_play(parser, sys.argv[1:] if argv is None else argv))
    except SystemExit:
        sys.stdout.flush()
        raise
    if args.no_plugins:
        from retro.rules.plugins import PLUGINS_OFF

        os.environ[PLUGINS_OFF] = "1"  # for this process and the solver's workers
    return args


def _tell(line: str) -> None:
    """One line on standard error, made printable and cut."""
    print(printable(line, MESSAGE_MOST), file=sys.stderr)


_GLOBAL_OPTIONS = ("--games-dir", "--lang")  # the options before a command that take a value


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
        elif len(word) > 4 and "--no-plugins".startswith(word):
            index += 1
        elif word in commands or word in ("-h", "--help", "--version"):
            return words
        else:
            return [*words[:index], "play", *words[index:]]
    return words


def _run(args: argparse.Namespace) -> int:
    from retro.definition.catalog import Catalog

    catalog = Catalog(args.games_dir)
    command = args.command or "play"
    if command != "play":
        gc.enable()  # the command's own work makes garbage to collect
        _plugin_problems(catalog)
    return _COMMANDS[command](args, catalog)


def _list(args: argparse.Namespace, catalog: Catalog) -> int:
    from retro.listing import print_list

    print_list(catalog, lines=args.lines, as_json=args.json)
    return 0


def _rules(args: argparse.Namespace, catalog: Catalog) -> int:
    from retro.rules import all_rules

    for spec in all_rules():  # plugins' rules too: their words are made printable
        print(
            f"{spec.kind:<9} {printable(spec.name)}({printable(spec.signature(), 500)})\n"
            f"          {printable(spec.description, 1000)}"
        )
    return 0


def _schema(args: argparse.Namespace, catalog: Catalog) -> int:
    from retro.definition.schema import write_schema

    print(printable(str(write_schema(args.path)), MESSAGE_MOST))
    return 0


def _console(args: argparse.Namespace, catalog: Catalog) -> int:
    """Play in the terminal; a closed standard input is a game with no commands."""
    import io

    from retro.console import Console, read_lines
    from retro.engine.game import Game

    gdef = catalog.load(args.game, _options(args.option))
    stdin = io.BytesIO() if sys.stdin is None else getattr(sys.stdin, "buffer", sys.stdin)
    Console(Game(gdef, args.seed), args.json, args.reveal).run(read_lines(stdin), sys.stdout)
    return 0


def _duel(args: argparse.Namespace, catalog: Catalog) -> int:
    """Host or join a network duel; play it in the window (by default at a display, when the
    command was typed) or in the terminal (asked for, with JSON, or with moves piped in)."""
    from retro.net.terminal import open_duel, play_in_terminal

    duel = open_duel(
        catalog,
        join=args.join,
        port=args.host,
        game_id=args.game,
        options=_options(args.option),
        seed=args.seed,
        name=args.name,
        minutes=args.minutes,
        bind=args.bind,
    )
    if _duel_in_window(args):
        from retro.ui.app import run_duel

        run_duel(catalog, duel)
        return 0
    return play_in_terminal(duel, args.bind, args.json)


def _duel_in_window(args: argparse.Namespace) -> bool:
    """The window unless the terminal is asked for (or JSON): by default at a display, when
    the command was typed (a script piping its moves in plays in the terminal)."""
    if args.window:
        return True
    if args.terminal or args.json or sys.stdin is None or not sys.stdin.isatty():
        return False
    from retro.display import no_display

    return no_display() is None


def _solve(args: argparse.Namespace, catalog: Catalog) -> int:
    """Solve a deal, or play it honestly; with --seeds a range on up to --jobs processes (never
    more than there are deals or cores). Ctrl-C during a range prints the deals done so far."""
    import math

    from retro.solver.runner import print_one, seed_range, solve_deal, solve_range

    options = _options(args.option)
    if not (math.isfinite(args.seconds) and args.seconds > 0):
        raise RetroError(f"--seconds must be a number above 0, not {args.seconds}")
    if args.jobs is not None and args.jobs < 1:
        raise RetroError(f"--jobs must be at least 1, not {args.jobs}")
    if args.seeds is None:
        answer = solve_deal(
            args.games_dir, args.game, options, args.seed, args.honest, args.seconds
        )
        print_one(answer, sys.stdout, args.json)
        return 0
    seeds = seed_range(args.seeds)
    cores = os.cpu_count() or 1
    jobs = min(args.jobs or cores, cores, seeds.stop - seeds.start)
    finished = solve_range(
        args.games_dir,
        args.game,
        options,
        seeds,
        args.honest,
        args.seconds,
        jobs,
        sys.stdout,
        args.json,
    )
    if finished:
        return 0
    _tell("retro-patience: stopped (Ctrl-C); the summary is of the deals done")
    return EXIT_STOPPED


def _plugin_problems(catalog: Catalog) -> None:
    """Tell the rule plugins that could not be loaded (loading them if not done yet)."""
    for problem in catalog.problems:
        _tell(f"retro-patience: {problem}")


def _stats(args: argparse.Namespace, catalog: Catalog) -> int:
    """The statistics as a table whose columns fit their longest entry. A game that is neither
    in the catalog nor in the records is an error, so a typing slip is not taken for 'no games
    played yet'."""
    from retro.store.records import Records

    game_id: str | None = args.game
    records = Records()
    if records.note:
        _tell(f"retro-patience: {records.note}")
    found = records.stats_for(game_id)
    if game_id is not None and not found and game_id not in catalog.ids():
        raise RetroError(f"no game '{printable(game_id, 60)}'; games: {', '.join(catalog.ids())}")
    if not found:
        print(
            "No games played yet."
            if game_id is None
            else f"No {printable(game_id, 60)} games played yet."
        )
        return 0
    from retro.listing import stats_lines

    for line in stats_lines(found):
        print(line)
    return 0


def _instructions(args: argparse.Namespace, catalog: Catalog) -> int:
    """A game's instructions, or an `.anl` file's (a regular file only, read within a bound:
    a FIFO or a device is refused, not waited on)."""
    from retro.instructions import choose_language, game_instructions, instructions_file
    from retro.textmode import Instructions, to_ansi, to_plain

    lang = choose_language(args.lang)
    source = Path(args.source)
    if source.suffix.lower() == ".anl" or "/" in args.source or source.is_file():
        pages = instructions_file(source)
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


def _validate(args: argparse.Namespace, catalog: Catalog) -> int:
    from retro.definition.loader import load_game_file

    failed = False
    for path in args.files:
        try:

            def find(game_id: str, beside: Path = path) -> Path | None:
                sibling = beside.parent / f"{game_id}.yaml"
                return sibling if sibling.is_file() else catalog.path(game_id)

            load_game_file(path, find=find, every_value=True)
            shown = printable(str(path), MESSAGE_MOST)
            print(f"{shown}: ok")
            advice = _family_advice(path, find)
            if advice:  # advice, not an error: on standard error
                print(f"{shown}: {advice}", file=sys.stderr)
        except DefinitionError as error:
            failed = True
            for message in error.messages:
                print(printable(message, MESSAGE_MOST))
    return 1 if failed else 0


def _family_advice(path: Path, find: Callable[[str], Path | None]) -> str:
    """For a file that names no family (nor does the game it extends): where it is listed
    and how to place it."""
    from retro.definition.families import FAMILIES
    from retro.definition.gamefiles import read_marked, resolve_extends

    data = resolve_extends(read_marked(path), find).data
    if not isinstance(data, dict) or data.get("family"):
        return ""
    names = ", ".join(family.id for family in FAMILIES)
    return (
        "no family, so listed under other games; add a line 'family: NAME', NAME one of "
        f"{names} (docs/writing-a-game.md says which)"
    )


def _play(args: argparse.Namespace, catalog: Catalog) -> int:
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


def _open_window(args: argparse.Namespace, catalog: Catalog) -> App:
    """The window and its App, at the title screen or the named game's table (a wrong game
    name or option fails before the window opens)."""
    from retro.instructions import choose_language
    from retro.store.settings import Settings
    from retro.ui.app import App, init_window

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
    app.boot(game_id, options, gdef, getattr(args, "seed", None))
    return app


def _replay(args: argparse.Namespace, catalog: Catalog) -> int:
    """Watch a saved game file (the current-game save format) again in the window."""
    from retro.instructions import choose_language
    from retro.store.settings import Settings
    from retro.ui import texts
    from retro.ui.app import App, init_window, run
    from retro.ui.keeper import read_game_file

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


_COMMANDS: dict[str, Callable[[argparse.Namespace, Catalog], int]] = {
    "play": _play,
    "list": _list,
    "validate": _validate,
    "rules": _rules,
    "schema": _schema,
    "stats": _stats,
    "instructions": _instructions,
    "replay": _replay,
    "console": _console,
    "solve": _solve,
    "duel": _duel,
}
