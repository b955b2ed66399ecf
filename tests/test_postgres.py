"""Postgres only: the store's own behaviour on a real server, and Memory end to end on it.

The store contract suite (tests/test_stores.py) already runs unchanged on Postgres; these tests cover
what only a server shows (several clients, the schema, the indexes) and the library on top of it.
"""

from __future__ import annotations

import itertools
import threading

import numpy as np
import pytest

from chatcompact import Memory, Policy
from chatcompact.errors import StoreError
from chatcompact.protocols import Store
from chatcompact.stores import open_store
from chatcompact.stores.postgres import MIGRATIONS
from chatcompact.testing import HashEmbedder
from chatcompact.types import parse_message

pytestmark = pytest.mark.timeout(60)
psycopg = pytest.importorskip("psycopg")


def user(text: str):
    return parse_message({"role": "user", "content": text})


@pytest.fixture
def pg(pg_url: str):
    s = open_store(pg_url)
    yield s
    s.close()


def test_url_opens_a_postgres_store_with_a_pool(pg: Store) -> None:
    assert type(pg).__name__ == "PostgresStore"
    assert pg.supports_jobs and pg.supports_vectors and pg.supports_text_search
    assert "postgres" not in repr(pg).lower().replace("postgresstore", "")  # no URL (or password) in the repr


def test_migrations_apply_once_and_newer_schema_is_refused(pg_url: str) -> None:
    open_store(pg_url).close()
    open_store(pg_url).close()
    with psycopg.connect(pg_url, autocommit=True) as conn:
        assert conn.execute("SELECT count(*) FROM schema_migrations").fetchone()[0] == len(MIGRATIONS)
        conn.execute("INSERT INTO schema_migrations VALUES (99, 0)")
    with pytest.raises(StoreError, match="schema version 99"):
        open_store(pg_url)


def test_log_is_append_only_in_the_database(pg: Store, pg_url: str) -> None:
    pg.ensure_thread("t", None)
    pg.append("t", [user("keep me")], [1])
    with psycopg.connect(pg_url) as conn, pytest.raises(psycopg.errors.RaiseException, match="append-only"):
        conn.execute("UPDATE messages SET body = 'x'")


