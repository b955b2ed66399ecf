"""Background vs inline compaction with a slow model (issue 3's benchmark).

Replays the first 600 turns of a LoCoMo conversation through a thread whose summarizer is the real
OpenAI-compatible client talking to a real local HTTP server that sleeps ``--delay`` seconds per
call (``tests/fake_llm_server.py``), once with compaction inline (``background=False``) and once in
the background. Between turns the app "waits for its model" for ``--gap`` seconds, as a real app
does; background compaction runs in that time. Prints p50/p99 of ``add``+``context``, summarizer
calls per 100 turns, and tokens billed (requests at every user turn + summarizer input/output,
counted with o200k_base) against sending the full history at every user turn.

``--embed-quiet 0,0.03 --repeat 3`` compares how long the embedding lane waits for a quiet moment
(0: it embeds each message as soon as it is added), interleaved so both variants share the machine's load.

Run: ``python benchmarks/background.py [--turns 600] [--delay 1.5] [--gap 0.1] [--budget 2000]``
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # for tests.fake_llm_server

from tests.fake_llm_server import FakeLLMServer, Reply, echo_delta  # noqa: E402

from chatcompact import Memory, Policy  # noqa: E402
from chatcompact.runtime import archive  # noqa: E402
from chatcompact.summarizers.openai import OpenAISummarizer  # noqa: E402
from chatcompact.tokenizers import tokenizer_for  # noqa: E402
from chatcompact.transcripts import locomo_transcript  # noqa: E402
from chatcompact.types import Message  # noqa: E402

DATA = ROOT.parent / "shared" / "data" / "locomo_dev.json"


def pct(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


def run(background: bool, turns: list[dict], args: argparse.Namespace) -> dict[str, float]:
    tok = tokenizer_for("gpt-4o")
    with FakeLLMServer(default=Reply(echo_delta), delay=args.delay) as server, tempfile.TemporaryDirectory() as tmp:
        summ = OpenAISummarizer("slow-model", base_url=server.url, timeout=30)
        policy = Policy(budget=args.budget)
        mem = Memory.open(f"{tmp}/b.db", summarizer=summ, policy=policy, background=background, embedder=args.embedder)
        t = mem.thread("bench", system="You are a helpful assistant.")
        lat, sent, full = [], 0, tok.count_messages([Message(role="system", content="You are a helpful assistant.")])
        full_total = 0
        for raw in turns:
            start = time.perf_counter()
            stored = t.add(raw)
            res = t.assemble(args.budget)
            lat.append((time.perf_counter() - start) * 1000)
            full += tok.count_message(stored)
            if stored.role == "user":  # one model request per user turn
                sent += res.tokens
                full_total += full
            time.sleep(args.gap)
        mem.wait_idle(120)
        calls = len(server.requests)
        s_in = sum(tok.count(json.dumps(r["body"].get("messages", ""))) for r in server.requests)
        s_out = sum(tok.count(json.dumps(echo_delta(r["body"]))) for r in server.requests)
        versions = len(t.compactions())
        mem.close()
        summ.close()
    return {
        "p50": pct(lat, 50),
        "p99": pct(lat, 99),
        "max": max(lat),
        "calls_per_100": 100 * calls / len(turns),
        "versions": versions,
        "sent": sent,
        "summarizer_in": s_in,
        "summarizer_out": s_out,
        "full": full_total,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--turns", type=int, default=600)
    ap.add_argument("--delay", type=float, default=1.5, help="seconds per summarizer call")
    ap.add_argument("--gap", type=float, default=0.1, help="seconds between turns (the app awaiting its model)")
    ap.add_argument("--budget", type=int, default=2000)
    ap.add_argument("--sample", default="conv-41", help="LoCoMo conversation with at least --turns turns")
    ap.add_argument("--modes", default="inline,background", help="which runs to do")
    ap.add_argument("--embed-quiet", default=str(archive.EMBED_QUIET), help="seconds (comma list) the embed lane waits")
    ap.add_argument("--embedder", default="local", help="'none' leaves recall full-text only (no embedding lane)")
    ap.add_argument("--repeat", type=int, default=1, help="rounds of all variants, interleaved")
    args = ap.parse_args()
    sample = next(s for s in json.loads(DATA.read_text()) if s["sample_id"] == args.sample)
    turns = locomo_transcript(sample).messages[: args.turns]
    print(
        f"{len(turns)} turns of LoCoMo {args.sample}, budget {args.budget}, summarizer {args.delay}s per call, "
        f"{args.gap}s between turns, embedder {args.embedder}"
    )
    print(
        f"{'mode':<11}{'quiet':>6}{'p50 ms':>8}{'p99 ms':>8}{'max ms':>9}"
        f"{'calls/100':>10}{'tokens billed':>15}{'of full':>9}"
    )
    variants = [(m, float(q)) for m in args.modes.split(",") for q in args.embed_quiet.split(",")]
    for _ in range(args.repeat):
        for mode, quiet in variants:
            archive.EMBED_QUIET = quiet  # read by each new Memory
            r = run(mode == "background", turns, args)
            billed = r["sent"] + r["summarizer_in"] + r["summarizer_out"]
            print(
                f"{mode:<11}{quiet:>6}{r['p50']:>8.2f}{r['p99']:>8.2f}{r['max']:>9.1f}"
                f"{r['calls_per_100']:>10.2f}{billed:>15,}{billed / r['full']:>9.1%}"
            )
            print(
                f"{'':<11}requests {r['sent']:,} + summarizer in {r['summarizer_in']:,} / out {r['summarizer_out']:,}; "
                f"full history {r['full']:,}; {r['versions']} summary versions"
            )


if __name__ == "__main__":
    main()
