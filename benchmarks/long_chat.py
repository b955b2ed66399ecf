"""Evidence recall on long technical user-assistant chats: ``recall`` hybrid / text / vector, BM25 as the reference.

The chats (``chatcompact.evaluation.long_chat``, deterministic, seeded): real coding-agent trajectories
(``../shared/data/agent_dev``, django tasks) rewritten as a developer's project chat with an assistant, about 400
messages each (median ~1,800 and p90 ~4,600 characters; the assistant answers with prose, fenced commands, quoted
source and bullet lists), with statements written for this set (facts about the project, the team and the user,
preferences, revised decisions, the assistant's advice) dropped into messages spread over the chat. Each statement
has one question that paraphrases it with no content word in common (stemmed; the share is printed). See that
module's docstring for how it differs from the held-out long chats it imitates (one domain, filler written by an
agent, evidence a sentence inside an unrelated message).

Each chat goes into its own thread of a :class:`~chatcompact.stores.SQLiteStore`, every message embedded with the
embedder given (default the bundled MiniLM, ``local``). For each question, ``archive.recall(question, k=10)`` in
each mode; evidence recall@k is the share of all evidence messages retrieved (micro), overall, by kind of
statement, and on the questions where the full-text and vector arms disagree (one found evidence in its top 10
that the other did not). The reference row is BM25 over whole messages (SQLite FTS5, the question as typed).
Recall's head spread (``core.fusion.spread``, all modes) was chosen on this set and LoCoMo dev: @5 is optimistic.

Run: ``python benchmarks/long_chat.py [--quick] [--chats 10] [--embedder local|e5|none] [--cache FILE.npz]
[--vectors passages|whole]`` (``whole``: one vector of each message's head, as before passage vectors).
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import tempfile
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from locomo_recall import CachedEmbedder

from chatcompact.core.engine import embed_chunks, embed_units
from chatcompact.embedders import resolve_embedder
from chatcompact.evaluation.cards import CARDS
from chatcompact.evaluation.long_chat import DEFAULT_CHATS, Chat, build, overlap
from chatcompact.runtime import archive
from chatcompact.stores import SQLiteStore
from chatcompact.stores._common import query_terms
from chatcompact.types import parse_message

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "agent_dev"
KS = (5, 10)
MODES = ("hybrid", "text", "vector")


def ingest(chats: Sequence[Chat], store: SQLiteStore, embedder: CachedEmbedder | None, vectors: str) -> float:
    """Every chat into its thread (one append), then every message embedded as the background job does
    (``archive.embed_pending``; ``vectors``: "passages" the library's rule, "whole" one vector of each message's
    head as before passage vectors); returns the embedding seconds."""
    for chat in chats:
        store.ensure_thread(chat.name, None)
        msgs = [parse_message(m) for m in chat.messages]
        store.append(chat.name, msgs, [0] * len(msgs))
    if embedder is None:
        return 0.0
    t0 = time.perf_counter()
    for chat in chats:
        archive.embed_pending(store, embedder, chat.name, limit=1_000_000, passages=vectors == "passages")
    seconds = time.perf_counter() - t0
    rows = sum(len(store.get_vectors(c.name, embedder.name)[0]) for c in chats)
    messages = sum(len(c.messages) for c in chats)
    print(f"vectors stored: {rows:,} for {messages:,} messages ({rows / messages:.2f} a message)")
    return seconds


def timing(chats: Sequence[Chat], inner: Any, n: int) -> None:
    """The embedding cost of passage vectors: the first ``n`` messages embedded both ways (no cache), messages/s."""
    msgs = [parse_message(m).with_meta(i + 1, 0.0) for i, m in enumerate(m for c in chats for m in c.messages)][:n]
    inner.embed(["warm up"])
    for passages in (False, True):
        units = embed_units(msgs, passages)
        t0 = time.perf_counter()
        for run in embed_chunks(msgs, passages):  # the background job's model calls (about 32 texts each)
            inner.embed(list(run.texts))
        seconds = time.perf_counter() - t0
        print(
            f"  {'passages' if passages else 'whole   '}: {len(units.texts):,} texts for {len(msgs):,} messages, "
            f"{len(msgs) / seconds:.1f} messages/s ({seconds:.0f} s, load average {os.getloadavg()[0]:.1f})"
        )


class PlainBM25:
    """The reference: BM25 over whole messages (FTS5, unicode61 tokenizer, no stemming), the question as typed."""

    def __init__(self, chats: Sequence[Chat]) -> None:
        self.db = sqlite3.connect(":memory:")
        self.db.execute("CREATE VIRTUAL TABLE m USING fts5(text, chat UNINDEXED, seq UNINDEXED)")
        rows = [(m["content"], c.name, i + 1) for c in chats for i, m in enumerate(c.messages)]
        self.db.executemany("INSERT INTO m(text, chat, seq) VALUES (?, ?, ?)", rows)

    def search(self, chat: str, question: str, k: int) -> list[int]:
        words = query_terms(question)
        if not words:
            return []
        match = " OR ".join(f'"{w}"' for w in words)
        sql = "SELECT seq FROM m WHERE m MATCH ? AND chat = ? ORDER BY bm25(m) LIMIT ?"
        return [int(r[0]) for r in self.db.execute(sql, (match, chat, k))]


def run(chats: Sequence[Chat], store: SQLiteStore, embedder: CachedEmbedder | None) -> dict[str, list[list[int]]]:
    """Each row's retrieved seqs (k=10) per question, in question order over all chats."""
    bm25 = PlainBM25(chats)
    rows: dict[str, list[list[int]]] = defaultdict(list)
    times: dict[str, list[float]] = defaultdict(list)
    for chat in chats:
        for q in chat.questions:
            rows["BM25 over messages (reference)"].append(bm25.search(chat.name, q.text, 10))
            for mode in MODES if embedder is not None else ("text",):
                t0 = time.perf_counter()
                hits = archive.recall(store, embedder, chat.name, q.text, 10, mode=mode)
                times[mode].append((time.perf_counter() - t0) * 1000)
                rows[f"recall(k=10, mode={mode!r})"].append([h.seq for h in hits])
    for mode, ms in times.items():
        print(f"  recall mode={mode}: p50 {statistics.median(ms):.1f} ms per query (embedding the query included)")
    return rows


