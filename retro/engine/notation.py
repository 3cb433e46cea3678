"""The text notation for positions and moves (see docs/notation.md): exact round trips, so
tests, saves, bug reports and the console all speak in strings.

A position is one line per pile, `tableau:3 = 9s 4h QH JH`: cards bottom first, face-down ones in
lower case (a face-up card under a face-down one lies between them: `5d KS 9s QH`). An optional
`counters moves=12 turned=3` line keeps the position's counters.
A move is `tableau:3>tableau:7` (one card), `tableau:3>tableau:7/3` (three cards), an action
`deal` or `flip tableau:4`, a rotation `rotate_up tableau:2/4`, or `done`.
"""

from __future__ import annotations

import gc
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from retro.engine.cards import Card, parse_card
from retro.engine.faces import face_up, lay_face_down
from retro.engine.gamedef import GameDef
from retro.engine.position import DONE, MOVE, Move, Pile, Position
from retro.engine.rotation import ROTATIONS
from retro.errors import NotationError, RetroError

if TYPE_CHECKING:
    from retro.engine.game import Game

# numbers are ASCII digits only, and short: `t1>t2/²` or a pile number of a thousand digits is
# a mistake to report, not a number to compute with
_PILE_REF = re.compile(r"([a-z_][a-z0-9_]*?):?([0-9]{1,6})?", re.ASCII)
_COUNT = re.compile(r"[0-9]{1,6}", re.ASCII)
_COUNTER = re.compile(r"-?[0-9]{1,18}", re.ASCII)


def format_card(card: Card, face_up: bool, reveal: bool = True) -> str:
    if face_up:
        return card.code
    return card.code.lower() if reveal else "??"


def format_pile(pile: Pile, reveal: bool = True) -> list[str]:
    return [format_card(card, face_up(pile, i), reveal) for i, card in enumerate(pile.cards)]


def format_position(position: Position) -> str:
    counters = " ".join(f"{k}={v}" for k, v in sorted(position.counters.items()))
    lines = [f"counters {counters}"]
    for pile in position.piles:
        cards = " ".join(format_pile(pile))
        lines.append(f"{pile.id} = {cards}".rstrip())
    return "\n".join(lines) + "\n"


def parse_position(gdef: GameDef, text: str) -> Position:
    """A position from its text; piles not named are empty. Raises NotationError."""
    position = Position(gdef)
    seen: set[str] = set()
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("counters"):
            for item in line.split()[1:]:
                name, _, value = item.partition("=")
                if not name or not _COUNTER.fullmatch(value):
                    raise NotationError(f"line {number}: counter '{item}' is not name=number")
                position.counters[name] = int(value)
            continue
        ref, sep, cards_text = line.partition("=")
        if not sep:
            raise NotationError(f"line {number}: expected 'pile = cards', got '{line}'")
        pile = resolve_pile(position, ref.strip())
        if pile.id in seen:
            raise NotationError(f"line {number}: {pile.id} is given twice")
        seen.add(pile.id)
        for word in cards_text.split():
            try:
                card = parse_card(word, gdef.deck.ace_high)
            except ValueError as error:
                raise NotationError(f"line {number}: {error}") from None
            letters = [c for c in word if c.isalpha()]
            if any(c.islower() for c in letters) and any(c.isupper() for c in letters):
                raise NotationError(
                    f"line {number}: '{word}' mixes cases: upper case for a "
                    "face-up card, lower case for a face-down one"
                )
            if letters and letters[0].islower():
                lay_face_down(pile, card)
            else:
                pile.cards.append(card)
    position.refresh_all()
    return position


def resolve_pile(position: Position, text: str) -> Pile:
    """A pile from its id (`tableau:3`) or a short form (`t3`, `tab:3`, `stock`, `s`)."""
    exact = position.by_id.get(text)
    if exact is not None:
        return exact
    match = _PILE_REF.fullmatch(text.strip().lower())
    if not match:
        raise NotationError(f"'{_short(text)}' is not a pile")
    prefix, number = match.group(1), match.group(2)
    groups = [name for name in position.groups if name.startswith(prefix)]
    if prefix in position.groups:
        groups = [prefix]
    if not groups:
        raise NotationError(f"no pile '{_short(text)}' (piles: {', '.join(position.groups)})")
    if len(groups) > 1:
        raise NotationError(f"'{text}' could be {' or '.join(groups)}")
    piles = position.groups[groups[0]]
    index = int(number) if number else 1
    if not number and len(piles) > 1:
        raise NotationError(f"which {groups[0]}? say {groups[0]}:1 .. {groups[0]}:{len(piles)}")
    if not 1 <= index <= len(piles):
        raise NotationError(f"no pile {groups[0]}:{index} (there are {len(piles)})")
    return piles[index - 1]


