"""The per-thread compaction engine, sans I/O: every job as a generator that yields effects.

The flows (a triggered step: claim, plan, summarize, validate, merge, commit guarded by the parent version,
the hierarchy's level-0 node and roll-ups, failure events and cooldown; a manual compaction; an embedding
batch) live here once. A generator yields an effect object (``Summarize(request)``, ``Commit(version)``,
``PutNode(node)``, ``Embed(texts)``, ``LogEvent(...)`` ...) and is sent its result, or has the driver's
error thrown in at the yield (the httpx auth-flow pattern). Drivers only execute effects: ``Thread``
(threads and ``chatcompact worker``) and ``AsyncThread`` (asyncio). ``Pause`` marks the points between
steps where a driver lets the foreground run (a GIL yield), so background work never holds it for long.

The compaction slot (one summarizer job per thread at a time) is taken with ``Claim``; the driver holds it
until the generator ends, however it ends.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

import numpy as np

from ..config import Policy
from ..errors import InvalidSummary, StoreError, SummarizerError, VersionConflict
from ..protocols import SummaryRequest
from ..types import Message, SummaryDelta, SummaryNode, SummaryVersion
from . import compaction, reader
from . import hierarchy as h
from .passages import vector_rows
from .plan import CompactionPlan, check_trigger
from .preserve import DEFAULT_RULES, Rule
from .topic import latest_shift

log = logging.getLogger("chatcompact.engine")
T = TypeVar("T")
EMBED_BATCH = 64  # messages embedded per job step
EMBED_CHUNK = 32  # ... in model calls of about this many texts, so the foreground (and a close) waits on one at most
#: Characters of a message an embedder reads at most for its whole-text vector: every model truncates its input (the
#: bundled one at 256 tokens, hosted ones at ~8k), and tokenising a 2 MB tool output just to keep its first tokens
#: would cost more than the whole model run. A long message's passages are embedded as well (:func:`embed_units`).
EMBED_CHARS = 16_000
#: Whether a long message keeps a vector of its head (part 0) beside its passages' vectors: off, as measured on the
#: long-chat dev set (``benchmarks/long_chat.py``, at 24 passages a message: vector recall@10 36.4 passages only, 36.1
#: with the head as well) for 14% more texts to embed (25,825 against 22,695 for its 4,128 messages).
EMBED_WHOLE_TOO = False


# ---------------------------------------------------------------------- effects (what a driver executes)
@dataclass(frozen=True)
class Now:
    """-> the driver's monotonic clock (seconds)."""


@dataclass(frozen=True)
class Claim:
    """-> True if the thread's compaction slot was taken (``wait``: block until it is free)."""

    wait: bool = False


@dataclass(frozen=True)
class Load:
    """-> a :class:`Snapshot` of the thread's committed state (``fresh``: re-checked against the store first)."""

    fresh: bool = True


@dataclass(frozen=True)
class Reload:
    """-> None; the driver reloads its cache from the store (after a lost commit race)."""


@dataclass(frozen=True)
class Summarize:
    """-> the summarizer's :class:`SummaryDelta` (the driver retries; a final failure is a SummarizerError)."""

    request: SummaryRequest


@dataclass(frozen=True)
class Commit:
    """-> the committed version; the store checks ``version.parent`` is still the head (VersionConflict if not).
    The driver then moves its cache past ``job``'s span."""

    job: compaction.Job
    version: SummaryVersion


@dataclass(frozen=True)
class PutNode:
    """-> the stored hierarchy node."""

    node: SummaryNode


@dataclass(frozen=True)
class LogEvent:
    """-> None; a durable event of the thread (``compaction_failed``, ``rollup_failed``, ``compaction_vetoed``)."""

    kind: str
    data: dict[str, Any]


@dataclass(frozen=True)
class Hook:
    """-> the ``on_compaction`` hooks' answers (a list): ``stage`` "before" (``plan``/``request`` set) or "after"
    (``version`` set). A hook answering False vetoes the compaction; a string annotates it."""

    event: CompactionEvent


