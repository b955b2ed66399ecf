"""Background compaction: add/context never wait for the summarizer; failures and shutdown are clean."""

from __future__ import annotations

import threading
import time

import pytest

from chatcompact import Memory, Policy, SummarizerError
from chatcompact.runtime.background import Foreground, Retry, Scheduler
from chatcompact.testing import ScriptedSummarizer
from chatcompact.types import SummaryDelta


class GatedSummarizer(ScriptedSummarizer):
    """Blocks every call until ``gate`` is set, like a slow model."""

    def __init__(self) -> None:
        super().__init__(name="gated")
        self.gate = threading.Event()
        self.entered = threading.Event()

    def summarize(self, request):
        self.first = getattr(self, "first", request)
        self.entered.set()
        assert self.gate.wait(30), "test never opened the gate"
        return super().summarize(request)


def _talk(t, n, start=0):
    for i in range(start, start + n):
        t.add({"role": "user" if i % 2 == 0 else "assistant", "content": f"turn {i} " + "word " * 40})


def test_add_and_context_do_not_wait_for_a_blocked_summarizer(tmp_path):
    summ = GatedSummarizer()
    with Memory.open(tmp_path / "m.db", summarizer=summ, policy=Policy(budget=600)) as mem:
        t = mem.thread("bg", system="sys")
        _talk(t, 12)
        assert summ.entered.wait(10)  # a compaction is in flight and blocked
        _talk(t, 30, start=12)  # these return although the summarizer is stuck
        res = t.assemble(600)
        assert res.tokens <= 600 and res.hidden  # over budget before a summary landed: elided, announced
        assert "not shown to fit the context budget" in "\n".join(m.text for m in res.messages if m.seq is None)
        assert t.compactions() == []
        planned = summ.first.messages
        summ.gate.set()
        assert mem.wait_idle(30)
        first = t.compactions()[0]
        assert (first.covered_from, first.covered_until) == (planned[0].seq, planned[-1].seq)
        assert len(t.history()) == 42
        assert t.assemble(600).tokens <= 600


def test_retryable_errors_are_retried_then_commit(tmp_path):
    flaky = SummarizerError("429 rate limited", retryable=True)
    summ = ScriptedSummarizer([flaky, flaky, SummaryDelta(narrative="Talked about turns.")])
    mem = Memory.open(tmp_path / "m.db", summarizer=summ, retry=Retry(attempts=3, base_delay=0.0))
    with mem:
        t = mem.thread("r")
        _talk(t, 6)
        v = t.compact(keep_tokens=0)
        assert v is not None and v.state.narrative == "Talked about turns." and len(summ.requests) == 3


def test_giving_up_records_failure_and_cools_down(tmp_path):
    flaky = SummarizerError("503", retryable=True)
    summ = ScriptedSummarizer([flaky] * 3)
    retry = Retry(attempts=3, base_delay=0.0, cooldown=3600)
    with Memory.open(tmp_path / "m.db", summarizer=summ, policy=Policy(budget=400), retry=retry) as mem:
        t = mem.thread("c")
        _talk(t, 20)
        assert mem.wait_idle(30)
        assert len(t.failures) == 1 and "503" in t.failures[0].error
        assert len(summ.requests) == 3  # one compaction, three attempts, then the cooldown holds
        assert t.compactions() == [] and len(t.history()) == 20


def test_close_with_a_compaction_in_flight_leaves_a_consistent_store(tmp_path):
    summ = GatedSummarizer()
    mem = Memory.open(tmp_path / "m.db", summarizer=summ, policy=Policy(budget=600))
    t = mem.thread("x")
    _talk(t, 12)
    assert summ.entered.wait(10)
    mem.close(timeout=0.2)  # the worker is stuck in the model call: close must still return
    summ.gate.set()
    with Memory.open(tmp_path / "m.db", background=False) as again:
        t2 = again.thread("x")
        assert len(t2.history()) == 12 and t2.compactions() == []
        assert t2.compact() is not None  # the next open picks the work up


