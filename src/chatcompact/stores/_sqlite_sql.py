"""The SQLite store's schema migrations and its longer SQL statements (kept apart from the store's logic).

Each migration is a function of the connection, run by the one runner of :mod:`chatcompact.stores._sql` in its
own transaction (statements go through ``conn.execute`` one by one: ``executescript`` would commit the
surrounding transaction). Version N is ``MIGRATIONS[N - 1]``; never edit a shipped one: append a new function.
"""

from __future__ import annotations

from typing import Any

from ._common import CONTEXT_CHARS, ROW_CHARS
from ._sql import migration_registry

MIGRATIONS, migration, _run = migration_registry()


# The values a message is indexed with in messages_fts (migrations 3-10): its text, its thread's token, and
# the text of the two messages before it in the thread (the "context" column).
THREAD_TOKEN = "'t' || hex({m}.thread_id) || '0'"
_NEIGHBOURS = """
FROM messages m
LEFT JOIN messages p1 ON p1.thread_id = m.thread_id AND p1.seq = m.seq - 1
LEFT JOIN messages p2 ON p2.thread_id = m.thread_id AND p2.seq = m.seq - 2"""
_FTS_ROWS_V3 = f"""
SELECT m.rowid, m.text, {THREAD_TOKEN.format(m="m")}, COALESCE(p2.text || ' ', '') || COALESCE(p1.text, '')
{_NEIGHBOURS}"""
# Since migration 11: at most ROW_CHARS of its own text, and the last CONTEXT_CHARS of each message before it
# (the words just before a message: a question, the end of an output the next step reacts to).
FTS_ROWS_SQL = f"""
SELECT m.rowid, substr(m.text, 1, {ROW_CHARS}), {THREAD_TOKEN.format(m="m")},
       COALESCE(substr(p2.text, -{CONTEXT_CHARS}) || ' ', '') || COALESCE(substr(p1.text, -{CONTEXT_CHARS}), '')
{_NEIGHBOURS}"""


@migration
def m001_threads_messages_versions(conn: Any) -> None:
    _run(
        conn,
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
    )


@migration
def m002_events(conn: Any) -> None:
    # Things that happened to a thread besides messages and summaries (e.g. a failed compaction).
    # body is the event's data as a JSON object; ids grow, so ORDER BY id is the order of logging.
    _run(
        conn,
        """CREATE TABLE events (
            id INTEGER PRIMARY KEY,
            thread_id TEXT NOT NULL REFERENCES threads(id),
            kind TEXT NOT NULL,
            body TEXT NOT NULL,
            created_at REAL NOT NULL
        )""",
        "CREATE INDEX events_thread_kind ON events (thread_id, kind, id)",
    )


@migration
def m003_search_v2_and_vectors(conn: Any) -> None:
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
    _run(
        conn,
        "DROP TRIGGER messages_fts_insert",
        "DROP TRIGGER messages_fts_delete",
        "DROP TABLE messages_fts",
        """CREATE VIRTUAL TABLE messages_fts USING fts5(
            text, fts_thread, context, content='', tokenize='porter unicode61 remove_diacritics 2'
        )""",
        f"""CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
            INSERT INTO messages_fts(rowid, text, fts_thread, context) VALUES (
                new.rowid, new.text, {THREAD_TOKEN.format(m="new")},
                COALESCE((SELECT text FROM messages WHERE thread_id = new.thread_id AND seq = new.seq - 2) || ' ', '')
                || COALESCE((SELECT text FROM messages WHERE thread_id = new.thread_id AND seq = new.seq - 1), '')
            );
        END""",
        f"INSERT INTO messages_fts(rowid, text, fts_thread, context) {_FTS_ROWS_V3}",
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
    )


@migration
def m004_summary_nodes(conn: Any) -> None:
    # Summary-hierarchy nodes (core/hierarchy.py), append-only like the versions: body is the node's JSON;
    # rowid keeps write order. Ids are content-addressed by the writer, so a second put is ignored.
    _run(
        conn,
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
    )


