"""Standing instructions after 100k tokens: inserted at random points of long real conversations (LoCoMo dev,
agent trajectories), are they all in ``context(budget)`` without a query at the end?

    .venv/bin/python benchmarks/instructions.py [--budget 4000] [--seed 7] [--tokens 100000]

Per source: LoCoMo conversations chained until the stream passes --tokens, and agent trajectories chained the
same way (as function-calling messages); 12 instructions (en, de, it, zh: 3 each) inserted as user turns at
seeded random points. Prints present / inserted (target: 100%). Extractive summarizer, compaction inline.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from chatcompact import Memory
from chatcompact.config import Policy
from chatcompact.evaluation.agent import load_trajectories
from chatcompact.evaluation.datasets import load_locomo

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data"
INSTRUCTIONS = [
    "From now on, always end your answers with the word 'Over'.",
    "Never use the passive voice in your replies.",
    "Do not modify any file under the tests folder.",
    "Ab jetzt bitte alle Zahlen als Ziffern schreiben.",
    "Verwende immer das metrische System.",
    "Ich bevorzuge Antworten ohne Aufzählungszeichen.",
    "D'ora in poi cita sempre la fonte.",
    "Usa sempre il formato data ISO 8601.",
    "Preferisco risposte di al massimo tre frasi.",
    "从现在开始请在每个回答后附上摘要。",
    "不要使用表情符号。",
    "我更喜欢用表格列出比较结果。",
]


def _stream(source: str, tokens: int, tok) -> list[dict]:
    out: list[dict] = []
    total = 0
    if source == "locomo":
        for conv in load_locomo(DATA / "locomo_dev.json").conversations:
            for m in conv.transcript.messages:
                out.append({"role": m["role"], "content": m["content"]})
                total += len(m["content"]) // 4
            if total >= tokens:
                break
    else:
        for i, traj in enumerate(load_trajectories(DATA / "agent_dev")):
            for m in traj.messages[1:]:
                m = dict(m)
                if m.get("tool_calls"):  # ids unique across chained trajectories
                    m["tool_calls"] = [{**c, "id": f"t{i}_{c['id']}"} for c in m["tool_calls"]]
                if m["role"] == "tool":
                    m["tool_call_id"] = f"t{i}_{m['tool_call_id']}"
                out.append(m)
                total += len(m.get("content") or "") // 4
            if total >= tokens:
                break
    return out


def run(source: str, budget: int, seed: int, tokens: int) -> tuple[int, int, int]:
    with Memory.open("memory://", policy=Policy(budget=budget), background=False, embedder="none") as mem:
        msgs = _stream(source, tokens, mem.tokenizer)
        rng = random.Random(seed)
        # insert where a user message may go: before a non-tool message (not between a call and its result)
        slots = [i for i, m in enumerate(msgs) if m["role"] != "tool"]
        points = sorted(rng.sample(slots[: len(slots) * 9 // 10], len(INSTRUCTIONS)))
        by_point = dict(zip(points, INSTRUCTIONS, strict=True))
        t = mem.thread(source, system="You are a helpful assistant.")
        for i, m in enumerate(msgs):
            if i in by_point:
                t.add({"role": "user", "content": f"By the way: {by_point[i]}"})
            t.add(m)
        text = "\n".join(str(m.get("content") or "") for m in t.context(budget=budget))
        present = sum(1 for s in INSTRUCTIONS if s in text)
        return present, len(INSTRUCTIONS), t.stats()["history_tokens"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--tokens", type=int, default=100_000)
    args = ap.parse_args()
    if not DATA.is_dir():
        print("no evaluation data; skipped")
        return 0
    for source in ("locomo", "agent"):
        present, n, hist = run(source, args.budget, args.seed, args.tokens)
        print(f"{source:<8} {present}/{n} standing instructions in context(budget={args.budget}) after {hist:,} tokens")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
