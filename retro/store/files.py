"""Files that must survive a crash: written atomically, the previous version kept, and a damaged,
foreign or newer-format file set aside with one line of explanation, never a stop.

Reading trusts nothing: only a regular file of bounded size is read (a FIFO or `/dev/zero` in
its place is refused at once), JSON numbers must be finite and short, nesting is bounded, and
`Fields` checks every value by type and range before the program uses it. Two copies of the
program may share one folder: temporary names are unique and `locked` serialises the
read-change-write of a shared file.
"""

from __future__ import annotations

import contextlib
import glob
import json
import logging
import math
import os
import re
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, TypeVar

from retro.errors import RetroError
from retro.reading import GAME_ID, read_bounded

T = TypeVar("T")

MAX_DOCUMENT_BYTES = 16 * 1024 * 1024  # a 100,000-move save is about 2 MB
MAX_NUMBER_DIGITS = 24  # every number the program writes fits in 64 bits
ORPHAN_AGE = 60.0  # seconds: a temporary file older than this was left by a killed program

log = logging.getLogger("retro.store")
log.addHandler(logging.NullHandler())  # told to the player already; a logger set up hears it


class DamagedFile(RetroError):
    """A file that cannot be used; the message says which and why, in one line."""


def data_dir() -> Path:
    """Where saves, statistics and high scores live (RETRO_PATIENCE_DATA overrides)."""
    override = os.environ.get("RETRO_PATIENCE_DATA")
    if override:
        return Path(override)
    from platformdirs import user_data_path

    return user_data_path("retro-patience")


# -- writing ----------------------------------------------------------------------------------


def _temporary_name(path: Path, what: str = "") -> Path:
    """A name no other process will pick: two copies of the program never share a staging
    file."""
    return path.with_name(f".{path.name}.{what}{os.getpid()}-{os.urandom(4).hex()}.tmp")


def atomic_write(path: Path, text: str) -> None:
    """Write `text` so that `path` holds either the old or the new content, never a mixture;
    the old content stays as `path.bak`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = _temporary_name(path)
    try:
        with open(temporary, "x", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        if path.is_file():
            _keep_previous(path)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    _sync_dir(path.parent)


def _keep_previous(path: Path) -> None:
    """Copy the current version to `path.bak` without ever leaving `path` missing. Something
    else in the copy's place (a folder) is set aside first; a copy that cannot be kept at all
    costs the copy, never the file being written."""
    staging = _temporary_name(path, "bak.")
    kept = backup_path(path)
    try:
        try:
            os.link(path, staging)
        except OSError:
            staging.write_bytes(_read_bounded(path))
        if kept.is_dir() and not kept.is_symlink():
            told(f"{kept.name}: a folder in the place of the kept copy; {_set_aside_told(kept)}")
        os.replace(staging, kept)
    except (OSError, DamagedFile) as error:
        log.warning("%s: the previous version could not be kept (%s)", path.name, error)
    finally:
        # rename() does nothing when both names are links to one file (two copies of the
        # program keeping the same version at once): the staging name must still go
        staging.unlink(missing_ok=True)


def told(note: str) -> str:
    """A one-line note for the player about a file, given to `logging` as well (for bug
    reports and whoever runs the program under a logger); returned for the screen."""
    log.warning("%s", note)
    return note


def remove_with_copy(path: Path) -> None:
    """Remove `path` and the copy kept of it; something else in the copy's place (a folder)
    is set aside rather than stopping the removal."""
    path.unlink(missing_ok=True)
    kept = backup_path(path)
    try:
        kept.unlink(missing_ok=True)
    except OSError:
        if not kept.is_dir():
            raise
        told(f"{kept.name}: a folder in the place of the kept copy; {_set_aside_told(kept)}")


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def _sync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_document(path: Path, kind: str, version: int, body: dict[str, Any]) -> None:
    atomic_write(path, document_text(kind, version, body))


def document_text(kind: str, version: int, body: dict[str, Any]) -> str:
    """A document as written: JSON, one value a line, readable by a person."""
    document = {"format": kind, "version": version, **body}
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n"


def clean_orphans(path: Path, age: float = ORPHAN_AGE) -> None:
    """Remove temporary files of `path` that a killed program left behind (old enough that no
    running copy is still writing them)."""
    try:
        candidates = list(path.parent.glob(f".{glob.escape(path.name)}.*.tmp"))
    except OSError:
        return
    now = time.time()
    for candidate in candidates:
        try:
            if now - candidate.stat().st_mtime > age:
                candidate.unlink()
        except OSError:
            pass


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on `path`'s lock file while a read-change-write runs, so two
    copies of the program add to a shared file instead of overwriting each other. Where no lock
    can be taken (a read-only folder, a system without `fcntl`) the work runs unlocked."""
    fd = _lock_file(path)
    try:
        if fd is not None:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        if fd is not None:
            os.close(fd)  # closing releases the lock