@dataclass(frozen=True)
class MissingVectors:
    """-> up to ``limit`` of the thread's oldest messages without a vector."""

    limit: int


@dataclass(frozen=True)
class Embed:
    """-> one vector per text (a 2-D array)."""

    texts: tuple[str, ...]


@dataclass(frozen=True)
class PutVectors:
    """-> None; store ``vectors``: row ``i`` part ``parts[i]`` of message ``seqs[i]`` (``parts`` None: all 0)."""

    seqs: tuple[int, ...]
    vectors: Any
    parts: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Submit:
    """-> None; queue a background job of ``kind`` for the thread (a no-op without a scheduler)."""

    kind: str


@dataclass(frozen=True)
class Pause:
    """-> True to go on; a point between steps where the driver lets the foreground run. False: the driver is
    shutting down, and a flow that can stop here cleanly (an embedding batch) does."""


# ---------------------------------------------------------------------- data
@dataclass(frozen=True)
class CompactionEvent:
    """What an ``on_compaction`` hook sees."""

    stage: str  # "before" (may veto or annotate) or "after" (committed)
    thread_id: str
    plan: CompactionPlan
    request: SummaryRequest
    version: SummaryVersion | None = None


Snapshot = compaction.Snapshot  # the committed state a job plans from (defined beside prepare)


@dataclass(frozen=True)
class Failure:
    """A compaction that did not land (the summary stayed as it was)."""

    span: tuple[int, int]
    error: str
    at_version: int


@dataclass(frozen=True)
class Config:
    """What a thread's jobs run with (the Memory's settings)."""

    thread_id: str
    policy: Policy
    summarizer: str  # its name, recorded in each version
    count: Callable[[str], int]
    cooldown: float = 30.0  # after a failed job, no triggered job for this long
    rules: Sequence[Rule] = DEFAULT_RULES
    # an invalid delta (InvalidSummary from the core's checks) is asked for again this many times within the
    # compaction, at once (it is no rate limit): an LLM answers differently; a deterministic summarizer would
    # answer the same, so it gets 0
    retries: int = 0
    deadline: float | None = None  # seconds from the first ask after which no invalid delta is asked again
    # long messages embedded passage by passage (the store keeps several vectors per message:
    # protocols.PassageVectorStore); False: one vector of each message's head
    passages: bool = True
    # the thread's embedder is the one the learned reader of words and vectors was trained with
    # (core.reader.vector_model): a compaction embeds the folded user sentences for it
    reader_vectors: bool = False


@dataclass
class State:
    """A thread's engine state between jobs (held by its driver; changed only by the engine)."""

    tree: h.Tree | None = None
    cooldown_until: float = 0.0
    failures: list[Failure] = field(default_factory=list)
    tail_vectors: dict[int, Any] = field(default_factory=dict)  # seq -> vector, for the topic-shift detector
    shift_seq: int | None = None  # first message of a new topic, awaiting compaction


@dataclass(frozen=True)
class ContextUsage:
    """How full a thread's context window is: what ``thread.usage(budget)`` returns (``chatcompact.ContextUsage``;
    :class:`chatcompact.Usage` is a summarizer call's token usage)."""

    tokens: int  # of the context view at ``budget``
    budget: int
    fill: float  # tokens / budget
    until_compaction: int | None  # tail tokens still to add before an automatic compaction fires (None: auto off)
    trigger_budget: int  # the budget the triggers use (the thread's stored one)
    summary_version: int
    tail_messages: int
    tail_tokens: int


Usage = ContextUsage  # the engine's own short name

Effects = Generator[Any, Any, T]


# ---------------------------------------------------------------------- pure decisions
def shift_index(st: State, tail: Sequence[Message]) -> int | None:
    """Where the pending topic shift sits in ``tail``; None if it is not there (0: it already starts the tail)."""
    seq = st.shift_seq
    i = next((i for i, m in enumerate(tail) if m.seq == seq), None) if seq is not None else None
    return i or None


