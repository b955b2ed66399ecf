"""The default store: one SQLite file in WAL mode, with an FTS5 index over every message.

Durability: every write is one ``BEGIN IMMEDIATE`` transaction committed before the method returns;
with ``synchronous=FULL`` a commit survives power loss, with ``NORMAL`` it survives a process crash.
Concurrency: one connection per store object, shared by threads under an RLock; several processes
(or several store objects) may open the same file, SQLite's write lock serialises them and
``busy_timeout`` makes a writer wait up to 5 s instead of failing at once.
"""

from __future__ import annotations

import sqlite3
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import Any

import numpy as np

from ..core.passages import passage_rows
from ..errors import ConfigError, InvalidArgument, StoreError, ThreadNotFound
from ..protocols import JobLease, Ranked, RankedSpan, SearchFilter, TextHit
from ..types import Event, Message, SummaryNode, SummaryVersion, ThreadInfo
from ._common import (
    check_append,
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
    encode_message,
    indexed_text,
    load_node,
    private_file,
    query_terms,
)
from ._vectors import VectorIndex, as_query, check_dim, check_model, no_match, vector_batch

_SYNC_MODES = frozenset({"OFF", "NORMAL", "FULL", "EXTRA"})
#: Vectors kept in memory across all cached (thread, model) indexes of one store object (~0.6 GiB at 384
#: dimensions, twice that with HNSW graphs); the least recently searched indexes go first. One index is always kept.
MAX_CACHED_VECTORS = 400_000
_BLOB = np.dtype("<f4")  # vectors are stored as little-endian float32
_BUSY_TIMEOUT_MS = 5000

# The values a message is indexed with in messages_fts (migration 3): its text, its thread's token, and
# the text of the two messages before it in the thread (the "context" column).
_THREAD_TOKEN = "'t' || hex({m}.thread_id) || '0'"
_FTS_ROWS_SQL = f"""
SELECT m.rowid, m.text, {_THREAD_TOKEN.format(m="m")}, COALESCE(p2.text || ' ', '') || COALESCE(p1.text, '')
FROM messages m
LEFT JOIN messages p1 ON p1.thread_id = m.thread_id AND p1.seq = m.seq - 1
LEFT JOIN messages p2 ON p2.thread_id = m.thread_id AND p2.seq = m.seq - 2"""
#: BM25 weight of the context column: the words of the two messages before (the message's own words weigh 1).
CONTEXT_WEIGHT = 0.25

