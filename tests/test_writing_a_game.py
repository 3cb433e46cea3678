"""docs/writing-a-game.md stays true: its example game is the bundled file and plays, its error
example is what the loader says, and its rule reference matches the registry."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from retro.definition.loader import load_game_file
from retro.engine.game import Game
from retro.errors import DefinitionError
from retro.rules.reference import rule_reference_markdown

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "writing-a-game.md").read_text(encoding="utf-8")
sys.path.insert(0, str(ROOT / "tools"))


def test_the_whole_file_in_the_doc_is_the_bundled_game() -> None:
    whole = DOC.split("## The whole file", 1)[1]
    block = re.search(r"```yaml\n(.*?)```", whole, flags=re.S)
    assert block is not None
    assert block.group(1) == (ROOT / "games" / "will_o_the_wisp.yaml").read_text(encoding="utf-8")


def test_the_example_game_deals_and_plays() -> None:
    gdef = load_game_file(ROOT / "games" / "will_o_the_wisp.yaml")
    game = Game(gdef, 3)
    tableau = game.position.groups["tableau"]
    assert [(p.down, p.face_up) for p in tableau] == [(2, 1)] * 7
    assert len(game.position.by_id["stock"].cards) == 31
    for _ in range(60):
        moves = game.legal_moves()
        if not moves:
            break
        game.push(moves[-1])
    assert game.moves_made > 0


def test_the_error_example_is_what_the_loader_says(tmp_path: Path) -> None:
    text = (ROOT / "games" / "will_o_the_wisp.yaml").read_text(encoding="utf-8")
    text = text.replace("pick: same_suit_run", "pick: same_suite_run").replace(
        "accept: {any: [empty, rank_below]}", "accept: {any: [empty, {rank_below: {suits: same}}]}"
    )
    path = tmp_path / "will_o_the_wisp.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DefinitionError) as caught:
        load_game_file(path)
    shown = re.search(r"```\n(will_o_the_wisp\.yaml:.*?)```", DOC, flags=re.S)
    assert shown is not None
    assert caught.value.messages == shown.group(1).strip().splitlines()


def test_the_rule_reference_matches_the_registry() -> None:
    from update_rule_reference import BEGIN, END

    section = DOC.split(BEGIN, 1)[1].split(END, 1)[0]
    assert section.strip() == rule_reference_markdown().strip(), (
        "docs/writing-a-game.md is out of date: run python tools/update_rule_reference.py"
    )


# -- section 11: every example is a game that loads and deals as the text says ---------------

MORE = DOC.split("## 11. More than the basics", 1)[1].split("\n## ", 1)[0]
BLOCKS = re.findall(r"```yaml\n(.*?)```", MORE, flags=re.S)
WHOLE = {
    re.search(r"^id: (\w+)$", block, flags=re.M).group(1): block  # type: ignore[union-attr]
    for block in BLOCKS
    if block.startswith("id: ")
}


def _example(tmp_path: Path, game_id: str) -> Game:
    from retro.definition.catalog import Catalog

    (tmp_path / f"{game_id}.yaml").write_text(WHOLE[game_id], encoding="utf-8")
    return Game(Catalog([tmp_path]).load(game_id), 5)


def test_the_parts_shown_from_bundled_games_are_in_those_files() -> None:
    parts = [block for block in BLOCKS if block.startswith("# from games/")]
    assert len(parts) == 25
    for block in parts:
        name, _, body = block.partition("\n")
        assert body in (ROOT / name.removeprefix("# from ")).read_text(encoding="utf-8")


def test_named_cards_start_the_foundations_and_are_dealt_nowhere_else(tmp_path: Path) -> None:
    position = _example(tmp_path, "storehouse").position
    assert [p.cards[0].code for p in position.groups["foundation"]] == ["2S", "2H", "2D", "2C"]
    assert sorted(card.code for card in position.cards_in_play()) == sorted(
        f"{r}{s}" for r in "A23456789TJQK" for s in "SHDC"
    )


def test_the_remembered_rank_starts_foundations_and_one_below_it_spaces(tmp_path: Path) -> None:
    from tests.helpers import game_at, refusal

    game = _example(tmp_path, "chosen_base")
    first = game.position.by_id["foundation:1"].cards[0]
    assert game.position.counters["base"] == (first.rank - 1) % 13 + 1
    gdef = game.gdef
    table = game_at(
        gdef, "counters base=7\nfoundation:1 = 7C\nwaste = 7H\ntableau:1 = 6S\ntableau:2 = 5D"
    )
    assert refusal(table, "waste>foundation:2") is None
    assert refusal(table, "t1>t3") is None
    assert refusal(table, "t2>t3") == "An empty tableau pile takes only a 6, not 5♦"


def test_per_pile_parameters_give_each_foundation_its_own_base(tmp_path: Path) -> None:
    from tests.helpers import game_at, legal

    gdef = _example(tmp_path, "royal_cotillion_in_one_group").gdef
    game = game_at(
        gdef, "right:1 = AS\nright:2 = 2S\n" + "\n".join(f"right:{i} = KD" for i in range(3, 13))
    )
    moves = legal(game)
    assert {"right:1>foundation:1", "right:2>foundation:2"} <= moves
    assert not any(f"right:1>foundation:{i}" in moves for i in range(2, 9))
    assert not any(f"right:2>foundation:{i}" in moves for i in (1, *range(3, 9)))


def test_auto_rules_after_the_deal_turn_the_tops_without_counting_them(tmp_path: Path) -> None:
    game = _example(tmp_path, "klondike_turned_by_the_game")
    tableau = game.position.groups["tableau"]
    assert [(p.down, p.face_up) for p in tableau] == [(n, 1) for n in range(7)]
    assert game.position.counters["turned"] == 0 and game.score() == 0
    assert game.history == []


def test_pages_written_from_the_rules_give_the_values_the_file_chose(tmp_path: Path) -> None:
    from retro.instructions import generated_anl

    text = " ".join(generated_anl(_example(tmp_path, "chosen_base").gdef, "en").decode().split())
    assert "(here: counter = base; offset = -1)" in text
    assert "(here: suit = alternate)" in text
    one_group = generated_anl(_example(tmp_path, "royal_cotillion_in_one_group").gdef, "en")
    assert "(here: rank = one for each pile: A, 2, A, 2, A, 2, A, 2)" in " ".join(
        one_group.decode().split()
    )


def test_a_streak_grows_with_each_card_played_and_ends_with_a_deal(tmp_path: Path) -> None:
    from tests.helpers import game_at, play

    gdef = _example(tmp_path, "golf_with_streaks").gdef
    game = game_at(
        gdef,
        "foundation = 5H\ntableau:1 = 2C 6S\ntableau:2 = 3C 7D\ntableau:3 = 9C 8S\nstock = kd 4s",
    )
    start = game.score()  # Golf's own score: the cards cleared from the columns
    play(game, "t1>foundation", "t2>foundation", "t3>foundation")
    assert game.position.counters["streak"] == 3
    assert game.score() == start + 3 + (1 + 2 + 3)
    play(game, "deal")
    assert game.position.counters["streak"] == 0 and game.score() == start + 3 + 6
    game.pop()
    assert game.position.counters["streak"] == 3


def test_cards_in_counts_each_group_its_own_points(tmp_path: Path) -> None:
    from tests.helpers import game_at

    gdef = _example(tmp_path, "canfield_by_piles").gdef
    game = game_at(gdef, "foundation:1 = 7C 8C\nfoundation:2 = 7D\nreserve = 2h 3s 4D")
    assert game.score() == 3 * 5 - 3 * 5


def test_a_hidden_discard_takes_the_pairs_and_is_never_drawn_or_reached(tmp_path: Path) -> None:
    from retro.ui.table.layout import Geometry
    from tests.helpers import game_at, pile, play

    gdef = _example(tmp_path, "monte_carlo_out_of_sight").gdef
    game = play(game_at(gdef, "grid:1 = 7S\ngrid:2 = 7H\nstock = 2c"), "grid:1>grid:2")
    assert pile(game, "discard") == "7H 7S"
    discard = game.position.by_id["discard"]
    geometry = Geometry(gdef)
    assert geometry.hidden[discard.index]
    assert all(discard.index not in row for row in geometry.rows(game.position))
    x, y = geometry.origins[discard.index]
    hit = geometry.hit(game.position, x + 2, y + 2)
    assert hit is None or hit[0] is not discard


def test_nothing_goes_on_a_king_said_in_words(tmp_path: Path) -> None:
    from tests.helpers import game_at, legal, load, refusal

    text = "foundation = KS\ntableau:1 = QH\ntableau:2 = AD"
    assert refusal(game_at(load("golf"), text), "t1>f") is None
    game = game_at(_example(tmp_path, "golf_nothing_on_a_king").gdef, text)
    assert refusal(game, "t1>f") == "Nothing goes on a K: foundation shows K♠"
    assert not any(move.endswith(">foundation") for move in legal(game))
    assert refusal(game_at(game.gdef, "foundation = QS\ntableau:1 = KH"), "t1>f") is None


def test_groups_of_a_kind_build_in_any_suit_order_and_go_home_four_at_once(
    tmp_path: Path,
) -> None:
    from tests.helpers import game_at, legal, play, refusal

    gdef = _example(tmp_path, "kinds").gdef
    game = game_at(gdef, "tableau:1 = 5S 5H\ntableau:2 = 5D\ntableau:3 = 5C\ntableau:4 = 9C")
    assert refusal(game, "t1>t4/2") == "5♠ goes only on a 5, not on 9♣"
    play(game, "t1>t2/2", "t3>t2")
    assert refusal(game, "t2>foundation:1/3") is not None
    assert refusal(game, "t2>foundation:1") == "foundation:1 takes only 4 cards of one rank at once"
    assert "tableau:2>foundation:1/4" in legal(game)
    play(game, "t2>foundation:1/4")
    full = game_at(gdef, "tableau:1 = 8S 8H 8D 9S 9H 9D\ntableau:2 = 9C")
    assert refusal(full, "t2>t1") == "tableau:1 holds at most 6 cards (6 now)"


def test_the_stock_gathers_the_columns_face_down_and_deals_on_twice(tmp_path: Path) -> None:
    from tests.helpers import game_at, pile, play, refusal

    gdef = _example(tmp_path, "gather_and_deal").gdef
    game = game_at(gdef, "stock = 7c 8d\ntableau:1 = 5S 4S\ntableau:2 = KH")
    play(game, "deal")  # the stock has cards: it only deals
    assert (pile(game, "tableau:1"), pile(game, "tableau:2"), pile(game, "stock")) == (
        "5S 4S 8D",
        "KH 7C",
        "",
    )
    game = game_at(gdef, "tableau:1 = 5S 4S\ntableau:2 = KH")
    play(game, "deal")
    assert [pile(game, f"tableau:{n}") for n in (1, 2, 3)] == ["KH", "4S", "5S"]
    assert game.position.counters["redeals"] == 1
    game.pop()
    assert (pile(game, "tableau:1"), pile(game, "tableau:2")) == ("5S 4S", "KH")
    game = game_at(gdef, "counters redeals=2\ntableau:1 = 5S")
    assert refusal(game, "deal") == "No redeal left: 2 a game, all used; or The stock is empty"


def test_gathered_cards_lie_face_down_in_the_stock(tmp_path: Path) -> None:
    from tests.helpers import game_at, pile, play

    gdef = _example(tmp_path, "gather_and_deal").gdef
    game = game_at(gdef, "tableau:1 = AS 2S 3S 4S 5S 6S 7S 8S 9S TS")
    play(game, "deal")
    assert pile(game, "stock") == "as 2s"
    assert [pile(game, f"tableau:{n}") for n in (1, 8)] == ["TS", "3S"]


def test_the_first_card_on_any_foundation_sets_the_base_of_all(tmp_path: Path) -> None:
    from tests.helpers import game_at, legal, play, refusal

    gdef = _example(tmp_path, "any_base").gdef
    game = game_at(gdef, "waste = 7H\ntableau:1 = 7S\ntableau:2 = 8C\nstock = 2c")
    assert {f"waste>foundation:{n}" for n in (1, 2, 3, 4)} <= legal(game)
    play(game, "waste>foundation:3")
    assert refusal(game, "t1>foundation:1") is None
    assert refusal(game, "t2>foundation:1") == (
        "An empty foundation pile takes only a 7, the rank the first foundation card set"
    )


def test_pages_written_from_the_rules_say_actions_one_after_another(tmp_path: Path) -> None:
    gdef = _example(tmp_path, "gather_and_deal").gdef
    stock = next(line for line in gdef.rule_lines if line.startswith("stock action"))
    assert stock.startswith("stock action: One after another: Gather every card of `groups`")
    assert "| then: Deal one face-up card" in stock


@pytest.mark.parametrize(
    "game_id", ["golf_nothing_on_a_king", "kinds", "gather_and_deal", "any_base"]
)
def test_the_new_rules_generate_exactly_the_moves_they_judge_legal_and_undo_exactly(
    tmp_path: Path, game_id: str
) -> None:
    from retro.engine.game import deal_position
    from tests.games.agreement import generation_agrees_with_judgement

    for seed in (1, 2, 3):
        game = _example(tmp_path, game_id)
        game = Game(game.gdef, seed)
        generation_agrees_with_judgement(game, plies=30, most=4)
        while game.history:
            game.pop()
        assert game.position.fingerprint() == deal_position(game.gdef, seed).fingerprint()
