"""Latency of the critical path (``add`` + ``context``) at 1k, 10k and 100k messages in one thread.

Prints p50/p99 per size for both SQLite durability levels, back to back and with a gap between
turns (a real app waits seconds for the model between turns; background compaction runs in that
gap, while back to back it competes with the next turn for the GIL), then the demo's compaction ratio.
Run: ``python benchmarks/critical_path.py [--sizes 1000,10000,100000] [--samples 500]``
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
from chatcompact.transcripts import demo_transcript, replay

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


def pct(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else values[0]


def fill(thread, corpus: list[str], n: int, batch: int = 1000) -> None:
    """Bulk-load n messages (alternating user/assistant) in atomic batches."""
    done = 0
    while done < n:
        k = min(batch, n - done)
        thread.add_many(
            {"role": "user" if (done + i) % 2 == 0 else "assistant", "content": corpus[(done + i) % len(corpus)]}
            for i in range(k)
        )
        done += k
        thread.context(2000)
        thread._mem.wait_idle()


def measure(
    size: int, samples: int, sync: str, budget: int, corpus: list[str], gap: float, embedder: str
) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(store=f"{tmp}/bench.db", synchronous=sync, embedder=embedder)
        with Memory.open(policy=Policy(budget=budget), settings=settings) as mem:
            t = mem.thread("bench", system="You are a helpful assistant.")
            fill(t, corpus, size - samples)
            t.context(budget)
            mem.wait_idle()  # measure the steady state, not the bulk load's catch-up
            lat = []
            for i in range(samples):
                msg = {"role": "user" if i % 2 == 0 else "assistant", "content": corpus[(size + i) % len(corpus)]}
                start = time.perf_counter()
                t.add(msg)
                t.context(budget)
                lat.append((time.perf_counter() - start) * 1000)
                if gap:
                    time.sleep(gap)
            stats = t.stats()
    return {
        "messages": stats["messages"],
        "p50_ms": round(pct(lat, 50), 3),
        "p99_ms": round(pct(lat, 99), 3),
        "max_ms": round(max(lat), 3),
        "summary_versions": stats["summary_version"],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="1000,10000,100000")
    ap.add_argument("--samples", type=int, default=1000)
    ap.add_argument("--budget", type=int, default=2000)
    ap.add_argument("--sync", default="FULL,NORMAL", help="SQLite synchronous levels to measure")
    ap.add_argument("--gaps", default="0,20", help="milliseconds between turns (0 = back to back)")
    ap.add_argument("--embedder", default="none", help="'local' embeds every message in the background too")
    args = ap.parse_args()
    corpus = texts()
    print(f"add+context latency, budget {args.budget}, {args.samples} samples per size (ms), embedder {args.embedder}")
    print(f"{'sync':<7}{'gap ms':>7}{'messages':>10}{'p50':>9}{'p99':>9}{'max':>9}{'versions':>10}")
    for gap in (int(g) for g in args.gaps.split(",")):
        for sync in args.sync.split(","):
            for size in (int(s) for s in args.sizes.split(",")):
                r = measure(size, args.samples, sync, args.budget, corpus, gap / 1000, args.embedder)
                print(
                    f"{sync:<7}{gap:>7}{r['messages']:>10}{r['p50_ms']:>9}{r['p99_ms']:>9}{r['max_ms']:>9}"
                    f"{r['summary_versions']:>10}"
                )
    with tempfile.TemporaryDirectory() as tmp, Memory.open(f"{tmp}/demo.db", policy=Policy(budget=2000)) as mem:
        d = replay(mem, "demo", demo_transcript(), 2000).as_dict()
    print(
        f"demo (budget 2000): {d['requests']} requests, largest {d['max_request_tokens']} tokens, "
        f"sent {d['tokens_sent']} of {d['tokens_full_history']} full-history tokens "
        f"({d['share_of_full_history']:.1%}; compaction ratio {d['compaction_ratio']}x), {d['compactions']} compactions"
    )


if __name__ == "__main__":
    main()