def claim(path: Path) -> int | None:
    """Mark `path` as in use by this program while it runs (a save being played): the open
    file whose lock says so, to give to `release`; None when another running program holds
    it. Where no lock can be taken the claim is granted: such a system shares as before.
    The lock ends with the program, however it ends, so a crash leaves nothing claimed."""
    try:
        import fcntl

        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(_owner_file(path), os.O_RDWR | os.O_CREAT, 0o644)
    except (ImportError, OSError):
        return -1
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None
    return fd


def release(fd: int | None) -> None:
    if fd is not None and fd >= 0:
        os.close(fd)


def owned(path: Path) -> bool:
    """Whether another running program (another window) has claimed `path`."""
    if not _owner_file(path).exists():
        return False
    fd = claim(path)
    release(fd)
    return fd is None


def _owner_file(path: Path) -> Path:
    return path.with_name(f".{path.name}.owner")


def _lock_file(path: Path) -> int | None:
    try:
        import fcntl  # noqa: F401  (POSIX only)

        path.parent.mkdir(parents=True, exist_ok=True)
        return os.open(path.with_name(path.name + ".lock"), os.O_RDWR | os.O_CREAT, 0o644)
    except (ImportError, OSError):
        return None


# -- reading ----------------------------------------------------------------------------------


def _read_bounded(path: Path, limit: int = MAX_DOCUMENT_BYTES) -> bytes:
    """`read_bounded` for the program's own files: anything but a missing file is a
    DamagedFile."""
    try:
        return read_bounded(path, limit)
    except FileNotFoundError:
        raise
    except OSError as error:
        raise DamagedFile(f"{path.name}: cannot be read ({error.strerror})") from None


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise ValueError("a number too long")
    return int(text)


def _finite_float(text: str) -> float:
    if len(text) > 64:
        raise ValueError("a number too long")
    value = float(text)
    if not math.isfinite(value):
        raise ValueError("a number out of range")
    return value


def _no_constant(text: str) -> Any:
    raise ValueError(f"{text} is not a number")


def parse_json(text: str | bytes) -> Any:
    """JSON with every number finite and of at most MAX_NUMBER_DIGITS digits; ValueError (with
    a short reason) for anything else, deep nesting included."""
    try:
        return json.loads(
            text, parse_int=_bounded_int, parse_float=_finite_float, parse_constant=_no_constant
        )
    except RecursionError:
        raise ValueError("nested too deeply") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"{error.msg} at column {error.colno}") from None


