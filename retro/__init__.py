"""Retro Patience: patience games that look like 1994, each game one YAML file."""

import importlib.machinery
from pathlib import Path

__version__ = "0.1.0"


def compiled() -> bool:
    """Whether the solver runs compiled by mypyc (`RETRO_PATIENCE_COMPILE=1 pip install .`):
    its search module is there as an extension, which Python imports before the source. Only
    looked for, so the title screen still starts without the solver."""
    solver = Path(__file__).parent / "solver"
    return any(
        (solver / f"search{end}").is_file() for end in importlib.machinery.EXTENSION_SUFFIXES
    )
