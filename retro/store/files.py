"""Files that must survive a crash: written atomically, the previous version kept, and a damaged,
foreign or newer-format file set aside with one line of explanation, never a stop."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from retro.errors import RetroError


class DamagedFile(RetroError):
    """A file that cannot be used; the message says which and why, in one line."""


def data_dir() -> Path:
    """Where saves, statistics and high scores live (RETRO_PATIENCE_DATA overrides)."""
    override = os.environ.get("RETRO_PATIENCE_DATA")
    if override:
        return Path(override)
    from platformdirs import user_data_path

    return user_data_path("retro-patience")


def atomic_write(path: Path, text: str) -> None:
    """Write `text` so that `path` holds either the old or the new content, never a mixture;
    the old content stays as `path.bak`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        if path.exists():
            _keep_previous(path)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    _sync_dir(path.parent)


def _keep_previous(path: Path) -> None:
    """Copy the current version to `path.bak` without ever leaving `path` missing."""
    backup = path.with_name(path.name + ".bak")
    staging = path.with_name(f".{path.name}.bak.tmp")
    staging.unlink(missing_ok=True)
    try:
        os.link(path, staging)
    except OSError:
        shutil.copyfile(path, staging)
    os.replace(staging, backup)


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
    document = {"format": kind, "version": version, **body}
    atomic_write(path, json.dumps(document, indent=1, ensure_ascii=False) + "\n")


def read_document(path: Path, kind: str, version: int) -> dict[str, Any] | None:
    """The body of a document of `kind`, None if there is no file; DamagedFile if unusable."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise DamagedFile(f"{path.name}: cannot be read ({error.strerror})") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise DamagedFile(f"{path.name}: damaged (not readable JSON)") from None
    if not isinstance(data, dict) or data.get("format") != kind:
        raise DamagedFile(f"{path.name}: not a {kind} file")
    found = data.get("version")
    if not isinstance(found, int) or found > version:
        raise DamagedFile(f"{path.name}: made by a newer version of the program "
                          f"(format {found}, this one reads {version})")
    return data


def set_aside(path: Path) -> Path:
    """Move an unusable file out of the way (kept for the player to look at), return its name."""
    target = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
    counter = 1
    while target.exists():
        target = target.with_name(f"{target.name}-{counter}")
        counter += 1
    os.replace(path, target)
    return target