def trigger(st: State, snap: Snapshot, policy: Policy, now: float) -> str | None:
    """The automatic trigger that fires for ``snap``, or None (auto off, cooling down, or nothing due)."""
    if not policy.auto or now < st.cooldown_until:
        return None
    shift = shift_index(st, snap.tail)
    return check_trigger(sum(snap.tail_tokens), len(snap.tail), snap.budget, policy, shift)


def usage(tokens: int, budget: int, snap: Snapshot, policy: Policy) -> Usage:
    """The :class:`Usage` of a context view of ``tokens`` at ``budget`` over ``snap``."""
    tail = sum(snap.tail_tokens)
    until = max(int(policy.high_water * snap.budget) - tail + 1, 0) if policy.auto else None
    if until is not None and policy.max_tail_messages and len(snap.tail) >= policy.max_tail_messages:
        until = 0  # the message-count trigger fires with the next message, whatever its size
    return Usage(
        tokens=tokens,
        budget=budget,
        fill=round(tokens / budget, 4),
        until_compaction=until,
        trigger_budget=snap.budget,
        summary_version=compaction_version(snap.version),
        tail_messages=len(snap.tail),
        tail_tokens=tail,
    )


def storable(text: str) -> str:
    """``text`` with any lone surrogate written as an escape, so an error quoting a bad reply can be stored."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def compaction_version(version: SummaryVersion | None) -> int:
    return version.version if version else 0


def verdict(answers: Sequence[Any]) -> tuple[bool, str | None]:
    """(go ahead, note) from the "before" hooks' answers: any False vetoes; strings are joined as the note."""
    notes = [a for a in answers if isinstance(a, str) and a]
    return (not any(a is False for a in answers)), ("; ".join(notes) or None)


# ---------------------------------------------------------------------- flows
def step(st: State, cfg: Config) -> Effects[bool]:
    """One background job: a triggered compaction if one is due, else one roll-up; True if more is due."""
    now = yield Now()
    if now < st.cooldown_until or not (yield Claim()):
        return False  # cooling down after a failure, or a job of this thread is running (it re-checks)
    snap = yield Load()
    reason = trigger(st, snap, cfg.policy, now)
    if reason is None:
        return (yield from rollup(st, cfg))  # compactions first (they keep the context small), then roll-ups
    try:
        committed = yield from compact(st, cfg, snap, reason, shift=shift_index(st, snap.tail))
    except VersionConflict as exc:  # another writer committed first: no failure, the next add re-plans
        log.info("compaction of thread %s lost a commit race: %s", cfg.thread_id, exc)
        return False
    except (SummarizerError, StoreError) as exc:  # a real failure: recorded as an event; the summary just waits
        log.warning("compaction of thread %s did not land: %s", cfg.thread_id, exc)
        return False
    if committed is None:  # nothing could be folded (no cut point) or a hook vetoed: the next add re-checks,
        return False  # asking again now would spin on the same state
    snap = yield Load(fresh=False)
    return trigger(st, snap, cfg.policy, (yield Now())) is not None or (st.tree is not None and bool(st.tree.plan()))


def manual(st: State, cfg: Config, keep_tokens: int | None = None, focus: str | None = None) -> Effects[Any]:
    """``thread.compact()``: wait for the slot, fold now; the new version or None (nothing to fold or vetoed).
    Raises SummarizerError / VersionConflict (the committed summary is then unchanged)."""
    yield Claim(wait=True)
    snap = yield Load()
    committed = yield from compact(st, cfg, snap, "manual", keep_tokens=keep_tokens, focus=focus)
    if committed is not None and st.tree is not None and st.tree.plan() is not None:
        yield Submit("compact")  # the roll-up it completed runs in the background
    return committed