@migration
def m005_jobs(conn: Any) -> None:
    # The background job queue (see the Store protocol): one row per (thread, kind) wanted; ``requested``
    # counts requests, ``lease`` names the claim that holds the job until ``leased_until`` (epoch seconds).
    _run(
        conn,
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
    )


@migration
def m006_thread_budget(conn: Any) -> None:
    # The thread's trigger budget (mem.thread(id, budget=...)); NULL: the opening Memory's Policy.budget.
    _run(conn, "ALTER TABLE threads ADD COLUMN budget INTEGER")


@migration
def m007_log_grants(conn: Any) -> None:
    # The log stays append-only for every writer; forget() and delete_thread() are the one audited way
    # to change it: they hold a grant row for the thread inside their own transaction, and the triggers
    # refuse an UPDATE or DELETE of messages without one.
    _run(
        conn,
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
    )


@migration
def m008_passages(conn: Any) -> None:
    # Long messages as passages (core.passages): character spans of a message's text, each its own FTS row, so
    # a 2,000-token tool output is found by the line that matters. Messages stored before stay whole-message.
    _run(
        conn,
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
    )


@migration
def m009_scrub_state(conn: Any) -> None:
    # Every connection runs with PRAGMA secure_delete since this version, so content deleted later is zeroed
    # where it lay. A file that held messages before may still keep stale copies in free space: ``scrub`` then
    # VACUUMs once and records it here (key 'clean'); a file created at this version is clean from the start.
    _run(conn, "CREATE TABLE store_flags (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    if conn.execute("SELECT count(*) FROM messages").fetchone()[0] == 0:
        conn.execute("INSERT INTO store_flags VALUES ('clean', 'since creation')")


@migration
def m010_vector_erasures(conn: Any) -> None:
    # Counts the forgets that removed vectors of (thread, model): another process's in-memory index of them is
    # stale when its count differs (rows were taken out, not added), and is read again from the file.
    _run(conn, "ALTER TABLE vector_models ADD COLUMN erased INTEGER NOT NULL DEFAULT 0")


@migration
def m011_bounded_fts_rows(conn: Any) -> None:
    # A message's full-text row reads at most ROW_CHARS of its own text (the passages of a longer one index all of
    # it) and CONTEXT_CHARS of each of the two messages before it (FTS_ROWS_SQL). A 2 MB tool output was tokenised
    # four times on the hot path: its row, its passages, and the context of each of the next two messages. The
    # index is contentless, so the rows whose values change (those of or next to a long text: few) leave it with
    # the values they were indexed with and come back with the new ones; every other row is left as it is.
    changed = (
        f"WHERE length(m.text) > {ROW_CHARS} OR length(p1.text) > {CONTEXT_CHARS} OR length(p2.text) > {CONTEXT_CHARS}"
    )
    _run(
        conn,
        f"INSERT INTO messages_fts(messages_fts, rowid, text, fts_thread, context) SELECT 'delete', * FROM "
        f"({_FTS_ROWS_V3} {changed})",
        "DROP TRIGGER messages_fts_insert",
        f"""CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
            INSERT INTO messages_fts(rowid, text, fts_thread, context) VALUES (
                new.rowid, substr(new.text, 1, {ROW_CHARS}), {THREAD_TOKEN.format(m="new")},
                COALESCE((SELECT substr(text, -{CONTEXT_CHARS}) FROM messages
                          WHERE thread_id = new.thread_id AND seq = new.seq - 2) || ' ', '')
                || COALESCE((SELECT substr(text, -{CONTEXT_CHARS}) FROM messages
                             WHERE thread_id = new.thread_id AND seq = new.seq - 1), '')
            );
        END""",
        f"INSERT INTO messages_fts(rowid, text, fts_thread, context) {FTS_ROWS_SQL} {changed}",
    )


@migration
def m012_passage_backlog(conn: Any) -> None:
    # The messages whose passages are still to be written in the background (stores._sqlite_passages: a tool
    # output over DEFER_CHARS is not indexed inside its append). Oldest first by rowid.
    _run(
        conn,
        """CREATE TABLE passage_backlog (
            thread_id TEXT NOT NULL,
            seq INTEGER NOT NULL,
            PRIMARY KEY (thread_id, seq)
        )""",
    )


@migration
def m013_vector_parts(conn: Any) -> None:
    # Long messages embedded passage by passage (runtime.archive): a vector per (thread, model, message, part),
    # part 0 the whole message (every vector stored before), 1 + i the message's passage i. SQLite cannot change
    # a primary key in place: the table is rebuilt once (its vectors copied as part 0).
    _run(
        conn,
        """CREATE TABLE vectors_parts (
            thread_id TEXT NOT NULL REFERENCES threads(id),
            model TEXT NOT NULL,
            seq INTEGER NOT NULL,
            part INTEGER NOT NULL DEFAULT 0,
            dim INTEGER NOT NULL,
            gen INTEGER NOT NULL,
            vec BLOB NOT NULL,
            PRIMARY KEY (thread_id, model, seq, part)
        )""",
        "INSERT INTO vectors_parts (thread_id, model, seq, part, dim, gen, vec) "
        "SELECT thread_id, model, seq, 0, dim, gen, vec FROM vectors",
        "DROP TABLE vectors",
        "ALTER TABLE vectors_parts RENAME TO vectors",
        "CREATE INDEX vectors_gen ON vectors (thread_id, model, gen)",
    )


@migration
def m014_message_meta_index(conn: Any) -> None:
    # A row's columns are stored in order and ``tokens`` / ``created_at`` come after ``body`` and ``text``: reading
    # them for a 2 MB tool output walked its overflow pages (``stats()`` took ~45 ms in a 40-step agent loop). This
    # index covers the reads that need only a message's metadata (token counts, speakers, vector rows' dates).
    _run(conn, "CREATE INDEX messages_meta ON messages (thread_id, seq, role, tokens, created_at)")


@migration
def m015_compressed_bodies(conn: Any) -> None:
    # No change to the tables: from this version on, a message body of PACK_BYTES or more is a zstd-compressed
    # BLOB in ``messages.body`` (stores._common.encode_body). The version is recorded so that an older chatcompact
    # refuses the file with "upgrade chatcompact" instead of quarantining every compressed message it reads.
    del conn


# One statement gives a consistent snapshot of a thread's head (no transaction needed for reads).
INFO_SQL = """
SELECT t.id, t.system, t.created_at,
       (SELECT COALESCE(MAX(seq), 0) FROM messages WHERE thread_id = t.id),
       (SELECT COALESCE(MAX(version), 0) FROM summary_versions WHERE thread_id = t.id),
       t.budget
FROM threads t"""

# Job leases run on SQLite's clock (epoch seconds, millisecond resolution), like Postgres' leases on its own.
NOW = "((julianday('now') - 2440587.5) * 86400.0)"

# The thread's identity (to notice a deleted and re-created thread) and the model's dimension and generation.
VECTOR_HEAD_SQL = """
SELECT t.created_at, vm.dim, vm.gen, vm.erased FROM threads t
LEFT JOIN vector_models vm ON vm.thread_id = t.id AND vm.model = ?
WHERE t.id = ?
"""

VECTOR_ROWS_SQL = """
SELECT v.seq, v.vec, m.role, m.created_at, v.part FROM vectors v
JOIN messages m INDEXED BY messages_meta ON m.thread_id = v.thread_id AND m.seq = v.seq
WHERE v.thread_id = ? AND v.model = ? AND v.gen > ?
ORDER BY v.gen, v.seq, v.part
"""

__all__ = ["FTS_ROWS_SQL", "INFO_SQL", "MIGRATIONS", "NOW", "THREAD_TOKEN", "VECTOR_HEAD_SQL", "VECTOR_ROWS_SQL"]
