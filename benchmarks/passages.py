"""Recall that fits agent messages: the passage index on long tool outputs, and the MMR trade-off on LoCoMo.

1. **Line lookup** on the agent trajectories (``../shared/data/agent_dev/``, replayed as function-calling messages,
   ``chatcompact.evaluation.agent``): for every tool output longer than 2,000 tokens (~8,000 characters), one line of
   its last quarter with 4+ content words is the query. Reported: the share where full-text recall returns that
   output first / in the top 5 (``hit@1``, ``hit@5``), and where the hit's passage (``ArchiveHit.passage``) holds
   the line (``quoted``), with the passage index (this store) and without it (the same store with
   ``search_passages`` hidden: whole-message BM25, passage chosen at quote time).
2. **MMR on LoCoMo** (``benchmarks/locomo_recall.py``'s protocol, ``archive.recall`` hybrid): evidence recall@k for
   several ``mmr`` values (``Policy.recall_mmr``; 1.0 = the fused order, near-duplicates still merged).

Run: ``python benchmarks/passages.py [--trajectories 20] [--lambdas 1.0,0.9,0.7] [--cache FILE.npz] [--skip-locomo]``
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

from chatcompact.core.lang import content_words
from chatcompact.evaluation.agent import load_trajectories
from chatcompact.runtime import archive
from chatcompact.stores import SQLiteStore
from chatcompact.types import parse_message

HERE = Path(__file__).resolve().parent
AGENT = HERE.parents[0].parent / "shared" / "data" / "agent_dev"
LONG_CHARS = 8000  # ~2,000 tokens


class NoPassages:
    """A store seen without its passage index (attribute access passes through; search_passages and the ranked
    searches are hidden, so recall reads the hits' messages and scores their passages itself)."""

    def __init__(self, inner: SQLiteStore) -> None:
        self._inner = inner

    def __getattr__(self, name: str):
        if name == "search_passages" or name.startswith("rank_"):
            raise AttributeError(name)
        return getattr(self._inner, name)


def line_lookup(folder: Path, limit: int, seed: int = 7) -> None:
    trajs = load_trajectories(folder, limit)
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        store = SQLiteStore(f"{tmp}/agent.db")
        cases = []  # (thread, seq, line)
        for t in trajs:
            store.ensure_thread(t.name, None)
            msgs = [parse_message(m) for m in t.messages if m["role"] != "system"]
            stored = store.append(t.name, msgs, [1] * len(msgs))
            for m in stored:
                text = m.searchable_text
                if m.role != "tool" or len(text) <= LONG_CHARS:
                    continue
                lines = [ln for ln in text[3 * len(text) // 4 :].splitlines() if len(content_words(ln)) >= 4]
                if lines:
                    cases.append((t.name, m.seq, rng.choice(lines).strip()))
        print(f"line lookup: {len(trajs)} trajectories, {len(cases)} tool outputs over {LONG_CHARS} characters")
        print(f"{'full-text recall':40s} {'hit@1':>6s} {'hit@5':>6s} {'quoted':>7s}")
        rows = (
            ("with the passage index", store, False),
            ("whole messages, passage at quote time", NoPassages(store), False),
            ("before: whole messages, quote = head", NoPassages(store), True),
        )
        for name, s, head in rows:
            h1 = h5 = quoted = 0
            for thread, seq, line in cases:
                hits = archive.recall(s, None, thread, line, 5)  # type: ignore[arg-type]
                seqs = [h.seq for h in hits]
                h1 += bool(seqs) and seqs[0] == seq
                h5 += seq in seqs
                hit = next((h for h in hits if h.seq == seq), None)
                if hit is not None:
                    start, end = (0, 600) if head or hit.passage is None else hit.passage  # the head: 600 chars
                    quoted += line in hit.message.searchable_text[start:end]
            n = max(len(cases), 1)
            print(f"{name:40s} {100 * h1 / n:6.1f} {100 * h5 / n:6.1f} {100 * quoted / n:7.1f}")
        store.close()


def mmr_locomo(lambdas: list[float], cache: str | None, data_path: str | None = None) -> None:
    sys.path.insert(0, str(HERE))
    import locomo_recall as lr  # the same data, ingest and scoring

    path = Path(data_path) if data_path else lr.DATA
    if not path.exists():
        print(f"MMR on LoCoMo skipped: {path} not found")
        return
    data = lr.load(path)
    inner = lr.load_embedder(None)
    embedder = lr.CachedEmbedder(inner, cache) if inner is not None else None
    with tempfile.TemporaryDirectory() as tmp:
        store = SQLiteStore(f"{tmp}/locomo.db")
        lr.ingest(data, store, embedder)
        print()
        print(lr.header("LoCoMo evidence recall (%), archive.recall hybrid"))
        for lam in lambdas:
            got = [
                [h.seq for h in archive.recall(store, embedder, data.conversations[q.conv].thread, q.text, 50, mmr=lam)]
                for q in data.questions
            ]
            print(lr.row(f"mmr={lam} (near-duplicates merged)", lr.evaluate(data, got)), flush=True)
        store.close()
    if embedder is not None:
        embedder.save()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--agent", default=str(AGENT), help="folder of *.traj.json files")
    parser.add_argument("--trajectories", type=int, default=20)
    parser.add_argument("--lambdas", default="1.0,0.9,0.7")
    parser.add_argument("--cache", help="embeddings .npz shared with locomo_recall.py --cache")
    parser.add_argument("--skip-locomo", action="store_true")
    parser.add_argument("--data", help="the LoCoMo file (default: locomo_recall.py's)")
    args = parser.parse_args()
    if Path(args.agent).is_dir():
        line_lookup(Path(args.agent), args.trajectories)
    else:
        print(f"line lookup skipped: {args.agent} not found")
    if not args.skip_locomo:
        mmr_locomo([float(x) for x in args.lambdas.split(",")], args.cache, args.data)


if __name__ == "__main__":
    main()
