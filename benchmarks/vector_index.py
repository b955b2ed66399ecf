"""Per-thread vector search: numpy brute force against hnswlib and usearch, at 10k / 100k / 1M vectors.

For each size and each data set it prints build time, query latency p50/p95 (one query at a time, k=10, the
way ``Store.search_vectors`` runs), recall@10 against exact brute force, the similarity ratio (summed cosine of the
returned 10 over that of the exact 10: how good the neighbours are even where they are not the exact ones), and
the resident memory the index added.

Data sets (384 dimensions, L2-normalised float32):

- ``random``: Gaussian vectors, normalised. The hardest case for a graph index (no clusters).
- ``real``: sentence embeddings of real chat turns (LoCoMo and DialogSum) with LoCoMo questions as queries; past
  the number of real turns (~8.8k) the set is padded with jittered copies (vector + Gaussian noise of norm
  ``--jitter``, renormalised), which keeps the clustered shape of real data.
- ``agent``: the same for the 60 agent trajectories (thoughts, commands and observations, 2,000 characters of each
  at most, as the embedding job sends them), with the tasks' sentences as queries.

``real`` and ``agent`` use the bundled embedder (``embedder="local"``, or ``--embedder MODULE:FACTORY``); skipped with
a note when it is not installed. The summary line checks the store's own index (``VectorIndex`` with its HNSW
settings, used from ``ANN_THRESHOLD`` vectors on) against exact search: recall@10 >= 0.98 (issue 18).

Run: ``python benchmarks/vector_index.py [--sizes 10000,100000,1000000] [--queries 200] [--data random,real,agent]
[--quick] [--data-dir ../shared/data]``. hnswlib and usearch are optional (``pip install hnswlib usearch``): a
missing one is skipped with a note.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

DIM = 384
K = 10
ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"


def rss_mib() -> float:
    """Resident set size of this process in MiB (Linux), 0 where unknown."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def pct(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else values[0]


def normalise(x: np.ndarray) -> np.ndarray:
    return (x / np.linalg.norm(x, axis=1, keepdims=True)).astype(np.float32)


