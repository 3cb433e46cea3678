"""The program as a pyxel app: what `pyxel play retro-patience.pyxapp` runs on a desktop and what
the page made by `pyxel app2html` runs in a browser (tools/build_pyxapp.py builds both).

It opens the window at the title screen, as `retro-patience` does. A pyxel app carries only
this package: the Python packages the program needs must be there beside pyxel, so a missing
one is named in one line instead of a traceback. In a browser the saves are kept in the
page's storage (`retro.browser`) and the instructions follow the browser's language.
"""

from __future__ import annotations

import importlib.util
import sys

# module -> the package that provides it (pip's name; Pyodide's page loads the same names)
REQUIRED = {"yaml": "pyyaml", "jsonschema": "jsonschema", "platformdirs": "platformdirs"}


def missing_packages() -> list[str]:
    """The packages of REQUIRED that cannot be imported here."""
    return [
        package for module, package in REQUIRED.items() if importlib.util.find_spec(module) is None
    ]


def main() -> int:
    missing = missing_packages()
    if missing:
        print(
            f"retro-patience: this pyxel app needs the Python packages {', '.join(missing)} "
            f"beside pyxel (pip install {' '.join(missing)})",
            file=sys.stderr,
        )
        return 1
    from retro.browser import (
        CONFIG,
        DATA,
        BrowserStore,
        browser_language,
        in_browser,
        local_storage,
    )
    from retro.definition.catalog import Catalog
    from retro.errors import RetroError
    from retro.instructions import choose_language
    from retro.paths import config_dir
    from retro.store.files import data_dir
    from retro.store.settings import Settings
    from retro.ui.app import App, init_window, run

    stores = []
    if in_browser():
        storage = local_storage()
        stores = [
            BrowserStore(data_dir(), storage, DATA),
            BrowserStore(config_dir(), storage, CONFIG),
        ]
    for store in stores:
        store.restore()  # before anything reads a save or the settings
    settings = Settings.load()
    lang = choose_language(settings.language or (browser_language() if stores else None))
    try:
        window = init_window(settings=settings)
    except RetroError as error:
        print(f"retro-patience: {error}", file=sys.stderr)
        return 1
    app = App(Catalog(), lang=lang, settings=settings, window=window)
    app.boot()

    def keep() -> None:
        for store in stores:
            store.sync()

    run(app, keep if stores else None)
    return 0
