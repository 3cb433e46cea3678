"""The deal-to-deal beam search (`retro.solver.phases`): it serves the games whose stock deals a
card onto every column, its wins replay through the ordinary Game, it never answers lost, and
its search is the same on every run."""

from __future__ import annotations

from collections.abc import Generator

from retro.definition.catalog import Catalog
from retro.engine.game import LOST, UNKNOWN, WON, Game
from retro.solver.phases import Phases, deal_shape
from retro.solver.search import Budget, Result, Search, solve

CATALOG = Catalog()


def spider(suits: int, seed: int) -> Game:
    return Game(CATALOG.load("spider", {"suits": str(suits)}), seed)


def alone(game: Game, nodes: int, shows: bool = False) -> tuple[Result, list[str | None]]:
    """A member searching by itself in a portfolio's place (its steps ending at deals, or
    at cards shown), and every status it gave."""
    search = Search(game, Budget(nodes=nodes, seconds=600))
    shape = deal_shape(game)
    assert shape is not None
    statuses: list[str | None] = []

    def watched() -> Generator[str | None, None, None]:
        for status in Phases(search.shared, shape, 2_000, shows).run():
            statuses.append(status)
            yield status

    search.members, search.late = [watched()], None
    while (result := search.step()) is None:
        pass
    return result, statuses


def test_the_games_served_are_read_off_the_rules() -> None:
    for suits in (1, 2, 4):
        assert deal_shape(spider(suits, 1)) == ("stock", "tableau")
    # a stock dealing to a waste, or no stock at all: not served
    for game_id in ("klondike", "freecell", "golf"):
        assert deal_shape(Game(CATALOG.load(game_id, {}), 1)) is None


def test_a_one_suit_deal_is_won_within_a_small_budget_and_replays() -> None:
    game = spider(1, 2)
    result, _ = alone(game, 20_000)
    assert result.result == WON
    replay = spider(1, 2)
    replay.play(result.moves)  # every move judged by the rules as a player's would be
    assert replay.outcome() == WON
    assert game.key() == spider(1, 2).key()  # the searched game is left as it was


def test_the_member_never_answers_lost() -> None:
    """A beam search follows only a step's best few lines: running out proves nothing."""
    for shows in (False, True):
        result, statuses = alone(spider(4, 1), 20_000, shows)
        assert result.result == UNKNOWN
        assert LOST not in statuses
        # a table with no win left: the member ends unknown, the portfolio proves it lost
        game = stuck(spider(1, 1))
        result, statuses = alone(game, 20_000, shows)
        assert result.result == UNKNOWN and statuses[-1] == UNKNOWN
        assert LOST not in statuses
    assert solve(game, Budget(nodes=20_000, seconds=600)).result == LOST


def stuck(game: Game) -> Game:
    """`game` laid out with its eight Aces alone in eight columns, two columns empty and
    nothing else anywhere: no move leads to a win."""
    position = game.position
    columns = position.groups["tableau"]
    cards = [card for pile in position.piles for card in pile.cards]
    aces = [card for card in cards if card.rank == 1][: len(columns)]
    for pile in position.piles:
        pile.cards.clear()
        pile.down = 0
    for pile, card in zip(columns, aces, strict=False):
        pile.cards.append(card)
    position.refresh_all()
    return game


def test_a_search_is_the_same_on_every_run() -> None:
    first = solve(spider(2, 3), Budget(nodes=40_000, seconds=600))
    again = solve(spider(2, 3), Budget(nodes=40_000, seconds=600))
    assert (first.result, first.moves, first.nodes) == (again.result, again.moves, again.nodes)


def test_the_portfolio_wins_a_one_suit_deal_it_could_not_before() -> None:
    """Deal 2 at one suit: the portfolio without the beam members ran out of these nodes."""
    game = spider(1, 2)
    result = solve(game, Budget(nodes=60_000, seconds=600))
    assert result.result == WON
    replay = spider(1, 2)
    replay.play(result.moves)
    assert replay.outcome() == WON
