"""Latency of the critical path (``add`` + ``context``) at 10k messages in one thread, beside its floor.

Two scenarios, each run twice on the same thread: with background compaction on (worker threads in this
process, the default), and with compaction done elsewhere (``background="workers"`` and one ``chatcompact worker``
process on the same store: the floor, the foreground's own cost on a thread that still compacts):

* ``back to back``: turns with no pause (in-process compaction competes with the next turn for the GIL);
* ``slow model``: a summarizer that takes ``--slow`` seconds (1.5 by default, like a hosted model) per
  call and a turn every ``--slow-gap`` ms (50 by default).

Prints p50/p99/max per run (target: p99 <= 5 ms with the background on), the load average, then the demo's
compaction ratio. Run: ``python benchmarks/critical_path.py [--sizes 10000] [--samples 1000] [--sync FULL]
[--quick]``. Text comes from LoCoMo turns (``--data``, default ``../shared/data``), else from the demo.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from chatcompact import Memory, Policy
from chatcompact.config import Settings
from chatcompact.protocols import SummaryRequest
from chatcompact.transcripts import demo_transcript, replay
from chatcompact.types import SummaryDelta

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def texts(data: Path = DATA) -> list[str]:
    path = data / "locomo_dev.json"
    if path.exists():
        out = []
        for sample in json.loads(path.read_text()):
            conv = sample["conversation"]
            for key, turns in conv.items():
                if key.startswith("session_") and isinstance(turns, list):
                    out += [f"{t['speaker']}: {t['text']}" for t in turns]
        return out
    return [m["content"] for m in demo_transcript().messages if isinstance(m.get("content"), str)]


def pct(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else values[0]


class Slow:
    """The real summarizer plus a model's latency (the sleep releases the GIL, as a network wait does)."""

    def __init__(self, inner, delay: float) -> None:
        self.inner, self.delay, self.name = inner, delay, inner.name

    def summarize(self, request: SummaryRequest) -> SummaryDelta:
        time.sleep(self.delay)
        return self.inner.summarize(request)

    async def asummarize(self, request: SummaryRequest) -> SummaryDelta:
        return self.summarize(request)


def fill(mem: Memory, thread, corpus: list[str], n: int, budget: int, batch: int = 1000) -> None:
    """Bulk-load n messages (alternating user/assistant) in atomic batches, compacting as they come."""
    done = 0
    while done < n:
        k = min(batch, n - done)
        thread.add_many(
            {"role": "user" if (done + i) % 2 == 0 else "assistant", "content": corpus[(done + i) % len(corpus)]}
            for i in range(k)
        )
        done += k
        thread.context(budget)
        mem.wait_idle()


def worker_process(store: str, budget: int, slow: float) -> subprocess.Popen:
    """A ``chatcompact worker`` on the store (the slow scenario: a summarizer with the model's latency)."""
    code = (
        "import sys, time; sys.argv = ['chatcompact', 'worker', '--store', sys.argv[1], '--budget', sys.argv[2], "
        "'--embedder', 'none', '--poll', '0.05', '--log-level', 'warning']\n"
        "from chatcompact import cli\n"
    )
    if slow:  # wrap the extractive summarizer the CLI builds with the model's latency
        code += (
            "from chatcompact.summarizers import extractive as x\n"
            "inner = x.ExtractiveSummarizer.summarize\n"
            f"x.ExtractiveSummarizer.summarize = lambda self, r: (time.sleep({slow}), inner(self, r))[1]\n"
        )
    code += "cli.main()\n"
    return subprocess.Popen([sys.executable, "-c", code, store, str(budget)], stderr=subprocess.DEVNULL)


