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
from contextlib import AbstractContextManager, contextmanager
from typing import Any

import numpy as np

from ..core.passages import passage_rows
from ..errors import ConfigError, InvalidArgument, MissingDependency, StoreError, ThreadNotFound
from ..protocols import JobLease, Ranked, SearchFilter, TextHit
from ..types import Message, ThreadInfo
from ._common import (
    CONTEXT_CHARS,
    ROW_CHARS,
    check_append,
    check_job_kind,
    encode_message,
    fold,
    indexed_text,
    passage_texts,
)
from ._postgres_sql import CLAIM_SQL, INFO_SQL, MIGRATIONS, NOW
from ._search import TextScan
from ._sql import SQLStore, _info
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
#: Characters of a message indexed for full text (a tsvector holds at most 1 MB); the message is kept whole, and
#: the passages of a longer one index all of it (the same bound as the SQLite store's).
MAX_INDEXED_CHARS = ROW_CHARS
#: pgvector's HNSW index takes vectors of at most this many dimensions; wider ones are searched exactly.
HNSW_MAX_DIM = 2000
HNSW_EF_SEARCH = 100
_STATS_TTL = 60.0  # seconds a table's lexeme statistics are reused (ANALYZE changes them slowly)
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


def _clean(text: str) -> str:
    """Text Postgres can hold: it refuses NUL characters in text values."""
    return text.replace("\x00", " ")


def _index_text(text: str) -> str:
    return fold(_clean(text[:MAX_INDEXED_CHARS]))


