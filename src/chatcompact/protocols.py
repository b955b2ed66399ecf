"""The seams: small Protocols every backend implements. Backends are passed in as objects.

A store is a core :class:`Store` (threads, the append-only log, summary versions, full-text search, events)
plus capability protocols: :class:`NodeStore` (summary hierarchy), :class:`VectorStore` (embeddings),
:class:`JobStore` (a job queue other processes see), :class:`PassageStore` (long messages searched by passage),
:class:`PassageVectorStore` (long messages embedded by passage),
:class:`ForgetStore` (the audited erasure ``Thread.forget`` drives) and :class:`RankedSearch` (searches that
return seqs, not messages). All are ``runtime_checkable``: callers ask ``isinstance(store, VectorStore)``, never
for a concrete backend. :class:`FullStore` is all of them (the three built-in stores). The built-in stores'
``supports_*`` attributes are kept for older callers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .types import Event, Message, PinnedItem, SummaryDelta, SummaryNode, SummaryState, SummaryVersion, ThreadInfo

if TYPE_CHECKING:
    import numpy as np


@runtime_checkable
class Tokenizer(Protocol):
    """Counts tokens the way the target model bills them."""

    name: str

    def count(self, text: str) -> int:
        """Tokens in a plain string."""
        ...

    def count_message(self, message: Message) -> int:
        """Tokens one chat message costs, its per-message overhead included."""
        ...

    def count_messages(self, messages: Sequence[Message], tools: Sequence[dict[str, Any]] | None = None) -> int:
        """Tokens of a whole request: messages, reply priming and tool schemas."""
        ...


@dataclass(frozen=True)
class SummaryRequest:
    """What a summarizer gets: the current state and the messages being folded into it.

    ``kind="rollup"`` (summary hierarchy): each message is the rendered summary of one consecutive part
    of the conversation (``name="summary"``, ``seq`` = the part's last message), oldest first, and
    ``state`` is those parts' items already merged; the delta consolidates them (resolves what a later
    part settled, adds what the merge lost, retells the narrative).
    """

    state: SummaryState
    messages: Sequence[Message]  # each with its seq, oldest first
    pinned: Sequence[PinnedItem] = ()  # what preservation rules already keep verbatim
    max_output_tokens: int = 800
    kind: str = "compaction"  # or "rollup"
    # What the app (never the conversation) asks this compaction to keep (``thread.compact(focus=...)``):
    # LLM summarizers put it in their instructions, the extractive one favours sentences sharing its words.
    focus: str | None = None
    # ``time.monotonic()`` by which the whole call must have ended (the compaction's deadline, set by the engine
    # from ``Retry.deadline``); LLM summarizers bound each call by the sooner of it and their ``timeout``
    deadline: float | None = None


@runtime_checkable
class Summarizer(Protocol):
    """Turns evicted messages into a :class:`SummaryDelta`; never mutates anything.

    Optional capability flag: ``deterministic = True`` declares that the same request always gets the same
    delta (the extractive summarizer), so a delta the core refuses is not asked for again within the
    compaction; without it (LLM summarizers) the engine asks again, at once, a bounded number of times.
    """

    name: str

    def summarize(self, request: SummaryRequest) -> SummaryDelta: ...

    async def asummarize(self, request: SummaryRequest) -> SummaryDelta: ...


@runtime_checkable
class Embedder(Protocol):
    """Batch of texts in, one L2-normalised float32 vector per text out: an array of shape (n, dimensions)."""

    name: str  # identifies the model: vectors of different names are never compared

    @property
    def dimensions(self) -> int:
        """Length of every vector (an attribute or a property)."""
        ...

    def embed(self, texts: Sequence[str]) -> np.ndarray: ...


@dataclass(frozen=True)
class SearchFilter:
    """Restricts archive search: roles, and a time range on ``created_at`` (epoch seconds, inclusive)."""

    roles: frozenset[str] | None = None
    since: float | None = None
    until: float | None = None


@dataclass(frozen=True)
class TextHit:
    """A full-text match in a thread's log."""

    message: Message
    score: float


