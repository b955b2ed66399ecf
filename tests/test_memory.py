"""Memory/Thread end to end on the real SQLite store and tokenizer."""

from __future__ import annotations

import itertools
import os
import random
import signal
import subprocess
import sys
import textwrap

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chatcompact import (
    BudgetTooSmall,
    Memory,
    Policy,
    SummarizerError,
    SummaryDelta,
    SummaryItem,
    compact,
    compaction_ratio,
)
from chatcompact.core.formats import to_anthropic, to_openai
from chatcompact.core.render import FRAMING
from chatcompact.core.window import check_sequence
from chatcompact.testing import ScriptedSummarizer
from chatcompact.types import parse_message

from .strategies import transcripts
from .test_agents import _valid_anthropic

FILLER = [
    "Could you check the weather for the weekend?",
    "Sure, it looks sunny with a light breeze on Saturday.",
    "Great, and what about planning a picnic menu for four people?",
    "Sandwiches, fruit salad, lemonade and some cheese would work well.",
]


def test_issue_example(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with Memory.open("sqlite:///chat.db") as mem:
        t = mem.thread("customer-42", system="You are a support assistant.")
        t.add({"role": "user", "content": "I'm Dupont, order 88231 arrived broken."})
        msgs = t.context(budget=2000)
        assert msgs[0] == {"role": "system", "content": "You are a support assistant."}
        assert msgs[-1]["content"].startswith("I'm Dupont")
        t.add({"role": "assistant", "content": "Sorry to hear that, I'll arrange a replacement."})
        assert t.summary().is_empty()
        assert [m.seq for m in t.history()] == [1, 2]
        assert t.compactions() == []
    assert (tmp_path / "chat.db").exists()
    with Memory.open() as mem:
        mem.thread("x").add({"role": "user", "content": "hi"})
    assert (tmp_path / ".chatcompact" / "memory.db").exists()


def test_order_number_survives_500_turns(tmp_path):
    with Memory.open(tmp_path / "m.db") as mem:
        t = mem.thread("c", system="You are a support assistant.")
        t.add({"role": "user", "content": "Hello, I need help."})
        t.add({"role": "assistant", "content": "Of course, what happened?"})
        t.add({"role": "user", "content": "My order 88231 arrived broken, the vase is cracked."})
        for i in range(500):
            t.add({"role": "user" if i % 2 == 0 else "assistant", "content": FILLER[i % 4]})
            if i % 50 == 0:
                t.context(budget=2000)
            if i % 100 == 99:  # a pause, as a person's typing gives: a back-to-back loop defers compaction
                assert mem.wait_idle(30)
        assert mem.wait_idle(30)
        ctx = t.context(budget=2000)
        assert len(t.compactions()) >= 3
        assert "88231" in " ".join(m["content"] for m in ctx if isinstance(m["content"], str))
        assert mem.tokenizer.count_messages([parse_message(m) for m in ctx]) <= 2000


def _check_request(mem, messages, budget: int, tail_seqs: list[int], last_user: int | None) -> None:
    """One assembled request: within budget, provider-valid (pairs intact, in order), the latest user message in."""
    assert mem.tokenizer.count_messages(messages) <= budget
    window = [m for m in messages if m.seq is not None]
    assert [m.seq for m in window] == sorted(m.seq for m in window)  # conversation order
    assert {m.seq for m in window} <= set(tail_seqs)
    check_sequence([m for m in window if m.role != "system"])  # every result right after its call, none orphaned
    parsed = [parse_message(x) for x in to_openai(messages)]  # what is sent parses back
    assert mem.tokenizer.count_messages(parsed) <= budget
    # the system role holds the app's prompt and our fixed framing only; every other system message is the app's own
    assert messages[0].role == "system" and messages[0].text in ("sys", f"sys\n\n{FRAMING}")
    assert all(m.role != "system" or i == 0 or m.seq is not None for i, m in enumerate(messages))
    if not check_sequence(window):  # a request is sent once every result is in: then Anthropic accepts it too
        _valid_anthropic(to_anthropic(messages)[1])
    if last_user is not None:  # verbatim, or (larger than the budget) trimmed with a marker naming its id
        shown = next(m for m in window if m.seq == last_user)
        assert shown.role == "user"


# Issue 19 §5: strict, at every budget it generates, for histories of any size, ending anywhere (a call may be
# awaiting its results). Inline compaction (background=False) makes each example deterministic and cheap.
@settings(
    deadline=None, max_examples=40, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(transcripts(min_turns=2, max_turns=14, huge=True, pending=True), st.integers(60, 3000))
def test_thread_context_within_budget_and_pairs_intact(raw, budget):
    policy = Policy(budget=400)  # small, so generated transcripts trigger compactions
    with Memory.open("memory://", policy=policy, background=False, embedder="none") as mem:
        t = mem.thread("p", system="sys")
        last_user = None
        for m in raw:
            stored = t.add(m)
            last_user = stored.seq if stored.role == "user" else last_user
            try:
                res = t.assemble(budget)
            except BudgetTooSmall as e:
                assert e.minimum > budget
                assert t.assemble(e.minimum).tokens <= e.minimum  # the minimum named really is enough
                continue
            head = t.compactions()[-1] if t.compactions() else None
            folded, kept = (head.covered_until, list(head.kept)) if head else (0, [])
            seqs = kept + list(range(folded + 1, stored.seq + 1))  # a kept user message stays in the window
            assert last_user is None or last_user in seqs  # the latest user message is never folded
            _check_request(mem, res.messages, budget, seqs, last_user)
        versions = t.compactions()
        for prev, nxt in itertools.pairwise(versions):
            assert nxt.parent == prev.version and nxt.covered_from == prev.covered_until + 1
        assert len(t.history()) == len(raw)  # compaction never removes anything from the log


def test_summary_failure_leaves_state_and_log_untouched(tmp_path):
    good = SummaryDelta(add={"decisions": (SummaryItem(text="Refund agreed", sources=(1,)),)})
    bad_sources = SummaryDelta(add={"decisions": (SummaryItem(text="Invented", sources=(999,)),)})
    summ = ScriptedSummarizer([good, RuntimeError("model down"), *[bad_sources] * 3])  # a refusal is asked again
    with Memory.open(tmp_path / "m.db", summarizer=summ, policy=Policy(budget=500)) as mem:
        t = mem.thread("f")
        for i in range(6):
            t.add({"role": "user" if i % 2 == 0 else "assistant", "content": f"message {i} " + "word " * 20})
        first = t.compact(keep_tokens=0)
        assert first is not None and first.state.decisions[0].text == "Refund agreed"
        for i in range(4):
            t.add({"role": "user" if i % 2 == 0 else "assistant", "content": f"later {i} " + "word " * 20})
        for _ in range(2):  # an exception, then a delta citing messages outside the span
            with pytest.raises(SummarizerError):
                t.compact(keep_tokens=0)
            assert t.summary() == first.state and len(t.compactions()) == 1
        assert len(t.failures) == 2 and "999" in t.failures[1].error
        assert len(t.history()) == 10


def test_add_survives_failing_summarizer(tmp_path):
    summ = ScriptedSummarizer([RuntimeError("boom")] * 50)
    with Memory.open(tmp_path / "m.db", summarizer=summ, policy=Policy(budget=300)) as mem:
        t = mem.thread("f")
        for i in range(30):
            t.add({"role": "user" if i % 2 == 0 else "assistant", "content": "word " * 30})
        assert mem.wait_idle(30)
        assert t.compactions() == [] and t.failures
        assert t.assemble(300).tokens <= 300  # elided from the view, never from the store
        assert len(t.history()) == 30


def test_two_memories_share_a_thread(tmp_path):
    with Memory.open(tmp_path / "m.db") as a, Memory.open(tmp_path / "m.db") as b:
        ta, tb = a.thread("s", system="sys"), b.thread("s")
        ta.add({"role": "user", "content": "from a"})
        tb.add({"role": "assistant", "content": "from b"})
        assert [m["content"] for m in ta.context(1000)][1:] == ["from a", "from b"]


def test_anthropic_format_pairs_tool_use_and_results(tmp_path):
    with Memory.open("memory://") as mem:
        t = mem.thread("a", system="sys")
        t.add({"role": "user", "content": "where is my order?"})
        t.add(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {"id": "c1", "type": "function", "function": {"name": "lookup", "arguments": '{"id": 1}'}},
                    {"id": "c2", "type": "function", "function": {"name": "track", "arguments": "{}"}},
                ],
            }
        )
        t.add({"role": "tool", "tool_call_id": "c1", "content": "shipped"})
        t.add({"role": "tool", "tool_call_id": "c2", "content": "in transit"})
        system, msgs = t.context(1000, format="anthropic")
    assert system == "sys"
    assert [m["role"] for m in msgs] == ["user", "assistant", "user"]
    assert [b["id"] for b in msgs[1]["content"] if b["type"] == "tool_use"] == ["c1", "c2"]
    assert msgs[1]["content"][0]["input"] == {"id": 1}
    assert [b["tool_use_id"] for b in msgs[2]["content"]] == ["c1", "c2"]


