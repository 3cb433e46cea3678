"""Every action of the keymap has a handler in the scene that reads it, and no scene handles an
action no key can give: one explicit action table per scene (its `HANDLERS`)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import retro.ui
from retro.ui import keymap


def scene_classes() -> list[type]:
    found: dict[str, type] = {}
    for info in pkgutil.walk_packages(retro.ui.__path__, "retro.ui."):
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == module.__name__ and isinstance(getattr(cls, "context", None), str):
                found[cls.__qualname__] = cls
    return list(found.values())


def test_every_screen_of_the_keymap_has_a_scene() -> None:
    contexts = {cls.context for cls in scene_classes()}
    assert contexts == set(keymap.CONTEXTS)


def test_every_action_has_a_handler_and_every_handler_a_key() -> None:
    classes = scene_classes()
    assert len(classes) >= len(keymap.CONTEXTS)
    for cls in classes:
        actions = {binding.action for binding in keymap.bindings(cls.context)}
        handlers = cls.HANDLERS  # type: ignore[attr-defined]
        assert set(handlers) == actions, cls.__qualname__
        assert all(callable(handler) for handler in handlers.values()), cls.__qualname__
