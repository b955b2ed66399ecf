"""A store in plain dicts: for tests, demos and throwaway sessions. Nothing survives the process.

It keeps the SQLite store's contract exactly (same errors, same round-trip through the JSON wire
format), so the contract suite can run both, and code tested against it behaves the same on disk.
"""

from __future__ import annotations

import heapq
import math
import threading
import time
import uuid
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..core.passages import passage_rows
from ..core.speakers import speaker_of
from ..errors import InvalidArgument, StoreError, ThreadNotFound
from ..protocols import JobLease, Ranked, RankedSpan, SearchFilter, TextHit
from ..types import Event, Message, SummaryNode, SummaryVersion, ThreadInfo
from ._common import (
    check_append,
    check_budget,
    check_job_kind,
    check_kind,
    check_level,
    check_limit,
    check_node,
    check_thread,
    check_version,
    decode_event,
    decode_message,
    encode_event,
    encode_message,
    passage_texts,
    query_terms,
    row_text,
    term_counts,
)
from ._vectors import VectorIndex, as_query, check_dim, check_model, no_match, vector_batch


class _Terms:
    """Term counts per document (a message, or a passage of a long one) and the documents of each term, so that a
    search scores only the documents that share a word with the query, not the whole thread."""

    def __init__(self) -> None:
        self.counts: list[Counter[str]] = []
        self.docs: dict[str, set[int]] = {}

    def add(self, counts: Counter[str]) -> None:
        at = len(self.counts)
        self.counts.append(counts)
        for term in counts:
            self.docs.setdefault(term, set()).add(at)

    def replace(self, at: int, counts: Counter[str]) -> None:
        for term in self.counts[at]:
            self.docs[term].discard(at)
        self.counts[at] = counts
        for term in counts:
            self.docs.setdefault(term, set()).add(at)

    def scored(self, terms: Sequence[str]) -> list[tuple[int, float]]:
        """``(document, score)`` of every document holding a query term, in document order: tf-idf flavoured,
        rare words weigh more (idf) and repeats help with diminishing returns (1 + log tf)."""
        n, counts = len(self.counts), self.counts
        scores: dict[int, float] = {}
        for t in terms:  # term by term over its postings, in the query's order: the same sums as doc by doc
            docs = self.docs.get(t)
            if not docs:
                continue
            idf = math.log(1 + n / len(docs))
            for at in docs:
                scores[at] = scores.get(at, 0) + (1 + math.log(counts[at][t])) * idf
        return sorted(scores.items())


@dataclass
class _Vectors:
    """One embedding model's vectors in a thread, and ``upto``: every seq <= upto has one."""

    index: VectorIndex
    upto: int = 0


@dataclass
class _Thread:
    id: str
    system: str | None
    created_at: float
    budget: int | None = None  # the thread's trigger budget
    messages: list[Message] = field(default_factory=list)  # messages[i].seq == i + 1
    tokens: list[int] = field(default_factory=list)
    terms: _Terms = field(default_factory=_Terms)  # per message, for search_text
    versions: list[SummaryVersion] = field(default_factory=list)  # versions[i].version == i + 1
    # (id, kind, JSON body, created_at), oldest first; decoded on every read so callers never share a dict.
    events: list[tuple[int, str, str, float]] = field(default_factory=list)
    vectors: dict[str, _Vectors] = field(default_factory=dict)  # by embedding model name
    nodes: dict[str, SummaryNode] = field(default_factory=dict)  # hierarchy nodes by id, in write order
    # passages of long messages (core.passages): (seq, start, end), and their terms, for search_passages
    passages: list[tuple[int, int, int]] = field(default_factory=list)
    passage_terms: _Terms = field(default_factory=_Terms)

    def info(self) -> ThreadInfo:
        return ThreadInfo(
            id=self.id,
            system=self.system,
            created_at=self.created_at,
            last_seq=len(self.messages),
            last_version=len(self.versions),
            budget=self.budget,
        )


