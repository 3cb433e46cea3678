"""Cruel: the Aces start the foundations, twelve piles of four face up, top cards only, building
down in suit, spaces that stay empty, and redeals at will that gather the piles in order and
deal them again in fours without shuffling, as positions and moves."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from retro.definition.loader import load_game_file
from retro.engine.cards import make_deck
from retro.engine.game import Game
from tests.helpers import game_at, legal, load, pile, play, refusal, suit_run

ROOT = Path(__file__).resolve().parents[2]
CRUEL = load("cruel")
ACES = "foundation:1 = AS\nfoundation:2 = AH\nfoundation:3 = AD\nfoundation:4 = AC\n"


def test_the_aces_start_the_foundations_and_twelve_piles_of_four_lie_face_up() -> None:
    position = Game(CRUEL, 8).position
    assert [pile.cards for pile in position.groups["foundation"]] == [
        [card] for card in make_deck() if card.rank == 1
    ]
    assert [(len(p.cards), p.down) for p in position.groups["tableau"]] == [(4, 0)] * 12
    assert Counter(position.cards_in_play()) == Counter(make_deck())
    assert not position.by_id["stock"].cards


def test_only_top_cards_move_and_piles_build_down_in_suit() -> None:
    game = game_at(CRUEL, ACES + "tableau:1 = 9C 8H\ntableau:2 = 9H\ntableau:3 = 8D")
    assert refusal(game, "tableau:1>tableau:2/2") == "Only the top card can be moved"
    assert "8♦ goes only on a 9 of the same suit" in str(refusal(game, "tableau:3>tableau:2"))
    play(game, "tableau:1>tableau:2")
    assert (pile(game, "tableau:1"), pile(game, "tableau:2")) == ("9C", "9H 8H")


def test_an_emptied_pile_stays_empty() -> None:
    game = game_at(CRUEL, ACES + "tableau:1 = KS\ntableau:2 = 9H")
    assert not any(move.endswith(">tableau:3") for move in legal(game))
    assert "tableau:3 is empty" in str(refusal(game, "tableau:1>tableau:3"))


def test_foundations_go_up_in_suit() -> None:
    game = game_at(CRUEL, ACES + "tableau:1 = 3S 2S\ntableau:2 = 2H 3D")
    play(game, "tableau:1>foundation:1", "tableau:1>foundation:1")
    assert pile(game, "foundation:1") == "AS 2S 3S"
    assert "foundation:3" in str(refusal(game, "tableau:2>foundation:3"))


def test_a_redeal_keeps_the_order_and_deals_again_in_fours() -> None:
    game = game_at(
        CRUEL,
        ACES + "tableau:1 = 5S 9D\ntableau:2 = KC QC JC TC\ntableau:3 = 4H\ntableau:5 = 7D 8D 6C",
    )
    play(game, "redeal")
    assert [pile(game, f"tableau:{n}") for n in range(1, 6)] == [
        "5S 9D KC QC",
        "JC TC 4H 7D",
        "8D 6C",
        "",
        "",
    ]
    assert all(p.down == 0 for p in game.position.groups["tableau"])
    assert pile(game, "stock") == ""
    assert pile(game, "foundation:2") == "AH"


def test_redeals_are_unlimited_but_never_change_nothing() -> None:
    game = game_at(CRUEL, ACES + "tableau:1 = 5S 9D\ntableau:2 = KC 2S QC JC")
    before = game.position.fingerprint()
    play(game, "redeal")
    assert (pile(game, "tableau:1"), pile(game, "tableau:2")) == ("5S 9D KC 2S", "QC JC")
    assert refusal(game, "redeal") == (
        "A redeal would change nothing: the cards lie 4 to a pile already"
    )
    play(game, "tableau:1>foundation:1", "redeal")
    assert (pile(game, "tableau:1"), pile(game, "tableau:2")) == ("5S 9D KC QC", "JC")
    for _ in range(3):
        game.pop()
    assert game.position.fingerprint() == before
    assert "redeals" not in game.position.counters


def test_won_when_all_are_home() -> None:
    lines = [
        f"foundation:{n} = {' '.join(reversed(suit_run(s).split()))}"
        for n, s in enumerate("SHDC", 1)
    ]
    lines[3] = lines[3].rsplit(" ", 1)[0]
    game = play(game_at(CRUEL, "\n".join([*lines, "tableau:7 = KC"])), "tableau:7>foundation:4")
    assert game.outcome() == "won"
    assert game.score() == CRUEL.score.maximum == 52


def test_lost_with_no_move_and_nothing_a_redeal_would_change() -> None:
    game = game_at(CRUEL, ACES + "tableau:1 = 5S 9D KC QH")
    assert game.legal_moves() == []
    assert game.outcome() == "lost"


def test_a_limited_gathering_redeal_counts_its_redeals(tmp_path: Path) -> None:
    text = (ROOT / "games" / "cruel.yaml").read_text(encoding="utf-8")
    path = tmp_path / "cruel.yaml"
    path.write_text(text.replace("per_pile: 4}", "per_pile: 4, limit: 1}"), encoding="utf-8")
    game = game_at(load_game_file(path), ACES + "tableau:1 = 5S 9D\ntableau:2 = KC 2S QC JC")
    play(game, "redeal", "tableau:1>foundation:1")
    assert game.position.counters["redeals"] == 1
    assert refusal(game, "redeal") == "No redeal left: 1 a game, all used"
