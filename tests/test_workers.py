"""Workers: apps with background="workers" only enqueue; worker processes take the jobs, survive kills."""

from __future__ import annotations

import itertools
import os
import signal
import subprocess
import sys
import textwrap

import pytest
from click.testing import CliRunner

from chatcompact import Memory, Policy
from chatcompact.cli import main
from chatcompact.errors import ConfigError
from chatcompact.runtime.worker import Worker
from chatcompact.testing import HashEmbedder

pytestmark = pytest.mark.timeout(120)
BUDGET = 300


def talk(t, n: int, tag: str = "") -> None:
    for i in range(n):
        t.add({"role": "user" if i % 2 == 0 else "assistant", "content": f"{tag} turn {i} " + "word " * 25})


def assert_linear(versions) -> None:
    assert [v.version for v in versions] == list(range(1, len(versions) + 1))
    for prev, nxt in itertools.pairwise(versions):
        assert nxt.parent == prev.version and nxt.covered_from == prev.covered_until + 1
    if versions:
        assert versions[0].parent is None or versions[0].parent == 0


@pytest.fixture(params=["sqlite", "postgres"])
def url(request, tmp_path) -> str:
    return f"sqlite:///{tmp_path}/w.db" if request.param == "sqlite" else request.getfixturevalue("pg_url")


def test_app_only_enqueues_and_a_worker_compacts(url: str) -> None:
    policy = Policy(budget=BUDGET)
    with Memory.open(url, policy=policy, background="workers", embedder=HashEmbedder(16)) as app:
        t = app.thread("a", system="sys")
        talk(t, 30)
        assert t.compactions() == []  # nothing ran in the app
        assert app.store.pending_jobs() == 2  # one compaction and one embedding job, however many adds
        assert app.wait_idle(0.01) is False
        with Memory.open(url, policy=policy, background="workers", embedder=HashEmbedder(16)) as wm:
            done = Worker(wm, poll_s=0.01).run(idle_exit=0.2)
        assert done >= 2 and app.store.pending_jobs() == 0 and app.wait_idle(1)
        versions = t.compactions()
        assert versions
        assert_linear(versions)
        assert t.assemble(BUDGET).tokens <= BUDGET
        assert app.store.missing_vectors("a", HashEmbedder(16).name) == []


def test_worker_cli_rolls_up_the_hierarchy(tmp_path) -> None:
    url = f"sqlite:///{tmp_path}/h.db"
    policy = Policy(budget=BUDGET, hierarchy=True)  # roll-ups every ~100 and ~1,000 messages, as the worker's
    with Memory.open(url, policy=policy, background="workers", embedder="none") as app:
        talk(app.thread("h"), 120)
        assert app.store.nodes("h") == []  # the app only enqueued
    args = ["worker", "--store", url, "--budget", str(BUDGET), "--embedder", "none", "--idle-exit", "0.3"]
    res = CliRunner().invoke(main, [*args, "--hierarchy"])
    assert res.exit_code == 0, res.output
    with Memory.open(url, policy=policy, background=False, embedder="none") as mem:
        nodes = mem.store.nodes("h")
        assert_linear(mem.thread("h").compactions())
    assert {n.level for n in nodes} >= {0, 1}  # level-0 nodes of each compaction, and roll-ups over them
    assert all(n.seq_until <= 120 for n in nodes)


def test_bad_background_and_worker_options(tmp_path) -> None:
    with pytest.raises(ConfigError, match='background must be True, False or "workers"'):
        Memory.open("memory://", background="sometimes")  # type: ignore[arg-type]
    with Memory.open("memory://", background=False) as mem, pytest.raises(ConfigError, match="job kinds"):
        Worker(mem, kinds=("compact", "dance"))
    result = CliRunner().invoke(main, ["worker", "--store", "memory://", "--kinds", "nap"])
    assert result.exit_code == 2 and "job kinds must be some of" in result.output


BLOCKING_WORKER = textwrap.dedent(
    """
    import sys, time
    from chatcompact import Memory, Policy
    from chatcompact.runtime.worker import Worker

    class Stuck:  # claims its job, says so, then hangs in the model call until killed
        name = "stuck"
        def summarize(self, request):
            print("summarizing", flush=True)
            time.sleep(600)
        async def asummarize(self, request):
            raise NotImplementedError

    with Memory.open(sys.argv[1], summarizer=Stuck(), policy=Policy(budget=int(sys.argv[2])),
                     background="workers", embedder="none") as mem:
        Worker(mem, kinds=("compact",), lease_s=1.0, poll_s=0.05).run()
    """
)


