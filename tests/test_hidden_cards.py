"""No refusal, hint or console answer ever names a card the player cannot see, nor shows the
game file's own text: in every game, from the deal and from positions a few moves on, every
move that could be tried is asked for its reason, every action too, and every hint is read;
none names a face-down card, and no refusal shows raw JSON or a rule's internal name."""

from __future__ import annotations

import random
import re

import pytest

from retro.console import Console
from retro.definition.catalog import Catalog
from retro.engine.cards import card_name
from retro.engine.faces import face_up
from retro.engine.game import Game
from retro.engine.notation import format_card, format_move
from retro.engine.position import Move, Position, card_move
from retro.rules.registry import REGISTRY
from retro.solver import hints
from tests.helpers import game_at, load, refusal

_CATALOG = Catalog()


def _unseen(position: Position) -> set[str]:
    """How a sentence could name a face-down card that has no face-up twin (two packs); a
    face-up card lying between face-down ones is in sight."""
    cards = [(card, face_up(p, i)) for p in position.piles for i, card in enumerate(p.cards)]
    shown = {card for card, up in cards if up}
    hidden = {card for card, up in cards if not up} - shown
    return {card_name(card) for card in hidden} | {format_card(card, True) for card in hidden}


def _named(text: str, names: set[str]) -> list[str]:
    return [name for name in names if re.search(rf"(?<![\w♠♥♦♣]){re.escape(name)}(?!\w)", text)]


def _tried(game: Game) -> list[Move]:
    """Every move a player could try by hand: each pile's cards onto each other pile, a few
    counts each, and every action on every pile that has one."""
    piles = game.position.piles
    moves = []
    for src in piles:
        counts = {1, 2, len(src.cards), src.run, src.run + 1} if src.cards else set()
        for count in sorted(c for c in counts if 1 <= c <= len(src.cards)):
            moves += [card_move(src.index, count, dst.index) for dst in piles if dst is not src]
        if src.group.action is not None:
            moves.append(Move(src.group.action.verb, src.index))
    return moves


def _said(game: Game) -> list[str]:
    """The reasons for every move tried, as the engine and the console give them, and the
    reasons of every hint."""
    console = Console(game, as_json=True)
    texts = []
    for move in _tried(game):
        if game.why_not(move) is not None:
            answer, _ = console.handle(format_move(game.position, move))
            texts.append(str(answer))
    texts += [hint.why for hint in hints.rank(game)]
    return texts


def _positions(game_id: str) -> list[Game]:
    """The deal of two seeds, and each a few random moves on."""
    games = []
    for seed in (1, 2):
        game = Game(_CATALOG.load(game_id), seed)
        games.append(game)
        later = Game(game.gdef, seed)
        chooser = random.Random(seed)
        for _ in range(12):
            moves = later.legal_moves()
            if not moves or later.finished():
                break
            later.push(chooser.choice(moves))
        games.append(later)
    return games


@pytest.mark.parametrize("game_id", _CATALOG.ids())
def test_no_refusal_or_hint_names_a_face_down_card(game_id: str) -> None:
    for game in _positions(game_id):
        unseen = _unseen(game.position)
        for text in _said(game):
            assert not _named(text, unseen), (game_id, text)


def test_a_peak_card_under_face_down_cards_says_they_lie_there_without_naming_them() -> None:
    peaks = load("tri_peaks")
    game = game_at(peaks, "foundation = 6S\ntableau:1 = 5h\ntableau:4 = kh\ntableau:5 = AD")
    assert refusal(game, "t1>f") == "tableau:1 is not free: A♦ and 1 face-down card lie on it"
    game = game_at(peaks, "foundation = 6S\ntableau:1 = 5H\ntableau:4 = kh\ntableau:5 = ad")
    assert refusal(game, "t1>f") == "5♥ is not free: 2 face-down cards lie on it"


RULE_NAMES = sorted({spec.name for spec in REGISTRY.values() if "_" in spec.name})


@pytest.mark.parametrize("game_id", _CATALOG.ids())
def test_no_refusal_shows_raw_json_or_a_rules_internal_name(game_id: str) -> None:
    for game in _positions(game_id):
        for move in _tried(game):
            reason = game.why_not(move)
            if reason is None:
                continue
            assert not re.search(r"[{}\[\]]", reason), (game_id, reason)
            assert not [name for name in RULE_NAMES if name in reason], (game_id, reason)
