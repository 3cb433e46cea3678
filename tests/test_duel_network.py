"""Network duels played whole through the real protocol, both sides in this process on
127.0.0.1: the same deal, live standings, the result and the tie rule, a forfeit, a connection
lost and restored, a peer that stops answering, and hostile peers."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from retro.duel import DuelError
from retro.engine.notation import format_position
from retro.net.duelstate import BROKEN, FORFEIT, GONE, LOST, REFUSED
from retro.net.protocol import VERSION, MoveMessage
from retro.net.session import NetDuel
from tests.netduel import (
    FAST,
    Pump,
    RawPeer,
    Relay,
    done,
    host,
    join,
    play_first,
    same_game,
    started,
)


@pytest.fixture
def pair() -> Iterator[tuple[NetDuel, NetDuel]]:
    anna = host()
    bo = join(anna)
    yield anna, bo
    bo.close()
    anna.close()


def line(**fields: object) -> bytes:
    return json.dumps(fields).encode() + b"\n"


def joined_raw(anna: NetDuel, name: str = "Mallory") -> RawPeer:
    """A raw peer that has joined the host properly (its hello read)."""
    assert anna.address is not None
    raw = RawPeer(anna.address.port, Pump(anna))
    raw.send(line(type="join", version=VERSION, name=name, session="", have=0))
    assert json.loads(raw.line())["type"] == "hello"
    return raw


# -- a whole duel --------------------------------------------------------------------------------


def test_both_sides_play_the_identical_deal(pair: tuple[NetDuel, NetDuel]) -> None:
    anna, bo = pair
    started(anna, bo)
    assert same_game(anna.mine, bo.mine)
    assert same_game(anna.theirs, bo.mine)
    assert same_game(bo.theirs, anna.mine)
    assert anna.opponent == "Bo" and bo.opponent == "Anna"


def test_each_side_sees_the_others_score_moves_and_cards_home_as_they_play(
    pair: tuple[NetDuel, NetDuel],
) -> None:
    anna, bo = pair
    pump = started(anna, bo)
    play_first(anna, 4)
    pump.until(lambda: bo.standing() is not None and bo.standing().moves == 4, "Anna's moves")
    seen = bo.standing()
    assert seen is not None and anna.mine is not None
    assert (seen.name, seen.score, seen.moves, seen.finished, seen.connected) == (
        "Anna",
        anna.mine.score(),
        4,
        False,
        True,
    )
    assert seen.home == 0
    assert same_game(bo.theirs, anna.mine)  # replayed card for card on Bo's copy


def test_the_result_comes_when_both_are_done_with_the_higher_score_winning(
    pair: tuple[NetDuel, NetDuel],
) -> None:
    anna, bo = pair
    pump = started(anna, bo)
    play_first(anna, 3)  # every move costs a point in Spider Duel: Bo, who makes one, wins
    play_first(bo, 1)
    done(anna)
    pump.until(lambda: bo.their_final, "Anna's Done")
    assert not anna.over and not bo.over
    assert anna.result() is None
    done(bo)
    pump.until(lambda: anna.over and bo.over, "both done")
    mine, theirs = anna.result(), bo.result()
    assert mine is not None and theirs is not None
    assert mine.winner_name == theirs.winner_name == "Bo"
    assert [p.score for p in mine.players] == [-3, -1]
    assert [p.score for p in theirs.players] == [-1, -3]


def test_equal_scores_and_moves_are_a_draw_by_the_hot_seats_rule(
    pair: tuple[NetDuel, NetDuel],
) -> None:
    anna, bo = pair
    pump = started(anna, bo)
    play_first(anna, 2)
    play_first(bo, 2)
    done(anna)
    done(bo)
    pump.until(lambda: anna.over and bo.over, "both done")
    assert anna.result() is not None and anna.result().draw  # type: ignore[union-attr]
    assert bo.result() is not None and bo.result().draw  # type: ignore[union-attr]


def test_no_move_before_the_other_player_has_joined() -> None:
    anna = host()
    try:
        with pytest.raises(DuelError, match="waiting for the other player"):
            play_first(anna, 1)
    finally:
        anna.close()


def test_the_time_limit_ends_both_games() -> None:
    anna = host(time_limit=1)
    bo = join(anna)
    try:
        pump = started(anna, bo)
        assert bo.hello is not None and bo.hello.time_limit == 1
        play_first(bo, 2)
        pump.until(lambda: anna.over and bo.over, "the time limit")
        assert "time" in pump.kinds(anna) and "time" in pump.kinds(bo)
        result = anna.result()
        assert result is not None and [p.moves for p in result.players] == [0, 2]
    finally:
        bo.close()
        anna.close()


# -- what cannot be faked ------------------------------------------------------------------------


def test_a_move_the_rules_refuse_is_a_forfeit_on_both_sides(
    pair: tuple[NetDuel, NetDuel],
) -> None:
    anna, bo = pair
    pump = started(anna, bo)
    assert bo.link is not None
    bo.sent.append("tableau:1>foundation:1")  # not made on Bo's own table: a faked move
    bo.board.send(bo.link, MoveMessage(1, "tableau:1>foundation:1"))
    pump.until(lambda: anna.over and bo.over, "the forfeit")
    assert anna.forfeit == 1 and bo.forfeit == 0
    assert anna.result() is not None and anna.result().winner_name == "Anna"  # type: ignore[union-attr]
    assert bo.result() is not None and bo.result().winner_name == "Anna"  # type: ignore[union-attr]
    assert FORFEIT in pump.kinds(anna) and FORFEIT in pump.kinds(bo)
    assert "Bo forfeits" in pump.texts(anna)
    assert "You forfeit" in pump.texts(bo) and "tableau:1>foundation:1" in pump.texts(bo)


def test_a_score_cannot_be_sent_only_moves(pair: tuple[NetDuel, NetDuel]) -> None:
    anna, bo = pair
    pump = started(anna, bo)
    assert bo.link is not None
    bo.board.send(bo.link, MoveMessage(1, "score 1000"))
    pump.until(lambda: anna.over, "the forfeit")
    assert anna.forfeit == 1
    assert anna.standing() is not None and anna.standing().score == 0  # type: ignore[union-attr]


def test_a_joiner_told_another_check_code_refuses_the_host() -> None:
    anna = host()
    assert anna.address is not None
    wrong = "AAAA" if anna.address.check != "AAAA" else "BBBB"
    bo = join(anna, check=wrong)
    try:
        pump = Pump(anna, bo)
        pump.until(lambda: bo.over, "the refusal")
        assert REFUSED in pump.kinds(bo)
        assert "another duel" in pump.texts(bo) and wrong in pump.texts(bo)
        assert not bo.playing
    finally:
        bo.close()
        anna.close()


def test_two_players_of_one_name_are_told_to_choose_another() -> None:
    anna = host()
    bo = join(anna, name="anna")
    try:
        pump = Pump(anna, bo)
        pump.until(lambda: bo.over, "the refusal")
        assert "both players are called" in pump.texts(bo)
        assert not anna.playing  # the host still waits for someone else
    finally:
        bo.close()
        anna.close()


# -- faults ------------------------------------------------------------------------------------


def test_a_dropped_connection_pauses_both_play_on_and_a_reconnect_carries_on() -> None:
    anna = host()
    relay = Relay(anna.address.port)  # type: ignore[union-attr]
    bo = join(anna, port=relay.port)
    try:
        pump = started(anna, bo)
        play_first(anna, 1)
        play_first(bo, 1)
        pump.until(lambda: anna.received == 1 and bo.received == 1, "the first moves")
        relay.refusing = True
        relay.cut()
        pump.until(lambda: not anna.connected and not bo.connected, "the drop noticed")
        assert LOST in pump.kinds(anna) and LOST in pump.kinds(bo)
        assert anna.waiting() == "waiting for Bo... reconnecting"
        assert bo.waiting() == "waiting for Anna... reconnecting"
        play_first(anna, 2)  # both keep playing
        play_first(bo, 3)
        relay.refusing = False
        pump.until(lambda: anna.connected and bo.connected, "the reconnect")
        pump.until(lambda: anna.received == 4 and bo.received == 3, "the missed moves")
        assert same_game(anna.theirs, bo.mine) and same_game(bo.theirs, anna.mine)
        assert "back" in pump.kinds(anna) and "back" in pump.kinds(bo)
        done(anna)
        done(bo)
        pump.until(lambda: anna.over and bo.over, "both done")
        assert anna.result() is not None and anna.result().winner_name == "Anna"  # type: ignore[union-attr]
    finally:
        bo.close()
        anna.close()
        relay.close()


def test_without_a_reconnect_in_time_the_duel_ends_and_each_finishes_alone() -> None:
    anna = host()
    relay = Relay(anna.address.port)  # type: ignore[union-attr]
    bo = join(anna, port=relay.port)
    try:
        pump = started(anna, bo)
        relay.refusing = True
        relay.cut()
        pump.until(lambda: anna.gone and bo.gone, "the reconnect window to pass")
        assert GONE in pump.kinds(anna) and "finish your game alone" in pump.texts(anna)
        assert not anna.over
        play_first(anna, 2)  # playing on alone
        done(anna)
        pump.until(lambda: anna.over, "Anna done")
        assert anna.result() is None  # no result without Bo's finished game
    finally:
        bo.close()
        anna.close()
        relay.close()


def test_an_opponent_already_done_when_lost_still_gives_a_result() -> None:
    anna = host()
    relay = Relay(anna.address.port)  # type: ignore[union-attr]
    bo = join(anna, port=relay.port)
    try:
        pump = started(anna, bo)
        play_first(bo, 1)
        done(bo)
        pump.until(lambda: anna.their_final, "Bo's Done")
        relay.refusing = True
        relay.cut()
        pump.until(lambda: anna.gone, "Bo gone")
        done(anna)
        pump.until(lambda: anna.over, "Anna done")
        assert anna.result() is not None and anna.result().winner_name == "Anna"  # type: ignore[union-attr]
    finally:
        bo.close()
        anna.close()
        relay.close()


def test_a_peer_that_stops_answering_is_found_out_and_comes_back() -> None:
    anna = host()
    relay = Relay(anna.address.port)  # type: ignore[union-attr]
    bo = join(anna, port=relay.port)
    try:
        pump = started(anna, bo)
        relay.frozen = True  # the connection stays open, nothing gets through
        pump.until(lambda: not anna.connected and not bo.connected, "the silence noticed")
        assert f"no answer for {FAST.silence:g} seconds" in pump.texts(anna)
        play_first(bo, 1)
        relay.frozen = False
        pump.until(lambda: anna.connected and anna.received == 1, "the reconnect")
    finally:
        bo.close()
        anna.close()
        relay.close()


def test_leaving_tells_the_other_side_at_once(pair: tuple[NetDuel, NetDuel]) -> None:
    anna, bo = pair
    pump = started(anna, bo)
    bo.close()
    pump.until(lambda: anna.gone, "Bo's leaving")
    assert "Bo left the duel" in pump.texts(anna)


# -- hostile peers ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sent", "told"),
    [
        (b"\xff\xfe garbage\n", "not UTF-8"),
        (b"hello there\n", "not JSON"),
        (b"[1, 2]\n", "not a JSON object"),
        (line(type="launch"), "unknown type"),
        (line(type="join", version=99, name="Eve", session="", have=0), "version 99"),
        (line(type="join", version=VERSION, name="E" * 30, session="", have=0), "name"),
        (line(type="join", version=VERSION, name="Eve", session="../x", have=0), "session"),
        (line(type="join", version=VERSION, name="Eve", session="", have=-1), "'have'"),
        (b'{"type": "join", "version": 1e999}\n', "not JSON"),
        (b"[" * 5000 + b"\n", "longer than"),
        (b"x" * 10_000, "longer than"),
    ],
)
def test_a_stranger_sending_garbage_is_told_why_and_closed_and_the_host_waits_on(
    sent: bytes, told: str
) -> None:
    anna = host()
    try:
        raw = RawPeer(anna.address.port)  # type: ignore[union-attr]
        raw.send(sent)
        answers = raw.lines_until_closed()
        assert len(answers) == 1
        error = json.loads(answers[0])
        assert error["type"] == "error" and told in error["message"]
        raw.close()
        bo = join(anna)
        started(anna, bo)  # the host is unharmed: the real player still joins
        bo.close()
    finally:
        anna.close()


def test_an_opponent_sending_garbage_mid_duel_ends_the_duel_not_the_program() -> None:
    anna = host()
    try:
        raw = joined_raw(anna)
        raw.send(b'{"type": "move", "n": "one", "move": "deal"}\n')
        answers = raw.lines_until_closed()
        assert "'n' must be a whole number" in json.loads(answers[-1])["message"]
        pump = raw.pump
        assert pump is not None
        pump.until(lambda: anna.ended is not None, "the duel ended")
        assert BROKEN in pump.kinds(anna)
        play_first(anna, 1)  # Anna's own game goes on
    finally:
        anna.close()


def test_moves_out_of_order_end_the_duel() -> None:
    anna = host()
    try:
        raw = joined_raw(anna)
        raw.send(line(type="move", n=3, move="deal"))
        answers = raw.lines_until_closed()
        assert "move 3 came before move 1" in json.loads(answers[-1])["message"]
        assert raw.pump is not None and "move 3 came before move 1" in raw.pump.texts(anna)
    finally:
        anna.close()


def test_a_move_sent_twice_counts_once() -> None:
    anna = host()
    try:
        raw = joined_raw(anna)
        raw.send(line(type="move", n=1, move="deal") * 2)
        pump = raw.pump
        assert pump is not None
        pump.until(lambda: anna.received == 1, "the move")
        raw.send(line(type="move", n=2, move="done"))
        pump.until(lambda: anna.their_final, "the Done")
        assert anna.ended is None and anna.theirs is not None and anna.theirs.moves_made == 1
    finally:
        anna.close()


def test_a_flood_of_messages_is_cut_off() -> None:
    anna = host()
    try:
        raw = joined_raw(anna)
        raw.send(line(type="ping") * 2000)
        answers = raw.lines_until_closed()
        assert "messages a second" in json.loads(answers[-1])["message"]
        Pump(anna).until(lambda: anna.ended is not None, "the duel ended")
    finally:
        anna.close()


def test_a_second_player_cannot_take_over_a_duel_under_way(
    pair: tuple[NetDuel, NetDuel],
) -> None:
    anna, bo = pair
    pump = started(anna, bo)
    for name, session in (("Eve", ""), ("Bo", "0" * 16)):
        raw = RawPeer(anna.address.port, pump)  # type: ignore[union-attr]
        raw.send(line(type="join", version=VERSION, name=name, session=session, have=0))
        assert "under way" in json.loads(raw.lines_until_closed()[-1])["message"]
        raw.close()
    assert anna.connected and anna.opponent == "Bo"


def test_a_host_answering_in_another_version_is_refused() -> None:
    import socket
    import threading

    from tests.netduel import LOOPBACK, NetDuel

    listener = socket.create_server((LOOPBACK, 0))

    def fake_host() -> None:
        sock, _ = listener.accept()
        sock.recv(4096)
        sock.sendall(line(type="hello", version=2, whatever=True))
        sock.recv(4096)
        sock.close()

    threading.Thread(target=fake_host, daemon=True).start()
    from retro.net.protocol import Address
    from tests.netduel import CATALOG

    bo = NetDuel.join(Address(LOOPBACK, listener.getsockname()[1]), "Bo", CATALOG.load, FAST)
    try:
        pump = Pump(bo)
        pump.until(lambda: bo.over, "the refusal")
        assert "version 2" in pump.texts(bo)
    finally:
        bo.close()
        listener.close()


def test_joining_where_nobody_listens_says_so() -> None:
    import socket

    from retro.net.protocol import Address
    from tests.netduel import CATALOG, LOOPBACK

    with socket.socket() as probe:  # a port free a moment ago, with nobody on it now
        probe.bind((LOOPBACK, 0))
        port = probe.getsockname()[1]
    bo = NetDuel.join(Address(LOOPBACK, port), "Bo", CATALOG.load, FAST)
    try:
        pump = Pump(bo)
        pump.until(lambda: bo.over, "the failure")
        assert "Cannot join" in pump.texts(bo)
    finally:
        bo.close()


def test_every_side_reckons_the_same_position_text() -> None:
    anna = host(seed=123)
    bo = join(anna)
    try:
        started(anna, bo)
        assert anna.mine is not None and bo.mine is not None
        assert format_position(anna.mine.position) == format_position(bo.mine.position)
        assert anna.mine.seed == bo.mine.seed == 123
    finally:
        bo.close()
        anna.close()


def test_a_message_out_of_place_ends_the_duel_with_a_reason() -> None:
    anna = host()
    try:
        raw = joined_raw(anna)
        raw.send(line(type="join", version=VERSION, name="Mallory", session="", have=0))
        answers = raw.lines_until_closed()
        assert "a join message out of place" in json.loads(answers[-1])["message"]
        assert raw.pump is not None and BROKEN in raw.pump.kinds(anna)
    finally:
        anna.close()


def test_the_terminal_shows_the_opponent_and_the_news_in_words(
    pair: tuple[NetDuel, NetDuel],
) -> None:
    import io

    from retro.net.terminal import DuelTerminal

    anna, bo = pair
    started(anna, bo)
    out = io.StringIO()
    screen = DuelTerminal(anna, out, as_json=False)
    for line in ("undo", "hint", "them", "deal"):
        assert screen.handle(line)
    play_first(bo, 1)
    Pump(anna, bo).until(lambda: anna.received == 1, "Bo's move")
    screen.handle("them")
    text = out.getvalue()
    assert "?? a duel has no undo: every move counts" in text
    assert "?? a duel across two machines has no hints" in text
    assert "   Bo: score 0, 0 moves, 0 cards home (playing)" in text
    assert "Spider Duel  deal 7  score -1  moves 1  playing" in text
    assert f"   Bo: score {bo.mine.score()}, 1 move, 0 cards home (playing)" in text  # type: ignore[union-attr]
    assert not screen.handle("quit")
    assert out.getvalue().endswith("** You left the duel.\n")


def test_a_host_of_another_program_version_is_played_with_a_word_of_warning() -> None:
    import socket
    import threading

    from retro.net.protocol import Address, Hello, deal_digest, encode
    from tests.netduel import CATALOG, DUEL, LOOPBACK

    listener = socket.create_server((LOOPBACK, 0))
    hello = Hello(
        VERSION, "9.9.9", "spider_duel", {}, 5, deal_digest(DUEL, 5), 0, "Anna", "ab" * 8, 0
    )

    def fake_host() -> None:
        sock, _ = listener.accept()
        sock.recv(4096)
        sock.sendall(encode(hello))
        while sock.recv(4096):
            pass
        sock.close()

    threading.Thread(target=fake_host, daemon=True).start()
    bo = NetDuel.join(Address(LOOPBACK, listener.getsockname()[1]), "Bo", CATALOG.load, FAST)
    try:
        pump = Pump(bo)
        pump.until(lambda: bo.playing, "the duel to begin")
        assert "Anna plays retro-patience 9.9.9" in pump.texts(bo)
        assert same_game(bo.mine, bo.theirs) and bo.mine is not None and bo.mine.seed == 5
    finally:
        bo.close()
        listener.close()


def test_hosting_on_a_port_in_use_says_so() -> None:
    from tests.netduel import DUEL, LOOPBACK

    anna = host()
    try:
        port = anna.address.port  # type: ignore[union-attr]
        with pytest.raises(DuelError, match=f"cannot listen on port {port}"):
            NetDuel.host(DUEL, 1, "Cy", port, LOOPBACK, 0, FAST)
    finally:
        anna.close()
