"""Play without a window, one command a line: the protocol for people, scripts, bots and tests.

See docs/console.md. In JSON mode every input line gets exactly one JSON object on one line.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any, BinaryIO, TextIO

from retro.engine.cards import card_label
from retro.engine.faces import face_up
from retro.engine.game import LOST, PLAYING, WON, Game
from retro.engine.gamedef import GRID, STOCK
from retro.engine.notation import format_move, format_pile, parse_move, resolve_pile
from retro.engine.position import DONE, MOVE, Move
from retro.errors import RetroError
from retro.solver import hints as advice
from retro.solver.search import Budget, solve
from retro.store.files import parse_json
from retro.store.saves import MAX_MOVES
from retro.terminal import printable

HELP = (
    "Commands: state, moves, a move (tableau:3>tableau:7, t3>t7/2, deal, flip t4), "
    "give up, undo, redo, hint, winnable [SECONDS], help, quit"
)
GIVE_UP = ("give up", "giveup", "resign")
MAX_LINE = 4096  # characters; no command or move comes near it
MAX_COUNT = 999_999  # cards in one move, as the notation's /N allows
WINNABLE_SECONDS = 2.0  # how long `winnable` searches unless told
MAX_WINNABLE_SECONDS = 600.0
MAX_ERROR = 300  # characters of an error line: a value quoted from a file or a line is cut


def read_lines(stream: BinaryIO | TextIO, limit: int = MAX_LINE) -> Iterator[str]:
    """Lines of a stream (bytes are decoded line by line): a line that is not UTF-8 or longer
    than `limit` comes out as a short marker the console refuses, and an endless line is never
    held in memory whole."""
    while True:
        line: bytes | str = stream.readline(limit + 1)
        if not line:
            return
        if len(line) > limit and not _ends(line):
            while (rest := stream.readline(1 << 16)) and not _ends(rest):
                pass
            yield _TOO_LONG
            continue
        if isinstance(line, str):
            yield line
            continue
        try:
            yield line.decode("utf-8")
        except UnicodeDecodeError:
            yield _NOT_TEXT


def _ends(line: bytes | str) -> bool:
    return line[-1:] in (b"\n", "\n")


_TOO_LONG = "\x00too long"
_NOT_TEXT = "\x00not text"


class Console:
    """Reads commands, answers them; never lets an error change the position."""

    def __init__(
        self, game: Game, as_json: bool, reveal: bool = False, most_moves: int = MAX_MOVES
    ) -> None:
        self.game = game
        self.as_json = as_json
        self.reveal = reveal
        self.most_moves = most_moves  # a game as long as a save may hold, so memory is bounded
        self.given_up = False  # the player gave the game up: it is lost, until an undo

    # -- answers as data ---------------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        game = self.game
        return {
            "game": game.gdef.id,
            "seed": game.seed,
            "options": dict(game.gdef.options),
            "piles": {pile.id: format_pile(pile, self.reveal) for pile in game.position.piles},
            "score": game.score(),
            "max_score": game.gdef.score.maximum,
            "moves_made": game.moves_made,
            "cheat": game.cheat,
            "outcome": LOST if self.given_up else game.outcome(),
            "given_up": self.given_up,
        }

    def move_entry(self, move: Move) -> dict[str, Any]:
        position = self.game.position
        entry: dict[str, Any] = {"move": format_move(position, move)}
        if move.kind == MOVE:
            entry.update(
                {
                    "from": position.piles[move.src].id,
                    "to": position.piles[move.dst].id,
                    "count": move.count,
                }
            )
        elif move.kind == DONE:
            entry["action"] = DONE
        else:
            entry["action"] = move.kind
            owners = [
                g
                for g in position.gdef.groups
                if g.action is not None and g.action.verb == move.kind
            ]
            if not (len(owners) == 1 and owners[0].count == 1):
                entry["pile"] = position.piles[move.src].id
        return entry

    def moves(self) -> dict[str, Any]:
        return {"moves": [self.move_entry(move) for move in self.game.legal_moves()]}

    def hint(self) -> dict[str, Any]:
        """The move the hint key would show first; the position is left as it was."""
        found = advice.advise(self.game)
        if not found:
            return {"hint": None, "why": "no move is left", "kind": advice.RANKED}
        first = found[0]
        return {"hint": self.move_entry(first.move), "why": first.why, "kind": first.kind}

    def winnable(self, words: list[str]) -> dict[str, Any]:
        """Can the deal still be won from here, every card known? yes, no, or unknown when the
        search ran out of its seconds; the position is left as it was."""
        seconds = WINNABLE_SECONDS
        if words:
            try:
                seconds = float(words[0]) if len(words) == 1 and len(words[0]) <= 12 else -1.0
            except ValueError:
                seconds = -1.0
            if not 0 < seconds <= MAX_WINNABLE_SECONDS:  # also refuses nan and inf
                raise RetroError(
                    f"'winnable' takes a number of seconds from 0 to "
                    f"{MAX_WINNABLE_SECONDS:g}, such as 'winnable 5'"
                )
        result = solve(self.game, Budget(seconds=seconds)).result
        return {"winnable": {WON: "yes", LOST: "no"}.get(result, "unknown")}

    # -- one line in, one answer out -------------------------------------------------------------

    def handle(self, line: str) -> tuple[dict[str, Any] | None, bool]:
        """The answer to one line (None for a blank line) and whether to stop."""
        if line == _NOT_TEXT:
            return {"error": "the line is not UTF-8 text"}, False
        if line == _TOO_LONG or len(line) > MAX_LINE:
            return {"error": f"the line is too long (at most {MAX_LINE} characters)"}, False
        text = line.strip()
        if not text:
            return None, False
        command = text.lower()
        try:
            if command in ("quit", "exit", "q"):
                return {"bye": True}, True
            if command == "state":
                return self.state(), False
            if command == "moves":
                return self.moves(), False
            if command == "help":
                return {"help": self.help()}, False
            if command == "hint":
                return self.hint(), False
            words = command.split()
            if words[0] == "winnable":
                return self.winnable(words[1:]), False
            if command in GIVE_UP or (command == DONE and not self.game.gdef.done):
                return self.give_up(), False
            if command == "undo":
                if self.given_up:
                    self.given_up = False  # taken back: play on
                    return self.state(), False
                self.game.pop()
                return self.state(), False
            if self.given_up:
                raise RetroError("the game was given up: undo to play on, or quit")
            if command == "redo":
                if self.game.future:
                    self._room()
                self.game.redo()
                return self.state(), False
            move = self.read_move(text)
            self._room()
            self.game.push(move)
            return self.state(), False
        except RetroError as error:
            return {"error": printable(str(error).splitlines()[0], MAX_ERROR)}, False

    def _room(self) -> None:
        """Refuse a move past the longest game a save holds (each move kept for undo costs
        memory, so an endless script cannot use it all)."""
        if len(self.game.history) >= self.most_moves:
            raise RetroError(
                f"a game is at most {self.most_moves:,} moves long, as a saved game; "
                "undo to go on, or start again"
            )

    def give_up(self) -> dict[str, Any]:
        """The game ends here as lost, in every game: by its Done where it has one, else by
        giving it up (an undo takes that back)."""
        if self.given_up or self.game.outcome() != PLAYING:
            raise RetroError("the game is over already: nothing to give up")
        if self.game.gdef.done:
            self.game.push(Move(DONE, -1))
        else:
            self.given_up = True
        return self.state()

    def read_move(self, text: str) -> Move:
        """A move typed in the notation or as a JSON object (as `moves` lists them)."""
        if not text.startswith("{"):
            return parse_move(self.game.position, text)
        try:
            data = parse_json(text)
        except ValueError as error:
            raise RetroError(f"malformed JSON: {error}") from None
        if not isinstance(data, dict):
            raise RetroError("a move object must be a JSON object")
        position = self.game.position
        if "from" in data or "to" in data:
            try:
                src = resolve_pile(position, str(data["from"]))
                dst = resolve_pile(position, str(data["to"]))
            except KeyError as missing:
                raise RetroError(f"a card move needs {missing}") from None
            count = data.get("count", 1)
            if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_COUNT:
                raise RetroError(f"'count' must be a whole number from 1 to {MAX_COUNT}")
            return Move(MOVE, src.index, count, dst.index)
        if "action" in data:
            action = str(data["action"])
            return parse_move(position, f"{action} {data['pile']}" if "pile" in data else action)
        if "move" in data:
            return parse_move(position, str(data["move"]))
        raise RetroError("a move object needs 'from' and 'to', 'action' or 'move'")

    # -- the loop ------------------------------------------------------------------------------

    def help(self) -> str:
        """The commands and how moves are written in this game, with its own pile names."""
        position = self.game.position
        groups = []
        for group in self.game.gdef.groups:
            piles = position.groups[group.name]
            groups.append(
                group.name if len(piles) == 1 else f"{group.name}:1..{group.name}:{len(piles)}"
            )
        owners = {g.action.verb: g for g in self.game.gdef.groups if g.action is not None}
        lines = [
            "Commands: state (the board), moves (every legal move now), give up (the game ends, "
            "lost), undo, redo, hint (a good move and why), winnable [SECONDS] (can it still be "
            "won?), help, quit.",
            "A move: FROM>TO moves one card, FROM>TO/N moves N cards (t3>t7/2); a pile is its "
            "id or a short form (tableau:3, t3).",
            f"Piles: {', '.join(groups)}.",
        ]
        actions = [*sorted(owners), *([DONE] if self.game.gdef.done else [])]
        several = [
            (verb, group.name)
            for verb, group in sorted(owners.items())
            if len(position.groups[group.name]) > 1
        ]
        if actions:
            named = f" (name the pile: {several[0][0]} {several[0][1]}:1)" if several else ""
            lines.append(f"Actions: {', '.join(actions)}{named}.")
        return "\n".join(lines)

    def run(self, lines: Iterable[str], out: TextIO) -> None:
        if not self.as_json:
            out.write(self.board() + "\n" + self.help() + "\n")
            out.flush()
        for line in lines:
            answer, stop = self.handle(line)
            if answer is not None:
                out.write(self.render(answer) + "\n")
                out.flush()
            if stop:
                break

    def render(self, answer: dict[str, Any]) -> str:
        if self.as_json:
            return json.dumps(answer, separators=(",", ":"))
        if "error" in answer:
            return f"?? {answer['error']}"
        if "moves" in answer:
            return "Moves: " + (", ".join(m["move"] for m in answer["moves"]) or "none")
        if "help" in answer:
            return str(answer["help"])
        if "hint" in answer:
            entry = answer["hint"]
            why = printable(str(answer["why"]), MAX_ERROR)  # a plugin rule's own words
            return (
                f"Hint ({answer['kind']}): {entry['move']}, {why}" if entry else f"No hint: {why}"
            )
        if "winnable" in answer:
            return f"Winnable: {answer['winnable']}"
        if "bye" in answer:
            return "Bye."
        return self.board()

    def board(self) -> str:
        """A readable board: fanned groups as columns, the others one pile a line."""
        game = self.game
        position = game.position
        lines = [
            f"{printable(game.gdef.title, 80)}  deal {game.seed}  score {game.score()}  "
            f"moves {game.moves_made}  {game.outcome()}"
        ]
        for group in game.gdef.groups:
            piles = position.groups[group.name]
            if group.layout.fan == "down" and len(piles) > 1:
                lines.append("  ".join(f"{p.id.split(':')[-1]:>4}" for p in piles))
                height = max(len(p.cards) for p in piles)
                for row in range(height):
                    lines.append("  ".join(f"{self._card(p, row):>4}" for p in piles))
            elif len(piles) > 1:
                width = group.layout.columns if group.kind == GRID else 0
                width = width if width > 0 else len(piles)
                for start in range(0, len(piles), width):
                    shown = " ".join(
                        f"{self._card(p, len(p.cards) - 1) or '--':>3}"
                        for p in piles[start : start + width]
                    )
                    label = group.name if start == 0 else ""
                    lines.append(f"{label:>14}: {shown}")
            else:
                for pile in piles:
                    shown = " ".join(self._card(pile, i) for i in range(len(pile.cards)))
                    if pile.kind == STOCK and not self.reveal:
                        top = pile.face_up and self._card(pile, len(pile.cards) - 1)
                        shown = f"{len(pile.cards)} cards" + (f", {top} on top" if top else "")
                    lines.append(f"{pile.id:>14}: {shown}")
        return "\n".join(lines)

    def _card(self, pile: Any, row: int) -> str:
        if not 0 <= row < len(pile.cards):
            return ""
        card = pile.cards[row]
        if not face_up(pile, row):
            return card.code.lower() if self.reveal else "##"
        return card_label(card)
