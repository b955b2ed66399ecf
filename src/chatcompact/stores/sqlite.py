"""The default store: one SQLite file in WAL mode, with an FTS5 index over every message.

Durability: every write is one ``BEGIN IMMEDIATE`` transaction committed before the method returns;
with ``synchronous=FULL`` a commit survives power loss, with ``NORMAL`` it survives a process crash.
Concurrency: one connection per store object, shared by threads under an RLock; several processes
(or several store objects) may open the same file, SQLite's write lock serialises them and
``busy_timeout`` makes a writer wait up to 5 s instead of failing at once.

What both SQL stores share (threads, versions, nodes, events, jobs, the bounded full-text search, forget) is
:class:`~chatcompact.stores._sql.SQLStore`; the schema is in :mod:`chatcompact.stores._sqlite_sql`.
"""

from __future__ import annotations

import sqlite3
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext, suppress
from typing import Any

import numpy as np

from ..core.passages import passage_rows
from ..errors import ConfigError, InvalidArgument, StoreError, ThreadNotFound
from ..protocols import JobLease, Ranked, SearchFilter, TextHit
from ..types import Message, ThreadInfo
from ._common import check_append, check_job_kind, encode_body, passage_texts, private_file, row_text
from ._search import TextScan
from ._sql import SQLStore, chunks
from ._sqlite_checkpoint import SAFETY_PAGES, Checkpointer, pages_of
from ._sqlite_gate import WriteGate
from ._sqlite_passages import (
    DEFER_CHARS,
    MERGE_EVERY,
    PassageBacklog,
    insert_passages,
    no_automerge,
    pending,
    stop_automerge,
)
from ._sqlite_sql import FTS_ROWS_SQL, INFO_SQL, MIGRATIONS, NOW, VECTOR_HEAD_SQL, VECTOR_ROWS_SQL
from ._vectors import VectorIndex, as_query, check_dim, check_model, vector_batch

_SYNC_MODES = frozenset({"OFF", "NORMAL", "FULL", "EXTRA"})
#: Vectors kept in memory across all cached (thread, model) indexes of one store object (~0.6 GiB at 384
#: dimensions, twice that with HNSW graphs); the least recently searched indexes go first. One index is always kept.
MAX_CACHED_VECTORS = 400_000
_BLOB = np.dtype("<f4")  # vectors are stored as little-endian float32
_BUSY_TIMEOUT_MS = 5000
#: BM25 weight of the context column: the words of the two messages before (the message's own words weigh 1).
CONTEXT_WEIGHT = 0.25
_TABLES = {  # full-text table -> (FTS table, column filter of the words, bm25 weights)
    "messages": ("messages_fts", "{text context}", f"1.0, 0.0, {CONTEXT_WEIGHT}"),
    "passages": ("passages_fts", "text", "1.0, 0.0"),
}


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


def _token(thread_id: str) -> str:
    """The thread's token in the full-text index (= messages_fts.fts_thread)."""
    return "t" + thread_id.encode("utf-8", "surrogatepass").hex().upper() + "0"


def _match(table: str, thread_id: str | None, terms: Sequence[str]) -> str:
    """The FTS5 query for any of ``terms`` in the thread (``thread_id`` None: in every thread; the caller then
    keeps the thread's rows by a join)."""
    # Each term quoted: FTS5 operators and keywords in the user's text (OR, NEAR, '-', '*') stay literal.
    # The terms hold only letters and digits, so no quote needs escaping.
    words = " OR ".join(f'"{t}"' for t in terms)
    words = f"{_TABLES[table][1]} : ({words})"
    return words if thread_id is None else f'fts_thread : "{_token(thread_id)}" AND {words}'


