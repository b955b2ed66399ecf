"""Private by default; deletion that deletes (issue 13 §4): forget, delete, export, file permissions."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import time
from pathlib import Path

import numpy as np
import pytest

from chatcompact import Memory, Policy
from chatcompact.errors import ConfigError
from chatcompact.runtime.forget import ForgetReport
from chatcompact.stores.memory import InMemoryStore
from chatcompact.stores.sqlite import SQLiteStore
from chatcompact.testing import CountingTokenizer, ScriptedSummarizer
from chatcompact.types import SummaryDelta, SummaryItem

from .test_stores import make_store

pytestmark = pytest.mark.timeout(120)

SECRET = "Zanzibar-Quokka-7731"  # appears only in the turns we forget
SECRET2 = "my passport number is XK99887766"


def _delta(*items: tuple[str, tuple[int, ...]], narrative: str = "") -> SummaryDelta:
    return SummaryDelta(
        add={"user_facts": tuple(SummaryItem(text=t, sources=s) for t, s in items)}, narrative=narrative or None
    )


def _fill(mem: Memory):
    t = mem.thread("f", system="sys")
    t.add({"role": "user", "content": f"Hello, my codename is {SECRET} and {SECRET2}."})  # 1
    t.add({"role": "assistant", "content": "Noted, I will remember your codename."})  # 2
    t.add({"role": "user", "content": "I live in Lyon and I like green tea very much."})  # 3
    t.add({"role": "assistant", "content": "Lyon and green tea, got it."})  # 4
    t.add({"role": "user", "content": "What else should we discuss today?"})  # 5
    t.add({"role": "assistant", "content": "Anything you like."})  # 6
    return t


SCRIPT = [
    _delta(
        (f"User's codename is {SECRET}", (1,)),  # only forgotten provenance: goes
        ("User lives in Lyon", (3,)),
        ("User likes green tea, mentioned with the codename", (1, 3)),  # mixed: keeps source 3
        narrative=f"The user, codename {SECRET}, lives in Lyon.",
    )
]


def _open(store, **kw) -> Memory:
    return Memory.open(
        store,
        summarizer=ScriptedSummarizer(list(SCRIPT)),
        tokenizer=CountingTokenizer(),
        background=False,
        policy=Policy(budget=4000, max_tail_messages=0),
        **kw,
    )


def _contexts(t) -> str:
    return json.dumps(
        [t.context(budget=3000), t.context(budget=3000, query="codename Zanzibar passport"), t.summary().model_dump()]
    )


def _check_forgotten(mem: Memory, t) -> ForgetReport:
    report = t.forget([1])
    assert report.message_ids == (1,) and report.versions_rebuilt >= 1 and report.items_removed >= 1
    facts = {i.text: i.sources for i in t.summary().user_facts}
    assert "User lives in Lyon" in facts
    assert facts["User likes green tea, mentioned with the codename"] == (3,)
    assert not any(SECRET in text for text in facts) and t.summary().narrative == ""
    assert SECRET not in _contexts(t) and "XK99887766" not in _contexts(t)
    assert mem.store.search_text("f", "Zanzibar") == [] and mem.store.search_text("f", "passport") == []
    assert [h.message.seq for h in mem.store.search_text("f", "Lyon")]  # the rest is still searchable
    assert SECRET not in json.dumps(mem.export("f"), ensure_ascii=False)
    history = t.history()
    assert len(history) == 6 and history[0].text == "[forgotten]" and history[0].role == "user"
    events = mem.store.events("f", "forgotten")
    assert len(events) == 1 and events[0].data["message_ids"] == [1] and SECRET not in json.dumps(events[0].data)
    # the thread goes on as before
    t.add({"role": "user", "content": "One more thing."})
    assert t.history()[-1].seq == 7
    return report


def test_forget_in_memory_store():
    with _open(InMemoryStore()) as mem:
        t = _fill(mem)
        mem.store.log_event("f", "compaction_failed", {"span": [1, 2], "error": f"model quoted {SECRET}"})
        assert t.compact(keep_tokens=0) is not None
        _check_forgotten(mem, t)
        assert mem.store.events("f", "compaction_failed") == []  # it quoted the forgotten turn


def test_forget_sqlite_leaves_no_byte_on_disk(tmp_path: Path):
    path = tmp_path / "m.db"
    with _open(str(path)) as mem:
        t = _fill(mem)
        mem.store.put_vectors("f", "m", [1, 2, 3], np.eye(3, 4, dtype=np.float32))
        assert t.compact(keep_tokens=0) is not None
        assert _check_forgotten(mem, t).pending == ()  # the WAL was emptied: nothing left to guarantee later
        seqs, _ = mem.store.get_vectors("f", "m")
        assert seqs == [2, 3]
        files = [p for p in tmp_path.iterdir() if p.name.startswith("m.db")]
        for p in files:
            data = p.read_bytes()
            assert SECRET.encode() not in data and b"XK99887766" not in data, p.name
            assert b"Zanzibar" not in data and b"zanzibar" not in data, p.name  # the FTS terms too
        assert b"Lyon" in path.read_bytes()  # what was kept is still there


def test_forget_where_predicate_and_bad_arguments():
    with _open(InMemoryStore()) as mem:
        t = _fill(mem)
        report = t.forget(where=lambda m: "Lyon" in m.text)
        assert report.message_ids == (3, 4)
        with pytest.raises(ConfigError):
            t.forget()
        with pytest.raises(ConfigError):
            t.forget([99])
        with pytest.raises(ConfigError):
            t.forget("1")
        assert t.forget([3]).message_ids == ()  # already forgotten


def test_the_log_stays_append_only_outside_forget(tmp_path: Path):
    path = str(tmp_path / "a.db")
    with _open(path) as mem:
        _fill(mem)
    with sqlite3.connect(path) as raw:
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            raw.execute("UPDATE messages SET body = 'x'")
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            raw.execute("DELETE FROM messages")


def test_delete_and_export(tmp_path: Path):
    path = tmp_path / "d.db"
    with _open(str(path)) as mem:
        t = _fill(mem)
        t.compact(keep_tokens=0)
        exported = mem.export("f")
        assert json.loads(json.dumps(exported)) == exported
        assert len(exported["messages"]) == 6 and len(exported["summary_versions"]) == 1
        assert exported["thread"]["system"] == "sys"
        t.delete()
        assert [i.id for i in mem.threads()] == []
    data = b"".join(p.read_bytes() for p in tmp_path.iterdir())
    assert SECRET.encode() not in data


def test_store_files_are_private(tmp_path: Path):
    os.umask(0o022)
    folder = tmp_path / "fresh" / ".chatcompact"
    with SQLiteStore(str(folder / "memory.db")) as s:
        s.ensure_thread("t", None)
        s.append("t", [], [])
        mode = stat.S_IMODE((folder / "memory.db").stat().st_mode)
        assert mode == 0o600, oct(mode)
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
        for side in ("memory.db-wal", "memory.db-shm"):
            if (folder / side).exists():
                assert stat.S_IMODE((folder / side).stat().st_mode) == 0o600, side


# ---------------------------------------------------------------- every store (contract)


@pytest.fixture(params=["sqlite", "memory", "postgres"])
def any_store(request: pytest.FixtureRequest, tmp_path: Path):
    s = make_store(request.param, request, tmp_path)
    yield s
    s.close()


def test_forget_contract_on_every_store(any_store):
    with _open(any_store) as mem:
        t = _fill(mem)
        mem.store.put_vectors("f", "m", [1, 2, 3], np.eye(3, 4, dtype=np.float32))
        assert t.compact(keep_tokens=0) is not None
        _check_forgotten(mem, t)
        assert mem.store.get_vectors("f", "m")[0] == [2, 3]
        # a second store object (another process) reads the same forgotten state
        assert mem.store.messages("f", until=1)[0].text == "[forgotten]"


def test_renew_job_extends_a_lease(any_store):
    any_store.ensure_thread("t", None)
    any_store.enqueue_job("t", "compact")
    lease = any_store.claim_job(["compact"], 0.5)
    assert lease is not None and any_store.renew_job(lease, 60.0)
    time.sleep(0.7)
    assert any_store.claim_job(["compact"], 1.0) is None  # still held: renewed
    assert any_store.finish_job(lease)


def test_forget_a_long_message_erases_its_passages_too(tmp_path: Path):
    """A long tool output is indexed as passages (their own FTS rows): forgetting it leaves none of its words."""
    path = tmp_path / "p.db"
    filler = "\n".join(f"line {i}: build step ok" for i in range(120))
    with _open(str(path)) as mem:
        t = mem.thread("p")
        t.add({"role": "user", "content": "run the build"})
        t.add({"role": "assistant", "content": None, "tool_calls": [_call("c1")]})
        t.add({"role": "tool", "tool_call_id": "c1", "content": f"{filler}\nerror: token Quetzalcoatl-5521 leaked"})
        t.add({"role": "assistant", "content": "The build failed."})
        assert t.recall("Quetzalcoatl", k=3)[0].message.seq == 3  # found through its passage
        t.forget([3])
        assert t.recall("Quetzalcoatl", k=3) == []
        for p in (p for p in tmp_path.iterdir() if p.name.startswith("p.db")):
            data = p.read_bytes()
            assert b"Quetzalcoatl" not in data and b"quetzalcoatl" not in data, p.name
        assert [h.message.seq for h in t.recall("build failed", k=1)] == [4]


def _call(cid: str) -> dict:
    return {"id": cid, "type": "function", "function": {"name": "bash", "arguments": '{"command": "make"}'}}


def test_memory_delete_by_id_and_its_bad_input(tmp_path: Path):
    """``Memory.delete(thread_id)``: a thread this process never opened is deleted too; an unknown id is a
    ThreadNotFound and a malformed one an error naming it, and neither touches what is stored."""
    from chatcompact.errors import ChatcompactError, ThreadNotFound

    path = str(tmp_path / "d.db")
    with _open(path) as mem:
        _fill(mem)
        mem.thread("keep").add({"role": "user", "content": "stays"})
    with _open(path) as mem:  # a fresh process: neither thread is open
        with pytest.raises(ThreadNotFound, match="nope"):
            mem.delete("nope")
        with pytest.raises(ChatcompactError):
            mem.delete("")
        mem.delete("f")
        assert [i.id for i in mem.threads()] == ["keep"]
        assert [m.text for m in mem.thread("keep").history()] == ["stays"]


def test_forget_a_compressed_tool_output_leaves_no_byte_on_disk(tmp_path: Path):
    """A long tool output is kept compressed (``stores._common.encode_body``): forgetting it must remove its
    compressed bytes as well as its text, its passages and its index terms, from every file of the store."""
    path = tmp_path / "z.db"
    lines = "".join(f"row {i}: {SECRET} token Quetzal{i % 7} ok\n" for i in range(3000))
    with Memory.open(str(path), background=False, policy=Policy(budget=4000)) as mem:
        t = mem.thread("z", system="sys")
        t.add({"role": "user", "content": "run the export"})
        call = {"id": "c1", "type": "function", "function": {"name": "bash", "arguments": "{}"}}
        t.add_many([{"role": "assistant", "content": None, "tool_calls": [call]}])
        t.add({"role": "tool", "tool_call_id": "c1", "content": lines})
        t.add({"role": "assistant", "content": "Exported, all rows ok."})
        mem.wait_idle(30)
        with sqlite3.connect(path) as raw:
            blob = raw.execute("SELECT body FROM messages WHERE thread_id = 'z' AND seq = 3").fetchone()[0]
        assert isinstance(blob, bytes) and len(blob) < len(lines) / 5
        assert t.recall("Quetzal3", k=1)[0].message.seq == 3
        report = t.forget([3])
        assert report.message_ids == (3,) and report.pending == ()
        assert t.history()[2].text == "[forgotten]" and t.recall("Quetzal3", k=1) == []
    probes = [SECRET.encode(), b"Quetzal3", b"quetzal3", blob[40:104], blob[len(blob) // 2 : len(blob) // 2 + 64]]
    for p in tmp_path.iterdir():
        data = p.read_bytes()
        for probe in probes:
            assert probe not in data, (p.name, probe[:20])
