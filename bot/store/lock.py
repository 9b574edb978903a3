"""One process per database: an exclusive `flock` on `<database>.lock`, held while the process writes.

Two bot processes writing one file would each believe its own memory of the
tables, so a writer takes this lock for as long as it has the store
open. The operating system drops an flock when its process dies, so a SIGKILL
never leaves a stale lock behind. Inside one process the lock is shared: a
test or a restart may open the same file twice, which is still one process.
Readers (`ledger check`, exports) never take it.
"""

from __future__ import annotations

import fcntl
import os
import threading
from pathlib import Path

from .errors import StoreOpenError

#: Per database (resolved path): the lock file's descriptor and how many stores in this process hold it.
_held: dict[Path, list[int]] = {}
_guard = threading.Lock()


def lock_path(database: Path) -> Path:
    """The sidecar file whose lock stands for the database."""
    return database.with_name(database.name + ".lock")


class DatabaseLock:
    """This process's hold on one database; `release` once per `acquire`."""

    def __init__(self, key: Path) -> None:
        self._key: Path | None = key

    @classmethod
    def acquire(cls, database: Path) -> DatabaseLock:
        """Take (or share, within this process) the database's lock; StoreOpenError if another process holds it."""
        key = database.resolve()
        with _guard:
            if key in _held:
                _held[key][1] += 1
                return cls(key)
            sidecar = lock_path(key)
            try:
                fd = os.open(sidecar, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError as error:
                raise StoreOpenError(
                    f"cannot create the lock file {sidecar}: {error.strerror}"
                ) from error
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "unknown"
                os.close(fd)
                raise StoreOpenError(
                    f"{database} is in use by another bot process (pid {holder}, per {sidecar});"
                    " one process per database: stop that one first"
                ) from None
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
            _held[key] = [fd, 1]
            return cls(key)

    def release(self) -> None:
        """Let go (the last holder in this process unlocks the file); a second call does nothing."""
        if self._key is None:
            return
        with _guard:
            entry = _held[self._key]
            entry[1] -= 1
            if entry[1] == 0:
                del _held[self._key]
                os.close(entry[0])  # closing the descriptor drops the flock
        self._key = None
