"""The duel across two machines in the window: the form hosts (or joins), the wait shows the
code to tell, the table shows the opponent's bar as they play, a lost connection's waiting
line, a forfeit's box, the result with both games to watch, and the statistics against the
opponent. The other side is a `retro.net` peer on 127.0.0.1, stepped between the frames."""

from __future__ import annotations

import pytest
import scenario
from netduel import CATALOG, DEADLINE, FAST, LOOPBACK, Relay, done, play_first
from netscenario import duel_of, hosted, until

from retro.duel import NAME_LENGTH
from retro.net.protocol import Address, MoveMessage
from retro.net.session import NetDuel
from retro.store.records import Records, opponent_key
from retro.ui import texts
from retro.ui.drawing.textview import COLS
from retro.ui.drawing.widgets import wrap
from retro.ui.scenes import netsetup
from retro.ui.scenes.dialogs import ConfirmScene
from retro.ui.scenes.netplay import NetBox, NetResultScene
from retro.ui.scenes.netsetup import NetSetupScene, NetWaitScene
from retro.ui.scenes.replay import ReplayScene
from retro.ui.scenes.scores import HighScoresScene
from retro.ui.table.netpanel import clock_part, opponent_parts
from retro.ui.table.scene import TableScene

pytestmark = pytest.mark.usefixtures("window")


@pytest.fixture(autouse=True)
def loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """The window hosts on 127.0.0.1 alone, with the network's waits made short."""
    monkeypatch.setattr(netsetup, "LISTEN_ON", LOOPBACK)
    monkeypatch.setattr(netsetup, "TIMING", FAST)


def test_the_host_shows_a_code_the_peer_joins_with_and_both_get_the_same_deal() -> None:
    driver, bo = hosted()
    table = driver.app.scene
    assert isinstance(table, TableScene)
    assert table.game.seed == 1 and bo.mine is not None
    assert bo.mine.position.fingerprint() == table.game.position.fingerprint()
    assert "Bo joined" in table.status()
    bo.close()


def test_the_opponents_bar_follows_their_moves_and_never_shows_their_cards() -> None:
    driver, bo = hosted()
    duel = duel_of(driver)
    assert opponent_parts(duel) == (" against Bo ", " score 0  moves 0  home 0 ", False)
    play_first(bo, 3)
    until(driver, lambda: duel.received == 3, bo, what="Bo's moves")
    name, facts, warning = opponent_parts(duel)
    assert name == " against Bo "
    assert "moves 3" in facts and not warning
    scenario.play(driver, *scenario.ANNA_MOVES)  # Anna's moves reach Bo through the table
    until(driver, lambda: bo.received == 2, bo, what="Anna's moves at Bo's")
    driver.press("U")  # no undo across two machines either
    assert duel.mine is not None and duel.mine.moves_made == 2
    driver.press("H")  # nor hints
    table = driver.app.scene
    assert isinstance(table, TableScene) and table.error and "No hints" in table.status()
    bo.close()


def test_a_lost_connection_shows_the_waiting_line_and_a_reconnect_carries_on() -> None:
    relay = Relay(0)
    driver, bo = hosted(relay=relay)
    duel = duel_of(driver)
    relay.refusing = True
    relay.cut()  # the line drops, and Bo cannot call back yet
    until(driver, lambda: duel.lost_since is not None, bo, what="the loss seen")
    assert opponent_parts(duel) == (" against Bo ", " waiting for Bo... reconnecting ", True)
    table = driver.app.scene
    assert isinstance(table, TableScene) and "waiting for Bo" in table.status()
    scenario.play(driver, scenario.ANNA_MOVES[0])  # Anna plays on meanwhile
    relay.refusing = False
    until(driver, lambda: duel.connected and bo.received == 1, bo, what="the reconnect")
    assert "Bo is back" in table.status() and not opponent_parts(duel)[2]
    bo.close()
    relay.close()


def test_a_move_the_rules_refuse_is_a_forfeit_in_a_box_then_the_result() -> None:
    driver, bo = hosted()
    assert bo.link is not None
    bo.board.send(bo.link, MoveMessage(1, "tableau:1>foundation:1"))
    until(driver, lambda: isinstance(driver.app.scene, NetBox), bo, what="the forfeit box")
    box = driver.app.scene
    assert isinstance(box, NetBox) and "Bo forfeits: you win the duel." in box.lines
    driver.press("RETURN")
    result = driver.app.scene
    assert isinstance(result, NetResultScene) and result.result.winner == 0
    assert "Anna wins: the other side forfeited." in result.verdict()
    bo.close()


