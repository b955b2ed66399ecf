"""``chatcompact migrate``: SQLite -> Postgres -> SQLite copies everything, verbatim."""

from __future__ import annotations

import numpy as np
import pytest
from click.testing import CliRunner

from chatcompact import Memory, Policy
from chatcompact.cli import main
from chatcompact.errors import ConfigError
from chatcompact.protocols import Store
from chatcompact.runtime.migrate import copy_store
from chatcompact.stores import InMemoryStore, open_store
from chatcompact.testing import HashEmbedder
from chatcompact.types import parse_message

pytestmark = pytest.mark.timeout(120)


def snapshot(store: Store) -> dict:
    """Everything a store holds, in comparable form (event ids are each store's own)."""
    out = {}
    for info in store.list_threads():
        t = info.id
        vectors = {}
        for model in store.vector_models(t):
            seqs, parts, matrix = store.get_vector_parts(t, model)  # type: ignore[attr-defined]
            vectors[model] = (seqs, parts, np.round(matrix, 5).tolist())
        out[t] = {
            "info": info,
            "messages": store.messages(t),
            "tokens": store.message_tokens(t),
            "versions": store.versions(t),
            "nodes": store.nodes(t),
            "events": [(e.kind, e.data, e.created_at) for e in store.events(t, limit=10**6)],
            "vectors": vectors,
        }
    return out


def fill_sqlite(path: str) -> None:
    policy = Policy(budget=400, hierarchy=True, rollup_messages=(8, 24))
    with Memory.open(path, embedder=HashEmbedder(32), policy=policy, background=False) as mem:
        for n in range(3):
            t = mem.thread(f"thread-{n}", system=f"system {n}" if n else None)
            for i in range(40):
                t.add({"role": "user" if i % 2 == 0 else "assistant", "content": f"turn {i} of {n}: naïve café 😀"})
            t.add_many([{"role": "user", "content": "two at"}, {"role": "assistant", "content": "once"}])
            t.add({"role": "assistant", "content": f"A long answer {n}. " + "The cache is warm again. " * 120})
            t.recall("café", k=1)  # embeds what is pending
            mem.store.log_event(t.id, "note", {"n": n, "nested": {"ok": True}})
        assert any(mem.store.versions(f"thread-{n}") for n in range(3))
        assert any(n.level > 0 for n in mem.store.nodes("thread-0"))  # roll-ups too, not only level-0 nodes


def test_sqlite_to_postgres_and_back_round_trip(tmp_path, pg_url: str) -> None:
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    fill_sqlite(str(a))
    runner = CliRunner()
    first = runner.invoke(main, ["migrate", f"sqlite:///{a}", pg_url])
    assert first.exit_code == 0, first.output
    assert "migrated 3 threads" in first.output
    back = runner.invoke(main, ["migrate", pg_url, f"sqlite:///{b}"])
    assert back.exit_code == 0, back.output
    with open_store(str(a)) as src, open_store(pg_url) as pg, open_store(str(b)) as dst:  # type: ignore[attr-defined]
        original = snapshot(src)
        assert original and all(t["vectors"] and t["events"] for t in original.values())
        assert all(max(parts) > 0 for t in original.values() for _, parts, _ in t["vectors"].values())  # passages
        assert snapshot(pg) == original
        assert snapshot(dst) == original
    # The copy is a working store: a Memory continues the thread where it stopped.
    with Memory.open(pg_url) as mem:
        t = mem.thread("thread-1")
        assert t.add({"role": "user", "content": "after the move"}).seq == 44


def test_refuses_a_non_empty_destination(tmp_path) -> None:
    src, dst = InMemoryStore(), InMemoryStore()
    src.ensure_thread("a", None)
    dst.ensure_thread("already-here", None)
    with pytest.raises(ConfigError, match=r"already holds 1 thread.*'already-here'.*empty store only"):
        copy_store(src, dst)
    assert [t.id for t in dst.list_threads()] == ["already-here"]
    result = CliRunner().invoke(main, ["migrate", "memory://", "redis://x"])
    assert result.exit_code == 2 and "unknown store scheme 'redis'" in result.output


def test_an_interrupted_migration_is_marked_refused_and_resumed(tmp_path):
    from chatcompact.errors import StoreError
    from chatcompact.runtime.migrate import MARKER

    src_path, dst_path = str(tmp_path / "src.db"), str(tmp_path / "dst.db")
    fill_sqlite(src_path)

    class Killed(Exception):
        pass

    def die_after_first(thread_id: str) -> None:
        raise Killed(thread_id)

    with open_store(src_path) as src, open_store(dst_path) as dst:
        with pytest.raises(Killed):
            copy_store(src, dst, on_thread=die_after_first)
        assert MARKER in [t.id for t in dst.list_threads()]
        # half a thread, as a crash mid-copy would leave it
        dst.ensure_thread("thread-1", None)
    with pytest.raises(StoreError, match="interrupted 'chatcompact migrate'"):
        Memory.open(dst_path)
    with open_store(src_path) as src, open_store(dst_path) as dst:
        copy_store(src, dst)  # resumes: thread-0 kept, thread-1 copied again whole, thread-2 copied
        assert snapshot(dst) == snapshot(src)
    with Memory.open(dst_path) as mem:
        assert sorted(t.id for t in mem.threads()) == ["thread-0", "thread-1", "thread-2"]


def test_a_long_message_keeps_all_its_vector_parts_across_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    """A put is a message's whole set of vectors: the copy's batches end at a message's last part."""
    from chatcompact.runtime import migrate

    monkeypatch.setattr(migrate, "_BATCH", 4)
    src, dst = InMemoryStore(), InMemoryStore()
    src.ensure_thread("a", None)
    src.append("a", [parse_message({"role": "user", "content": f"m{i}"}) for i in range(4)], [1] * 4)
    seqs, parts = [1, 2, 2, 2, 2, 2, 3, 4], [0, 0, 1, 2, 3, 4, 0, 0]
    src.put_vectors("a", "m", seqs, np.eye(8, dtype=np.float32), parts)
    copy_store(src, dst)
    assert dst.get_vector_parts("a", "m")[:2] == (seqs, parts)
    np.testing.assert_allclose(dst.get_vector_parts("a", "m")[2], np.eye(8), atol=1e-6)