# Schema migrations, applied in order at open, each in its own transaction; version N is MIGRATIONS[N - 1].
# Never edit a shipped entry: append a new tuple of statements (they run with conn.execute, one by one,
# because executescript would commit the surrounding transaction).
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE threads (
            id TEXT PRIMARY KEY,
            system TEXT,
            created_at REAL NOT NULL,
            metadata TEXT NOT NULL DEFAULT '{}'
        )""",
        """CREATE TABLE messages (
            rowid INTEGER PRIMARY KEY,
            thread_id TEXT NOT NULL REFERENCES threads(id),
            seq INTEGER NOT NULL,
            role TEXT NOT NULL,
            body TEXT NOT NULL,
            text TEXT NOT NULL,
            tokens INTEGER NOT NULL,
            created_at REAL NOT NULL,
            UNIQUE (thread_id, seq)
        )""",
        # External content: the words are indexed, the text itself lives once, in messages.
        """CREATE VIRTUAL TABLE messages_fts USING fts5(
            text, content='messages', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2'
        )""",
        """CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
            INSERT INTO messages_fts(rowid, text) VALUES (new.rowid, new.text);
        END""",
        # Only delete_thread deletes messages; the index must forget them too or it would return ghosts.
        """CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
            INSERT INTO messages_fts(messages_fts, rowid, text) VALUES ('delete', old.rowid, old.text);
        END""",
        # The log is append-only; enforce it in the file so no other writer can rewrite history either.
        """CREATE TRIGGER messages_append_only BEFORE UPDATE ON messages BEGIN
            SELECT RAISE(ABORT, 'the message log is append-only');
        END""",
        """CREATE TABLE summary_versions (
            thread_id TEXT NOT NULL REFERENCES threads(id),
            version INTEGER NOT NULL,
            parent INTEGER,
            covered_from INTEGER NOT NULL,
            covered_until INTEGER NOT NULL,
            body TEXT NOT NULL,
            created_at REAL NOT NULL,
            PRIMARY KEY (thread_id, version)
        )""",
    ),
    (
        # Things that happened to a thread besides messages and summaries (e.g. a failed compaction).
        # body is the event's data as a JSON object; ids grow, so ORDER BY id is the order of logging.
        """CREATE TABLE events (
            id INTEGER PRIMARY KEY,
            thread_id TEXT NOT NULL REFERENCES threads(id),
            kind TEXT NOT NULL,
            body TEXT NOT NULL,
            created_at REAL NOT NULL
        )""",
        "CREATE INDEX events_thread_kind ON events (thread_id, kind, id)",
    ),
    (
        # Full-text search v2 (measured on LoCoMo, benchmarks/locomo_recall.py):
        # - words are Porter-stemmed ("painting" finds "painted"): +4 points of BM25 evidence recall@10;
        # - each message is also indexed with the text of the two messages before it, in a ``context`` column
        #   that weighs CONTEXT_WEIGHT in BM25: an answer ("Yes, since 2019") is found by the words of its
        #   question (+9 points of BM25 evidence recall@10 on LoCoMo; one previous message gives +7, three +9);
        # - each message carries its thread as one token ('t' + hex(thread id) + '0': injective, and the final
        #   digit keeps the stemmer off it), so a search reads only that thread's postings instead of filtering
        #   every thread's matches (1M messages in 100 threads: ~10 ms instead of ~180 ms).
        # The index is contentless (it never reads text back; hits are joined to messages by rowid), so
        # delete_thread removes a thread's entries itself, with the values they were indexed with.
        "DROP TRIGGER messages_fts_insert",
        "DROP TRIGGER messages_fts_delete",
        "DROP TABLE messages_fts",
        """CREATE VIRTUAL TABLE messages_fts USING fts5(
            text, fts_thread, context, content='', tokenize='porter unicode61 remove_diacritics 2'
        )""",
        f"""CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
            INSERT INTO messages_fts(rowid, text, fts_thread, context) VALUES (
                new.rowid, new.text, {_THREAD_TOKEN.format(m="new")},
                COALESCE((SELECT text FROM messages WHERE thread_id = new.thread_id AND seq = new.seq - 2) || ' ', '')
                || COALESCE((SELECT text FROM messages WHERE thread_id = new.thread_id AND seq = new.seq - 1), '')
            );
        END""",
        f"INSERT INTO messages_fts(rowid, text, fts_thread, context) {_FTS_ROWS_SQL}",
        # One embedding per (thread, model, message): L2-normalised little-endian float32, ``dim`` values.
        # gen orders writes per (thread, model) so an in-process index catches up with other writers cheaply.
        """CREATE TABLE vectors (
            thread_id TEXT NOT NULL REFERENCES threads(id),
            model TEXT NOT NULL,
            seq INTEGER NOT NULL,
            dim INTEGER NOT NULL,
            gen INTEGER NOT NULL,
            vec BLOB NOT NULL,
            PRIMARY KEY (thread_id, model, seq)
        )""",
        "CREATE INDEX vectors_gen ON vectors (thread_id, model, gen)",
        # Per (thread, model): the dimension, the latest write generation, and ``upto``: every message with
        # seq <= upto has a vector, so finding the ones still missing starts there instead of at seq 1.
        """CREATE TABLE vector_models (
            thread_id TEXT NOT NULL REFERENCES threads(id),
            model TEXT NOT NULL,
            dim INTEGER NOT NULL,
            gen INTEGER NOT NULL,
            upto INTEGER NOT NULL,
            PRIMARY KEY (thread_id, model)
        )""",
    ),
    (
        # Summary-hierarchy nodes (core/hierarchy.py), append-only like the versions: body is the node's JSON;
        # rowid keeps write order. Ids are content-addressed by the writer, so INSERT OR IGNORE makes puts idempotent.
        """CREATE TABLE summary_nodes (
            rowid INTEGER PRIMARY KEY,
            thread_id TEXT NOT NULL REFERENCES threads(id),
            id TEXT NOT NULL,
            level INTEGER NOT NULL,
            seq_from INTEGER NOT NULL,
            seq_until INTEGER NOT NULL,
            body TEXT NOT NULL,
            created_at REAL NOT NULL,
            UNIQUE (thread_id, id)
        )""",
        "CREATE INDEX summary_nodes_level ON summary_nodes (thread_id, level, seq_from)",
    ),
    (
        # The background job queue (see the Store protocol): one row per (thread, kind) wanted; ``requested``
        # counts requests, ``lease`` names the claim that holds the job until ``leased_until`` (epoch seconds).
        """CREATE TABLE jobs (
            thread_id TEXT NOT NULL REFERENCES threads(id),
            kind TEXT NOT NULL,
            requested INTEGER NOT NULL DEFAULT 1,
            enqueued_at REAL NOT NULL,
            not_before REAL NOT NULL,
            lease TEXT,
            leased_until REAL,
            attempts INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (thread_id, kind)
        )""",
        "CREATE INDEX jobs_ready ON jobs (not_before)",
    ),
    (
        # The thread's trigger budget (mem.thread(id, budget=...)); NULL: the opening Memory's Policy.budget.
        "ALTER TABLE threads ADD COLUMN budget INTEGER",
    ),
    (
        # The log stays append-only for every writer; forget() and delete_thread() are the one audited way
        # to change it: they hold a grant row for the thread inside their own transaction, and the triggers
        # refuse an UPDATE or DELETE of messages without one.
        "CREATE TABLE log_grants (thread_id TEXT PRIMARY KEY)",
        "DROP TRIGGER messages_append_only",
        """CREATE TRIGGER messages_append_only BEFORE UPDATE ON messages
            WHEN NOT EXISTS (SELECT 1 FROM log_grants WHERE thread_id = old.thread_id) BEGIN
            SELECT RAISE(ABORT, 'the message log is append-only (Thread.forget is the audited way to erase)');
        END""",
        """CREATE TRIGGER messages_no_delete BEFORE DELETE ON messages
            WHEN NOT EXISTS (SELECT 1 FROM log_grants WHERE thread_id = old.thread_id) BEGIN
            SELECT RAISE(ABORT, 'the message log is append-only (Thread.forget is the audited way to erase)');
        END""",
    ),
    (
        # Long messages as passages (core.passages): character spans of a message's text, each its own FTS row, so
        # a 2,000-token tool output is found by the line that matters. Messages stored before stay whole-message.
        """CREATE TABLE passages (
            thread_id TEXT NOT NULL,
            seq INTEGER NOT NULL,
            chunk INTEGER NOT NULL,
            start_at INTEGER NOT NULL,
            end_at INTEGER NOT NULL,
            PRIMARY KEY (thread_id, seq, chunk)
        )""",
        "CREATE VIRTUAL TABLE passages_fts USING fts5(text, fts_thread, "
        "tokenize='porter unicode61 remove_diacritics 2')",
    ),
)

# One statement gives a consistent snapshot of a thread's head (no transaction needed for reads).
_INFO_SQL = """
SELECT t.id, t.system, t.created_at,
       (SELECT COALESCE(MAX(seq), 0) FROM messages WHERE thread_id = t.id),
       (SELECT COALESCE(MAX(version), 0) FROM summary_versions WHERE thread_id = t.id),
       t.budget
FROM threads t
"""

# The thread token column weighs 0 in BM25; m.thread_id is checked as well (the token only narrows the scan).
# With a filter, the join comes before the LIMIT (the filter must see every match).
_SEARCH_SQL = """
SELECT m.seq, bm25(messages_fts, 1.0, 0.0, {context_weight}) AS score
FROM messages_fts JOIN messages m ON m.rowid = messages_fts.rowid
WHERE messages_fts MATCH ? AND m.thread_id = ?{where}
ORDER BY score, m.seq
LIMIT ?
"""
# Without one, only the top k are joined: ~25% faster when a common word matches tens of thousands of messages.
_SEARCH_TOP_SQL = """
SELECT m.seq, f.score
FROM (
    SELECT rowid, bm25(messages_fts, 1.0, 0.0, {context_weight}) AS score FROM messages_fts
    WHERE messages_fts MATCH ?1 ORDER BY score, rowid LIMIT ?3  -- rowid order is seq order within a thread
) f JOIN messages m ON m.rowid = f.rowid
WHERE m.thread_id = ?2
ORDER BY f.score, m.seq
"""

# Oldest messages without a vector for a model, starting past the known-complete prefix.
_MISSING_SQL = """
SELECT m.seq, m.body, m.created_at FROM messages m
WHERE m.thread_id = ?1
  AND m.seq > COALESCE((SELECT upto FROM vector_models WHERE thread_id = ?1 AND model = ?2), 0)
  AND NOT EXISTS (SELECT 1 FROM vectors v WHERE v.thread_id = ?1 AND v.model = ?2 AND v.seq = m.seq)