class PostgresStore(SQLStore):
    """A :class:`~chatcompact.protocols.Store` in a PostgreSQL database with the pgvector extension."""

    NOW = NOW
    MIGRATIONS = MIGRATIONS
    INFO_SQL = INFO_SQL
    NODE_ORDER = "n"
    _where = "the Postgres store"

    def __init__(self, url: str, *, min_size: int = 1, max_size: int = 8, timeout: float = 30.0) -> None:
        if not isinstance(url, str) or not url.startswith(("postgresql://", "postgres://")):
            raise ConfigError("a Postgres store URL starts with postgresql:// (e.g. postgresql://user@host/db)")
        self.url = url
        self._closed = False
        self._sql_cache: dict[str, str] = {}
        # table -> (read at, (lexeme frequencies, the frequency of an unlisted one, rows)): see _lexeme_stats
        self._stats: dict[str, tuple[float, tuple[dict[str, float], float, float]]] = {}
        self._dims: set[int] = set()  # dimensions whose HNSW index exists (checked once per process)
        self._dims_lock = threading.Lock()
        self.index_vectors = True  # False defers the HNSW index (a bulk load then calls ensure_vector_index)
        try:
            with psycopg.connect(url, autocommit=True, connect_timeout=int(timeout)) as conn:
                self._run_migrations(lambda: _transaction(conn))
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

    def _read(self) -> AbstractContextManager[psycopg.Connection]:
        return self._tx()

    def _write(self) -> AbstractContextManager[psycopg.Connection]:
        return self._tx()

    def _q(self, sql: str) -> str:
        """``?`` placeholders as psycopg's ``%s`` (cached: the shared statements are a fixed set)."""
        out = self._sql_cache.get(sql)
        if out is None:
            out = self._sql_cache[sql] = sql.replace("?", "%s")
        return out

    def _lock_thread(self, conn: Any, thread_id: str) -> ThreadInfo:
        row = conn.execute(INFO_SQL + " WHERE t.id = %s FOR UPDATE", (thread_id,)).fetchone()
        if row is None:
            raise ThreadNotFound(f"thread {thread_id!r} does not exist")
        return _info(row)

    def _version_moved(self, conn: Any, thread_id: str, version: int) -> None:
        conn.execute("UPDATE threads SET last_version = %s WHERE id = %s", (version, thread_id))

    def _xmany(self, conn: Any, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            with conn.cursor() as cur:
                cur.executemany(self._q(sql), rows)

    def _insert_id(self, conn: Any, sql: str, args: Sequence[Any]) -> int:
        row = conn.execute(self._q(sql) + " RETURNING id", args).fetchone()
        assert row is not None
        return int(row[0])

    def _migration_lock(self, conn: Any) -> None:
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))

    # ------------------------------------------------------------------ threads

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
                context = " ".join(t[-CONTEXT_CHARS:] for t in window[max(0, len(before) + i - 2) : len(before) + i])
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

    # ------------------------------------------------------------------ search

    def _term_hits(self, conn: Any, scan: TextScan, term: str, cap: int) -> int:
        """The thread's messages holding ``term``, estimated from the column's statistics (``pg_stats``: the
        frequencies of the most common lexemes, kept by ANALYZE / autovacuum): counting with a LIMIT would read
        a heap row per posting. A word missing from the statistics counts half the least frequent listed one (as
        the planner assumes)."""
        freqs, floor, rows = self._lexeme_stats(conn, scan.table)
        row = conn.execute(f"SELECT plainto_tsquery('{TS_CONFIG}', %s)::text", (term,)).fetchone()
        lexemes = [part.strip().strip("'") for part in (row[0] if row and row[0] else "").split("&") if part.strip()]
        if not lexemes:
            return 0  # a stop word: it matches nothing
        freq = min(freqs.get(lexeme, floor) for lexeme in lexemes)
        # messages: the thread's share; passages: the table's (a thread's passage count is not kept)
        return min(int(freq * (scan.thread_size if scan.table == "messages" else rows)) + 1, cap)

    def _lexeme_stats(self, conn: Any, table: str) -> tuple[dict[str, float], float, float]:
        """(lexeme -> fraction of rows holding it, the fraction assumed for one not listed, the table's rows) for
        ``table``'s search vectors, re-read every ``_STATS_TTL`` seconds; empty before the first ANALYZE (then
        every word counts as rare: the search is exact)."""
        now = time.monotonic()
        cached = self._stats.get(table)
        if cached is not None and now - cached[0] < _STATS_TTL:
            return cached[1]
        row = conn.execute(
            "SELECT s.most_common_elems::text::text[], s.most_common_elem_freqs, c.reltuples FROM pg_stats s "
            "JOIN pg_class c ON c.oid = to_regclass(quote_ident(s.schemaname) || '.' || quote_ident(s.tablename)) "
            "WHERE s.schemaname = current_schema() AND s.tablename = %s AND s.attname = 'tsv'",
            (table,),
        ).fetchone()
        freqs: dict[str, float] = {}
        floor, rows = 0.0, 0.0
        if row and row[0] and row[1]:
            elems, values = list(row[0]), list(row[1])
            freqs = dict(zip(elems, values[: len(elems)], strict=False))
            floor = (float(values[len(elems)]) if len(values) > len(elems) else min(freqs.values())) / 2
            rows = max(float(row[2] or 0), 0.0)
        self._stats[table] = (now, (freqs, floor, rows))
        return freqs, floor, rows

    def _text_rows(self, conn: Any, scan: TextScan) -> list[tuple[Any, ...]]:
        """Rows matching any of ``terms`` (each through ``plainto_tsquery``: no operator of the user's text is
        interpreted), scored by ``ts_rank`` with every word of ``ranked``: a message's own words weigh 1, those
        of the two messages before it 0.25. ``recent``: only the newest matches (the primary key read backwards)."""
        table, terms, ranked, recent, limit = scan.table, scan.terms, scan.ranked, scan.recent, scan.limit
        match = " || ".join([f"plainto_tsquery('{TS_CONFIG}', %s)"] * len(terms))
        rank = " || ".join([f"plainto_tsquery('{TS_CONFIG}', %s)"] * len(ranked))
        cond, args = _where_sql(scan.where)
        if table == "messages":
            cols, src, key = "m.seq", "messages m", "m.seq"
            alias = "m"
        else:
            cols, src, key = "p.seq, p.chunk, p.start_at, p.end_at", "passages p", "p.seq, p.chunk"
            src += " JOIN messages m ON m.thread_id = p.thread_id AND m.seq = p.seq"
            alias = "p"
        order = f"{alias}.seq DESC LIMIT {int(recent)}" if recent else f"score DESC, {key} LIMIT {int(limit)}"
        inner = (
            f"SELECT {cols}, ts_rank('{_RANK_WEIGHTS}', {alias}.tsv, qq.r, 1) AS score "
            f"FROM {src}, (SELECT {match} AS q, {rank} AS r) qq "
            f"WHERE {alias}.thread_id = %s AND {alias}.tsv @@ qq.q{cond} ORDER BY {order}"
        )
        outer = key.replace("m.", "").replace("p.", "")
        sql = f"SELECT * FROM ({inner}) found ORDER BY score DESC, {outer} LIMIT %s"
        rows = conn.execute(sql, [*terms, *ranked, scan.thread_id, *args, int(limit)]).fetchall()
        if table == "messages":
            return [(seq, float(score)) for seq, score in rows]
        return [(seq, float(score), chunk, start, end) for seq, chunk, start, end, score in rows]

    # ------------------------------------------------------------------ vectors

    def put_vectors(
        self, thread_id: str, model: str, seqs: Sequence[int], vectors: np.ndarray, parts: Sequence[int] | None = None
    ) -> None:
        """Store one vector per row for ``model`` (normalised): row ``i`` is part ``parts[i]`` of message ``seqs[i]``
        (``parts`` None: each the whole message). A put replaces every vector the seqs it names had before."""
        seq_list, part_list, matrix = vector_batch(model, seqs, vectors, parts)
        if not seq_list:
            self.thread_info(thread_id)
            return
        dim = matrix.shape[1]
        if self.index_vectors:
            self.ensure_vector_index(dim)
        named = sorted(set(seq_list))
        with self._tx() as conn:
            self._head(conn, thread_id)
            have = {
                r[0]
                for r in conn.execute(
                    "SELECT seq FROM messages WHERE thread_id = %s AND seq = ANY(%s)", (thread_id, named)
                )
            }
            for seq in named:
                if seq not in have:
                    raise StoreError(f"thread {thread_id!r} has no message {seq} to attach a vector to")
            row = conn.execute(
                "SELECT dim, upto FROM vector_models WHERE thread_id = %s AND model = %s FOR UPDATE",
                (thread_id, model),
            ).fetchone()
            check_dim(model, row[0] if row else None, dim)
            # the seqs' earlier parts go: the put is each message's whole set of vectors
            conn.execute(
                "DELETE FROM vectors WHERE thread_id = %s AND model = %s AND seq = ANY(%s)", (thread_id, model, named)
            )
            with conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO vectors (thread_id, model, seq, part, dim, embedding) VALUES (%s, %s, %s, %s, %s, %s) "
                    "ON CONFLICT (thread_id, model, seq, part) DO UPDATE SET embedding = excluded.embedding",
                    [
                        (thread_id, model, seq, part, dim, vec)
                        for seq, part, vec in zip(seq_list, part_list, matrix, strict=True)
                    ],
                )
            upto = self._advance(conn, thread_id, model, row[1] if row else 0)
            conn.execute(
                "INSERT INTO vector_models (thread_id, model, dim, upto) VALUES (%s, %s, %s, %s) "
                "ON CONFLICT (thread_id, model) DO UPDATE SET upto = excluded.upto",
                (thread_id, model, dim, upto),
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

    def search_vectors(
        self, thread_id: str, model: str, query: np.ndarray, k: int = 10, where: SearchFilter | None = None
    ) -> list[TextHit]:
        """Nearest messages to ``query`` among the vectors of ``model`` (score = cosine similarity), best first."""
        return self._with_messages(thread_id, self.rank_vectors(thread_id, model, query, k, where))

    def rank_vectors(
        self, thread_id: str, model: str, query: np.ndarray, k: int = 10, where: SearchFilter | None = None
    ) -> list[Ranked]:
        """:meth:`search_vectors`' ranking as ``(seq, score)``: no message body is read."""
        return [(seq, score) for seq, score, _ in self.rank_vector_parts(thread_id, model, query, k, where)]

    def rank_vector_parts(
        self, thread_id: str, model: str, query: np.ndarray, k: int = 10, where: SearchFilter | None = None
    ) -> list[tuple[int, float, int]]:
        """:meth:`rank_vectors` with the part each message was found by: ``(seq, score, part)``. A message is ranked
        once, by its best part: the nearest rows are read ``k`` first, then four times deeper until they hold ``k``
        messages (a thread whose messages have one vector each is read once, as before parts)."""
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
                f"SELECT m.seq, 1 - ({distance}) AS score, v.part FROM vectors v "
                "JOIN messages m ON m.thread_id = v.thread_id AND m.seq = v.seq "
                f"WHERE v.thread_id = %s AND v.model = %s AND v.dim = {dim}{cond} "
                f"ORDER BY {distance} LIMIT %s"  # nothing after the distance: the HNSW scan delivers this order
            )
            depth = k
            while True:
                rows = conn.execute(sql, [q, thread_id, model, *args, q, depth]).fetchall()
                out: dict[int, tuple[float, int]] = {}
                for seq, score, part in rows:  # nearest first: a message's first row is its best part
                    if int(seq) not in out and len(out) < k:
                        out[int(seq)] = (float(score), int(part))
                if len(out) >= k or len(rows) < depth:
                    # ties: the older message first, as in the in-process index
                    return sorted(((s, sc, p) for s, (sc, p) in out.items()), key=lambda r: (-r[1], r[0]))
                depth *= 4

    def get_vectors(self, thread_id: str, model: str) -> tuple[list[int], np.ndarray]:
        """Every stored vector of ``model`` in the thread: (seqs, float32 matrix), by seq then part (a message
        embedded by passages has one row per part: :meth:`get_vector_parts` names them)."""
        seqs, _, matrix = self.get_vector_parts(thread_id, model)
        return seqs, matrix

    def get_vector_parts(self, thread_id: str, model: str) -> tuple[list[int], list[int], np.ndarray]:
        """Every stored vector of ``model`` in the thread with its part: (seqs, parts, matrix), by seq then part."""
        check_model(model)
        with self._tx() as conn:
            self._head(conn, thread_id)
            rows = conn.execute(
                "SELECT seq, part, embedding FROM vectors WHERE thread_id = %s AND model = %s ORDER BY seq, part",
                (thread_id, model),
            ).fetchall()
        if not rows:
            return [], [], np.zeros((0, 0), dtype=np.float32)
        return [r[0] for r in rows], [r[1] for r in rows], np.stack([_array(r[2]) for r in rows])

    # ------------------------------------------------------------------ jobs

    def claim_job(self, kinds: Sequence[str], lease_s: float) -> JobLease | None:
        """Lease the oldest ready job of one of ``kinds`` for ``lease_s`` seconds, or None if there is none."""
        kinds = [check_job_kind(k) for k in kinds]
        if lease_s <= 0:
            raise InvalidArgument(f"lease_s must be > 0, got {lease_s}")
        token = uuid.uuid4().hex
        with self._tx() as conn:
            row = conn.execute(CLAIM_SQL, {"kinds": kinds, "lease": token, "lease_s": float(lease_s)}).fetchone()
        return None if row is None else JobLease(thread_id=row[0], kind=row[1], token=token, requested=row[2])

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
        rows = []
        for i, m in enumerate(messages, start=1):
            spans = passage_rows(m.searchable_text)
            for (chunk, start, end), body in zip(spans, passage_texts(m.searchable_text, spans), strict=True):
                rows.append((thread_id, last + i, chunk, start, end, _index_text(body)))
        if rows:
            with conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO passages (thread_id, seq, chunk, start_at, end_at, tsv) "
                    f"VALUES (%s, %s, %s, %s, %s, to_tsvector('{TS_CONFIG}', %s))",
                    rows,
                )

    def __repr__(self) -> str:
        return "PostgresStore(...)"  # not the URL: it may carry a password

    # ------------------------------------------------------------------ forget (chatcompact.runtime.forget drives it)

    def _erase_messages(self, conn: Any, thread_id: str, tombstones: Sequence[Message], seqs: list[int]) -> None:
        bodies = {m.seq or 0: (encode_message(m, i), _clean(m.searchable_text)) for i, m in enumerate(tombstones)}
        near = sorted({s + d for s in bodies for d in (0, 1, 2)})
        conn.execute("INSERT INTO log_grants VALUES (%s) ON CONFLICT DO NOTHING", (thread_id,))
        for seq, (body, text) in bodies.items():
            conn.execute(
                "UPDATE messages SET body = %s, text = %s WHERE thread_id = %s AND seq = %s",
                (body, text, thread_id, seq),
            )
        texts = dict(
            conn.execute(
                "SELECT seq, text FROM messages WHERE thread_id = %s AND seq = ANY(%s)",
                (thread_id, sorted({s + d for s in near for d in (-2, -1, 0)})),
            ).fetchall()
        )
        for seq in near:  # their search vector held the forgotten text as context
            if seq not in texts:
                continue
            context = " ".join(texts[s][-CONTEXT_CHARS:] for s in (seq - 2, seq - 1) if s in texts)
            conn.execute(
                f"UPDATE messages SET tsv = setweight(to_tsvector('{TS_CONFIG}', %s), 'A') "
                f"|| setweight(to_tsvector('{TS_CONFIG}', %s), 'D') WHERE thread_id = %s AND seq = %s",
                (_index_text(texts[seq]), fold(context), thread_id, seq),
            )
        conn.execute("DELETE FROM log_grants WHERE thread_id = %s", (thread_id,))
        conn.execute("DELETE FROM vectors WHERE thread_id = %s AND seq = ANY(%s)", (thread_id, seqs))
        conn.execute("DELETE FROM passages WHERE thread_id = %s AND seq = ANY(%s)", (thread_id, seqs))

    def scrub(self, *, full: bool = False) -> list[str]:
        """What a forget could not erase from the files, as notes (Postgres keeps the old row versions).

        An UPDATE or DELETE leaves the old row version in the table file (plain ``VACUUM`` only marks its space
        free; the bytes stay until a later row overwrites them). ``full=True`` runs ``VACUUM FULL`` on the tables
        forget rewrites, which copies them into new files and removes the old ones; it takes an exclusive lock on
        each table while it runs (every thread of the store waits), so it is never run implicitly."""
        pending = [
            "postgres-wal: the write-ahead log, replicas and backups keep the erased rows until they are recycled"
        ]
        if not full:
            pending.insert(
                0,
                "postgres-dead-rows: the erased rows' old versions stay in the table files until VACUUM FULL "
                "(store.scrub(full=True), or pg_repack) rewrites them; plain VACUUM does not remove the bytes",
            )
            return pending
        if self._closed:
            raise StoreError("the Postgres store is closed")
        try:
            with self._pool.connection() as conn:
                conn.autocommit = True
                try:
                    for table in ("messages", "passages", "vectors", "summary_versions", "summary_nodes", "events"):
                        conn.execute(f"VACUUM FULL {table}")
                finally:
                    conn.autocommit = False
        except psycopg.Error as exc:
            raise StoreError(f"Postgres store: VACUUM FULL failed: {exc}") from exc
        return pending


def _array(value: Any) -> np.ndarray:
    """A vector as read back (pgvector's ``Vector`` or an array) as float32 numpy."""
    return np.asarray(value.to_numpy() if hasattr(value, "to_numpy") else value, dtype=np.float32)


@contextmanager
def _transaction(conn: psycopg.Connection) -> Iterator[psycopg.Connection]:
    """One transaction on a plain (autocommit) connection: the migrations run before the pool exists."""
    with conn.transaction():
        yield conn


__all__ = ["MIGRATIONS", "PostgresStore"]
