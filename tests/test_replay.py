"""Replaying moves given in the notation (`retro.engine.notation.replay`), the one way a saved
game or a reloaded game file comes back: every move judged by the rules, the first refused one
named with its number and reason, the redo list restored as far as it still replays."""

from __future__ import annotations

import random

from retro.engine.game import Game
from retro.engine.notation import Refused, format_move, replay
from retro.engine.position import Pile
from tests.helpers import load


def _played(seed: int, count: int) -> Game:
    game = Game(load("klondike"), seed)
    rng = random.Random(seed)
    for _ in range(count):
        moves = game.legal_moves()
        if not moves:
            break
        game.push(rng.choice(moves))
    return game


def _texts(game: Game) -> tuple[list[str], list[str]]:
    made = [format_move(game.position, move) for move, *_ in game.history]
    return made, [format_move(game.position, move) for move in game.future]


def test_moves_and_redo_list_come_back_exactly() -> None:
    game = _played(7, 30)
    for _ in range(5):
        game.pop()
    made, future = _texts(game)
    again = Game(game.gdef, game.seed)
    assert replay(again, made, future) is None
    assert again.position.fingerprint() == game.position.fingerprint()
    assert _texts(again) == (made, future)


def test_the_first_refused_move_is_named_and_the_game_stops_before_it() -> None:
    game = _played(3, 12)
    made, _ = _texts(game)
    wrong = [*made[:4], "tableau:1>tableau:1/99", *made[4:]]
    again = Game(game.gdef, game.seed)
    refused = replay(again, wrong)
    assert isinstance(refused, Refused)
    assert (refused.number, refused.move) == (5, "tableau:1>tableau:1/99") and refused.why
    assert len(again.history) == 4


def test_a_move_the_notation_cannot_read_is_refused_too() -> None:
    game = Game(load("klondike"), 1)
    refused = replay(game, ["no such move"])
    assert refused is not None and refused.number == 1 and refused.why
    assert not game.history


def test_a_redo_move_that_no_longer_replays_only_ends_the_redo_list() -> None:
    game = _played(11, 20)
    for _ in range(3):
        game.pop()
    made, future = _texts(game)
    broken = ["no such move", *future[1:]]  # the last redo move to come is broken
    again = Game(game.gdef, game.seed)
    assert replay(again, made, broken) is None
    assert len(again.future) == len(future) - 1
    assert _texts(again)[0] == made


def _entries(game: Game) -> list[tuple[object, ...]]:
    """The history as undo reads it, with piles named by their place (two games hold their own
    pile objects)."""

    def place(part: object) -> object:
        return part.index if isinstance(part, Pile) else part

    return [
        (
            entry.move,
            tuple(entry.events),
            entry.cheat,
            [tuple(place(part) for part in change) for change in entry.undo.changes],
            entry.undo.counters,
            [tuple(place(part) for part in fact) for fact in entry.undo.facts],
            entry.undo.pile_sum,
        )
        for entry in game.history
    ]


def test_a_replayed_game_undoes_exactly_like_the_one_played() -> None:
    """Replay judges each move once and makes it as `push` does: the same history entries, the
    same cheat counts, and undo after a resume gives back every position of the game played."""
    for game_id in ("klondike", "spider", "freecell"):
        played = Game(load(game_id), 11)
        rng = random.Random(11)
        for _ in range(60):
            moves = played.legal_moves()
            if not moves:
                break
            played.push(rng.choice(moves))
        made, future = _texts(played)
        again = Game(played.gdef, played.seed)
        assert replay(again, made, future) is None
        assert _entries(again) == _entries(played)
        while played.history:
            assert again.pop() == played.pop()
            assert again.position.fingerprint() == played.position.fingerprint()
            assert again.key() == played.key() and again.cheat == played.cheat
