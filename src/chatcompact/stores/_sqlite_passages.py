"""The SQLite store's passages: written with the append for most long messages, in the background for huge ones.

A message's passages (``core.passages``) make every line of it findable. Writing them costs about as much as the
text is long (full-text tokenising, ~25 ms a megabyte on one core, plus ~2,000 rows), so a tool output longer than
``DEFER_CHARS`` is not indexed inside its ``append``: the append writes the message (whose own full-text row
already holds its first ``ROW_CHARS`` characters) and a row in ``passage_backlog``, and one daemon thread of the
store object writes the passages afterwards, ``CHUNK`` at a time, each chunk its own short write transaction.
Until it has, a search finds such a message by its head only. The backlog is durable: a crash or a ``close``
leaves it to the next open, which resumes it (a chunk already written is not written again); a chunk that fails
on a store error is rolled back and tried again after each of ``RETRY_DELAYS``, each failure logged. ``forget`` and
``delete_thread`` take a message's backlog row out in their own transaction, and each chunk checks it is still
there inside its own, so a forgotten message is never indexed again.

The same thread merges the full-text segments of a file store. FTS5's ``automerge`` is 0 there (a setting kept in
the file), since a level's merge inside a write cost the append that triggered it 10-28 ms every 64th time.
Every ``MERGE_EVERY`` appends (and after each chunk) the thread merges ``MERGE_PAGES`` pages per short transaction,
giving way to hot calls before each, until nothing is left to merge. FTS5's crisis merge (16 segments a level)
still bounds the segments if the thread cannot run.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from typing import Any

from ..core.passages import iter_passage_rows
from ..types import Message
from ._common import ROW_CHARS, decode_message, passage_texts

log = logging.getLogger("chatcompact.stores")

#: A message longer than this has its passages written in the background (its own row indexes its first
#: ``ROW_CHARS`` characters at once).
DEFER_CHARS = ROW_CHARS
#: Passages written per background transaction: the store's write lock is held a few milliseconds at a time.
CHUNK = 250
#: Seconds before each new try of a chunk that failed on a store error (the file locked by another process past
#: its busy timeout, a full disk); after the last the writer stops and the backlog waits for the next open.
RETRY_DELAYS = (0.5, 2.0, 8.0, 30.0)

#: The full-text tables whose segments the writer merges (their ``automerge`` is 0: see the module docstring).
FTS_TABLES = ("messages_fts", "passages_fts")
#: Merge work per background transaction, in pages (~1-3 ms each: an append waits for at most one).
MERGE_PAGES = 64
#: Appends between two requests to merge (FTS5's own automerge merged a level once it held 4 segments).
MERGE_EVERY = 4
#: Merge transactions per request at most (the rest waits for the next request; FTS5's crisis merge at 16
#: segments a level bounds what can pile up meanwhile).
MERGE_STEPS = 64

Connect = Callable[[], sqlite3.Connection]


def insert_passages(
    conn: sqlite3.Connection,
    token: str,
    thread_id: str,
    seq: int,
    spans: Sequence[tuple[int, int, int]],
    texts: Sequence[str],
) -> None:
    """Index ``spans`` of message ``seq`` (their :func:`passage_texts` in ``texts``), inside the caller's write
    transaction. Rowids are given here (the write lock is held), so each table takes its rows in one
    ``executemany``: a statement per row cost more than the indexing itself."""
    if not spans:
        return
    rowid = int(conn.execute("SELECT COALESCE(MAX(rowid), 0) FROM passages").fetchone()[0])
    rows = [(rowid + i, thread_id, seq, chunk, start, end) for i, (chunk, start, end) in enumerate(spans, 1)]
    conn.executemany("INSERT INTO passages (rowid, thread_id, seq, chunk, start_at, end_at) VALUES (?,?,?,?,?,?)", rows)
    conn.executemany(
        "INSERT INTO passages_fts(rowid, text, fts_thread) VALUES (?,?,?)",
        [(row[0], body, token) for row, body in zip(rows, texts, strict=True)],
    )


class PassageBacklog:
    """The background writer of one store object's deferred passages (see the module's docstring).

    It works on a connection of its own (``connect``), so the store's reads never wait for it (WAL readers see the
    last commit); ``gate`` is the store's in-process write gate, held around each of its write transactions as the
    store's own writes hold it, so an ``append`` waits for at most one chunk, blocked on a lock rather than polling
    SQLite's busy handler. ``quiet`` (set by the store's :meth:`~chatcompact.stores.SQLiteStore.give_way`) is
    called before each chunk: a Memory's ``foreground.wait_quiet``, so that the chunks are written between its hot
    calls (an agent's model call), not during them. ``wrote`` is told the pages each chunk wrote (about): the store
    passes it to its WAL checkpointer (``stores._sqlite_checkpoint``)."""

    def __init__(
        self,
        connect: Connect,
        gate: AbstractContextManager[Any],
        token: Callable[[str], str],
        wrote: Callable[[int], None] = lambda pages: None,
    ) -> None:
        self._connect, self._gate, self._token, self._wrote = connect, gate, token, wrote
        self._conn: sqlite3.Connection | None = None
        self._wake = threading.Event()
        self._done = threading.Condition()
        self._stop = False
        self._busy = False
        self._thread: threading.Thread | None = None
        self._text: _Pending | None = None  # the message being written
        self._merge_due = False
        self.quiet: Callable[[], object] | None = None

    def wake(self) -> None:
        """Start (or nudge) the writer: an append left work, or an open found some."""
        with self._done:
            if self._stop:
                return
            self._busy = True
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="chatcompact-passages", daemon=True)
                self._thread.start()
        self._wake.set()

    def merge_soon(self) -> None:
        """Ask the writer to merge the full-text segments the latest writes left (:data:`MERGE_EVERY`)."""
        self._merge_due = True
        self.wake()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until no deferred passage is left to write; False if ``timeout`` (seconds) passed first."""
        with self._done:
            return self._done.wait_for(lambda: not self._busy or self._stop, timeout)

    def close(self, timeout: float = 10.0) -> None:
        """Stop the writer after its current chunk (what is left stays in the backlog for the next open)."""
        with self._done:
            self._stop = True
            self._done.notify_all()
        self._wake.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    def _run(self) -> None:
        try:
            self._conn = self._connect()
            while not self._stop:
                self._wake.wait()
                self._wake.clear()
                self._drain()
                if self._merge_due and not self._stop:
                    self._merge_due = False
                    self._merge()
                with self._done:
                    if not self._wake.is_set():
                        self._busy = False
                        self._done.notify_all()
        except Exception:  # a store error (a full disk, a file gone): the backlog stays for the next open
            log.exception("writing deferred passages failed; they are written after the next open")
        finally:
            with self._done:
                self._stop, self._busy = True, False
                self._done.notify_all()
            if self._conn is not None:
                self._conn.close()

    def _drain(self) -> None:
        """Write chunks until none is left or the writer stops; a chunk failing on a store error is tried again
        after each of :data:`RETRY_DELAYS` (a close cuts the wait short), then the error is raised."""
        failures = 0
        while not self._stop:
            try:
                quiet = self.quiet
                if quiet is not None:
                    quiet()
                if not self.step():
                    return
                failures = 0
            except sqlite3.Error as exc:
                if failures >= len(RETRY_DELAYS):
                    raise
                delay = RETRY_DELAYS[failures]
                failures += 1
                log.warning("writing deferred passages failed (%s); try %d again in %.1f s", exc, failures, delay)
                self._wake.wait(delay)
                self._wake.clear()

    def _merge(self) -> None:
        """Merge full-text segments, :data:`MERGE_PAGES` at a time, each step its own transaction after giving way,
        until FTS5 finds nothing left to merge (the total of changes moves by less than 2 for a table). A store error
        ends it (logged): what is left waits for the next request, or for FTS5's crisis merge."""
        busy = list(FTS_TABLES)
        try:
            for _ in range(MERGE_STEPS):
                if self._stop or not busy:
                    return
                if self.quiet is not None:
                    self.quiet()
                with self._write() as conn:
                    for table in list(busy):
                        before = conn.total_changes
                        conn.execute(f"INSERT INTO {table}({table}, rank) VALUES ('merge', ?)", (MERGE_PAGES,))
                        if conn.total_changes - before < 2:
                            busy.remove(table)
                self._wrote(len(FTS_TABLES) * MERGE_PAGES)  # pages merged, written again (the checkpointer)
        except sqlite3.Error as exc:
            log.warning("merging full-text segments failed (%s); merged later", exc)

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        assert self._conn is not None
        yield self._conn

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction under the store's gate; rolled back on any error."""
        conn = self._conn
        assert conn is not None
        with self._gate:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise

    def step(self) -> bool:
        """Write one chunk of the oldest deferred message; False when nothing is left."""
        with self._read() as conn:
            row = conn.execute(
                "SELECT b.thread_id, b.seq FROM passage_backlog b "
                "JOIN messages m ON m.thread_id = b.thread_id AND m.seq = b.seq ORDER BY b.rowid LIMIT 1"
            ).fetchone()
        if row is None:
            with self._read() as conn:
                if not pending(conn):
                    return False
            with self._write() as conn:  # backlog rows whose message is gone (not expected: dropped with it)
                conn.execute(
                    "DELETE FROM passage_backlog WHERE NOT EXISTS (SELECT 1 FROM messages m "
                    "WHERE m.thread_id = passage_backlog.thread_id AND m.seq = passage_backlog.seq)"
                )
            return False
        thread_id, seq = str(row[0]), int(row[1])
        pend = self._text
        if pend is None or pend.key != (thread_id, seq):  # a new message: its body read (2 MB) and decoded once
            with self._read() as conn:
                got = conn.execute(
                    "SELECT body, created_at FROM messages WHERE thread_id = ? AND seq = ?", (thread_id, seq)
                ).fetchone()
            if got is None:
                return True  # deleted meanwhile: the next step finds its backlog row gone or cleans it up
            pend = self._text = _Pending((thread_id, seq), decode_message(got[0], seq, float(got[1]), thread_id))
        with self._read() as conn:
            done = _written(conn, thread_id, seq)
        part, last = pend.take(done, CHUNK)
        texts = passage_texts(pend.text, part)  # outside the write lock: an append waits for the writes only
        with self._write() as conn:
            if (
                conn.execute(
                    "SELECT 1 FROM passage_backlog WHERE thread_id = ? AND seq = ?", (thread_id, seq)
                ).fetchone()
                is None
            ):
                return True  # forgotten meanwhile: its passages are not written
            if _written(conn, thread_id, seq) != done:
                return True  # another writer of the file wrote this chunk meanwhile: read again
            insert_passages(conn, self._token(thread_id), thread_id, seq, part, texts)
            self._merge_due = True  # each chunk left a segment
            if last:
                conn.execute("DELETE FROM passage_backlog WHERE thread_id = ? AND seq = ?", (thread_id, seq))
                self._text = None
        self._wrote(2 + 2 * sum(map(len, texts)) // 4096)  # the rows and their full-text entries (the checkpointer)
        return True


class _Pending:
    """The message the writer is indexing: its text, read and decoded once (each chunk of a 2 MB output read its
    body again), and its passages cut so far (``core.passages.iter_passage_rows``: a chunk's worth at a time)."""

    def __init__(self, key: tuple[str, int], message: Message) -> None:
        self.key = key
        self.text = message.searchable_text
        self._spans: list[tuple[int, int, int]] = []
        self._rest: Iterator[tuple[int, int, int]] | None = iter_passage_rows(self.text)

    def take(self, done: int, n: int) -> tuple[list[tuple[int, int, int]], bool]:
        """Passages ``done`` to ``done + n`` and whether they are the last ones."""
        while self._rest is not None and len(self._spans) <= done + n:  # one past the chunk: is it the last?
            nxt = next(self._rest, None)
            if nxt is None:
                self._rest = None
            else:
                self._spans.append(nxt)
        part = self._spans[done : done + n]
        return part, self._rest is None and done + len(part) >= len(self._spans)


def _written(conn: sqlite3.Connection, thread_id: str, seq: int) -> int:
    """How many of message ``seq``'s passages are written (they are written in order, chunk by chunk)."""
    row = conn.execute(
        "SELECT COALESCE(MAX(chunk) + 1, 0) FROM passages WHERE thread_id = ? AND seq = ?", (thread_id, seq)
    ).fetchone()
    return int(row[0])


def no_automerge(conn: sqlite3.Connection) -> bool:
    """True once neither full-text table merges inside writes (:func:`stop_automerge` ran on this file)."""
    rows = [conn.execute(f"SELECT v FROM {t}_config WHERE k = 'automerge'").fetchone() for t in FTS_TABLES]
    return all(row is not None and int(row[0]) == 0 for row in rows)


def stop_automerge(conn: sqlite3.Connection) -> None:
    """Inside a write: the full-text tables merge nothing inside a write from now on (a setting kept in the file);
    the store's writer merges instead (:meth:`PassageBacklog.merge_soon`)."""
    for table in FTS_TABLES:
        conn.execute(f"INSERT INTO {table}({table}, rank) VALUES ('automerge', 0)")


def pending(conn: Any) -> bool:
    """True when the store has deferred passages left to write."""
    return conn.execute("SELECT 1 FROM passage_backlog LIMIT 1").fetchone() is not None


__all__ = [
    "CHUNK",
    "DEFER_CHARS",
    "MERGE_EVERY",
    "RETRY_DELAYS",
    "PassageBacklog",
    "insert_passages",
    "no_automerge",
    "pending",
    "stop_automerge",
]
