"""The computer as a player, over the engine's `Game` and no rules of its own: whether a deal
can be won (`search`), hints and auto-play (`hints`), play without seeing face-down cards
(`honest`), and thinking in slices that hand the frame back to a window (`pacing`)."""

from __future__ import annotations

import importlib.machinery
import importlib.util


def compiled() -> bool:
    """Whether the search runs compiled by mypyc (`RETRO_PATIENCE_COMPILE=1 pip install .`):
    the module is only found, not imported."""
    spec = importlib.util.find_spec("retro.solver.search")
    origin = spec.origin if spec is not None else None
    return origin is not None and origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
