"""The cards a player's table sends home by itself (`safety.safe_home`): what the solver's
dominance rule says by default, or what the game file's `safe_home` says instead; and the
finish offered once moves to the foundations alone win (`safety.play_out`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from retro.definition.catalog import Catalog
from retro.engine.game import Game
from retro.engine.notation import format_move, parse_position
from retro.paths import games_dir
from retro.solver import hints as advice
from retro.solver.safety import play_out, safe_home

# Both red Aces home: 2♠ can go home safely (no red Ace is left for it to hold); 2♥ cannot
# (A♣ and A♠ are out), and A♣ always can.
POSITION = "\n".join(
    [
        "foundation:1 = AH",
        "foundation:2 = AD",
        "foundation:3 = AS",
        "tableau:1 = 3D 2S",
        "tableau:2 = 2H",
        "tableau:3 = 3C AC",
    ]
)


def freecell(safe_home_rule: str, tmp_path: Path) -> Game:
    (tmp_path / "fc.yaml").write_text(
        f"id: fc\nextends: freecell\ntitle: FC\nsafe_home: {safe_home_rule}\n", encoding="utf-8"
    )
    gdef = Catalog([tmp_path, games_dir()]).load("fc", {})
    return Game(gdef, 1, parse_position(gdef, POSITION))


def safe_moves(game: Game) -> list[str]:
    found = []
    while (move := safe_home(game)) is not None:
        found.append(format_move(game.position, move))
        game.push(move)
    return found


def test_by_default_the_dominance_rule_sends_aces_and_safe_twos(tmp_path: Path) -> None:
    assert safe_moves(freecell("dominance", tmp_path)) == [
        "tableau:1>foundation:3",
        "tableau:3>foundation:4",
        "tableau:2>foundation:1",  # once both black Aces are home, 2♥ too
    ]


@pytest.mark.parametrize(("rule", "moves"), [("bases", ["tableau:3>foundation:4"]), ("none", [])])
def test_a_game_file_says_what_goes_home_by_itself(
    rule: str, moves: list[str], tmp_path: Path
) -> None:
    game = freecell(rule, tmp_path)
    assert safe_moves(game) == moves
    if rule == "none":  # auto-play then sends nothing home by itself either
        found = advice.auto_move(game)
        assert found is None or found.move.dst != 3


def test_a_finish_is_certain_only_when_moves_home_alone_win() -> None:
    gdef = Catalog().load("freecell", {})
    homes = [
        f"foundation:{i} = " + " ".join(f"{r}{suit}" for r in "A23456789TJQK")
        for i, suit in ((1, "H"), (2, "D"), (3, "C"))
    ]
    down = " ".join(f"{r}S" for r in "KQJT98765432")  # 2♠ on top
    winning = Game(
        gdef, 1, parse_position(gdef, "\n".join([*homes, f"tableau:1 = {down}", "tableau:2 = AS"]))
    )
    assert play_out(winning) is not None
    up = " ".join(f"{r}S" for r in "23456789TJQK")  # K♠ on top, A♠ under them all
    blocked = Game(gdef, 1, parse_position(gdef, "\n".join([*homes, f"tableau:1 = AS {up}"])))
    assert play_out(blocked) is None
