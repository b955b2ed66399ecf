"""SIGKILL a writer at random points of add, compaction commit, roll-up, revert, forget and migrate; then check.

    python benchmarks/crash.py [--trials 1000] [--postgres]

Each trial forks a child (already imported, so a trial costs milliseconds) that works on a fresh thread through
the public API and reports each step on a pipe only after the call returned (an acknowledgement is a promise).
The parent kills it after a random delay and checks the store:

* acknowledged: steps the child reported (messages added, versions committed, turns forgotten, migrations);
* lost: an acknowledged message missing or changed (a forgotten one must be a tombstone), or a version missing;
* corrupted: the store or thread no longer opens, ``PRAGMA integrity_check`` fails, a finished migration's copy
  differs from its source, or an unfinished one is not marked;
* lineage breaks: versions not numbered 1..n with each one's parent the one before, or hierarchy nodes whose
  children are missing.

Targets: 0 lost, 0 corrupted, 0 lineage breaks.
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import signal
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

from chatcompact import Memory, Policy
from chatcompact.forget import TOMBSTONE_TEXT
from chatcompact.migrate import MARKER, copy_store
from chatcompact.stores import open_store
from chatcompact.testing import CountingTokenizer, ScriptedSummarizer

POLICY = Policy(budget=600, hierarchy=True, rollup_messages=(6, 18), max_tail_messages=0)


def text(trial: int, seq: int) -> str:
    return f"trial {trial} message {seq}: order {10000 + seq} Grüße 🚀 " + "x" * (seq % 29)


def _open(url: str) -> Memory:
    return Memory.open(
        url, summarizer=ScriptedSummarizer(), tokenizer=CountingTokenizer(), policy=POLICY, background=False
    )


def child(url: str, trial: int, fd: int, rng: random.Random, migrate_to: str | None) -> None:
    """The writer: adds, compacts (commit + roll-up), reverts, forgets, migrates; acks each step after it returned."""

    def ack(line: str) -> None:
        os.write(fd, (line + "\n").encode())

    with _open(url) as mem:
        t = mem.thread(f"trial-{trial}", system="crash test")
        while True:
            op = rng.random()
            if op < 0.55:
                seq = len(t.history()) + 1
                stored = t.add({"role": "user" if seq % 2 else "assistant", "content": text(trial, seq)})
                ack(f"m {stored.seq}")
            elif op < 0.75:
                v = t.compact(keep_tokens=0)
                if v is not None:
                    ack(f"v {v.version}")
            elif op < 0.82 and t.compactions():
                v = t.revert(rng.randint(0, len(t.compactions())))
                if v is not None:
                    ack(f"v {v.version}")
            elif op < 0.92 and t.history():
                seq = rng.randint(1, len(t.history()))
                t.forget([seq])
                ack(f"f {seq}")
            elif migrate_to is not None:
                with open_store(migrate_to) as dst:
                    copy_store(mem.store, dst)
                ack("g")
                migrate_to = None


def check(url: str, trial: int, acks: list[str], migrated: str | None) -> collections.Counter:
    """Count lost / corrupted / lineage breaks for one trial."""
    out: collections.Counter = collections.Counter()
    msgs = {int(a.split()[1]) for a in acks if a.startswith("m ")}
    forgotten = {int(a.split()[1]) for a in acks if a.startswith("f ")}
    versions = {int(a.split()[1]) for a in acks if a.startswith("v ")}
    out["acknowledged"] += len(acks)
    try:
        if url.startswith("sqlite:///"):
            with sqlite3.connect(url[len("sqlite:///") :]) as raw:
                if raw.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
                    out["corrupted"] += 1
        with _open(url) as mem:
            tid = f"trial-{trial}"
            if not msgs and tid not in {i.id for i in mem.threads()}:
                return out
            t = mem.thread(tid)
            history = {m.seq: m.text for m in t.history()}
            for seq in msgs:
                want = TOMBSTONE_TEXT if seq in forgotten else text(trial, seq)
                got = history.get(seq)
                if got is None or (got != want and got != TOMBSTONE_TEXT):
                    out["lost"] += 1
            for seq in forgotten:
                if history.get(seq) not in (TOMBSTONE_TEXT, None):
                    out["lost"] += 1  # an acknowledged forget that did not hold
            vs = t.compactions()
            numbers = [v.version for v in vs]
            out["lost"] += len(versions - set(numbers))
            if numbers != list(range(1, len(vs) + 1)) or any(v.parent != (v.version - 1 or None) for v in vs):
                out["lineage breaks"] += 1
            ids = {n.id for n in t.hierarchy()}
            if any(c not in ids for n in t.hierarchy() for c in n.children):
                out["lineage breaks"] += 1
            t.context(budget=600, query="order")
    except Exception as exc:  # anything that stops the thread from opening is corruption
        out["corrupted"] += 1
        print(f"trial {trial}: {type(exc).__name__}: {exc}", file=sys.stderr)
    if migrated is not None:
        out += check_migration(url, migrated, done="g" in acks)
    return out


def check_migration(src_url: str, dst_url: str, done: bool) -> collections.Counter:
    out: collections.Counter = collections.Counter()
    if not Path(dst_url[len("sqlite:///") :]).exists():
        return out
    with open_store(dst_url) as dst:
        ids = [i.id for i in dst.list_threads()]
        if MARKER in ids:
            out["corrupted"] += int(done)  # acknowledged as finished, yet marked unfinished
            return out
        if not ids:
            return out
        with open_store(src_url) as src:
            for tid in ids:
                a, b = src.messages(tid), dst.messages(tid)
                if [m.to_openai() for m in b] != [m.to_openai() for m in a[: len(b)]]:
                    out["corrupted"] += 1
    return out


def trial(url: str, n: int, rng: random.Random, migrate_to: str | None) -> collections.Counter:
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(r)
        try:
            child(url, n, w, random.Random(rng.random()), migrate_to)
        finally:
            os._exit(0)
    os.close(w)
    time.sleep(rng.uniform(0.01, 0.35))
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    with os.fdopen(r) as f:
        acks = [line.strip() for line in f if line.strip()]
    return check(url, n, acks, migrate_to)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=1000)
    parser.add_argument("--postgres", action="store_true", help="also run the trials on a throwaway PostgreSQL")
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    tmp = Path(tempfile.mkdtemp(prefix="chatcompact-crash-"))
    backends = [("sqlite", None)]
    if args.postgres:
        from chatcompact.testing import postgres_server

        backends.append(("postgres", postgres_server))
    print(f"{'backend':9} {'trials':>6} {'acknowledged':>12} {'lost':>5} {'corrupted':>9} {'lineage breaks':>14}")
    for name, server in backends:
        total: collections.Counter = collections.Counter()
        start = time.perf_counter()
        per = args.trials // len(backends)
        if server is None:
            for n in range(per):
                url = f"sqlite:///{tmp / f'{n % 50}.db'}"  # 50 files, each holding many trials' threads
                dst = f"sqlite:///{tmp / f'dst-{n}.db'}" if n % 10 == 0 else None
                total += trial(url, n, rng, dst)
        else:
            with server() as pg_url:
                for n in range(per):
                    total += trial(pg_url, n, rng, None)
        print(
            f"{name:9} {per:6} {total['acknowledged']:12} {total['lost']:5} {total['corrupted']:9} "
            f"{total['lineage breaks']:14}   ({time.perf_counter() - start:.0f} s)"
        )
    print("targets: 0 lost, 0 corrupted, 0 lineage breaks")


if __name__ == "__main__":
    main()
