"""Rule functions from other Python packages, through the entry-point group
`retro_patience.rules`: loading the entry point's module registers its `@rule`s, and game files
then name them like the built-in ones.

Plugins are trusted Python, run with the player's rights; `--no-plugins` or the environment
variable RETRO_PATIENCE_NO_PLUGINS (set to anything but 0) starts without them, so a plugin that
hangs or breaks the start can be got round. A plugin's bugs stay the plugin's: one that fails
to import (even by calling `sys.exit`) is reported in one line and skipped, and a plugin rule
that raises while a game is played is reported once, in one line, and from then on says no
(no card lifted or taken, no action, not won, no points) so the game goes on and every other
game plays as before. Each failure also goes to this module's `logging` logger, with its
traceback, for whoever configures one.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from importlib.metadata import entry_points
from typing import Any, TypeVar

from retro.engine.bound import Accept, Action, Auto, Condition, Deal, Keyer, Pick, Rotate, Score
from retro.errors import IllegalMove, RetroError
from retro.i18n import say
from retro.rules.registry import REGISTRY
from retro.terminal import printable

ENTRY_POINT_GROUP = "retro_patience.rules"
PLUGINS_OFF = "RETRO_PATIENCE_NO_PLUGINS"
R = TypeVar("R")

log = logging.getLogger(__name__)
log.addHandler(logging.NullHandler())  # the player reads the one-line messages, not the log

# What a plugin may raise that must not end the program: every error, and SystemExit (a
# plugin calling sys.exit). KeyboardInterrupt still stops the program, as the player wants.
PluginFailure = (Exception, SystemExit)

_reported: set[str] = set()


@cache
def load_plugins() -> tuple[str, ...]:
    """Load every plugin once; the problems found, one line each (empty when all is well).

    A plugin that fails is skipped whole: the rules it registered before failing are taken
    out again, so no game runs on half a plugin. With PLUGINS_OFF set none is loaded."""
    if plugins_off():
        return ()
    problems = []
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        before = set(REGISTRY)
        try:
            entry.load()
        except PluginFailure as error:  # a plugin's own bug must not stop the game
            for key in set(REGISTRY) - before:
                del REGISTRY[key]
            problem = f"rule plugin '{entry.name}' ({entry.value}) was skipped: {_said(error)}"
            log.warning("%s", problem, exc_info=error)
            problems.append(problem)
    return tuple(problems)


def plugins_off() -> bool:
    """Whether the player asked to start without plugins (`--no-plugins` sets PLUGINS_OFF)."""
    return os.environ.get(PLUGINS_OFF, "") not in ("", "0")


def _said(error: BaseException) -> str:
    text = printable(str(error).splitlines()[0]) if str(error).strip() else ""
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def is_plugin(factory: Callable[..., Any]) -> bool:
    """Whether a rule factory comes from a plugin rather than the program's own library."""
    module = getattr(factory, "__module__", "") or ""
    return not (module == "retro" or module.startswith("retro."))


def report(rule: str, error: BaseException) -> str:
    """One line on standard error the first time a plugin rule fails; the line itself."""
    line = f"retro-patience: plugin rule '{rule}' failed and now refuses: {_said(error)}"
    if rule not in _reported:
        _reported.add(rule)
        log.warning("%s", line, exc_info=error)
        print(line, file=sys.stderr)
    return line


def _safe(rule: str, work: Callable[..., R], fallback: Callable[..., R]) -> Callable[..., R]:
    def guarded(*args: Any) -> R:
        try:
            return work(*args)
        except PluginFailure as error:
            report(rule, error)
            return fallback(*args)

    return guarded


def _refused(rule: str) -> Callable[..., str]:
    return lambda *_: say("The plugin rule '{rule}' failed: it refuses", rule=rule)


def guard(rule: str, bound: Any) -> Any:
    """A plugin rule's bound object with every function it holds made safe (see the module's
    docstring); an object of a kind not known here is returned as it is."""
    no = _refused(rule)
    if isinstance(bound, Pick):
        return Pick(_safe(rule, bound.run, lambda *_: 0), _safe(rule, bound.why, no))
    # A plugin's tallies are not counted as piles change (its count would run unguarded):
    # `Position.count` counts them when its guarded test asks.
    if isinstance(bound, Accept):
        keys = tuple(_keyer(rule, keyer) for keyer in bound.keys)
        return replace(
            bound,
            test=_safe(rule, bound.test, lambda *_: False),
            why=_safe(rule, bound.why, no),
            keys=keys,
            tallies=(),
        )
    if isinstance(bound, Condition):
        return Condition(_safe(rule, bound.test, lambda *_: False), _safe(rule, bound.why, no))
    if isinstance(bound, Action):

        def failed_apply(*_: Any) -> None:
            raise IllegalMove(f"The plugin rule '{rule}' failed")

        return replace(
            bound,
            available=_safe(rule, bound.available, lambda *_: False),
            why=_safe(rule, bound.why, no),
            apply=_safe(rule, bound.apply, failed_apply),
            tallies=(),
        )
    if isinstance(bound, Auto):
        return Auto(_safe(rule, bound.apply, lambda *_: False))
    if isinstance(bound, Score) and bound.from_position is not None:
        return replace(bound, from_position=_safe(rule, bound.from_position, lambda *_: 0))
    if isinstance(bound, Rotate):
        return Rotate(
            _safe(rule, bound.available, lambda *_: False),
            _safe(rule, bound.why, no),
            _safe(rule, bound.done, lambda *_: None),
        )
    if isinstance(bound, Deal):

        def failed_lay(*_: Any) -> None:  # no game can start on half a deal: one clear line
            raise RetroError(report(rule, RuntimeError("while dealing")))

        return Deal(_safe(rule, bound.lay, failed_lay))
    return bound


def _keyer(rule: str, keyer: Keyer) -> Keyer:
    return replace(
        keyer,
        pile_keys=_safe(rule, keyer.pile_keys, lambda *_: ()),
        of_card=None if keyer.of_card is None else _safe(rule, keyer.of_card, lambda *_: None),
        card_key=None if keyer.card_key is None else _safe(rule, keyer.card_key, lambda *_: None),
    )
