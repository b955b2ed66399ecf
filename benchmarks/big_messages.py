"""What a message of any size costs (issue 18 §3): a tool output of 0.1-2 MB and a pasted user turn.

For each size, on a fresh SQLite thread (FTS only, no embedder, no background): the ``add`` (validation, token
count, the durable append with its full-text and passage indexing), the first ``context()`` (the trimmed view
is made once, in the thread's own cache) and the next ones, ``context(query=...)``, and the tokens sent against
the budget. The reference for every figure is the same thread's ``add``/``context`` of a 1 KB output, measured
in the same run. Nothing here may raise: before, a tool output over 1,000,000 characters raised InvalidMessage
in ``add`` and a pasted user turn larger than the budget made every ``context()`` raise BudgetTooSmall.

Run: ``python benchmarks/big_messages.py [--sizes 1000,100000,1000000,2000000] [--budget 8000] [--quick]``
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from chatcompact import Memory, Policy

WORDS = ["error", "src/app/models.py", "line", "Traceback", "value", "None", "assert", "ok", "12345", "foo_bar"]
CALL = {"id": "c1", "type": "function", "function": {"name": "bash", "arguments": '{"command": "cat build.log"}'}}


def text_of(n: int, seed: int = 1) -> str:
    rnd = random.Random(seed)
    lines = (" ".join(rnd.choice(WORDS) for _ in range(10)) for _ in range(n // 60 + 1))
    return "\n".join(lines)[:n]


def ms(fn) -> tuple[float, object]:
    t0 = time.perf_counter()
    out = fn()
    return (time.perf_counter() - t0) * 1000, out


def one(size: int, role: str, budget: int, repeats: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "m.db"
        with Memory.open(path, background=False, embedder="none", policy=Policy(max_message_chars=10**8)) as mem:
            t = mem.thread("big", system="You are a coding agent.")
            t.add({"role": "user", "content": "Why does the build fail?"})
            body = text_of(size)
            if role == "tool":
                t.add({"role": "assistant", "content": None, "tool_calls": [CALL]})
                add_ms, _ = ms(lambda: t.add({"role": "tool", "tool_call_id": "c1", "content": body}))
            else:
                t.add({"role": "assistant", "content": "Paste the log, please."})
                add_ms, _ = ms(lambda: t.add({"role": "user", "content": body}))
            first, res = ms(lambda: t.assemble(budget))
            later = statistics.median(ms(lambda: t.assemble(budget))[0] for _ in range(repeats))
            query = statistics.median(
                ms(lambda: t.assemble(budget, query="where is foo_bar in models.py?"))[0] for _ in range(2)
            )
            tokens = float(res.tokens)  # type: ignore[attr-defined]
            return {"add": add_ms, "first": first, "later": later, "query": query, "tokens": tokens}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,100000,1000000,2000000", help="characters, comma-separated")
    ap.add_argument("--budget", type=int, default=8000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--quick", action="store_true", help="sizes 1000,200000 only")
    args = ap.parse_args()
    sizes = [1000, 200_000] if args.quick else [int(s) for s in args.sizes.split(",")]
    one(1000, "tool", args.budget, 1)  # warm-up: the tokenizer's vocabulary and the store's code load once
    print(f"load average before: {os.getloadavg()}")
    print(f"{'message':22} {'add ms':>9} {'ctx first':>10} {'ctx next':>9} {'ctx query':>10} {'tokens':>7}")
    ref: dict[str, dict[str, float]] = {}
    for role in ("tool", "user"):
        for size in sizes:
            r = one(size, role, args.budget, args.repeats)
            ref.setdefault(role, r)
            base = ref[role]
            print(
                f"{role + ' ' + f'{size:,} chars':22} {r['add']:9.1f} {r['first']:10.1f} {r['later']:9.2f} "
                f"{r['query']:10.1f} {int(r['tokens']):7}   (x{r['add'] / max(base['add'], 0.01):.0f} add, "
                f"x{r['later'] / max(base['later'], 0.01):.1f} context vs the {sizes[0]:,}-char {role} message)"
            )
            assert r["tokens"] <= args.budget
    print(f"budget {args.budget}: every request within it, no raise. load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
