"""The duel: two players, one deal number, the higher score wins (Spider Duel:
games/spider_duel.yaml, its instructions, and tests/games/test_spider_duel.py).

A pure model with no screen: the window shows it, tests drive it. Our decisions, where the rules
leave them open:

- Hot seat: player 1 plays until pressing Done (or until nothing but Done is left, or the game
  is won); then player 2 gets the identical deal, card for card.
- The opponent's progress is not shown: the result (both scores) comes only when both have
  played, so player 2 cannot stop just one point ahead.
- No undo in a duel: taking moves back would let a player try every line and keep the best,
  and the score counts moves made.
- Ties: equal scores -> the player with fewer moves wins; equal in both -> a draw.
- Two people on two machines play the same duel from its code, `DUEL-<deal number>`, and
  compare their results with `decide`.
- Against the computer the person plays first; then the computer plays the same deal honestly
  (`Computer`: honest play, which never sees a face-down card or the order of the stock), at
  one of three strengths, each a thinking budget.
"""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass

from retro.engine.game import PLAYING, WON, Game
from retro.engine.gamedef import GameDef
from retro.engine.notation import format_move
from retro.engine.position import DONE, Event, Move
from retro.errors import RetroError

NAME_LENGTH = 12
CODE_PREFIX = "DUEL-"
_CODE = re.compile(r"^\s*DUEL-(\d{1,19})\s*$", re.IGNORECASE)
_MAX_SEED = (1 << 63) - 1
COMPUTER_NAME = "Computer"


class DuelError(RetroError):
    """A duel asked to do what it cannot: a bad name or code, a move out of turn."""


def player_name(text: str) -> str:
    """The name as it will be shown: 1 to 12 printable characters the DOS font can draw
    (code page 437), spaces at the ends dropped. Raises DuelError."""
    name = text.strip()
    if not 1 <= len(name) <= NAME_LENGTH:
        raise DuelError(f"A player's name has 1 to {NAME_LENGTH} characters, not {len(name)}")
    if not name.isprintable():
        raise DuelError("A player's name has only printable characters")
    try:
        name.encode("cp437")
    except UnicodeEncodeError:
        raise DuelError("A player's name has only characters the DOS screen can show") from None
    return name


def duel_code(seed: int) -> str:
    """The code two people type to play the same duel: `DUEL-<deal number>`."""
    if not 0 <= seed <= _MAX_SEED:
        raise DuelError(f"A duel's deal number is 0 to {_MAX_SEED}")
    return f"{CODE_PREFIX}{seed}"


def parse_duel_code(text: str) -> int:
    """The deal number in a duel code (any case, spaces around allowed). Raises DuelError."""
    match = _CODE.match(text)
    if match is None or int(match.group(1)) > _MAX_SEED:
        raise DuelError(f"'{text.strip()}' is not a duel code (like {CODE_PREFIX}12345)")
    return int(match.group(1))


def random_seed() -> int:
    """A fresh deal number for a new duel (short, so the code is easy to pass on)."""
    return secrets.randbelow(1_000_000_000)


@dataclass(frozen=True)
class PlayerResult:
    """One player's finished game: what the duel compares, and the moves to replay it."""

    name: str
    score: int
    moves: int
    won: bool
    record: tuple[str, ...] = ()

    @classmethod
    def of(cls, name: str, game: Game) -> PlayerResult:
        """The result of a finished (or abandoned) game of one player."""
        record = tuple(format_move(game.position, entry.move) for entry in game.history)
        return cls(player_name(name), game.score(), game.moves_made, game.outcome() == WON, record)


def moves_text(count: int) -> str:
    """`1 move`, `3 moves`."""
    return "1 move" if count == 1 else f"{count} moves"


def decide(first: PlayerResult, second: PlayerResult) -> int | None:
    """The winner (0 or 1): the higher score; on equal scores the fewer moves; None for a draw."""
    if first.score != second.score:
        return 0 if first.score > second.score else 1
    if first.moves != second.moves:
        return 0 if first.moves < second.moves else 1
    return None


@dataclass(frozen=True)
class DuelResult:
    code: str
    players: tuple[PlayerResult, PlayerResult]
    winner: int | None  # index into players; None: a draw

    @property
    def draw(self) -> bool:
        return self.winner is None

    @property
    def winner_name(self) -> str | None:
        return None if self.winner is None else self.players[self.winner].name

    def summary(self) -> str:
        """One line for the results screen and the console."""
        a, b = self.players
        scores = (
            f"{a.name} {a.score} ({moves_text(a.moves)}), "
            f"{b.name} {b.score} ({moves_text(b.moves)})"
        )
        verdict = "a draw" if self.winner_name is None else f"{self.winner_name} wins"
        return f"{self.code}: {scores}: {verdict}"


@dataclass(frozen=True)
class Strength:
    """How hard the computer thinks: honest play's budgets. `seconds` of thinking for the
    whole game (after it, each move at a glance); each decision solves up to `samples`
    guesses of the hidden cards and searches the known part, `nodes` moves each."""

    name: str  # easy, medium, hard: the settings' word and the records' key
    seconds: float
    samples: int
    nodes: int


STRENGTHS: dict[str, Strength] = {
    strength.name: strength
    for strength in (
        Strength("easy", 0.25, 1, 100),
        Strength("medium", 1.0, 2, 600),
        Strength("hard", 3.0, 4, 2_000),
    )
}


