"""Forget at scale and under concurrency (issues 18 §2, 20 §1 and §12): a compaction planned before a forget in
another process cannot commit the forgotten text; forget reads only the span it touches; it says which bytes
it could not erase yet."""

from __future__ import annotations

import json
import multiprocessing as mp
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chatcompact import Memory, Policy
from chatcompact.errors import VersionConflict
from chatcompact.stores.memory import InMemoryStore
from chatcompact.stores.sqlite import SQLiteStore
from chatcompact.testing import CountingTokenizer, ScriptedSummarizer
from chatcompact.types import Message

pytestmark = pytest.mark.timeout(180)

SECRET = "Quokka-Zanzibar-4242"


def _turn(i: int) -> dict[str, str]:
    if i == 5:
        return {"role": "user", "content": f"My locker code is {SECRET}, please remember it for the trip."}
    role = "user" if i % 2 else "assistant"
    return {"role": role, "content": f"Turn {i}: we talked about the hiking trip to the lake and the weather there."}


def _fill(url: str, n: int = 30) -> None:
    with Memory.open(url, summarizer="extractive", policy=Policy(budget=4000), background=False) as mem:
        t = mem.thread("r", system="You are a travel assistant.")
        t.add_many([_turn(i) for i in range(1, n + 1)])


def _compactor(url: str, in_hook: Any, go: Any, out: Any) -> None:
    """Process B: a manual compaction whose "before" hook waits until process A has forgotten turn 5."""

    def hook(event: Any) -> None:
        if event.stage == "before" and not in_hook.is_set():
            in_hook.set()
            go.wait(60)

    try:
        with Memory.open(url, summarizer="extractive", background=False, on_compaction=hook) as mem:
            try:
                v = mem.thread("r").compact(keep_tokens=40)
                out.put(("committed", v.version if v else None))
            except VersionConflict as exc:
                out.put(("conflict", str(exc)))
    except BaseException as exc:  # reported to the test, which fails on it
        out.put(("crashed", repr(exc)))


def _race(url: str) -> tuple[Memory, Any, tuple[str, Any]]:
    _fill(url)
    ctx = mp.get_context("spawn")
    in_hook, go, out = ctx.Event(), ctx.Event(), ctx.Queue()
    proc = ctx.Process(target=_compactor, args=(url, in_hook, go, out))
    proc.start()
    try:
        assert in_hook.wait(90), "process B never reached its compaction hook"
        mem = Memory.open(url, summarizer="extractive", background=False)
        report = mem.thread("r").forget([5])  # process A, while B's compaction (planned with turn 5) waits
        assert report.message_ids == (5,) and report.head_version >= 1
    finally:
        go.set()
        proc.join(90)
    assert proc.exitcode == 0
    return mem, report, out.get(timeout=10)


def _assert_forgotten(mem: Memory) -> None:
    t = mem.thread("r")
    versions = t.compactions()
    assert versions, "the forget committed a head version at least"
    assert SECRET not in versions[-1].state.model_dump_json()
    assert all(SECRET not in v.model_dump_json() for v in versions)
    assert SECRET not in json.dumps(t.context()[0]) and SECRET not in json.dumps(t.context())
    assert SECRET not in json.dumps(t.context(query="what is my locker code?"))
    assert t.history(4, 5)[0].text == "[forgotten]"


def test_forget_racing_a_compaction_in_another_process_sqlite(tmp_path: Path) -> None:
    mem, _, (outcome, _) = _race(str(tmp_path / "race.db"))
    with mem:
        assert outcome in ("conflict", "committed")  # B planned again from the tombstone, or gave up: never stale
        _assert_forgotten(mem)
        if outcome == "committed":  # B's second plan summarised the tombstone, not the text
            assert mem.thread("r").compactions()[-1].trigger != "forget"


def test_forget_racing_a_compaction_in_another_process_postgres(pg_url: str) -> None:
    mem, report, (outcome, _) = _race(pg_url)
    with mem:
        assert outcome in ("conflict", "committed")
        _assert_forgotten(mem)
        assert any(note.startswith("postgres-dead-rows") for note in report.pending)


def test_a_compaction_planned_before_a_forget_fails_its_parent_check(tmp_path: Path) -> None:
    """The mechanism, in one process with two Memories (two store objects, as two processes have)."""
    url = str(tmp_path / "m.db")
    _fill(url)
    with Memory.open(url, summarizer="extractive", background=False) as a, Memory.open(url, background=False) as b:
        version = b.store.latest_version("r")
        a.thread("r").forget([5])
        from chatcompact.types import SummaryState, SummaryVersion

        stale = SummaryVersion(
            version=1 if version is None else version.version + 1,
            parent=None if version is None else version.version,
            state=SummaryState(),
            covered_from=1,
            covered_until=10,
        )
        with pytest.raises(VersionConflict):
            b.store.commit_version("r", stale)
        head = b.store.latest_version("r")
        assert head is not None and head.trigger == "forget" and head.covered_until == 0


# ---------------------------------------------------------------- bounded by the span


