"""Several processes appending to one SQLite store file: append p50 / p99 with the write gate and without it.

What ``chatcompact serve --workers N`` on SQLite and an app beside a ``chatcompact worker`` do. Each of
``--procs`` processes opens its own :class:`~chatcompact.stores.sqlite.SQLiteStore` on the file and appends
``--appends`` messages (a short chat turn, or ``--big`` characters of text) to a thread of its own, pausing 2 ms
between appends. Without the gate (the store's gate replaced by one of the object alone, as before it existed) a
writer that finds the file locked waits in SQLite's busy handler, which sleeps 1, 2, 5, 10, 15, 20, 25... ms
between tries; with it, writers queue on ``<file>-gate`` and start as soon as the holder commits. Both arms run in
one sitting, alternating, on the same machine state; the load average is printed beside them.

Run: ``python benchmarks/sqlite_writers.py [--procs 3] [--appends 300] [--repeat 2] [--big 0,60000]``.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from chatcompact.stores._sqlite_gate import WriteGate
from chatcompact.stores.sqlite import SQLiteStore
from chatcompact.types import parse_message


def _writer(path: str, thread_id: str, appends: int, gate: bool, big: int, out: mp.Queue) -> None:
    store = SQLiteStore(path)
    if not gate:  # the object's lock alone: other processes' writers wait in SQLite's busy handler
        store._gate.close()
        store._gate = store._backlog._gate = WriteGate(None, store._gate.timeout)
    store.ensure_thread(thread_id, None)
    text = ("log line 17 of the build\n" * (big // 25 + 1))[:big] if big else f"hello from {thread_id}"
    msg = [parse_message({"role": "user", "content": text})]
    took = []
    for _ in range(appends):
        t0 = time.perf_counter()
        store.append(thread_id, msg, [len(text) // 4 + 1])
        took.append((time.perf_counter() - t0) * 1000)
        time.sleep(0.002)
    store.close()
    out.put(took)


def run(procs: int, appends: int, gate: bool, big: int) -> list[float]:
    path = os.path.join(tempfile.mkdtemp(prefix="cc-writers-"), "w.db")
    SQLiteStore(path).close()  # created and migrated once, before the writers race
    out: mp.Queue = mp.Queue()
    ps = [mp.Process(target=_writer, args=(path, f"t{k}", appends, gate, big, out)) for k in range(procs)]
    for p in ps:
        p.start()
    took = [x for _ in ps for x in out.get()]
    for p in ps:
        p.join()
    return took


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--procs", type=int, default=3)
    ap.add_argument("--appends", type=int, default=300)
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--big", default="0,60000", help="message sizes in characters (0: a short chat turn)")
    args = ap.parse_args()
    print(f"{args.procs} processes x {args.appends} appends on one SQLite file; load average {os.getloadavg()[0]:.2f}")
    print(f"{'message':>12} {'gate':>5} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    for big in (int(b) for b in args.big.split(",")):
        got: dict[bool, list[float]] = {True: [], False: []}
        for _ in range(args.repeat):
            for gate in (False, True):
                got[gate] += run(args.procs, args.appends, gate, big)
        for gate in (False, True):
            xs = got[gate]
            p99 = statistics.quantiles(xs, n=100, method="inclusive")[98]
            label = f"{big:,} chars" if big else "chat turn"
            print(f"{label:>12} {'on' if gate else 'off':>5} {statistics.median(xs):8.2f} {p99:8.2f} {max(xs):8.1f}")
    print(f"load average now {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
