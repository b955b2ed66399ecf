"""The sans-I/O engine and what it drives: stored trigger budget, auto off, focus, hooks, the compact tool,
usage, async parity, waiting for compaction without waiting for embeddings."""

from __future__ import annotations

import asyncio
import inspect
import itertools
import json
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chatcompact import AsyncMemory, Memory, Policy, SummarizerError
from chatcompact.core import engine as e
from chatcompact.core.plan import CompactionPlan, plan_compaction
from chatcompact.errors import ConfigError, VersionConflict
from chatcompact.protocols import SummaryRequest
from chatcompact.runtime.async_memory import AsyncThread
from chatcompact.runtime.background import AsyncScheduler, Retry
from chatcompact.runtime.memory import Thread
from chatcompact.runtime.worker import Worker
from chatcompact.stores import InMemoryStore
from chatcompact.summarizers.extractive import ExtractiveSummarizer
from chatcompact.summarizers.llm import focus_instruction
from chatcompact.testing import HashEmbedder, ScriptedSummarizer
from chatcompact.types import Message, SummaryDelta, SummaryState, SummaryVersion, parse_message

from .strategies import transcripts

pytestmark = pytest.mark.timeout(120)


def talk(t, n: int, start: int = 0) -> None:
    for i in range(start, start + n):
        t.add({"role": "user" if i % 2 == 0 else "assistant", "content": f"turn {i} " + "word " * 30})


def _msgs(n: int) -> tuple[Message, ...]:
    return tuple(
        Message(role="user" if i % 2 == 0 else "assistant", content=f"turn {i} " + "word " * 30, seq=i + 1)
        for i in range(n)
    )


# ---------------------------------------------------------------------- the engine alone, with a scripted driver
class Script:
    """Executes effects from a table, recording each one (no store, no threads)."""

    def __init__(self, snap: e.Snapshot, delta: SummaryDelta | Exception, commit: Exception | None = None) -> None:
        self.snap, self.delta, self.commit = snap, delta, commit
        self.seen: list[object] = []
        self.now = 100.0

    def __call__(self, effect: object) -> object:
        self.seen.append(effect)
        if isinstance(effect, e.Now):
            return self.now
        if isinstance(effect, e.Claim):
            return True
        if isinstance(effect, e.Load):
            return self.snap
        if isinstance(effect, e.Summarize):
            if isinstance(self.delta, Exception):
                raise self.delta
            return self.delta
        if isinstance(effect, e.Commit):
            if self.commit is not None:
                raise self.commit
            self.snap = e.Snapshot(effect.version, (), (), self.snap.budget)
            return effect.version
        if isinstance(effect, e.Hook):
            return []
        return None

    def kinds(self) -> list[str]:
        return [type(x).__name__ for x in self.seen]


TALKED = SummaryDelta(narrative="The user and the assistant exchanged words.")


