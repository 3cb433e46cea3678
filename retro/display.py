"""Whether the window can be seen here, and what pyxel needs from its surroundings to open it.

SDL, under pyxel, opens a window on any display that answers and, when none does, draws
nowhere without a word: the program would run unseen for ever. So the X server and the Wayland
compositor named are asked first. pyxel also hands the folder it was started from and the
command line to Rust as UTF-8, and panics on a name that is not; and it panics when
SDL_VIDEODRIVER names a driver SDL lacks. Both become one clear line.
"""

from __future__ import annotations

import os
import re
import socket
import sys
import tempfile
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager

from retro.errors import RetroError
from retro.terminal import printable

Address = str | tuple[str, int]  # a Unix socket's path, or a host and port
_X11 = re.compile(r"(?:[a-z]+/)?(?P<host>.*):(?P<number>[0-9]+)(?:\.[0-9]+)?", re.ASCII)
_X11_PORT = 6000
_UNIX_LIKE = ("linux", "freebsd", "openbsd", "netbsd")


def answers(address: Address, seconds: float = 2.0) -> bool:
    """Whether something listens at `address` (a connection is made and closed at once)."""
    try:
        if isinstance(address, tuple):
            socket.create_connection(address, timeout=seconds).close()
            return True
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
            probe.settimeout(seconds)
            probe.connect(address)
    except (OSError, UnicodeError):  # (a host name IDNA cannot write)
        return False
    return True


def no_display(
    environ: Mapping[str, str] | None = None,
    platform: str = sys.platform,
    reach: Callable[[Address], bool] | None = None,
) -> str | None:
    """Why no window can be shown, or None. Only X11 and Wayland systems can lack a display;
    an explicit SDL_VIDEODRIVER (a framebuffer, say) is the player's choice and is trusted. A
    DISPLAY or WAYLAND_DISPLAY is enough when what it names answers (`reach`, by default
    `answers`)."""
    env = os.environ if environ is None else environ
    reach = answers if reach is None else reach
    if not platform.startswith(_UNIX_LIKE) or env.get("SDL_VIDEODRIVER"):
        return None
    x11, wayland = env.get("DISPLAY", ""), env.get("WAYLAND_DISPLAY", "")
    if not x11 and not wayland:
        return (
            "no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set); "
            "'retro-patience console GAME' plays in the terminal"
        )
    places = [*_x11_places(x11, platform), *_wayland_places(wayland, env)]
    if any(reach(place) for place in places):
        return None
    named = " nor ".join(
        f"{name}={printable(value, 60)}"
        for name, value in (("DISPLAY", x11), ("WAYLAND_DISPLAY", wayland))
        if value
    )
    return (
        f"no display answers at {named}: the window would run unseen; "
        "'retro-patience console GAME' plays in the terminal"
    )


def _x11_places(display: str, platform: str) -> list[Address]:
    """Where the X server of a DISPLAY (`[host]:number[.screen]`) listens: a socket of its
    own, a path written whole, or a TCP port of the host; nowhere for other text."""
    found = _X11.fullmatch(display)
    if found is None or len(found["number"]) > 5:
        return []
    number = int(found["number"])
    if found["host"].startswith("/"):
        return [display]
    if found["host"] not in ("", "unix"):
        return [(found["host"], _X11_PORT + number)]
    path = f"/tmp/.X11-unix/X{number}"
    return [path, "\0" + path] if platform.startswith("linux") else [path]


def _wayland_places(name: str, env: Mapping[str, str]) -> list[Address]:
    if not name:
        return []
    if os.path.isabs(name):
        return [name]
    runtime = env.get("XDG_RUNTIME_DIR", "")
    return [os.path.join(runtime, name)] if runtime else []


@contextmanager
def opening_window() -> Iterator[None]:
    """Around pyxel.init: the working folder and the command line made UTF-8 for pyxel while
    it starts (and put back after, whatever pyxel changed), and a panic of SDL's start turned
    into a RetroError. What the start writes on standard error is held back meanwhile: passed
    on after a start, dropped after a panic (Rust's own report of it, besides our line)."""
    cwd = os.getcwd()
    argv = getattr(sys, "orig_argv", None)
    if not _utf8(cwd):
        os.chdir(os.path.expanduser("~") if _utf8(os.path.expanduser("~")) else "/")
    if argv is not None:
        sys.orig_argv = [word if _utf8(word) else ascii(word) for word in argv]
    try:
        with _held_stderr():
            yield
    except BaseException as error:
        if not _panic(error):
            raise
        line = printable(str(error).splitlines()[0] if str(error) else "pyxel stopped")
        raise RetroError(f"the window cannot be opened: {line}") from None
    finally:
        os.chdir(cwd)
        if argv is not None:
            sys.orig_argv = argv


def _panic(error: BaseException) -> bool:
    return type(error).__name__ == "PanicException"  # pyo3's, not importable by name


@contextmanager
def _held_stderr() -> Iterator[None]:
    """Descriptor 2 into a temporary file while the block runs; then its text goes on to the
    real standard error, unless the block ended in a panic. (A browser has no descriptors to
    move: there the block just runs.)"""
    if sys.stderr is not None:
        sys.stderr.flush()
    try:
        saved = os.dup(2)
    except (OSError, AttributeError):
        yield
        return
    keep = True
    with tempfile.TemporaryFile() as held:
        os.dup2(held.fileno(), 2)
        try:
            yield
        except BaseException as error:
            keep = not _panic(error)
            raise
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            held.seek(0)
            text = held.read(1 << 16)
            if text and keep:
                os.write(2, text)


def _utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
