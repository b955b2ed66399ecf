"""Recall from the verbatim archive: hybrid search, filters, quotes in the context, recall as a tool."""

from __future__ import annotations

import asyncio
import json
import time
from datetime import UTC, datetime

import pytest

from chatcompact import InvalidMessage, Memory, Policy
from chatcompact.core import fusion
from chatcompact.errors import ConfigError
from chatcompact.protocols import RankedSearch
from chatcompact.runtime import archive
from chatcompact.runtime.archive import CachingEmbedder
from chatcompact.stores import InMemoryStore
from chatcompact.testing import HashEmbedder
from chatcompact.types import ArchiveHit, parse_message

TALK = [
    ("user", "Hi, my name is Claire and I run a ceramics shop."),
    ("assistant", "Welcome Claire! How can I help with the shop?"),
    ("user", "The blue vase arrived cracked, exactly along the handle."),
    ("assistant", "I'm sorry. I'll send you a prepaid return label by email today."),
    ("user", "Also the webhook signature check fails since Tuesday."),
    ("assistant", "Use the raw request body when you compute the HMAC signature."),
]


def _filler(t, n):
    for i in range(n):
        t.add(
            {
                "role": "user" if i % 2 == 0 else "assistant",
                "content": f"Small talk number {i} about the weather and lunch.",
            }
        )


@pytest.fixture(params=["memory://", "sqlite", "postgres"])
def mem(request, tmp_path):
    url = {"memory://": "memory://", "sqlite": str(tmp_path / "r.db")}.get(request.param)
    url = url or request.getfixturevalue("pg_url")
    m = Memory.open(url, embedder=HashEmbedder(128), policy=Policy(budget=800))
    yield m
    m.close()


def test_recall_returns_verbatim_turns_with_ids_and_times(mem):
    t = mem.thread("r", system="sys")
    for role, text in TALK:
        t.add({"role": role, "content": text})
    _filler(t, 40)
    assert mem.wait_idle(30)
    for mode in ("text", "vector", "hybrid"):
        hits = t.recall("vase cracked handle", k=3, mode=mode)
        assert hits[0].message.text == TALK[2][1], mode
        assert hits[0].seq == 3 and hits[0].message.created_at
    hit = t.recall("vase cracked", k=1, neighbors=1)[0]
    assert [m.seq for m in hit.neighbors] == [2, 4] and "text" in hit.matched


def test_recall_spreads_its_first_hits_over_the_conversation(mem):
    # three turns of one exchange match best; a later turn elsewhere matches as well: it gets a place of the head
    # (core.fusion.spread) instead of the exchange's third turn, in every mode
    t = mem.thread("spread")
    t.add({"role": "user", "content": "The blue vase arrived cracked along the handle."})
    t.add({"role": "assistant", "content": "A cracked vase: I am sorry, which handle exactly?"})
    t.add({"role": "user", "content": "The vase handle, the left one, cracked right through."})
    _filler(t, 20)
    t.add({"role": "user", "content": "My sister's vase from the same order cracked too, near the base."})
    assert mem.wait_idle(30)
    seqs = [h.seq for h in t.recall("cracked vase", k=3, mode="text")]
    assert seqs[0] in (1, 2, 3) and 24 in seqs, seqs
    assert len({s for s in seqs if s <= 3}) == 2


def test_recall_spreads_its_first_hits_by_the_times_they_were_written(mem, monkeypatch):
    # the head spread (core.fusion.spread, tested there with times) gets each first candidate's created_at, read
    # by the store without a body (times_at) or from the thread's cache, the same on every store
    t = mem.thread("sittings")
    march = datetime(2024, 3, 3, 15, tzinfo=UTC).timestamp()
    for i in range(13):
        text = "The blue vase arrived cracked." if i % 4 == 0 else f"Small talk number {i} about lunch."
        t.add({"role": "user", "content": f"{text} ({i})"}, created_at=march + 60 * i)
    t.add({"role": "user", "content": "Another blue vase arrived cracked."}, created_at=march + 9e6)
    assert mem.wait_idle(30)
    seen = []
    real = archive.spread
    monkeypatch.setattr(archive, "spread", lambda ranked, **kw: seen.append((ranked, kw)) or real(ranked, **kw))
    for fresh in (False, True):  # from the thread's cache (add put them there), then read from the store
        if fresh:
            t.view.derived.clear(t.view.derived.mark)
        seen.clear()
        hits = t.recall("blue vase arrived cracked", k=3)
        ranked, kw = seen[0]
        expect = {m.seq: m.created_at for m in mem.store.messages_at("sittings", [s for s, _ in ranked[:10]])}
        assert kw["times"] == expect and 14 in kw["times"], fresh
        assert {h.seq for h in hits} <= {1, 5, 9, 13, 14}


def test_recall_filters_by_role_and_time(mem):
    t = mem.thread("f")
    for role, text in TALK:
        t.add({"role": role, "content": text})
    cutoff = time.time() + 1e-3
    time.sleep(0.01)
    t.add({"role": "user", "content": "Another cracked vase, order 99100."})
    assert all(h.message.role == "assistant" for h in t.recall("vase label signature", k=5, roles=["assistant"]))
    late = t.recall("cracked vase", k=5, since=cutoff)
    assert [h.message.text for h in late] == ["Another cracked vase, order 99100."]
    assert t.recall("cracked vase", k=5, until=cutoff)[0].seq == 3


