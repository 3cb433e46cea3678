"""The package's build. Pure Python unless RETRO_PATIENCE_COMPILE=1 asks for the engine's and
the solver's modules compiled with mypyc (README, "A faster solver"): the same code run two to
three times as fast. pyproject.toml says everything else about the package."""

from __future__ import annotations

import os
from pathlib import Path

COMPILE = "RETRO_PATIENCE_COMPILE"  # set to 1 to compile
# Every module of these packages is compiled, save the ones below: a new module joins by itself.
COMPILED_PACKAGES = ("retro/engine", "retro/solver")
NOT_COMPILED = {
    # Tests replace its `_table` to count the tables built, which a compiled module ignores.
    "retro/solver/honest.py",
}


def compile_wanted() -> bool:
    return os.environ.get(COMPILE, "").strip() == "1"


def compiled_modules(root: Path) -> list[str]:
    """The modules to compile, as paths from `root` (the checkout)."""
    found = []
    for package in COMPILED_PACKAGES:
        for path in sorted((root / package).glob("*.py")):
            name = path.relative_to(root).as_posix()
            if path.name != "__init__.py" and name not in NOT_COMPILED:
                found.append(name)
    return found


if __name__ == "__main__":
    from setuptools import setup

    if compile_wanted():
        try:
            from mypyc.build import mypycify
        except ImportError:
            raise SystemExit(f"{COMPILE}=1 needs mypyc: pip install 'mypy[mypyc]'") from None
        os.chdir(Path(__file__).resolve().parent)
        setup(ext_modules=mypycify(compiled_modules(Path()), opt_level="3", group_name="retro"))
    else:
        setup()
