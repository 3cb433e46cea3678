"""Save the screens of a duel across two machines to shots/net/ (git-ignored) to look at, in
English and German: the form (hosting, joining), the wait with the code to tell, the table
with the opponent's bar, the waiting line of a lost connection, a forfeit's box, the result and
the replay of the opponent's game. The other side is a `retro.net` peer on 127.0.0.1.
python tests/ui/netshots.py [SCALE]"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "tests" / "ui"), str(ROOT / "tests")]

import netscenario  # noqa: E402
import scenario  # noqa: E402
from netduel import CATALOG, FAST, LOOPBACK, Relay, done, play_first  # noqa: E402

from retro.net.protocol import Address, MoveMessage  # noqa: E402
from retro.net.session import NetDuel  # noqa: E402
from retro.ui.driver import Driver  # noqa: E402
from retro.ui.scenes.netplay import NetBox, NetResultScene  # noqa: E402
from retro.ui.scenes.replay import ReplayScene  # noqa: E402

OUT = ROOT / "shots" / "net"


def fresh() -> None:
    os.environ["RETRO_PATIENCE_DATA"] = tempfile.mkdtemp(prefix="retro-shots-")
    os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="retro-shots-config-")


def save(driver: Driver, name: str, lang: str, scale: int) -> None:
    driver.redraw()
    path = OUT / f"{name}_{lang}.png"
    driver.save(path, scale)
    print(path)


def shoot(lang: str, scale: int) -> None:
    fresh()
    driver = netscenario.hosting_form(lang)
    save(driver, "form_host", lang, scale)
    driver.press("RIGHT")
    driver.type("192.168.1.20:47474/K7QX")
    save(driver, "form_join", lang, scale)

    fresh()
    driver = netscenario.hosting_form(lang)
    driver.press("RETURN")
    save(driver, "wait", lang, scale)
    driver.app.scene.duel.close()  # type: ignore[attr-defined]

    fresh()
    relay = Relay(0)
    driver, bo = netscenario.hosted(lang, relay, minutes="15")
    duel = netscenario.duel_of(driver)
    scenario.play(driver, *scenario.ANNA_MOVES)
    play_first(bo, 5)
    netscenario.until(driver, lambda: duel.received == 5, bo, what="Bo's moves")
    save(driver, "table", lang, scale)
    relay.refusing = True
    relay.cut()
    netscenario.until(driver, lambda: duel.lost_since is not None, bo, what="the loss")
    save(driver, "waiting", lang, scale)
    relay.refusing = False
    netscenario.until(driver, lambda: duel.connected, bo, what="the reconnect")
    done(bo)
    driver.press("X", "Y")
    netscenario.until(driver, lambda: isinstance(driver.app.scene, NetResultScene), bo)
    save(driver, "result", lang, scale)
    driver.press("O")
    assert isinstance(driver.app.scene, ReplayScene)
    driver.step(200)
    save(driver, "replay", lang, scale)
    driver.press("ESCAPE", "S")
    for _ in range(4):  # past the hot seat and the computer's strengths: against Bo
        driver.press("RIGHT")
    save(driver, "scores", lang, scale)
    bo.close()
    relay.close()

    fresh()  # the other seat: Bo joins from the window a duel Anna hosts from a peer
    anna = NetDuel.host(CATALOG.load("spider_duel", {}), 1, "Anna", 0, LOOPBACK, 900, FAST)
    assert anna.address is not None
    driver = scenario.duel_menu()
    driver.app.set_language(lang)
    driver.press("RETURN")
    driver.type("Bo")
    driver.press("LEFT")
    driver.type(Address(LOOPBACK, anna.address.port, anna.address.check).code())
    driver.press("RETURN")
    netscenario.until(driver, lambda: anna.playing, anna, what="the join")
    netscenario.until(driver, lambda: driver.app.session is not None, anna, what="the table")
    scenario.play(driver, scenario.ANNA_MOVES[0])
    play_first(anna, 3)
    netscenario.until(driver, lambda: netscenario.duel_of(driver).received == 3, anna)
    save(driver, "joined_table", lang, scale)
    anna.close()

    fresh()
    driver, bo = netscenario.hosted(lang)
    assert bo.link is not None
    bo.board.send(bo.link, MoveMessage(1, "tableau:1>foundation:1"))
    netscenario.until(driver, lambda: isinstance(driver.app.scene, NetBox), bo)
    save(driver, "forfeit", lang, scale)
    bo.close()


def main() -> None:
    scale = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    OUT.mkdir(parents=True, exist_ok=True)
    netscenario.loopback()
    assert LOOPBACK == "127.0.0.1"
    for lang in ("en", "de"):
        shoot(lang, scale)


if __name__ == "__main__":
    main()
