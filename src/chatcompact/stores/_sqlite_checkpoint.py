"""The SQLite store's WAL checkpoints, run by a thread of their own instead of inside a commit.

In WAL mode every commit appends pages to the ``-wal`` file, and by default the commit that takes it past 1,000
pages copies them all back into the database file and syncs it (SQLite's ``wal_autocheckpoint``): ~12-17 ms
inside that one ``add`` on this project's machines, every second append of a 2 MB tool output and every few
hundred short messages. So the store's connections checkpoint inside a commit only past :data:`SAFETY_PAGES`
(a net for when this thread cannot keep up), and :class:`Checkpointer` runs ``PRAGMA wal_checkpoint(PASSIVE)``
on a connection of its own once about :data:`WAKE_PAGES` pages were written. A passive checkpoint neither waits
for nor blocks readers and writers, and SQLite releases the GIL while it copies and syncs. Before each
checkpoint it calls ``quiet`` (a Memory's ``foreground.wait_quiet``, as the passage writer does), so the copy and
its sync run between an agent's hot calls. Durability is unchanged: a commit is durable in the WAL (synced
there under ``synchronous=FULL``) whether or not it was checkpointed yet. SQLite runs one checkpoint at a time
and answers a second with busy, so the store's ``scrub`` (whose truncating checkpoint must empty the WAL of
erased text) takes :meth:`Checkpointer.exclusive` first: it waits for a passive checkpoint under way and holds
the next one off.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

log = logging.getLogger("chatcompact.stores")

#: ``wal_autocheckpoint`` of the store's connections: a commit checkpoints inside itself only past this many pages
#: (64 MB of 4 KB pages), when the checkpointer could not run (readers holding old snapshots, a stalled thread).
SAFETY_PAGES = 16_384
#: Pages written (as estimated by the writers) after which the checkpointer runs: ~1 MB.
WAKE_PAGES = 256
PAGE = 4096

Connect = Callable[[], sqlite3.Connection]


def pages_of(size: int) -> int:
    """The pages a write transaction of about ``size`` bytes of rows adds to the WAL (an index page or two more)."""
    return 2 + size // PAGE


class Checkpointer:
    """Checkpoints one store object's WAL in the background (see the module docstring). Thread-safe."""

    def __init__(self, connect: Connect) -> None:
        self._connect = connect
        self._lock = threading.Lock()
        self._checkpoint = threading.Lock()  # held while this thread checkpoints, or by exclusive()
        self._wake = threading.Event()
        self._pages = 0
        self._stop = False
        self._thread: threading.Thread | None = None
        self.quiet: Callable[[], object] | None = None
        self.runs = 0  # checkpoints done (tests and benchmarks read it)

    def wrote(self, pages: int) -> None:
        """A write transaction committed about ``pages`` pages; past :data:`WAKE_PAGES` the thread runs."""
        with self._lock:
            if self._stop:
                return
            self._pages += pages
            if self._pages < WAKE_PAGES:
                return
            self._pages = 0
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="chatcompact-checkpoint", daemon=True)
                self._thread.start()
        self._wake.set()

    @contextmanager
    def exclusive(self) -> Iterator[None]:
        """No background checkpoint runs inside this block (one under way is waited for first)."""
        with self._checkpoint:
            yield

    def close(self, timeout: float = 10.0) -> None:
        """Stop the thread after its current checkpoint (the last connection's close checkpoints the rest)."""
        with self._lock:
            self._stop = True
            thread = self._thread
        self._wake.set()
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)

    def _run(self) -> None:
        conn: sqlite3.Connection | None = None
        try:
            conn = self._connect()
            while True:
                self._wake.wait()
                self._wake.clear()
                if self._stop:
                    return
                quiet = self.quiet
                if quiet is not None:
                    quiet()
                try:
                    with self._checkpoint:
                        conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                    self.runs += 1
                except sqlite3.Error as exc:  # the next wake tries again; the safety net bounds the WAL meanwhile
                    log.warning("a background WAL checkpoint failed: %s", exc)
        except Exception:
            log.exception("the WAL checkpointer stopped; commits checkpoint past %d pages meanwhile", SAFETY_PAGES)
        finally:
            if conn is not None:
                conn.close()


__all__ = ["SAFETY_PAGES", "WAKE_PAGES", "Checkpointer", "pages_of"]