def test_detail_query_brings_back_a_compacted_turn_within_budget(mem):
    t = mem.thread("q", system="You are a support assistant.")
    for role, text in TALK:
        t.add({"role": role, "content": text})
    _filler(t, 120)
    assert mem.wait_idle(30) and t.compactions()
    assert t.compactions()[-1].covered_until > 3  # the vase turn is folded into the summary
    q = "What exactly did I say about the vase?"
    plain = t.assemble(800)
    quoted = t.assemble(800, query=q)
    assert quoted.tokens <= 800
    assert "exactly along the handle" not in "\n".join(m.text for m in plain.messages if m.seq is None)
    assert "exactly along the handle" in "\n".join(m.text for m in quoted.messages if m.seq is None)
    assert "[#3 user " in "\n".join(m.text for m in quoted.messages if m.seq is None)
    assert "exactly along the handle" not in "\n".join(
        m.text for m in t.assemble(800, query="how are you?").messages if m.seq is None
    )


@pytest.mark.parametrize(
    ("mode", "query", "quoted"),
    [
        ("query", "Which colour was the vase with the broken handle?", True),  # any query with content words
        ("query", "thanks, how are you?", False),  # nothing to look up
        ("detail", "Which colour was the vase with the broken handle?", False),  # not a detail query
        ("detail", "What exactly did I say about the vase?", True),
        ("off", "What exactly did I say about the vase?", False),
    ],
)
def test_recall_quotes_policy_decides_when_context_quotes_the_archive(tmp_path, mode, query, quoted):
    with Memory.open(str(tmp_path / "q.db"), policy=Policy(budget=800, recall_quotes=mode), embedder="none") as mem:
        t = mem.thread("q", system="You are a support assistant.")
        for role, text in TALK:
            t.add({"role": role, "content": text})
        _filler(t, 120)
        assert mem.wait_idle(30) and t.compactions()[-1].covered_until > 3
        ctx = t.assemble(800, query=query)
        assert ctx.tokens <= 800
        assert ("[#3 user " in "\n".join(m.text for m in ctx.messages if m.seq is None)) is quoted


def test_an_agent_at_work_is_not_searched_for_quotes_it_would_not_be_shown(tmp_path, monkeypatch):
    """An agent working on its task (two tool-call groups after the user's message) gets no recalled quotes
    (its requests stay lean and cacheable), so its context(query) runs no archive search; a chat turn does."""
    from chatcompact.runtime.memory import Thread

    searches: list[str] = []
    original = Thread._search
    monkeypatch.setattr(Thread, "_search", lambda self, q, opts: searches.append(q.text) or original(self, q, opts))
    with Memory.open(str(tmp_path / "a.db"), policy=Policy(budget=800), embedder="none") as mem:
        t = mem.thread("a", system="You are a support assistant.")
        for role, text in TALK:
            t.add({"role": role, "content": text})
        _filler(t, 120)
        assert mem.wait_idle(30) and t.compactions()[-1].covered_until > 3
        query = "Which colour was the vase with the broken handle?"
        t.add({"role": "user", "content": "Look the vase order up in the shop system."})
        assert "[#3 user " in "\n".join(m.text for m in t.assemble(800, query=query).messages if m.seq is None)
        assert len(searches) == 1
        for i in range(2):
            call = {"id": f"c{i}", "type": "function", "function": {"name": "lookup", "arguments": "{}"}}
            t.add_many(
                [
                    {"role": "assistant", "content": None, "tool_calls": [call]},
                    {"role": "tool", "tool_call_id": f"c{i}", "content": f"order {i}: vase, blue"},
                ]
            )
        ctx = t.assemble(800, query=query)
        assert ctx.tokens <= 800 and "[#3 user " not in "\n".join(m.text for m in ctx.messages if m.seq is None)
        assert len(searches) == 1  # no search for quotes that would be dropped
        assert t.recall(query, k=3)  # the archive itself is still searched on request


def test_recall_quotes_policy_rejects_unknown_mode():
    with pytest.raises(ConfigError, match="recall_quotes"):
        Policy(recall_quotes="sometimes")


def test_recall_tool_openai_and_anthropic(mem):
    t = mem.thread("tool")
    for role, text in TALK:
        t.add({"role": role, "content": text})
    assert t.tools()[0]["function"]["name"] == "recall"
    assert t.tools("anthropic")[0]["input_schema"]["required"] == ["query"]
    call = {
        "id": "c1",
        "type": "function",
        "function": {"name": "recall", "arguments": '{"query": "webhook signature", "k": 2}'},
    }
    out = t.run_tool(call)
    assert out["role"] == "tool" and out["tool_call_id"] == "c1"
    body = json.loads(out["content"])
    assert len(body) == 2 and {b["id"] for b in body} >= {5} and body[0]["time"].endswith("+00:00")
    parse_message(out)  # a valid tool message
    block = t.run_tool(
        {"type": "tool_use", "id": "tu1", "name": "recall", "input": {"query": "return label", "role": "assistant"}}
    )
    assert block["tool_use_id"] == "tu1" and json.loads(block["content"])[0]["role"] == "assistant"
    with pytest.raises(InvalidMessage, match="only runs the 'recall' tool"):
        t.run_tool({"id": "c2", "function": {"name": "delete_everything", "arguments": "{}"}})
    with pytest.raises(InvalidMessage, match="query"):
        t.run_tool({"id": "c3", "function": {"name": "recall", "arguments": '{"k": 2}'}})