def test_worker_killed_mid_job_loses_its_lease_and_another_finishes(url: str) -> None:
    policy = Policy(budget=BUDGET)
    with Memory.open(url, policy=policy, background="workers", embedder="none") as app:
        t = app.thread("k")
        talk(t, 30)
        with subprocess.Popen(
            [sys.executable, "-c", BLOCKING_WORKER, url, str(BUDGET)], stdout=subprocess.PIPE, text=True
        ) as proc:  # the with block closes the pipe
            try:
                assert proc.stdout is not None and proc.stdout.readline().strip() == "summarizing"
            finally:
                os.kill(proc.pid, signal.SIGKILL)
                proc.wait()
        assert t.compactions() == [] and app.store.pending_jobs() == 1  # the job outlived its worker
        with Memory.open(url, policy=policy, background="workers", embedder="none") as wm:
            w = Worker(wm, kinds=("compact",), poll_s=0.05)
            w.run(idle_exit=3.0)  # the dead worker's 1 s lease expires, then this one takes the job over
        assert w.jobs_done >= 1 and app.store.pending_jobs() == 0
        versions = t.compactions()
        assert versions
        assert_linear(versions)
        assert t.assemble(BUDGET).tokens <= BUDGET
        assert [m.seq for m in t.history()] == list(range(1, 31))


def test_async_memory_with_workers_only_enqueues(url: str) -> None:
    import asyncio

    from chatcompact import AsyncMemory

    async def go() -> None:
        mem = await AsyncMemory.open(url, policy=Policy(budget=BUDGET), background="workers", embedder="none")
        t = await mem.thread("as")
        for i in range(30):
            await t.add({"role": "user" if i % 2 == 0 else "assistant", "content": f"async {i} " + "word " * 25})
        assert await t.compactions() == []
        assert await mem.wait_idle(0.01) is False
        await mem.close()

    asyncio.run(go())
    with Memory.open(url, policy=Policy(budget=BUDGET), background="workers", embedder="none") as wm:
        assert Worker(wm, poll_s=0.01).run(idle_exit=0.2) >= 1
        assert_linear(wm.store.versions("as"))
        assert wm.store.versions("as")


WRITER = textwrap.dedent(
    """
    import sys
    from chatcompact import Memory, Policy
    from chatcompact.types import parse_message

    url, k, n_threads, rounds, budget = sys.argv[1], *map(int, sys.argv[2:6])
    with Memory.open(url, policy=Policy(budget=budget), background="workers", embedder="none") as mem:
        for r in range(rounds):
            for j in range(n_threads):
                tid = f"t{(j + 13 * k) % n_threads}"  # writers meet on every thread, in different orders
                t = mem.thread(tid, system="You are a support assistant.")
                text = f"w{k} r{r} " + " ".join(f"fact{k}{r}{j}{x}" for x in range(12))
                stored = t.add({"role": "user" if (r + k) % 2 == 0 else "assistant", "content": text})
                print(f"{tid} {stored.seq} {text}", flush=True)  # acknowledged: add returned
                if (r * n_threads + j) % 7 == 0:
                    ctx = t.context(budget=budget)
                    if mem.tokenizer.count_messages([parse_message(m) for m in ctx]) > budget:
                        print("OVER BUDGET", tid, flush=True)
                        sys.exit(3)
    """
)


def _worker_cmd(url: str) -> list[str]:
    code = "from chatcompact.cli import main; main()"
    args = ["worker", "--store", url, "--budget", str(BUDGET), "--embedder", "none", "--lease", "3", "--poll", "0.05"]
    return [sys.executable, "-c", code, *args]


def _versions_count(url: str) -> int:
    import psycopg

    with psycopg.connect(url) as conn:
        return int(conn.execute("SELECT count(*) FROM summary_versions").fetchone()[0])