def _short(text: str, most: int = 40) -> str:
    """User text quoted in a message, cut so that a long line is never echoed whole."""
    return text if len(text) <= most else text[:most] + "..."


def _verbs(gdef: GameDef) -> dict[str, list[str]]:
    verbs: dict[str, list[str]] = {}
    for group in gdef.groups:
        if group.action is not None:
            verbs.setdefault(group.action.verb, []).append(group.name)
    return verbs


def format_move(position: Position, move: Move) -> str:
    if move.kind == DONE:
        return DONE
    src = position.piles[move.src]
    if move.kind == MOVE:
        dst = position.piles[move.dst]
        suffix = f"/{move.count}" if move.count != 1 else ""
        return f"{src.id}>{dst.id}{suffix}"
    if move.kind in ROTATIONS:
        return f"{move.kind} {src.id}/{move.count}"
    owners = _verbs(position.gdef).get(move.kind, [])
    if len(owners) == 1 and len(position.groups[owners[0]]) == 1:
        return move.kind
    return f"{move.kind} {src.id}"


def _parse_rotation(position: Position, verb: str, rest: str) -> Move:
    """`rotate_up tableau:3/4`: the pile and how many cards from the top turn round."""
    ref, _, count_text = rest.strip().partition("/")
    if not count_text.strip().isdigit():
        raise NotationError(
            f"'{verb} {rest.strip()}': write {verb} PILE/N, N the cards that "
            "turn round (the chosen card and those on it)"
        )
    return Move(verb, resolve_pile(position, ref.strip()).index, int(count_text))


def parse_move(position: Position, text: str) -> Move:
    """A move from its notation. Raises NotationError (the move may still be illegal)."""
    words = text.strip()
    if not words:
        raise NotationError("empty move")
    if words.lower() == DONE:
        return Move(DONE, -1)
    if ">" in words:
        left, _, right = words.partition(">")
        target, _, count_text = right.partition("/")
        count = 1
        if count_text:
            if not _COUNT.fullmatch(count_text.strip()) or int(count_text) < 1:
                raise NotationError(f"'/{count_text[:20]}': the number of cards must be 1 or more")
            count = int(count_text)
        src = resolve_pile(position, left.strip())
        dst = resolve_pile(position, target.strip())
        return Move(MOVE, src.index, count, dst.index)
    verb, _, rest = words.partition(" ")
    verb = verb.lower()
    if verb in ROTATIONS:
        return _parse_rotation(position, verb, rest)
    owners = _verbs(position.gdef).get(verb)
    if owners is None:
        known = [*sorted(_verbs(position.gdef)), DONE]
        raise NotationError(
            f"'{_short(text)}' is not a move: write FROM>TO, FROM>TO/N or one of {', '.join(known)}"
        )
    if rest.strip():
        pile = resolve_pile(position, rest.strip())
        return Move(verb, pile.index)
    if len(owners) == 1 and len(position.groups[owners[0]]) == 1:
        return Move(verb, position.groups[owners[0]][0].index)
    raise NotationError(f"'{verb}' needs a pile: {verb} {owners[0]}:1")


@dataclass(frozen=True)
class Refused:
    """The first move of a list that could not be made again: its number (from 1), its text,
    and why the notation or the rules refuse it."""

    number: int
    move: str
    why: str


def replay(game: Game, made: Sequence[str], redo: Sequence[str] = ()) -> Refused | None:
    """Make the moves `made` (in the notation) on `game`, each judged by the rules; then put the
    `redo` moves (next first) back on the redo list as far as they still replay. Saves and a
    reloaded game file both come back this way. At the first refused move of `made` it stops
    there and says which and why; a refused redo move only ends the redo list."""
    parsed: dict[str, Move] = {}  # the notation names piles only: one text is one move
    # Each move adds an undo entry that lives as long as the game: the cyclic collector would
    # scan them all again and again (a third of a long replay) and find no cycles.
    collecting = gc.isenabled()
    gc.disable()
    try:
        for number, text in enumerate(made, 1):
            reason = _make(game, text, parsed)
            if reason is not None:
                return Refused(number, text, reason)
        redone = 0
        for text in reversed(redo):
            if _make(game, text, parsed) is not None:
                break
            redone += 1
        for _ in range(redone):
            game.pop()
        return None
    finally:
        if collecting:
            gc.enable()


def _make(game: Game, text: str, parsed: dict[str, Move]) -> str | None:
    """Make one move given in the notation; None, or why it is refused."""
    move = parsed.get(text)
    if move is None:
        try:
            move = parsed[text] = parse_move(game.position, text)
        except RetroError as error:
            return str(error)
    return game.attempt(move)
