"""The network duel's messages, codes and records, without a network: what is written reads
back, what a peer may not send is refused with a reason, and a duel counts against the
opponent's name, draws too."""

from __future__ import annotations

from pathlib import Path

import pytest

from retro.duel import DuelError
from retro.engine.game import Game
from retro.engine.position import DONE, Move
from retro.net.protocol import (
    MAX_MESSAGE,
    VERSION,
    Address,
    Bye,
    Failure,
    Forfeit,
    Hello,
    Join,
    MoveMessage,
    Ping,
    ProtocolError,
    check_code,
    deal_digest,
    decode,
    encode,
    parse_address,
)
from retro.store.records import Records, opponent_key
from tests.helpers import load

DUEL = load("spider_duel")


def hello(**changes: object) -> Hello:
    fields: dict[str, object] = {
        "version": VERSION,
        "program": "0.1.0",
        "game": "spider_duel",
        "options": {},
        "seed": 42,
        "deal": deal_digest(DUEL, 42),
        "time_limit": 0,
        "name": "Anna",
        "session": "0123456789abcdef",
        "have": 0,
    }
    return Hello(**{**fields, **changes})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "message",
    [
        Join(VERSION, "Bo", "", 0),
        Join(VERSION, "Jürgen", "0123456789abcdef", 17),
        hello(),
        hello(options={"suits": 2, "relaxed": True}, time_limit=600),
        MoveMessage(3, "tableau:3>tableau:7/2"),
        MoveMessage(4, "done"),
        Ping(),
        Forfeit(5, "a 7 goes only on an 8"),
        Failure("closed: a message longer than 4096 bytes"),
        Bye(),
    ],
)
def test_every_message_reads_back_as_written(message: object) -> None:
    line = encode(message)  # type: ignore[arg-type]
    assert line.endswith(b"\n") and b"\n" not in line[:-1]
    assert decode(line) == message


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (b'{"type": "move", "n": 0, "move": "deal"}', "'n' must be a whole number from 1"),
        (b'{"type": "move", "n": true, "move": "deal"}', "'n' must be a whole number"),
        (b'{"type": "move", "n": 1, "move": "' + b"x" * 200 + b'"}', "'move' must be text"),
        (b'{"type": "move", "n": 1}', "'move' must be text"),
        (b'{"type": "hello", "version": 1, "game": "../etc"}', "'deal' must be text"),
        (
            b'{"type": "join", "version": 1, "name": "Bell\\u0007", "session": "", "have": 0}',
            "name",
        ),
        (b'{"type": "join", "version": 0}', "'version' must be a whole number"),
        (b'{"type": "ping", "n": 123456789012345678901234567}', "not JSON"),
        (b'{"type": "ping", "x": NaN}', "not JSON"),
        (b'{"type": 7}', "unknown type"),
        (b'{"type": "error", "message": "\\u001b[2J all gone"}', "cannot be shown"),
        (b'{"type": "forfeit", "n": 1, "why": "bad\\nline"}', "cannot be shown"),
        (b'{"type": "move", "n": 1, "move": "t1>t2\\u0007"}', "cannot be shown"),
        (b"x" * (MAX_MESSAGE + 1), "longer than"),
    ],
)
def test_a_message_out_of_bounds_is_refused_with_its_reason(line: bytes, reason: str) -> None:
    with pytest.raises(ProtocolError, match=reason.replace("(", r"\(")):
        decode(line)


def test_a_hello_naming_a_path_instead_of_a_game_is_refused() -> None:
    line = encode(hello()).replace(b'"spider_duel"', b'"../../etc/passwd"')
    with pytest.raises(ProtocolError, match="'game'"):
        decode(line)


def test_another_protocol_version_is_named_before_any_other_field_is_read() -> None:
    with pytest.raises(ProtocolError, match="version 2 of the duel protocol"):
        decode(b'{"type": "hello", "version": 2, "game": 12}')


