"""What the first ``recall`` / ``context(query=...)`` costs on a thread whose messages have no vectors yet.

A thread of ``--messages`` messages is written straight to a SQLite store (as an import or another process would,
so nothing has been embedded), then opened with the bundled embedder and asked, in order: ``recall`` twice and
``context(budget, query=...)`` once. Each call is timed, with the number of messages embedded during it. A request
should embed its query and nothing else (the background lane embeds the backlog); before issue 21 the first one
embedded up to 8 batches of 64 inline. The background lane is held back while the requests are timed (so it does
not compete for the cores), then flushed: the last line is how long it takes to embed the whole backlog.

Run: ``python benchmarks/recall_backlog.py [--messages 10000] [--quick]`` (``--quick``: 2,000 messages)
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time

from chatcompact import Memory
from chatcompact.embedders import resolve_embedder
from chatcompact.runtime import archive
from chatcompact.stores import SQLiteStore
from chatcompact.types import parse_message

_WORDS = tuple(
    [
        "invoice",
        "parcel",
        "refund",
        "order",
        "shipment",
        "customer",
        "address",
        "payment",
        "label",
        "warehouse",
        "courier",
        "tracking",
        "delay",
        "damaged",
        "replacement",
        "discount",
        "voucher",
        "account",
        "password",
        "login",
        "email",
        "subscription",
        "plan",
        "upgrade",
        "support",
        "ticket",
        "priority",
        "escalation",
        "manager",
        "callback",
        "schedule",
        "monday",
        "friday",
        "morning",
        "evening",
        "weekend",
        "holiday",
    ]
)


def texts(n: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    return [f"message {i}: " + " ".join(rng.choice(_WORDS) for _ in range(rng.randint(30, 90))) for i in range(n)]


def missing(mem: Memory, tid: str) -> int:
    name = mem.embedder.name if mem.embedder is not None else ""
    return len(mem.store.missing_vectors(tid, name, 10**9))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--messages", type=int, default=10_000)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    n = 2_000 if args.quick else args.messages
    print(f"load average {os.getloadavg()[0]:.1f}; {n:,} messages without vectors")
    with tempfile.TemporaryDirectory() as tmp:
        store = SQLiteStore(f"{tmp}/b.db")
        store.ensure_thread("t", None)
        msgs = [parse_message({"role": "user" if i % 2 else "assistant", "content": t}) for i, t in enumerate(texts(n))]
        store.append("t", msgs, [80] * n)
        store.close()
        embedder = resolve_embedder("local")
        if embedder is None:
            print("skipped: no bundled embedder")
            return
        embedder.embed(["warm up"])  # the model load is not part of any request
        archive.EMBED_QUIET = archive.EMBED_MAX_LAG = 3600.0  # read when the Memory is built: the lane waits
        with Memory.open(f"{tmp}/b.db", embedder=embedder) as mem:
            t = mem.thread("t")
            calls = [
                ("recall #1", lambda: t.recall("was the damaged parcel replaced?", k=5)),
                ("recall #2", lambda: t.recall("when is the courier callback scheduled?", k=5)),
                ("context(query=)", lambda: t.context(budget=4000, query="what did we say about the refund?")),
            ]
            for name, call in calls:
                before = missing(mem, "t")
                t0 = time.perf_counter()
                call()
                ms = (time.perf_counter() - t0) * 1000
                print(f"  {name:16s} {ms:9.1f} ms, messages embedded meanwhile: {before - missing(mem, 't'):5,}")
            t0 = time.perf_counter()
            mem.wait_idle(3600)
            print(f"  background lane embedded the rest in {time.perf_counter() - t0:.1f} s; left: {missing(mem, 't')}")
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
