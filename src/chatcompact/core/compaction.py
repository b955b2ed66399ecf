"""One compaction, split around the only impure step (the summarizer call). Pure.

``prepare`` plans what to fold and builds the summarizer's request; the driver (sync, async,
background worker) calls the summarizer; ``finish`` validates the delta and merges it into the
next :class:`SummaryVersion`. The driver then commits that version guarded by its parent number.
Every driver shares these two functions, so the algorithm exists once.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..config import Policy
from ..errors import InvalidSummary, VersionNotFound
from ..protocols import SummaryRequest
from ..types import Message, SummaryDelta, SummaryState, SummaryVersion
from . import instructions, worklog
from .merge import apply_delta, diff_states
from .plan import CompactionPlan, plan_compaction
from .preserve import DEFAULT_RULES, Rule, find_pinned
from .validate import check_delta, check_records


@dataclass(frozen=True)
class Job:
    """A planned compaction: what to fold, on top of which version."""

    plan: CompactionPlan
    request: SummaryRequest
    parent: SummaryVersion | None


@dataclass(frozen=True)
class Snapshot:
    """The committed state a job plans from (copies: the driver's cache may move on meanwhile)."""

    version: SummaryVersion | None
    tail: tuple[Message, ...]
    tail_tokens: tuple[int, ...]
    budget: int  # the thread's trigger budget


@dataclass(frozen=True)
class Options:
    """How one compaction plans: its trigger ``reason`` ("tokens", "messages", "topic_shift", "manual"...), the
    preservation ``rules``, the kept window's size (``keep_tokens``, None: the policy's low water), where a new topic
    starts (``topic_shift_at``), whether cuts prefer turn boundaries, and the app's ``focus`` for the summarizer."""

    reason: str
    rules: Sequence[Rule] = DEFAULT_RULES
    keep_tokens: int | None = None
    topic_shift_at: int | None = None
    prefer_turns: bool = True
    focus: str | None = None


def prepare(snap: Snapshot, policy: Policy, opts: Options) -> Job | None:
    """Plan a compaction of ``snap.tail`` (the unsummarised messages after ``snap.version``); None if nothing to
    fold."""
    parent = snap.version
    held = frozenset(parent.kept) if parent else frozenset()
    plan = plan_compaction(
        snap.tail,
        snap.tail_tokens,
        snap.budget,
        policy,
        opts.reason,
        opts.topic_shift_at,
        opts.keep_tokens,
        opts.prefer_turns,
        held,
    )
    if plan is None:
        return None
    # the merge keeps the newest max_pinned spans of the state's and these: the older ones could never land
    pinned = find_pinned(plan.evict, opts.rules, max_chars=policy.pinned_max_chars)[-2 * policy.max_pinned :]
    state = parent.state if parent else SummaryState()
    request = SummaryRequest(state=state, messages=plan.evict, pinned=tuple(pinned), focus=opts.focus or None)
    return Job(plan=plan, request=request, parent=parent)


def finish(job: Job, delta: SummaryDelta, policy: Policy, summarizer: str, now: float | None = None) -> SummaryVersion:
    """Screen ``delta`` for the folded span, merge it, check the result records the span
    (:mod:`chatcompact.core.validate`); raises InvalidSummary (nothing lands) if it is unusable."""
    return land(job, delta, policy, summarizer, now)[1]


def asks(job: Job) -> list[str]:
    """The sentences of the folded user messages whose vectors the learned reader can use
    (:func:`chatcompact.core.instructions.reader_asks`): what a driver embeds before :func:`land` when the thread's
    embedder is the reader's (:func:`chatcompact.core.reader.vector_model`)."""
    return instructions.reader_asks(job.plan.evict)


def land(
    job: Job,
    delta: SummaryDelta,
    policy: Policy,
    summarizer: str,
    now: float | None = None,
    heard: instructions.Heard | None = None,
) -> tuple[SummaryDelta, SummaryVersion]:
    """:func:`finish`, also returning the delta as screened (what the hierarchy's level-0 node is built from:
    never an item the version refused). ``heard``: the vectors of the folded user sentences (:func:`asks`), for the
    learned reader of standing preferences."""
    parent = job.request.state
    screened = check_delta(delta, job.plan.evict, policy, summarizer, parent)
    delta = screened.delta
    state, report = apply_delta(parent, delta, policy, job.request.pinned)
    state = worklog.carry(parent, state, job.plan.evict, delta, heard)  # instructions + work log, any summarizer
    check_records(parent, state, report, job.plan.evict, summarizer)
    parent_no = job.parent.version if job.parent else 0
    first, last = job.plan.span
    if job.parent is not None:  # spans back to back: a message an earlier fold kept aside folds inside this one
        first = job.parent.covered_until + 1
    version = SummaryVersion(
        version=parent_no + 1,
        parent=parent_no or None,
        state=state,
        covered_from=first,
        covered_until=last,  # a kept message sits inside the span (the plan keeps it only there)
        kept=tuple(m.seq for m in job.plan.kept if m.seq is not None),
        trigger=job.plan.reason,
        summarizer=summarizer,
        report=report,
        created_at=time.time() if now is None else now,
        meta={
            "messages": len(job.plan.evict),
            "tokens_folded": job.plan.evict_tokens,
            **({"dropped_items": screened.dropped} if screened.dropped else {}),
            **({"usage": delta.usage.model_dump()} if delta.usage else {}),
        },
    )
    try:  # what every store does first: a version that cannot be written is refused here, as a failed attempt
        version.model_dump_json()
    except ValueError as exc:
        raise InvalidSummary(f"{summarizer} produced a version that cannot be stored: {exc}", (str(exc),)) from None
    return delta, version


def window_after(
    plan: CompactionPlan, tail: Sequence[Message], tokens: Sequence[int]
) -> tuple[list[Message], list[int]] | None:
    """The recent window once ``plan``'s version is committed: the message it kept aside (the latest user
    message), then the tail after its cut, with their token counts. None when ``tail`` does not start with
    the plan's messages (another writer moved the thread: reload instead)."""
    n = plan.consumed
    first = min(m.seq or 0 for m in (*plan.evict, *plan.kept))
    if len(tail) < n or not tail or tail[0].seq != first:
        return None
    kept = {m.seq for m in plan.kept}
    at = [i for i in range(n) if tail[i].seq in kept]
    return [tail[i] for i in at] + list(tail[n:]), [tokens[i] for i in at] + list(tokens[n:])


def revert_version(latest: SummaryVersion, target: SummaryVersion | None, now: float | None = None) -> SummaryVersion:
    """The version that returns the summary to ``target``'s state (None: no summary), on top of ``latest``.

    Append-only undo: nothing is rewritten. Coverage goes back to ``target``'s, so the messages
    folded since return to the recent window and are compacted again by the usual triggers.
    """
    state = target.state if target else SummaryState()
    return SummaryVersion(
        version=latest.version + 1,
        parent=latest.version,
        state=state,
        covered_from=target.covered_from if target else 0,
        covered_until=target.covered_until if target else 0,
        kept=target.kept if target else (),
        trigger="revert",
        report=diff_states(latest.state, state),
        created_at=time.time() if now is None else now,
        meta={"reverted_to": target.version if target else 0, "messages": 0},
    )


def pick_version(thread_id: str, number: object, versions: Sequence[SummaryVersion]) -> SummaryVersion | None:
    """Version ``number`` of ``versions`` (numbered 1..n), None for 0 (no summary); VersionNotFound otherwise."""
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= len(versions):
        raise VersionNotFound(
            f"thread {thread_id!r} has no summary version {number!r} "
            f"(it has versions 1-{len(versions)}; 0 means no summary)"
        )
    return versions[number - 1] if number else None