def test_oneshot_compact_and_ratio():
    convo = [{"role": "system", "content": "Be brief."}]
    for i in range(40):
        convo.append({"role": "user", "content": f"I prefer option {i}. My order 5{i:04d} is late. " * 3})
        convo.append({"role": "assistant", "content": f"Noted. We'll ship order 5{i:04d} tomorrow. " * 3})
    out = compact(convo, keep_recent=6)
    assert out[0] == {"role": "system", "content": f"Be brief.\n\n{FRAMING}"}  # no conversation text in the system
    assert out[1]["role"] == "user" and "⟦data: Summary of the conversation" in out[1]["content"]
    assert out[-6:] == convo[-6:]
    r = compaction_ratio(convo, out)
    assert r.messages_before == 81 and r.messages_after == 8 and 0.5 < r.reduction < 1
    small = compact(convo, budget=600, keep_recent=6)
    assert compaction_ratio(small, small).tokens_before <= 600
    short = convo[:5]
    assert compact(short, keep_recent=2) == short  # nothing to gain: returned as it was


CHILD = textwrap.dedent(
    """
    import sys
    from chatcompact import Memory, Policy
    # inline compaction: every kill lands before, inside or after a compaction deterministically often
    mem = Memory.open(sys.argv[1], policy=Policy(budget=300), background=False)
    t = mem.thread("crash", system="sys")
    i = 0
    while True:
        role = "user" if i % 2 == 0 else "assistant"
        m = t.add({"role": role, "content": f"msg {i} order 7{i:05d} " + "w " * (i % 40)})
        print(m.seq, flush=True)
        i += 1
    """
)