def compact(
    st: State,
    cfg: Config,
    snap: Snapshot,
    reason: str,
    keep_tokens: int | None = None,
    shift: int | None = None,
    focus: str | None = None,
) -> Effects[SummaryVersion | None]:
    """Plan, ask the hooks, summarize, validate and merge, commit; then the level-0 node. Slot held."""
    p = cfg.policy
    opts = compaction.Options(reason, cfg.rules, keep_tokens, shift, focus=focus)
    yield Pause()  # planning reads the whole span (its pinned names, digests): after the add that triggered it
    job = compaction.prepare(snap, p, opts)
    if job is None:
        return None
    go, note = verdict((yield Hook(CompactionEvent("before", cfg.thread_id, job.plan, job.request))))
    if not go:
        yield LogEvent("compaction_vetoed", {"span": list(job.plan.span), "reason": reason})
        return None
    yield Pause()
    try:
        delta, version = yield from summarize(cfg, job)
    except SummarizerError as exc:
        yield from failed(st, cfg, job, exc)
        raise
    if note:
        version = version.model_copy(update={"meta": {**version.meta, "note": note}})
    yield Pause()
    try:
        committed: SummaryVersion = yield Commit(job, version)
    except VersionConflict:
        yield Reload()
        raise
    except StoreError as exc:  # the store refused the version: a failed compaction like any other
        yield from failed(st, cfg, job, exc)
        raise
    if st.tree is not None:
        yield from span_node(st, cfg, committed, delta, job)
    yield Hook(CompactionEvent("after", cfg.thread_id, job.plan, job.request, committed))
    return committed


def summarize(cfg: Config, job: compaction.Job) -> Effects[tuple[SummaryDelta, SummaryVersion]]:
    """Ask for the delta and make the version. An invalid one (InvalidSummary: a reply that is no delta, or no
    valid non-empty delta for the span) is asked for again at once, ``cfg.retries`` times within
    ``cfg.deadline``, each refusal a ``delta_refused`` event and a line of the version's ``meta["refused"]``.
    Raises the last SummarizerError when no answer was usable."""
    refused: list[str] = []
    started = yield Now()
    request = job.request if cfg.deadline is None else replace(job.request, deadline=started + cfg.deadline)
    heard = (yield from hear(job)) if cfg.reader_vectors else None
    while True:
        try:
            delta = yield Summarize(request)  # InvalidSummary: the reply was no delta (the summarizer's parser)
            yield Pause()
            # InvalidSummary here too: the reply is no valid delta for this span
            delta, version = compaction.land(job, delta, cfg.policy, cfg.summarizer, heard=heard)
            break
        except InvalidSummary as exc:
            late = cfg.deadline is not None and (yield Now()) - started >= cfg.deadline
            if len(refused) >= cfg.retries or late:
                raise
            refused.append(storable(str(exc))[:500])
            data = {"span": list(job.plan.span), "error": refused[-1], "attempt": len(refused)}
            yield LogEvent("delta_refused", data)
    if refused:
        version = version.model_copy(update={"meta": {**version.meta, "refused": refused}})
    return delta, version


def hear(job: compaction.Job) -> Effects[dict[str, Any] | None]:
    """The vectors of the folded user sentences the learned reader can use (:func:`compaction.asks`), by the
    thread's embedder. An embedder that fails costs the reader its vectors, not the compaction: the sentences are
    read by their words, and a ``reader_vectors_failed`` event says why."""
    texts = compaction.asks(job)
    if not texts:
        return None
    want = (len(texts), len(reader.vector_model().vector))
    try:
        vectors = np.asarray((yield Embed(tuple(texts))), dtype=np.float64)
        error = "" if vectors.shape == want else f"vectors of shape {vectors.shape}; the reader reads {want}"
    except Exception as exc:
        error = storable(str(exc))[:500] or type(exc).__name__
    if error:  # the embedder failed, or is another of the same name
        yield LogEvent("reader_vectors_failed", {"span": list(job.plan.span), "error": error})
        return None
    return dict(zip(texts, vectors, strict=True))