def test_both_done_gives_the_result_counted_against_the_opponent_with_both_games_to_watch() -> None:
    driver, bo = hosted()
    scenario.play(driver, *scenario.ANNA_MOVES)  # score 0 in 2 moves
    play_first(bo, 1)
    done(bo)  # Bo: 1 move, then Done
    driver.press("X")
    assert isinstance(driver.app.scene, ConfirmScene)
    driver.press("Y")
    until(driver, lambda: isinstance(driver.app.scene, NetResultScene), bo, what="the result")
    result = driver.app.scene
    assert isinstance(result, NetResultScene)
    anna, them = result.result.players
    assert (anna.name, anna.moves, them.name, them.moves) == ("Anna", 2, "Bo", 1)
    until(driver, lambda: bo.over, bo, what="Anna's Done at Bo's")
    theirs = bo.result()
    assert theirs is not None and theirs.winner_name == result.result.winner_name
    assert driver.app.session is None  # nothing left to resume
    records = Records()
    key = opponent_key("spider_duel", "Bo")
    assert records.stats[key].played == 1
    driver.press("O")  # Bo's game, move by move
    replay = driver.app.scene
    assert isinstance(replay, ReplayScene) and replay.moves == list(them.record)
    driver.press("ESCAPE", "R")
    replay = driver.app.scene
    assert isinstance(replay, ReplayScene) and replay.moves == list(anna.record)
    driver.press("ESCAPE", "S")
    scores = driver.app.scene
    assert isinstance(scores, HighScoresScene)
    titles = [title for title, _ in scores.panels]
    assert any("against Bo" in title for title in titles)
    bo.close()


def test_closing_the_window_mid_duel_keeps_the_game_and_tells_the_other_side() -> None:
    driver, bo = hosted()
    scenario.play(driver, *scenario.ANNA_MOVES)
    until(driver, lambda: bo.received == 2, bo, what="Anna's moves")
    driver.app.on_close()
    again = scenario.duel_menu().app
    again.boot()
    offered = again.scene
    assert type(offered).__name__ == "ResumeScene"
    assert offered.game.moves_made == 2  # type: ignore[attr-defined]
    import time

    deadline = time.monotonic() + DEADLINE
    while not bo.gone and time.monotonic() < deadline:
        bo.poll()
    assert bo.gone  # told at once that Anna left
    bo.close()


def test_joining_from_the_form_plays_the_hosts_duel() -> None:
    anna = NetDuel.host(CATALOG.load("spider_duel", {}), 1, "Anna", 0, LOOPBACK, 0, FAST)
    assert anna.address is not None
    driver = scenario.duel_menu()
    driver.press("RETURN")
    driver.type("Bo")
    driver.press("LEFT")  # before "a person": joining
    form = driver.app.scene
    assert isinstance(form, NetSetupScene) and form.mode == netsetup.JOIN
    assert form.focus == form.CODE  # the name known: the host's code is asked for
    driver.type(Address(LOOPBACK, anna.address.port, anna.address.check).code())
    driver.press("RETURN")
    until(driver, lambda: isinstance(driver.app.scene, TableScene), anna, what="the join")
    duel = duel_of(driver)
    assert duel.opponent == "Anna" and duel.name == "Bo"
    table = driver.app.scene
    assert (
        isinstance(table, TableScene) and table.status() == "Playing against Anna: the duel begins"
    )
    anna.close()


def test_a_wrong_check_code_is_refused_on_the_wait_screen() -> None:
    anna = NetDuel.host(CATALOG.load("spider_duel", {}), 1, "Anna", 0, LOOPBACK, 0, FAST)
    assert anna.address is not None
    driver = scenario.duel_menu()
    driver.press("RETURN")
    driver.type("Bo")
    driver.press("LEFT")
    driver.type(f"{LOOPBACK}:{anna.address.port}/AAAA")
    driver.press("RETURN")
    wait = driver.app.scene
    assert isinstance(wait, NetWaitScene)
    until(driver, lambda: bool(wait.failed), anna, what="the refusal")
    assert "check" in wait.failed
    driver.press("ESCAPE")
    assert isinstance(driver.app.scene, NetSetupScene)
    anna.close()


