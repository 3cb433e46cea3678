"""setuptools' own build backend, asking for mypyc only for a compiled build (setup.py), so
`pip install .` never needs it nor a C compiler."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from setuptools import build_meta
from setuptools.build_meta import *  # noqa: F403  (every hook as setuptools has it)

from setup import COMPILE, compile_wanted

# mypyc type-checks what it compiles, with the stubs and typed packages the imports reach.
COMPILER = ["mypy[mypyc]>=1.10", "types-PyYAML", "types-jsonschema", "platformdirs>=4"]

Settings = dict[str, Any] | None


@contextmanager
def _pure() -> Iterator[None]:
    """Pure Python for a while: when setuptools runs setup.py to learn the requirements (before
    mypyc is there to import), and for an editable install."""
    wanted = os.environ.pop(COMPILE, None)
    try:
        yield
    finally:
        if wanted is not None:
            os.environ[COMPILE] = wanted


def _requires(hook: Callable[[Settings], list[str]], config_settings: Settings) -> list[str]:
    compiler = list(COMPILER) if compile_wanted() else []
    with _pure():
        return hook(config_settings) + compiler


def get_requires_for_build_wheel(config_settings: Settings = None) -> list[str]:
    return _requires(build_meta.get_requires_for_build_wheel, config_settings)


# An editable install is pure Python always: compiled modules would hide the edits made.


def get_requires_for_build_editable(config_settings: Settings = None) -> list[str]:
    with _pure():
        return build_meta.get_requires_for_build_editable(config_settings)


def prepare_metadata_for_build_editable(
    metadata_directory: str, config_settings: Settings = None
) -> str:
    with _pure():
        return build_meta.prepare_metadata_for_build_editable(metadata_directory, config_settings)


def build_editable(
    wheel_directory: str, config_settings: Settings = None, metadata_directory: str | None = None
) -> str:
    with _pure():
        return build_meta.build_editable(wheel_directory, config_settings, metadata_directory)