def span_node(
    st: State, cfg: Config, committed: SummaryVersion, delta: SummaryDelta, job: compaction.Job
) -> Effects[None]:
    """Store the level-0 node of a committed span. The version is durable already; if this write fails the span
    simply has no node (the roll-up above covers its neighbours, the running summary still holds it): logged."""
    assert st.tree is not None
    st.tree.committed(committed)
    node = h.span_node(committed, delta, job.request.pinned, cfg.policy, cfg.count)
    yield Pause()
    try:
        st.tree.stored((yield PutNode(node)))
    except StoreError as exc:
        log.warning("thread %s: level-0 node of version %d not stored: %s", cfg.thread_id, committed.version, exc)


def failed(st: State, cfg: Config, job: compaction.Job, exc: SummarizerError | StoreError) -> Effects[None]:
    """Record a compaction that did not land (in memory and as an event) and start the cooldown."""
    failure = Failure(job.plan.span, storable(str(exc)), compaction_version(job.parent))
    st.failures.append(failure)
    st.cooldown_until = (yield Now()) + cfg.cooldown
    data = {"span": list(failure.span), "error": failure.error, "at_version": failure.at_version}
    try:
        yield LogEvent("compaction_failed", data)
    except StoreError as store_exc:  # the store is down too: the cooldown and the in-memory record still hold
        log.warning("thread %s: compaction_failed event not stored: %s", cfg.thread_id, store_exc)


def rollup(st: State, cfg: Config) -> Effects[bool]:
    """Build one hierarchy node if a level has a full group; True if one was built. Slot held.
    A failed roll-up is logged as a ``rollup_failed`` event, starts the cooldown and changes nothing."""
    plan = st.tree.plan() if st.tree is not None else None
    if plan is None:
        return False
    try:
        delta = yield Summarize(plan.request)
        yield Pause()
        node = h.finish_rollup(plan, delta, cfg.policy, cfg.summarizer, cfg.count)
    except SummarizerError as exc:
        st.cooldown_until = (yield Now()) + cfg.cooldown
        yield LogEvent("rollup_failed", {"span": list(plan.span), "level": plan.level, "error": storable(str(exc))})
        return False
    st.tree.stored((yield PutNode(node)))  # type: ignore[union-attr]
    return True


@dataclass(frozen=True)
class EmbedUnits:
    """What embedding some messages takes: ``texts[i]`` is part ``parts[i]`` of message ``seqs[i]``."""

    texts: tuple[str, ...]
    seqs: tuple[int, ...]
    parts: tuple[int, ...]

    def whole(self, vectors: Any) -> dict[int, Any]:
        """Each message's vector of its whole text (part 0) from the vectors of :attr:`texts`; a message embedded
        by passages only gets the normalised mean of its passages' vectors (the topic-shift detector's input)."""
        out: dict[int, Any] = {}
        rows: dict[int, list[int]] = {}
        for i, (seq, part) in enumerate(zip(self.seqs, self.parts, strict=True)):
            if part == 0:
                out[seq] = vectors[i]
            rows.setdefault(seq, []).append(i)
        for seq, idx in rows.items():
            if seq not in out:
                mean = np.asarray(vectors[idx], dtype=np.float32).mean(axis=0)
                out[seq] = mean / max(float(np.linalg.norm(mean)), 1e-12)
        return out


def embed_units(messages: Sequence[Message], passages: bool = True) -> EmbedUnits:
    """The texts to embed for ``messages`` (the one rule the background job, ``archive.embed_pending`` and the
    benchmarks share): a message's text (at most :data:`EMBED_CHARS`; its role when it has none) as part 0; a long
    one (``passages``) instead each passage ``core.passages.vector_rows`` picks, as part ``1 + chunk`` (and its
    head as part 0 too with :data:`EMBED_WHOLE_TOO`)."""
    texts: list[str] = []
    seqs: list[int] = []
    parts: list[int] = []
    for m in messages:
        text = m.searchable_text
        rows = vector_rows(text) if passages else []
        if not rows or EMBED_WHOLE_TOO:
            texts.append((text or m.role)[:EMBED_CHARS])
            seqs.append(m.seq or 0)
            parts.append(0)
        for chunk, start, end in rows:
            texts.append(text[start:end])
            seqs.append(m.seq or 0)
            parts.append(1 + chunk)
    return EmbedUnits(tuple(texts), tuple(seqs), tuple(parts))