class Computer:
    """The computer's turn: honest play on its own game of the deal, thought a slice at a
    time (`think`) so a window can draw between slices. Only the time spent in slices counts
    against its budget, so it plays alike however the slices are spread.

    A move may cost points (a duel's every move does): the computer keeps the moves up to
    the best score it has reached (`kept`), and when it has played its game out, takes back
    those after it and ends there (Done), as a player stops once moves only cost points."""

    def __init__(self, game: Game, strength: Strength, seed: int = 0) -> None:
        self.game = game
        self.strength = strength
        self.moves: list[Move] = []  # made on `game`, in order
        self.best = game.score()
        self.kept = 0  # the moves up to the best score reached: the ones it stands by
        self._kept_history = len(game.history)
        self.thought = 0.0  # seconds spent thinking
        self.finished = False
        from retro.solver import honest, pacing  # the solver only when the computer plays

        self._pace = pacing.Pace()
        self._steps = honest.playing(
            game,
            strength.seconds,
            strength.samples,
            seed,
            strength.nodes,
            pace=self._pace,
            clock=self._clock,
        )
        self._slice_start = 0.0

    def _clock(self) -> float:
        return self.thought + time.perf_counter() - self._slice_start

    def think(self, seconds: float) -> bool:
        """Play on for about `seconds`; True once its game is over (won, given up, or no
        move left)."""
        if self.finished:
            return True
        start = self._slice_start = time.perf_counter()
        self._pace.until = start + seconds
        try:
            while time.perf_counter() < self._pace.until:
                move = next(self._steps)
                if move is not None:
                    self.moves.append(move)
                    if self.game.score() > self.best:
                        self.best, self.kept = self.game.score(), len(self.moves)
                        self._kept_history = len(self.game.history)
        except StopIteration:
            self._stop_at_best()
            self.finished = True
        finally:
            self.thought += time.perf_counter() - start
        return self.finished

    def _stop_at_best(self) -> None:
        """Take back the moves after the best score reached: they only cost points."""
        while len(self.game.history) > self._kept_history:
            self.game.pop()
        self.game.future.clear()
        del self.moves[self.kept :]


class Duel:
    """Hot seat: the players take turns on the same deal, one whole game each; or a person
    against the computer (`computer`: its strength), who plays second."""

    def __init__(
        self,
        gdef: GameDef,
        names: Sequence[str],
        seed: int | None = None,
        computer: Strength | None = None,
    ) -> None:
        if not gdef.done:
            raise DuelError(f"{gdef.title} has no 'done', so a turn could never be ended")
        if len(names) != 2:
            raise DuelError("A duel has two players")
        players = tuple(player_name(name) for name in names)
        if players[0].casefold() == players[1].casefold():
            raise DuelError("The two players need different names")
        self.gdef = gdef
        self.names: tuple[str, str] = (players[0], players[1])
        self.seed = random_seed() if seed is None else seed
        self.code = duel_code(self.seed)
        self.turn = 0
        self.game = Game(gdef, self.seed)
        self._results: list[PlayerResult] = []
        self.played: list[Game] = []  # each finished turn's game, for the records
        self.computer = computer
        # the computer plays on a game of its own from the start, so it may think while the
        # person plays (it never sees the person's table, nor the cards face down in its own)
        self.opponent = (
            None if computer is None else Computer(Game(gdef, self.seed), computer, self.seed)
        )

    @classmethod
    def from_code(cls, gdef: GameDef, names: Sequence[str], code: str) -> Duel:
        return cls(gdef, names, parse_duel_code(code))

    @property
    def computer_turn(self) -> bool:
        """Whether the computer plays now (its game is then `game`)."""
        return self.opponent is not None and self.turn == 1 and not self.over

    @property
    def over(self) -> bool:
        return len(self._results) == 2

    @property
    def player(self) -> str:
        """Whose turn it is (after the duel: the last player)."""
        return self.names[min(self.turn, 1)]

    @property
    def turn_over(self) -> bool:
        """The player's game has ended: Done pressed, won, or nothing left to do but Done."""
        if self.over:
            return True
        game = self.game
        if game.finished() or game.outcome() != PLAYING:
            return True
        return all(move.kind == DONE for move in game.legal_moves())

    def push(self, move: Move) -> list[Event]:
        """A move of the player whose turn it is (raises IllegalMove with the rule's reason)."""
        if self.over:
            raise DuelError("The duel is over")
        if self.computer_turn:
            raise DuelError("The computer is playing")
        return self.game.push(move)

    def end_turn(self) -> PlayerResult:
        """Press Done (unless the game already ended) and hand the same deal to the next player.
        The computer's turn ends only once it has finished its game."""
        if self.over:
            raise DuelError("The duel is over")
        if self.computer_turn and self.opponent is not None and not self.opponent.finished:
            raise DuelError("The computer has not finished its game")
        if not self.game.finished():
            self.game.push(Move(DONE, -1))
        result = PlayerResult.of(self.player, self.game)
        self._results.append(result)
        self.played.append(self.game)
        if not self.over:
            self.turn += 1
            self.game = self.opponent.game if self.opponent else Game(self.gdef, self.seed)
        return result

    def result(self) -> DuelResult:
        """Both scores, moves and the winner: only once both have played."""
        if not self.over:
            raise DuelError(f"{self.player} has still to play")
        first, second = self._results
        return DuelResult(self.code, (first, second), decide(first, second))
