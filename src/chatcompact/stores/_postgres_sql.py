"""The Postgres store's schema migrations and its longer SQL statements (kept apart from the store's logic).

Each migration is a function of the connection, run by the one runner of :mod:`chatcompact.stores._sql` in its
own transaction under an advisory lock. Version N is ``MIGRATIONS[N - 1]``; never edit a shipped one: append.
"""

from __future__ import annotations

from typing import Any

from ._sql import migration_registry

MIGRATIONS, migration, _run = migration_registry()


@migration
def m001_threads_messages_versions_events_vectors_jobs(conn: Any) -> None:
    _run(
        conn,
        "CREATE EXTENSION IF NOT EXISTS vector",
        """CREATE TABLE threads (
            id text PRIMARY KEY,
            system text,
            created_at double precision NOT NULL,
            last_seq bigint NOT NULL DEFAULT 0,
            last_version integer NOT NULL DEFAULT 0
        )""",
        """CREATE TABLE messages (
            thread_id text NOT NULL REFERENCES threads(id) ON DELETE CASCADE,
            seq bigint NOT NULL,
            role text NOT NULL,
            body text NOT NULL,
            text text NOT NULL,
            tokens integer NOT NULL,
            created_at double precision NOT NULL,
            tsv tsvector NOT NULL,
            PRIMARY KEY (thread_id, seq)
        )""",
        "CREATE INDEX messages_tsv ON messages USING gin (tsv)",
        # The log is append-only; enforced in the database so no other client can rewrite history either.
        """CREATE FUNCTION chatcompact_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN RAISE EXCEPTION 'the message log is append-only'; END $$""",
        """CREATE TRIGGER messages_append_only BEFORE UPDATE ON messages
            FOR EACH ROW EXECUTE FUNCTION chatcompact_append_only()""",
        """CREATE TABLE summary_versions (
            thread_id text NOT NULL REFERENCES threads(id) ON DELETE CASCADE,
            version integer NOT NULL,
            parent integer,
            covered_from bigint NOT NULL,
            covered_until bigint NOT NULL,
            body text NOT NULL,
            created_at double precision NOT NULL,
            PRIMARY KEY (thread_id, version)
        )""",
        """CREATE TABLE events (
            id bigserial PRIMARY KEY,
            thread_id text NOT NULL REFERENCES threads(id) ON DELETE CASCADE,
            kind text NOT NULL,
            body text NOT NULL,
            created_at double precision NOT NULL
        )""",
        "CREATE INDEX events_thread_kind ON events (thread_id, kind, id)",
        # Unconstrained ``vector``: a model's dimension is fixed per thread by vector_models; the HNSW
        # indexes are partial, one per dimension seen (created by put_vectors).
        """CREATE TABLE vectors (
            thread_id text NOT NULL,
            model text NOT NULL,
            seq bigint NOT NULL,
            dim integer NOT NULL,
            embedding vector NOT NULL,
            PRIMARY KEY (thread_id, model, seq),
            FOREIGN KEY (thread_id, seq) REFERENCES messages (thread_id, seq) ON DELETE CASCADE
        )""",
        """CREATE TABLE vector_models (
            thread_id text NOT NULL REFERENCES threads(id) ON DELETE CASCADE,
            model text NOT NULL,
            dim integer NOT NULL,
            upto bigint NOT NULL,
            PRIMARY KEY (thread_id, model)
        )""",
        # One row per (thread, kind) wanted: ``requested`` counts requests, so a request that arrives while
        # a worker runs the job keeps the row for another run. ``lease`` names the claim holding it until
        # ``leased_until`` (server epoch seconds); an expired lease is free for any worker to take.
        """CREATE TABLE jobs (
            thread_id text NOT NULL REFERENCES threads(id) ON DELETE CASCADE,
            kind text NOT NULL,
            requested bigint NOT NULL DEFAULT 1,
            enqueued_at double precision NOT NULL,
            not_before double precision NOT NULL,
            lease text,
            leased_until double precision,
            attempts integer NOT NULL DEFAULT 0,
            PRIMARY KEY (thread_id, kind)
        )""",
        "CREATE INDEX jobs_ready ON jobs (not_before)",
    )


