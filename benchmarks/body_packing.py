"""What keeping long message bodies compressed costs and saves on SQLite (``stores._common.encode_body``).

For each kind of 2 MB tool output, a fresh SQLite thread (full text only, the background lane on and waited for
between steps, so each ``add`` is measured alone) takes ``--steps`` steps of one tool call and its output, in two
arms run alternately in one process: ``packed`` (the default: a body of ``PACK_BYTES`` or more is a zstd BLOB)
and ``plain`` (the same code with ``PACK_BYTES`` out of reach: every body JSON text, as before). Printed per kind
and arm: ``add`` p50 / max of the steps after the first two, ``context()`` p50 right after each add, reading the
thread's history back (``history()``: every body decoded), the store's files on disk per output after a WAL
checkpoint, and the compressed size of one body (zstd level 1) against its JSON. Kinds:

- ``log``: the build-log lines of ``benchmarks/agent_loop.py`` (a path, a symbol and a time on each line);
- ``source``: Python's own standard library sources, concatenated (less repetitive text);
- ``json``: a JSON array of records (an API's answer);
- ``hex``: random hexadecimal (hardly compressible: the worst case, what packing costs for nothing).

Run: ``python benchmarks/body_packing.py [--steps 8] [--kinds log,source,json,hex] [--size 2000000]``.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import random
import sqlite3
import statistics
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import agent_loop  # noqa: E402

from chatcompact import Memory, Policy  # noqa: E402
from chatcompact.stores import _common  # noqa: E402


def text_of(kind: str, size: int) -> str:
    """A tool output of ``kind`` and ``size`` characters."""
    if kind == "log":
        agent_loop.SIZES[:] = [size]
        return agent_loop.output(0)
    if kind == "source":
        files = sorted(glob.glob(os.path.join(sysconfig.get_paths()["stdlib"], "*.py")))
        out, total = [], 0
        for f in files:
            out.append(Path(f).read_text(encoding="utf-8", errors="replace"))
            total += len(out[-1])
            if total >= size:
                break
        return "".join(out)[:size]
    rnd = random.Random(7)
    if kind == "json":
        rows = [
            {"id": i, "user": f"user{i}", "email": f"u{i}@example.org", "score": round(rnd.random(), 4)}
            for i in range(size // 40)
        ]
        return json.dumps(rows)[:size]
    return "".join(rnd.choice("0123456789abcdef") for _ in range(size))


def run(kind: str, text: str, packed: bool, steps: int) -> dict[str, float]:
    """One arm: ``steps`` adds of ``text`` (varied per step) into a fresh thread; its timings and sizes."""
    keep = _common.PACK_BYTES
    _common.PACK_BYTES = keep if packed else 1 << 62
    try:
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "b.db")
            adds, ctxs = [], []
            with Memory.open(path, embedder="none", policy=Policy(budget=8000, max_message_chars=10**8)) as mem:
                t = mem.thread("b", system="You are a coding agent.")
                t.add({"role": "user", "content": "Fix the failing test."})
                for i in range(steps):
                    call = {"id": f"c{i}", "type": "function", "function": {"name": "bash", "arguments": "{}"}}
                    mem.wait_idle(60)
                    t0 = time.perf_counter()
                    t.add_many(
                        [
                            {"role": "assistant", "content": None, "tool_calls": [call]},
                            {"role": "tool", "tool_call_id": f"c{i}", "content": f"step {i}\n{text}"},
                        ]
                    )
                    adds.append((time.perf_counter() - t0) * 1000)
                    t0 = time.perf_counter()
                    t.context(8000)
                    ctxs.append((time.perf_counter() - t0) * 1000)
                mem.wait_idle(60)
                t0 = time.perf_counter()
                history = t.history()
                read = (time.perf_counter() - t0) * 1000
                assert history[-1].text.startswith(f"step {steps - 1}\n")
            with sqlite3.connect(path) as conn:
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            disk = sum(os.path.getsize(os.path.join(tmp, f)) for f in os.listdir(tmp))
    finally:
        _common.PACK_BYTES = keep
    later = adds[2:] or adds
    return {
        "add_p50": statistics.median(later),
        "add_max": max(later),
        "ctx_p50": statistics.median(ctxs),
        "read": read,
        "disk_mb": disk / steps / 1e6,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=8)
    ap.add_argument("--size", type=int, default=2_000_000)
    ap.add_argument("--kinds", default="log,source,json,hex")
    ap.add_argument("--rounds", type=int, default=2, help="alternations of the two arms (figures: the best round)")
    args = ap.parse_args()
    print(
        f"{args.steps} steps of a {args.size:,}-character tool output per arm, {args.rounds} rounds alternating "
        f"packed / plain, PACK_BYTES {_common.PACK_BYTES:,}; load average {os.getloadavg()[0]:.2f}"
    )
    print(
        f"{'kind':<7} {'arm':<7} {'zstd/JSON':>10} {'add p50':>8} {'add max':>8} {'ctx p50':>8} "
        f"{'history':>8} {'disk/output':>12}"
    )
    import zstandard

    for kind in args.kinds.split(","):
        text = text_of(kind, args.size)
        raw = json.dumps({"role": "tool", "content": text}).encode()
        ratio = len(zstandard.ZstdCompressor(level=1).compress(raw)) / len(raw)
        best: dict[str, dict[str, float]] = {}
        for _ in range(args.rounds):
            for arm in ("packed", "plain"):
                got = run(kind, text, arm == "packed", args.steps)
                if arm not in best or got["add_p50"] < best[arm]["add_p50"]:
                    best[arm] = got
        for arm in ("packed", "plain"):
            r = best[arm]
            shown = f"{ratio:.3f}" if arm == "packed" else "1"
            print(
                f"{kind:<7} {arm:<7} {shown:>10} {r['add_p50']:>8.1f} {r['add_max']:>8.1f} {r['ctx_p50']:>8.1f} "
                f"{r['read']:>8.1f} {r['disk_mb']:>9.2f} MB"
            )
    print(f"(ms; plain is the reference: every body stored as JSON text); load average now {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