@pytest.mark.timeout(90)
@pytest.mark.parametrize("run", range(3))
def test_sigkill_loses_no_acknowledged_message(tmp_path, run):
    db = tmp_path / "crash.db"
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(db)], stdout=subprocess.PIPE, text=True)
    target = random.Random(run).randint(40, 400)
    acked = []
    for line in proc.stdout:
        acked.append(int(line))
        if len(acked) >= target:
            break
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    proc.stdout.close()
    with Memory.open(db) as mem:
        t = mem.thread("crash")
        seqs = [m.seq for m in t.history()]
        assert seqs[: len(acked)] == acked == list(range(1, len(acked) + 1))
        assert [m.text.split()[1] for m in t.history()] == [str(i) for i in range(len(seqs))]
        versions = t.compactions()
        assert versions, "budget 300 must have triggered compactions"
        assert [v.version for v in versions] == list(range(1, len(versions) + 1))
        assert versions[-1].covered_until <= len(seqs)
        assert t.context(300)  # the state loads and assembles


def test_created_at_dates_imported_messages_and_bad_values_store_nothing(tmp_path):
    from datetime import UTC, datetime

    from chatcompact import InvalidMessage
    from chatcompact.transcripts import locomo_transcript

    may = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
    with Memory.open(tmp_path / "d.db", embedder="none", policy=Policy(budget=300)) as mem:
        t = mem.thread("imported")
        first = t.add({"role": "user", "content": "I adopted a dog called Biscuit."}, created_at=may)
        pair = t.add_many(
            [{"role": "assistant", "content": "Lovely!"}, {"role": "user", "content": "He is brown."}],
            created_at=may.timestamp() + 60,
        )
        assert first.created_at == may.timestamp() and {m.created_at for m in pair} == {may.timestamp() + 60}
        for bad in (datetime(2023, 5, 8), -1, float("nan"), "yesterday", True):
            with pytest.raises(InvalidMessage, match="created_at"):
                t.add({"role": "user", "content": "never stored"}, created_at=bad)
        assert [m.created_at for m in t.history()] == [may.timestamp()] + [may.timestamp() + 60] * 2
        assert [h.seq for h in t.recall("dog Biscuit", until=may.timestamp())] == [1]
        for i in range(40):
            t.add({"role": "user" if i % 2 == 0 else "assistant", "content": FILLER[i % 4]})
        assert mem.wait_idle(30)
        quoted = "\n".join(m.text for m in t.assemble(300, query="What is the dog called?").messages if m.seq is None)
        assert "8 May 2023 (UTC):\n[#1 user 13:56] I adopted a dog called Biscuit." in quoted

    sample = {
        "sample_id": "s",
        "conversation": {
            "speaker_a": "Ann",
            "speaker_b": "Bo",
            "session_1_date_time": "1:56 pm on 8 May, 2023",
            "session_1": [{"speaker": "Ann", "text": "hi", "dia_id": "D1:1"}, {"speaker": "Bo", "text": "yo"}],
        },
    }
    assert locomo_transcript(sample).times == [may.timestamp(), may.timestamp() + 30]
    sample["conversation"]["session_1_date_time"] = "sometime in May"
    assert locomo_transcript(sample).times is None  # an unreadable date: replayed at the current time


