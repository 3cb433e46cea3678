"""The win `rank_groups_complete`: every pile of the group empty or holding the four cards of
one rank, in any order of suits (Pileon's two spare piles may end anywhere)."""

from __future__ import annotations

from tests.helpers import game_at, load, play

PILEON = load("pileon")
RANKS = "A23456789TJQK"


def _gathered(skip: str = "") -> list[str]:
    """Each rank but `skip` on a pile of its own, suits in a different order on each."""
    suits = ["SHDC", "CDHS", "HCSD", "DSCH"]
    return [
        f"tableau:{n + 1} = " + " ".join(rank + s for s in suits[n % 4])
        for n, rank in enumerate(RANKS)
        if rank != skip
    ]


def test_won_when_every_rank_lies_together_whatever_the_suits_and_the_empty_piles() -> None:
    lines = [*_gathered("K"), "tableau:13 = KS KH KD", "tableau:15 = KC"]
    game = game_at(PILEON, "\n".join(lines))
    assert game.outcome() == "playing"
    play(game, "t15>t13")
    assert game.outcome() == "won"


def test_not_won_while_a_pile_holds_two_ranks() -> None:
    lines = [*_gathered("K")[:-1], "tableau:12 = QS QH QD QC KS", "tableau:13 = KH KD KC"]
    game = game_at(PILEON, "\n".join(lines))
    assert game.outcome() != "won"
    assert not PILEON.win.test(game.position)
