"""The one place that knows where bundled data lives, in a checkout and in an installed wheel."""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """The folder `games` or `assets`: in the package when installed, beside it in a checkout."""
    bundled = _PACKAGE / "_bundled" / name
    if bundled.is_dir():
        return bundled
    return _PACKAGE.parent / name


def games_dir() -> Path:
    return data_dir("games")


def assets_dir() -> Path:
    return data_dir("assets")


def config_dir() -> Path:
    """The player's config folder: settings and their own game files (RETRO_PATIENCE_CONFIG
    overrides, so tests never touch the player's own)."""
    override = os.environ.get("RETRO_PATIENCE_CONFIG")
    if override:
        return Path(override)
    from platformdirs import user_config_path

    return user_config_path("retro-patience")


def user_games_dir() -> Path:
    """A player's own game files, beside the bundled ones in every menu."""
    return config_dir() / "games"