def test_background_embedding_catches_up(tmp_path):
    inner = HashEmbedder(32)
    with Memory.open(tmp_path / "e.db", embedder=inner) as mem:
        t = mem.thread("e")
        _filler(t, 50)
        t.add({"role": "user", "content": "Small talk number 0 about the weather and lunch."})  # a repeat
        assert mem.wait_idle(30)
        assert mem.store.missing_vectors("e", inner.name) == []
        assert isinstance(mem.embedder, CachingEmbedder) and mem.embedder.hits >= 1


def test_caching_embedder_matches_inner():
    inner = HashEmbedder(16)
    cached = CachingEmbedder(inner, maxsize=2)
    texts = ["a b", "c d", "a b", "e f"]
    assert (cached.embed(texts) == inner.embed(texts)).all()
    assert cached.hits == 1 and len(cached._cache) == 2


def test_topic_shift_folds_the_previous_topic(tmp_path):
    refund = "the cracked vase refund return label parcel broken ceramic"
    webhook = "webhook signature hmac raw body header secret endpoint"
    policy = Policy(budget=20_000, topic_shift=True, max_tail_messages=0)  # only the topic trigger can fire
    with Memory.open(tmp_path / "t.db", embedder=HashEmbedder(256), policy=policy) as mem:
        t = mem.thread("topics")
        words_a, words_b = refund.split(), webhook.split()
        for i in range(14):
            t.add({"role": "user" if i % 2 == 0 else "assistant", "content": " ".join(words_a[i % 5 : i % 5 + 5])})
        for i in range(14):
            t.add({"role": "user" if i % 2 == 0 else "assistant", "content": " ".join(words_b[i % 4 : i % 4 + 5])})
        assert mem.wait_idle(30)
        versions = t.compactions()
        assert versions and versions[0].trigger == "topic_shift"
        assert abs(versions[0].covered_until - 14) <= 2  # folded up to the start of the webhook topic
        assert len(t.history()) == 28


def test_real_bundled_embedder_recalls_by_meaning(tmp_path):
    pytest.importorskip("onnxruntime")
    from chatcompact.embedders import default_embedder

    try:
        default_embedder().embed(["probe"])
    except Exception as exc:  # the model package is an optional extra
        pytest.skip(f"bundled embedder unavailable: {exc}")
    with Memory.open(tmp_path / "real.db", embedder="local") as mem:
        t = mem.thread("m")
        for role, text in TALK:
            t.add({"role": role, "content": text})
        _filler(t, 10)
        assert mem.wait_idle(60)
        hits = t.recall("the pottery got damaged in shipping", k=2, mode="vector")
        assert hits[0].seq == 3  # no shared keyword: found by meaning


def test_a_name_in_the_summary_but_not_in_its_shown_part_is_still_recalled():
    from chatcompact.testing import ScriptedSummarizer
    from chatcompact.types import SummaryDelta, SummaryItem

    long = "decided to keep the weekly kiln schedule with glaze tests on Mondays and firing on Thursdays"
    delta = SummaryDelta(
        add={
            "decisions": tuple(SummaryItem(text=f"{long} ({i})", sources=(2,)) for i in range(10)),
            "topics": (SummaryItem(text="Zoltan phoned", sources=(1,)),),
        }
    )
    policy = Policy(budget=600, summary_max_chars=10_000)  # a summary far larger than its shown part
    mem = Memory.open("memory://", summarizer=ScriptedSummarizer([delta]), policy=policy, background=False)
    t = mem.thread("z")
    t.add({"role": "user", "content": "Zoltan phoned about the broken kiln door."})
    t.add({"role": "assistant", "content": "Noted, I will order the hinge."})
    _filler(t, 6)
    assert t.compact(keep_tokens=0) is not None
    assert "Zoltan" in " ".join(i.text for i in t.summary().topics)  # in the summary...
    plain = "\n".join(m.text for m in t.assemble(600).messages if m.seq is None)
    assert "Zoltan" not in plain  # ...but not in the part that fits the summary share
    quoted = t.assemble(600, query="did Zoltan call?")
    assert quoted.tokens <= 600 and "Zoltan phoned about the broken kiln door." in "\n".join(
        m.text for m in quoted.messages if m.seq is None
    )
    mem.close()


def test_embedding_waits_for_a_quiet_moment_then_embeds_each_message_once(tmp_path, monkeypatch):
    import chatcompact.runtime.archive as archive

    monkeypatch.setattr(archive, "EMBED_QUIET", 3600.0)  # only wait_idle's flush runs the lane here
    monkeypatch.setattr(archive, "EMBED_MAX_LAG", 3600.0)
    inner = HashEmbedder(32)
    with Memory.open(tmp_path / "q.db", embedder=inner, policy=Policy(budget=100_000)) as mem:
        t = mem.thread("q")
        for i in range(20):
            t.add({"role": "user" if i % 2 == 0 else "assistant", "content": f"turn {i} mentions parcel{i}"})
        assert len(mem.store.missing_vectors("q", inner.name)) == 20  # vectors lag while turns keep coming
        assert [h.message.seq for h in mem.store.search_text("q", "parcel19", 1)] == [20]  # full-text never lags
        assert mem.wait_idle(30)
        assert mem.store.missing_vectors("q", inner.name) == []
        assert inner.calls == 1  # the burst became one batch
        assert mem.embedder.hits == 0  # no text was embedded twice