LONG = "M" * NAME_LENGTH  # the widest name there is
LONGEST_ADDRESS = "[fd7a:115c:a1e0:ab12:4843:cd96:6258:b240]:65535/K7QX"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_text_of_the_network_duel_fits_its_place_in_either_language(lang: str) -> None:
    texts.use(lang)
    try:
        labels = (*texts.NET_FIELDS, *texts.NET_JOIN_FIELDS)
        assert all(len(label) <= 16 for label in labels), labels  # then the dots, the field
        form = NetSetupScene.WIDTH - 6
        assert all(len(line) <= form for line in texts.NET_SETUP_LINES)
        for hint in (texts.NET_HOST_HINT, texts.NET_JOIN_HINT):
            assert not wrap(hint, form, 2)[-1].endswith("…"), hint
        wait = 68 - 4
        for line in (texts.NET_WAIT_TELL, texts.NET_WAIT_JOIN, texts.NET_REFUSED):
            assert len(line) <= wait, line
        assert not wrap(texts.NET_WAIT_CLI.format(code=LONGEST_ADDRESS), wait, 2)[-1].endswith("…")
        keys = (
            texts.NET_SETUP_KEYS,
            texts.NET_JOIN_KEYS,
            texts.NET_WAIT_KEYS,
            texts.NET_WAIT_FAILED,
        )
        assert all(len(line) < COLS for line in keys)
        assert len(texts.NET_RESULT_KEYS.format(name=LONG)) < COLS
        boxed = (*texts.NET_THEY_FORFEIT, *texts.NET_YOU_FORFEIT, *texts.NET_NO_RESULT)
        for line in boxed:
            assert len(line.format(name=LONG, score=-99999)) <= NetBox.WIDTH - 4, line
        news = (
            texts.NET_JOINED, texts.NET_JOINING, texts.NET_VERSIONS, texts.NET_BACK,
            texts.NET_LOST, texts.NET_GONE, texts.NET_GONE_DONE, texts.NET_MINE_DONE,
            texts.NET_TIME_MINE, texts.NET_TIME_THEIRS, texts.NET_BROKEN, texts.NET_NO_UNDO,
            texts.NET_NO_HINTS,
        )  # fmt: skip
        status = COLS - len(texts.DONE_KEY_LABEL) - 1  # the status line beside the Done button
        for line in news:
            assert len(line.format(name=LONG, score=-99999)) <= status, line
        moves = texts.count(texts.MOVES, 9999)
        assert len(texts.NET_THEIRS_DONE.format(name=LONG, score=-99999, moves=moves)) <= status
        # the opponent's bar: their name, the standing or the wait, and the clock (the keys
        # give way when there is no room for them)
        clock = f" {texts.NET_CLOCK.format(clock='99:59')} "
        name = f" {texts.NET_OPPONENT.format(name=LONG)} "
        standing = texts.NET_STANDING.format(score=-9999, moves=9999, home=104)
        for facts in (
            f" {standing} {texts.NET_THEY_FINISHED} ",
            f" {texts.NET_WAITING.format(name=LONG)} ",
            f" {texts.NET_ALONE} ",
        ):
            assert len(name) + len(facts) + len(clock) + 1 <= COLS, facts
            assert len(name) <= (COLS - len(clock) - 1) // 2
    finally:
        texts.use("en")


def test_the_time_limit_shows_on_the_bar_and_ends_both_games() -> None:
    driver, bo = hosted(minutes="1")
    duel = duel_of(driver)
    assert duel.seconds_left() is not None
    assert "left" in clock_part(duel) and ":" in clock_part(duel)
    started = duel.started
    assert started is not None
    for side in (duel, bo):  # a minute passes at once on both clocks
        side.clock = lambda: started + 61  # type: ignore[method-assign]
    until(driver, lambda: isinstance(driver.app.scene, NetResultScene), bo, what="time up")
    result = driver.app.scene
    assert isinstance(result, NetResultScene)
    assert all(player.moves == 0 for player in result.result.players)
    bo.close()


def test_an_opponent_who_leaves_unfinished_leaves_a_duel_without_result_counted_nowhere() -> None:
    driver, bo = hosted()
    duel = duel_of(driver)
    bo.close()  # Bo leaves before finishing: Anna is told at once and plays on alone
    until(driver, lambda: duel.gone, what="Bo gone")
    assert opponent_parts(duel) == (" against Bo ", " has left: you play on alone ", True)
    scenario.play(driver, scenario.ANNA_MOVES[0])
    assert duel.mine is not None and duel.mine.moves_made == 1
    driver.press("X", "Y")
    until(driver, lambda: isinstance(driver.app.scene, NetBox), what="the box")
    box = driver.app.scene
    assert isinstance(box, NetBox) and box.title == texts.NET_ENDED_TITLE
    driver.press("RETURN")
    assert type(driver.app.scene).__name__ == "MenuScene" and driver.app.session is None
    assert not any("against=" in key for key in Records().stats)
