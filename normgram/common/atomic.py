"""Atomic file writing: a file appears at its path only when it is complete, so a reader
(another process, a crashed run's successor) never sees half of it."""
import os
import tempfile
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def atomic_path(path, suffix=".tmp"):
    """A temporary path beside ``path`` to write; on success it replaces ``path`` (an
    ordinary file's permissions, not mkstemp's private ones), on failure it is removed."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=suffix)
    os.close(fd)
    try:
        yield tmp
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


@contextmanager
def atomic_open(path, mode="w"):
    """``open(path, mode)`` written atomically (text modes in UTF-8)."""
    with atomic_path(path) as tmp:
        with open(tmp, mode, **({} if "b" in mode else {"encoding": "utf-8"})) as fh:
            yield fh