#: The kinds of background job a store queues (``Store.enqueue_job``): a compaction, an embedding batch.
JOB_KINDS = ("compact", "embed")


@dataclass(frozen=True)
class JobLease:
    """A claimed background job: the thread and kind, and the claim's token (``finish_job`` needs it)."""

    thread_id: str
    kind: str
    token: str  # identifies this claim; once the lease expires and another worker claims the job, it is void
    requested: int  # how many requests the job had when claimed (a later request keeps it queued)


@runtime_checkable
class Store(Protocol):
    """Durable home of threads, the append-only message log and summary versions (the core every store has).

    The log is append-only: no method updates or deletes a message except ``delete_thread``,
    which a user calls on purpose. ``append`` returns only once the message is durable.
    """

    def ensure_thread(
        self, thread_id: str, system: str | None, *, created_at: float | None = None, budget: int | None = None
    ) -> ThreadInfo:
        """Create the thread if missing (stamped ``created_at``, default now); update its system prompt when
        ``system`` is not None, its trigger budget when ``budget`` is not None."""
        ...

    def thread_info(self, thread_id: str) -> ThreadInfo:
        """Raises ThreadNotFound if absent."""
        ...

    def list_threads(self) -> list[ThreadInfo]: ...

    def delete_thread(self, thread_id: str) -> None: ...

    def append(
        self, thread_id: str, messages: Sequence[Message], tokens: Sequence[int], *, created_at: float | None = None
    ) -> list[Message]:
        """Append atomically; returns the messages with ``seq`` and ``created_at`` (default now) set."""
        ...

    def messages(self, thread_id: str, after: int = 0, until: int | None = None) -> list[Message]:
        """Messages with ``after < seq <= until``, oldest first."""
        ...

    def message_tokens(self, thread_id: str, after: int = 0) -> list[int]:
        """Stored token counts of the messages after ``after``, in seq order."""
        ...

    def latest_version(self, thread_id: str) -> SummaryVersion | None: ...

    def versions(self, thread_id: str) -> list[SummaryVersion]: ...

    def commit_version(self, thread_id: str, version: SummaryVersion) -> SummaryVersion:
        """Commit iff the thread's latest version number equals ``version.parent`` (0 = none).

        Raises VersionConflict otherwise; nothing is written then.
        """
        ...

    def search_text(self, thread_id: str, query: str, k: int = 10, where: SearchFilter | None = None) -> list[TextHit]:
        """Full-text search (BM25 or the backend's equivalent), best first."""
        ...

    def log_event(self, thread_id: str, kind: str, data: dict[str, Any], *, created_at: float | None = None) -> Event:
        """Durably record an event (e.g. ``compaction_failed``); returns it with id and time (default now)."""
        ...

    def events(self, thread_id: str, kind: str | None = None, limit: int = 100) -> list[Event]:
        """The thread's latest ``limit`` events (of ``kind`` if given), oldest first."""
        ...

    def close(self) -> None: ...


@runtime_checkable
class NodeStore(Store, Protocol):
    """A store that keeps the summary hierarchy's nodes (``Policy(hierarchy=True)``)."""

    def put_node(self, thread_id: str, node: SummaryNode) -> SummaryNode:
        """Durably store a summary-hierarchy node; returns the node as stored.

        Nodes are append-only and their ids content-addressed by the writer, so a second put of an
        existing ``node.id`` is a no-op that returns the stored node. StoreError if the node covers
        messages the thread does not have (``seq_until`` past its last message); ThreadNotFound if
        the thread is missing.
        """
        ...

    def nodes(self, thread_id: str, level: int | None = None) -> list[SummaryNode]:
        """The thread's hierarchy nodes (of ``level`` if given), by level, then ``seq_from``, then write order."""
        ...