class _CountingStore(InMemoryStore):
    """Records the (after, until) window of every messages() read."""

    def __init__(self) -> None:
        super().__init__()
        self.windows: list[tuple[int, int | None]] = []

    def messages(self, thread_id: str, after: int = 0, until: int | None = None):  # type: ignore[no-untyped-def]
        self.windows.append((after, until))
        return super().messages(thread_id, after, until)


def test_forget_by_id_reads_only_the_span_it_touches() -> None:
    store = _CountingStore()
    policy = Policy(budget=1000)
    with Memory(
        store=store, summarizer=ScriptedSummarizer(), tokenizer=CountingTokenizer(), policy=policy, background=False
    ) as mem:
        t = mem.thread("big")
        for start in range(1, 2001, 50):  # compacting inline as it grows: ~40 versions
            t.add_many([_turn(i) for i in range(start, start + 50)])
        assert len(t.compactions()) > 20
        store.windows.clear()
        report = t.forget([5, 6, 7, 1500])
        assert report.message_ids == (5, 6, 7, 1500)
        forget_reads = store.windows[: len(store.windows)]
        # the forget itself: two runs, [5-7] and [1500]; the view reload afterwards reads the short tail only
        assert (4, 7) in forget_reads and (1499, 1500) in forget_reads
        assert all(until is not None and until - after <= 3 for after, until in forget_reads if after < 1990), (
            forget_reads
        )
        with pytest.raises(Exception, match="no messages"):
            t.forget([5000])


# ---------------------------------------------------------------- forget's bytes


def _sqlite_memory(path: Path) -> Memory:
    return Memory.open(
        str(path),
        summarizer=ScriptedSummarizer(),
        tokenizer=CountingTokenizer(),
        background=False,
        policy=Policy(budget=1000),
    )


def test_forget_reports_a_wal_another_reader_holds(tmp_path: Path) -> None:
    path = tmp_path / "w.db"
    with _sqlite_memory(path) as mem:
        t = mem.thread("w")
        t.add_many([_turn(i) for i in range(1, 40)])
        reader = sqlite3.connect(str(path), isolation_level=None)
        reader.execute("BEGIN")
        reader.execute("SELECT count(*) FROM messages").fetchone()  # holds a snapshot from before the forget
        report = t.forget([5])
        assert any(note.startswith("sqlite-wal") for note in report.pending), report.pending
        assert t.history(4, 5)[0].text == "[forgotten]"  # gone from every read path already
        reader.execute("COMMIT")
        reader.close()
        assert isinstance(mem.store, SQLiteStore)
        assert mem.store.scrub() == []  # the reader is gone: the WAL is emptied now
        for p in (p for p in tmp_path.iterdir() if p.name.startswith("w.db")):
            assert SECRET.encode() not in p.read_bytes(), p.name


def test_secure_delete_leaves_no_stale_copy_in_a_large_file(tmp_path: Path) -> None:
    """Thousands of messages (page splits, FTS merges) after the secret: forget erases every copy without the
    file-wide VACUUM (the file was created with secure delete on, so no stale copy was ever left in free space)."""
    path = tmp_path / "big.db"
    with _sqlite_memory(path) as mem:
        t = mem.thread("big")
        for start in range(1, 3001, 100):
            t.add_many([_turn(i) for i in range(start, start + 100)])
        assert isinstance(mem.store, SQLiteStore)
        with mem.store._read() as conn:
            assert conn.execute("SELECT value FROM store_flags WHERE key = 'clean'").fetchone() == ("since creation",)
        report = t.forget([5])
        assert report.pending == ()
        for p in (p for p in tmp_path.iterdir() if p.name.startswith("big.db")):
            data = p.read_bytes()
            assert SECRET.encode() not in data and b"Zanzibar" not in data and b"zanzibar" not in data, p.name


