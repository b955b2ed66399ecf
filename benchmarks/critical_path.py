"""Latency of the critical path (``add`` + ``context``) at 10k messages in one thread, beside its floor.

Two scenarios, each run twice: with background compaction on, and with it off (``Policy(auto=False)``:
nothing compacts, so what remains is the foreground's own cost, the floor):

* ``back to back``: turns with no pause (background compaction competes with the next turn for the GIL);
* ``slow model``: a summarizer that takes ``--slow`` seconds (1.5 by default, like a hosted model) per
  call and a turn every ``--slow-gap`` ms (50 by default).

Prints p50/p99/max per run (target: p99 <= 5 ms with the background on), then the demo's compaction ratio.
Run: ``python benchmarks/critical_path.py [--sizes 10000] [--samples 1000] [--sync FULL]``
Text comes from LoCoMo turns when ``../shared/data/locomo_dev.json`` is present, else from the demo.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from chatcompact import Memory, Policy
from chatcompact.config import Settings
from chatcompact.protocols import SummaryRequest
from chatcompact.transcripts import demo_transcript, replay
from chatcompact.types import SummaryDelta

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "locomo_dev.json"


def texts() -> list[str]:
    if DATA.exists():
        out = []
        for sample in json.loads(DATA.read_text()):
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


def measure(size: int, samples: int, sync: str, budget: int, corpus: list[str], gap: float, slow: float, auto: bool):
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(store=f"{tmp}/bench.db", synchronous=sync, embedder="none")
        with Memory.open(policy=Policy(budget=budget), settings=settings) as mem:
            t = mem.thread("bench", system="You are a helpful assistant.")
            fill(mem, t, corpus, size - samples, budget)
            t.context(budget)
            mem.wait_idle()  # measure the steady state, not the bulk load's catch-up
            if slow:
                mem.summarizer = Slow(mem.summarizer, slow)
            if not auto:
                mem.policy = Policy(budget=budget, auto=False)
            lat = []
            for i in range(samples):
                msg = {"role": "user" if i % 2 == 0 else "assistant", "content": corpus[(size + i) % len(corpus)]}
                start = time.perf_counter()
                t.add(msg)
                t.context(budget)
                lat.append((time.perf_counter() - start) * 1000)
                if gap:
                    time.sleep(gap)
            mem.wait_idle()
            stats = t.stats()
    return {
        "messages": stats["messages"],
        "p50_ms": round(pct(lat, 50), 2),
        "p99_ms": round(pct(lat, 99), 2),
        "max_ms": round(max(lat), 2),
        "summary_versions": stats["summary_version"],
    }


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
    ap.add_argument("--no-demo", action="store_true")
    args = ap.parse_args()
    corpus = texts()
    print(f"add+context latency (ms), budget {args.budget}; target p99 <= 5 ms with the background on")
    print(f"{'scenario':<14}{'sync':<6}{'background':>11}{'messages':>10}{'p50':>8}{'p99':>8}{'max':>8}{'versions':>9}")
    runs = {"back-to-back": (args.samples, 0.0, 0.0), "slow": (args.slow_samples, args.slow_gap / 1000, args.slow)}
    for name in args.scenarios.split(","):
        samples, gap, slow = runs[name]
        for sync in args.sync.split(","):
            for size in (int(s) for s in args.sizes.split(",")):
                for auto in (True, False):
                    r = measure(size, samples, sync, args.budget, corpus, gap, slow, auto)
                    label = "on" if auto else "off(floor)"
                    print(
                        f"{name:<14}{sync:<6}{label:>11}{r['messages']:>10}{r['p50_ms']:>8}{r['p99_ms']:>8}"
                        f"{r['max_ms']:>8}{r['summary_versions']:>9}",
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