def test_the_request_prefix_is_the_same_bytes_between_compactions():
    """Issue 20 §7: the data message moved out of the system role stays cache-stable: the system message and the
    data message are the same bytes from one request to the next until the next compaction, with or without a
    query (quotes go in the per-request note at the end), so a provider's prefix cache keeps working."""
    with Memory.open("memory://", policy=Policy(auto=False), background=False, embedder="none") as mem:
        t = mem.thread("c", system="You are a support assistant.")
        for i in range(12):
            t.add({"role": "user", "content": f"My order 77{i:03d} is late; the blue vase number {i} is cracked."})
            t.add({"role": "assistant", "content": f"I am sorry about order 77{i:03d}; a refund is on its way."})
        plain = t.context(budget=1500)
        asked = t.context(budget=1500, query="what was the order number of the blue vase 3?")
        assert plain[0] == asked[0] and plain[0]["content"] == "You are a support assistant."  # no data yet
        assert t.compact(keep_tokens=100) is not None
        first = t.context(budget=1500)
        assert first[0]["content"] == f"You are a support assistant.\n\n{FRAMING}" and first[1]["role"] == "user"
        for i in range(3):
            t.add({"role": "user", "content": f"Any news about the refund, part {i}?"})
            t.add({"role": "assistant", "content": "It was sent yesterday."})
            later = t.context(budget=1500)
            quoted = t.context(budget=1500, query="what exactly did I say about order 77003?")
            assert later[:2] == first[:2] == quoted[:2]
            assert any("⟦data: Recalled verbatim" in str(m["content"]) for m in quoted[2:])


def test_oneshot_compact_run_again_on_its_own_output_keeps_one_framing():
    convo = [{"role": "system", "content": "Be brief."}]
    for i in range(40):
        convo.append({"role": "user", "content": f"My order 5{i:04d} is late. Where is it? " * 3})
        convo.append({"role": "assistant", "content": f"Order 5{i:04d} ships tomorrow. " * 3})
    out = compact(convo, keep_recent=6)
    for i in range(20):
        out += [{"role": "user", "content": f"And order 6{i:04d}? " * 4}]
        out += [{"role": "assistant", "content": "Soon. " * 9}]
        out = compact(out, keep_recent=6)
    assert out[0]["content"] == f"Be brief.\n\n{FRAMING}"  # the framing once, the prompt as the app wrote it
    assert sum(1 for m in out if m["role"] == "user" and m["content"].startswith("⟦data: ")) <= 1