def test_embeddings_left_waiting_at_close_land_after_reopen(tmp_path, monkeypatch):
    import chatcompact.runtime.archive as archive

    monkeypatch.setattr(archive, "EMBED_QUIET", 3600.0)
    monkeypatch.setattr(archive, "EMBED_MAX_LAG", 3600.0)
    inner = HashEmbedder(32)
    with Memory.open(tmp_path / "c.db", embedder=inner) as mem:
        t = mem.thread("c")
        for i in range(10):
            t.add({"role": "user" if i % 2 == 0 else "assistant", "content": f"note {i} about kiwi{i}"})
    assert inner.calls == 0  # close() stopped the waiting lane without running it
    with Memory.open(tmp_path / "c.db", embedder=inner) as mem:
        assert len(mem.store.missing_vectors("c", inner.name)) == 10
        t = mem.thread("c")
        assert t.recall("kiwi7", k=1)[0].seq == 8  # full text covers what has no vector yet
        assert len(mem.store.missing_vectors("c", inner.name)) == 10  # the request embedded only its query
        assert mem.wait_idle(30)  # the recall handed the backlog to the background lane
        hits = t.recall("note about kiwi7", k=1, mode="vector")
        assert mem.store.missing_vectors("c", inner.name) == [] and hits[0].message.seq == 8


class CountingEmbedder(HashEmbedder):
    def __init__(self) -> None:
        super().__init__(32)
        self.texts: list[str] = []

    def embed(self, texts):
        self.texts.extend(texts)
        return super().embed(texts)


@pytest.mark.parametrize("background", [True, False])
def test_a_request_never_embeds_a_backlog_only_its_query(tmp_path, monkeypatch, background):
    """A thread with many messages stored without vectors (an import, another process): recall and
    context(query=) embed the query alone, find the backlog by full text, and leave it to the background lane
    (``background=False``: to the adds, each of which embeds what it added)."""
    from chatcompact.stores import SQLiteStore
    from chatcompact.types import parse_message

    store = SQLiteStore(tmp_path / "b.db")
    store.ensure_thread("b", None)
    msgs = [parse_message({"role": "user", "content": f"entry {i} about parcel{i}"}) for i in range(300)]
    store.append("b", msgs, [5] * len(msgs))
    store.close()
    monkeypatch.setattr(archive, "EMBED_QUIET", 3600.0)  # the lane runs only when wait_idle flushes it
    monkeypatch.setattr(archive, "EMBED_MAX_LAG", 3600.0)
    emb = CountingEmbedder()
    with Memory.open(tmp_path / "b.db", embedder=emb, background=background) as mem:
        t = mem.thread("b")
        assert [h.seq for h in t.recall("parcel123", k=1)] == [124]
        t.context(budget=2000, query="what about parcel7?")
        # the queries, nothing of the backlog (context's query is embedded only once something is folded:
        # with background compaction that may not have happened yet)
        assert emb.texts[0] == "parcel123" and set(emb.texts) <= {"parcel123", "what about parcel7?"}
        assert len(mem.store.missing_vectors("b", emb.name, 1000)) == 300
        t.add({"role": "user", "content": "a new entry about parcel900"})
        if background:
            assert mem.wait_idle(60)
            assert mem.store.missing_vectors("b", emb.name, 1000) == []
        else:  # inline: two batches (one for the added message, one more), oldest first
            left = len(mem.store.missing_vectors("b", emb.name, 1000))
            assert 300 - 2 * archive.EMBED_BATCH <= left < 300


# ---------------------------------------------------------------- the hot path: per-message work once, bounded output


NATO = ("alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel")


