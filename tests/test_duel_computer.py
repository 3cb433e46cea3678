"""Spider Duel against the computer: it plays the deal honestly (never reading a face-down card
or the order of the stock), a slice at a time, only legal moves; the duel's rules hold for it;
its duels count in statistics of their own; the strength chosen is remembered."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from retro.cli import main
from retro.duel import STRENGTHS, Computer, Duel, DuelError, Strength, decide
from retro.engine.game import Game
from retro.engine.notation import format_move, parse_move
from retro.engine.position import DONE, Move
from retro.solver import honest
from retro.store.records import Records, computer_key
from retro.store.settings import Settings
from tests.helpers import load

DUEL = load("spider_duel")
QUICK = Strength("easy", 60.0, 1, 60)  # node budgets small, time never the limit
EASY_BY_NODES = replace(STRENGTHS["easy"], seconds=600.0)  # easy's searches, time never the limit


def hidden_changed(game: Game) -> Game:
    """The same deal as a player sees it, every face-down card (the stock's too) changed."""
    other = Game(game.gdef, game.seed)
    slots = [(pile, i) for pile in other.position.piles for i in range(pile.down)]
    cards = [pile.cards[i] for pile, i in slots]
    cards.reverse()
    for (pile, i), card in zip(slots, cards, strict=True):
        pile.cards[i] = card
    other.position.refresh_all()
    return other


def played_out(computer: Computer, slice_seconds: float = 0.002) -> Computer:
    while not computer.think(slice_seconds):
        pass
    return computer


def test_the_computer_never_reads_a_face_down_card_or_the_stock_order() -> None:
    real = Game(DUEL, 7)
    changed = hidden_changed(real)
    assert real.position.fingerprint() != changed.position.fingerprint()
    assert honest.view(real) == honest.view(changed)
    lines = []
    for game in (real, changed):
        computer = Computer(game, QUICK, seed=7)
        hidden = honest.hidden_count(game.position)
        # its moves up to the first that shows a card: made from the same view, so the same
        while not computer.finished and honest.hidden_count(game.position) == hidden:
            computer.think(0.001)
        lines.append([format_move(game.position, move) for move in computer.moves])
    assert lines[0] and lines[0] == lines[1]
    assert honest.hidden_count(real.position) < honest.hidden_count(Game(DUEL, 7).position)


def test_the_computers_moves_replay_through_the_game_all_legal() -> None:
    for seed in (1, 2):
        game = Game(DUEL, seed)
        computer = played_out(Computer(game, QUICK, seed))
        assert computer.finished and computer.moves
        again = Game(DUEL, seed)
        for move in computer.moves:
            assert again.why_not(move) is None
            again.push(move)
        assert again.position.fingerprint() == game.position.fingerprint()
        assert again.score() == game.score()


def test_thinking_in_slices_counts_only_the_slices() -> None:
    computer = Computer(Game(DUEL, 3), QUICK, seed=3)
    computer.think(0.005)
    assert 0.004 <= computer.thought < 1.0
    assert not computer.finished


def test_the_strengths_grow() -> None:
    assert list(STRENGTHS) == ["easy", "medium", "hard"]
    easy, medium, hard = STRENGTHS.values()
    assert easy.seconds < medium.seconds < hard.seconds
    assert easy.nodes < medium.nodes < hard.nodes
    assert easy.samples <= medium.samples <= hard.samples


def test_a_duel_against_the_computer_keeps_the_duels_rules() -> None:
    duel = Duel(DUEL, ["Anna", "Computer"], 11, QUICK)
    assert duel.opponent is not None and not duel.computer_turn
    opening = duel.game.position.fingerprint()
    assert duel.opponent.game is not duel.game  # its own game: it never sees Anna's table
    duel.push(next(m for m in duel.game.legal_moves() if m.kind != DONE))
    duel.end_turn()
    assert duel.computer_turn and duel.game is duel.opponent.game
    assert Game(DUEL, 11).position.fingerprint() == opening  # the same deal for both
    with pytest.raises(DuelError, match="computer is playing"):
        duel.push(Move(DONE, -1))
    with pytest.raises(DuelError, match="not finished"):
        duel.end_turn()
    played_out(duel.opponent)
    result = duel.end_turn()
    assert result.name == "Computer" and duel.over
    anna, computer = duel.result().players
    assert duel.result().winner == decide(anna, computer)  # the tie rule of the hot seat
    again = Game(DUEL, 11)
    again.play([parse_move(again.position, text) for text in computer.record])
    assert again.score() == computer.score


def test_duels_against_the_computer_count_apart_per_strength(tmp_path: Path) -> None:
    path = tmp_path / "records.json"
    records = Records(path)
    game = Game(DUEL, 4)
    game.push(next(m for m in game.legal_moves() if m.kind != DONE))
    records.record(game, "Anna", won=True, computer="easy")
    records.record(Game(DUEL, 5), "Anna", won=False, computer="hard")
    records.record(Game(DUEL, 6), "Anna", won=False)  # the hot seat
    stats = Records(path).stats
    assert stats[computer_key("spider_duel", "easy")].won == 1
    assert stats[computer_key("spider_duel", "hard")].lost == 1
    assert stats["spider_duel"].played == 1
    assert [entry.name for entry in Records(path).table("spider_duel", {})] == ["Anna"] * 3


def test_a_records_file_written_before_the_computer_loads(tmp_path: Path) -> None:
    path = tmp_path / "records.json"
    path.write_text(
        json.dumps(
            {
                "format": "retro-patience-records",
                "version": 1,
                "stats": {
                    "spider_duel": {
                        "played": 2,
                        "won": 1,
                        "lost": 1,
                        "streak": 1,
                        "longest_win_streak": 1,
                        "longest_loss_streak": 1,
                        "best_score": 40,
                        "fewest_moves": None,
                    }
                },
                "high_scores": {},
            }
        ),
        encoding="utf-8",
    )
    records = Records(path)
    assert records.note is None and records.stats["spider_duel"].played == 2
    records.record(Game(DUEL, 5), "Anna", won=False, computer="medium")
    again = Records(path).stats
    assert again["spider_duel"].played == 2
    assert again[computer_key("spider_duel", "medium")].played == 1


def test_the_stats_command_shows_duels_against_the_computer_apart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("RETRO_PATIENCE_DATA", str(tmp_path))
    Records().record(Game(DUEL, 5), "Anna", won=True, computer="medium")
    Records().record(Game(DUEL, 6), "Anna", won=False)
    assert main(["stats", "spider_duel"]) == 0
    rows = capsys.readouterr().out.splitlines()
    mine = [row for row in rows if row.startswith("spider_duel computer=medium")]
    hot_seat = [row for row in rows if row.split()[0] == "spider_duel" and "computer" not in row]
    assert len(mine) == 1 and mine[0].split()[2:4] == ["1", "1"]
    assert len(hot_seat) == 1


def test_the_opponent_chosen_is_remembered_and_a_wrong_one_ignored(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    Settings(duel_opponent="hard").save(path)
    assert Settings.load(path).duel_opponent == "hard"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["duel_opponent"] = 7
    path.write_text(json.dumps(data), encoding="utf-8")
    assert Settings.load(path).duel_opponent == ""
    data["duel_opponent"] = "x" * 400
    path.write_text(json.dumps(data), encoding="utf-8")
    assert Settings.load(path).duel_opponent == ""


def test_easy_still_plays_sensibly_turning_cards_and_never_going_round() -> None:
    for seed in (1, 2, 3):
        game = Game(DUEL, seed)
        start = honest.hidden_count(game.position)
        computer = played_out(Computer(game, EASY_BY_NODES, seed))
        again = Game(DUEL, seed)
        seen = {honest.view(again)}
        for move in computer.moves:
            again.push(move)
            table = honest.view(again)
            assert table not in seen  # no move undoes another, no table twice
            seen.add(table)
        assert honest.hidden_count(game.position) <= start - 10  # ten cards turned or dealt


@pytest.mark.parametrize("strength", ["easy", "medium", "hard"])
def test_every_strength_ends_at_the_best_score_it_reached(strength: str) -> None:
    """Moves that only cost points are taken back: the computer's game ends (Done) at the best
    score any of its moves reached, never below it, and every move kept is still legal."""
    by_nodes = replace(STRENGTHS[strength], seconds=600.0)
    for seed in (1, 2):
        game = Game(DUEL, seed)
        computer = played_out(Computer(game, by_nodes, seed))
        again = Game(DUEL, seed)
        reached = [again.score()]
        for move in computer.moves:
            again.push(move)
            reached.append(again.score())
        assert game.score() == max(reached)  # it never ends below its best
        assert reached.index(max(reached)) == len(computer.moves)  # it stops once there
        assert game.position.fingerprint() == again.position.fingerprint()
