"""The window itself: its size, fullscreen, and the keys that work on every screen.

The 640x400 screen is shown at a whole scale (crisp pixels): at start the one the player chose
(settings), else the largest that fits the display. pyxel takes the scale only when the window
opens and guesses a smaller one by itself, so the display's size, and a new window size while
playing, are asked of the SDL library pyxel runs on; where that library cannot be reached
(another platform's build, no display) pyxel's own choice stands and a new size waits for the
next start. Fullscreen is pyxel's (Alt+Enter is pyxel's own key for it too).
"""

from __future__ import annotations

import ctypes
import os
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Protocol

from retro.store.settings import MAX_SCALE
from retro.ui.table.layout import SCREEN_H, SCREEN_W

if TYPE_CHECKING:
    from retro.store.settings import Settings
    from retro.ui.keymap import Keyboard

SYNC_EVERY = 15  # frames between two looks at whether pyxel's Alt+Enter changed fullscreen
TITLE_BAR = 40  # room left for the window's frame and title bar when it must fit the display
_SDL_INIT_VIDEO = 0x20
_SDL_CENTERED = 0x2FFF0000
_SDL_WINDOW_FULLSCREEN = 0x1


class _Rect(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("w", ctypes.c_int), ("h", ctypes.c_int)]


def largest_scale(display: tuple[int, int] | None) -> int:
    """The largest whole scale whose window fits a display of that usable size (at least 1);
    0 when the size is not known."""
    if display is None:
        return 0
    width, height = display
    fits = min(width // SCREEN_W, (height - TITLE_BAR) // SCREEN_H)
    return max(1, min(fits, MAX_SCALE))


def next_scale(scale: int, largest: int) -> int:
    """The window size after `scale` when the player asks for the next one: one step bigger,
    round to 1x past the largest that fits."""
    top = largest or MAX_SCALE
    return scale + 1 if scale < top else 1


@cache
def _sdl() -> ctypes.CDLL | None:
    """The SDL library pyxel runs on (loaded already where pyxel loads it by itself). The
    system's search (`find_library`, which runs compilers and ldconfig) only when neither
    name is found: it costs more than the rest of the start."""
    import pyxel

    for name in (
        "libSDL2-2.0.so.0",
        str(Path(pyxel.__file__).parent / "libs" / "libSDL2-2.0.so.0"),
    ):
        try:
            return ctypes.CDLL(name)
        except OSError:
            continue
    from ctypes.util import find_library

    found = find_library("SDL2")
    try:
        return ctypes.CDLL(found) if found else None
    except OSError:
        return None


def display_size() -> tuple[int, int] | None:
    """The usable size of the first display (without task bars), or None when it cannot be
    asked."""
    sdl = _sdl()
    if sdl is None:
        return None
    try:
        if sdl.SDL_InitSubSystem(_SDL_INIT_VIDEO) != 0:
            return None
        rect = _Rect()
        found = sdl.SDL_GetDisplayUsableBounds(0, ctypes.byref(rect)) == 0
        sdl.SDL_QuitSubSystem(_SDL_INIT_VIDEO)
    except AttributeError:
        return None
    return (rect.w, rect.h) if found and rect.w > 0 and rect.h > 0 else None


def resize_window(scale: int) -> bool:
    """Give the open window the size of `scale`, centred; False when it cannot be done now."""
    sdl = _sdl()
    if sdl is None:
        return False
    try:
        window = _current_window(sdl)
        if window is None:
            return False
        sdl.SDL_SetWindowSize(window, SCREEN_W * scale, SCREEN_H * scale)
        sdl.SDL_SetWindowPosition(window, _SDL_CENTERED, _SDL_CENTERED)
    except AttributeError:
        return False
    return True


@cache
def window_manager_missing() -> bool:
    """Whether the window runs on an X server without a window manager (a bare Xvfb, a
    kiosk): there, SDL's fullscreen asks a manager that is not there, the window keeps its
    size and the screen is drawn for the display inside it, a part of it seen. False
    wherever it cannot be told (Wayland, Windows, macOS: a manager is always there)."""
    if not os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return False
    from ctypes.util import find_library

    try:
        xlib = ctypes.CDLL(find_library("X11") or "libX11.so.6")
        xlib.XOpenDisplay.restype = ctypes.c_void_p
        xlib.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        xlib.XDefaultRootWindow.restype = ctypes.c_ulong
        xlib.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
        xlib.XInternAtom.restype = ctypes.c_ulong
        xlib.XGetWindowProperty.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong]
        xlib.XGetWindowProperty.argtypes += [ctypes.c_long, ctypes.c_long, ctypes.c_int]
        xlib.XGetWindowProperty.argtypes += [ctypes.c_ulong] + [ctypes.c_void_p] * 5
        xlib.XFree.argtypes = [ctypes.c_void_p]
        xlib.XCloseDisplay.argtypes = [ctypes.c_void_p]
        display = xlib.XOpenDisplay(None)
        if not display:
            return False
        try:  # a window manager names itself on the root window through this property
            atom = xlib.XInternAtom(display, b"_NET_SUPPORTING_WM_CHECK", 1)
            if atom == 0:
                return True
            kind, form = ctypes.c_ulong(), ctypes.c_int()
            items, left, data = ctypes.c_ulong(), ctypes.c_ulong(), ctypes.c_void_p()
            xlib.XGetWindowProperty(
                display,
                xlib.XDefaultRootWindow(display),
                atom,
                0,
                1,
                0,
                0,  # AnyPropertyType
                ctypes.byref(kind),
                ctypes.byref(form),
                ctypes.byref(items),
                ctypes.byref(left),
                ctypes.byref(data),
            )
            if data:
                xlib.XFree(data)
            return items.value == 0
        finally:
            xlib.XCloseDisplay(display)
    except (OSError, AttributeError):
        return False


