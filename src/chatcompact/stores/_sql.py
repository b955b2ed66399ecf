"""The one SQL base of the SQLite and Postgres stores: every method whose SQL both dialects speak, written once.

SQL here is written with ``?`` placeholders; a dialect translates them (:meth:`SQLStore._q`) and supplies what
differs: its connections (:meth:`_read` / :meth:`_write`), the thread head, its clock for job leases
(:attr:`NOW`), the full-text primitives and the vectors. Migrations are a list of functions of a connection,
run by one runner (:meth:`SQLStore._run_migrations`), each in its own transaction, recorded in
``schema_migrations``.
Full-text search is bounded: :mod:`chatcompact.stores._search`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from typing import Any, ClassVar

from ..errors import InvalidArgument, StoreError
from ..protocols import JobLease
from ..types import Event, Message, SummaryNode, SummaryVersion, ThreadInfo
from ._common import (
    check_budget,
    check_job_kind,
    check_kind,
    check_level,
    check_limit,
    check_node,
    check_thread,
    check_version,
    decode_event,
    decode_message,
    encode_event,
    load_node,
)
from ._search import BoundedSearch
from ._vectors import check_model

#: A migration: a function that changes the schema through ``conn.execute`` inside the runner's transaction.
Migration = Callable[[Any], None]

# Oldest messages without a vector for a model, starting past the known-complete prefix (``upto``).
_MISSING_SQL = """
SELECT m.seq, m.body, m.created_at FROM messages m
WHERE m.thread_id = ?
  AND m.seq > COALESCE((SELECT upto FROM vector_models WHERE thread_id = ? AND model = ?), 0)
  AND NOT EXISTS (SELECT 1 FROM vectors v WHERE v.thread_id = ? AND v.model = ? AND v.seq = m.seq)
ORDER BY m.seq
LIMIT ?
"""
# The new complete-prefix mark: just before the first message past ``upto`` without a vector, else the last one.
_ADVANCE_SQL = """
SELECT COALESCE(
    (SELECT m.seq - 1 FROM messages m WHERE m.thread_id = ? AND m.seq > ? AND NOT EXISTS
        (SELECT 1 FROM vectors v WHERE v.thread_id = ? AND v.model = ? AND v.seq = m.seq)
     ORDER BY m.seq LIMIT 1),
    (SELECT COALESCE(MAX(seq), 0) FROM messages WHERE thread_id = ?))