ORDER BY m.seq
LIMIT ?3
"""

# The thread's identity (to notice a deleted and re-created thread) and the model's dimension and generation.
_VECTOR_HEAD_SQL = """
SELECT t.created_at, vm.dim, vm.gen FROM threads t
LEFT JOIN vector_models vm ON vm.thread_id = t.id AND vm.model = ?
WHERE t.id = ?
"""

_VECTOR_ROWS_SQL = """
SELECT v.seq, v.vec, m.role, m.created_at FROM vectors v
JOIN messages m ON m.thread_id = v.thread_id AND m.seq = v.seq
WHERE v.thread_id = ? AND v.model = ? AND v.gen > ?
ORDER BY v.gen, v.seq
"""


def _where_sql(where: SearchFilter | None) -> tuple[str, tuple[Any, ...]]:
    """SQL conditions on ``m`` (messages) for a search filter, with their arguments."""
    if where is None:
        return "", ()
    sql, args = "", tuple[Any, ...]()
    if where.roles is not None:
        roles = sorted(where.roles)
        sql += f" AND m.role IN ({', '.join('?' * len(roles))})" if roles else " AND 0"
        args += tuple(roles)
    if where.since is not None:
        sql, args = sql + " AND m.created_at >= ?", (*args, float(where.since))
    if where.until is not None:
        sql, args = sql + " AND m.created_at <= ?", (*args, float(where.until))
    return sql, args


def _info(row: Sequence[Any]) -> ThreadInfo:
    return ThreadInfo(id=row[0], system=row[1], created_at=row[2], last_seq=row[3], last_version=row[4], budget=row[5])


class SQLiteStore:
    """A :class:`~chatcompact.protocols.Store` in one SQLite file (or ``":memory:"``)."""

    supports_text_search = True
    supports_vectors = True
    supports_jobs = True

    def __init__(self, path: str, synchronous: str = "FULL") -> None:
        mode = synchronous.upper() if isinstance(synchronous, str) else ""
        if mode not in _SYNC_MODES:
            raise ConfigError(f"synchronous must be one of {sorted(_SYNC_MODES)}, got {synchronous!r}")
        self.path = str(path)
        self._lock = threading.RLock()
        self._closed = False
        # (thread_id, model) -> (thread created_at, generation loaded, index): built on first vector search,
        # least recently used first; evicted past MAX_CACHED_VECTORS (rebuilt from the blobs when searched again).
        self._indexes: OrderedDict[tuple[str, str], tuple[float, int, VectorIndex]] = OrderedDict()
        try:
            if self.path != ":memory:":
                private_file(self.path)
            # isolation_level=None: the module must not open transactions behind our back; we issue
            # BEGIN IMMEDIATE ourselves so the write lock is taken before the first read of a write.
            self._conn = sqlite3.connect(
                self.path, check_same_thread=False, isolation_level=None, timeout=_BUSY_TIMEOUT_MS / 1000
            )
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"cannot open SQLite store at {self.path!r}: {exc}") from exc
        try:
            self._configure(mode)
            self._migrate()
        except BaseException:
            self._conn.close()
            self._closed = True
            raise

    # ------------------------------------------------------------------ plumbing

    def _configure(self, mode: str) -> None:
        with self._read() as conn:
            conn.execute(f"PRAGMA busy_timeout = {_BUSY_TIMEOUT_MS}")
            # ":memory:" answers 'memory': WAL needs a file, and there is nothing to share anyway.
            self.journal_mode = str(conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]).lower()
            conn.execute(f"PRAGMA synchronous = {mode}")  # mode comes from _SYNC_MODES, not from the user verbatim
            conn.execute("PRAGMA foreign_keys = ON")

    def _migrate(self) -> None:
        with self._write() as conn:
            conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at REAL)")
        for version, statements in enumerate(MIGRATIONS, start=1):
            with self._write() as conn:
                # Checked inside the write lock: another process may have migrated while we waited.
                if conn.execute("SELECT 1 FROM schema_migrations WHERE version = ?", (version,)).fetchone():
                    continue
                for statement in statements:
                    conn.execute(statement)
                conn.execute("INSERT INTO schema_migrations VALUES (?, ?)", (version, time.time()))
        with self._read() as conn:
            newest = conn.execute("SELECT COALESCE(MAX(version), 0) FROM schema_migrations").fetchone()[0]
        if newest > len(MIGRATIONS):
            raise StoreError(
                f"{self.path!r} has schema version {newest}, newer than this chatcompact knows ({len(MIGRATIONS)}); "
                "upgrade chatcompact"
            )

    def _live(self) -> sqlite3.Connection:
        if self._closed:
            raise StoreError(f"the SQLite store at {self.path!r} is closed")
        return self._conn

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """The connection under the lock; sqlite3 errors come out as StoreError."""
        with self._lock:
            conn = self._live()
            try:
                yield conn
            except sqlite3.Error as exc:
                raise StoreError(f"SQLite store {self.path!r}: {exc}") from exc

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One ``BEGIN IMMEDIATE`` transaction: committed on success, rolled back on any exception."""
        with self._lock:
            conn = self._live()
            try:
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise StoreError(f"SQLite store {self.path!r}: cannot start a write: {exc}") from exc
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException as exc:
                self._rollback(conn)
                if isinstance(exc, sqlite3.Error):
                    raise StoreError(f"SQLite store {self.path!r}: {exc}") from exc
                raise

    @staticmethod
    def _rollback(conn: sqlite3.Connection) -> None:
        if not conn.in_transaction:  # SQLite already rolled back (e.g. after SQLITE_FULL)
            return
        # The error that made us roll back is already propagating and is the one worth reporting;
        # a failed ROLLBACK leaves the transaction to be undone when the connection closes.
        with suppress(sqlite3.Error):
            conn.execute("ROLLBACK")

    @staticmethod
    def _head(conn: sqlite3.Connection, thread_id: str) -> ThreadInfo:
        row = conn.execute(_INFO_SQL + " WHERE t.id = ?", (thread_id,)).fetchone()
        if row is None:
            raise ThreadNotFound(f"thread {thread_id!r} does not exist")
        return _info(row)

    # ------------------------------------------------------------------ threads

    def ensure_thread(
        self, thread_id: str, system: str | None, *, created_at: float | None = None, budget: int | None = None
    ) -> ThreadInfo:
        """Create the thread if missing; update its system prompt / trigger budget when given and different."""
        check_thread(thread_id, system)
        check_budget(budget)
        with self._write() as conn:
            row = conn.execute("SELECT system, budget FROM threads WHERE id = ?", (thread_id,)).fetchone()
            if row is None:
                conn.execute(
                    "INSERT INTO threads (id, system, created_at, budget) VALUES (?, ?, ?, ?)",
                    (thread_id, system, created_at or time.time(), budget),
                )
            else:
                if system is not None and system != row[0]:
                    conn.execute("UPDATE threads SET system = ? WHERE id = ?", (system, thread_id))
                if budget is not None and budget != row[1]:
                    conn.execute("UPDATE threads SET budget = ? WHERE id = ?", (budget, thread_id))
            return self._head(conn, thread_id)

    def thread_info(self, thread_id: str) -> ThreadInfo:
        """The thread's identity and head; raises ThreadNotFound if absent."""
        with self._read() as conn:
            return self._head(conn, thread_id)

    def list_threads(self) -> list[ThreadInfo]:
        """Every thread, oldest first."""
        with self._read() as conn:
            return [_info(r) for r in conn.execute(_INFO_SQL + " ORDER BY t.created_at, t.id")]

    def delete_thread(self, thread_id: str) -> None:
        """Remove the thread, its messages (and their index entries), its summary versions and its events."""
        with self._write() as conn:
            self._head(conn, thread_id)
            conn.execute("DELETE FROM vectors WHERE thread_id = ?", (thread_id,))
            conn.execute("DELETE FROM vector_models WHERE thread_id = ?", (thread_id,))
            conn.execute(
                "INSERT INTO messages_fts(messages_fts, rowid, text, fts_thread, context) "
                f"SELECT 'delete', * FROM ({_FTS_ROWS_SQL} WHERE m.thread_id = ?)",
                (thread_id,),
            )
            conn.execute("INSERT OR IGNORE INTO log_grants VALUES (?)", (thread_id,))  # the audited path
            self._drop_passages(conn, thread_id)
            conn.execute("DELETE FROM messages WHERE thread_id = ?", (thread_id,))
            conn.execute("DELETE FROM log_grants WHERE thread_id = ?", (thread_id,))
            conn.execute("DELETE FROM summary_versions WHERE thread_id = ?", (thread_id,))
            conn.execute("DELETE FROM events WHERE thread_id = ?", (thread_id,))
            conn.execute("DELETE FROM summary_nodes WHERE thread_id = ?", (thread_id,))
            conn.execute("DELETE FROM jobs WHERE thread_id = ?", (thread_id,))
            conn.execute("DELETE FROM threads WHERE id = ?", (thread_id,))
            for key in [key for key in self._indexes if key[0] == thread_id]:
                del self._indexes[key]

    # ------------------------------------------------------------------ the log

    def append(
        self, thread_id: str, messages: Sequence[Message], tokens: Sequence[int], *, created_at: float | None = None
    ) -> list[Message]:
        """Append atomically and durably; returns the messages with ``seq`` and ``created_at`` (default now) set."""
        check_append(messages, tokens, created_at)
        bodies = [encode_message(m, i) for i, m in enumerate(messages)]  # fail before taking the write lock
        now = created_at or time.time()
        with self._write() as conn:
            last = self._head(conn, thread_id).last_seq
            conn.executemany(
                "INSERT INTO messages (thread_id, seq, role, body, text, tokens, created_at) VALUES (?,?,?,?,?,?,?)",
                [
                    (thread_id, last + i, m.role, body, indexed_text(m.searchable_text), tok, now)
                    for i, (m, body, tok) in enumerate(zip(messages, bodies, tokens, strict=True), start=1)
                ],
            )
            self._index_passages(conn, thread_id, last, messages)
        return [m.with_meta(last + i, now) for i, m in enumerate(messages, start=1)]

    def messages(self, thread_id: str, after: int = 0, until: int | None = None) -> list[Message]:
        """Messages with ``after < seq <= until``, oldest first."""
        sql = "SELECT seq, body, created_at FROM messages WHERE thread_id = ? AND seq > ?"
        args: tuple[Any, ...] = (thread_id, after)
        if until is not None:
            sql, args = sql + " AND seq <= ?", (*args, until)
        with self._read() as conn:
            rows = conn.execute(sql + " ORDER BY seq", args).fetchall()
            if not rows:
                self._head(conn, thread_id)  # an empty window is fine; a missing thread is not
        return [decode_message(body, seq, created, thread_id) for seq, body, created in rows]

    def message_tokens(self, thread_id: str, after: int = 0) -> list[int]:
        """Stored token counts of the messages after ``after``, in seq order."""
        with self._read() as conn:
            rows = conn.execute(
                "SELECT tokens FROM messages WHERE thread_id = ? AND seq > ? ORDER BY seq", (thread_id, after)
            ).fetchall()
            if not rows:
                self._head(conn, thread_id)
        return [r[0] for r in rows]

    # ------------------------------------------------------------------ summary versions

    def latest_version(self, thread_id: str) -> SummaryVersion | None:
        """The newest committed summary version, or None when the thread has none yet."""
        with self._read() as conn:
            row = conn.execute(
                "SELECT body FROM summary_versions WHERE thread_id = ? ORDER BY version DESC LIMIT 1", (thread_id,)
            ).fetchone()
            if row is None:
                self._head(conn, thread_id)
                return None
        return self._load_version(row[0], thread_id)

    def versions(self, thread_id: str) -> list[SummaryVersion]:
        """Every committed summary version, oldest first."""
        with self._read() as conn:
            rows = conn.execute(
                "SELECT body FROM summary_versions WHERE thread_id = ? ORDER BY version", (thread_id,)
            ).fetchall()
            if not rows:
                self._head(conn, thread_id)
        return [self._load_version(r[0], thread_id) for r in rows]

    def commit_version(self, thread_id: str, version: SummaryVersion) -> SummaryVersion:
        """Commit iff the latest version equals ``version.parent`` (0 = none); VersionConflict otherwise.

        A ``created_at`` of 0 is stamped with the commit time; the committed version is returned.
        """
        if not version.created_at:
            version = version.model_copy(update={"created_at": time.time()})
        with self._write() as conn:
            check_version(thread_id, self._head(conn, thread_id).last_version, version)
            conn.execute(
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
        return version

    @staticmethod
    def _load_version(body: str, thread_id: str) -> SummaryVersion:
        try:
            return SummaryVersion.model_validate_json(body)
        except ValueError as exc:  # pydantic's ValidationError is a ValueError
            raise StoreError(f"a stored summary version of thread {thread_id!r} is unreadable: {exc}") from exc

    # ------------------------------------------------------------------ hierarchy nodes

    def put_node(self, thread_id: str, node: SummaryNode) -> SummaryNode:
        """Store a hierarchy node (a second put of the same id keeps the first); StoreError past the log's end."""
        body = node.model_dump_json() if isinstance(node, SummaryNode) else ""
        with self._write() as conn:
            check_node(thread_id, self._head(conn, thread_id).last_seq, node)
            conn.execute(
                "INSERT OR IGNORE INTO summary_nodes (thread_id, id, level, seq_from, seq_until, body, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    thread_id,
                    node.id,
                    node.level,
                    node.seq_from,
                    node.seq_until,
                    body,
                    node.created_at,
                ),
            )
            stored = conn.execute(
                "SELECT body FROM summary_nodes WHERE thread_id = ? AND id = ?", (thread_id, node.id)
            ).fetchone()[0]
        return load_node(stored, thread_id)

    def nodes(self, thread_id: str, level: int | None = None) -> list[SummaryNode]:
        """The thread's hierarchy nodes (of ``level`` if given), by level, then seq_from, then write order."""
        check_level(level)
        sql = "SELECT body FROM summary_nodes WHERE thread_id = ?"
        args: tuple[Any, ...] = (thread_id,)
        if level is not None:
            sql, args = sql + " AND level = ?", (*args, level)
        with self._read() as conn:
            rows = conn.execute(sql + " ORDER BY level, seq_from, rowid", args).fetchall()
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
            cursor = conn.execute(
                "INSERT INTO events (thread_id, kind, body, created_at) VALUES (?, ?, ?, ?)",
                (thread_id, kind, body, now),
            )
            event_id = cursor.lastrowid
        assert event_id is not None
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
            rows = conn.execute(sql + " ORDER BY id DESC LIMIT ?", (*args, limit)).fetchall()
            if not rows:
                self._head(conn, thread_id)
        return [decode_event(thread_id, k, body, created, eid) for eid, k, body, created in reversed(rows)]

    # ------------------------------------------------------------------ search

    def search_text(self, thread_id: str, query: str, k: int = 10, where: SearchFilter | None = None) -> list[TextHit]:
        """Full-text search of the thread's log, best match first (``score`` = -bm25, higher is better).

        ``where`` keeps only messages of the given roles and ``created_at`` range (inclusive).
        """
        return self._with_messages(thread_id, self.rank_text(thread_id, query, k, where))

    def rank_text(self, thread_id: str, query: str, k: int = 10, where: SearchFilter | None = None) -> list[Ranked]:
        """:meth:`search_text`'s ranking as ``(seq, score)``: no message body is read."""
        terms = query_terms(query)
        if not terms or k <= 0 or no_match(where):
            self.thread_info(thread_id)
            return []
        # Each term quoted: FTS5 operators and keywords in the user's text (OR, NEAR, '-', '*') stay literal.
        # The terms hold only letters and digits, so no quote needs escaping.
        thread_token = "t" + thread_id.encode("utf-8", "surrogatepass").hex().upper() + "0"  # = messages.fts_thread
        words = " OR ".join(f'"{t}"' for t in terms)
        fts_query = f'fts_thread : "{thread_token}" AND {{text context}} : ({words})'
        cond, args = _where_sql(where)
        weight = float(CONTEXT_WEIGHT)
        with self._read() as conn:
            if cond:
                sql = _SEARCH_SQL.format(where=cond, context_weight=weight)
                rows = conn.execute(sql, (fts_query, thread_id, *args, k)).fetchall()
            else:
                rows = conn.execute(_SEARCH_TOP_SQL.format(context_weight=weight), (fts_query, thread_id, k)).fetchall()
            if not rows:
                self._head(conn, thread_id)
        return [(seq, -score) for seq, score in rows]

    def _with_messages(self, thread_id: str, ranked: Sequence[Ranked]) -> list[TextHit]:
        """The ranked seqs as hits with their messages (a seq erased meanwhile is left out)."""
        bodies = self._bodies(thread_id, [seq for seq, _ in ranked])
        return [
            TextHit(message=decode_message(bodies[seq][0], seq, bodies[seq][1], thread_id), score=score)
            for seq, score in ranked
            if seq in bodies
        ]

    def messages_at(self, thread_id: str, seqs: Sequence[int]) -> list[Message]:
        """The messages of ``seqs`` the thread has, in seq order (protocols.RankedSearch)."""
        bodies = self._bodies(thread_id, sorted(set(seqs)))
        return [decode_message(body, seq, created, thread_id) for seq, (body, created) in sorted(bodies.items())]

    # ------------------------------------------------------------------ vectors

    def put_vectors(self, thread_id: str, model: str, seqs: Sequence[int], vectors: np.ndarray) -> None:
        """Store one vector per message seq for ``model`` (normalised; a second put for a seq replaces it).

        ValueError for a malformed batch; StoreError for a seq the thread does not have or a dimension that
        differs from the model's earlier vectors in this thread. Nothing is written then.
        """
        seq_list, matrix = vector_batch(model, seqs, vectors)
        if not seq_list:
            self.thread_info(thread_id)
            return
        dim = matrix.shape[1]
        stored = matrix.astype(_BLOB, copy=False)
        with self._lock:
            with self._write() as conn:
                created = self._head(conn, thread_id).created_at
                meta = self._message_meta(conn, thread_id, seq_list)
                row = conn.execute(
                    "SELECT dim, gen, upto FROM vector_models WHERE thread_id = ? AND model = ?", (thread_id, model)
                ).fetchone()
                check_dim(model, row[0] if row else None, dim)
                gen = (row[1] if row else 0) + 1
                conn.executemany(
                    "INSERT OR REPLACE INTO vectors (thread_id, model, seq, dim, gen, vec) VALUES (?, ?, ?, ?, ?, ?)",
                    [
                        (thread_id, model, seq, dim, gen, blob.tobytes())
                        for seq, blob in zip(seq_list, stored, strict=True)
                    ],
                )
                upto = self._advance(conn, thread_id, model, row[2] if row else 0)
                conn.execute(
                    "INSERT INTO vector_models (thread_id, model, dim, gen, upto) VALUES (?, ?, ?, ?, ?) "
                    "ON CONFLICT (thread_id, model) DO UPDATE SET gen = excluded.gen, upto = excluded.upto",
                    (thread_id, model, dim, gen, upto),
                )
            # Committed. Keep a loaded index current without re-reading the blobs, unless another writer
            # got in between (then the next search catches up from the file).
            cached = self._indexes.get((thread_id, model))
            if cached is not None and cached[0] == created and cached[1] == gen - 1 and cached[2].dim == dim:
                cached[2].add(seq_list, matrix, [meta[s][0] for s in seq_list], [meta[s][1] for s in seq_list])
                self._indexes[(thread_id, model)] = (created, gen, cached[2])
                self._indexes.move_to_end((thread_id, model))
                self._evict()

    @staticmethod
    def _message_meta(conn: sqlite3.Connection, thread_id: str, seqs: list[int]) -> dict[int, tuple[str, float]]:
        """(role, created_at) of each seq; StoreError naming the first seq the thread does not have."""
        lo, hi = min(seqs), max(seqs)
        meta = {
            seq: (role, created)
            for seq, role, created in conn.execute(
                "SELECT seq, role, created_at FROM messages WHERE thread_id = ? AND seq BETWEEN ? AND ?",
                (thread_id, lo, hi),
            )
        }
        for seq in seqs:
            if seq not in meta:
                raise StoreError(f"thread {thread_id!r} has no message {seq} to attach a vector to")
        return meta

    @staticmethod
    def _advance(conn: sqlite3.Connection, thread_id: str, model: str, upto: int) -> int:
        """The new complete-prefix mark: just before the first message past ``upto`` that has no vector."""
        gap = conn.execute(
            "SELECT m.seq FROM messages m WHERE m.thread_id = ?1 AND m.seq > ?3 AND NOT EXISTS "
            "(SELECT 1 FROM vectors v WHERE v.thread_id = ?1 AND v.model = ?2 AND v.seq = m.seq) "
            "ORDER BY m.seq LIMIT 1",
            (thread_id, model, upto),
        ).fetchone()
        if gap is not None:
            return int(gap[0]) - 1
        last = conn.execute("SELECT COALESCE(MAX(seq), 0) FROM messages WHERE thread_id = ?", (thread_id,)).fetchone()
        return int(last[0])

    def missing_vectors(self, thread_id: str, model: str, limit: int = 256) -> list[Message]:
        """The oldest ``limit`` messages of the thread that have no vector for ``model`` yet, oldest first."""
        check_model(model)
        if check_limit(limit) <= 0:
            self.thread_info(thread_id)
            return []
        with self._read() as conn:
            rows = conn.execute(_MISSING_SQL, (thread_id, model, limit)).fetchall()
            if not rows:
                self._head(conn, thread_id)
        return [decode_message(body, seq, created, thread_id) for seq, body, created in rows]

    def search_vectors(
        self, thread_id: str, model: str, query: np.ndarray, k: int = 10, where: SearchFilter | None = None
    ) -> list[TextHit]:
        """Nearest messages to ``query`` among the vectors of ``model`` (score = cosine similarity), best first.

        StoreError if ``query`` has another dimension than the stored vectors. No vectors yet: no hits.
        """
        return self._with_messages(thread_id, self.rank_vectors(thread_id, model, query, k, where))

    def rank_vectors(
        self, thread_id: str, model: str, query: np.ndarray, k: int = 10, where: SearchFilter | None = None
    ) -> list[Ranked]:
        """:meth:`search_vectors`' ranking as ``(seq, score)``: no message body is read."""
        check_model(model)
        index = self._vector_index(thread_id, model)
        if index is None or k <= 0:
            if index is None:
                as_query(query, None)  # still reject a malformed query
            return []
        return list(index.search(query, k, where))

    def _vector_index(self, thread_id: str, model: str) -> VectorIndex | None:
        """The loaded index of (thread, model), caught up with the file; None when the model has no vectors."""
        key = (thread_id, model)
        with self._read() as conn:
            head = conn.execute(_VECTOR_HEAD_SQL, (model, thread_id)).fetchone()
            if head is None:
                raise ThreadNotFound(f"thread {thread_id!r} does not exist")
            created, dim, gen = head
            if dim is None:
                self._indexes.pop(key, None)
                return None
            cached = self._indexes.get(key)
            if cached is None or cached[0] != created or cached[1] > gen or cached[2].dim != dim:
                cached = (created, 0, VectorIndex(dim))  # first search, or the thread was re-created elsewhere
            if cached[1] < gen:  # vectors written since (by another store object or process): load just those
                index = cached[2]
                rows = conn.execute(_VECTOR_ROWS_SQL, (thread_id, model, cached[1])).fetchall()
                if rows:
                    blob = b"".join(r[1] for r in rows)
                    matrix = np.frombuffer(blob, dtype=_BLOB).reshape(len(rows), dim).astype(np.float32)
                    index.add([r[0] for r in rows], matrix, [r[2] for r in rows], [r[3] for r in rows])
                cached = (created, gen, index)
            self._indexes[key] = cached
            self._indexes.move_to_end(key)
            self._evict()
            return cached[2]

    def _evict(self) -> None:
        """Drop least recently used indexes while the cached vectors exceed MAX_CACHED_VECTORS (under the lock)."""
        total = sum(len(entry[2]) for entry in self._indexes.values())
        while total > MAX_CACHED_VECTORS and len(self._indexes) > 1:
            _, (_, _, index) = self._indexes.popitem(last=False)
            total -= len(index)

    def _bodies(self, thread_id: str, seqs: list[int]) -> dict[int, tuple[str, float]]:
        out: dict[int, tuple[str, float]] = {}
        with self._read() as conn:
            for start in range(0, len(seqs), 500):
                chunk = seqs[start : start + 500]
                out.update(
                    (seq, (body, created))
                    for seq, body, created in conn.execute(
                        f"SELECT seq, body, created_at FROM messages WHERE thread_id = ? "
                        f"AND seq IN ({', '.join('?' * len(chunk))})",
                        (thread_id, *chunk),
                    )
                )
        return out

    def vector_models(self, thread_id: str) -> list[str]:
        """Names of the embedding models with vectors in the thread."""
        with self._read() as conn:
            self._head(conn, thread_id)
            rows = conn.execute("SELECT model FROM vector_models WHERE thread_id = ? ORDER BY model", (thread_id,))
            return [r[0] for r in rows]

    def get_vectors(self, thread_id: str, model: str) -> tuple[list[int], np.ndarray]:
        """Every stored vector of ``model`` in the thread: (seqs ascending, float32 matrix)."""
        check_model(model)
        with self._read() as conn:
            self._head(conn, thread_id)
            rows = conn.execute(
                "SELECT seq, dim, vec FROM vectors WHERE thread_id = ? AND model = ? ORDER BY seq", (thread_id, model)
            ).fetchall()
        if not rows:
            return [], np.zeros((0, 0), dtype=np.float32)
        blob = b"".join(r[2] for r in rows)
        return [r[0] for r in rows], np.frombuffer(blob, dtype=_BLOB).reshape(len(rows), rows[0][1]).astype(np.float32)

    # ------------------------------------------------------------------ jobs

    def enqueue_job(self, thread_id: str, kind: str) -> None:
        """Ask for a job on the thread (a queued job is only marked as requested again)."""
        check_job_kind(kind)
        now = time.time()
        with self._write() as conn:
            self._head(conn, thread_id)
            conn.execute(
                "INSERT INTO jobs (thread_id, kind, enqueued_at, not_before) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (thread_id, kind) DO UPDATE SET requested = requested + 1",
                (thread_id, kind, now, now),
            )

    def claim_job(self, kinds: Sequence[str], lease_s: float) -> JobLease | None:
        """Lease the oldest ready job of one of ``kinds`` for ``lease_s`` seconds, or None (the write lock
        makes the claim exclusive across processes)."""
        kinds = [check_job_kind(k) for k in kinds]
        if lease_s <= 0:
            raise InvalidArgument(f"lease_s must be > 0, got {lease_s}")
        token, now = uuid.uuid4().hex, time.time()
        with self._write() as conn:
            row = conn.execute(
                f"SELECT thread_id, kind, requested FROM jobs WHERE kind IN ({', '.join('?' * len(kinds))}) "
                "AND not_before <= ? AND (leased_until IS NULL OR leased_until < ?) "
                "ORDER BY not_before, enqueued_at LIMIT 1",
                (*kinds, now, now),
            ).fetchone()
            if row is None:
                return None
            conn.execute(
                "UPDATE jobs SET lease = ?, leased_until = ?, attempts = attempts + 1 WHERE thread_id = ? AND kind = ?",
                (token, now + lease_s, row[0], row[1]),
            )
        return JobLease(thread_id=row[0], kind=row[1], token=token, requested=row[2])

    def finish_job(self, lease: JobLease, *, again: bool = False, delay: float = 0.0) -> bool:
        """End a claim (see the Store protocol); False if the lease was lost."""
        key = (lease.thread_id, lease.kind, lease.token)
        with self._write() as conn:
            if not again:
                cur = conn.execute(
                    "DELETE FROM jobs WHERE thread_id = ? AND kind = ? AND lease = ? AND requested = ?",
                    (*key, lease.requested),
                )
                if cur.rowcount:
                    return True
            cur = conn.execute(
                "UPDATE jobs SET lease = NULL, leased_until = NULL, not_before = ? "
                "WHERE thread_id = ? AND kind = ? AND lease = ?",
                (time.time() + max(float(delay), 0.0), *key),
            )
            return cur.rowcount > 0

    def pending_jobs(self) -> int:
        """Jobs queued or leased."""
        with self._read() as conn:
            return int(conn.execute("SELECT count(*) FROM jobs").fetchone()[0])

    # ------------------------------------------------------------------ lifecycle

    def close(self) -> None:
        """Close the connection; later calls raise StoreError. Safe to call twice."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._indexes.clear()
            try:
                self._conn.close()
            except sqlite3.Error as exc:
                raise StoreError(f"SQLite store {self.path!r}: close failed: {exc}") from exc

    def __enter__(self) -> SQLiteStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # ------------------------------------------------------------------ passages (long messages)

    @staticmethod
    def _index_passages(conn: sqlite3.Connection, thread_id: str, last: int, messages: Sequence[Message]) -> None:
        """Index the passages of the long ``messages`` (seqs ``last + 1`` on), inside the append's transaction."""
        token = "t" + thread_id.encode("utf-8", "surrogatepass").hex().upper() + "0"  # = messages.fts_thread
        for i, m in enumerate(messages, start=1):
            text = m.searchable_text
            for chunk, start, end in passage_rows(text):
                cur = conn.execute(
                    "INSERT INTO passages (thread_id, seq, chunk, start_at, end_at) VALUES (?,?,?,?,?)",
                    (thread_id, last + i, chunk, start, end),
                )
                conn.execute(
                    "INSERT INTO passages_fts(rowid, text, fts_thread) VALUES (?,?,?)",
                    (cur.lastrowid, indexed_text(text[start:end]), token),
                )

    @staticmethod
    def _drop_passages(conn: sqlite3.Connection, thread_id: str) -> None:
        conn.execute(
            "DELETE FROM passages_fts WHERE rowid IN (SELECT rowid FROM passages WHERE thread_id = ?)", (thread_id,)
        )
        conn.execute("DELETE FROM passages WHERE thread_id = ?", (thread_id,))

    def search_passages(
        self, thread_id: str, query: str, k: int = 10, where: SearchFilter | None = None
    ) -> list[tuple[TextHit, tuple[int, int]]]:
        """Full-text search of the passages of the thread's long messages: each message once, at its best
        passage, as ``(hit, (start, end))`` (character offsets in its text), best first (score = -bm25)."""
        ranked = self.rank_passages(thread_id, query, k, where)
        spans = {seq: span for seq, _, span in ranked}
        hits = self._with_messages(thread_id, [(seq, score) for seq, score, _ in ranked])
        return [(h, spans[h.message.seq or 0]) for h in hits]

    def rank_passages(
        self, thread_id: str, query: str, k: int = 10, where: SearchFilter | None = None
    ) -> list[RankedSpan]:
        """:meth:`search_passages`' ranking as ``(seq, score, span)``: no message body is read (the messages are
        joined only for a filter's role and time)."""
        terms = query_terms(query)
        if not terms or k <= 0 or no_match(where):
            return []
        token = "t" + thread_id.encode("utf-8", "surrogatepass").hex().upper() + "0"
        words = " OR ".join(f'"{t}"' for t in terms)
        cond, args = _where_sql(where)
        join = " JOIN messages m ON m.thread_id = p.thread_id AND m.seq = p.seq" if cond else ""
        sql = f"""SELECT p.seq, p.start_at, p.end_at, bm25(passages_fts, 1.0, 0.0) AS score
            FROM passages_fts JOIN passages p ON p.rowid = passages_fts.rowid{join}
            WHERE passages_fts MATCH ? AND p.thread_id = ?{cond}
            ORDER BY score, p.seq, p.chunk LIMIT ?"""
        with self._read() as conn:
            match = f'fts_thread : "{token}" AND text : ({words})'
            rows = conn.execute(sql, (match, thread_id, *args, 4 * k)).fetchall()
        out: dict[int, RankedSpan] = {}
        for seq, start, end, score in rows:
            if seq not in out and len(out) < k:
                out[seq] = (seq, -score, (start, end))
        return list(out.values())

    def __repr__(self) -> str:
        return f"SQLiteStore({self.path!r})"

    # ------------------------------------------------------------------ forget (chatcompact.runtime.forget drives it)

    def forget_messages(
        self,
        thread_id: str,
        tombstones: Sequence[Message],
        versions: Sequence[SummaryVersion],
        nodes: Sequence[SummaryNode],
        event_ids: Sequence[int],
        report: dict[str, Any],
    ) -> None:
        """In one transaction: replace messages by ``tombstones`` (same seq), re-index them and the two turns
        after each (their FTS context quoted them), drop their vectors, rewrite ``versions`` and ``nodes``,
        delete ``event_ids`` and log a ``forgotten`` event with ``report``; then scrub the file."""
        rows = [(encode_message(m, i), m.searchable_text, thread_id, m.seq) for i, m in enumerate(tombstones)]
        seqs = sorted({m.seq or 0 for m in tombstones})
        near = sorted({s + d for s in seqs for d in (0, 1, 2)})
        event = encode_event("forgotten", report)
        marks = ", ".join("?" * len(near))
        with self._write() as conn:
            self._head(conn, thread_id)
            conn.execute("PRAGMA secure_delete = ON")  # freed pages are zeroed, not left holding the text
            conn.execute(
                "INSERT INTO messages_fts(messages_fts, rowid, text, fts_thread, context) "
                f"SELECT 'delete', * FROM ({_FTS_ROWS_SQL} WHERE m.thread_id = ? AND m.seq IN ({marks}))",
                (thread_id, *near),
            )
            conn.execute("INSERT OR IGNORE INTO log_grants VALUES (?)", (thread_id,))
            conn.executemany("UPDATE messages SET body = ?, text = ? WHERE thread_id = ? AND seq = ?", rows)
            conn.execute("DELETE FROM log_grants WHERE thread_id = ?", (thread_id,))
            conn.execute(
                f"INSERT INTO messages_fts(rowid, text, fts_thread, context) {_FTS_ROWS_SQL} "
                f"WHERE m.thread_id = ? AND m.seq IN ({marks})",
                (thread_id, *near),
            )
            conn.executemany("DELETE FROM vectors WHERE thread_id = ? AND seq = ?", [(thread_id, s) for s in seqs])
            gone = [(thread_id, s) for s in seqs]  # a long message's passages hold its text: they go as well
            conn.executemany(
                "DELETE FROM passages_fts WHERE rowid IN (SELECT rowid FROM passages WHERE thread_id = ? AND seq = ?)",
                gone,
            )
            conn.executemany("DELETE FROM passages WHERE thread_id = ? AND seq = ?", gone)
            conn.executemany(
                "UPDATE summary_versions SET body = ? WHERE thread_id = ? AND version = ?",
                [(v.model_dump_json(), thread_id, v.version) for v in versions],
            )
            conn.executemany(
                "UPDATE summary_nodes SET body = ? WHERE thread_id = ? AND id = ?",
                [(n.model_dump_json(), thread_id, n.id) for n in nodes],
            )
            conn.executemany("DELETE FROM events WHERE thread_id = ? AND id = ?", [(thread_id, e) for e in event_ids])
            conn.execute(
                "INSERT INTO events (thread_id, kind, body, created_at) VALUES (?, 'forgotten', ?, ?)",
                (thread_id, event, time.time()),
            )
            for key in [key for key in self._indexes if key[0] == thread_id]:
                del self._indexes[key]
        self.scrub()

    def scrub(self) -> None:
        """Leave no byte of erased text on disk: merge the FTS index (its old segments still hold deleted
        terms), then rewrite the file (VACUUM, with secure delete) and empty the WAL."""
        with self._read() as conn:
            conn.execute("PRAGMA secure_delete = ON")
            conn.execute("INSERT INTO messages_fts(messages_fts) VALUES ('optimize')")
            conn.execute("INSERT INTO passages_fts(passages_fts) VALUES ('optimize')")
            conn.execute("VACUUM")
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            conn.execute("PRAGMA secure_delete = OFF")

    def renew_job(self, lease: JobLease, lease_s: float) -> bool:
        """Extend a claim by ``lease_s`` seconds from now (a long summarizer call); False if it was lost."""
        if lease_s <= 0:
            raise InvalidArgument(f"lease_s must be > 0, got {lease_s}")
        with self._write() as conn:
            cur = conn.execute(
                "UPDATE jobs SET leased_until = ? WHERE thread_id = ? AND kind = ? AND lease = ?",
                (time.time() + lease_s, lease.thread_id, lease.kind, lease.token),
            )
            return cur.rowcount > 0
