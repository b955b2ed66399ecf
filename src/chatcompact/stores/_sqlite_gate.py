"""The SQLite store's write gate: one write transaction at a time per file, handed over as soon as it ends.

SQLite lets one connection write a file at a time. A store object's own connections (the appends', the passage
writer's) take a lock of the object first, so they never wait in SQLite's busy handler. Two processes on one file
(``chatcompact serve --workers 2``, an app beside a ``chatcompact worker``), or two store objects of one process,
did: a writer that finds the file locked sleeps 1, 2, 5, 10, 15, 20, 25, 25... ms between tries, so a commit
of a few milliseconds made the next writer wait 10-30 ms (``benchmarks/sqlite_writers.py``, three processes on one
file: append p99 4.1-4.6 -> 2.1-3.9 ms for chat turns, 133-139 -> 55-60 ms for 60 KB messages).

:class:`WriteGate` is that lock of the object (reentrant, per thread) plus an exclusive ``flock`` on an empty file
beside the database, ``<file>-gate``, taken before ``BEGIN IMMEDIATE`` and released after the commit. A waiter
tries again every fraction of a millisecond, so it starts as soon as the holder is done; a process that dies
releases the lock with its descriptors. It gives up after the store's busy timeout (a process stopped inside a
write) with :class:`~chatcompact.errors.StoreError`, as SQLite's own wait did. A writer that does not use the gate
(another program, an older chatcompact) still meets SQLite's busy handler, which stays on: the gate only makes
the store's own writers queue before they get there. Where ``flock`` is missing (Windows) or the file cannot be
made (a read-only folder), the gate is the object's lock alone, as before. A forked child opens its own
descriptor: an inherited one would share the parent's lock instead of excluding it.
"""

from __future__ import annotations

import logging
import os
import threading
import time
import weakref

from ..errors import StoreError

try:
    import fcntl
except ImportError:  # Windows: the object's lock alone
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger("chatcompact.stores")

#: Seconds between two tries of a gate another process holds, at first and at most.
FIRST_PAUSE, MAX_PAUSE = 0.0002, 0.001

_GATES: weakref.WeakSet[WriteGate] = weakref.WeakSet()


class WriteGate:
    """``with gate:`` holds the file's write gate (see the module docstring). Reentrant on one thread."""

    def __init__(self, path: str | None, timeout: float) -> None:
        self.path = f"{path}-gate" if path else None
        self.timeout = timeout
        self._lock = threading.RLock()
        self._depth = 0
        self._fd: int | None = None
        self._open()
        _GATES.add(self)

    def _open(self) -> None:
        if self.path is None or fcntl is None:
            return
        try:
            self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
        except OSError as exc:
            log.info("no write gate beside the SQLite file (%s): other processes' writes wait in SQLite", exc)

    def __enter__(self) -> WriteGate:
        self._lock.acquire()
        if self._depth == 0 and self._fd is not None:
            try:
                self._take(self._fd)
            except BaseException:
                self._lock.release()
                raise
        self._depth += 1
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._depth -= 1
        try:
            if self._depth == 0 and self._fd is not None:
                fcntl.flock(self._fd, fcntl.LOCK_UN)
        finally:
            self._lock.release()

    def _take(self, fd: int) -> None:
        deadline = time.monotonic() + self.timeout
        pause = FIRST_PAUSE
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise StoreError(
                        f"SQLite store {self.path!r}: another process held the write gate for {self.timeout:g} s"
                    ) from None
            except OSError as exc:  # a file system without flock: the object's lock alone from now on
                log.info("the SQLite write gate %s cannot lock (%s): dropped", self.path, exc)
                self._drop()
                return
            time.sleep(pause)
            pause = min(pause * 1.5, MAX_PAUSE)

    def _drop(self) -> None:
        fd, self._fd = self._fd, None
        if fd is not None:
            os.close(fd)

    def close(self) -> None:
        """Close the descriptor (the gate is then the object's lock alone). Safe to call twice."""
        with self._lock:
            self._drop()

    def _after_fork(self) -> None:
        self._lock = threading.RLock()
        self._depth = 0
        if self._fd is not None:
            self._drop()
            self._open()


def _reopen_in_child() -> None:
    for gate in list(_GATES):
        gate._after_fork()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_reopen_in_child)


__all__ = ["WriteGate"]