class SQLiteStore(SQLStore):
    """A :class:`~chatcompact.protocols.Store` in one SQLite file (or ``":memory:"``)."""

    NOW = NOW
    MIGRATIONS = MIGRATIONS
    INFO_SQL = INFO_SQL
    NODE_ORDER = "rowid"

    def __init__(self, path: str, synchronous: str = "FULL") -> None:
        mode = synchronous.upper() if isinstance(synchronous, str) else ""
        if mode not in _SYNC_MODES:
            raise ConfigError(f"synchronous must be one of {sorted(_SYNC_MODES)}, got {synchronous!r}")
        self.path = str(path)
        self._where = repr(self.path)
        self._lock = threading.RLock()
        self._closed = False
        self._checkpoints: Checkpointer | None = None  # set once the file is open (a WAL file only)
        # (thread_id, model) -> (thread created_at, generation loaded, index, erasures seen): built on first vector
        # search, least recently used first; evicted past MAX_CACHED_VECTORS (rebuilt from the blobs when searched
        # again).
        self._indexes: OrderedDict[tuple[str, str], tuple[float, int, VectorIndex, int]] = OrderedDict()
        try:
            if self.path != ":memory:":
                private_file(self.path)
            # every write transaction of this object (its passage writer's included) and of other processes' stores
            self._gate = WriteGate(self.path if self.path != ":memory:" else None, _BUSY_TIMEOUT_MS / 1000)
            # isolation_level=None: the module must not open transactions behind our back; we issue
            # BEGIN IMMEDIATE ourselves so the write lock is taken before the first read of a write.
            self._conn = sqlite3.connect(
                self.path, check_same_thread=False, isolation_level=None, timeout=_BUSY_TIMEOUT_MS / 1000
            )
        except (OSError, sqlite3.Error) as exc:
            if hasattr(self, "_gate"):
                self._gate.close()
            raise StoreError(f"cannot open SQLite store at {self.path!r}: {exc}") from exc
        try:
            self.journal_mode = self._configure(self._conn, mode)
            self._run_migrations(self._write)
        except BaseException:
            self._gate.close()
            self._conn.close()
            self._closed = True
            raise
        # The passages of huge messages are written by a thread of its own on a connection of its own; a
        # ":memory:" database is one connection's alone, so there they are written inside the append.
        self._defer = DEFER_CHARS if self.path != ":memory:" else None
        # WAL checkpoints run on a thread of their own, not inside the commit that fills the WAL (_sqlite_checkpoint)
        self._checkpoints = Checkpointer(lambda: self._connect(mode)) if self.journal_mode == "wal" else None
        self._backlog = PassageBacklog(lambda: self._connect(mode), self._gate, _token, self._wrote)
        self._appends = 0
        if self._defer is not None:  # the writer merges the full-text segments, not the appends (a file only)
            with self._read() as conn:
                merging = not no_automerge(conn)
            if merging:
                with self._write() as conn:
                    stop_automerge(conn)
        with self._read() as conn:
            if pending(conn):  # left by a crash or a close: resumed
                self._backlog.wake()

    # ------------------------------------------------------------------ plumbing

    @staticmethod
    def _configure(conn: sqlite3.Connection, mode: str) -> str:
        """Set up a connection to the file; returns its journal mode."""
        try:
            conn.execute(f"PRAGMA busy_timeout = {_BUSY_TIMEOUT_MS}")
            # ":memory:" answers 'memory': WAL needs a file, and there is nothing to share anyway.
            journal = SQLiteStore._wal(conn)
            conn.execute(f"PRAGMA synchronous = {mode}")  # mode comes from _SYNC_MODES, not from the user verbatim
            conn.execute("PRAGMA foreign_keys = ON")
            # Deleted or replaced content is zeroed where it lay, so forget leaves no stale copy in free space.
            conn.execute("PRAGMA secure_delete = ON")
            conn.execute(f"PRAGMA wal_autocheckpoint = {SAFETY_PAGES}")  # the checkpointer's thread does it first
        except sqlite3.Error as exc:
            raise StoreError(f"SQLite store {conn!r}: cannot configure the connection: {exc}") from exc
        return journal

    @staticmethod
    def _wal(conn: sqlite3.Connection) -> str:
        """``PRAGMA journal_mode = WAL``, tried again for up to the busy timeout while another process holds the
        file: switching a new file to WAL can answer "database is locked" at once, without waiting on the busy
        handler (two ``serve`` processes started together on one new store: one of them failed to start)."""
        deadline = time.monotonic() + _BUSY_TIMEOUT_MS / 1000
        pause = 0.005
        while True:
            try:
                return str(conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]).lower()
            except sqlite3.OperationalError as exc:
                if ("locked" not in str(exc) and "busy" not in str(exc)) or time.monotonic() + pause > deadline:
                    raise
            time.sleep(pause)
            pause = min(pause * 2, 0.2)

    def _connect(self, mode: str) -> sqlite3.Connection:
        """Another connection to the file, set up as the store's own (the passage writer's)."""
        conn = sqlite3.connect(self.path, isolation_level=None, timeout=_BUSY_TIMEOUT_MS / 1000)
        self._configure(conn, mode)
        return conn

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
    def _write(self, size: int = 0) -> Iterator[sqlite3.Connection]:
        """One ``BEGIN IMMEDIATE`` transaction: committed on success, rolled back on any exception. ``size``: about
        how many bytes of rows it writes (the checkpointer's estimate of the WAL's growth)."""
        with self._lock, self._gate:
            conn = self._live()
            try:
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise StoreError(f"SQLite store {self.path!r}: cannot start a write: {exc}") from exc
            try:
                yield conn
                conn.execute("COMMIT")
                self._wrote(pages_of(size))
            except BaseException as exc:
                self._rollback(conn)
                if isinstance(exc, sqlite3.Error):
                    raise StoreError(f"SQLite store {self.path!r}: {exc}") from exc
                raise

    def _wrote(self, pages: int) -> None:
        if self._checkpoints is not None:
            self._checkpoints.wrote(pages)

    @staticmethod
    def _rollback(conn: sqlite3.Connection) -> None:
        if not conn.in_transaction:  # SQLite already rolled back (e.g. after SQLITE_FULL)
            return
        # The error that made us roll back is already propagating and is the one worth reporting;
        # a failed ROLLBACK leaves the transaction to be undone when the connection closes.
        with suppress(sqlite3.Error):
            conn.execute("ROLLBACK")

    def _lock_thread(self, conn: Any, thread_id: str) -> ThreadInfo:
        return self._head(conn, thread_id)  # BEGIN IMMEDIATE holds the file's write lock already

    def _insert_id(self, conn: Any, sql: str, args: Sequence[Any]) -> int:
        event_id = conn.execute(sql, args).lastrowid
        assert event_id is not None
        return int(event_id)

    # ------------------------------------------------------------------ threads

    def delete_thread(self, thread_id: str) -> None:
        """Remove the thread, its messages (and their index entries), its summary versions and its events."""
        with self._write() as conn:
            self._head(conn, thread_id)
            conn.execute("DELETE FROM vectors WHERE thread_id = ?", (thread_id,))
            conn.execute("DELETE FROM vector_models WHERE thread_id = ?", (thread_id,))
            conn.execute(
                "INSERT INTO messages_fts(messages_fts, rowid, text, fts_thread, context) "
                f"SELECT 'delete', * FROM ({FTS_ROWS_SQL} WHERE m.thread_id = ?)",
                (thread_id,),
            )
            conn.execute("INSERT OR IGNORE INTO log_grants VALUES (?)", (thread_id,))  # the audited path
            self._drop_passages(conn, thread_id)
            for table in ("messages", "summary_versions", "events", "summary_nodes", "jobs"):
                conn.execute(f"DELETE FROM {table} WHERE thread_id = ?", (thread_id,))
            conn.execute("DELETE FROM log_grants WHERE thread_id = ?", (thread_id,))
            conn.execute("DELETE FROM threads WHERE id = ?", (thread_id,))
            self._forgotten(thread_id)

    # ------------------------------------------------------------------ the log

    def append(
        self, thread_id: str, messages: Sequence[Message], tokens: Sequence[int], *, created_at: float | None = None
    ) -> list[Message]:
        """Append atomically and durably; returns the messages with ``seq`` and ``created_at`` (default now) set."""
        check_append(messages, tokens, created_at)
        bodies = [encode_body(m, i) for i, m in enumerate(messages)]  # fail before taking the write lock
        texts = [m.searchable_text for m in messages]
        rows = [row_text(text) for text in texts]
        defer = self._defer
        deferred = [i for i, text in enumerate(texts, start=1) if defer is not None and len(text) > defer]
        later = set(deferred)
        passages = [[] if i in later else passage_rows(text) for i, text in enumerate(texts, start=1)]
        indexed = [passage_texts(text, spans) for text, spans in zip(texts, passages, strict=True)]  # before the lock
        now = created_at or time.time()
        size = sum(map(len, bodies)) + sum(map(len, rows)) + sum(len(t) for ts in indexed for t in ts)
        with self._write(size) as conn:
            last = self._head(conn, thread_id).last_seq
            values = [
                (thread_id, last + i, m.role, body, row, tok, now)
                for i, (m, body, row, tok) in enumerate(zip(messages, bodies, rows, tokens, strict=True), start=1)
            ]
            # Many rows per statement: each statement is one trip into SQLite (one GIL release and re-take, which
            # waits up to the switch interval while a background compaction computes), not one per row.
            for part in chunks(values, 100):
                marks = ", ".join(["(?, ?, ?, ?, ?, ?, ?)"] * len(part))
                conn.execute(
                    f"INSERT INTO messages (thread_id, seq, role, body, text, tokens, created_at) VALUES {marks}",
                    [v for row in part for v in row],
                )
            token = _token(thread_id)
            for i, (spans, bodies_of) in enumerate(zip(passages, indexed, strict=True), start=1):
                insert_passages(conn, token, thread_id, last + i, spans, bodies_of)
            if deferred:
                conn.executemany(
                    "INSERT INTO passage_backlog (thread_id, seq) VALUES (?, ?)",
                    [(thread_id, last + i) for i in deferred],
                )
        self._appends += 1
        if deferred:
            self._backlog.wake()
        elif self._defer is not None and self._appends % MERGE_EVERY == 0:
            self._backlog.merge_soon()
        return [m.with_meta(last + i, now) for i, m in enumerate(messages, start=1)]

    def give_way(self, quiet: Callable[[], object] | None) -> None:
        """Call ``quiet`` before each background chunk of deferred passages (None: never): a Memory passes its
        ``foreground.wait_quiet``, so the chunks are written between its hot calls. The latest caller's is kept."""
        self._backlog.quiet = quiet
        if self._checkpoints is not None:
            self._checkpoints.quiet = quiet

    def wait_indexed(self, timeout: float | None = None) -> bool:
        """Wait until the passages of every huge message are written (``stores._sqlite_passages``); False if
        ``timeout`` (seconds) passed first."""
        return self._backlog.wait(timeout)

    # ------------------------------------------------------------------ full-text primitives (SQLStore searches)

    def _term_hits(self, conn: Any, scan: TextScan, term: str, cap: int) -> int:
        fts = _TABLES[scan.table][0]
        sql = f"SELECT count(*) FROM (SELECT 1 FROM {fts} WHERE {fts} MATCH ? LIMIT ?)"
        # a thread holding most of the file: every thread's matches (a few more) are cheaper than the AND
        match = _match(scan.table, scan.thread_id if self._scoped(conn, scan) else None, [term])
        return int(conn.execute(sql, (match, cap)).fetchone()[0])

    def _text_rows(self, conn: Any, scan: TextScan) -> list[tuple[Any, ...]]:
        """FTS5 scores with the words it matched (``bm25`` only knows the query's own phrases, so ``ranked``
        is not used); the thread token column weighs 0. ``recent``: FTS5 walks rowids (= seq order within a
        thread) newest first and stops after that many matches."""
        table, recent, limit = scan.table, scan.recent, scan.limit
        fts, _, weights = _TABLES[table]
        cond, args = _where_sql(scan.where)
        if table == "messages":
            cols, joins, key = "m.seq AS seq", f"JOIN messages m ON m.rowid = {fts}.rowid", "seq"
        else:
            cols, key = "p.seq AS seq, p.chunk AS chunk, p.start_at, p.end_at", "seq, chunk"
            joins = f"JOIN passages p ON p.rowid = {fts}.rowid "
            joins += "JOIN messages m ON m.thread_id = p.thread_id AND m.seq = p.seq"
        order = f"{fts}.rowid DESC LIMIT {int(recent)}" if recent else f"score DESC, {key} LIMIT {int(limit)}"
        # m.thread_id is checked as well: the token only narrows the scan
        inner = (
            f"SELECT {cols}, -bm25({fts}, {weights}) AS score FROM {fts} {joins} "
            f"WHERE {fts} MATCH ? AND m.thread_id = ?{cond} ORDER BY {order}"
        )
        sql = f"SELECT * FROM ({inner}) ORDER BY score DESC, {key} LIMIT ?"
        match = _match(table, scan.thread_id if self._scoped(conn, scan) else None, scan.terms)
        rows = conn.execute(sql, (match, scan.thread_id, *args, int(limit))).fetchall()
        if table == "messages":
            return [(seq, score) for seq, score in rows]
        return [(seq, score, chunk, start, end) for seq, chunk, start, end, score in rows]

    @staticmethod
    def _scoped(conn: Any, scan: TextScan) -> bool:
        """Whether a ranked query names the thread's token. bm25 counts the rows holding each phrase of its
        query (its IDF), the thread token's too: that is every message of the thread, ~4 ms per 100k. A thread
        holding most of the file is searched without it (its rows kept by the join, the other threads' matches
        being few); a thread among many keeps it, so the other threads' matches are never read."""
        if scan.thread_size <= 2000:
            return True
        top = conn.execute("SELECT COALESCE(MAX(rowid), 0) FROM messages").fetchone()[0]  # ~ messages in the file
        return bool(scan.thread_size * 2 < top)

    # ------------------------------------------------------------------ vectors

    def put_vectors(
        self, thread_id: str, model: str, seqs: Sequence[int], vectors: np.ndarray, parts: Sequence[int] | None = None
    ) -> None:
        """Store one vector per row for ``model`` (normalised): row ``i`` is part ``parts[i]`` of message ``seqs[i]``
        (``parts`` None: each the whole message). A put replaces every vector the seqs it names had before.

        ValueError for a malformed batch; StoreError for a seq the thread does not have or a dimension that
        differs from the model's earlier vectors in this thread. Nothing is written then.
        """
        seq_list, part_list, matrix = vector_batch(model, seqs, vectors, parts)
        if not seq_list:
            self.thread_info(thread_id)
            return
        dim = matrix.shape[1]
        stored = matrix.astype(_BLOB, copy=False)
        with self._lock:
            with self._write(stored.nbytes) as conn:
                created = self._head(conn, thread_id).created_at
                meta = self._message_meta(conn, thread_id, seq_list)
                row = conn.execute(
                    "SELECT dim, gen, upto FROM vector_models WHERE thread_id = ? AND model = ?", (thread_id, model)
                ).fetchone()
                check_dim(model, row[0] if row else None, dim)
                gen = (row[1] if row else 0) + 1
                named = sorted(set(seq_list))
                for part in chunks(named):  # the seqs' earlier parts go: the put is each message's whole set
                    marks = ", ".join("?" * len(part))
                    conn.execute(
                        f"DELETE FROM vectors WHERE thread_id = ? AND model = ? AND seq IN ({marks})",
                        (thread_id, model, *part),
                    )
                rows = [
                    (thread_id, model, seq, p, dim, gen, b.tobytes())
                    for seq, p, b in zip(seq_list, part_list, stored, strict=True)
                ]
                for part in chunks(rows, 100):  # many rows per statement, as append does
                    marks = ", ".join(["(?, ?, ?, ?, ?, ?, ?)"] * len(part))
                    conn.execute(
                        f"INSERT INTO vectors (thread_id, model, seq, part, dim, gen, vec) VALUES {marks}",
                        [v for row in part for v in row],
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
                roles, times = [meta[s][0] for s in seq_list], [meta[s][1] for s in seq_list]
                cached[2].add(seq_list, matrix, roles, times, part_list)
                self._indexes[(thread_id, model)] = (created, gen, cached[2], cached[3])
                self._indexes.move_to_end((thread_id, model))
                self._evict()

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
        return [(seq, score) for seq, score, _ in self.rank_vector_parts(thread_id, model, query, k, where)]

    def rank_vector_parts(
        self, thread_id: str, model: str, query: np.ndarray, k: int = 10, where: SearchFilter | None = None
    ) -> list[tuple[int, float, int]]:
        """:meth:`rank_vectors` with the part each message was found by: ``(seq, score, part)``."""
        check_model(model)
        index = self._vector_index(thread_id, model)
        if index is None or k <= 0:
            if index is None:
                as_query(query, None)  # still reject a malformed query
            return []
        return index.search_parts(query, k, where)

    def _vector_index(self, thread_id: str, model: str) -> VectorIndex | None:
        """The loaded index of (thread, model), caught up with the file; None when the model has no vectors."""
        key = (thread_id, model)
        with self._read() as conn:
            head = conn.execute(VECTOR_HEAD_SQL, (model, thread_id)).fetchone()
            if head is None:
                raise ThreadNotFound(f"thread {thread_id!r} does not exist")
            created, dim, gen, erased = head
            if dim is None:
                self._indexes.pop(key, None)
                return None
            cached = self._indexes.get(key)
            if cached is None or cached[0] != created or cached[1] > gen or cached[2].dim != dim or cached[3] != erased:
                # first search, the thread was re-created elsewhere, or another process forgot some of its messages
                cached = (created, 0, VectorIndex(dim), erased)
            if cached[1] < gen:  # vectors written since (by another store object or process): load just those
                index = cached[2]
                rows = conn.execute(VECTOR_ROWS_SQL, (thread_id, model, cached[1])).fetchall()
                if rows:
                    blob = b"".join(r[1] for r in rows)
                    matrix = np.frombuffer(blob, dtype=_BLOB).reshape(len(rows), dim).astype(np.float32)
                    # every row of a seq has the gen of its latest put: a seq's rows here are all its parts
                    seqs, roles, times, parts = ([r[i] for r in rows] for i in (0, 2, 3, 4))
                    index.add(seqs, matrix, roles, times, parts)
                cached = (created, gen, index, erased)
            self._indexes[key] = cached
            self._indexes.move_to_end(key)
            self._evict()
            return cached[2]

    def _evict(self) -> None:
        """Drop least recently used indexes while the cached vectors exceed MAX_CACHED_VECTORS (under the lock)."""
        total = sum(len(entry[2]) for entry in self._indexes.values())
        while total > MAX_CACHED_VECTORS and len(self._indexes) > 1:
            _, (_, _, index, _) = self._indexes.popitem(last=False)
            total -= len(index)

    def get_vectors(self, thread_id: str, model: str) -> tuple[list[int], np.ndarray]:
        """Every stored vector of ``model`` in the thread: (seqs, float32 matrix), by seq then part (a message
        embedded by passages has one row per part: :meth:`get_vector_parts` names them)."""
        seqs, _, matrix = self.get_vector_parts(thread_id, model)
        return seqs, matrix

    def get_vector_parts(self, thread_id: str, model: str) -> tuple[list[int], list[int], np.ndarray]:
        """Every stored vector of ``model`` in the thread with its part: (seqs, parts, matrix), by seq then part."""
        check_model(model)
        with self._read() as conn:
            self._head(conn, thread_id)
            rows = conn.execute(
                "SELECT seq, part, dim, vec FROM vectors WHERE thread_id = ? AND model = ? ORDER BY seq, part",
                (thread_id, model),
            ).fetchall()
        if not rows:
            return [], [], np.zeros((0, 0), dtype=np.float32)
        blob = b"".join(r[3] for r in rows)
        matrix = np.frombuffer(blob, dtype=_BLOB).reshape(len(rows), rows[0][2]).astype(np.float32)
        return [r[0] for r in rows], [r[1] for r in rows], matrix

    # ------------------------------------------------------------------ jobs

    def claim_job(self, kinds: Sequence[str], lease_s: float) -> JobLease | None:
        """Lease the oldest ready job of one of ``kinds`` for ``lease_s`` seconds, or None (the write lock
        makes the claim exclusive across processes)."""
        kinds = [check_job_kind(k) for k in kinds]
        if lease_s <= 0:
            raise InvalidArgument(f"lease_s must be > 0, got {lease_s}")
        token = uuid.uuid4().hex
        with self._write() as conn:
            row = conn.execute(
                f"SELECT thread_id, kind, requested FROM jobs WHERE kind IN ({', '.join('?' * len(kinds))}) "
                f"AND not_before <= {NOW} AND (leased_until IS NULL OR leased_until < {NOW}) "
                "ORDER BY not_before, enqueued_at LIMIT 1",
                kinds,
            ).fetchone()
            if row is None:
                return None
            conn.execute(
                f"UPDATE jobs SET lease = ?, leased_until = {NOW} + ?, attempts = attempts + 1 "
                "WHERE thread_id = ? AND kind = ?",
                (token, float(lease_s), row[0], row[1]),
            )
        return JobLease(thread_id=row[0], kind=row[1], token=token, requested=row[2])

    # ------------------------------------------------------------------ lifecycle

    def close(self) -> None:
        """Close the connection; later calls raise StoreError. Safe to call twice. Deferred passages not yet
        written stay in the file's backlog: the next open writes them."""
        backlog = getattr(self, "_backlog", None)  # absent when the open itself failed
        if backlog is not None:
            backlog.close()
        checkpoints = getattr(self, "_checkpoints", None)
        if checkpoints is not None:
            checkpoints.close()
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._indexes.clear()
            try:
                self._conn.close()
            except sqlite3.Error as exc:
                raise StoreError(f"SQLite store {self.path!r}: close failed: {exc}") from exc
            finally:
                self._gate.close()

    def __enter__(self) -> SQLiteStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"SQLiteStore({self.path!r})"

    # ------------------------------------------------------------------ passages (long messages)

    @staticmethod
    def _drop_passages(conn: sqlite3.Connection, thread_id: str, seqs: Sequence[int] | None = None) -> None:
        """Remove the passages (and their FTS rows) of the thread, or of the given seqs only, and what of them the
        background was still to write."""
        if seqs is None:
            conn.execute("DELETE FROM passage_backlog WHERE thread_id = ?", (thread_id,))
            conn.execute(
                "DELETE FROM passages_fts WHERE rowid IN (SELECT rowid FROM passages WHERE thread_id = ?)", (thread_id,)
            )
            conn.execute("DELETE FROM passages WHERE thread_id = ?", (thread_id,))
            return
        for part in chunks(seqs):
            marks = ", ".join("?" * len(part))
            conn.execute(
                "DELETE FROM passages_fts WHERE rowid IN "
                f"(SELECT rowid FROM passages WHERE thread_id = ? AND seq IN ({marks}))",
                (thread_id, *part),
            )
            conn.execute(f"DELETE FROM passages WHERE thread_id = ? AND seq IN ({marks})", (thread_id, *part))
            conn.execute(f"DELETE FROM passage_backlog WHERE thread_id = ? AND seq IN ({marks})", (thread_id, *part))

    # ------------------------------------------------------------------ forget (chatcompact.runtime.forget drives it)

    def _erase_messages(self, conn: Any, thread_id: str, tombstones: Sequence[Message], seqs: list[int]) -> None:
        rows = [(encode_body(m, i), row_text(m.searchable_text), thread_id, m.seq) for i, m in enumerate(tombstones)]
        near = sorted({s + d for s in seqs for d in (0, 1, 2)})
        for part in chunks(near):  # out of the index with the values they were indexed with, back in with the new
            marks = ", ".join("?" * len(part))
            conn.execute(
                "INSERT INTO messages_fts(messages_fts, rowid, text, fts_thread, context) "
                f"SELECT 'delete', * FROM ({FTS_ROWS_SQL} WHERE m.thread_id = ? AND m.seq IN ({marks}))",
                (thread_id, *part),
            )
        conn.execute("INSERT OR IGNORE INTO log_grants VALUES (?)", (thread_id,))
        conn.executemany("UPDATE messages SET body = ?, text = ? WHERE thread_id = ? AND seq = ?", rows)
        conn.execute("DELETE FROM log_grants WHERE thread_id = ?", (thread_id,))
        for part in chunks(near):
            marks = ", ".join("?" * len(part))
            conn.execute(
                f"INSERT INTO messages_fts(rowid, text, fts_thread, context) {FTS_ROWS_SQL} "
                f"WHERE m.thread_id = ? AND m.seq IN ({marks})",
                (thread_id, *part),
            )
        conn.executemany("DELETE FROM vectors WHERE thread_id = ? AND seq = ?", [(thread_id, s) for s in seqs])
        conn.execute("UPDATE vector_models SET erased = erased + 1 WHERE thread_id = ?", (thread_id,))
        self._drop_passages(conn, thread_id, seqs)  # a long message's passages hold its text: they go as well

    def _forgotten(self, thread_id: str, seqs: Sequence[int] = ()) -> None:
        """Take forgotten seqs out of this store object's loaded indexes in place (``seqs`` empty: the thread is
        gone, drop them); the erasure count moves with them, so only other processes read the vectors again."""
        with self._lock:
            for key in [key for key in self._indexes if key[0] == thread_id]:
                created, gen, index, erased = self._indexes[key]
                if seqs:
                    index.remove(seqs)
                    self._indexes[key] = (created, gen, index, erased + 1)
                else:
                    del self._indexes[key]

    def _truncate_wal(self, conn: sqlite3.Connection, tries: int = 5) -> tuple[int, int, int]:
        """``wal_checkpoint(TRUNCATE)`` with this store's background checkpoints held off. SQLite answers busy at
        once while another process checkpoints, so a quick busy is tried again a few times; a busy after the
        busy timeout (a reader holding an older snapshot) is not."""
        hold = self._checkpoints.exclusive() if self._checkpoints is not None else nullcontext()
        with hold:
            for attempt in range(tries):
                started = time.monotonic()
                busy, frames, done = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
                if not busy or attempt == tries - 1 or time.monotonic() - started > 0.1:
                    break
                time.sleep(0.02 * (attempt + 1))
        return int(busy), int(frames), int(done)

    def scrub(self) -> list[str]:
        """Leave no byte of erased text in the files: merge the FTS indexes (their old segments still hold the
        deleted terms), VACUUM once if the file predates secure delete, empty the WAL. Returns what could not be
        guaranteed yet (empty when every byte is gone): a WAL another connection still reads stays until it closes.
        """
        pending: list[str] = []
        with self._read() as conn:
            conn.execute("INSERT INTO messages_fts(messages_fts) VALUES ('optimize')")
            conn.execute("INSERT INTO passages_fts(passages_fts) VALUES ('optimize')")
            if conn.execute("SELECT 1 FROM store_flags WHERE key = 'clean'").fetchone() is None:
                conn.execute("VACUUM")  # stale copies from before secure delete: once per file
                conn.execute("INSERT OR REPLACE INTO store_flags VALUES ('clean', 'vacuumed')")
            if self.journal_mode == "wal":
                busy, frames, done = self._truncate_wal(conn)
                if busy or frames > 0 or done < frames:
                    pending.append(
                        "sqlite-wal: another connection still reads an older snapshot, so the write-ahead log "
                        f"({frames} frames) keeps the erased text until it is checkpointed; call scrub() again "
                        "once the other readers closed (the next scrub or close of the last connection empties it)"
                    )
        return pending