def cover_display(on: bool, scale: int) -> bool:
    """Fullscreen made by hand: the window without its frame, the display's size, at its
    corner; off, framed again at the size of `scale`. False when it cannot be done."""
    sdl = _sdl()
    if sdl is None:
        return False
    try:
        window = _current_window(sdl)
        if window is None:
            return False
        sdl.SDL_SetWindowBordered(window, 0 if on else 1)
        if not on:
            return resize_window(scale)
        bounds = _Rect()
        if sdl.SDL_GetDisplayBounds(0, ctypes.byref(bounds)) != 0:
            return False
        sdl.SDL_SetWindowSize(window, bounds.w, bounds.h)
        sdl.SDL_SetWindowPosition(window, bounds.x, bounds.y)
    except AttributeError:
        return False
    return True


def _current_window(sdl: ctypes.CDLL) -> ctypes.c_void_p | None:
    sdl.SDL_GL_GetCurrentWindow.restype = ctypes.c_void_p
    window = sdl.SDL_GL_GetCurrentWindow()
    return ctypes.c_void_p(window) if window else None


def is_fullscreen() -> bool | None:
    """Whether the open window is fullscreen now (pyxel's Alt+Enter switches it by itself);
    None when it cannot be asked."""
    sdl = _sdl()
    if sdl is None:
        return None
    try:
        window = _current_window(sdl)
        if window is None:
            return None
        sdl.SDL_GetWindowFlags.restype = ctypes.c_uint32
        return bool(sdl.SDL_GetWindowFlags(window) & _SDL_WINDOW_FULLSCREEN)
    except AttributeError:
        return None


class Owner(Protocol):
    """What the window's keys need of the application."""

    keyboard: Keyboard
    settings: Settings
    frame: int

    def save_settings(self) -> None: ...

    def quit(self) -> None: ...


class Window:
    """The window's state (scale, fullscreen) and the keys of every screen (the keymap's
    "window" context), read by the App before the scene's own."""

    context = "window"

    def __init__(self, scale: int, fullscreen: bool, largest: int, live: bool) -> None:
        """`live`: a real window is open (not headless), so it can be resized."""
        self.scale = scale
        self.fullscreen = fullscreen
        self.largest = largest
        self.live = live
        self.by_hand = False  # fullscreen made by hand (`cover_display`): SDL's flag not set

    def update(self, app: Owner) -> None:
        for action, _ in app.keyboard.actions(self.context):
            self.HANDLERS[action](self, app)
        if self.live and not self.by_hand and app.frame % SYNC_EVERY == 0:
            now = is_fullscreen()
            if now is not None and now != self.fullscreen:  # Alt+Enter, pyxel's own key
                self.fullscreen = now
                app.settings.fullscreen = now
                app.save_settings()

    def set_fullscreen(self, app: Owner, on: bool) -> None:
        import pyxel

        self.fullscreen = on
        if self.live and not window_manager_missing():
            pyxel.fullscreen(on)
        elif self.live:  # nobody to make the window fullscreen: it is made the display's size
            self.by_hand = cover_display(on, self.scale) and on
        app.settings.fullscreen = on
        app.save_settings()

    def set_scale(self, app: Owner, scale: int) -> bool:
        """A new window size, remembered; False when it can only apply from the next start."""
        self.scale = scale
        app.settings.scale = scale
        app.save_settings()
        if self.fullscreen or not self.live:
            return True
        return resize_window(scale)

    def _toggle_fullscreen(self, app: Owner) -> None:
        self.set_fullscreen(app, not self.fullscreen)

    def _bigger(self, app: Owner) -> None:
        self.set_scale(app, next_scale(self.scale, self.largest))

    def _quit(self, app: Owner) -> None:
        app.quit()

    HANDLERS: ClassVar[dict[str, Callable[[Window, Owner], None]]] = {
        "fullscreen": _toggle_fullscreen,
        "scale": _bigger,
        "quit": _quit,
    }