def test_scheduler_debounces_and_survives_crashing_jobs():
    seen, gate = [], threading.Event()

    def job(key):
        gate.wait(5)
        seen.append(key)
        if key == "boom":
            raise RuntimeError("crash")
        return False

    s = Scheduler(job)
    for key in ["a", "a", "boom", "a", "b"]:
        s.submit(key)
    gate.set()
    assert s.wait_idle(5)
    s.submit("c")
    assert s.wait_idle(5)
    s.close()
    assert seen.count("a") <= 2 and "boom" in seen and seen[-1] == "c"


def test_inline_mode_compacts_inside_add(tmp_path):
    with Memory.open(tmp_path / "m.db", background=False, policy=Policy(budget=400)) as mem:
        t = mem.thread("i")
        _talk(t, 20)
        assert t.compactions(), "inline mode must have compacted during add()"
        assert mem.scheduler is None


@pytest.mark.parametrize("background", [True, False])
def test_manual_compact_returns_none_when_nothing_to_fold(tmp_path, background):
    with Memory.open(tmp_path / "m.db", background=background) as mem:
        t = mem.thread("n")
        t.add({"role": "user", "content": "only one message"})
        assert t.compact() is None


def test_delayed_lane_folds_a_burst_into_one_job_and_wait_idle_flushes_it():
    runs = []
    s = Scheduler(lambda key: runs.append(key) or False, delay=3600)  # never due on its own during the test
    for _ in range(5):
        s.submit("t")
    assert s.busy("t") and runs == []  # queued, waiting for quiet
    assert s.wait_idle(10)  # flushes: waiting out a debounce helps nobody
    assert runs == ["t"]
    s.close()


def test_delayed_lane_runs_by_max_wait_under_a_steady_stream():
    ran = threading.Event()
    s = Scheduler(lambda key: ran.set() or False, delay=3600, max_wait=0.01)
    for _ in range(10_000):  # every submit restarts the quiet wait; max_wait still bounds it
        s.submit("t")
        if ran.wait(0.005):
            break
    assert ran.is_set()
    s.close()


def test_delayed_lane_close_drops_what_waits_and_returns():
    runs = []
    s = Scheduler(lambda key: runs.append(key) or False, delay=3600)
    s.submit("t")
    s.close(timeout=10)
    assert runs == [] and not s.busy("t")
    s.submit("t")  # closed: ignored
    assert not s.busy("t")


def test_debounce_restarts_the_wait_but_never_past_max_wait():
    from chatcompact.runtime.background import Debounce

    d: Debounce[str] = Debounce()
    d.push("k", 0.0, delay=1.0, max_wait=2.5)
    assert "k" in d and d.at("k") == 1.0
    d.push("k", 0.8, delay=1.0, max_wait=2.5)  # a submit while waiting restarts the wait
    assert d.at("k") == 1.8
    d.push("k", 2.0, delay=1.0, max_wait=2.5)  # but never later than max_wait after the first submit
    assert d.at("k") == 2.5
    d.push("j", 2.0, delay=1.0, max_wait=2.5, now=True)
    assert d.at("j") == 2.0
    d.flush()  # everything due now
    assert d.at("k") == 0.0 and d.at("j") == 0.0
    d.push("k", 3.0, delay=1.0, max_wait=2.5)  # still the same burst: its first submit stays
    assert d.at("k") == 2.5
    d.pop("k")
    d.pop("k")  # popping a key that is not waiting is a no-op
    assert "k" not in d and "j" in d
    d.clear()
    assert "j" not in d


