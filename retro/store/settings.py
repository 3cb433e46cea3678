"""The player's settings, kept between runs: sound, language, window scale, fullscreen, the
name last typed for the high score table, the four-colour deck, the game clock, the duel's
opponent last chosen, whether new deals are winnable ones only, whether safe cards go home by
themselves, the card back and the table's colour.

One small JSON file in the config folder, written atomically like the saves. Reading never
stops the program: a file that is not readable JSON (or not a settings file) is set aside with
one line of explanation, and a single value of the wrong type or out of range is ignored on its
own, the others kept. No pyxel here: the window and the command line both use it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from retro.paths import config_dir
from retro.reading import read_bounded
from retro.store.files import atomic_write, parse_json, set_aside, told

SETTINGS_KIND = "retro-patience-settings"
SETTINGS_VERSION = 1
MAX_SCALE = 8
MAX_BYTES = 64 * 1024  # a settings file is a few hundred bytes; anything far larger is not one
NAME_LENGTH = 40


def settings_path() -> Path:
    return config_dir() / "settings.json"


def _language(value: Any) -> bool:
    return value == "" or (len(value) <= 8 and value.replace("_", "").isalpha())


# Checks beyond the type, per key; a value that fails is ignored (the default stays).
_CHECKS: dict[str, Callable[[Any], bool]] = {
    "scale": lambda value: 0 <= value <= MAX_SCALE,
    "language": _language,
    "last_name": lambda value: len(value) <= NAME_LENGTH and value.isprintable(),
    "card_back": lambda value: len(value) <= 12 and value.isascii() and value.isalpha(),
    "felt": lambda value: len(value) <= 12 and value.isascii() and value.isalpha(),
    # a strength's name (retro.duel.STRENGTHS; one it does not know means a person)
    "duel_opponent": lambda value: (
        value == "" or (len(value) <= 12 and value.isascii() and value.isalpha())
    ),
}


@dataclass
class Settings:
    """What the player chose last time. `language` "" means the system's; `scale` 0 means the
    largest whole scale that fits the screen. `note` is not saved: one line about a settings
    file that had to be set aside, for the window to show."""

    sound: bool = True
    language: str = ""
    scale: int = 0
    fullscreen: bool = False
    last_name: str = ""
    four_colour: bool = False  # clubs green and diamonds blue, not two suits of each colour
    clock: bool = False  # the time a game has been played, on the status line
    duel_opponent: str = ""  # a duel's opponent last chosen: "" a person, else the computer's
    # strength (retro.duel.STRENGTHS)
    winnable_only: bool = False  # new deals drawn until the solver proves one winnable
    auto_home: bool = True  # cards nothing can need any more go to the foundations by themselves
    card_back: str = "blue"  # the design of the card backs (retro.ui.drawing.cardart.BACKS)
    felt: str = "green"  # the table's colour (retro.ui.drawing.palette.FELTS)
    note: str = field(default="", compare=False, repr=False)

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        """The settings in `path` (default: the config folder's); the defaults when there is no
        file; never an exception for a damaged one."""
        path = path or settings_path()
        settings = cls()
        try:
            raw = read_bounded(path, MAX_BYTES)
        except FileNotFoundError:
            return settings
        except OSError as error:
            settings.note = told(f"{path.name}: cannot be read ({error.strerror}); defaults used")
            return settings
        try:
            data = parse_json(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            data = None
        if not isinstance(data, dict) or data.get("format") != SETTINGS_KIND:
            settings.note = _set_aside(path, "damaged (not a settings file)")
            return settings
        for item in fields(cls):
            if item.name == "note" or item.name not in data:
                continue
            value = data[item.name]
            check = _CHECKS.get(item.name)
            if type(value) is type(item.default) and (check is None or check(value)):
                setattr(settings, item.name, value)
        return settings

    def save(self, path: Path | None = None) -> None:
        """Write the settings atomically (the previous file kept as .bak); OSError if the disk
        refuses, for the caller to tell in one line."""
        body = {key: value for key, value in asdict(self).items() if key != "note"}
        document = {"format": SETTINGS_KIND, "version": SETTINGS_VERSION, **body}
        atomic_write(
            path or settings_path(), json.dumps(document, indent=1, ensure_ascii=False) + "\n"
        )


def _set_aside(path: Path, why: str) -> str:
    try:
        aside = set_aside(path)
    except OSError:
        return told(f"{path.name}: {why}; defaults used")
    return told(f"{path.name}: {why}; it was kept as {aside.name}, defaults used")
