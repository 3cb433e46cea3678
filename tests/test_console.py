"""The console protocol (docs/console.md): one JSON object per input line, errors in one line
that change nothing, moves in the notation or as JSON objects."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

from retro.console import Console
from retro.engine.game import Game
from retro.engine.position import MOVE, Move
from retro.store.settings import Settings
from tests.helpers import game_at, load

SPIDER = load("spider")


def _talk(console: Console, *lines: str) -> list[dict[str, object]]:
    out = io.StringIO()
    console.run(lines, out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_every_line_gets_exactly_one_json_object() -> None:
    answers = _talk(
        Console(Game(SPIDER, 1), as_json=True),
        "state",
        "",
        "moves",
        "nonsense",
        "undo",
        "{bad json",
        "quit",
        "state",
    )
    assert len(answers) == 6  # the blank line is skipped, nothing is read after quit
    state = answers[0]
    assert set(state) >= {
        "game",
        "seed",
        "options",
        "piles",
        "score",
        "moves_made",
        "cheat",
        "outcome",
    }
    assert state["piles"]["tableau:1"] == ["??", "??", "??", "??", "??", "2H"]  # type: ignore[index]
    assert answers[2] == {"error": answers[2]["error"]} and "not a move" in str(answers[2]["error"])
    assert answers[3] == {"error": "Nothing to undo"}
    assert "malformed JSON" in str(answers[4]["error"])
    assert answers[5] == {"bye": True}


def test_moves_entries_have_the_documented_fields() -> None:
    game = game_at(
        load("spider_duel"), "tableau:1 = 4s 5H\ntableau:2 = 6H\ntableau:3 = 9c\nstock = 2c 3c"
    )
    moves = _talk(Console(game, as_json=True), "moves")[0]["moves"]
    assert {
        "move": "tableau:1>tableau:2",
        "from": "tableau:1",
        "to": "tableau:2",
        "count": 1,
    } in moves  # type: ignore[operator]
    assert {"move": "deal", "action": "deal"} in moves  # type: ignore[operator]
    assert {"move": "done", "action": "done"} in moves  # type: ignore[operator]
    game = game_at(load("spider_duel"), "tableau:1 = 4s\ntableau:2 = 6H")
    moves = _talk(Console(game, as_json=True), "moves")[0]["moves"]
    assert {"move": "flip tableau:1", "action": "flip", "pile": "tableau:1"} in moves  # type: ignore[operator]


def test_a_moves_entry_sent_back_makes_that_move() -> None:
    console = Console(Game(SPIDER, 1), as_json=True)
    entry = console.moves()["moves"][0]
    after = _talk(console, json.dumps(entry))[0]
    assert after["moves_made"] == 1
    again = _talk(console, json.dumps({"move": "undo"}), "undo", "redo")
    assert "error" in again[0] and again[1]["moves_made"] == 0 and again[2]["moves_made"] == 1


def test_a_refused_move_says_why_and_changes_nothing() -> None:
    console = Console(game_at(SPIDER, "tableau:1 = 5H\ntableau:2 = 9C"), as_json=True)
    before = console.state()
    answer = _talk(
        console,
        "t1>t2",
        '{"from": "tableau:1", "to": "tableau:9", "count": 4}',
        '{"from": "tableau:1"}',
        '{"action": "deal"}',
        "t1>t2/0",
    )
    assert answer[0] == {"error": "5♥ goes only on a 6, not on 9♣"}
    assert all(set(a) == {"error"} for a in answer)
    assert console.state() == before


def test_reveal_shows_face_down_cards_in_lower_case() -> None:
    state = _talk(Console(Game(SPIDER, 1), as_json=True, reveal=True), "state")[0]
    assert state["piles"]["tableau:1"] == ["td", "5c", "8c", "qh", "ks", "2H"]  # type: ignore[index]


def test_the_human_console_prints_a_board_and_plain_errors() -> None:
    out = io.StringIO()
    Console(Game(SPIDER, 1), as_json=False).run(["t1>t2", "moves"], out)
    text = out.getvalue()
    assert "Spider  deal 1" in text and "?? " in text and "Moves: tableau:1>tableau:7" in text


def test_the_console_stays_english_for_a_player_who_chose_german(tmp_path: Path) -> None:
    """The window's language (saved in the settings, or the system's) never reaches the
    console: a refused move's reason is the rules' English sentence."""
    Settings(language="de").save(tmp_path / "settings.json")
    game = Game(SPIDER, 1)
    piles = game.position.piles
    columns = [i for i, pile in enumerate(piles) if pile.group.name == "tableau"]
    move, reason = next(
        (m, str(game.why_not(m)))
        for m in (Move(MOVE, src, 1, dst) for src in columns for dst in columns if src != dst)
        if " goes only on " in str(game.why_not(m))
    )
    line = f"{piles[move.src].id}>{piles[move.dst].id}"
    result = subprocess.run(
        [sys.executable, "-m", "retro", "console", "spider", "--json", "--seed", "1"],
        capture_output=True,
        text=True,
        input=line + "\n",
        timeout=120,
        env={
            **os.environ,
            "RETRO_PATIENCE_CONFIG": str(tmp_path),
            "LANG": "de_DE.UTF-8",
            "RETRO_PATIENCE_DATA": str(tmp_path / "data"),
        },
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.splitlines()[0]) == {"error": reason}


def test_any_game_can_be_given_up_and_counts_as_lost() -> None:
    klondike = load("klondike")  # a game without Done
    console = Console(Game(klondike, 1), as_json=True)
    assert "give up" in console.help()
    given, refused, back = _talk(console, "give up", "deal", "undo")
    assert given["outcome"] == "lost" and given["given_up"] is True
    assert "given up" in str(refused["error"])
    assert back["outcome"] == "playing"
    (done,) = _talk(Console(Game(klondike, 1), as_json=True), "done")  # the word players use
    assert done["outcome"] == "lost"
    duel = load("spider_duel")  # a game with Done: giving up is its Done
    (ended,) = _talk(Console(Game(duel, 1), as_json=True), "give up")
    assert ended["outcome"] == "lost" and ended["given_up"] is False