def test_a_memory_runs_its_jobs_on_the_scheduler_it_is_given():
    """``Memory.use_scheduler``: an app's own JobScheduler receives every job (here it runs them at once);
    something that is not one is refused with a ConfigError naming what it lacks."""
    import pytest

    from chatcompact import JobScheduler, Memory, Policy
    from chatcompact.errors import ConfigError
    from chatcompact.testing import ScriptedSummarizer

    class Now:
        def __init__(self, mem: Memory) -> None:
            self.mem, self.keys = mem, []

        def submit(self, key):
            self.keys.append(key)
            self.mem.run_job(*key)

        def wait_idle(self, timeout=None, kinds=None):
            return True

        def close(self, timeout=10.0):
            self.closed = True

    with Memory.open("memory://", summarizer=ScriptedSummarizer(), policy=Policy(budget=300), embedder="none") as mem:
        mine = Now(mem)
        assert isinstance(mine, JobScheduler)
        mem.use_scheduler(mine)
        t = mem.thread("s")
        for i in range(30):
            t.add({"role": "user" if i % 2 == 0 else "assistant", "content": f"turn {i} " + "word " * 20})
        assert ("compact", "s") in mine.keys and t.compactions()  # the jobs ran where the app put them
        with pytest.raises(ConfigError, match="submit, wait_idle and close"):
            mem.use_scheduler(object())  # type: ignore[arg-type]
        assert mem.scheduler is mine


def test_foreground_counts_nested_hot_calls_and_times_out():
    fg = Foreground(max_wait=0.05)
    assert fg.wait_quiet() and not fg.busy
    with fg, fg:
        assert fg.busy and not fg.wait_quiet()  # waited max_wait, a hot call still runs
    assert fg.wait_quiet(0) and not fg.busy
    released = threading.Event()

    def hold() -> None:
        with fg:
            released.wait(5)

    holder = threading.Thread(target=hold)
    holder.start()
    while not fg.busy:
        pass
    threading.Timer(0.05, released.set).start()
    assert fg.wait_quiet(5)  # woken when the last hot call ends, long before the 5 s
    holder.join()


def test_a_background_compaction_gives_way_to_a_hot_call_until_it_ends(tmp_path):
    summ = ScriptedSummarizer()
    with Memory.open(tmp_path / "m.db", summarizer=summ, policy=Policy(budget=600), embedder="none") as mem:
        mem.foreground.max_wait = 30.0
        t = mem.thread("fg", system="sys")
        with mem.foreground:  # a hot call of another thread is running all along
            _talk(t, 30)  # triggers a compaction in the background
            time.sleep(0.5)
            assert summ.requests == [] and t.compactions() == []  # it waits at its first pause, before the model
        assert mem.wait_idle(30)
        assert summ.requests and t.compactions()


def test_an_inline_compaction_never_waits_for_the_hot_call_it_runs_in(tmp_path):
    summ = ScriptedSummarizer()
    policy = Policy(budget=600)
    with Memory.open(tmp_path / "m.db", summarizer=summ, policy=policy, background=False, embedder="none") as mem:
        mem.foreground.max_wait = 30.0
        t = mem.thread("inline", system="sys")
        started = time.monotonic()
        _talk(t, 30)
        assert t.compactions() and time.monotonic() - started < 20


EXIT_SCRIPT = """
import sys, time
from chatcompact import Memory
mem = Memory.open(sys.argv[1], embedder="local")
t = mem.thread("t", system="s")
note = "note {0}: the invoice for order {0} went to the archive " * 6
t.add_many([{"role": "user", "content": note.format(i)} for i in range(400)])
time.sleep(0.3)  # the embedding lane starts after a quiet 30 ms: the script ends while it embeds
print(len(t.history()), flush=True)
"""


def test_a_script_that_ends_while_the_embedder_runs_exits_cleanly(tmp_path):
    """No ``close()``: the lanes are closed at exit (their running job stops at its next pause). Before, onnxruntime's
    native threads were torn down mid-batch as Python finalised: "terminate called without an active exception",
    exit status 134, after every add had been stored."""
    import subprocess
    import sys

    from chatcompact.embedders.local import LocalEmbedder

    if not LocalEmbedder.available():
        pytest.skip("the bundled embedder (chatcompact[embed]) is not installed")
    script = tmp_path / "ends.py"
    script.write_text(EXIT_SCRIPT)
    db = tmp_path / "m.db"
    done = subprocess.run([sys.executable, str(script), str(db)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "terminate called" not in done.stderr
    assert done.stdout.strip() == "400"
    with Memory.open(str(db), embedder="none") as mem:  # nothing stored was lost
        assert len(mem.thread("t").history()) == 400
