"""Saves that outlive a browser tab.

In a browser (pyxel's web build runs Python in Pyodide) the data folder is an in-memory file
system that a reload empties. The browser's localStorage keeps text across visits and is read
and written synchronously, so the window's frame needs no callbacks: at start `restore` writes
the stored files into their folder, and after every frame `sync` copies the files that changed
since the last look (and forgets the ones removed). Two folders are kept so, each under its own
key prefix: the data folder (saves, records) and the config folder (settings). The files are
small JSON texts; everything else about them (atomic writes, the kept previous version) works
unchanged.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Protocol

PREFIX = "retro-patience/"
DATA = PREFIX + "data/"  # the data folder's files: saves and records
CONFIG = PREFIX + "config/"  # the config folder's: settings


class Storage(Protocol):
    """The part of the Web Storage API used here (`window.localStorage`), in its own names."""

    @property
    def length(self) -> int: ...

    def key(self, index: int) -> str | None: ...

    def getItem(self, key: str) -> str | None: ...

    def setItem(self, key: str, value: str) -> None: ...

    def removeItem(self, key: str) -> None: ...


def in_browser() -> bool:
    """True under Pyodide, where pyxel's web build runs."""
    return sys.platform == "emscripten"


def local_storage() -> Storage:
    """The page's localStorage (only in a browser)."""
    import js  # type: ignore[import-not-found]  # Pyodide's bridge to the page

    storage: Storage = js.localStorage
    return storage


def browser_language() -> str | None:
    """The language the browser asks pages for ("de-DE"), for the instructions."""
    import js

    language = js.navigator.language
    return str(language) if language else None


class BrowserStore:
    """Mirrors the files of `folder` into `storage`, one entry a file, keyed by `prefix` and the
    file's path in the folder."""

    def __init__(self, folder: Path, storage: Storage, prefix: str = DATA) -> None:
        self.folder = folder
        self.storage = storage
        self.prefix = prefix
        self._seen: dict[str, tuple[int, int]] = {}

    def restore(self) -> int:
        """Write every stored file into the folder (before anything reads it); how many."""
        names = [
            key
            for key in (self.storage.key(i) for i in range(self.storage.length))
            if key is not None and key.startswith(self.prefix)
        ]
        for key in names:
            text = self.storage.getItem(key)
            if text is None:
                continue
            path = self.folder / key.removeprefix(self.prefix)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        self._seen = self._look()
        return len(names)

    def sync(self) -> None:
        """Store the files written since the last call and drop the entries of removed ones."""
        now = self._look()
        for name, stamp in now.items():
            if self._seen.get(name) != stamp:
                try:
                    text = (self.folder / name).read_text(encoding="utf-8")
                except (OSError, UnicodeDecodeError):
                    continue
                self.storage.setItem(self.prefix + name, text)
        for name in self._seen.keys() - now.keys():
            self.storage.removeItem(self.prefix + name)
        self._seen = now

    def _look(self) -> dict[str, tuple[int, int]]:
        """Each file's name (relative, with /) and its change stamp; half-written temporary
        files, and the marks of a file in use (hidden, empty), are left out."""
        if not self.folder.is_dir():
            return {}
        found = {}
        for path in self.folder.rglob("*"):
            if path.is_file() and not path.name.endswith((".tmp", ".owner")):
                info = path.stat()
                found[path.relative_to(self.folder).as_posix()] = (info.st_mtime_ns, info.st_size)
        return found