def measure(size: int, samples: int, sync: str, budget: int, corpus: list[str], gap: float, slow: float, mode: str):
    """``mode``: "threads" (compaction on this process's worker threads) or "workers" (a worker process)."""
    with tempfile.TemporaryDirectory() as tmp:
        store = f"{tmp}/bench.db"
        settings = Settings(store=store, synchronous=sync, embedder="none")
        with Memory.open(policy=Policy(budget=budget), settings=settings) as mem:
            t = mem.thread("bench", system="You are a helpful assistant.")
            fill(mem, t, corpus, size - samples, budget)
            t.context(budget)
            mem.wait_idle()  # measure the steady state, not the bulk load's catch-up
        background = "workers" if mode == "workers" else True
        worker = worker_process(store, budget, slow) if mode == "workers" else None
        try:
            with Memory.open(policy=Policy(budget=budget), settings=settings, background=background) as mem:
                t = mem.thread("bench")
                if slow and mode != "workers":
                    mem.summarizer = Slow(mem.summarizer, slow)
                lat = run_turns(t, corpus, size, samples, budget, gap)
                if mode != "workers":
                    mem.wait_idle()
                stats = t.stats()
        finally:
            if worker is not None:
                worker.terminate()
                worker.wait(30)
    return {
        "messages": stats["messages"],
        "p50_ms": round(pct(lat, 50), 2),
        "p99_ms": round(pct(lat, 99), 2),
        "max_ms": round(max(lat), 2),
        "summary_versions": stats["summary_version"],
    }


def run_turns(t, corpus: list[str], size: int, samples: int, budget: int, gap: float) -> list[float]:
    lat = []
    for i in range(samples):
        msg = {"role": "user" if i % 2 == 0 else "assistant", "content": corpus[(size + i) % len(corpus)]}
        start = time.perf_counter()
        t.add(msg)
        t.context(budget)
        lat.append((time.perf_counter() - start) * 1000)
        if gap:
            time.sleep(gap)
    return lat


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="10000")
    ap.add_argument("--samples", type=int, default=1000)
    ap.add_argument("--slow-samples", type=int, default=400, help="turns measured in the slow-model scenario")
    ap.add_argument("--budget", type=int, default=2000)
    ap.add_argument("--sync", default="FULL", help="SQLite synchronous levels to measure (FULL,NORMAL)")
    ap.add_argument("--slow", type=float, default=1.5, help="seconds per summarizer call in the slow scenario")
    ap.add_argument("--slow-gap", type=float, default=50, help="milliseconds between turns in the slow scenario")
    ap.add_argument("--scenarios", default="back-to-back,slow")
    ap.add_argument("--modes", default="threads,workers", help="threads (in-process background), workers (floor)")
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--quick", action="store_true", help="2,000 messages, 300 samples, back to back only")
    ap.add_argument("--no-demo", action="store_true")
    args = ap.parse_args()
    if args.quick:
        args.sizes, args.samples, args.scenarios = "2000", 300, "back-to-back"
    corpus = texts(args.data)
    print(f"add+context latency (ms), budget {args.budget}; target p99 <= 5 ms with the background on")
    print(f"{'scenario':<14}{'sync':<6}{'background':>17}{'messages':>10}{'p50':>8}{'p99':>8}{'max':>8}{'versions':>9}")
    runs = {"back-to-back": (args.samples, 0.0, 0.0), "slow": (args.slow_samples, args.slow_gap / 1000, args.slow)}
    labels = {"threads": "on (threads)", "workers": "worker (floor)"}
    for name in args.scenarios.split(","):
        samples, gap, slow = runs[name]
        for sync in args.sync.split(","):
            for size in (int(s) for s in args.sizes.split(",")):
                for mode in args.modes.split(","):
                    r = measure(size, samples, sync, args.budget, corpus, gap, slow, mode)
                    print(
                        f"{name:<14}{sync:<6}{labels[mode]:>17}{r['messages']:>10}{r['p50_ms']:>8}{r['p99_ms']:>8}"
                        f"{r['max_ms']:>8}{r['summary_versions']:>9}   load {os.getloadavg()[0]:.1f}",
                        flush=True,
                    )
    if args.no_demo:
        return
    with tempfile.TemporaryDirectory() as tmp, Memory.open(f"{tmp}/demo.db", policy=Policy(budget=2000)) as mem:
        d = replay(mem, "demo", demo_transcript(), 2000).as_dict()
    print(
        f"demo (budget 2000): {d['requests']} requests, largest {d['max_request_tokens']} tokens, "
        f"sent {d['tokens_sent']} of {d['tokens_full_history']} full-history tokens "
        f"({d['share_of_full_history']:.1%}; compaction ratio {d['compaction_ratio']}x), {d['compactions']} compactions"
    )


if __name__ == "__main__":
    main()