def read_document(path: Path, kind: str, version: int) -> dict[str, Any] | None:
    """The body of a document of `kind`, None if there is no file; DamagedFile if unusable."""
    clean_orphans(path)
    try:
        raw = _read_bounded(path)
    except FileNotFoundError:
        return None
    try:
        data = parse_json(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise DamagedFile(f"{path.name}: damaged (not readable JSON)") from None
    if not isinstance(data, dict) or data.get("format") != kind:
        raise DamagedFile(f"{path.name}: not a {kind} file")
    found = data.get("version")
    if not isinstance(found, int) or isinstance(found, bool) or found < 1:
        raise DamagedFile(f"{path.name}: damaged (no format version)")
    if found > version:
        raise DamagedFile(
            f"{path.name}: made by a newer version of the program "
            f"(format {found}, this one reads {version})"
        )
    return data


def read_kept(
    path: Path, kind: str, version: int, check: Callable[[dict[str, Any]], T]
) -> tuple[T | None, str | None]:
    """The checked content of `path` and a one-line note. A damaged file is set aside and the
    previous version (`path.bak`) is used instead when it is sound; (None, None) when there
    is no file at all."""
    try:
        data = read_document(path, kind, version)
        return (None if data is None else check(data)), None
    except DamagedFile as error:
        note = f"{error}; {_set_aside_told(path)}"
    try:
        data = read_document(backup_path(path), kind, version)
        value = None if data is None else check(data)
    except DamagedFile:
        value = None
    if value is not None:
        note += "; the previous copy was used instead"
        if not (path.exists() or path.is_symlink()):
            note += _written_back(path)
    return value, told(note)


def _written_back(path: Path) -> str:
    """The sound kept copy becomes the file again, so the next start finds it (and a next
    write keeps it as the previous version); what cannot be written back is said."""
    try:
        atomic_write(path, _read_bounded(backup_path(path)).decode("utf-8"))
    except (OSError, DamagedFile, UnicodeDecodeError) as error:
        return f" (it could not be written back: {getattr(error, 'strerror', None) or error})"
    return ""


def _set_aside_told(path: Path) -> str:
    try:
        return f"it was kept as {set_aside(path).name}"
    except OSError as error:
        return f"it could not be moved aside ({error.strerror})"


def set_aside(path: Path) -> Path:
    """Move an unusable file out of the way (kept for the player to look at), return its name."""
    stem = f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}"
    target = path.with_name(stem)
    counter = 1
    while target.exists() or target.is_symlink():
        target = path.with_name(f"{stem}-{counter}")
        counter += 1
    os.replace(path, target)
    return target


# -- checking what was read -------------------------------------------------------------------

SAFE_INT = 1 << 64


class Fields:
    """One mapping read from a file, each value checked by type and range as it is taken; the
    first wrong one is a DamagedFile naming the field."""

    def __init__(self, data: Any, where: str) -> None:
        if not isinstance(data, dict):
            raise DamagedFile(f"{where}: damaged (not a mapping)")
        self.data: dict[str, Any] = data
        self.where = where

    def _bad(self, key: str, what: str) -> DamagedFile:
        return DamagedFile(f"{self.where}: damaged ('{key}' must be {what})")

    def integer(
        self, key: str, low: int = -SAFE_INT, high: int = SAFE_INT, default: int | None = None
    ) -> int:
        value = self.data.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise self._bad(key, f"a whole number from {low} to {high}")
        return value

    def optional_integer(self, key: str, low: int = -SAFE_INT, high: int = SAFE_INT) -> int | None:
        if self.data.get(key) is None:
            return None
        return self.integer(key, low, high)

    def flag(self, key: str, default: bool = False) -> bool:
        value = self.data.get(key, default)
        if not isinstance(value, bool):
            raise self._bad(key, "true or false")
        return value

    def text(
        self,
        key: str,
        longest: int = 200,
        pattern: re.Pattern[str] | None = None,
        default: str | None = None,
    ) -> str:
        value = self.data.get(key, default)
        if not isinstance(value, str) or len(value) > longest:
            raise self._bad(key, f"text of at most {longest} characters")
        if pattern is not None and not pattern.fullmatch(value):
            raise self._bad(key, "a name of lower case letters, digits and _")
        return value

    def texts(self, key: str, most: int, longest: int = 200) -> list[str]:
        value = self.data.get(key, [])
        if (
            not isinstance(value, list)
            or len(value) > most
            or not all(isinstance(item, str) and len(item) <= longest for item in value)
        ):
            raise self._bad(key, f"a list of at most {most} texts")
        return value

    def options(self, key: str = "options") -> dict[str, Any]:
        """A game's chosen options: a few names, each a word, a whole number or true/false."""
        value = self.data.get(key) or {}
        if (
            not isinstance(value, dict)
            or len(value) > 64
            or not all(
                isinstance(name, str) and GAME_ID.fullmatch(name) and _option_value(item)
                for name, item in value.items()
            )
        ):
            raise self._bad(key, "option names with short values")
        return dict(value)

    def mapping(self, key: str) -> Mapping[str, Any]:
        value = self.data.get(key) or {}
        if not isinstance(value, dict):
            raise self._bad(key, "a mapping")
        return value


def _option_value(value: Any) -> bool:
    if isinstance(value, str):
        return len(value) <= 100
    if isinstance(value, bool):
        return True
    return isinstance(value, int) and -SAFE_INT <= value <= SAFE_INT