@runtime_checkable
class VectorStore(Store, Protocol):
    """A store that keeps one embedding vector per message and model, and searches them."""

    def put_vectors(self, thread_id: str, model: str, seqs: Sequence[int], vectors: np.ndarray) -> None:
        """Store one vector per message ``seq`` for embedding ``model`` (idempotent per seq and model)."""
        ...

    def missing_vectors(self, thread_id: str, model: str, limit: int = 256) -> list[Message]:
        """Oldest messages of the thread that have no vector for ``model`` yet."""
        ...

    def search_vectors(
        self, thread_id: str, model: str, query: np.ndarray, k: int = 10, where: SearchFilter | None = None
    ) -> list[TextHit]:
        """Nearest messages by cosine similarity (score = similarity), best first."""
        ...

    def vector_models(self, thread_id: str) -> list[str]:
        """Names of the embedding models that have vectors in the thread, sorted."""
        ...

    def get_vectors(self, thread_id: str, model: str) -> tuple[list[int], np.ndarray]:
        """Every stored vector of ``model`` in the thread: (seqs ascending, normalised float32 matrix)."""
        ...


@runtime_checkable
class PassageVectorStore(VectorStore, Protocol):
    """A vector store that keeps several vectors per message: a long message is embedded passage by passage
    (part ``1 + i`` the vector of its unit ``i``, a sentence or a few lines, ``core.passages.vector_rows``;
    part 0 a whole-message vector), and a search ranks each message once, by its best part (max over its parts'
    cosine similarities).

    ``put_vectors`` takes ``parts`` (one per row; None: every row part 0), and a put replaces every vector the
    seqs it names had before, so all the parts of a message go in one put. ``missing_vectors`` is unchanged: a
    message has its vectors once any part is stored. ``get_vectors`` returns one row per part (seqs repeat)."""

    def put_vectors(
        self, thread_id: str, model: str, seqs: Sequence[int], vectors: np.ndarray, parts: Sequence[int] | None = None
    ) -> None:
        """Store row ``i`` as part ``parts[i]`` of message ``seqs[i]``, replacing the seqs' earlier vectors."""
        ...

    def get_vector_parts(self, thread_id: str, model: str) -> tuple[list[int], list[int], np.ndarray]:
        """Every stored vector of ``model`` in the thread: (seqs, parts, normalised float32 matrix), by seq, part."""
        ...

    def rank_vector_parts(
        self, thread_id: str, model: str, query: np.ndarray, k: int = 10, where: SearchFilter | None = None
    ) -> list[tuple[int, float, int]]:
        """``search_vectors``' ranking with the part each message was found by: ``(seq, score, part)``, best first."""
        ...


@runtime_checkable
class JobStore(Store, Protocol):
    """A store with a queue of background jobs, one entry per (thread, kind), that other processes see
    (what ``chatcompact worker`` processes take; ``background="workers"``)."""

    def enqueue_job(self, thread_id: str, kind: str) -> None:
        """Ask for a job of ``kind`` (one of JOB_KINDS) on the thread; a job already queued is not duplicated."""
        ...

    def claim_job(self, kinds: Sequence[str], lease_s: float) -> JobLease | None:
        """Lease the oldest ready job of one of ``kinds`` for ``lease_s`` seconds; None when there is none.

        A job is leased to one claim at a time; an expired lease may be claimed again (the holder died).
        """
        ...

    def finish_job(self, lease: JobLease, *, again: bool = False, delay: float = 0.0) -> bool:
        """End a claim: the job is done unless ``again`` or requested again meanwhile (then it is released,
        ready after ``delay`` seconds). False if the lease was lost to another claim (nothing changed)."""
        ...

    def pending_jobs(self) -> int:
        """Jobs queued or leased in the whole store."""
        ...

    def renew_job(self, lease: JobLease, lease_s: float) -> bool:
        """Extend a held claim to ``lease_s`` seconds from now (a worker renews while a long job runs).

        False if the claim was lost: finished, or expired and claimed by another worker (nothing changed)."""
        ...


#: A ranked search result without its message: ``(seq, score)``, higher scores better.
Ranked = tuple[int, float]
#: A ranked passage: ``(seq, score, (start, end))``, the character span of the message's best passage.
RankedSpan = tuple[int, float, tuple[int, int]]


