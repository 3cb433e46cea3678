"""`retro-patience`: the window by default, and the commands that need none."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from retro.errors import DefinitionError, RetroError


def _options(pairs: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise RetroError(f"--option wants NAME=VALUE, not '{pair}'")
        options[name.strip()] = value.strip()
    return options


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="retro-patience",
        description="Patience games with the look and feel of a 1994 DOS card game.")
    parser.add_argument("--games-dir", action="append", type=Path, default=[],
                        help="another folder of game files (may be given more than once)")
    sub = parser.add_subparsers(dest="command")

    play = sub.add_parser("play", help="open the window (the default)")
    play.add_argument("game", nargs="?", default="spider")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    play.add_argument("--lang", default=None, help="language of the instructions (en, de)")

    sub.add_parser("list", help="the games found").add_argument(
        "--lines", action="store_true", help="also show each game file's length in lines")

    validate = sub.add_parser("validate", help="check game files; every error, exit 1 on any")
    validate.add_argument("files", nargs="+", type=Path)

    sub.add_parser("rules", help="every rule function a game file can name")

    console = sub.add_parser("console", help="play without a window, one command a line")
    console.add_argument("game")
    console.add_argument("--seed", type=int, default=1)
    console.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    console.add_argument("--json", action="store_true", help="one JSON object per answer")
    console.add_argument("--reveal", action="store_true", help="show face-down cards")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        return _run(args)
    except DefinitionError as error:
        for message in error.messages:
            print(message, file=sys.stderr)
        return 1
    except RetroError as error:
        print(f"retro-patience: {error}", file=sys.stderr)
        return 1


def _run(args: argparse.Namespace) -> int:
    from retro.definition.catalog import Catalog

    catalog = Catalog(args.games_dir)
    command = args.command or "play"
    if command == "list":
        for game_id in catalog.ids():
            info = catalog.info(game_id)
            extra = ""
            if args.lines:
                extra = f"  ({len(info.path.read_text(encoding='utf-8').splitlines())} lines)"
            print(f"{game_id:<16} {info.title:<20} {info.description}{extra}")
        return 0
    if command == "validate":
        return _validate(args.files, catalog)
    if command == "rules":
        from retro.rules import all_rules

        for spec in all_rules():
            print(f"{spec.kind:<9} {spec.name}({spec.signature()})\n          {spec.description}")
        return 0
    if command == "console":
        from retro.console import Console
        from retro.engine.game import Game

        gdef = catalog.load(args.game, _options(args.option))
        Console(Game(gdef, args.seed), args.json, args.reveal).run(sys.stdin, sys.stdout)
        return 0
    return _play(args, catalog)


def _validate(files: Sequence[Path], catalog: object) -> int:
    from retro.definition.catalog import Catalog
    from retro.definition.loader import load_game_file

    assert isinstance(catalog, Catalog)
    failed = False
    for path in files:
        try:
            load_game_file(path, find=lambda gid, p=path: (  # type: ignore[misc]
                p.parent / f"{gid}.yaml" if (p.parent / f"{gid}.yaml").is_file()
                else catalog.path(gid)))
            print(f"{path}: ok")
        except DefinitionError as error:
            failed = True
            for message in error.messages:
                print(message)
    return 1 if failed else 0


def _play(args: argparse.Namespace, catalog: object) -> int:
    print("The window is not part of this build yet; try 'retro-patience console spider'.",
          file=sys.stderr)
    return 1