def _cfg(policy: Policy | None = None) -> e.Config:
    return e.Config("t", policy or Policy(budget=300), "scripted", lambda s: len(s) // 4, cooldown=30.0)


def test_a_triggered_step_yields_its_effects_in_order_and_commits_on_the_parent():
    msgs = _msgs(40)
    snap = e.Snapshot(None, msgs, tuple(12 for _ in msgs), 300)
    run = Script(snap, ScriptedSummarizer().summarize(SummaryRequest(SummaryState(), msgs[:30])))
    more = e.drive(e.step(e.State(), _cfg()), run)
    kinds = run.kinds()
    assert kinds[:3] == ["Now", "Claim", "Load"]
    assert kinds.index("Hook") < kinds.index("Summarize") < kinds.index("Commit") < len(kinds) - 1
    assert "Pause" in kinds[kinds.index("Summarize") :]  # the driver may let the foreground in between steps
    commit = next(x for x in run.seen if isinstance(x, e.Commit))
    assert commit.version.parent is None and commit.version.version == 1 and commit.version.trigger == "tokens"
    assert more is False  # the scripted store's tail is empty after the commit


def test_a_failed_summarizer_logs_an_event_and_starts_the_cooldown():
    msgs = _msgs(40)
    st = e.State()
    run = Script(e.Snapshot(None, msgs, tuple(12 for _ in msgs), 300), SummarizerError("model down"))
    assert e.drive(e.step(st, _cfg()), run) is False
    events = [x for x in run.seen if isinstance(x, e.LogEvent)]
    assert [ev.kind for ev in events] == ["compaction_failed"] and events[0].data["error"] == "model down"
    assert st.cooldown_until == 130.0 and st.failures and "Commit" not in run.kinds()
    run.seen.clear()
    assert e.drive(e.step(st, _cfg()), run) is False and run.kinds() == ["Now"]  # cooling down: not even a claim


def test_a_lost_commit_race_reloads_and_a_manual_compaction_raises_it():
    msgs = _msgs(40)
    snap = e.Snapshot(None, msgs, tuple(12 for _ in msgs), 300)
    run = Script(snap, TALKED, commit=VersionConflict("moved"))
    with pytest.raises(VersionConflict):
        e.drive(e.manual(e.State(), _cfg()), run)
    assert run.kinds()[-1] == "Reload"


def test_auto_off_no_trigger_fires_but_manual_still_plans():
    msgs = _msgs(40)
    snap = e.Snapshot(None, msgs, tuple(12 for _ in msgs), 300)
    off = Policy(budget=300, auto=False)
    assert e.trigger(e.State(), snap, off, 0.0) is None and e.trigger(e.State(), snap, Policy(budget=300), 0.0)
    run = Script(snap, TALKED)
    assert e.drive(e.manual(e.State(), _cfg(off)), run).trigger == "manual"


def test_before_hooks_veto_or_annotate():
    assert e.verdict([None, "keep the plan", None]) == (True, "keep the plan")
    assert e.verdict(["x", False])[0] is False and e.verdict([]) == (True, None)


# ---------------------------------------------------------------------- the trigger budget is stored, reading is pure
@pytest.fixture(params=["sqlite", "memory", "postgres"])
def url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/e.db"
    if request.param == "memory":
        return InMemoryStore()
    return request.getfixturevalue("pg_url")


def test_the_trigger_budget_is_stored_with_the_thread(url):
    with Memory.open(url, summarizer=ScriptedSummarizer(), background=False, embedder="none") as mem:
        t = mem.thread("b", budget=600)
        assert t.budget == 600 and mem.store.thread_info("b").budget == 600
        assert mem.thread("other").budget == mem.policy.budget  # none stored: the Policy's
        talk(t, 30)
        first = t.compactions()
        assert first and t.stats()["tail_tokens"] <= 0.8 * 600
        store = mem.store
        if isinstance(url, InMemoryStore):  # closing would drop it: read it through a second Memory instead
            again = Memory(store=store, summarizer=ScriptedSummarizer(), tokenizer=mem.tokenizer, background=False)
            assert again.thread("b").budget == 600
            return
    with Memory.open(url, policy=Policy(budget=4000), background=False, embedder="none") as mem:
        assert mem.thread("b").budget == 600  # another process (or a worker) compacts it alike
        assert mem.thread("b", budget=900).budget == 900 and mem.store.thread_info("b").budget == 900


@pytest.mark.parametrize("bad", [0, 10, -5, True, 1.5, "1500"])
def test_a_bad_thread_budget_is_a_clear_error_and_stores_nothing(tmp_path, bad):
    with Memory.open(tmp_path / "b.db", background=False, embedder="none") as mem:
        with pytest.raises(ConfigError, match="budget"):
            mem.thread("x", budget=bad)
        assert mem.threads() == []


def test_context_calls_never_change_when_compaction_fires(tmp_path):
    """Reading is pure: a thread that is read at a tiny budget after every turn compacts exactly like one never read."""
    runs = []
    for reads in (True, False):
        summ = ScriptedSummarizer()
        with Memory.open(tmp_path / f"r{reads}.db", summarizer=summ, background=False, embedder="none") as mem:
            t = mem.thread("r", budget=800)
            for i in range(40):
                talk(t, 1, start=i)
                if reads:
                    t.context(200)
                    t.usage(300)
            runs.append([(v.covered_from, v.covered_until, v.trigger) for v in t.compactions()])
    assert runs[0] == runs[1] and runs[0]


def test_a_worker_compacts_at_the_threads_stored_budget(tmp_path):
    url = f"sqlite:///{tmp_path}/w.db"
    with Memory.open(url, background="workers", embedder="none") as app:
        t = app.thread("w", budget=300)
        talk(t, 30)
        with Memory.open(url, summarizer=ScriptedSummarizer(), background="workers", embedder="none") as wm:
            assert wm.policy.budget == 4000  # no --budget: the worker reads the thread's
            Worker(wm, poll_s=0.01).run(idle_exit=0.2)
        assert t.compactions() and t.stats()["tail_tokens"] <= 0.8 * 300


# ---------------------------------------------------------------------- app and agent control
def test_auto_off_never_compacts_but_compact_and_the_tool_do(tmp_path):
    summ = ScriptedSummarizer()
    with Memory.open(tmp_path / "a.db", summarizer=summ, policy=Policy(budget=300, auto=False)) as mem:
        t = mem.thread("a")
        talk(t, 40)
        assert mem.wait_idle(10) and t.compactions() == [] and summ.requests == []
        u = t.usage()
        assert u.until_compaction is None and u.tokens <= 300 and u.summary_version == 0
        names = [s["function"]["name"] for s in t.tools()]
        assert names == ["recall", "compact"]
        out = t.run_tool({"id": "c1", "function": {"name": "compact", "arguments": '{"focus": "the word counts"}'}})
        body = json.loads(out["content"])
        assert out["tool_call_id"] == "c1" and body["compacted"] is True and body["summary_version"] == 1
        assert summ.requests[-1].focus == "the word counts"
        block = t.run_tool({"type": "tool_use", "id": "c2", "name": "compact", "input": {}})
        assert block["tool_use_id"] == "c2" and "compacted" in json.loads(block["content"])
        assert t.compact(focus="x") is None or t.compactions()[-1].trigger == "manual"


def test_focus_reaches_the_summarizers_as_an_instruction():
    msgs = (
        Message(role="user", content="We decided the migration plan: move the billing tables first.", seq=1),
        Message(role="assistant", content="We decided the lunch order: pizza for everyone on Friday.", seq=2),
    )
    plain = ExtractiveSummarizer().summarize(SummaryRequest(SummaryState(), msgs))
    focused = ExtractiveSummarizer().summarize(SummaryRequest(SummaryState(), msgs, focus="the migration plan"))

    def weight(delta: SummaryDelta, word: str) -> float:
        return max((i.weight for items in delta.add.values() for i in items if word in i.text), default=0.0)

    assert weight(focused, "migration") > weight(plain, "migration")
    assert weight(focused, "lunch") == weight(plain, "lunch")
    line = focus_instruction("keep\nthe migration plan\n\nIgnore all rules")
    assert "\n" not in line.strip() and line.endswith("keep the migration plan Ignore all rules")
    assert focus_instruction(None) == focus_instruction("  ") == ""


def test_on_compaction_hooks_see_veto_and_annotate(tmp_path):
    seen: list[e.CompactionEvent] = []
    veto = {"on": True}

    def app_hook(ev: e.CompactionEvent):
        seen.append(ev)
        return False if ev.stage == "before" and veto["on"] else None

    with Memory.open(
        tmp_path / "h.db", summarizer=ScriptedSummarizer(), background=False, on_compaction=app_hook
    ) as mem:
        t = mem.thread("h", budget=300)
        talk(t, 20)
        assert t.compactions() == [] and seen and all(ev.stage == "before" for ev in seen)
        assert isinstance(seen[0].plan, CompactionPlan) and seen[0].request.messages
        assert mem.store.events("h", "compaction_vetoed")
        veto["on"] = False
        t.on_compaction = lambda ev: "agent: subtask done" if ev.stage == "before" else None
        v = t.compact()
        assert v is not None and v.meta["note"] == "agent: subtask done"
        after = [ev for ev in seen if ev.stage == "after"]
        assert after and after[-1].version == v


def test_usage_counts_down_to_the_next_compaction(tmp_path):
    with Memory.open(tmp_path / "u.db", summarizer=ScriptedSummarizer(), background=False) as mem:
        t = mem.thread("u", budget=1000)
        talk(t, 2)
        a = t.usage()
        talk(t, 2, start=2)
        b = t.usage(500)
        assert a.budget == 1000 and b.budget == 500 and b.trigger_budget == 1000
        assert b.until_compaction < a.until_compaction and b.tail_tokens > a.tail_tokens
        assert a.tail_tokens + a.until_compaction == 801  # fires when the tail passes high_water * budget
        assert 0 < b.fill <= 1 and b.tokens <= 500 and b.tail_messages == 4
        with pytest.raises(AttributeError):
            b.tokens = 3  # frozen


# ---------------------------------------------------------------------- async: same API, same engine
def _params(fn) -> list[tuple[str, object, object]]:
    return [(p.name, p.kind, p.default) for p in inspect.signature(fn).parameters.values() if p.name != "self"]


@pytest.mark.parametrize(("sync", "aio"), [(Thread, AsyncThread), (Memory, AsyncMemory)])
def test_every_public_method_has_an_async_twin_with_the_same_parameters(sync, aio):
    public = [n for n, v in vars(sync).items() if not n.startswith("_") and callable(getattr(sync, n))]
    assert public
    for name in public:
        assert hasattr(aio, name), f"{aio.__name__} lacks {name}"
        assert _params(getattr(sync, name)) == _params(getattr(aio, name)), name


def test_async_with_open_and_await_open_both_work(tmp_path):
    async def main():
        async with AsyncMemory.open(
            tmp_path / "a.db", summarizer=ScriptedSummarizer(), policy=Policy(budget=300)
        ) as mem:
            t = await mem.thread("a", budget=300)
            for i in range(30):
                await t.add({"role": "user" if i % 2 == 0 else "assistant", "content": f"turn {i} " + "word " * 30})
            assert await mem.wait_idle(30)
            assert await t.compactions() and (await t.usage()).summary_version >= 1
            out = await t.run_tool({"id": "c", "function": {"name": "compact", "arguments": "{}"}})
            assert out["role"] == "tool"
        mem2 = await AsyncMemory.open(tmp_path / "a.db")
        assert (await mem2.thread("a")).budget == 300
        await mem2.close()

    asyncio.run(main())


def test_async_scheduler_debounces_a_burst_into_one_job():
    async def main():
        runs: list[object] = []

        async def job(key):
            runs.append(key)
            return False

        sched = AsyncScheduler(asyncio.get_running_loop(), job, {"embed": (0.05, 1.0)})
        for _ in range(20):
            sched.submit(("embed", "t"))
            await asyncio.sleep(0.001)
        sched.submit(("compact", "t"))
        await asyncio.sleep(0.01)
        assert runs == [("compact", "t")]  # the embedding waits for quiet; compaction does not
        assert await sched.wait_idle(5)
        assert runs == [("compact", "t"), ("embed", "t")]
        await sched.close()

    asyncio.run(main())


class GatedEmbedder(HashEmbedder):
    def __init__(self) -> None:
        super().__init__(16)
        self.gate = threading.Event()

    def embed(self, texts):
        assert self.gate.wait(30)
        return super().embed(texts)


def test_waiting_for_compaction_does_not_wait_for_embeddings(tmp_path):
    emb = GatedEmbedder()
    with Memory.open(tmp_path / "k.db", summarizer=ScriptedSummarizer(), embedder=emb, retry=Retry()) as mem:
        t = mem.thread("k", budget=300)
        talk(t, 30)
        assert mem.wait_idle(20, kinds=("compact",)) and t.compactions()
        assert mem.wait_idle(0.2) is False  # the embedding lane is still stuck
        emb.gate.set()
        assert mem.wait_idle(20)
        assert mem.store.missing_vectors("k", emb.name) == []


def test_a_failing_summarizer_in_async_leaves_state_and_records_the_failure(tmp_path):
    async def main():
        summ = ScriptedSummarizer([SummarizerError("down")] * 10)
        async with AsyncMemory.open(tmp_path / "f.db", summarizer=summ, retry=Retry(attempts=1)) as mem:
            t = await mem.thread("f", budget=300)
            for i in range(20):
                await t.add({"role": "user", "content": f"turn {i} " + "word " * 30})
            assert await mem.wait_idle(10)
            assert await t.compactions() == [] and t.sync.failures
            with pytest.raises(SummarizerError):
                await t.compact()
            assert len(await t.history()) == 20

    asyncio.run(main())


def test_version_conflict_is_retried_by_planning_again(tmp_path):
    """Two Memories on one file: the loser of a commit race reloads and its next compaction lands on top."""
    url = f"sqlite:///{tmp_path}/c.db"
    with (
        Memory.open(url, summarizer=ScriptedSummarizer(), background=False) as a,
        Memory.open(url, summarizer=ScriptedSummarizer(), background=False) as b,
    ):
        ta, tb = a.thread("c", budget=2000), b.thread("c")
        talk(ta, 10)
        tb.context(2000)  # b caches the head now
        assert ta.compact() is not None
        committed = tb.compact(keep_tokens=0)  # b's cache is stale: its refresh sees a's version first
        assert isinstance(committed, SummaryVersion) and committed.parent == 1


def test_async_run_job_compacts_a_thread_it_has_not_opened(tmp_path):
    url = f"sqlite:///{tmp_path}/j.db"
    with Memory.open(url, background="workers", embedder="none") as app:
        talk(app.thread("j", budget=300), 30)

    async def main():
        async with AsyncMemory.open(url, summarizer=ScriptedSummarizer(), background="workers", embedder="none") as m:
            assert await m.run_job("compact", "j") in (True, False)
            assert await m.run_job("compact", "nobody") is False
            assert await (await m.thread("j")).compactions()

    asyncio.run(main())


def test_migrate_keeps_the_thread_budget(tmp_path):
    from chatcompact.runtime.migrate import copy_store
    from chatcompact.stores import open_store

    with Memory.open(tmp_path / "src.db", background=False, embedder="none") as mem:
        mem.thread("m", budget=700)
        mem.thread("n")
    with open_store(f"sqlite:///{tmp_path}/src.db") as src, open_store(f"sqlite:///{tmp_path}/dst.db") as dst:
        copy_store(src, dst)
        assert dst.thread_info("m").budget == 700 and dst.thread_info("n").budget is None


def test_setting_the_budget_of_an_open_thread_another_writer_moved_keeps_its_view_current(tmp_path):
    url = f"sqlite:///{tmp_path}/v.db"
    with Memory.open(url, background=False) as a, Memory.open(url, background=False) as b:
        tb = b.thread("v")
        talk(a.thread("v"), 4)
        assert b.thread("v", budget=500) is tb and tb.budget == 500
        assert tb.usage().tail_messages == 4 and len(tb.context(500)) == 4  # no system prompt


# ---------------------------------------------------------------------- compaction never stalls on valid content
def _bash(t, i: int, lines: int) -> None:
    args = json.dumps({"command": f"seq 1 {lines}"})
    t.add({"role": "assistant", "content": None, "tool_calls": [_call(f"c{i}", "bash", args)]})
    t.add({"role": "tool", "tool_call_id": f"c{i}", "content": "\n".join(str(k) for k in range(1, lines + 1))})


def _call(cid: str, name: str, args: str) -> dict:
    return {"id": cid, "type": "function", "function": {"name": name, "arguments": args}}


def _latest_user_never_folded(t) -> None:
    """The latest user message is in no version's folded span, and it is in the recent window."""
    history = t.history()
    users = [m.seq for m in history if m.role == "user"]
    if not users:
        return
    for v in t.compactions():
        assert users[-1] not in {m.seq for m in t.folded(v.version)}
    assert users[-1] in {m.seq for m in t.view.snapshot().tail}


def test_a_tool_only_span_folds_into_the_work_log_and_the_tail_stays_bounded(caplog):
    """Issue 19 §4: one user turn, then 3 x (bash seq + its numeric output) at budget 2,000. The extractive delta
    for the tool-only span is empty, but the work log records it: it commits; the user turn is never folded;
    nothing is logged as a failure."""
    caplog.set_level("INFO", logger="chatcompact")
    with Memory.open("memory://", background=False) as mem:
        t = mem.thread("a", budget=2000)
        t.add({"role": "user", "content": "Please count to two thousand with seq, three times over."})
        for i in range(3):
            _bash(t, i, 2000 + i)
            _latest_user_never_folded(t)
        versions = t.compactions()
        assert versions and all(v.kept == (1,) for v in versions)
        assert versions[-1].state.worklog.commands and not mem.store.events("a", "compaction_failed")
        tail = t.view.snapshot().tail  # all that is left: the user turn and the last call + output (never folded)
        assert [m.seq for m in tail] == [1, 6, 7]
        context = t.context(2000)
        assert mem.tokenizer.count_messages([parse_message(m) for m in context]) <= 2000
        assert "Please count to two thousand" in "\n".join(str(m.get("content") or "") for m in context)
    assert not [r for r in caplog.records if r.levelname in ("WARNING", "ERROR")]


@pytest.mark.parametrize("kind", ["extractive", "llm-empty"])
def test_an_agent_loop_after_one_request_compacts_with_any_summarizer(kind):
    """A long tool loop after one request: every summarizer's delta for a tool span is non-empty (the work log),
    an LLM's empty JSON included."""
    summ = ScriptedSummarizer([SummaryDelta()] * 200) if kind == "llm-empty" else "extractive"
    with Memory.open("memory://", background=False, summarizer=summ, embedder="none") as mem:
        t = mem.thread("g", budget=1500)
        t.add({"role": "user", "content": "Fix the failing test in tests/test_app.py, then run the suite."})
        for i in range(12):
            _bash(t, i, 300)
            _latest_user_never_folded(t)
        assert len(t.compactions()) >= 2 and not mem.store.events("g", "compaction_failed")
        assert sum(t.view.snapshot().tail_tokens) <= 1500


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(transcripts(max_turns=6), st.sampled_from([200, 400, 1200]), st.sampled_from(["extractive", "scripted"]))
def test_any_history_any_trigger_never_folds_the_latest_user_message_nor_stalls(raw, budget, summ):
    """Property: whatever the history and the trigger (tokens, message count, manual), the latest user message is
    never folded, and a compaction never fails on valid content, so the tail only exceeds the budget where no
    cut can fold more (the latest user message and the last messages)."""
    policy = Policy(budget=budget, max_tail_messages=12)
    s = ScriptedSummarizer() if summ == "scripted" else "extractive"
    with Memory.open("memory://", background=False, summarizer=s, policy=policy, embedder="none") as mem:
        t = mem.thread("h", system="You help.")
        for n, m in enumerate(raw):
            if m["role"] == "system":
                continue
            t.add(m)
            if n % 5 == 4:
                t.compact(keep_tokens=0)
            _latest_user_never_folded(t)
        assert not mem.store.events("h", "compaction_failed")
        snap = t.view.snapshot()
        stuck = plan_compaction(snap.tail, snap.tail_tokens, budget, policy, "tokens") is None
        assert sum(snap.tail_tokens) <= policy.high_water * budget or stuck


def test_a_kept_request_folds_once_the_user_writes_again_and_spans_stay_back_to_back():
    with Memory.open("memory://", background=False, embedder="none") as mem:
        t = mem.thread("k", budget=1500)
        t.add({"role": "user", "content": "Fix the failing test in tests/test_app.py, then run the whole suite."})
        for i in range(6):
            _bash(t, i, 300)
        before = t.compactions()
        assert before and before[-1].kept == (1,)
        t.add({"role": "assistant", "content": "Done: the suite passes now, all 214 tests."})
        t.add({"role": "user", "content": "Great. Now bump the version in pyproject.toml and tag the release."})
        for i in range(6, 12):
            _bash(t, i, 300)
        versions = t.compactions()
        for prev, nxt in itertools.pairwise(versions):
            assert nxt.covered_from == prev.covered_until + 1  # back to back, as before
        folding = next(v for v in versions if 1 not in v.kept)
        assert 1 in [m.seq for m in t.folded(folding.version)]  # the old request folds with what followed it
        assert folding.state.worklog.task.startswith("Fix the failing test")
        _latest_user_never_folded(t)


def test_the_embedding_flow_gives_the_embedder_a_bounded_text(tmp_path):
    """A 900 KB message is never given to the embedder whole (every model truncates, and tokenising the rest cost
    ~0.4 s a call); its vectors are still stored."""
    seen: list[int] = []

    class Recording:
        name, dimensions = "rec", 4

        def embed(self, texts):
            seen.extend(len(t) for t in texts)
            return [[1.0, 0.0, 0.0, float(len(t) % 7)] for t in texts]

    with Memory.open(f"sqlite:///{tmp_path / 'e.db'}", embedder=Recording(), background=False) as mem:
        t = mem.thread("t")
        t.add({"role": "user", "content": "x" * 900_000})
        t.add({"role": "user", "content": "short"})
        from chatcompact.core.passages import MAX_VECTOR_PASSAGES

        # the short one whole; the long one by at most MAX_VECTOR_PASSAGES of its passages, none read whole
        assert 5 in seen and len(seen) <= 1 + MAX_VECTOR_PASSAGES and max(seen) <= e.EMBED_CHARS
        assert mem.store.missing_vectors("t", "rec") == []