class InMemoryStore:
    """A :class:`~chatcompact.protocols.Store` held in memory, safe to share between threads."""

    supports_text_search = True
    supports_vectors = True
    supports_jobs = True  # within this process only: nothing here is shared with another process

    def __init__(self) -> None:
        self._lock = threading.RLock()
        self._threads: dict[str, _Thread] = {}
        self._jobs = JobTable()
        self._closed = False
        self._last_event_id = 0  # store-wide, like SQLite's rowid; never reused

    def _open_threads(self) -> dict[str, _Thread]:
        # Behave like a closed SQLite store, so code that uses a store after close() fails in tests too.
        if self._closed:
            raise StoreError("the in-memory store is closed")
        return self._threads

    def _get(self, thread_id: str) -> _Thread:
        thread = self._open_threads().get(thread_id)
        if thread is None:
            raise ThreadNotFound(f"thread {thread_id!r} does not exist")
        return thread

    def ensure_thread(
        self, thread_id: str, system: str | None, *, created_at: float | None = None, budget: int | None = None
    ) -> ThreadInfo:
        """Create the thread if missing; update its system prompt / trigger budget when given."""
        check_thread(thread_id, system)
        check_budget(budget)
        with self._lock:
            threads = self._open_threads()
            thread = threads.get(thread_id)
            if thread is None:
                thread = threads[thread_id] = _Thread(thread_id, system, created_at or time.time(), budget)
            else:
                thread.system = thread.system if system is None else system
                thread.budget = thread.budget if budget is None else budget
            return thread.info()

    def thread_info(self, thread_id: str) -> ThreadInfo:
        """The thread's identity and head; raises ThreadNotFound if absent."""
        with self._lock:
            return self._get(thread_id).info()

    def list_threads(self) -> list[ThreadInfo]:
        """Every thread, oldest first."""
        with self._lock:
            return [t.info() for t in sorted(self._open_threads().values(), key=lambda t: (t.created_at, t.id))]

    def delete_thread(self, thread_id: str) -> None:
        """Remove the thread with its messages, summary versions and events."""
        with self._lock:
            self._get(thread_id)
            del self._threads[thread_id]
            self._jobs.forget(thread_id)

    def append(
        self, thread_id: str, messages: Sequence[Message], tokens: Sequence[int], *, created_at: float | None = None
    ) -> list[Message]:
        """Append atomically; returns the messages with ``seq`` and ``created_at`` (default now) set."""
        check_append(messages, tokens, created_at)
        # Keep what SQLite would give back (the JSON round trip), not the caller's objects: no aliasing
        # of mutable content parts, and the same values on read in both stores.
        bodies = [encode_message(m, i) for i, m in enumerate(messages)]
        now = created_at or time.time()
        with self._lock:
            thread = self._get(thread_id)
            last = len(thread.messages)
            for i, (m, body, tok) in enumerate(zip(messages, bodies, tokens, strict=True), start=1):
                thread.messages.append(decode_message(body, last + i, now, thread_id))
                thread.tokens.append(tok)
                thread.terms.add(term_counts(row_text(m.searchable_text)))  # as SQLite's text column
                text = m.searchable_text
                rows = passage_rows(text)
                for (_, start, end), body in zip(rows, passage_texts(text, rows), strict=True):
                    thread.passages.append((last + i, start, end))
                    thread.passage_terms.add(term_counts(body))
        return [m.with_meta(last + i, now) for i, m in enumerate(messages, start=1)]

    def messages(self, thread_id: str, after: int = 0, until: int | None = None) -> list[Message]:
        """Messages with ``after < seq <= until``, oldest first."""
        with self._lock:
            log = self._get(thread_id).messages
            end = len(log) if until is None else max(0, min(until, len(log)))
            return log[max(after, 0) : end]

    def message_tokens(self, thread_id: str, after: int = 0) -> list[int]:
        """Stored token counts of the messages after ``after``, in seq order."""
        with self._lock:
            return self._get(thread_id).tokens[max(after, 0) :]

    def latest_version(self, thread_id: str) -> SummaryVersion | None:
        """The newest committed summary version, or None when the thread has none yet."""
        with self._lock:
            versions = self._get(thread_id).versions
            return versions[-1] if versions else None

    def versions(self, thread_id: str) -> list[SummaryVersion]:
        """Every committed summary version, oldest first."""
        with self._lock:
            return list(self._get(thread_id).versions)

    def commit_version(self, thread_id: str, version: SummaryVersion) -> SummaryVersion:
        """Commit iff the latest version equals ``version.parent`` (0 = none); VersionConflict otherwise."""
        if not version.created_at:
            version = version.model_copy(update={"created_at": time.time()})
        # Same round trip as SQLite: what is read back is exactly what was validated as JSON.
        stored = SummaryVersion.model_validate_json(version.model_dump_json())
        with self._lock:
            thread = self._get(thread_id)
            check_version(thread_id, len(thread.versions), version)
            thread.versions.append(stored)
        return version

    def put_node(self, thread_id: str, node: SummaryNode) -> SummaryNode:
        """Store a hierarchy node (a second put of the same id keeps the first); StoreError past the log's end."""
        with self._lock:
            thread = self._get(thread_id)
            check_node(thread_id, len(thread.messages), node)
            if node.id not in thread.nodes:
                thread.nodes[node.id] = SummaryNode.model_validate_json(node.model_dump_json())  # as SQLite would
            return thread.nodes[node.id]

    def nodes(self, thread_id: str, level: int | None = None) -> list[SummaryNode]:
        """The thread's hierarchy nodes (of ``level`` if given), by level, then seq_from, then write order."""
        check_level(level)
        with self._lock:
            held = [n for n in self._get(thread_id).nodes.values() if level is None or n.level == level]
        return sorted(held, key=lambda n: (n.level, n.seq_from))

    def log_event(self, thread_id: str, kind: str, data: dict[str, Any], *, created_at: float | None = None) -> Event:
        """Record an event; returns it with ``id``, ``created_at`` and ``data`` as stored (JSON round trip).

        StoreError if ``kind`` is not a non-empty string or ``data`` is not JSON-serialisable (nothing written).
        """
        body = encode_event(kind, data)
        now = created_at or time.time()
        with self._lock:
            thread = self._get(thread_id)
            self._last_event_id += 1
            event_id = self._last_event_id
            thread.events.append((event_id, kind, body, now))
        return decode_event(thread_id, kind, body, now, event_id)

    def events(self, thread_id: str, kind: str | None = None, limit: int = 100) -> list[Event]:
        """The thread's latest ``limit`` events (of ``kind`` if given), oldest first."""
        if kind is not None:
            check_kind(kind)
        check_limit(limit)
        with self._lock:
            log = self._get(thread_id).events
            if limit <= 0:
                return []
            picked = [e for e in log if kind is None or e[1] == kind][-limit:]
        return [decode_event(thread_id, k, body, created, eid) for eid, k, body, created in picked]

    def search_text(self, thread_id: str, query: str, k: int = 10, where: SearchFilter | None = None) -> list[TextHit]:
        """Term-overlap ranking (tf-idf flavoured), best first; ties go to the older message.

        ``where`` keeps only messages of the given roles and ``created_at`` range (inclusive).
        """
        terms = query_terms(query)
        with self._lock:
            thread = self._get(thread_id)
            if not terms or k <= 0 or no_match(where):
                return []
            log = thread.messages
            best = heapq.nsmallest(  # ties go to the older message (seq == position + 1)
                k,
                (
                    (-score, at)
                    for at, score in thread.terms.scored(terms)
                    if score > 0 and (where is None or _passes(log[at], where))
                ),
            )
            return [TextHit(message=log[at], score=-neg) for neg, at in best]

    def put_vectors(
        self, thread_id: str, model: str, seqs: Sequence[int], vectors: np.ndarray, parts: Sequence[int] | None = None
    ) -> None:
        """Store one vector per row for ``model`` (normalised): row ``i`` is part ``parts[i]`` of message ``seqs[i]``
        (``parts`` None: each the whole message). A put replaces every vector the seqs it names had before.

        ValueError for a malformed batch; StoreError for a seq the thread does not have or a dimension that
        differs from the model's earlier vectors in this thread. Nothing is written then.
        """
        seq_list, part_list, matrix = vector_batch(model, seqs, vectors, parts)
        if not seq_list:
            self.thread_info(thread_id)
            return
        dim = matrix.shape[1]
        with self._lock:
            thread = self._get(thread_id)
            for seq in seq_list:
                if seq > len(thread.messages):
                    raise StoreError(f"thread {thread_id!r} has no message {seq} to attach a vector to")
            held = thread.vectors.get(model)
            check_dim(model, held.index.dim if held else None, dim)
            if held is None:
                held = thread.vectors[model] = _Vectors(VectorIndex(dim))
            log = thread.messages
            roles, times = [log[s - 1].role for s in seq_list], [log[s - 1].created_at or 0.0 for s in seq_list]
            held.index.add(seq_list, matrix, roles, times, part_list)
            while held.upto < len(log) and held.index.has(held.upto + 1):
                held.upto += 1

    def missing_vectors(self, thread_id: str, model: str, limit: int = 256) -> list[Message]:
        """The oldest ``limit`` messages of the thread that have no vector for ``model`` yet, oldest first."""
        check_model(model)
        check_limit(limit)
        with self._lock:
            thread = self._get(thread_id)
            if limit <= 0:
                return []
            held = thread.vectors.get(model)
            if held is None:
                return thread.messages[:limit]
            out = []
            for msg in thread.messages[held.upto :]:
                if not held.index.has(msg.seq or 0):
                    out.append(msg)
                    if len(out) >= limit:
                        break
            return out

    def search_vectors(
        self, thread_id: str, model: str, query: np.ndarray, k: int = 10, where: SearchFilter | None = None
    ) -> list[TextHit]:
        """Nearest messages to ``query`` among the vectors of ``model`` (score = cosine similarity), best first; a
        message once, by its best part.

        StoreError if ``query`` has another dimension than the stored vectors. No vectors yet: no hits.
        """
        with self._lock:
            log = self._get(thread_id).messages
        return [
            TextHit(message=log[seq - 1], score=score)
            for seq, score, _ in self.rank_vector_parts(thread_id, model, query, k, where)
        ]

    def rank_vector_parts(
        self, thread_id: str, model: str, query: np.ndarray, k: int = 10, where: SearchFilter | None = None
    ) -> list[tuple[int, float, int]]:
        """:meth:`search_vectors`' ranking with the part each message was found by: ``(seq, score, part)``."""
        check_model(model)
        with self._lock:
            held = self._get(thread_id).vectors.get(model)
        if held is None:
            as_query(query, None)
            return []
        return held.index.search_parts(query, k, where)

    def vector_models(self, thread_id: str) -> list[str]:
        """Names of the embedding models with vectors in the thread."""
        with self._lock:
            return sorted(self._get(thread_id).vectors)

    def get_vectors(self, thread_id: str, model: str) -> tuple[list[int], np.ndarray]:
        """Every stored vector of ``model`` in the thread: (seqs, float32 matrix), by seq then part (a message
        embedded by passages has one row per part: :meth:`get_vector_parts` names them)."""
        seqs, _, matrix = self.get_vector_parts(thread_id, model)
        return seqs, matrix

    def get_vector_parts(self, thread_id: str, model: str) -> tuple[list[int], list[int], np.ndarray]:
        """Every stored vector of ``model`` in the thread with its part: (seqs, parts, matrix), by seq then part."""
        check_model(model)
        with self._lock:
            held = self._get(thread_id).vectors.get(model)
        return held.index.export() if held else ([], [], np.zeros((0, 0), dtype=np.float32))

    def enqueue_job(self, thread_id: str, kind: str) -> None:
        """Ask for a job on the thread (a queued job is only marked as requested again)."""
        check_job_kind(kind)
        with self._lock:
            self._get(thread_id)
            self._jobs.enqueue(thread_id, kind, time.time())

    def claim_job(self, kinds: Sequence[str], lease_s: float) -> JobLease | None:
        """Lease the oldest ready job of one of ``kinds`` for ``lease_s`` seconds, or None."""
        kinds = [check_job_kind(k) for k in kinds]
        with self._lock:
            self._open_threads()
            return self._jobs.claim(kinds, lease_s, time.time())

    def finish_job(self, lease: JobLease, *, again: bool = False, delay: float = 0.0) -> bool:
        """End a claim (see the Store protocol); False if the lease was lost."""
        with self._lock:
            self._open_threads()
            return self._jobs.finish(lease, again, delay, time.time())

    def pending_jobs(self) -> int:
        """Jobs queued or leased."""
        with self._lock:
            self._open_threads()
            return len(self._jobs)

    def close(self) -> None:
        """Drop everything; later calls raise StoreError. Safe to call twice."""
        with self._lock:
            self._closed = True
            self._threads = {}

    def __enter__(self) -> InMemoryStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def search_passages(
        self, thread_id: str, query: str, k: int = 10, where: SearchFilter | None = None
    ) -> list[tuple[TextHit, tuple[int, int]]]:
        """The passages of the thread's long messages matching ``query``: each message once, at its best passage,
        as ``(hit, (start, end))``, best first, scored like :meth:`search_text` over the passages."""
        terms = query_terms(query)
        with self._lock:
            thread = self._get(thread_id)
            if not terms or k <= 0 or no_match(where) or not thread.passages:
                return []
            best: dict[int, tuple[TextHit, tuple[int, int]]] = {}
            for at, score in thread.passage_terms.scored(terms):
                seq, start, end = thread.passages[at]
                msg = thread.messages[seq - 1]
                if where is not None and not _passes(msg, where):
                    continue
                if score > 0 and (seq not in best or score > best[seq][0].score):
                    best[seq] = (TextHit(message=msg, score=score), (start, end))
        ranked = sorted(best.values(), key=lambda h: (-h[0].score, h[0].message.seq or 0))
        return ranked[:k]

    # ranked searches (protocols.RankedSearch): the messages are in memory already, so these only drop them
    def rank_text(self, thread_id: str, query: str, k: int = 10, where: SearchFilter | None = None) -> list[Ranked]:
        """:meth:`search_text`'s ranking as ``(seq, score)``."""
        return [(h.message.seq or 0, h.score) for h in self.search_text(thread_id, query, k, where)]

    def rank_passages(
        self, thread_id: str, query: str, k: int = 10, where: SearchFilter | None = None
    ) -> list[RankedSpan]:
        """:meth:`search_passages`' ranking as ``(seq, score, span)``."""
        return [(h.message.seq or 0, h.score, span) for h, span in self.search_passages(thread_id, query, k, where)]

    def rank_vectors(
        self, thread_id: str, model: str, query: np.ndarray, k: int = 10, where: SearchFilter | None = None
    ) -> list[Ranked]:
        """:meth:`search_vectors`' ranking as ``(seq, score)``."""
        return [(seq, score) for seq, score, _ in self.rank_vector_parts(thread_id, model, query, k, where)]

    def messages_at(self, thread_id: str, seqs: Sequence[int]) -> list[Message]:
        """The messages of ``seqs`` the thread has, in seq order."""
        with self._lock:
            log = self._get(thread_id).messages
            return [log[s - 1] for s in sorted(set(seqs)) if 0 < s <= len(log)]

    def speakers_at(self, thread_id: str, seqs: Sequence[int]) -> dict[int, str | None]:
        """The speaker (``core.speakers.speaker_of``) of each of ``seqs`` the thread has."""
        return {m.seq or 0: speaker_of(m) for m in self.messages_at(thread_id, seqs)}

    def times_at(self, thread_id: str, seqs: Sequence[int]) -> dict[int, float]:
        """The ``created_at`` of each of ``seqs`` the thread has."""
        return {m.seq or 0: m.created_at or 0.0 for m in self.messages_at(thread_id, seqs)}

    def __repr__(self) -> str:
        return f"InMemoryStore({len(self._threads)} threads)"

    # ------------------------------------------------------------------ forget (chatcompact.runtime.forget drives it)

    def forget_messages(
        self,
        thread_id: str,
        tombstones: Sequence[Message],
        versions: Sequence[SummaryVersion],
        nodes: Sequence[SummaryNode],
        event_ids: Sequence[int],
        report: dict[str, Any],
        head: SummaryVersion | None = None,
    ) -> None:
        """Replace messages by ``tombstones`` (same seq), drop their vectors, rewrite ``versions`` and
        ``nodes``, delete ``event_ids``, log a ``forgotten`` event with ``report`` and commit ``head`` (its parent
        checked first: VersionConflict, nothing changed), all under the lock."""
        bodies = [encode_message(m, i) for i, m in enumerate(tombstones)]
        event = encode_event("forgotten", report)
        if head is not None and not head.created_at:
            head = head.model_copy(update={"created_at": time.time()})
        with self._lock:
            thread = self._get(thread_id)
            if head is not None:
                check_version(thread_id, len(thread.versions), head)
            gone = {m.seq or 0 for m in tombstones}
            if any(p[0] in gone for p in thread.passages):
                left = [
                    (p, c)
                    for p, c in zip(thread.passages, thread.passage_terms.counts, strict=True)
                    if p[0] not in gone
                ]
                thread.passages, thread.passage_terms = [p for p, _ in left], _Terms()
                for _, counts in left:
                    thread.passage_terms.add(counts)
            for m, body in zip(tombstones, bodies, strict=True):
                at = (m.seq or 0) - 1
                thread.messages[at] = decode_message(body, m.seq or 0, thread.messages[at].created_at or 0.0, thread_id)
                thread.terms.replace(at, term_counts(row_text(thread.messages[at].searchable_text)))
            for model, held in list(thread.vectors.items()):
                seqs, parts, matrix = held.index.export()
                keep = [k for k, s in enumerate(seqs) if s not in gone]
                fresh = _Vectors(VectorIndex(held.index.dim), upto=held.upto)
                if keep:
                    log = thread.messages
                    kept = [seqs[k] for k in keep]
                    roles, times = [log[s - 1].role for s in kept], [log[s - 1].created_at or 0 for s in kept]
                    fresh.index.add(kept, matrix[keep], roles, times, [parts[k] for k in keep])
                thread.vectors[model] = fresh
            for v in versions:
                thread.versions[v.version - 1] = v
            for n in nodes:
                thread.nodes[n.id] = n
            drop = set(event_ids)
            thread.events = [e for e in thread.events if e[0] not in drop]
            self._last_event_id += 1
            thread.events.append((self._last_event_id, "forgotten", event, time.time()))
            if head is not None:
                thread.versions.append(SummaryVersion.model_validate_json(head.model_dump_json()))

    def scrub(self) -> list[str]:
        """Nothing to scrub: the store lives in this process's memory (what was replaced is garbage collected)."""
        return []

    def renew_job(self, lease: JobLease, lease_s: float) -> bool:
        """Extend a claim by ``lease_s`` seconds from now (a long summarizer call); False if it was lost."""
        if lease_s <= 0:
            raise InvalidArgument(f"lease_s must be > 0, got {lease_s}")
        with self._lock:
            job = self._jobs._jobs.get((lease.thread_id, lease.kind))
            if job is None or job.lease != lease.token:
                return False
            job.leased_until = time.time() + lease_s
            return True