def score(chats: Sequence[Chat], retrieved: list[list[int]], keep: Sequence[bool] | None = None) -> dict[str, float]:
    """recall@k (percent, micro over evidence messages) overall and by kind; ``keep`` selects questions."""
    hit: dict[str, int] = defaultdict(int)
    total: dict[str, int] = defaultdict(int)
    questions = [q for c in chats for q in c.questions]
    for i, (q, seqs) in enumerate(zip(questions, retrieved, strict=True)):
        if keep is not None and not keep[i]:
            continue
        gold = {e + 1 for e in q.evidence}
        for name in ("overall", q.kind):
            total[name] += len(gold)
            for k in KS:
                hit[f"{name}@{k}"] += len(gold & set(seqs[:k]))
    return {f"{name}@{k}": 100.0 * hit[f"{name}@{k}"] / n for name, n in total.items() if n for k in KS}


def disagree(chats: Sequence[Chat], rows: dict[str, list[list[int]]]) -> list[bool]:
    """Per question: did the full-text and vector arms find different evidence in their top 10?"""
    text, vec = rows.get("recall(k=10, mode='text')"), rows.get("recall(k=10, mode='vector')")
    questions = [q for c in chats for q in c.questions]
    if text is None or vec is None:
        return [False] * len(questions)
    return [
        {e + 1 for e in q.evidence} & set(t) != {e + 1 for e in q.evidence} & set(v)
        for q, t, v in zip(questions, text, vec, strict=True)
    ]


def describe(chats: Sequence[Chat]) -> None:
    lengths = [len(m["content"]) for c in chats for m in c.messages]
    questions = [q for c in chats for q in c.questions]
    clean = sum(not overlap(c) for c in CARDS)
    print(
        f"{len(chats)} chats, {len(lengths)} messages ({min(len(c.messages) for c in chats)}-"
        f"{max(len(c.messages) for c in chats)} a chat), characters median {statistics.median(lengths):,.0f}, "
        f"p90 {statistics.quantiles(lengths, n=10)[-1]:,.0f}; {len(questions)} questions, "
        f"{sum(len(q.evidence) for q in questions)} evidence messages; {clean} of {len(CARDS)} questions share no "
        "content word with their statements"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", default=str(DATA), help="the agent_dev folder")
    parser.add_argument("--chats", type=int, default=DEFAULT_CHATS)
    parser.add_argument("--quick", action="store_true", help="3 chats")
    parser.add_argument("--embedder", default="local", help="local (MiniLM), e5, none, openai:MODEL")
    parser.add_argument("--cache", help="keep embeddings in this .npz between runs")
    parser.add_argument("--timing", type=int, default=0, help="only time embedding N messages both ways")
    parser.add_argument(
        "--vectors", choices=("passages", "whole"), default="passages", help="long messages by passage, or whole"
    )
    args = parser.parse_args()
    folder = Path(args.data)
    if not folder.is_dir():
        print(f"skipped: {folder} not found")
        return
    print(f"load average {os.getloadavg()[0]:.1f} (2 cores shared: latencies are indicative only)")
    chats = build(folder, chats=3 if args.quick else args.chats)
    describe(chats)
    inner = resolve_embedder(args.embedder)
    if args.timing and inner is not None:
        timing(chats, inner, args.timing)
        return
    embedder = CachedEmbedder(inner, args.cache) if inner is not None else None
    with tempfile.TemporaryDirectory() as tmp:
        store = SQLiteStore(f"{tmp}/long.db")
        seconds = ingest(chats, store, embedder, args.vectors)
        if embedder is not None:
            embedder.save()
            done = f"{embedder.computed / embedder.seconds:.1f} texts/s" if embedder.computed else "from --cache"
            rate = sum(len(c.messages) for c in chats) / seconds
            print(f"embedded with {embedder.name}: {done}, {embedder.computed:,} texts computed; {rate:.1f} messages/s")
        rows = run(chats, store, embedder)
        store.close()
    split = disagree(chats, rows)
    kinds = sorted({q.kind for c in chats for q in c.questions})
    cols = [f"overall@{k}" for k in KS] + [f"{kind}@10" for kind in kinds]
    print()
    print(f"{'evidence recall (%, micro)':40s} " + " ".join(f"{c:>15s}" for c in cols) + f" {'disagree@10':>12s}")
    for name, got in rows.items():
        s, d = score(chats, got), score(chats, got, split)
        print(f"{name:40s} " + " ".join(f"{s.get(c, 0.0):15.1f}" for c in cols) + f" {d.get('overall@10', 0):12.1f}")
    print(f"(disagree: the {sum(split)} questions where the text and vector arms found different evidence)")
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
