"""The scale-out store: PostgreSQL with pgvector, through psycopg 3 and a connection pool.

Every write is one transaction committed before the method returns (durable with Postgres' default
``synchronous_commit = on``). Appends to a thread serialise on the thread's row (``UPDATE threads SET
last_seq = last_seq + n``), so any number of processes on any number of machines may write the same
thread; summary commits are guarded in the same row (``last_version``). Full text is a ``tsvector``
column under a GIN index, vectors a pgvector column under one HNSW index (cosine) per dimension.
The job queue (``jobs``) hands out leases with ``FOR UPDATE SKIP LOCKED``; lease times use the
server's clock, so workers on machines with skewed clocks agree.

The URL is a libpq URL, e.g. ``postgresql://user:pw@host:5432/db``; a schema is chosen with
``?options=-csearch_path%3Dmyschema,public`` (the pgvector extension may live in ``public``).
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import numpy as np

from ..core.passages import passage_rows
from ..errors import ConfigError, InvalidArgument, MissingDependency, StoreError, ThreadNotFound
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
    fold,
    indexed_text,
    load_node,
    query_terms,
)
from ._postgres_sql import ADVANCE_SQL, CLAIM_SQL, MIGRATIONS, MISSING_SQL, NOW
from ._vectors import as_query, check_dim, check_model, no_match, vector_batch

try:
    import psycopg
    from pgvector.psycopg import register_vector
    from psycopg_pool import ConnectionPool
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise MissingDependency(exc.name or "psycopg", "postgres") from exc

#: Text search configuration: English stemming (the SQLite store's Porter stemmer), on diacritic-folded text.
TS_CONFIG = "english"
#: ts_rank weights {D, C, B, A}: a message's own words are A (1.0), the two messages before it D (the
#: SQLite store's CONTEXT_WEIGHT), so an answer is found by the words of its question.
_RANK_WEIGHTS = "{0.25, 0, 0, 1}"
#: Characters of a message indexed for full text (a tsvector holds at most 1 MB); the message is kept whole.
MAX_INDEXED_CHARS = 100_000
#: pgvector's HNSW index takes vectors of at most this many dimensions; wider ones are searched exactly.
HNSW_MAX_DIM = 2000
HNSW_EF_SEARCH = 100
_MIGRATION_LOCK = 7_243_001  # pg_advisory_xact_lock key: one migrator per database at a time


def _where_sql(where: SearchFilter | None) -> tuple[str, list[Any]]:
    """SQL conditions on ``m`` (messages) for a search filter, with their arguments."""
    if where is None:
        return "", []
    sql, args = "", list[Any]()
    if where.roles is not None:
        sql, args = sql + " AND m.role = ANY(%s)", [*args, sorted(where.roles)]
    if where.since is not None:
        sql, args = sql + " AND m.created_at >= %s", [*args, float(where.since)]
    if where.until is not None:
        sql, args = sql + " AND m.created_at <= %s", [*args, float(where.until)]
    return sql, args


def _info(row: Sequence[Any]) -> ThreadInfo:
    return ThreadInfo(id=row[0], system=row[1], created_at=row[2], last_seq=row[3], last_version=row[4], budget=row[5])


def _clean(text: str) -> str:
    """Text Postgres can hold: it refuses NUL characters in text values."""
    return text.replace("\x00", " ")


def _index_text(text: str) -> str:
    return fold(_clean(text[:MAX_INDEXED_CHARS]))


class PostgresStore:
    """A :class:`~chatcompact.protocols.Store` in a PostgreSQL database with the pgvector extension."""

    supports_text_search = True
    supports_vectors = True
    supports_jobs = True

    def __init__(self, url: str, *, min_size: int = 1, max_size: int = 8, timeout: float = 30.0) -> None:
        if not isinstance(url, str) or not url.startswith(("postgresql://", "postgres://")):
            raise ConfigError("a Postgres store URL starts with postgresql:// (e.g. postgresql://user@host/db)")
        self.url = url
        self._closed = False
        self._dims: set[int] = set()  # dimensions whose HNSW index exists (checked once per process)
        self._dims_lock = threading.Lock()
        self.index_vectors = True  # False defers the HNSW index (a bulk load then calls ensure_vector_index)
        try:
            with psycopg.connect(url, autocommit=True, connect_timeout=int(timeout)) as conn:
                self._migrate(conn)
        except psycopg.Error as exc:
            # The URL is not echoed: it may carry a password.
            raise StoreError(f"cannot open the Postgres store: {exc}") from exc
        self._pool = ConnectionPool(
            url, min_size=min_size, max_size=max_size, timeout=timeout, configure=self._configure, open=False
        )
        try:
            self._pool.open(wait=True, timeout=timeout)
        except Exception as exc:  # PoolTimeout and connection errors alike
            self._pool.close()
            raise StoreError(f"cannot open the Postgres store's connection pool: {exc}") from exc

    # ------------------------------------------------------------------ plumbing

    @staticmethod
    def _configure(conn: psycopg.Connection) -> None:
        register_vector(conn)
        # Search a thread's vectors through the HNSW index without losing rows to the thread filter
        # (pgvector >= 0.8 keeps scanning until LIMIT rows passed the filter).
        conn.execute(f"SET hnsw.ef_search = {HNSW_EF_SEARCH}")
        conn.execute("SET hnsw.iterative_scan = strict_order")
        conn.commit()

    @staticmethod
    def _migrate(conn: psycopg.Connection) -> None:
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
            conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations "
                "(version integer PRIMARY KEY, applied_at double precision)"
            )
            done = {r[0] for r in conn.execute("SELECT version FROM schema_migrations")}
            for version, statements in enumerate(MIGRATIONS, start=1):
                if version in done:
                    continue
                for statement in statements:
                    conn.execute(statement)
                conn.execute("INSERT INTO schema_migrations VALUES (%s, %s)", (version, time.time()))
        newest = max(done, default=0)
        if newest > len(MIGRATIONS):
            raise StoreError(
                f"the database has schema version {newest}, newer than this chatcompact knows ({len(MIGRATIONS)}); "
                "upgrade chatcompact"
            )

    @contextmanager
    def _tx(self) -> Iterator[psycopg.Connection]:
        """A pooled connection inside one transaction; psycopg errors come out as StoreError."""
        if self._closed:
            raise StoreError("the Postgres store is closed")
        try:
            with self._pool.connection() as conn, conn.transaction():
                yield conn
        except psycopg.errors.ForeignKeyViolation as exc:
            raise ThreadNotFound(
                f"thread does not exist (it was deleted meanwhile): {exc.diag.message_detail}"
            ) from exc
        except psycopg.Error as exc:
            raise StoreError(f"Postgres store: {exc}") from exc

    @staticmethod
    def _head(conn: psycopg.Connection, thread_id: str, lock: bool = False) -> ThreadInfo:
        sql = "SELECT id, system, created_at, last_seq, last_version, budget FROM threads WHERE id = %s"
        row = conn.execute(sql + (" FOR UPDATE" if lock else ""), (thread_id,)).fetchone()
        if row is None:
            raise ThreadNotFound(f"thread {thread_id!r} does not exist")
        return _info(row)

    # ------------------------------------------------------------------ threads

    def ensure_thread(
        self, thread_id: str, system: str | None, *, created_at: float | None = None, budget: int | None = None
    ) -> ThreadInfo:
        """Create the thread if missing; update its system prompt / trigger budget when given.

        ``created_at`` (epoch seconds) is used for a new thread instead of now (``migrate`` keeps times).
        """
        check_thread(thread_id, system)
        check_budget(budget)
        for name, value in (("thread id", thread_id), ("system prompt", system)):
            if value is not None and "\x00" in value:
                raise ConfigError(f"{name} must not contain NUL characters (Postgres text cannot hold them)")
        with self._tx() as conn:
            conn.execute(
                "INSERT INTO threads (id, system, created_at, budget) VALUES (%s, %s, %s, %s) "
                "ON CONFLICT (id) DO NOTHING",
                (thread_id, system, created_at or time.time(), budget),
            )
            if budget is not None:
                conn.execute(
                    "UPDATE threads SET budget = %s WHERE id = %s AND budget IS DISTINCT FROM %s",
                    (budget, thread_id, budget),
                )
            if system is not None:
                conn.execute(
                    "UPDATE threads SET system = %s WHERE id = %s AND system IS DISTINCT FROM %s",
                    (system, thread_id, system),
                )
            return self._head(conn, thread_id)

    def thread_info(self, thread_id: str) -> ThreadInfo:
        """The thread's identity and head; raises ThreadNotFound if absent."""
        with self._tx() as conn:
            return self._head(conn, thread_id)

    def list_threads(self) -> list[ThreadInfo]:
        """Every thread, oldest first."""
        with self._tx() as conn:
            rows = conn.execute(
                "SELECT id, system, created_at, last_seq, last_version, budget FROM threads ORDER BY created_at, id"
            ).fetchall()
        return [_info(r) for r in rows]

    def delete_thread(self, thread_id: str) -> None:
        """Remove the thread with everything that hangs off it (messages, versions, events, vectors, jobs)."""
        with self._tx() as conn:
            if conn.execute("DELETE FROM threads WHERE id = %s", (thread_id,)).rowcount == 0:
                raise ThreadNotFound(f"thread {thread_id!r} does not exist")

    # ------------------------------------------------------------------ the log

    def append(
        self, thread_id: str, messages: Sequence[Message], tokens: Sequence[int], *, created_at: float | None = None
    ) -> list[Message]:
        """Append atomically and durably; returns the messages with ``seq`` and ``created_at`` set.

        ``created_at`` overrides the time stamp (``migrate`` keeps the source's times).
        """
        check_append(messages, tokens, created_at)
        bodies = [encode_message(m, i) for i, m in enumerate(messages)]
        if not messages:
            self.thread_info(thread_id)
            return []
        now = created_at or time.time()
        texts = [_clean(indexed_text(m.searchable_text)) for m in messages]
        with self._tx() as conn:
            # Takes the thread's row lock: appends to one thread are serialised across every client.
            row = conn.execute(
                "UPDATE threads SET last_seq = last_seq + %s WHERE id = %s RETURNING last_seq",
                (len(messages), thread_id),
            ).fetchone()
            if row is None:
                raise ThreadNotFound(f"thread {thread_id!r} does not exist")
            last = row[0] - len(messages)
            before = [
                r[0]
                for r in conn.execute(
                    "SELECT text FROM messages WHERE thread_id = %s AND seq > %s ORDER BY seq",
                    (thread_id, last - 2),
                )
            ]
            window = before + texts
            rows = []
            for i, (m, body, tok) in enumerate(zip(messages, bodies, tokens, strict=True)):
                context = " ".join(window[max(0, len(before) + i - 2) : len(before) + i])
                rows.append(
                    (thread_id, last + i + 1, m.role, body, texts[i], tok, now, _index_text(texts[i]), fold(context))
                )
            with conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO messages (thread_id, seq, role, body, text, tokens, created_at, tsv) VALUES "
                    f"(%s, %s, %s, %s, %s, %s, %s, setweight(to_tsvector('{TS_CONFIG}', %s), 'A') "
                    f"|| setweight(to_tsvector('{TS_CONFIG}', %s), 'D'))",
                    rows,
                )
            self._index_passages(conn, thread_id, last, messages)
        return [m.with_meta(last + i, now) for i, m in enumerate(messages, start=1)]

    def messages(self, thread_id: str, after: int = 0, until: int | None = None) -> list[Message]:
        """Messages with ``after < seq <= until``, oldest first."""
        sql = "SELECT seq, body, created_at FROM messages WHERE thread_id = %s AND seq > %s"
        args: list[Any] = [thread_id, after]
        if until is not None:
            sql, args = sql + " AND seq <= %s", [*args, until]
        with self._tx() as conn:
            rows = conn.execute(sql + " ORDER BY seq", args).fetchall()
            if not rows:
                self._head(conn, thread_id)
        return [decode_message(body, seq, created, thread_id) for seq, body, created in rows]

    def message_tokens(self, thread_id: str, after: int = 0) -> list[int]:
        """Stored token counts of the messages after ``after``, in seq order."""
        with self._tx() as conn:
            rows = conn.execute(
                "SELECT tokens FROM messages WHERE thread_id = %s AND seq > %s ORDER BY seq", (thread_id, after)
            ).fetchall()
            if not rows:
                self._head(conn, thread_id)
        return [r[0] for r in rows]

    # ------------------------------------------------------------------ summary versions

    def latest_version(self, thread_id: str) -> SummaryVersion | None:
        """The newest committed summary version, or None when the thread has none yet."""
        with self._tx() as conn:
            row = conn.execute(
                "SELECT body FROM summary_versions WHERE thread_id = %s ORDER BY version DESC LIMIT 1",
                (thread_id,),
            ).fetchone()
            if row is None:
                self._head(conn, thread_id)
                return None
        return _load_version(row[0], thread_id)

    def versions(self, thread_id: str) -> list[SummaryVersion]:
        """Every committed summary version, oldest first."""
        with self._tx() as conn:
            rows = conn.execute(
                "SELECT body FROM summary_versions WHERE thread_id = %s ORDER BY version", (thread_id,)
            ).fetchall()
            if not rows:
                self._head(conn, thread_id)
        return [_load_version(r[0], thread_id) for r in rows]

    def commit_version(self, thread_id: str, version: SummaryVersion) -> SummaryVersion:
        """Commit iff the latest version equals ``version.parent`` (0 = none); VersionConflict otherwise."""
        if not version.created_at:
            version = version.model_copy(update={"created_at": time.time()})
        with self._tx() as conn:
            # The row lock makes check-then-write atomic against every other client.
            check_version(thread_id, self._head(conn, thread_id, lock=True).last_version, version)
            conn.execute("UPDATE threads SET last_version = %s WHERE id = %s", (version.version, thread_id))
            conn.execute(
                "INSERT INTO summary_versions VALUES (%s, %s, %s, %s, %s, %s, %s)",
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

    # ------------------------------------------------------------------ hierarchy nodes

    def put_node(self, thread_id: str, node: SummaryNode) -> SummaryNode:
        """Store a hierarchy node (a second put of the same id keeps the first); StoreError past the log's end."""
        with self._tx() as conn:
            check_node(thread_id, self._head(conn, thread_id).last_seq, node)
            conn.execute(
                "INSERT INTO summary_nodes (thread_id, id, level, seq_from, seq_until, body, created_at) "
                "VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT (thread_id, id) DO NOTHING",
                (
                    thread_id,
                    node.id,
                    node.level,
                    node.seq_from,
                    node.seq_until,
                    node.model_dump_json(),
                    node.created_at,
                ),
            )
            row = conn.execute(
                "SELECT body FROM summary_nodes WHERE thread_id = %s AND id = %s", (thread_id, node.id)
            ).fetchone()
        assert row is not None
        return load_node(row[0], thread_id)

    def nodes(self, thread_id: str, level: int | None = None) -> list[SummaryNode]:
        """The thread's hierarchy nodes (of ``level`` if given), by level, then seq_from, then write order."""
        check_level(level)
        sql = "SELECT body FROM summary_nodes WHERE thread_id = %s"
        args: list[Any] = [thread_id]
        if level is not None:
            sql, args = sql + " AND level = %s", [*args, level]
        with self._tx() as conn:
            rows = conn.execute(sql + " ORDER BY level, seq_from, n", args).fetchall()
            if not rows:
                self._head(conn, thread_id)
        return [load_node(r[0], thread_id) for r in rows]

    # ------------------------------------------------------------------ events

    def log_event(self, thread_id: str, kind: str, data: dict[str, Any], *, created_at: float | None = None) -> Event:
        """Durably record an event; returns it with ``id``, ``created_at`` and ``data`` as stored."""
        body = encode_event(kind, data)
        now = created_at or time.time()
        with self._tx() as conn:
            self._head(conn, thread_id)
            row = conn.execute(
                "INSERT INTO events (thread_id, kind, body, created_at) VALUES (%s, %s, %s, %s) RETURNING id",
                (thread_id, kind, body, now),
            ).fetchone()
        assert row is not None
        return decode_event(thread_id, kind, body, now, row[0])

    def events(self, thread_id: str, kind: str | None = None, limit: int = 100) -> list[Event]:
        """The thread's latest ``limit`` events (of ``kind`` if given), oldest first."""
        if kind is not None:
            check_kind(kind)
        if check_limit(limit) <= 0:
            self.thread_info(thread_id)
            return []
        sql = "SELECT id, kind, body, created_at FROM events WHERE thread_id = %s"
        args: list[Any] = [thread_id]
        if kind is not None:
            sql, args = sql + " AND kind = %s", [*args, kind]
        with self._tx() as conn:
            rows = conn.execute(sql + " ORDER BY id DESC LIMIT %s", [*args, limit]).fetchall()
            if not rows:
                self._head(conn, thread_id)
        return [decode_event(thread_id, k, body, created, eid) for eid, k, body, created in reversed(rows)]

    # ------------------------------------------------------------------ search

    def search_text(self, thread_id: str, query: str, k: int = 10, where: SearchFilter | None = None) -> list[TextHit]:
        """Full-text search of the thread's log, best first (``score`` = ts_rank, higher is better).

        The query's words are OR-ed, each through ``plainto_tsquery`` (no operator of the user's text is
        interpreted); a message's own words weigh 1, those of the two messages before it 0.25.
        """
        return self._with_messages(thread_id, self.rank_text(thread_id, query, k, where))

    def rank_text(self, thread_id: str, query: str, k: int = 10, where: SearchFilter | None = None) -> list[Ranked]:
        """:meth:`search_text`'s ranking as ``(seq, score)``: no message body is read."""
        terms = query_terms(query)
        if not terms or k <= 0 or no_match(where):
            self.thread_info(thread_id)
            return []
        tsquery = " || ".join([f"plainto_tsquery('{TS_CONFIG}', %s)"] * len(terms))
        cond, args = _where_sql(where)
        sql = (
            f"SELECT m.seq, ts_rank('{_RANK_WEIGHTS}', m.tsv, q, 1) AS score "
            f"FROM messages m, ({'SELECT ' + tsquery} AS q) qq "
            f"WHERE m.thread_id = %s AND m.tsv @@ q{cond} ORDER BY score DESC, m.seq LIMIT %s"
        )
        with self._tx() as conn:
            rows = conn.execute(sql, [*terms, thread_id, *args, k]).fetchall()
            if not rows:
                self._head(conn, thread_id)
        return [(seq, float(score)) for seq, score in rows]

    def _with_messages(self, thread_id: str, ranked: Sequence[Ranked]) -> list[TextHit]:
        """The ranked seqs as hits with their messages (a seq erased meanwhile is left out)."""
        found = {m.seq: m for m in self.messages_at(thread_id, [seq for seq, _ in ranked])}
        return [TextHit(message=found[seq], score=score) for seq, score in ranked if seq in found]

    def messages_at(self, thread_id: str, seqs: Sequence[int]) -> list[Message]:
        """The messages of ``seqs`` the thread has, in seq order (protocols.RankedSearch)."""
        if not seqs:
            return []
        with self._tx() as conn:
            rows = conn.execute(
                "SELECT seq, body, created_at FROM messages WHERE thread_id = %s AND seq = ANY(%s) ORDER BY seq",
                (thread_id, sorted(set(seqs))),
            ).fetchall()
        return [decode_message(body, seq, created, thread_id) for seq, body, created in rows]

    # ------------------------------------------------------------------ vectors

    def put_vectors(self, thread_id: str, model: str, seqs: Sequence[int], vectors: np.ndarray) -> None:
        """Store one vector per message seq for ``model`` (normalised; a second put for a seq replaces it)."""
        seq_list, matrix = vector_batch(model, seqs, vectors)
        if not seq_list:
            self.thread_info(thread_id)
            return
        dim = matrix.shape[1]
        if self.index_vectors:
            self.ensure_vector_index(dim)
        with self._tx() as conn:
            self._head(conn, thread_id)
            have = {
                r[0]
                for r in conn.execute(
                    "SELECT seq FROM messages WHERE thread_id = %s AND seq = ANY(%s)", (thread_id, seq_list)
                )
            }
            for seq in seq_list:
                if seq not in have:
                    raise StoreError(f"thread {thread_id!r} has no message {seq} to attach a vector to")
            row = conn.execute(
                "SELECT dim, upto FROM vector_models WHERE thread_id = %s AND model = %s FOR UPDATE",
                (thread_id, model),
            ).fetchone()
            check_dim(model, row[0] if row else None, dim)
            with conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO vectors (thread_id, model, seq, dim, embedding) VALUES (%s, %s, %s, %s, %s) "
                    "ON CONFLICT (thread_id, model, seq) DO UPDATE SET embedding = excluded.embedding",
                    [(thread_id, model, seq, dim, vec) for seq, vec in zip(seq_list, matrix, strict=True)],
                )
            upto = conn.execute(ADVANCE_SQL, {"t": thread_id, "m": model, "upto": row[1] if row else 0}).fetchone()
            conn.execute(
                "INSERT INTO vector_models (thread_id, model, dim, upto) VALUES (%s, %s, %s, %s) "
                "ON CONFLICT (thread_id, model) DO UPDATE SET upto = excluded.upto",
                (thread_id, model, dim, upto[0] if upto else 0),
            )

    def ensure_vector_index(self, dim: int, build_memory_mb: int = 512) -> None:
        """Create the partial HNSW index for vectors of ``dim`` dimensions if missing (``put_vectors`` calls it
        first; whoever comes first builds it). A bulk load is faster without it: load with ``index_vectors``
        False, then call this once (building 100k vectors at once beats inserting them into the graph). The
        build is many times faster while the graph fits ``build_memory_mb`` (~1.6 KB per 384-d vector)."""
        if dim in self._dims or dim > HNSW_MAX_DIM:
            return
        with self._dims_lock, self._tx() as conn:
            conn.execute("SELECT pg_advisory_xact_lock(%s, %s)", (_MIGRATION_LOCK, dim))
            conn.execute(f"SET LOCAL maintenance_work_mem = '{int(build_memory_mb)}MB'")
            name = f"vectors_hnsw_{dim}"
            if conn.execute("SELECT to_regclass(%s)", (name,)).fetchone()[0] is None:  # type: ignore[index]
                conn.execute(
                    f"CREATE INDEX {name} ON vectors "
                    f"USING hnsw ((embedding::vector({dim})) vector_cosine_ops) WHERE dim = {dim}"
                )
                # Fresh statistics, so that the planner sees how many vectors a large thread has and takes
                # the index (after a bulk load; later growth is analysed by autovacuum).
                conn.execute("ANALYZE vectors")
            self._dims.add(dim)

    def missing_vectors(self, thread_id: str, model: str, limit: int = 256) -> list[Message]:
        """The oldest ``limit`` messages of the thread that have no vector for ``model`` yet, oldest first."""
        check_model(model)
        if check_limit(limit) <= 0:
            self.thread_info(thread_id)
            return []
        with self._tx() as conn:
            rows = conn.execute(MISSING_SQL, {"t": thread_id, "m": model, "n": limit}).fetchall()
            if not rows:
                self._head(conn, thread_id)
        return [decode_message(body, seq, created, thread_id) for seq, body, created in rows]

    def search_vectors(
        self, thread_id: str, model: str, query: np.ndarray, k: int = 10, where: SearchFilter | None = None
    ) -> list[TextHit]:
        """Nearest messages to ``query`` among the vectors of ``model`` (score = cosine similarity), best first."""
        return self._with_messages(thread_id, self.rank_vectors(thread_id, model, query, k, where))

    def rank_vectors(
        self, thread_id: str, model: str, query: np.ndarray, k: int = 10, where: SearchFilter | None = None
    ) -> list[Ranked]:
        """:meth:`search_vectors`' ranking as ``(seq, score)``: no message body is read."""
        check_model(model)
        with self._tx() as conn:
            self._head(conn, thread_id)
            row = conn.execute(
                "SELECT dim FROM vector_models WHERE thread_id = %s AND model = %s", (thread_id, model)
            ).fetchone()
            q = as_query(query, row[0] if row else None)
            if row is None or k <= 0 or no_match(where):
                return []
            dim = int(row[0])
            cond, args = _where_sql(where)
            # The ORDER BY expression and the dim condition match the partial HNSW index of this dimension.
            distance = f"(v.embedding::vector({dim})) <=> %s::vector({dim})"
            sql = (
                f"SELECT m.seq, 1 - ({distance}) AS score FROM vectors v "
                "JOIN messages m ON m.thread_id = v.thread_id AND m.seq = v.seq "
                f"WHERE v.thread_id = %s AND v.model = %s AND v.dim = {dim}{cond} "
                f"ORDER BY {distance} LIMIT %s"  # nothing after the distance: the HNSW scan delivers this order
            )
            rows = conn.execute(sql, [q, thread_id, model, *args, q, k]).fetchall()
        return [(seq, float(score)) for seq, score in rows]

    def vector_models(self, thread_id: str) -> list[str]:
        """Names of the embedding models with vectors in the thread."""
        with self._tx() as conn:
            self._head(conn, thread_id)
            rows = conn.execute(
                "SELECT model FROM vector_models WHERE thread_id = %s ORDER BY model", (thread_id,)
            ).fetchall()
        return [r[0] for r in rows]

    def get_vectors(self, thread_id: str, model: str) -> tuple[list[int], np.ndarray]:
        """Every stored vector of ``model`` in the thread: (seqs ascending, float32 matrix)."""
        check_model(model)
        with self._tx() as conn:
            self._head(conn, thread_id)
            rows = conn.execute(
                "SELECT seq, embedding FROM vectors WHERE thread_id = %s AND model = %s ORDER BY seq",
                (thread_id, model),
            ).fetchall()
        if not rows:
            return [], np.zeros((0, 0), dtype=np.float32)
        return [r[0] for r in rows], np.stack([_array(r[1]) for r in rows])

    # ------------------------------------------------------------------ jobs

    def enqueue_job(self, thread_id: str, kind: str) -> None:
        """Ask for a job on the thread (once: a job already queued is only marked as requested again)."""
        check_job_kind(kind)
        with self._tx() as conn:
            self._head(conn, thread_id)
            conn.execute(
                "INSERT INTO jobs (thread_id, kind, enqueued_at, not_before) "
                f"VALUES (%s, %s, {NOW}, {NOW}) "
                "ON CONFLICT (thread_id, kind) DO UPDATE SET requested = jobs.requested + 1",
                (thread_id, kind),
            )

    def claim_job(self, kinds: Sequence[str], lease_s: float) -> JobLease | None:
        """Lease the oldest ready job of one of ``kinds`` for ``lease_s`` seconds, or None if there is none."""
        kinds = [check_job_kind(k) for k in kinds]
        if lease_s <= 0:
            raise InvalidArgument(f"lease_s must be > 0, got {lease_s}")
        token = uuid.uuid4().hex
        with self._tx() as conn:
            row = conn.execute(CLAIM_SQL, {"kinds": kinds, "lease": token, "lease_s": float(lease_s)}).fetchone()
        return None if row is None else JobLease(thread_id=row[0], kind=row[1], token=token, requested=row[2])

    def finish_job(self, lease: JobLease, *, again: bool = False, delay: float = 0.0) -> bool:
        """End a claim: the job is removed unless ``again`` or requested meanwhile (then it is released,
        ready after ``delay`` seconds). False when the lease was lost (expired and taken by another worker)."""
        with self._tx() as conn:
            if not again:
                cur = conn.execute(
                    "DELETE FROM jobs WHERE thread_id = %s AND kind = %s AND lease = %s AND requested = %s",
                    (lease.thread_id, lease.kind, lease.token, lease.requested),
                )
                if cur.rowcount:
                    return True
            cur = conn.execute(
                f"UPDATE jobs SET lease = NULL, leased_until = NULL, not_before = {NOW} + %s "
                "WHERE thread_id = %s AND kind = %s AND lease = %s",
                (max(float(delay), 0.0), lease.thread_id, lease.kind, lease.token),
            )
            return cur.rowcount > 0

    def pending_jobs(self) -> int:
        """Jobs queued or running, in the whole store."""
        with self._tx() as conn:
            row = conn.execute("SELECT count(*) FROM jobs").fetchone()
        return int(row[0]) if row else 0

    # ------------------------------------------------------------------ lifecycle

    def close(self) -> None:
        """Close the pool; later calls raise StoreError. Safe to call twice."""
        if self._closed:
            return
        self._closed = True
        self._pool.close()

    def __enter__(self) -> PostgresStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # ------------------------------------------------------------------ passages (long messages)

    @staticmethod
    def _index_passages(conn: psycopg.Connection, thread_id: str, last: int, messages: Sequence[Message]) -> None:
        """Index the passages of the long ``messages`` (seqs ``last + 1`` on), inside the append's transaction."""
        rows = [
            (thread_id, last + i, chunk, start, end, _index_text(indexed_text(m.searchable_text[start:end])))
            for i, m in enumerate(messages, start=1)
            for chunk, start, end in passage_rows(m.searchable_text)
        ]
        if rows:
            with conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO passages (thread_id, seq, chunk, start_at, end_at, tsv) "
                    f"VALUES (%s, %s, %s, %s, %s, to_tsvector('{TS_CONFIG}', %s))",
                    rows,
                )

    def search_passages(
        self, thread_id: str, query: str, k: int = 10, where: SearchFilter | None = None
    ) -> list[tuple[TextHit, tuple[int, int]]]:
        """Full-text search of the passages of the thread's long messages: each message once, at its best
        passage, as ``(hit, (start, end))`` (character offsets in its text), best first (score = ts_rank)."""
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
        tsquery = " || ".join([f"plainto_tsquery('{TS_CONFIG}', %s)"] * len(terms))
        cond, args = _where_sql(where)
        join = " JOIN messages m ON m.thread_id = p.thread_id AND m.seq = p.seq" if cond else ""
        sql = (
            "SELECT DISTINCT ON (p.seq) p.seq, p.start_at, p.end_at, "
            f"ts_rank('{_RANK_WEIGHTS}', p.tsv, q, 1) AS score "
            f"FROM passages p{join}, ({'SELECT ' + tsquery} AS q) qq "
            f"WHERE p.thread_id = %s AND p.tsv @@ q{cond} ORDER BY p.seq, score DESC, p.chunk"
        )
        with self._tx() as conn:
            best = f"SELECT * FROM ({sql}) b ORDER BY score DESC, seq LIMIT %s"
            found = conn.execute(best, [*terms, thread_id, *args, k]).fetchall()
        return [(seq, float(score), (start, end)) for seq, start, end, score in found]

    def __repr__(self) -> str:
        return "PostgresStore(...)"  # not the URL: it may carry a password

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
        after each (their search vector held the forgotten text as context), drop their vectors, rewrite
        ``versions`` and ``nodes``, delete ``event_ids`` and log a ``forgotten`` event with ``report``.

        Dead row versions stay in the table files until autovacuum reclaims them (run ``VACUUM`` to be sure)."""
        bodies = {m.seq or 0: (encode_message(m, i), _clean(m.searchable_text)) for i, m in enumerate(tombstones)}
        event = encode_event("forgotten", report)
        near = sorted({s + d for s in bodies for d in (0, 1, 2)})
        with self._tx() as conn:
            conn.execute("INSERT INTO log_grants VALUES (%s) ON CONFLICT DO NOTHING", (thread_id,))
            for seq, (body, text) in bodies.items():
                conn.execute(
                    "UPDATE messages SET body = %s, text = %s WHERE thread_id = %s AND seq = %s",
                    (body, text, thread_id, seq),
                )
            texts = dict(
                conn.execute(
                    "SELECT seq, text FROM messages WHERE thread_id = %s AND seq >= %s AND seq <= %s",
                    (thread_id, near[0] - 2, near[-1]),
                ).fetchall()
            )
            for seq in near:
                if seq not in texts:
                    continue
                context = " ".join(texts[s] for s in (seq - 2, seq - 1) if s in texts)
                conn.execute(
                    f"UPDATE messages SET tsv = setweight(to_tsvector('{TS_CONFIG}', %s), 'A') "
                    f"|| setweight(to_tsvector('{TS_CONFIG}', %s), 'D') WHERE thread_id = %s AND seq = %s",
                    (_index_text(texts[seq]), fold(context), thread_id, seq),
                )
            conn.execute("DELETE FROM log_grants WHERE thread_id = %s", (thread_id,))
            conn.execute("DELETE FROM vectors WHERE thread_id = %s AND seq = ANY(%s)", (thread_id, list(bodies)))
            conn.execute("DELETE FROM passages WHERE thread_id = %s AND seq = ANY(%s)", (thread_id, list(bodies)))
            for v in versions:
                conn.execute(
                    "UPDATE summary_versions SET body = %s WHERE thread_id = %s AND version = %s",
                    (v.model_dump_json(), thread_id, v.version),
                )
            for n in nodes:
                conn.execute(
                    "UPDATE summary_nodes SET body = %s WHERE thread_id = %s AND id = %s",
                    (n.model_dump_json(), thread_id, n.id),
                )
            conn.execute("DELETE FROM events WHERE thread_id = %s AND id = ANY(%s)", (thread_id, list(event_ids)))
            conn.execute(
                f"INSERT INTO events (thread_id, kind, body, created_at) VALUES (%s, 'forgotten', %s, {NOW})",
                (thread_id, event),
            )

    def renew_job(self, lease: JobLease, lease_s: float) -> bool:
        """Extend a claim by ``lease_s`` seconds from now (a long summarizer call); False if it was lost."""
        if lease_s <= 0:
            raise InvalidArgument(f"lease_s must be > 0, got {lease_s}")
        with self._tx() as conn:
            cur = conn.execute(
                f"UPDATE jobs SET leased_until = {NOW} + %s WHERE thread_id = %s AND kind = %s AND lease = %s",
                (float(lease_s), lease.thread_id, lease.kind, lease.token),
            )
            return cur.rowcount > 0


def _array(value: Any) -> np.ndarray:
    """A vector as read back (pgvector's ``Vector`` or an array) as float32 numpy."""
    return np.asarray(value.to_numpy() if hasattr(value, "to_numpy") else value, dtype=np.float32)


def _load_version(body: str, thread_id: str) -> SummaryVersion:
    try:
        return SummaryVersion.model_validate_json(body)
    except ValueError as exc:
        raise StoreError(f"a stored summary version of thread {thread_id!r} is unreadable: {exc}") from exc


__all__ = ["MIGRATIONS", "PostgresStore"]