def _agent_log(step: int, lines: int) -> str:
    """A tool output: ``lines`` log lines (each step's its own), one of them naming ``step``'s checkpoint."""
    out = [
        f"2025-03-0{1 + step % 9}T10:{i % 60:02d}:{i % 59:02d}Z INFO worker.queue lease renewed "
        f"id={(i * 7919 + step * 7_368_787) % 1_000_003}"
        for i in range(lines)
    ]
    out[lines * 2 // 3] = f"checkpoint {NATO[step]} shard-{step:03d} digest {step * 104_729:08x} written"
    return "\n".join(out)


def _agent_thread(mem, steps: int = 6, lines: int = 4000):
    t = mem.thread("agent", system="You are a coding agent.")
    t.add({"role": "user", "content": "Find out why the nightly job fails on the billing shard."})
    for step in range(steps):
        call = {"id": f"c{step}", "type": "function", "function": {"name": "bash", "arguments": '{"cmd": "./run"}'}}
        t.add({"role": "assistant", "content": None, "tool_calls": [call]})
        t.add({"role": "tool", "tool_call_id": f"c{step}", "content": _agent_log(step, lines)})
    assert mem.wait_idle(60)
    return t


class _Spy:
    """Counts calls of a store's methods that read message bodies (the instance keeps working). The in-memory
    store holds its messages as objects: its searches read nothing, and its rankings are built on them."""

    READS = ("messages", "messages_at", "search_text", "search_passages", "search_vectors")

    def __init__(self, store, monkeypatch) -> None:
        self.calls: list[str] = []
        for name in self.READS if not isinstance(store, InMemoryStore) else ("messages", "messages_at"):
            inner = getattr(store, name)
            monkeypatch.setattr(store, name, self._wrap(name, inner))

    def _wrap(self, name, inner):
        def call(*args, **kwargs):
            self.calls.append(name)
            return inner(*args, **kwargs)

        return call


def test_queries_read_no_message_and_sketch_nothing_that_add_has_seen(mem, monkeypatch):
    t = _agent_thread(mem)
    sketched: list[int] = []
    from chatcompact.runtime import derived

    real = derived.sketch_many
    monkeypatch.setattr(derived, "sketch_many", lambda texts: sketched.extend(map(len, texts)) or real(texts))
    spy = _Spy(mem.store, monkeypatch)
    for step in (1, 4, 2):
        query = f"what did the output say about the {NATO[step]} checkpoint"
        hits = [h for h in t.recall(query, k=5) if f"shard-{step:03d}" in h.message.text]
        assert hits and hits[0].passage is not None
        t.context(2000, query=query)
    assert spy.calls == [] and sketched == []  # every query read only rankings and what add left in the thread


def test_rankings_are_the_searches_less_the_messages(mem):
    t = _agent_thread(mem, steps=3, lines=600)
    store = mem.store
    assert isinstance(store, RankedSearch)
    for words in ("shard digest", "lease renewed", "nothing-matches-this"):
        assert store.rank_text(t.id, words, 20) == [
            (h.seq, h.score) for h in map(_as_hit, store.search_text(t.id, words, 20))
        ]
        got = store.rank_passages(t.id, words, 20)
        assert got == [(h.message.seq, h.score, span) for h, span in store.search_passages(t.id, words, 20)]
    assert [m.seq for m in store.messages_at(t.id, [5, 1, 99, 5])] == [1, 5]
    assert store.messages_at(t.id, [5])[0] == store.messages(t.id, 4, 5)[0]
    vec = HashEmbedder(128).embed(["shard digest"])[0]
    assert store.rank_vectors(t.id, "hash-128", vec, 5) == [
        (h.message.seq, h.score) for h in store.search_vectors(t.id, "hash-128", vec, 5)
    ]


def _as_hit(h):
    return ArchiveHit(h.message, h.score)


class _PlainStore:
    """A store seen through its Store protocol only: no ranked searches, no passage index."""

    def __init__(self, inner) -> None:
        self._inner = inner

    def __getattr__(self, name):
        if name.startswith("rank_") or name == "search_passages":
            raise AttributeError(name)
        return getattr(self._inner, name)


def test_a_store_without_rankings_gives_the_same_hits_and_scores_passages_itself(tmp_path):
    with Memory.open(str(tmp_path / "p.db"), embedder="none", policy=Policy(budget=800)) as mem:
        t = _agent_thread(mem, steps=3, lines=600)
        plain = _PlainStore(mem.store)
        assert not isinstance(plain, RankedSearch)
        for step in range(3):
            query = f"shard-{step:03d} digest written"
            ranked = archive.recall(mem.store, None, t.id, query, 3, mode="text")
            other = archive.recall(plain, None, t.id, query, 3, mode="text")  # type: ignore[arg-type]
            assert [h.seq for h in other][:1] == [h.seq for h in ranked][:1] == [3 + 2 * step]
            span = other[0].passage
            assert span is not None and f"shard-{step:03d}" in other[0].message.text[span[0] : span[1]]


def test_the_recall_tool_answer_is_bounded_and_marks_each_excerpt(tmp_path):
    with Memory.open(str(tmp_path / "b.db"), embedder="none", policy=Policy(budget=8000)) as mem:
        t = _agent_thread(mem, steps=2, lines=9400)  # two ~580 KB outputs
        assert all(len(m.text) > 570_000 for m in t.history() if m.role == "tool")
        call = {
            "id": "r1",
            "type": "function",
            "function": {"name": "recall", "arguments": '{"query": "checkpoint digest written", "k": 5}'},
        }
        out = t.run_tool(call)
        cap = int(Policy().recall_share * 8000)
        assert mem.tokenizer.count(out["content"]) <= cap
        body = json.loads(out["content"])
        tools = [b for b in body if b["role"] == "tool"]
        assert len(tools) == 2
        for b in tools:
            assert b["text"].startswith(f"[excerpt of message #{b['id']}: characters ")
            assert "checkpoint" in b["text"] and "digest" in b["text"]  # the excerpt is around the best passage
        t.add({"role": "assistant", "content": None, "tool_calls": [call]})
        t.add(out)  # the answer itself can be stored and shown
        small = t.run_tool(call, max_tokens=300)
        assert mem.tokenizer.count(small["content"]) <= 300 and json.loads(small["content"])


def test_bounded_hits_fit_any_cap(tmp_path):
    with Memory.open(str(tmp_path / "c.db"), embedder="none") as mem:
        t = _agent_thread(mem, steps=3, lines=1000)
        hits = t.recall("lease renewed checkpoint", k=6, neighbors=1)
        for cap in (1, 20, 80, 400, 3000):
            body = archive.bounded(hits, cap, mem.tokenizer.count)
            assert json.loads(body) and (mem.tokenizer.count(body) <= cap or len(json.loads(body)) == 1)


def _seen(hits) -> str:
    """Every text recall returned: the hits and their neighbours."""
    return " ".join(m.text for h in hits for m in (h.message, *h.neighbors))


def test_forget_leaves_nothing_for_recall_to_serve_from_its_cache(mem):
    t = mem.thread("forget-cache")
    t.add({"role": "user", "content": "My card number is 4111 1111 1111 1111, charge the vase."})
    t.add({"role": "assistant", "content": "Charged the vase."})
    assert "4111" in t.recall("card number vase", k=1)[0].message.text
    assert "4111" in _seen(t.recall("charged", k=2, neighbors=1))
    t.forget([1])
    assert all("4111" not in h.message.text for h in t.recall("card number vase", k=5))
    assert "4111" not in _seen(t.recall("charged", k=2, neighbors=1))
    assert all("4111" not in str(m) for m in t.context(800, query="card number vase"))


def test_async_thread_quotes_the_same_turns(tmp_path):
    from chatcompact import AsyncMemory

    async def main() -> None:
        async with await AsyncMemory.open(str(tmp_path / "a.db"), embedder="none") as amem:
            at = await amem.thread("agent")
            await at.add({"role": "user", "content": "Find out why the nightly job fails."})
            for step in range(3):
                call = {"id": f"c{step}", "type": "function", "function": {"name": "bash", "arguments": "{}"}}
                await at.add({"role": "assistant", "content": None, "tool_calls": [call]})
                await at.add({"role": "tool", "tool_call_id": f"c{step}", "content": _agent_log(step, 800)})
            query = "what did the output say about shard-001 digest"
            assert await amem.wait_idle(30)  # a compaction landing between the two reads would change the context
            got = await at.context(1500, query=query)
            assert got == at.sync.context(1500, query=query)
            hits = await at.recall(query, k=2)
            assert "shard-001" in hits[0].message.text

    asyncio.run(main())


def test_a_forget_in_another_process_is_never_served_from_the_recall_cache(tmp_path):
    path = str(tmp_path / "two.db")
    with Memory.open(path, embedder="none") as a, Memory.open(path, embedder="none") as b:
        ta = a.thread("shared")
        ta.add({"role": "user", "content": "My card number is 4111 1111 1111 1111, charge the vase."})
        ta.add({"role": "assistant", "content": "Charged the vase."})
        (hit,) = ta.recall("charged", k=1, neighbors=1)  # the card turn is in a's cache, as a neighbour
        assert hit.seq == 2 and "4111" in hit.neighbors[0].text
        b.thread("shared").forget([1])
        (hit,) = ta.recall("charged", k=1, neighbors=1)
        assert hit.neighbors[0].seq == 1 and "4111" not in hit.neighbors[0].text


# A long assistant-style message (~2,100 characters, ~450 tokens: past the bundled embedder's 256) about CI, with
# one sentence at its end about something else entirely.
_CI = (
    "To make the pipeline faster, cache the pip wheels between jobs and split the test matrix by Python "
    "version. The lint stage runs ruff and mypy before anything else, so a type error fails in under a minute. "
    "Integration tests need the database container; start it with the service block and wait for its health "
    "check before running migrations. Artifacts older than a week are pruned by the nightly job. "
)
_LATE = "Unrelated, but before I forget: my sister is getting married in Lisbon next June, so I will be away two weeks."
_SHORT = [
    "Can you check why the login page is slow?",
    "The profiler shows most time in the template rendering.",
    "Let's move the avatar resizing to a background worker.",
    "I renamed the settings module to config.",
    "The staging server runs out of disk every Friday.",
    "Please write the changelog entry for the release.",
    "We use tabs in the Makefile, spaces everywhere else.",
    "The API returns a 502 when the cache is cold.",
    "Our test coverage dropped to 71 percent last sprint.",
    "Remember to pin the version of the ORM.",
]
_HOLIDAY = "when will the user be on holiday for a family celebration abroad"  # no content word shared with _LATE


def test_real_bundled_embedder_finds_a_sentence_past_its_window_by_the_passage_vectors(tmp_path):
    """The sentence that answers is past the first 256 tokens of its message: a vector of the message's head cannot
    see it (the control below, embedded whole as before), the passage vectors do."""
    pytest.importorskip("onnxruntime")
    from chatcompact.embedders import default_embedder
    from chatcompact.stores import SQLiteStore

    emb = default_embedder()
    try:
        emb.embed(["probe"])
    except Exception as exc:  # the model package is an optional extra
        pytest.skip(f"bundled embedder unavailable: {exc}")
    long_text = _CI * 5 + "\n" + _LATE
    assert emb._tokenizer.encode(long_text).overflowing  # truncated: the late sentence is past the window
    texts = [*_SHORT[:5], long_text, *_SHORT[5:]]
    with Memory.open(tmp_path / "real.db", embedder=emb, background=False) as mem:
        t = mem.thread("m")
        for i, text in enumerate(texts):
            t.add({"role": "user" if i % 2 else "assistant", "content": text})
        assert mem.wait_idle(60)
        seqs = mem.store.get_vector_parts("m", emb.name)[0]
        assert seqs.count(6) > 2 and all(seqs.count(s) == 1 for s in set(seqs) - {6})  # only the long one by parts
        hits = t.recall(_HOLIDAY, k=5, mode="vector")
        assert hits[0].seq == 6
        assert [h.seq for h in hits].count(6) == 1
        assert hits[0].passage is not None and "Lisbon" in long_text[slice(*hits[0].passage)]  # the passage it matched
    control = SQLiteStore(str(tmp_path / "whole.db"))  # the same turns, each embedded whole (the head of the long one)
    control.ensure_thread("m", None)
    control.append("m", [parse_message({"role": "user", "content": x}) for x in texts], [1] * len(texts))
    archive.embed_pending(control, emb, "m", passages=False)
    assert len(control.get_vectors("m", emb.name)[0]) == len(texts)
    assert 6 not in [h.seq for h in archive.recall(control, emb, "m", _HOLIDAY, k=5, mode="vector")]
    control.close()


@pytest.mark.parametrize("driver", ["sync", "async"])
def test_both_drivers_embed_a_long_message_by_its_passages(tmp_path, driver):
    """The one engine flow, run by the threaded and the asyncio driver: the long message's parts land in one put,
    the short ones whole; vector recall finds the long one by its passage and forget takes every part."""
    from chatcompact import AsyncMemory
    from chatcompact.core.passages import vector_rows

    emb = HashEmbedder(64)
    long_text = _CI * 5 + "\n" + _LATE
    texts = [*_SHORT[:3], long_text, *_SHORT[3:6]]

    def check(mem):
        seqs, parts, _ = mem.store.get_vector_parts("t", emb.name)
        assert parts[seqs.index(4) : seqs.index(4) + seqs.count(4)] == [  # by its passages only
            *(1 + c for c, _, _ in vector_rows(long_text)),
        ]
        assert all(seqs.count(s) == 1 for s in set(seqs) - {4}) and sorted(set(seqs)) == list(range(1, 8))

    if driver == "sync":
        with Memory.open(tmp_path / "s.db", embedder=emb) as mem:
            t = mem.thread("t")
            for text in texts:
                t.add({"role": "user", "content": text})
            assert mem.wait_idle(30)
            check(mem)
            hit = t.recall(_LATE, k=1, mode="vector")[0]
            assert hit.seq == 4 and hit.passage is not None and "Lisbon" in long_text[slice(*hit.passage)]
            t.forget([4])
            assert 4 not in mem.store.get_vector_parts("t", emb.name)[0]
            assert 4 not in [h.seq for h in t.recall(_LATE, k=7, mode="vector")]
        return

    async def main() -> None:
        async with await AsyncMemory.open(str(tmp_path / "a.db"), embedder=emb) as amem:
            at = await amem.thread("t")
            for text in texts:
                await at.add({"role": "user", "content": text})
            assert await amem.wait_idle(30)
            check(amem.sync)
            hits = await at.recall(_LATE, k=1, mode="vector")
            assert hits[0].seq == 4

    asyncio.run(main())


def test_a_vector_hit_span_is_split_once_per_message(monkeypatch):
    """The span of the unit a long message was found by is worked out once per message (a 2 MB output's units
    take ~30 ms to split), then read from the thread's derived values; it is the unit's own span."""
    from chatcompact.core import passages
    from chatcompact.runtime import derived as derived_mod
    from chatcompact.runtime.derived import Derived
    from chatcompact.types import parse_message

    text = "".join(f"line {i}: the build step finished fine\n" for i in range(400)) + "zz the one odd line\n"
    m = parse_message({"role": "user", "content": text}).with_meta(7, 1.0)
    rows = passages.vector_rows(text)
    calls = []
    real = derived_mod.vector_rows
    monkeypatch.setattr(derived_mod, "vector_rows", lambda t: calls.append(1) or real(t))
    d = Derived()
    for chunk, start, end in rows:
        assert d.unit_span(m, chunk + 1) == (start, end) == passages.vector_span(text, chunk + 1)
    assert d.unit_span(m, 0) is None and len(calls) == 1
    d.clear()
    d.unit_span(m, rows[-1][0] + 1)
    assert len(calls) == 2  # a reload (revert, forget) empties it


class QueryWaitsForTheTextSearch(HashEmbedder):
    """Embeds a query only once the full-text search has started (``searching``); run one after the other, the
    embedding would wait out its timeout first and report it."""

    def __init__(self, searching) -> None:
        super().__init__(128)
        self.searching = searching
        self.overlapped: list[bool] = []

    def embed(self, texts):
        if texts == ["webhook signature"]:
            self.overlapped.append(self.searching.wait(5))
        return super().embed(texts)


def test_hybrid_recall_embeds_its_query_beside_the_full_text_search(tmp_path, monkeypatch):
    import threading

    from chatcompact.stores import SQLiteStore

    searching = threading.Event()
    rank_text = SQLiteStore.rank_text

    def marked(self, *a, **kw):
        searching.set()
        return rank_text(self, *a, **kw)

    monkeypatch.setattr(SQLiteStore, "rank_text", marked)
    emb = QueryWaitsForTheTextSearch(searching)
    with Memory.open(tmp_path / "o.db", embedder=emb, background=False) as mem:
        t = mem.thread("o")
        t.add_many([{"role": r, "content": c} for r, c in TALK])
        hits = t.recall("webhook signature", k=2)
        assert emb.overlapped == [True]  # the search had started while the query was being embedded
        assert hits[0].seq in (5, 6)
        expected = [h.seq for h in archive.recall(mem.store, HashEmbedder(128), "o", "webhook signature", k=2)]
        assert [h.seq for h in hits] == expected  # the same hits as computed one after the other
        t.recall("webhook signature", k=2)  # the second time the query's vector is the cache's: no wait at all
        assert emb.overlapped == [True]
        searching.clear()
        assert [h.seq for h in t.recall("webhook signature", k=2, mode="vector")]  # no text search to wait for
        assert emb.overlapped == [True]


def test_a_failing_query_embedding_is_raised_from_recall(tmp_path):
    class Broken(HashEmbedder):
        def embed(self, texts):
            if texts == ["vase"]:
                raise RuntimeError("model crashed")
            return super().embed(texts)

    with Memory.open(tmp_path / "f.db", embedder=Broken(64), background=False) as mem:
        t = mem.thread("f")
        t.add_many([{"role": r, "content": c} for r, c in TALK])
        with pytest.raises(RuntimeError, match="model crashed"):
            t.recall("vase")
        assert t.recall("vase", mode="text")[0].seq == 3  # the text arm alone still answers


def test_a_question_naming_a_date_prefers_what_was_written_then(mem):
    # the same words said in March and in June: only the date a question names can tell them apart (the store's
    # scores of the two are equal or nearly, whatever the store), and recall returns the one said then
    t = mem.thread("dated")
    march = datetime(2024, 3, 3, 15, tzinfo=UTC)
    june = datetime(2024, 6, 5, 9, tzinfo=UTC)
    said = "The deploy failed because the disk was full."
    opening = ["Good morning, team.", "Hi all, quick status update."]  # the same two turns before each (context)
    t.add_many([{"role": "user", "content": c} for c in [*opening, said]], created_at=march)
    for i, day in enumerate((10, 11, 12, 13)):
        t.add({"role": "user", "content": f"Lunch plans for Friday number {i}."}, created_at=march.replace(day=day))
    t.add_many([{"role": "user", "content": c} for c in [*opening, said]], created_at=june)
    assert mem.wait_idle(30)
    for mode in ("hybrid", "text", "vector"):
        assert t.recall("why did the deploy fail on 5 June 2024?", k=2, mode=mode)[0].seq == 10, mode
        assert t.recall("why did the deploy fail in March 2024?", k=2, mode=mode)[0].seq == 3, mode
        assert t.recall("why did the deploy fail in May 2022?", k=2, mode=mode)[0].seq == 3, mode  # nothing then
        assert t.recall("why did the deploy fail in June?", k=2, mode=mode)[0].seq == 10, mode  # the thread's June
    # a window the whole thread is in (it began today) lifts nothing and is not searched again
    fresh = mem.thread("today")
    fresh.add({"role": "user", "content": said})
    calls = []
    real = archive._Recall.rankings
    monkey = pytest.MonkeyPatch()
    monkey.setattr(
        archive._Recall, "rankings", lambda self, named, where: calls.append(where) or real(self, named, where)
    )
    try:
        assert fresh.recall("why did the deploy fail today?", k=1)[0].seq == 1
    finally:
        monkey.undo()
    assert len(calls) == 1


def test_among_short_turns_the_vector_share_follows_the_arms_agreement(mem, monkeypatch):
    # recall hands fuse the share core.fusion.vector_share gives for the query's two rankings (the keyword arm is
    # trusted whole among short turns)
    t = mem.thread("share")
    for role, text in TALK:
        t.add({"role": role, "content": text})
    _filler(t, 30)
    assert mem.wait_idle(30)
    seen = []
    real = archive.fuse
    monkeypatch.setattr(
        archive, "fuse", lambda text, vec, k, **kw: seen.append((text, vec, kw)) or real(text, vec, k, **kw)
    )
    t.recall("which label did the assistant send about the cracked vase?", k=3)
    text, vec, kw = seen[-1]
    assert kw["alpha"] == fusion.vector_share(text, vec) and kw["trust"] == 1.0


def test_a_best_hit_the_window_has_no_room_for_is_quoted(mem):
    # the only turn about Paris is the oldest of the unsummarised tail; a small context's window (newest first)
    # has no room for it, so the archive's quote of it must carry it (it was dropped as "in the tail")
    t = mem.thread("paris", budget=20_000)
    t.add({"role": "user", "content": "Have you been to Paris? The Eiffel Tower is so cool!"})
    for i in range(24):
        t.add({"role": "assistant" if i % 2 else "user", "content": f"Small talk number {i} about lunch. " * 6})
    assert mem.wait_idle(30)
    assert t.stats()["covered_until"] == 0  # nothing folded yet: the turn is in the tail
    text = "\n".join(str(m["content"]) for m in t.context(600, query="What do you know about Paris?"))
    assert "Eiffel Tower" in text and text.count("Eiffel Tower") == 1
    wide = "\n".join(str(m["content"]) for m in t.context(6000, query="What do you know about Paris?"))
    assert wide.count("Eiffel Tower") == 1  # shown in the window: not quoted as well


def test_a_message_not_embedded_yet_is_ranked_by_its_words(tmp_path):
    """A message the background lane has not embedded yet is missing from the vector ranking: hybrid recall
    places it by its full-text score, not as the worst vector match (it was last behind unrelated turns)."""
    db = tmp_path / "lag.db"
    with Memory.open(db, embedder=HashEmbedder(128), background=False) as mem:
        for role, text in TALK:
            mem.thread("lag").add({"role": role, "content": text})
    with Memory.open(db) as plain:  # another writer without an embedder: its message has no vector
        plain.thread("lag").add({"role": "user", "content": "Refund order 99100 to the card it was paid with."})
    with Memory.open(db, embedder=HashEmbedder(128), background=False) as mem:
        t = mem.thread("lag")
        assert [m.seq for m in mem.store.missing_vectors("lag", mem.embedder.name)] == [7]
        hits = t.recall("refund order 99100 card", k=3)
        assert hits[0].seq == 7
        assert hits[0].matched == ("text",)  # found by its words only: the hit says so
        assert t.recall("refund order 99100 card", k=3, mode="vector")[0].seq != 7