def test_a_file_from_before_secure_delete_is_vacuumed_once(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with _sqlite_memory(path) as mem:
        mem.thread("o").add_many([_turn(i) for i in range(1, 20)])
    with sqlite3.connect(str(path)) as raw:  # as a file upgraded from version 8 looks
        raw.execute("DELETE FROM store_flags")
    raw.close()
    with _sqlite_memory(path) as mem:
        t = mem.thread("o")
        assert t.forget([5]).pending == ()
        assert isinstance(mem.store, SQLiteStore)
        with mem.store._read() as conn:
            assert conn.execute("SELECT value FROM store_flags WHERE key = 'clean'").fetchone() == ("vacuumed",)
        assert t.forget([7], scrub=False).pending[0].startswith("not-scrubbed")
        assert mem.store.scrub() == []
    data = b"".join(p.read_bytes() for p in tmp_path.iterdir() if p.name.startswith("old.db"))
    assert SECRET.encode() not in data


# ---------------------------------------------------------------- the view after a revert or forget


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(["add", "compact", "revert", "forget"]), st.integers(0, 10**6)), max_size=12))
def test_the_view_after_revert_and_forget_equals_a_fresh_load(tmp_path_factory: Any, ops: list[Any]) -> None:
    """Revert and forget advance the thread's cache by the span they touch; what it then shows must be exactly
    what a thread opened afresh on the same store shows."""
    path = tmp_path_factory.mktemp("view") / "v.db"
    tokenizer = CountingTokenizer()
    with Memory.open(
        str(path), summarizer=ScriptedSummarizer(), tokenizer=tokenizer, background=False, policy=Policy(budget=600)
    ) as mem:
        t = mem.thread("v", system="sys")
        t.add_many([_turn(i) for i in range(1, 25)])
        for op, pick in ops:
            if op == "add":
                n = t.stats()["messages"]
                t.add_many([_turn(n + i) for i in range(1, 1 + pick % 7)])
            elif op == "compact":
                t.compact(keep_tokens=40 + pick % 120)
            elif op == "revert":
                versions = t.compactions()
                t.revert(pick % (len(versions) + 1))
            else:
                held = [m.seq for m in t.history() if m.text != "[forgotten]"]
                if held:
                    t.forget([held[pick % len(held)]])
            with Memory.open(str(path), summarizer=ScriptedSummarizer(), tokenizer=tokenizer, background=False) as m2:
                fresh = m2.thread("v")
                assert t.stats() == fresh.stats()
                assert t.context(budget=500) == fresh.context(budget=500)
                assert t.summary() == fresh.summary()


# ---------------------------------------------------------------- capability protocols


def test_every_built_in_store_has_every_capability(tmp_path: Path) -> None:
    from chatcompact.protocols import ForgetStore, FullStore, JobStore, NodeStore, PassageStore, VectorStore

    for store in (InMemoryStore(), SQLiteStore(str(tmp_path / "c.db"))):
        for proto in (NodeStore, VectorStore, JobStore, PassageStore, ForgetStore, FullStore):
            assert isinstance(store, proto), (store, proto)
        store.close()


def test_a_partial_store_is_refused_with_what_it_lacks() -> None:
    from chatcompact.errors import ConfigError

    class TextOnly:
        """The core Store and nothing else (a third-party backend in the making)."""

        def __getattr__(self, name: str) -> Any:
            core = {
                "ensure_thread", "thread_info", "list_threads", "delete_thread", "append", "messages",
                "message_tokens", "latest_version", "versions", "commit_version", "search_text", "log_event",
                "events", "close",
            }  # fmt: skip
            if name in core:
                return lambda *a, **k: None
            raise AttributeError(name)

    with pytest.raises(ConfigError, match="NodeStore, VectorStore, JobStore, PassageStore, ForgetStore"):
        Memory.open(TextOnly(), summarizer=ScriptedSummarizer(), tokenizer=CountingTokenizer())  # type: ignore[arg-type]


# ---------------------------------------------------------------- vectors after a forget


def test_vector_index_remove_takes_rows_out_of_exact_and_graph_search() -> None:
    import numpy as np

    from chatcompact.stores._vectors import VectorIndex, hnswlib_module

    rng = np.random.default_rng(4)
    vecs = rng.standard_normal((300, 16)).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    for threshold in (None, 0):  # exact only; with an HNSW graph (when hnswlib is installed)
        if threshold == 0 and hnswlib_module() is None:
            continue
        index = VectorIndex(16, ann_threshold=threshold, background=False)
        index.add(list(range(1, 301)), vecs, ["user"] * 300, [1.0] * 300)
        best = index.search(vecs[41], 5)[0][0]
        assert best == 42
        index.remove([42, 43, 999])
        assert all(seq not in (42, 43) for seq, _ in index.search(vecs[41], 50))
        assert len(index) == 298 and not index.has(42) and 42 not in index.export()[0]
        index.add([42], vecs[41:42], ["user"], [1.0])  # put again: back
        assert index.search(vecs[41], 1)[0][0] == 42


def test_forget_keeps_a_loaded_vector_index_and_other_processes_reload(tmp_path: Path) -> None:
    import numpy as np

    path = str(tmp_path / "v.db")
    a, b = SQLiteStore(path), SQLiteStore(path)
    try:
        a.ensure_thread("t", None)
        msgs = [Message(role="user", content=f"message {i}") for i in range(1, 41)]
        a.append("t", [m for m in msgs], [3] * 40)
        vecs = np.eye(40, 48, dtype=np.float32)
        a.put_vectors("t", "m", list(range(1, 41)), vecs)
        assert a.search_vectors("t", "m", vecs[4], 1)[0].message.seq == 5
        assert b.search_vectors("t", "m", vecs[4], 1)[0].message.seq == 5  # b has loaded its own index
        loaded = a._vector_index("t", "m")
        from chatcompact.runtime.forget import forget

        forget(a, "t", len, [5])
        assert a._vector_index("t", "m") is loaded  # taken out in place, not read again
        for store in (a, b):
            assert all(h.message.seq != 5 for h in store.search_vectors("t", "m", vecs[4], 40)), store
    finally:
        a.close()
        b.close()
