"""Recall from the verbatim archive: hybrid search, filters, quotes in the context, recall as a tool."""

from __future__ import annotations

import json
import time

import pytest

from chatcompact import InvalidMessage, Memory, Policy
from chatcompact.errors import ConfigError
from chatcompact.runtime.archive import CachingEmbedder
from chatcompact.testing import HashEmbedder
from chatcompact.types import parse_message

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
        hits = mem.thread("c").recall("note about kiwi7", k=1, mode="vector")  # recall catches up first
        assert mem.store.missing_vectors("c", inner.name) == [] and hits[0].message.seq == 8
