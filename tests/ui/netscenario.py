"""A duel across two machines in the window, for the tests and the screenshots: the window
hosts (or joins) through its form by keys, the other side is a `retro.net` peer on 127.0.0.1
stepped between the frames."""

from __future__ import annotations

import time
from collections.abc import Callable

import scenario
from netduel import CATALOG, DEADLINE, FAST, LOOPBACK, Relay

from retro.net.protocol import Address
from retro.net.session import NetDuel
from retro.ui.driver import Driver
from retro.ui.scenes import netsetup
from retro.ui.scenes.netsetup import NetSetupScene, NetWaitScene
from retro.ui.table.scene import TableScene


def loopback() -> None:
    """The window hosts on 127.0.0.1 alone, with the network's waits made short."""
    netsetup.LISTEN_ON = LOOPBACK
    netsetup.TIMING = FAST


def until(driver: Driver, condition: Callable[[], bool], *peers: NetDuel, what: str = "") -> None:
    """Step the window (and poll the peers) until `condition` holds."""
    deadline = time.monotonic() + DEADLINE
    while not condition():
        for peer in peers:
            peer.poll()
        driver.step()
        assert time.monotonic() < deadline, f"waited in vain: {what}"


def hosting_form(lang: str | None = None, minutes: str = "") -> Driver:
    """Spider Duel's duel form turned to "Network: I host" (past the computer's strengths),
    Anna's name typed, any free port, deal 1."""
    driver = scenario.duel_menu()
    if lang:
        driver.app.set_language(lang)
    driver.press("RETURN")
    driver.type("Anna")
    driver.press("RIGHT", "RIGHT", "RIGHT", "RIGHT")
    form = driver.app.scene
    assert isinstance(form, NetSetupScene) and form.mode == netsetup.HOST
    assert form.focus == form.MINUTES  # the name known, the time limit is asked first
    driver.type(minutes)
    driver.press("UP")  # the port
    driver.press(*["BACKSPACE"] * 5)
    driver.type("0")
    driver.press("DOWN", "DOWN")  # the duel code
    driver.type("DUEL-1")
    return driver


def hosted(
    lang: str | None = None, relay: Relay | None = None, minutes: str = ""
) -> tuple[Driver, NetDuel]:
    """Anna hosts from the window; Bo joins from a peer with the code her screen shows
    (through `relay`, when given, started on the port shown)."""
    driver = hosting_form(lang, minutes)
    driver.press("RETURN")
    wait = driver.app.scene
    assert isinstance(wait, NetWaitScene)
    shown = netsetup.shown_address(wait.duel)
    assert shown.host == LOOPBACK
    port = shown.port
    if relay is not None:
        relay.target = port
        port = relay.port
    bo = NetDuel.join(Address(LOOPBACK, port, shown.check), "Bo", CATALOG.load, FAST)
    until(driver, lambda: isinstance(driver.app.scene, TableScene), bo, what="the duel to begin")
    until(driver, lambda: bo.playing, bo, what="Bo to be dealt")
    return driver, bo


def duel_of(driver: Driver) -> NetDuel:
    session = driver.app.session
    assert session is not None and session.net is not None
    return session.net