def embed_chunks(messages: Sequence[Message], passages: bool = True, size: int = EMBED_CHUNK) -> list[EmbedUnits]:
    """``messages`` in runs of about ``size`` texts to embed (a long message's parts stay in one run: a put is
    each message's whole set of vectors; a run holds at least one message)."""
    out: list[EmbedUnits] = []
    run: list[EmbedUnits] = []
    count = 0
    for m in messages:
        units = embed_units([m], passages)
        if run and count + len(units.texts) > size:
            out.append(_joined(run))
            run, count = [], 0
        run.append(units)
        count += len(units.texts)
    if run:
        out.append(_joined(run))
    return out


def _joined(runs: Sequence[EmbedUnits]) -> EmbedUnits:
    texts = tuple(t for u in runs for t in u.texts)
    return EmbedUnits(texts, tuple(s for u in runs for s in u.seqs), tuple(p for u in runs for p in u.parts))


def embed(st: State, cfg: Config) -> Effects[bool]:
    """Embed one batch of messages without vectors; True if more may be pending. With ``Policy.topic_shift``
    the new vectors feed the topic-shift detector, which asks for a compaction when the user changed topic."""
    pending = yield MissingVectors(EMBED_BATCH)
    fresh: dict[int, Any] = {}
    for i, units in enumerate(embed_chunks(pending, cfg.passages)):
        if i and not (yield Pause()):
            return False  # shutting down: what is embedded is stored, the rest waits for the next open
        vectors = yield Embed(units.texts)
        multi = any(units.parts)
        yield PutVectors(units.seqs, vectors, units.parts if multi else None)
        fresh.update(units.whole(vectors))
    if fresh and cfg.policy.topic_shift:
        snap = yield Load(fresh=False)
        if watch_topic(st, snap.tail, fresh):
            yield Submit("compact")
    return len(pending) >= EMBED_BATCH


def watch_topic(st: State, tail: Sequence[Message], fresh: dict[int, Any]) -> bool:
    """Keep the tail's vectors and find the latest topic shift in it; True if one awaits compaction."""
    seqs = [m.seq or 0 for m in tail]
    known = {**st.tail_vectors, **fresh}
    st.tail_vectors = {s: known[s] for s in seqs if s in known}
    if len(st.tail_vectors) < len(seqs):
        return False  # vectors of older tail messages are not cached (e.g. after a restart): wait
    i = latest_shift(np.stack([st.tail_vectors[s] for s in seqs])) if seqs else None
    st.shift_seq = seqs[i] if i else None
    return st.shift_seq is not None


# ---------------------------------------------------------------------- running a flow
def drive(flow: Effects[T], execute: Callable[[Any], Any]) -> T:
    """Run ``flow`` to its end, executing each effect with ``execute`` (its errors are thrown back in)."""
    result: Any = None
    error: BaseException | None = None
    while True:
        try:
            effect = flow.throw(error) if error is not None else flow.send(result)
        except StopIteration as stop:
            value: T = stop.value
            return value
        try:
            result, error = execute(effect), None
        except Exception as exc:  # the flow decides: it handles what it expects and lets the rest out
            result, error = None, exc


async def adrive(flow: Effects[T], execute: Callable[[Any], Any]) -> T:
    """:func:`drive` with an ``async`` executor."""
    result: Any = None
    error: BaseException | None = None
    while True:
        try:
            effect = flow.throw(error) if error is not None else flow.send(result)
        except StopIteration as stop:
            value: T = stop.value
            return value
        try:
            result, error = await execute(effect), None
        except Exception as exc:  # as in drive
            result, error = None, exc
