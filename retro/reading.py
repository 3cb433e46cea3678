"""Reading what comes from outside, trusting nothing: a file only when it is a regular file of
bounded size, and a game's id only when it is a plain name. Game files (`retro.definition`) and
the program's own files (`retro.store`) both read this way."""

from __future__ import annotations

import errno
import os
import re
import stat
from pathlib import Path

# a game id, and so a game file's name: a name, never a path (also option names)
GAME_ID = re.compile(r"[a-z][a-z0-9_]{0,63}", re.ASCII)


def read_bounded(path: Path, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes. FileNotFoundError when there is
    none, another OSError (its strerror says why) for anything else: a FIFO, a device or a file
    too large is refused without waiting on it or reading it all."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise OSError(errno.EFBIG, f"larger than {_size_words(limit)}")
        return b"".join(chunks)
    finally:
        os.close(fd)


def _size_words(size: int) -> str:
    return f"{size // (1 << 20)} MB" if size >= 1 << 20 else f"{size // 1024} KB"