@pytest.mark.slow
@pytest.mark.timeout(180)
def test_four_writers_two_workers_fifty_threads_one_worker_killed(pg_url: str) -> None:
    n_threads, rounds = 50, 6
    with Memory.open(pg_url, embedder="none"):  # migrate once before the processes race to do it
        pass
    env = {**os.environ, "CHATCOMPACT_EMBEDDER": "none"}
    workers = [subprocess.Popen(_worker_cmd(pg_url), env=env, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    writers = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, pg_url, str(k), str(n_threads), str(rounds), str(BUDGET)],
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
        for k in range(4)
    ]
    try:
        acks: list[list[str]] = [[] for _ in writers]
        killed, at_kill = False, 0
        # Read the writers one line at a time, round robin, and kill a worker once compactions are landing.
        open_writers = set(range(4))
        while open_writers:
            for k in list(open_writers):
                line = writers[k].stdout.readline()  # type: ignore[union-attr]
                if not line:
                    open_writers.discard(k)
                    continue
                acks[k].append(line.rstrip("\n"))
            if not killed and ((at_kill := _versions_count(pg_url)) >= 20 or not open_writers):
                os.kill(workers[0].pid, signal.SIGKILL)
                killed = True
        assert [w.wait(60) for w in writers] == [0, 0, 0, 0], [a[-1:] for a in acks]
        assert killed and workers[0].wait(10) == -signal.SIGKILL
        with Memory.open(pg_url, policy=Policy(budget=BUDGET), background="workers", embedder="none") as mem:
            assert mem.wait_idle(90), "the surviving worker did not drain the queue"
            os.kill(workers[1].pid, signal.SIGTERM)
            assert workers[1].wait(30) == 0  # a clean stop
            _check_every_thread(mem, acks, n_threads)
            assert _versions_count(pg_url) > at_kill  # the survivor went on compacting after the kill
    finally:
        for p in workers + writers:
            if p.poll() is None:
                p.kill()
                p.wait()
            for pipe in (p.stdout, p.stderr):
                if pipe is not None:
                    pipe.close()


def _check_every_thread(mem: Memory, acks: list[list[str]], n_threads: int) -> None:
    acked_total = sum(len(a) for a in acks)
    assert acked_total == 4 * 6 * n_threads
    stored_total = 0
    for j in range(n_threads):
        tid = f"t{j}"
        log = mem.store.messages(tid)
        stored_total += len(log)
        assert [m.seq for m in log] == list(range(1, len(log) + 1))
        by_seq = {m.seq: m.text for m in log}
        for k, lines in enumerate(acks):
            mine = [line.split(" ", 2) for line in lines if line.startswith(f"{tid} ")]
            # every acknowledged message is there, at the seq add() returned, in the writer's order
            assert all(by_seq[int(seq)] == text for _, seq, text in mine)
            assert [int(seq) for _, seq, _ in mine] == sorted(int(seq) for _, seq, _ in mine)
            assert [m.text for m in log if m.text.startswith(f"w{k} ")] == [text for _, _, text in mine]
        versions = mem.store.versions(tid)
        assert versions, f"{tid} was never compacted"
        assert_linear(versions)  # one lineage: each version built on the one before, spans back to back
        assert mem.thread(tid).assemble(BUDGET).tokens <= BUDGET
    assert stored_total == acked_total


class SlowSummarizer:
    """The extractive summarizer behind a model call that takes ``delay`` seconds (longer than the lease)."""

    name = "slow"

    def __init__(self, delay: float) -> None:
        import threading

        from chatcompact.summarizers.extractive import ExtractiveSummarizer

        self.delay, self.inner, self.started = delay, ExtractiveSummarizer(), threading.Event()

    def summarize(self, request):
        import time

        self.started.set()
        time.sleep(self.delay)
        return self.inner.summarize(request)

    async def asummarize(self, request):
        return self.summarize(request)


@pytest.mark.parametrize("renew", [True, False])
def test_a_running_job_keeps_its_lease_past_the_first_term(tmp_path, monkeypatch, renew: bool) -> None:
    import threading
    import time

    if not renew:  # the control: without renewal the second worker does take the job mid-run
        monkeypatch.setattr("chatcompact.runtime.worker.keep_lease", lambda *a: __import__("contextlib").nullcontext())
    url, policy, lease_s = f"sqlite:///{tmp_path}/r.db", Policy(budget=BUDGET), 0.4
    with Memory.open(url, policy=policy, background="workers", embedder="none") as app:
        talk(app.thread("r"), 30)
    slow = SlowSummarizer(delay=lease_s * 4)
    with (
        Memory.open(url, summarizer=slow, policy=policy, background="workers", embedder="none") as ma,
        Memory.open(url, summarizer=SlowSummarizer(0.0), policy=policy, background="workers", embedder="none") as mb,
    ):
        a = Worker(ma, kinds=("compact",), lease_s=lease_s, poll_s=0.05)
        b = Worker(mb, kinds=("compact",), lease_s=lease_s, poll_s=0.05)
        runner = threading.Thread(target=a.run_once)
        runner.start()
        assert slow.started.wait(30)
        stolen = False
        while runner.is_alive() and not stolen:  # b keeps trying while a's summarizer call outlasts the lease
            stolen = mb.store.claim_job(["compact"], 30) is not None
            time.sleep(0.05)
        runner.join()
        assert stolen is not renew
        if renew:
            assert ma.store.versions("r")  # a committed, and kept the job to the end
            assert_linear(ma.store.versions("r"))
            b.run(idle_exit=0.3)  # anything left (a needs another run) is claimable again once a finished
            assert mb.store.pending_jobs() == 0
