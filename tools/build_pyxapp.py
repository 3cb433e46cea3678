"""Build the program the pyxel way: `retro-patience.pyxapp` for `pyxel play`, and with `--html`
the page `retro-patience.html` that plays it in a browser (see docs/shipping.md).

The app holds the `retro` package with the games and assets inside it (where an installed wheel
has them) and a start-up script that opens the title screen (`retro.pyxapp`). pyxel's
`app2html` page loads no Python packages beyond pyxel, so the page is given the ones the program
needs (`packages`, which Pyodide provides).

Run: .venv/bin/python tools/build_pyxapp.py [--out DIR] [--html]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from retro import __version__  # noqa: E402 - the checkout's package, whatever is installed
from retro.pyxapp import REQUIRED  # noqa: E402

NAME = "retro-patience"
STARTUP = "retro_patience.py"
HOME = "https://github.com/retro-patience/retro-patience"
PLAY_CALL = 'launchPyxel({ command: "play", '

# pyxel shows these lines (its app metadata) when the app starts.
STARTUP_SCRIPT = f"""\
# title: Retro Patience
# author: The Retro Patience authors
# desc: Patience games with the look and feel of a 1994 DOS card game. Needs the Python \
packages {", ".join(REQUIRED.values())} beside pyxel.
# site: {HOME}
# license: MIT
# version: {__version__}
from retro.pyxapp import main

raise SystemExit(main())
"""


def stage(folder: Path) -> Path:
    """The app's folder: the package, its games and assets, and the start-up script."""
    app = folder / NAME
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "_bundled")
    shutil.copytree(ROOT / "retro", app / "retro", ignore=ignore)
    shutil.copytree(
        ROOT / "games",
        app / "retro" / "_bundled" / "games",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    shutil.copytree(
        ROOT / "assets",
        app / "retro" / "_bundled" / "assets",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    (app / STARTUP).write_text(STARTUP_SCRIPT, encoding="utf-8")
    return app


def pyxel(*args: str, cwd: Path) -> None:
    """Run pyxel's own command line (`pyxel package`, `pyxel app2html`) in `cwd`."""
    result = subprocess.run(
        [sys.executable, "-c", "import pyxel.cli; pyxel.cli.cli()", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise SystemExit(f"pyxel {args[0]} failed:\n{result.stdout}{result.stderr}")


def adapt_page(page: Path) -> None:
    """Make the app2html page load the Python packages the program needs before it starts, and
    leave out pyxel's on-screen gamepad (the game is played with keys, mouse or touch)."""
    text = page.read_text(encoding="utf-8")
    if PLAY_CALL not in text:
        raise SystemExit(f"{page}: pyxel's page has changed; cannot name the packages it loads")
    packages = ",".join(REQUIRED.values())
    text = text.replace(PLAY_CALL, f'{PLAY_CALL}packages: "{packages}", ', 1)
    page.write_text(text.replace(' gamepad: "enabled",', "", 1), encoding="utf-8")


def build(out: Path, html: bool = False) -> list[Path]:
    """Build into `out`; the files made."""
    out.mkdir(parents=True, exist_ok=True)
    made = [out / f"{NAME}.pyxapp"]
    with tempfile.TemporaryDirectory() as folder:
        app = stage(Path(folder))
        pyxel("package", str(app), str(app / STARTUP), cwd=out)
    if html:
        pyxel("app2html", made[0].name, cwd=out)
        made.append(out / f"{NAME}.html")
        adapt_page(made[1])
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="default: dist/")
    parser.add_argument("--html", action="store_true", help="also the page for a browser")
    args = parser.parse_args()
    for path in build(args.out.resolve(), args.html):
        print(f"{path} ({path.stat().st_size // 1024} kB)")


if __name__ == "__main__":
    main()
