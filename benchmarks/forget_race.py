"""Forget racing a compaction (issue 20 §1), as trials: process B compacts a thread with an ``on_compaction`` hook
that holds it at stage "before" (its plan and the summarizer's input already read, turn 5 among them) while process
A forgets turn 5; then B resumes. A trial fails when afterwards any summary version, the latest summary or a
context (with and without a query) still quotes turn 5. ``benchmarks/crash.py`` prints these figures under its
table; run alone: ``python benchmarks/forget_race.py [--trials 5] [--stores sqlite,postgres] [--hold 3]``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing as mp
import os
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from typing import Any

SECRET = "Quokka-Zanzibar-4242"


def turn(i: int) -> dict[str, str]:
    if i == 5:
        return {"role": "user", "content": f"My locker code is {SECRET}, please remember it for the trip."}
    return {"role": "user" if i % 2 else "assistant", "content": f"Turn {i}: the hiking trip to the lake, the weather."}


def _compactor(url: str, hold: float, in_hook: Any, go: Any, out: Any) -> None:
    """Process B: a manual compaction held at stage "before" until A forgot (or ``hold`` seconds passed)."""
    from chatcompact import Memory
    from chatcompact.errors import VersionConflict

    def hook(event: Any) -> None:
        if event.stage == "before" and not in_hook.is_set():
            in_hook.set()
            go.wait(hold)
            time.sleep(0.05)  # A's forget has committed: resume on the stale plan

    try:
        with Memory.open(url, summarizer="extractive", background=False, on_compaction=hook) as mem:
            v = mem.thread("r").compact(keep_tokens=40)
            out.put("committed" if v is not None else "nothing")
    except VersionConflict:
        out.put("conflict")
    except BaseException as exc:  # reported as the trial's outcome
        out.put(f"crashed: {exc!r}")


def trial(url: str, hold: float) -> tuple[bool, str]:
    """One race on a fresh thread at ``url``; (turn 5 still quoted anywhere, B's outcome)."""
    from chatcompact import Memory, Policy

    with Memory.open(url, summarizer="extractive", policy=Policy(budget=4000), background=False) as mem:
        mem.thread("r", system="You are a travel assistant.").add_many([turn(i) for i in range(1, 31)])
    ctx = mp.get_context("spawn")
    in_hook, go, out = ctx.Event(), ctx.Event(), ctx.Queue()
    proc = ctx.Process(target=_compactor, args=(url, hold, in_hook, go, out))
    proc.start()
    try:
        if not in_hook.wait(120):
            return True, "B never reached its hook"
        with Memory.open(url, summarizer="extractive", background=False) as mem:
            mem.thread("r").forget([5])
            go.set()
            proc.join(120)
            outcome = out.get(timeout=30)
            t = mem.thread("r")
            seen = [v.model_dump_json() for v in t.compactions()]
            seen += [json.dumps(t.context()), json.dumps(t.context(query="what is my locker code?"))]
            return any(SECRET in text for text in seen), outcome
    finally:
        go.set()
        proc.join(30)


@contextlib.contextmanager
def urls(kind: str, pg_url: str | None) -> Iterator[Any]:
    """A factory of fresh store URLs of ``kind`` (SQLite files, or Postgres schemas on ``pg_url``)."""
    if kind == "sqlite":
        with tempfile.TemporaryDirectory() as tmp:
            yield lambda: os.path.join(tmp, f"{uuid.uuid4().hex[:8]}.db")
        return
    import psycopg

    from chatcompact.testing import postgres_schema_url

    names: list[str] = []

    def fresh() -> str:
        name = f"race_{uuid.uuid4().hex[:10]}"
        with psycopg.connect(pg_url, autocommit=True) as conn:  # type: ignore[arg-type]
            conn.execute(f"CREATE SCHEMA {name}")
        names.append(name)
        return postgres_schema_url(pg_url, name)  # type: ignore[arg-type]

    try:
        yield fresh
    finally:
        with psycopg.connect(pg_url, autocommit=True) as conn:  # type: ignore[arg-type]
            for name in names:
                conn.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")


def run(kinds: list[str], trials: int, hold: float, pg_url: str | None) -> dict[str, dict[str, int]]:
    """``trials`` races per store: {store: {"trials", "still_quoted", outcome counts...}}."""
    out: dict[str, dict[str, int]] = {}
    for kind in kinds:
        row = {"trials": 0, "still_quoted": 0}
        with urls(kind, pg_url) as fresh:
            for _ in range(trials):
                quoted, outcome = trial(fresh(), hold)
                row["trials"] += 1
                row["still_quoted"] += int(quoted)
                key = outcome.split(":")[0]
                row[key] = row.get(key, 0) + 1
        out[kind] = row
    return out


def lines(result: dict[str, dict[str, int]]) -> list[str]:
    rows = ["forget racing compaction (B held at 'before' while A forgets turn 5); target: still quoted 0"]
    for kind, row in result.items():
        rest = ", ".join(f"{k} {v}" for k, v in row.items() if k not in ("trials", "still_quoted"))
        rows.append(f"  {kind:<9} trials {row['trials']:>3}  still quoted {row['still_quoted']:>2}   B: {rest}")
    return rows


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--trials", type=int, default=5)
    p.add_argument("--stores", default="sqlite,postgres")
    p.add_argument("--hold", type=float, default=3.0, help="longest hold of B at its hook, seconds")
    p.add_argument("--pg-url", default=None)
    opts = p.parse_args(argv)
    kinds = [k for k in opts.stores.split(",") if k]
    with contextlib.ExitStack() as stack:
        pg = opts.pg_url
        if "postgres" in kinds and pg is None:
            from chatcompact.testing import postgres_server

            pg = stack.enter_context(postgres_server())
        result = run(kinds, opts.trials, opts.hold, pg)
    print("\n".join(lines(result)))
    return 1 if any(r["still_quoted"] for r in result.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