"""


def _info(row: Sequence[Any]) -> ThreadInfo:
    return ThreadInfo(id=row[0], system=row[1], created_at=row[2], last_seq=row[3], last_version=row[4], budget=row[5])


def load_version(body: str, thread_id: str) -> SummaryVersion:
    """A summary version from its stored JSON; StoreError if unreadable."""
    try:
        return SummaryVersion.model_validate_json(body)
    except ValueError as exc:  # pydantic's ValidationError is a ValueError
        raise StoreError(f"a stored summary version of thread {thread_id!r} is unreadable: {exc}") from exc


class SQLStore(BoundedSearch):
    """What the SQL stores share. A dialect sets the class attributes and implements the hooks below."""

    supports_text_search = True
    supports_vectors = True
    supports_jobs = True

    #: SQL expression for the current time in epoch seconds (job leases use the database's clock).
    NOW: ClassVar[str]
    #: The schema, oldest first; version N is ``MIGRATIONS[N - 1]``. Never edit a shipped one: append.
    MIGRATIONS: ClassVar[Sequence[Migration]]
    #: ``SELECT id, system, created_at, last_seq, last_version, budget FROM threads t`` in this dialect.
    INFO_SQL: ClassVar[str]
    #: Column of summary_nodes that keeps write order.
    NODE_ORDER: ClassVar[str]
    #: The schema_migrations table, created if missing before any migration.
    MIGRATIONS_TABLE: ClassVar[str] = (
        "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at DOUBLE PRECISION)"
    )
    _where: str = "the store"  # how errors name the store (never a URL: it may hold a password)

    # ------------------------------------------------------------------ dialect hooks

    def _read(self) -> AbstractContextManager[Any]:
        """A connection for reads (a consistent snapshot within one statement)."""
        raise NotImplementedError

    def _write(self) -> AbstractContextManager[Any]:
        """A connection inside one write transaction: committed on success, rolled back on any exception."""
        raise NotImplementedError

    def _q(self, sql: str) -> str:
        """``sql`` with this dialect's placeholders (written with ``?``)."""
        return sql

    def _lock_thread(self, conn: Any, thread_id: str) -> ThreadInfo:
        """The thread's head, locked against other writers until the transaction ends; ThreadNotFound if absent."""
        raise NotImplementedError

    def _version_moved(self, conn: Any, thread_id: str, version: int) -> None:
        """A version was committed (Postgres keeps the head in the thread's row)."""

    def _insert_id(self, conn: Any, sql: str, args: Sequence[Any]) -> int:
        """Run an INSERT of one row and return its generated ``id``."""
        raise NotImplementedError

    def _migration_lock(self, conn: Any) -> None:
        """Serialise migrators of one database (called first in each migration's transaction)."""

    # ------------------------------------------------------------------ plumbing

    def _x(self, conn: Any, sql: str, args: Sequence[Any] = ()) -> Any:
        return conn.execute(self._q(sql), args)

    def _xmany(self, conn: Any, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """One statement for many rows (Postgres pipelines them: one round trip, not one per row)."""
        if rows:
            conn.executemany(self._q(sql), rows)

    def _head(self, conn: Any, thread_id: str) -> ThreadInfo:
        row = self._x(conn, self.INFO_SQL + " WHERE t.id = ?", (thread_id,)).fetchone()
        if row is None:
            from ..errors import ThreadNotFound

            raise ThreadNotFound(f"thread {thread_id!r} does not exist")
        return _info(row)

    def _run_migrations(self, transaction: Callable[[], AbstractContextManager[Any]]) -> None:
        """Apply every migration not yet recorded, in order, each in its own ``transaction()``; StoreError for a
        database written by a newer chatcompact."""
        with transaction() as conn:
            self._migration_lock(conn)
            self._x(conn, self.MIGRATIONS_TABLE)
        for version, migration in enumerate(self.MIGRATIONS, start=1):
            with transaction() as conn:
                self._migration_lock(conn)
                # Checked inside the transaction: another process may have migrated while we waited.
                if self._x(conn, "SELECT 1 FROM schema_migrations WHERE version = ?", (version,)).fetchone():
                    continue
                migration(conn)
                self._x(conn, "INSERT INTO schema_migrations VALUES (?, ?)", (version, time.time()))
        with transaction() as conn:
            newest = self._x(conn, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations").fetchone()[0]
        if newest > len(self.MIGRATIONS):
            raise StoreError(
                f"{self._where} has schema version {newest}, newer than this chatcompact knows "
                f"({len(self.MIGRATIONS)}); upgrade chatcompact"
            )

    # ------------------------------------------------------------------ threads

    def ensure_thread(
        self, thread_id: str, system: str | None, *, created_at: float | None = None, budget: int | None = None
    ) -> ThreadInfo:
        """Create the thread if missing; update its system prompt / trigger budget when given and different.

        ``created_at`` (epoch seconds) is used for a new thread instead of now (``migrate`` keeps times).
        """
        check_thread(thread_id, system)
        check_budget(budget)
        with self._write() as conn:
            self._x(
                conn,
                "INSERT INTO threads (id, system, created_at, budget) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
                (thread_id, system, created_at or time.time(), budget),
            )
            row = self._x(conn, "SELECT system, budget FROM threads WHERE id = ?", (thread_id,)).fetchone()
            if system is not None and system != row[0]:
                self._x(conn, "UPDATE threads SET system = ? WHERE id = ?", (system, thread_id))
            if budget is not None and budget != row[1]:
                self._x(conn, "UPDATE threads SET budget = ? WHERE id = ?", (budget, thread_id))
            return self._head(conn, thread_id)

    def thread_info(self, thread_id: str) -> ThreadInfo:
        """The thread's identity and head; raises ThreadNotFound if absent."""
        with self._read() as conn:
            return self._head(conn, thread_id)

    def list_threads(self) -> list[ThreadInfo]:
        """Every thread, oldest first."""
        with self._read() as conn:
            return [_info(r) for r in self._x(conn, self.INFO_SQL + " ORDER BY t.created_at, t.id").fetchall()]

    # ------------------------------------------------------------------ the log

    def messages(self, thread_id: str, after: int = 0, until: int | None = None) -> list[Message]:
        """Messages with ``after < seq <= until``, oldest first."""
        sql = "SELECT seq, body, created_at FROM messages WHERE thread_id = ? AND seq > ?"
        args: tuple[Any, ...] = (thread_id, after)
        if until is not None:
            sql, args = sql + " AND seq <= ?", (*args, until)
        with self._read() as conn:
            rows = self._x(conn, sql + " ORDER BY seq", args).fetchall()
            if not rows:
                self._head(conn, thread_id)  # an empty window is fine; a missing thread is not
        return [decode_message(body, seq, created, thread_id) for seq, body, created in rows]

    def message_tokens(self, thread_id: str, after: int = 0) -> list[int]:
        """Stored token counts of the messages after ``after``, in seq order."""
        with self._read() as conn:
            rows = self._x(
                conn, "SELECT tokens FROM messages WHERE thread_id = ? AND seq > ? ORDER BY seq", (thread_id, after)
            ).fetchall()
            if not rows:
                self._head(conn, thread_id)
        return [r[0] for r in rows]

    # ------------------------------------------------------------------ summary versions

    def latest_version(self, thread_id: str) -> SummaryVersion | None:
        """The newest committed summary version, or None when the thread has none yet."""
        with self._read() as conn:
            row = self._x(
                conn,
                "SELECT body FROM summary_versions WHERE thread_id = ? ORDER BY version DESC LIMIT 1",
                (thread_id,),
            ).fetchone()
            if row is None:
                self._head(conn, thread_id)
                return None
        return load_version(row[0], thread_id)

    def versions(self, thread_id: str) -> list[SummaryVersion]:
        """Every committed summary version, oldest first."""
        with self._read() as conn:
            rows = self._x(
                conn, "SELECT body FROM summary_versions WHERE thread_id = ? ORDER BY version", (thread_id,)
            ).fetchall()
            if not rows:
                self._head(conn, thread_id)
        return [load_version(r[0], thread_id) for r in rows]

    def commit_version(self, thread_id: str, version: SummaryVersion) -> SummaryVersion:
        """Commit iff the latest version equals ``version.parent`` (0 = none); VersionConflict otherwise.

        A ``created_at`` of 0 is stamped with the commit time; the committed version is returned.
        """
        if not version.created_at:
            version = version.model_copy(update={"created_at": time.time()})
        with self._write() as conn:
            # The head is locked: check-then-write is atomic against every other writer.
            check_version(thread_id, self._lock_thread(conn, thread_id).last_version, version)
            self._insert_version(conn, thread_id, version)
        return version

    def _insert_version(self, conn: Any, thread_id: str, version: SummaryVersion) -> None:
        self._x(
            conn,
            "INSERT INTO summary_versions VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                thread_id,
                version.version,
                version.parent,
                version.covered_from,
                version.covered_until,
                version.model_dump_json(),
                version.created_at,
            ),
        )
        self._version_moved(conn, thread_id, version.version)

    # ------------------------------------------------------------------ hierarchy nodes

    def put_node(self, thread_id: str, node: SummaryNode) -> SummaryNode:
        """Store a hierarchy node (a second put of the same id keeps the first); StoreError past the log's end."""
        body = node.model_dump_json() if isinstance(node, SummaryNode) else ""
        with self._write() as conn:
            check_node(thread_id, self._head(conn, thread_id).last_seq, node)
            self._x(
                conn,
                "INSERT INTO summary_nodes (thread_id, id, level, seq_from, seq_until, body, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (thread_id, id) DO NOTHING",
                (thread_id, node.id, node.level, node.seq_from, node.seq_until, body, node.created_at),
            )
            row = self._x(
                conn, "SELECT body FROM summary_nodes WHERE thread_id = ? AND id = ?", (thread_id, node.id)
            ).fetchone()
        return load_node(row[0], thread_id)

    def nodes(self, thread_id: str, level: int | None = None) -> list[SummaryNode]:
        """The thread's hierarchy nodes (of ``level`` if given), by level, then seq_from, then write order."""
        check_level(level)
        sql = "SELECT body FROM summary_nodes WHERE thread_id = ?"
        args: tuple[Any, ...] = (thread_id,)
        if level is not None:
            sql, args = sql + " AND level = ?", (*args, level)
        with self._read() as conn:
            rows = self._x(conn, sql + f" ORDER BY level, seq_from, {self.NODE_ORDER}", args).fetchall()
            if not rows:
                self._head(conn, thread_id)
        return [load_node(r[0], thread_id) for r in rows]

    # ------------------------------------------------------------------ events

    def log_event(self, thread_id: str, kind: str, data: dict[str, Any], *, created_at: float | None = None) -> Event:
        """Durably record an event; returns it with ``id``, ``created_at`` and ``data`` as stored (JSON round trip).

        StoreError if ``kind`` is not a non-empty string or ``data`` is not JSON-serialisable (nothing written).
        """
        body = encode_event(kind, data)  # fail before taking the write lock
        now = created_at or time.time()
        with self._write() as conn:
            self._head(conn, thread_id)
            event_id = self._insert_id(
                conn,
                "INSERT INTO events (thread_id, kind, body, created_at) VALUES (?, ?, ?, ?)",
                (thread_id, kind, body, now),
            )
        return decode_event(thread_id, kind, body, now, event_id)

    def events(self, thread_id: str, kind: str | None = None, limit: int = 100) -> list[Event]:
        """The thread's latest ``limit`` events (of ``kind`` if given), oldest first."""
        if kind is not None:
            check_kind(kind)
        if check_limit(limit) <= 0:  # SQLite reads LIMIT -1 as "no limit"
            self.thread_info(thread_id)
            return []
        sql = "SELECT id, kind, body, created_at FROM events WHERE thread_id = ?"
        args: tuple[Any, ...] = (thread_id,)
        if kind is not None:
            sql, args = sql + " AND kind = ?", (*args, kind)
        with self._read() as conn:
            rows = self._x(conn, sql + " ORDER BY id DESC LIMIT ?", (*args, limit)).fetchall()
            if not rows:
                self._head(conn, thread_id)
        return [decode_event(thread_id, k, body, created, eid) for eid, k, body, created in reversed(rows)]

    # ------------------------------------------------------------------ vectors (the parts both dialects share)

    def missing_vectors(self, thread_id: str, model: str, limit: int = 256) -> list[Message]:
        """The oldest ``limit`` messages of the thread that have no vector for ``model`` yet, oldest first."""
        check_model(model)
        if check_limit(limit) <= 0:
            self.thread_info(thread_id)
            return []
        with self._read() as conn:
            args = (thread_id, thread_id, model, thread_id, model, limit)
            rows = self._x(conn, _MISSING_SQL, args).fetchall()
            if not rows:
                self._head(conn, thread_id)
        return [decode_message(body, seq, created, thread_id) for seq, body, created in rows]

    def _advance(self, conn: Any, thread_id: str, model: str, upto: int) -> int:
        """The new complete-prefix mark of (thread, model) after a write of vectors."""
        row = self._x(conn, _ADVANCE_SQL, (thread_id, upto, thread_id, model, thread_id)).fetchone()
        return int(row[0]) if row and row[0] is not None else 0

    def _message_meta(self, conn: Any, thread_id: str, seqs: list[int]) -> dict[int, tuple[str, float]]:
        """(role, created_at) of each seq; StoreError naming the first seq the thread does not have."""
        rows = self._x(
            conn,
            "SELECT seq, role, created_at FROM messages WHERE thread_id = ? AND seq BETWEEN ? AND ?",
            (thread_id, min(seqs), max(seqs)),
        )
        meta = {seq: (role, created) for seq, role, created in rows}
        for seq in seqs:
            if seq not in meta:
                raise StoreError(f"thread {thread_id!r} has no message {seq} to attach a vector to")
        return meta

    def vector_models(self, thread_id: str) -> list[str]:
        """Names of the embedding models with vectors in the thread."""
        with self._read() as conn:
            self._head(conn, thread_id)
            rows = self._x(conn, "SELECT model FROM vector_models WHERE thread_id = ? ORDER BY model", (thread_id,))
            return [r[0] for r in rows.fetchall()]

    # ------------------------------------------------------------------ jobs

    def enqueue_job(self, thread_id: str, kind: str) -> None:
        """Ask for a job on the thread (a queued job is only marked as requested again)."""
        check_job_kind(kind)
        with self._write() as conn:
            self._head(conn, thread_id)
            self._x(
                conn,
                f"INSERT INTO jobs (thread_id, kind, enqueued_at, not_before) VALUES (?, ?, {self.NOW}, {self.NOW}) "
                "ON CONFLICT (thread_id, kind) DO UPDATE SET requested = jobs.requested + 1",
                (thread_id, kind),
            )

    def finish_job(self, lease: JobLease, *, again: bool = False, delay: float = 0.0) -> bool:
        """End a claim: the job is removed unless ``again`` or requested meanwhile (then it is released, ready
        after ``delay`` seconds). False when the lease was lost (expired and taken by another worker)."""
        key = (lease.thread_id, lease.kind, lease.token)
        with self._write() as conn:
            if not again:
                sql = "DELETE FROM jobs WHERE thread_id = ? AND kind = ? AND lease = ? AND requested = ?"
                if self._x(conn, sql, (*key, lease.requested)).rowcount:
                    return True
            cur = self._x(
                conn,
                f"UPDATE jobs SET lease = NULL, leased_until = NULL, not_before = {self.NOW} + ? "
                "WHERE thread_id = ? AND kind = ? AND lease = ?",
                (max(float(delay), 0.0), *key),
            )
            return bool(cur.rowcount > 0)

    def renew_job(self, lease: JobLease, lease_s: float) -> bool:
        """Extend a claim by ``lease_s`` seconds from now (a long summarizer call); False if it was lost."""
        if lease_s <= 0:
            raise InvalidArgument(f"lease_s must be > 0, got {lease_s}")
        with self._write() as conn:
            cur = self._x(
                conn,
                f"UPDATE jobs SET leased_until = {self.NOW} + ? WHERE thread_id = ? AND kind = ? AND lease = ?",
                (float(lease_s), lease.thread_id, lease.kind, lease.token),
            )
            return bool(cur.rowcount > 0)

    def pending_jobs(self) -> int:
        """Jobs queued or leased, in the whole store."""
        with self._read() as conn:
            row = self._x(conn, "SELECT count(*) FROM jobs").fetchone()
        return int(row[0]) if row else 0

    # ------------------------------------------------------------------ forget (chatcompact.runtime.forget drives it)

    def _erase_messages(self, conn: Any, thread_id: str, tombstones: Sequence[Message], seqs: list[int]) -> None:
        """Replace the messages by ``tombstones`` and re-index them and the two turns after each (their
        full-text context quoted them); drop their vectors and passages. Inside the forget's transaction."""
        raise NotImplementedError

    def _forgotten(self, thread_id: str, seqs: Sequence[int] = ()) -> None:
        """After a forget of ``seqs`` committed: bring in-process caches of the thread up to date."""

    def forget_messages(
        self,
        thread_id: str,
        tombstones: Sequence[Message],
        versions: Sequence[SummaryVersion],
        nodes: Sequence[SummaryNode],
        event_ids: Sequence[int],
        report: dict[str, Any],
        head: SummaryVersion | None = None,
    ) -> None:
        """In one transaction: replace messages by ``tombstones`` (same seq) and re-index them, rewrite
        ``versions`` and ``nodes``, delete ``event_ids``, log a ``forgotten`` event with ``report`` and commit
        ``head``, a new version on top of the latest: VersionConflict (nothing written) if ``head.parent`` is no
        longer the latest, so a compaction planned before the forget cannot commit after it.

        The bytes are not scrubbed here: :meth:`scrub` does that (``forget`` calls it)."""
        seqs = sorted({m.seq or 0 for m in tombstones})
        if head is not None and not head.created_at:
            head = head.model_copy(update={"created_at": time.time()})
        with self._write() as conn:
            latest = self._lock_thread(conn, thread_id).last_version
            if head is not None:
                check_version(thread_id, latest, head)
            self._erase_messages(conn, thread_id, tombstones, seqs)
            self._xmany(
                conn,
                "UPDATE summary_versions SET body = ? WHERE thread_id = ? AND version = ?",
                [(v.model_dump_json(), thread_id, v.version) for v in versions],
            )
            self._xmany(
                conn,
                "UPDATE summary_nodes SET body = ? WHERE thread_id = ? AND id = ?",
                [(n.model_dump_json(), thread_id, n.id) for n in nodes],
            )
            for chunk in chunks(event_ids):
                marks = ", ".join("?" * len(chunk))
                self._x(conn, f"DELETE FROM events WHERE thread_id = ? AND id IN ({marks})", (thread_id, *chunk))
            self._insert_id(
                conn,
                "INSERT INTO events (thread_id, kind, body, created_at) VALUES (?, 'forgotten', ?, ?)",
                (thread_id, encode_event("forgotten", report), time.time()),
            )
            if head is not None:
                self._insert_version(conn, thread_id, head)
        self._forgotten(thread_id, seqs)


def migration_registry() -> tuple[list[Migration], Callable[[Migration], Migration], Callable[..., None]]:
    """A dialect's schema: (the list, a decorator appending a function to it, a runner of plain statements)."""
    migrations: list[Migration] = []

    def migration(fn: Migration) -> Migration:
        migrations.append(fn)
        return fn

    def run(conn: Any, *statements: str) -> None:
        for statement in statements:
            conn.execute(statement)

    return migrations, migration, run


def chunks(items: Sequence[Any], size: int = 500) -> Iterator[Sequence[Any]]:
    """``items`` in slices of ``size`` (statements with one placeholder per item stay under SQLite's limits)."""
    for start in range(0, len(items), size):
        yield items[start : start + size]


__all__ = ["Migration", "SQLStore", "chunks", "load_version", "migration_registry"]