def random_set(n: int, queries: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    base = normalise(rng.standard_normal((n, DIM), dtype=np.float32))
    return base, normalise(rng.standard_normal((queries, DIM), dtype=np.float32))


def load_embedder(spec: str | None):
    if spec:
        module, _, attr = spec.partition(":")
        return getattr(importlib.import_module(module), attr or "make")()
    from chatcompact.config import Settings
    from chatcompact.runtime.registry import resolve_embedder

    return resolve_embedder("local", Settings())  # None when the bundled model is not installed


def real_texts(data: Path) -> tuple[list[str], list[str]]:
    turns: list[str] = []
    questions: list[str] = []
    if (data / "locomo_dev.json").exists():
        from chatcompact.transcripts import locomo_transcript

        for sample in json.loads((data / "locomo_dev.json").read_text()):
            turns += [m["content"] for m in locomo_transcript(sample).messages]
            questions += [q["question"] for q in sample["qa"]]
    if (data / "dialogsum.dev.jsonl").exists():
        for line in (data / "dialogsum.dev.jsonl").read_text().splitlines():
            if line.strip():
                turns += [t for t in json.loads(line)["dialogue"].split("\n") if t.strip()]
    return turns, questions


def agent_texts(data: Path) -> tuple[list[str], list[str]]:
    """Every message of the agent trajectories (first 2,000 characters) and the sentences of their tasks."""
    import re

    turns: list[str] = []
    questions: list[str] = []
    for path in sorted((data / "agent_dev").glob("*.traj.json")):
        msgs = json.loads(path.read_text()).get("messages", [])
        for i, m in enumerate(msgs[1:]):
            text = m.get("content") if isinstance(m.get("content"), str) else ""
            if not text.strip():
                continue
            turns.append(text[:2000])
            if i == 0:  # the task: its sentences are what an agent would look up later
                questions += [q.strip() for q in re.split(r"(?<=[.?!])\s+", text[:3000]) if 30 <= len(q.strip()) <= 300]
    return turns, questions


def real_set(
    embedder, n: int, queries: int, cache: dict, jitter: float = 0.5, kind: str = "real", data: Path = DATA
) -> tuple[np.ndarray, np.ndarray]:
    saved = cache.get("dir") and Path(cache["dir"]) / f"{kind}-{embedder.name}.npz"
    if kind not in cache and saved and saved.exists():
        with np.load(saved) as z:
            cache[kind] = (z["base"], z["queries"])
    if kind not in cache:
        turns, questions = (agent_texts if kind == "agent" else real_texts)(data)
        turns = list(dict.fromkeys(turns))  # a text repeated verbatim embeds to one point
        cache[kind] = (
            np.asarray(embedder.embed(turns), dtype=np.float32),
            np.asarray(embedder.embed(questions), dtype=np.float32),
        )
        if saved:
            np.savez(saved, base=cache[kind][0], queries=cache[kind][1])
    base, qs = cache[kind]
    rng = np.random.default_rng(1)
    if n > len(base):
        picks = rng.integers(0, len(base), n - len(base))
        noise = rng.standard_normal((len(picks), DIM), dtype=np.float32) * (jitter / np.sqrt(DIM))
        base = np.concatenate([base, normalise(base[picks] + noise)])
    else:
        base = base[rng.permutation(len(base))[:n]]
    return np.ascontiguousarray(base[:n]), qs[rng.permutation(len(qs))[:queries]]


# ---------------------------------------------------------------- candidates


def exact_topk(base: np.ndarray, q: np.ndarray, k: int = K) -> np.ndarray:
    scores = base @ q
    top = np.argpartition(-scores, k)[:k] if len(scores) > k else np.arange(len(scores))
    return top[np.argsort(-scores[top], kind="stable")]


def build_numpy(base: np.ndarray) -> Callable[[np.ndarray], np.ndarray]:
    matrix = np.array(base, dtype=np.float32, copy=True)  # the store keeps its own copy
    return lambda q: exact_topk(matrix, q)


def build_hnswlib(base: np.ndarray, m: int = 16, ef_construction: int = 100, ef: int = 64):
    import hnswlib

    index = hnswlib.Index(space="ip", dim=DIM)
    index.init_index(max_elements=len(base), M=m, ef_construction=ef_construction, random_seed=7)
    index.add_items(base, np.arange(len(base)))
    index.set_ef(ef)

    def query(q: np.ndarray) -> np.ndarray:
        labels, _ = index.knn_query(q, k=K)
        return labels[0]

    return query, index


def build_usearch(base: np.ndarray, dtype: str = "f32", connectivity: int = 16, expansion_add: int = 128, ef=64):
    from usearch.index import Index

    index = Index(
        ndim=DIM, metric="ip", dtype=dtype, connectivity=connectivity, expansion_add=expansion_add, expansion_search=ef
    )
    index.add(np.arange(len(base)), base)

    def query(q: np.ndarray) -> np.ndarray:
        return index.search(q, K).keys

    return query, index


def build_store_index(base: np.ndarray, ann: bool, filtered: bool = False):
    """The index the stores use (chatcompact.stores._vectors.VectorIndex), with half the rows passing a role filter
    when ``filtered``; ``ann`` builds its HNSW graph (synchronously here) regardless of size."""
    from chatcompact.protocols import SearchFilter
    from chatcompact.stores._vectors import VectorIndex

    index = VectorIndex(DIM, ann_threshold=0 if ann else None, background=False)
    n = len(base)
    index.add(list(range(n)), base, ["user" if i % 2 else "assistant" for i in range(n)], [0.0] * n)
    where = SearchFilter(roles=frozenset({"user"})) if filtered else None

    def query(q: np.ndarray) -> np.ndarray:
        return np.asarray([seq for seq, _ in index.search(q, K, where)])

    return query, index


def available(module: str) -> bool:
    try:
        importlib.import_module(module)
    except ImportError:
        return False
    return True


CANDIDATES: dict[str, tuple[str, Callable]] = {
    "numpy brute force": ("numpy", lambda b: (build_numpy(b), None)),
    "hnswlib M16 efC100 ef64": ("hnswlib", lambda b: build_hnswlib(b)),
    "hnswlib M16 efC100 ef128": ("hnswlib", lambda b: build_hnswlib(b, ef=128)),
    "usearch f32 M16 ef64": ("usearch", lambda b: build_usearch(b)),
    "usearch f16 M16 ef64": ("usearch", lambda b: build_usearch(b, dtype="f16")),
    "usearch i8 M16 ef64": ("usearch", lambda b: build_usearch(b, dtype="i8")),
    "store VectorIndex exact": ("numpy", lambda b: build_store_index(b, ann=False)),
    "store VectorIndex exact + role filter": ("numpy", lambda b: build_store_index(b, ann=False, filtered=True)),
    "store VectorIndex HNSW": ("hnswlib", lambda b: build_store_index(b, ann=True)),
    "store VectorIndex HNSW + role filter": ("hnswlib", lambda b: build_store_index(b, ann=True, filtered=True)),
}
FILTERED = {"store VectorIndex exact + role filter", "store VectorIndex HNSW + role filter"}


def run(base: np.ndarray, queries: np.ndarray, names: list[str]) -> list[dict]:
    truth = [set(exact_topk(base, q).tolist()) for q in queries]
    odd = np.flatnonzero(np.arange(len(base)) % 2 == 1)  # the rows a role filter lets through
    truth_filtered = [set(odd[exact_topk(base[odd], q)].tolist()) for q in queries]
    rows = []
    for name in names:
        module, builder = CANDIDATES[name]
        if not available(module):
            print(f"  {name}: skipped ({module} is not installed)")
            continue
        gc.collect()
        before = rss_mib()
        t0 = time.perf_counter()
        query, keep = builder(base)
        build = time.perf_counter() - t0
        added = rss_mib() - before
        for q in queries[:5]:  # warm up
            query(q)
        times, hits, tied, got_sim, best_sim = [], 0, 0, 0.0, 0.0
        for q, gold in zip(queries, truth_filtered if name in FILTERED else truth, strict=True):
            t = time.perf_counter()
            got = query(q)
            times.append((time.perf_counter() - t) * 1000)
            hits += len(gold & {int(x) for x in got})
            # ties: a returned row as similar as the exact 10th is as good a neighbour (duplicate texts embed alike)
            kth = float(min(base[np.asarray(sorted(gold), dtype=np.int64)] @ q))
            tied += sum(1 for x in got if float(base[int(x)] @ q) >= kth - 1e-5)
            # How close the returned neighbours are, not just whether they are the exact ones: with many
            # near-duplicates the exact top 10 is an arbitrary pick among ties.
            got_sim += float((base[np.asarray(got, dtype=np.int64)] @ q).sum()) if len(got) else 0.0
            best_sim += float((base[np.asarray(sorted(gold), dtype=np.int64)] @ q).sum())
        row = {
            "index": name,
            "build_s": round(build, 2),
            "p50_ms": round(pct(times, 50), 3),
            "p95_ms": round(pct(times, 95), 3),
            "recall@10": round(hits / (K * len(queries)), 4),
            "recall@10_ties": round(min(tied, K * len(queries)) / (K * len(queries)), 4),
            "similarity_ratio": round(got_sim / best_sim, 4) if best_sim else 1.0,
            "mem_mib": round(added, 1),
        }
        rows.append(row)
        print(
            f"  {name:36s} build {row['build_s']:8.2f} s   p50 {row['p50_ms']:8.3f} ms   p95 {row['p95_ms']:8.3f} ms"
            f"   recall@10 {row['recall@10']:.4f} (ties {row['recall@10_ties']:.4f})  sim ratio "
            f"{row['similarity_ratio']:.4f}  +{row['mem_mib']:.0f} MiB",
            flush=True,
        )
        del query, keep
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="10000,100000,1000000")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--data", default="random,real,agent")
    parser.add_argument("--data-dir", type=Path, default=DATA, help="where locomo_dev.json and agent_dev/ are")
    parser.add_argument("--quick", action="store_true", help="10k and 50k vectors, 100 queries, the store's indexes")
    parser.add_argument("--indexes", default=",".join(CANDIDATES), help="comma-separated names (see CANDIDATES)")
    parser.add_argument("--ann-max", type=int, default=1_000_000, help="skip ANN builds above this size")
    parser.add_argument("--embedder", help="MODULE:FACTORY returning an Embedder (default: the package's default)")
    parser.add_argument(
        "--jitter",
        type=float,
        default=0.5,
        help="norm of the noise added to copies of real vectors past the real ones (0.5: cosine ~0.9 to the source; "
        "much smaller makes near-duplicate clusters whose exact top 10 is an arbitrary pick among ties)",
    )
    parser.add_argument("--json", help="write the rows here")
    parser.add_argument("--cache", help="a folder to keep the real/agent embeddings in between runs")
    args = parser.parse_args()
    if args.quick:
        args.sizes, args.queries = "10000,50000", 100
        args.indexes = "numpy brute force,store VectorIndex HNSW,store VectorIndex HNSW + role filter"
    print(f"load {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    sizes = [int(s) for s in args.sizes.split(",")]
    names = [n.strip() for n in args.indexes.split(",") if n.strip()]
    out: list[dict] = []
    cache: dict = {"dir": args.cache} if args.cache else {}
    for data in args.data.split(","):
        embedder = None
        if data in ("real", "agent"):
            embedder = load_embedder(args.embedder)
            if embedder is None:
                print(f"{data}: skipped (the bundled embedder is not installed; pass --embedder)")
                continue
        for n in sizes:
            print(f"{data} vectors, n={n:,}, dim={DIM}, {args.queries} queries, k={K}", flush=True)
            if data == "random":
                base, queries = random_set(n, args.queries)
            else:
                base, queries = real_set(embedder, n, args.queries, cache, args.jitter, data, args.data_dir)
            chosen = [x for x in names if x == "numpy brute force" or n <= args.ann_max]
            for row in run(base, queries, chosen):
                out.append({"data": data, "n": n, **row})
            del base
    store = [r for r in out if r["index"].startswith("store VectorIndex HNSW")]
    if store:
        worst = min(store, key=lambda r: r["recall@10_ties"])
        print(
            f"store HNSW recall@10 vs exact (a tie with the exact 10th counts): worst {worst['recall@10_ties']:.4f} "
            f"({worst['data']}, n={worst['n']:,}, {worst['index']}; strict {worst['recall@10']:.4f}); target >= 0.98"
        )
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
