"""Hierarchical summaries over a 10,000+ message conversation (issue 5, part 1).

Replays the LoCoMo dev conversations back to back, repeated until ``--messages`` messages, through
one thread with ``Policy(hierarchy=True)`` and the extractive summarizer (compaction and roll-ups
inline, so every summarizer call is counted), on a temporary SQLite file, tokens counted with o200k.
Every ``--every`` messages it assembles a context with a LoCoMo question as the query.

Prints: nodes per level, the largest summarizer input (compactions and roll-ups separately, state +
messages, in tokens) early and late in the conversation, context tokens (max and mean, against the
budget), and time. With ``--compare`` it also replays with the hierarchy off and reports, for the
questions of categories 1-4, how often the gold answer is in ``context(budget, query=question)`` at
the end (hierarchy on vs off; both include the archive's recalled quotes).

Run: ``python benchmarks/hierarchy.py [--messages 10000] [--budget 2000] [--every 50] [--compare]
[--detail-share 0.4]``
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from chatcompact import Memory, Policy
from chatcompact.core.assemble import render_lines
from chatcompact.summarizers.extractive import ExtractiveSummarizer
from chatcompact.tokenizers import tokenizer_for
from chatcompact.transcripts import locomo_transcript

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "locomo_dev.json"


class Recording:
    """The extractive summarizer, recording each request's input size (state + messages) in tokens."""

    def __init__(self, tok) -> None:
        self.inner, self.tok, self.name = ExtractiveSummarizer(), tok, "extractive"
        self.calls: list[tuple[str, int]] = []

    def summarize(self, request):
        state = sum(ln.tokens for ln in render_lines(request.state, 0, self.tok.count))
        kind = request.kind
        self.calls.append((kind, state + sum(self.tok.count_message(m) for m in request.messages)))
        return self.inner.summarize(request)

    async def asummarize(self, request):
        return self.summarize(request)


def corpus(n: int) -> tuple[list[dict], list[tuple[str, str]]]:
    samples = json.loads(DATA.read_text(encoding="utf-8"))
    turns = [m for s in samples for m in locomo_transcript(s).messages]
    questions = [
        (q["question"], str(q["answer"])) for s in samples for q in s["qa"] if q.get("category") in (1, 2, 3, 4)
    ]
    return [turns[i % len(turns)] for i in range(n)], questions


def replay(messages, questions, budget: int, every: int, hierarchy: bool, db: str, detail_share: float) -> dict:
    tok = tokenizer_for("gpt-4o")
    summ = Recording(tok)
    policy = Policy(budget=budget, hierarchy=hierarchy, detail_share=detail_share)
    contexts: list[int] = []
    t0 = time.perf_counter()
    with Memory.open(db, summarizer=summ, policy=policy, tokenizer=tok, background=False, embedder="none") as mem:
        t = mem.thread("long", system="You are a helpful companion in a long-running chat.")
        for i, m in enumerate(messages):
            t.add(m)
            if i % every == every - 1:
                q = questions[(i // every) % len(questions)][0]
                contexts.append(t.assemble(budget, query=q).tokens)
        elapsed = time.perf_counter() - t0
        nodes = t.hierarchy()
        contained = sum(ans.lower() in _text(t.context(budget, query=q)).lower() for q, ans in questions)
        stats = t.stats()
    half = len(summ.calls) // 2
    comp = [(i, n) for i, (k, n) in enumerate(summ.calls) if k == "compaction"]
    roll = [n for k, n in summ.calls if k == "rollup"]
    return {
        "messages": len(messages),
        "history_tokens": stats["history_tokens"],
        "levels": dict(sorted(Counter(n.level for n in nodes).items())),
        "summarizer_calls": {"compaction": len(comp), "rollup": len(roll)},
        "max_input_compaction_first_half": max((n for i, n in comp if i < half), default=0),
        "max_input_compaction_second_half": max((n for i, n in comp if i >= half), default=0),
        "max_input_rollup": max(roll, default=0),
        "context_max": max(contexts),
        "context_mean": round(statistics.mean(contexts)),
        "budget": budget,
        "answers_in_context": f"{contained}/{len(questions)} ({contained / len(questions):.1%})",
        "seconds": round(elapsed, 1),
        "ms_per_message": round(1000 * elapsed / len(messages), 2),
    }


def _text(msgs: list[dict]) -> str:
    return "\n".join(str(m.get("content") or "") for m in msgs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--messages", type=int, default=10_000)
    ap.add_argument("--budget", type=int, default=2000)
    ap.add_argument("--every", type=int, default=50, help="assemble a context with a query every N messages")
    ap.add_argument("--compare", action="store_true", help="also replay with the hierarchy off")
    ap.add_argument("--detail-share", type=float, default=Policy().detail_share, help="Policy.detail_share")
    args = ap.parse_args()
    if not DATA.exists():
        sys.exit(f"LoCoMo data not found at {DATA}")
    messages, questions = corpus(args.messages)
    runs = [True, False] if args.compare else [True]
    with tempfile.TemporaryDirectory() as tmp:
        for on in runs:
            db = str(Path(tmp) / f"h{int(on)}.db")
            r = replay(messages, questions, args.budget, args.every, on, db, args.detail_share)
            print(f"hierarchy {'on ' if on else 'off'}: " + json.dumps(r))


if __name__ == "__main__":
    main()