def test_a_reason_is_sent_as_one_printable_line_the_other_side_accepts() -> None:
    sent = decode(encode(Forfeit(1, "two\nlines\tand " + "x" * 400)))
    assert isinstance(sent, Forfeit) and sent.why.startswith("two lines and x")
    assert len(sent.why) == 300


def test_nothing_too_long_is_ever_sent() -> None:
    with pytest.raises(ProtocolError, match="longer than"):
        encode(MoveMessage(1, "t1>t2" * 1000))


def test_the_check_code_follows_the_deal_and_the_session() -> None:
    first = check_code(hello())
    assert len(first) == 4 and first.isalnum() and first.isupper()
    assert check_code(hello()) == first
    others = {
        check_code(hello(seed=43, deal=deal_digest(DUEL, 43))),
        check_code(hello(time_limit=60)),
        check_code(hello(session="fedcba9876543210")),
    }
    assert first not in others


def test_the_deal_digest_is_the_dealt_cards() -> None:
    assert deal_digest(DUEL, 42) == deal_digest(load("spider_duel"), 42)
    assert deal_digest(DUEL, 42) != deal_digest(DUEL, 43)
    assert deal_digest(DUEL, 42) != deal_digest(load("spider"), 42)


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("192.168.1.20:47474", Address("192.168.1.20", 47474)),
        ("  192.168.1.20:47474/k7qx ", Address("192.168.1.20", 47474, "K7QX")),
        ("anna-laptop.local:5000/IWW4", Address("anna-laptop.local", 5000, "IWW4")),
        ("[fd7a:115c:a1e0::1]:47474/AB2C", Address("fd7a:115c:a1e0::1", 47474, "AB2C")),
        ("host:1/B0I8", Address("host", 1, "BOIB")),  # digits read as the letters they look like
    ],
)
def test_a_duel_to_join_is_read_from_the_hosts_code(text: str, address: Address) -> None:
    assert parse_address(text) == address
    assert parse_address(address.code()) == address


@pytest.mark.parametrize(
    "text", ["", "192.168.1.20", "host:0", "host:70000", "host:47474/ABC", "a b:1", "host:1/AB+C"]
)
def test_anything_else_is_not_a_duel_to_join(text: str) -> None:
    with pytest.raises(DuelError, match="not a duel to join"):
        parse_address(text)


def test_network_duels_count_won_lost_and_drawn_against_each_opponent(tmp_path: Path) -> None:
    records = Records(tmp_path / "records.json")
    game = Game(DUEL, 3)
    game.push(Move(DONE, -1))
    records.record(game, "Anna", won=True, opponent="Bo")
    records.record(game, "Anna", won=False, opponent="Bo")
    records.record(game, "Anna", won=False, drawn=True, opponent="Bo")
    records.record(game, "Anna", won=False, drawn=True, opponent="Cy")
    again = Records(tmp_path / "records.json")
    against_bo = again.stats[opponent_key("spider_duel", "Bo")]
    assert (against_bo.played, against_bo.won, against_bo.lost, against_bo.drawn) == (3, 1, 1, 1)
    assert against_bo.streak == 0  # a draw ends a run
    assert again.stats[opponent_key("spider_duel", "Cy")].drawn == 1
    assert "spider_duel" not in again.stats  # apart from the hot seat's
    assert len(again.table("spider_duel", {})) == 4  # the scores enter the table as any other


def test_the_stats_command_shows_draws_once_there_are_any(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from retro.cli import main

    monkeypatch.setenv("RETRO_PATIENCE_DATA", str(tmp_path))
    Records().record(Game(DUEL, 5), "Anna", won=False)
    assert main(["stats", "spider_duel"]) == 0
    assert "drawn" not in capsys.readouterr().out
    Records().record(Game(DUEL, 5), "Anna", won=False, drawn=True, opponent="Bo Lee")
    assert main(["stats", "spider_duel"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].split()[3:7] == ["played", "won", "lost", "drawn"]
    against = next(row for row in rows if "against=Bo Lee" in row)  # three words, as the header
    assert against.split()[3:7] == ["1", "0", "0", "1"]