@dataclass
class _Job:
    requested: int
    enqueued_at: float
    not_before: float
    lease: str | None = None
    leased_until: float = 0.0


class JobTable:
    """The job queue's rules over a dict keyed (thread, kind); the caller holds the lock and gives the time.

    The same rules as the SQL stores' ``jobs`` table: one entry per key, requests counted, leases expire.
    """

    def __init__(self) -> None:
        self._jobs: dict[tuple[str, str], _Job] = {}

    def __len__(self) -> int:
        return len(self._jobs)

    def enqueue(self, thread_id: str, kind: str, now: float) -> None:
        job = self._jobs.get((thread_id, kind))
        if job is None:
            self._jobs[(thread_id, kind)] = _Job(1, now, now)
        else:
            job.requested += 1

    def claim(self, kinds: Sequence[str], lease_s: float, now: float) -> JobLease | None:
        if lease_s <= 0:
            raise InvalidArgument(f"lease_s must be > 0, got {lease_s}")
        ready = [
            (job.not_before, job.enqueued_at, key)
            for key, job in self._jobs.items()
            if key[1] in kinds and job.not_before <= now and (job.lease is None or job.leased_until < now)
        ]
        if not ready:
            return None
        key = min(ready)[2]
        job = self._jobs[key]
        job.lease, job.leased_until = uuid.uuid4().hex, now + lease_s
        return JobLease(thread_id=key[0], kind=key[1], token=job.lease, requested=job.requested)

    def finish(self, lease: JobLease, again: bool, delay: float, now: float) -> bool:
        key = (lease.thread_id, lease.kind)
        job = self._jobs.get(key)
        if job is None or job.lease != lease.token:
            return False
        if not again and job.requested == lease.requested:
            del self._jobs[key]
        else:
            job.lease, job.leased_until, job.not_before = None, 0.0, now + max(delay, 0.0)
        return True

    def forget(self, thread_id: str) -> None:
        for key in [k for k in self._jobs if k[0] == thread_id]:
            del self._jobs[key]


def _passes(msg: Message, where: SearchFilter) -> bool:
    if where.roles is not None and msg.role not in where.roles:
        return False
    created = msg.created_at or 0.0
    if where.since is not None and created < where.since:
        return False
    return where.until is None or created <= where.until


__all__ = ["InMemoryStore"]