def test_stats_history_tokens_follow_appends_other_writers_and_forget(tmp_path):
    """``stats()`` sums the log's token counts once and keeps the sum up (it is asked on every proxy request):
    the sum stays the store's own through this thread's appends, another writer's, a compaction and a forget."""
    url = tmp_path / "m.db"
    with Memory.open(url, policy=Policy(budget=400), background=False, embedder="none") as mem:
        t = mem.thread("h", system="sys")

        def stored() -> int:
            return sum(mem.store.message_tokens("h"))

        for i in range(30):
            t.add({"role": "user" if i % 2 == 0 else "assistant", "content": f"turn {i} " + "word " * (5 + i)})
            assert t.stats()["history_tokens"] == stored()
        assert t.compactions()  # compactions ran in between
        with Memory.open(url, background=False, embedder="none") as other:
            other.thread("h").add({"role": "user", "content": "from another process " + "x " * 50})
        assert t.stats()["history_tokens"] == stored()
        t.forget([31])
        assert t.stats()["history_tokens"] == stored()


def test_a_view_catches_up_on_another_writers_appends_without_reloading(tmp_path):
    """Two Memory objects on one SQLite file (two server processes, an app and a worker): what one appends, the
    other reads and counts alone, keeping its caches; a new summary version or a forget still reloads it whole.
    Either way its state is what a fresh load reads, counted with its own tokenizer."""
    from chatcompact.testing import CountingTokenizer

    path = str(tmp_path / "two.db")
    tok = CountingTokenizer()
    with (
        Memory.open(path, background=False, tokenizer=tok, policy=Policy(auto=False)) as a,
        Memory.open(path, background=False, policy=Policy(auto=False)) as b,
    ):
        ta = a.thread("t", system="You help.")
        for i in range(6):
            ta.add({"role": "user" if i % 2 == 0 else "assistant", "content": f"turn {i} about the Lyon order"})
        ta.context(2000, query="Lyon order")
        views = ta.view.state.views
        tb = b.thread("t")

        def same_as_a_fresh_load() -> None:
            fresh = ta.view.load(a.store.thread_info("t"))
            got = ta.view.state
            assert [m.to_record() for m in got.tail] == [m.to_record() for m in fresh.tail]
            assert got.tail_tokens == fresh.tail_tokens == [tok.count_message(m) for m in fresh.tail]
            assert got.pending == fresh.pending and got.info == fresh.info
            assert ta.stats()["history_tokens"] == sum(a.store.message_tokens("t"))

        tb.add({"role": "user", "content": "B adds this about Zurich"})
        tb.add({"role": "assistant", "content": "Noted, Zurich."})
        assert "Zurich" in str(ta.context(2000, query="Zurich"))
        assert ta.view.state.views is views  # caught up, not reloaded
        same_as_a_fresh_load()
        tb.add({"role": "user", "content": "B again, about Bern"})
        ta.add({"role": "assistant", "content": "A answers after B, about Bern"})  # A's append finds B's first
        assert ta.view.state.views is views
        assert [m.text for m in ta.history()[-2:]] == ["B again, about Bern", "A answers after B, about Bern"]
        same_as_a_fresh_load()
        assert tb.compact(keep_tokens=0) is not None  # a new version: A reloads
        ta.context(2000)
        assert ta.view.state.views is not views
        same_as_a_fresh_load()
        views = ta.view.state.views
        tb.forget([9])  # a forget commits a version too: A reloads and shows the tombstone
        assert "B again" not in str(ta.context(2000, query="Bern"))
        assert ta.view.state.views is not views and ta.history()[8].text == "[forgotten]"
        same_as_a_fresh_load()