def test_two_store_objects_append_concurrently(pg_url: str) -> None:
    stores = [open_store(pg_url) for _ in range(3)]
    stores[0].ensure_thread("t", None)

    def write(n: int) -> None:
        for i in range(30):
            stores[n].append("t", [user(f"s{n} {i}"), user(f"s{n} {i} bis")], [1, 1])

    workers = [threading.Thread(target=write, args=(n,)) for n in range(3)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    log = stores[1].messages("t")
    assert [m.seq for m in log] == list(range(1, 181))
    for n in range(3):  # each writer's batches stay whole and in order
        mine = [m.text for m in log if m.text.startswith(f"s{n} ")]
        assert mine == [t for i in range(30) for t in (f"s{n} {i}", f"s{n} {i} bis")]
    for s in stores:
        s.close()


def test_full_text_stems_folds_and_uses_the_previous_messages(pg: Store) -> None:
    pg.ensure_thread("t", None)
    pg.append("t", [user("I was painting the fence"), user("Do you ski?"), user("Yes, since 2019.")], [1] * 3)
    painted = pg.search_text("t", "PAINTS")  # stemmed and case-folded; seqs 2 and 3 match through their context
    assert [h.message.seq for h in painted] == [1, 2, 3] and painted[0].score > painted[1].score
    hits = pg.search_text("t", "ski")
    assert [h.message.seq for h in hits][:2] == [2, 3]  # the answer is found by its question's words
    assert hits[0].score > hits[1].score


def test_vector_search_uses_the_hnsw_index(pg: Store, pg_url: str) -> None:
    pg.ensure_thread("t", None)
    rng = np.random.default_rng(1)
    n = 2000
    pg.append("t", [user(f"m{i}") for i in range(n)], [1] * n)
    vecs = rng.standard_normal((n, 32)).astype(np.float32)
    pg.put_vectors("t", "m", range(1, n + 1), vecs)
    hits = pg.search_vectors("t", "m", vecs[41], k=5)
    assert hits[0].message.seq == 42 and hits[0].score == pytest.approx(1.0, abs=1e-5)
    with psycopg.connect(pg_url) as conn:
        conn.execute("ANALYZE vectors")
        conn.execute("SET enable_sort = off")  # the index must be able to serve the ordered scan
        plan = "\n".join(
            r[0]
            for r in conn.execute(
                "EXPLAIN SELECT seq FROM vectors WHERE thread_id = 't' AND model = 'm' AND dim = 32 "
                "ORDER BY (embedding::vector(32)) <=> (SELECT embedding::vector(32) FROM vectors LIMIT 1) LIMIT 5"
            )
        )
    assert "vectors_hnsw_32" in plan


def test_memory_on_postgres_end_to_end(pg_url: str) -> None:
    with Memory.open(pg_url, embedder=HashEmbedder(64), policy=Policy(budget=600)) as mem:
        t = mem.thread("customer-42", system="You are a support assistant.")
        t.add({"role": "user", "content": "I'm Dupont, order 88231 arrived broken, the vase is cracked."})
        t.add({"role": "assistant", "content": "Sorry to hear that, I'll arrange a replacement."})
        for i in range(80):
            t.add({"role": "user" if i % 2 == 0 else "assistant", "content": f"Small talk {i} about the weather."})
        assert mem.wait_idle(30)
        versions = t.compactions()
        assert versions and [v.version for v in versions] == list(range(1, len(versions) + 1))
        for prev, nxt in itertools.pairwise(versions):
            assert nxt.parent == prev.version and nxt.covered_from == prev.covered_until + 1
        ctx = t.context(budget=600)
        assert mem.tokenizer.count_messages([parse_message(m) for m in ctx]) <= 600
        assert "88231" in " ".join(m["content"] for m in ctx if isinstance(m["content"], str))
        for mode in ("text", "vector", "hybrid"):
            assert t.recall("vase cracked", k=2, mode=mode)[0].seq == 1, mode
        assert len(t.history()) == 82
    with Memory.open(pg_url) as again:  # another process would see the same
        assert again.thread("customer-42").stats()["summary_version"] == len(versions)


def test_vectors_from_before_parts_become_whole_message_parts(pg_url: str) -> None:
    """A database from before vector parts (migration 5) keeps its vectors as part 0 of each message, searchable
    through the same HNSW index, and a long message can then be given its passages."""
    from chatcompact.stores.postgres import PostgresStore

    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(PostgresStore.MIGRATIONS_TABLE)
        for n, step in enumerate(MIGRATIONS[:5], start=1):
            step(conn)
            conn.execute("INSERT INTO schema_migrations VALUES (%s, 1.0)", (n,))
        conn.execute("INSERT INTO threads (id, system, created_at, last_seq) VALUES ('t', NULL, 1.0, 3)")
        for seq in (1, 2, 3):
            conn.execute(
                "INSERT INTO messages (thread_id, seq, role, body, text, tokens, created_at, tsv) "
                "VALUES ('t', %s, 'user', %s, %s, 1, 2.0, to_tsvector('english', %s))",
                (seq, f'{{"role": "user", "content": "old {seq}"}}', f"old {seq}", f"old {seq}"),
            )
        for seq in (1, 2):
            vec = "[" + ",".join("1" if i == seq - 1 else "0" for i in range(8)) + "]"
            conn.execute("INSERT INTO vectors VALUES ('t', 'm', %s, 8, %s::vector)", (seq, vec))
        conn.execute("INSERT INTO vector_models VALUES ('t', 'm', 8, 2)")
    with open_store(pg_url) as s:
        assert s.get_vector_parts("t", "m")[:2] == ([1, 2], [0, 0])  # type: ignore[attr-defined]
        assert [h.message.seq for h in s.search_vectors("t", "m", np.eye(1, 8, 1)[0], k=1)] == [2]  # type: ignore[attr-defined]
        assert [m.seq for m in s.missing_vectors("t", "m")] == [3]  # type: ignore[attr-defined]
        s.put_vectors("t", "m", [3, 3], np.eye(2, 8, 5, dtype=np.float32), [1, 2])  # type: ignore[attr-defined]
        assert s.missing_vectors("t", "m") == []  # type: ignore[attr-defined]
        assert s.search_vectors("t", "m", np.eye(1, 8, 6)[0], k=3)[0].message.seq == 3  # type: ignore[attr-defined]
