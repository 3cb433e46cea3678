"""Hints from the engine's legal moves, and the table layout (pure: no window needed)."""

from __future__ import annotations

from retro.definition.catalog import Catalog
from retro.engine.cards import Card
from retro.engine.game import Game
from retro.engine.notation import parse_position
from retro.engine.position import card_move
from retro.solver import hints
from retro.ui.table.layout import CARD_H, CARD_W, SCREEN_W, TABLE_BOTTOM, TABLE_TOP, Geometry

SPIDER = Catalog().load("spider", {})


def game_at(text: str) -> Game:
    return Game(SPIDER, 1, parse_position(SPIDER, text))


def t(game: Game, column: int) -> int:
    """The pile index of tableau column `column` (1-based, as the notation counts)."""
    return game.position.by_id[f"tableau:{column}"].index


def test_hints_are_legal_moves_best_first_and_the_deal_comes_last() -> None:
    game = Game(SPIDER, 5)
    ranked = hints.hints(game)
    legal = game.legal_moves()
    assert ranked and all(h.move in legal for h in ranked)
    assert ranked[-1].move.kind == "deal"
    assert [h.value for h in ranked] == sorted((h.value for h in ranked), reverse=True)


def test_turning_a_card_beats_a_plain_move_and_same_suit_beats_other_suit() -> None:
    game = game_at(
        "tableau:1 = 5c 7H\ntableau:2 = 8S\ntableau:3 = 8H\ntableau:4 = 3D 8C\nstock = 2c"
    )
    ranked = hints.hints(game)
    best = ranked[0]
    # 7♥ onto 8♥: turns the 5♣ and builds in suit
    assert best.move == card_move(t(game, 1), 1, t(game, 3))
    assert "turns a card" in best.reasons and "builds in suit" in best.reasons


def test_shuffling_a_run_between_equal_places_is_not_hinted() -> None:
    game = game_at(
        "tableau:1 = 2c 8S 7H\ntableau:2 = 3c 8C\ntableau:3 = 4d KD\n"
        "tableau:4 = 5d KD\ntableau:5 = 6d KD\ntableau:6 = 7d KD\ntableau:7 = 9d KD\n"
        "tableau:8 = 9d KD\ntableau:9 = 9d KD\ntableau:10 = 9d KD\nstock = 2c"
    )
    moves = [h.move for h in hints.hints(game)]
    assert card_move(t(game, 1), 1, t(game, 2)) not in moves  # 7♥ from 8♠ to 8♣ changes nothing
    assert moves == [m for m in game.legal_moves() if m.kind == "deal"]


def test_a_trial_leaves_undo_redo_and_the_cheat_count_alone() -> None:
    game = Game(SPIDER, 5)
    game.push(hints.hints(game)[0].move)
    game.pop()
    cheat, future = game.cheat, list(game.future)
    hints.hints(game)
    assert (game.cheat, game.future) == (cheat, future)


def test_auto_play_stops_and_never_deals() -> None:
    game = Game(SPIDER, 5)
    seen: set[object] = set()
    made = 0
    while (hint := hints.auto_move(game, seen)) is not None:
        game.push(hint.move)
        made += 1
        assert made < 200
    assert made > 0 and all(m.kind == "move" for m, *_ in game.history)


def test_best_move_for_a_clicked_card() -> None:
    game = Game(SPIDER, 5)
    best = hints.best_move(game, t(game, 1), 1)  # Q♠ of tableau:1
    assert best is not None and best.move.dst == game.position.by_id["tableau:8"].index


def test_spider_fits_640_pixels_and_a_30_card_column_fits_on_screen() -> None:
    game = game_at(
        "tableau:1 = "
        + " ".join(
            ["9d"] * 5 + [f"{r}S" for r in "KQJT98765432A"] + [f"{r}H" for r in "KQJT98765432"]
        )
    )
    layout = Geometry(SPIDER)
    xs = [x for x, _ in layout.origins]
    assert min(xs) >= 0 and max(xs) + CARD_W <= SCREEN_W
    pile = game.position.by_id["tableau:1"]
    assert len(pile.cards) == 30
    offsets = layout.offsets(pile)
    _x, y = layout.card_xy(pile, offsets, 29)
    assert y + CARD_H <= TABLE_BOTTOM
    assert offsets == sorted(offsets) and len(set(offsets)) == 30
    _, top = layout.origin(game.position.piles[0])
    assert top > TABLE_TOP


def test_a_new_game_is_placed_from_its_yaml_alone() -> None:
    for game_id in Catalog().ids():
        gdef = Catalog().load(game_id, {})
        layout = Geometry(gdef)
        for x, y in layout.origins:
            assert x >= 0 and x + CARD_W <= SCREEN_W
            assert TABLE_TOP <= y < TABLE_BOTTOM


def test_cards_are_interned_so_flights_can_match_them_by_identity() -> None:
    assert Card(5, 1) is Card(5, 1)


def test_a_draw_three_waste_fans_its_top_three_cards_only() -> None:
    gdef = Catalog().load("klondike_draw3", {})
    position = parse_position(gdef, "waste = 2C 3D 4S 5H 6C 7D 8S")
    layout = Geometry(gdef)
    waste = position.by_id["waste"]
    offsets = layout.offsets(waste)
    assert offsets[:5] == [0] * 5  # the older cards lie squared under the first shown one
    assert 0 < offsets[5] < offsets[6]
    x, _ = layout.origin(waste)
    right_edge = x + offsets[-1] + CARD_W
    foundation = layout.origin(position.by_id["foundation:1"])[0]
    assert right_edge < foundation  # the fan stays clear of the foundations
    assert Geometry(Catalog().load("klondike", {})).offsets(
        parse_position(Catalog().load("klondike", {}), "waste = 2C 3D").by_id["waste"]
    ) == [0, 0]