@migration
def m002_summary_nodes(conn: Any) -> None:
    # Summary-hierarchy nodes (core/hierarchy.py), append-only like the versions: body is the node's JSON;
    # ``n`` keeps write order. Ids are content-addressed by the writer, so ON CONFLICT DO NOTHING makes puts
    # idempotent.
    _run(
        conn,
        """CREATE TABLE summary_nodes (
            n bigserial,
            thread_id text NOT NULL REFERENCES threads(id) ON DELETE CASCADE,
            id text NOT NULL,
            level integer NOT NULL,
            seq_from bigint NOT NULL,
            seq_until bigint NOT NULL,
            body text NOT NULL,
            created_at double precision NOT NULL,
            PRIMARY KEY (thread_id, id)
        )""",
        "CREATE INDEX summary_nodes_level ON summary_nodes (thread_id, level, seq_from)",
    )


@migration
def m003_thread_budget(conn: Any) -> None:
    # The thread's trigger budget (mem.thread(id, budget=...)); NULL: the opening Memory's Policy.budget.
    _run(
        conn,
        "ALTER TABLE threads ADD COLUMN budget integer",
    )


@migration
def m004_log_grants(conn: Any) -> None:
    # The log stays append-only for every client; forget() is the one audited way to change it: it holds
    # a grant row for the thread inside its own transaction, and the trigger refuses an UPDATE without one.
    _run(
        conn,
        "CREATE TABLE log_grants (thread_id text PRIMARY KEY)",
        """CREATE OR REPLACE FUNCTION chatcompact_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF EXISTS (SELECT 1 FROM log_grants WHERE thread_id = OLD.thread_id) THEN RETURN NEW; END IF;
                RAISE EXCEPTION 'the message log is append-only (Thread.forget is the audited way to erase)';
            END $$""",
    )


@migration
def m005_passages(conn: Any) -> None:
    # Long messages as passages (core.passages): character spans of a message's text, each with its own
    # tsvector, so a 2,000-token tool output is found by the line that matters. Older messages stay whole.
    _run(
        conn,
        """CREATE TABLE passages (
            thread_id text NOT NULL,
            seq bigint NOT NULL,
            chunk integer NOT NULL,
            start_at integer NOT NULL,
            end_at integer NOT NULL,
            tsv tsvector NOT NULL,
            PRIMARY KEY (thread_id, seq, chunk),
            FOREIGN KEY (thread_id, seq) REFERENCES messages(thread_id, seq) ON DELETE CASCADE
        )""",
        "CREATE INDEX passages_tsv ON passages USING gin (tsv)",
    )


@migration
def m006_vector_parts(conn: Any) -> None:
    # Long messages embedded passage by passage (runtime.archive): a vector per (thread, model, message, part),
    # part 0 the whole message (every vector stored before), 1 + i the message's passage i. Adding a column with a
    # constant default rewrites nothing; the primary key is rebuilt once. The HNSW indexes (on the embedding,
    # partial by dimension) stay as they are.
    _run(
        conn,
        "ALTER TABLE vectors ADD COLUMN part integer NOT NULL DEFAULT 0",
        "ALTER TABLE vectors DROP CONSTRAINT vectors_pkey",
        "ALTER TABLE vectors ADD PRIMARY KEY (thread_id, model, seq, part)",
    )


NOW = "extract(epoch from clock_timestamp())"

CLAIM_SQL = f"""
WITH c AS (
    SELECT thread_id, kind FROM jobs
    WHERE kind = ANY(%(kinds)s) AND not_before <= {NOW} AND (leased_until IS NULL OR leased_until < {NOW})
    ORDER BY not_before, enqueued_at
    LIMIT 1
    FOR UPDATE SKIP LOCKED
)
UPDATE jobs j SET lease = %(lease)s, leased_until = {NOW} + %(lease_s)s, attempts = j.attempts + 1
FROM c WHERE j.thread_id = c.thread_id AND j.kind = c.kind
RETURNING j.thread_id, j.kind, j.requested
"""

INFO_SQL = "SELECT t.id, t.system, t.created_at, t.last_seq, t.last_version, t.budget FROM threads t"

__all__ = ["CLAIM_SQL", "INFO_SQL", "MIGRATIONS", "NOW"]