@runtime_checkable
class RankedSearch(Protocol):
    """Searches that rank seqs without reading the messages: recall ranks, fuses and deduplicates deep candidate
    lists and reads only the few messages it returns (a megabyte tool output among the candidates costs nothing
    until it is a hit). Each is ``search_text`` / ``search_passages`` / ``search_vectors`` less the messages, in
    the same order with the same scores."""

    def rank_text(self, thread_id: str, query: str, k: int = 10, where: SearchFilter | None = None) -> list[Ranked]:
        """``search_text``'s ranking: ``(seq, score)``, best first."""
        ...

    def rank_passages(
        self, thread_id: str, query: str, k: int = 10, where: SearchFilter | None = None
    ) -> list[RankedSpan]:
        """``search_passages``' ranking: each long message once at its best passage, ``(seq, score, span)``."""
        ...

    def rank_vectors(
        self, thread_id: str, model: str, query: np.ndarray, k: int = 10, where: SearchFilter | None = None
    ) -> list[Ranked]:
        """``search_vectors``' ranking: ``(seq, cosine similarity)``, best first (a message once, at its best part)."""
        ...

    def messages_at(self, thread_id: str, seqs: Sequence[int]) -> list[Message]:
        """The messages of ``seqs`` the thread has (others are left out), in seq order: one read for the hits."""
        ...

    def speakers_at(self, thread_id: str, seqs: Sequence[int]) -> dict[int, str | None]:
        """``core.speakers.speaker_of`` of each of ``seqs`` the thread has (others are left out), without building
        the messages: fusion reads the speakers of every candidate, and candidates are many."""
        ...

    def times_at(self, thread_id: str, seqs: Sequence[int]) -> dict[int, float]:
        """The ``created_at`` of each of ``seqs`` the thread has (others are left out), without reading a body:
        recall's head spread reads the times of its first candidates."""
        ...


@runtime_checkable
class PassageStore(Store, Protocol):
    """A store that indexes the passages of long messages (``core.passages``) and searches them."""

    def search_passages(
        self, thread_id: str, query: str, k: int = 10, where: SearchFilter | None = None
    ) -> list[tuple[TextHit, tuple[int, int]]]:
        """Each message once, at its passage best matching ``query``: ``(hit, (start, end))`` (character offsets in
        the message's text), best first."""
        ...


@runtime_checkable
class DeferredIndexing(Protocol):
    """A store that indexes some of what it is given after ``append`` returns (the SQLite store: the passages of
    huge messages). :meth:`~chatcompact.Memory.wait_idle` waits for it too."""

    def wait_indexed(self, timeout: float | None = None) -> bool:
        """Wait until everything appended is indexed; False if ``timeout`` (seconds) passed first."""
        ...


@runtime_checkable
class ForgetStore(Store, Protocol):
    """A store that can erase turns: the one audited way to change the append-only log (``Thread.forget``)."""

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
        """In one transaction: replace the messages by ``tombstones`` (same seq) and out of every index and vector,
        rewrite ``versions`` and ``nodes``, delete the events ``event_ids``, log a ``forgotten`` event with
        ``report``, and commit ``head`` guarded like :meth:`Store.commit_version` (VersionConflict, nothing
        written, when its parent is no longer the latest version)."""
        ...

    def scrub(self) -> list[str]:
        """Remove erased bytes from the store's files where it can; returns what it could not guarantee yet
        (one note per thing, e.g. a write-ahead log another reader still holds), empty when nothing is left."""
        ...


@runtime_checkable
class FullStore(NodeStore, VectorStore, JobStore, PassageStore, ForgetStore, RankedSearch, Protocol):
    """Every capability: what :class:`~chatcompact.Memory` uses to the full (the three built-in stores are; they are
    a :class:`PassageVectorStore` too, which a Memory uses when its store is one: long messages by passage)."""


__all__ = [
    "JOB_KINDS",
    "DeferredIndexing",
    "Embedder",
    "ForgetStore",
    "FullStore",
    "JobLease",
    "JobStore",
    "NodeStore",
    "PassageStore",
    "PassageVectorStore",
    "Ranked",
    "RankedSearch",
    "RankedSpan",
    "SearchFilter",
    "Store",
    "Summarizer",
    "SummaryRequest",
    "TextHit",
    "Tokenizer",
    "VectorStore",
]
