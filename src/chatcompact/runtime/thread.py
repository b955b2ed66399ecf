"""``Thread``: one conversation, the thin synchronous driver over the pure core and its cached view.

A Thread's committed state is cached in its :class:`~chatcompact.runtime.view.ThreadView` (latest summary
version, the unsummarised tail with token counts, the rendered summary lines), so ``add`` is one durable append
plus list bookkeeping and ``context`` is pure assembly over that cache. The cache is checked against the store's
head on ``context`` (two indexed look-ups), so several processes may share a thread.

Every background job (compaction, roll-up, embedding) is a flow of :mod:`chatcompact.core.engine` (:func:`job_flow`);
:func:`run_flow` executes its effects (:class:`~chatcompact.runtime.effects.EffectRunner`) on the caller's thread,
on the scheduler's worker threads, or in a ``chatcompact worker`` process (``Memory.run_job``).
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any, Literal, Protocol, TypeVar, overload

from ..config import Policy, check_budget
from ..core import compaction, memo, pause, reader
from ..core import engine as e
from ..core import hierarchy as h
from ..core.assemble import Assembled, Line, assemble, render_lines
from ..core.formats import to_anthropic, to_openai
from ..core.preserve import Rule
from ..core.query import Query
from ..core.recall import plan_quotes, quotes
from ..core.window import agent_at_work, check_sequence
from ..errors import (
    InvalidArgument,
    InvalidMessage,
    NodeNotFound,
    VersionConflict,
)
from ..protocols import (
    PassageVectorStore,
    SearchFilter,
)
from ..types import (
    ArchiveHit,
    Message,
    SummaryNode,
    SummaryState,
    SummaryVersion,
    ThreadInfo,
    parse_messages,
)
from . import archive
from .background import Foreground
from .effects import EffectRunner, Runtime, invalid_retries
from .inputs import (
    check_compact,
    check_exclude,
    check_query,
    check_recall,
    check_speaker_weight,
    check_tools,
)
from .turns import TurnContext, could_be_current, latest_user, turn_input, version_at
from .view import ThreadView

log = logging.getLogger("chatcompact")
T = TypeVar("T")
Format = Literal["openai", "anthropic"]


Failure = e.Failure  # a compaction that did not land (kept here: it used to live in this module)
Hook = Callable[[e.CompactionEvent], Any]  # on_compaction: before -> False vetoes, a str annotates; after -> seen


class Host(Runtime, Protocol):
    """What a Thread needs of the :class:`~chatcompact.runtime.memory.Memory` that opened it (the backends of
    :class:`~chatcompact.runtime.effects.Runtime`, the policy and the preservation rules, and deleting a thread):
    a protocol, so this module does not import the Memory's."""

    @property
    def policy(self) -> Policy: ...
    @property
    def rules(self) -> Sequence[Rule]: ...
    @property
    def foreground(self) -> Foreground: ...
    def delete(self, thread_id: str) -> None: ...


class Thread:
    """One conversation: an append-only log, its running summary and a budgeted context view."""

    def __init__(self, memory: Host, info: ThreadInfo) -> None:
        self._mem = memory
        self.id = info.id
        tree = h.Tree(memory.policy, memory.tokenizer.count) if memory.policy.hierarchy else None
        self.engine = e.State(tree=tree)  # the engine's per-thread state (cooldowns, failures, the node tree)
        self.on_compaction: Hook | None = None  # this thread's hook; Memory.on_compaction runs first
        # the cache of the committed state, its view lock and its compaction slot (runtime.view)
        self.view = ThreadView(self.id, memory.store, memory.tokenizer, info, memory.policy.budget, tree)

    @property
    def memory(self) -> Host:
        """The Memory this thread belongs to (its store, summarizer, tokenizer, embedder, scheduler)."""
        return self._mem

    @property
    def failures(self) -> list[Failure]:
        """Compactions that did not land in this process (also logged as ``compaction_failed`` events)."""
        return self.engine.failures

    @property
    def _tree(self) -> h.Tree | None:
        return self.engine.tree

    @property
    def system(self) -> str | None:
        """The thread's system prompt (kept verbatim in every context)."""
        return self.view.state.info.system

    @property
    def budget(self) -> int:
        """The trigger budget: compaction keeps the unsummarised tail within its ``high_water`` share. Stored with
        the thread (``mem.thread(id, budget=...)``), else ``Policy.budget``; also the default of ``context()``."""
        return self.view.budget

    # ------------------------------------------------------------------ writing
    def add(self, message: dict[str, Any] | Message, *, created_at: float | datetime | None = None) -> Message:
        """Validate and durably append one message; returns it with its ``seq`` and time.

        ``created_at`` (epoch seconds or an aware datetime; default now) dates a message imported from a
        past conversation: recall filters and quoted turns show that date. Raises InvalidMessage /
        InvalidSequence without storing anything. May fold older turns into the summary afterwards; a
        summarizer failure never fails the ``add``.
        """
        return self.add_many([message], created_at=created_at)[0]

    def add_many(
        self, messages: Iterable[dict[str, Any] | Message], *, created_at: float | datetime | None = None
    ) -> list[Message]:
        """Validate all, then append all in one transaction (all or nothing), all dated ``created_at``."""
        with self._mem.foreground:
            return self._add_many(messages, created_at)

    def _add_many(
        self, messages: Iterable[dict[str, Any] | Message], created_at: float | datetime | None
    ) -> list[Message]:
        when = as_epoch(created_at)
        parsed = parse_messages(messages, self._mem.policy.max_message_chars)
        if not parsed:
            return []
        tok = self._mem.tokenizer
        with self.view.lock:
            pending = check_sequence(parsed, self.view.state.pending)
            tokens = [tok.count_message(m) for m in parsed]
            stored = self._mem.store.append(self.id, parsed, tokens, created_at=when)
            self.view.appended(stored, tokens, pending)
            self._maybe_compact()
            if self._mem.embedder is not None and self._mem.scheduler is not None:
                self._mem.scheduler.submit(("embed", self.id))
            elif self._mem.embedder is not None:  # background=False: the embedding inline too, bounded by this add
                self._embed_inline(len(stored))
        return stored

    # ------------------------------------------------------------------ reading
    def assemble(
        self, budget: int | None = None, *, query: str | None = None, tools: Sequence[dict[str, Any]] | None = None
    ) -> Assembled:
        """The context as an :class:`Assembled` (messages, exact token count, what was elided). Reading only:
        the budget asked for here never changes when compaction runs (that is the thread's ``budget``)."""
        with self._mem.foreground, memo.scope():  # the rules and the detector see the same texts again
            return self._assemble(budget, query, tools)

    def _assemble(self, budget: int | None, query: str | None, tools: Sequence[dict[str, Any]] | None) -> Assembled:
        budget = self.budget if budget is None else check_budget(budget)
        text = check_query(query, optional=True)
        q = Query.parse(text) if text else None  # parsed once: quotes, recall and the hierarchy read this value
        tools = check_tools(tools)
        tok = self._mem.tokenizer
        # tool schemas are sent with every request: pay for them first; the rest is the room every share is of
        schema = tok.count_messages((), tools) - tok.count_messages(()) if tools else 0
        room = budget - schema
        # Nothing folded and a tail that fits: every message is shown, so no recall hit would be quoted. A tail that
        # does not fit hides its oldest messages, and a hit among them is quoted (core.assemble).
        recall = False
        if q is not None:
            with self.view.lock:
                self.view.refresh()
                state = self.view.state
                recall = state.covered_until > 0 or sum(state.tail_tokens) > room
        quotes, spare = self._quotes(q, room) if recall and q is not None else ([], [])
        with self.view.lock:
            if recall or q is None:  # the recall ran outside the lock: the head may have moved meanwhile
                self.view.refresh()
            v = self.view.state
            lines = v.lines
            if q is not None and self._tree is not None:  # the finer nodes about the query share the summary's room
                lines = self._tree.lines(v.lines, q, int(self._mem.policy.summary_share * room))
            inp = turn_input(v.info.system, v.tail, v.tail_tokens, lines, v.covered_until, quotes, spare, v.views)
            result = assemble(inp, room, tok, self._mem.policy)
        result.tokens += schema
        result.budget = budget
        return result

    def context_at(self, seq: int, budget: int | None = None) -> TurnContext:
        """The context as it was assembled right after message ``seq`` was stored, rebuilt with today's code.

        A read, returning a ``TurnContext``: the summary version current then (the newest one committed by the
        time message ``seq`` was stored whose coverage ends before it; ``runtime.turns.version_at``), the messages
        after its coverage up to ``seq``, ``budget`` (default the thread's), and the latest user message at or
        before ``seq`` as the query (recall sees no message after ``seq``), through the same assembly as
        ``assemble``. Exact when nothing changed since: same code, policy, tokenizer and system prompt (the
        current one is used), no turn forgotten, no request tools; finer hierarchy nodes are left out.
        InvalidArgument for a ``seq`` the thread does not have."""
        budget = self.budget if budget is None else check_budget(budget)
        store, tok = self._mem.store, self._mem.tokenizer
        info = store.thread_info(self.id)
        if isinstance(seq, bool) or not isinstance(seq, int) or not 1 <= seq <= info.last_seq:
            raise InvalidArgument(f"seq must be a message id from 1 to {info.last_seq}, got {seq!r}")
        (message,) = store.messages(self.id, seq - 1, seq)
        version = store.latest_version(self.id)  # the head, when it was current then: no need to read them all
        if version is not None and not could_be_current(version, message, info.created_at):
            version = version_at(store.versions(self.id), message, info.created_at)
        covered = version.covered_until if version else 0
        tail = self.view.kept(version) + store.messages(self.id, after=covered, until=seq)
        asked = latest_user(tail) or latest_user(store.messages(self.id, max(covered - 200, 0), covered))
        query = check_query(asked.text if asked else None, optional=True)
        lines = render_lines(version.state, covered, tok.count) if version else []
        exclude = (asked.seq,) if asked and asked.seq else ()
        at = (lines, tail, message, exclude)
        quotes, spare = self._quotes(Query.parse(query), budget, at) if query else ([], [])
        inp = turn_input(info.system, tail, [tok.count_message(m) for m in tail], lines, covered, quotes, spare)
        result = assemble(inp, budget, tok, self._mem.policy)
        return TurnContext(seq, version, query, result, tuple(tail), (message.created_at or 0.0) < info.created_at)

    @overload
    def context(
        self,
        budget: int | None = None,
        *,
        query: str | None = None,
        format: Literal["openai"] = "openai",
        tools: Sequence[dict[str, Any]] | None = None,
    ) -> list[dict[str, Any]]: ...

    @overload
    def context(
        self,
        budget: int | None = None,
        *,
        query: str | None = None,
        format: Literal["anthropic"],
        tools: Sequence[dict[str, Any]] | None = None,
    ) -> tuple[str, list[dict[str, Any]]]: ...

    def context(
        self,
        budget: int | None = None,
        *,
        query: str | None = None,
        format: Format = "openai",
        tools: Sequence[dict[str, Any]] | None = None,
    ) -> list[dict[str, Any]] | tuple[str, list[dict[str, Any]]]:
        """Messages ready to send, counted with the thread's tokenizer and guaranteed ``<= budget``.

        ``format="openai"`` gives a list of chat dicts; ``"anthropic"`` gives ``(system, messages)``.
        With ``query`` (usually the user's latest message), a query that asks for exact wording or
        names numbers/names the summary lacks gets verbatim turns recalled from the archive.
        """
        if format not in ("openai", "anthropic"):  # checked before any work is done
            raise InvalidArgument(f"format must be 'openai' or 'anthropic', got {format!r}")
        result = self.assemble(budget, query=query, tools=tools)
        if format == "anthropic":
            return to_anthropic(result.messages)
        return to_openai(result.messages)

    def usage(self, budget: int | None = None) -> e.Usage:
        """How full the context window is: tokens of the context at ``budget`` (default the thread's), the fill
        fraction, tail tokens still to add before automatic compaction fires, summary version, tail size."""
        budget = self.budget if budget is None else check_budget(budget)  # 0 must not mean "the default"
        tokens = self.assemble(budget).tokens
        return e.usage(tokens, budget, self.view.snapshot(fresh=False), self._mem.policy)

    def summary(self) -> SummaryState:
        """The current structured summary (empty before the first compaction)."""
        with self.view.lock:
            self.view.refresh()
            v = self.view.state
            return v.version.state if v.version else SummaryState()

    def history(self, after: int = 0, until: int | None = None) -> list[Message]:
        """Every message ever added (``after < seq <= until``), verbatim, in order."""
        return self._mem.store.messages(self.id, after=after, until=until)

    def compactions(self) -> list[SummaryVersion]:
        """Every summary version, oldest first: the span it folded (``covered_from``-``covered_until``),
        its trigger, and ``report``, its diff against the previous version (items added, superseded,
        resolved, dropped by caps, removed by a revert; pinned spans added; narrative changed)."""
        return self._mem.store.versions(self.id)

    def folded(self, version: int) -> list[Message]:
        """The messages summary version ``version`` folded in, verbatim (none for a revert).

        Raises VersionNotFound if the thread has no such version."""
        versions = self._mem.store.versions(self.id)
        v = compaction.pick_version(self.id, version, versions)
        if v is None or v.trigger in ("revert", "forget"):  # they fold nothing: a revert or a forget's new head
            return []
        held = [k for k in (versions[v.parent - 1].kept if v.parent else ()) if k not in v.kept]  # folded now
        earlier = [m for k in held for m in self.history(k - 1, k)]
        return earlier + [m for m in self.history(v.covered_from - 1, v.covered_until) if m.seq not in v.kept]

    def revert(self, version: int) -> SummaryVersion | None:
        """Return the summary to what it was at ``version`` (0: no summary); returns the new head.

        Append-only: a NEW version (trigger ``revert``) is committed with the old state and coverage,
        so the log and every version stay as they were (a revert can itself be reverted). Messages
        folded after ``version`` return to the recent window and are compacted again when the next
        ``add`` fires a trigger. A compaction in flight meanwhile fails its parent-version check and is
        planned again.
        Reverting to the latest version changes nothing. Raises VersionNotFound for a version the
        thread does not have.
        """
        store = self._mem.store
        for _ in range(8):  # lost a race with a compaction commit: re-read and try again (no model call)
            versions = store.versions(self.id)
            target = compaction.pick_version(self.id, version, versions)
            if not versions or version == versions[-1].version:
                return versions[-1] if versions else None
            try:
                committed = store.commit_version(self.id, compaction.revert_version(versions[-1], target))
                break
            except VersionConflict:
                continue
        else:
            raise VersionConflict(f"thread {self.id!r}: could not revert, other compactions kept committing")
        with self.view.lock:
            self.view.moved_to(committed)
        return committed

    def hierarchy(self) -> list[SummaryNode]:
        """The summary tree: its active nodes (id, level, message range, ``tokens``), finest first, then the
        root (id ``"root"``: the running summary, covering every folded message). Only the root when
        ``Policy.hierarchy`` is off."""
        with self.view.lock:
            self.view.refresh()
            v = self.view.state
            tree = self._tree or h.Tree(self._mem.policy, self._mem.tokenizer.count)
            return tree.listing(v.version.state if v.version else SummaryState(), v.covered_until)

    def expand(self, node_id: str) -> list[SummaryNode] | list[Message]:
        """A node's children (the root's: the coarsest nodes covering the history), or, for a level-0
        node, the messages it summarises, verbatim. NodeNotFound for an id the thread does not have."""
        listing = self.hierarchy()
        node, children = h.find_node(listing, self._tree, node_id)
        if node is None:
            raise NodeNotFound(f"thread {self.id!r} has no hierarchy node {node_id!r}")
        return children if node.children else self.history(node.seq_from - 1, node.seq_until)

    def stats(self) -> dict[str, int]:
        """Sizes: messages, unsummarised tail, summary version, tokens of the full history."""
        with self.view.lock:
            self.view.refresh()
            v = self.view.state
            full = self.view.history_tokens()
            return {
                "messages": v.info.last_seq,
                "tail_messages": len(v.tail),
                "tail_tokens": sum(v.tail_tokens),
                "summary_version": v.version.version if v.version else 0,
                "covered_until": v.covered_until,
                "history_tokens": full,
            }

    # ------------------------------------------------------------------ archive
    def recall(
        self,
        query: str,
        k: int = 5,
        *,
        roles: Iterable[str] | None = None,
        since: float | None = None,
        until: float | None = None,
        neighbors: int = 0,
        mode: str = "hybrid",
        speaker_weight: float | None = None,
        exclude: Iterable[int] = (),
    ) -> list[ArchiveHit]:
        """Messages matching ``query``, verbatim with ids and times, from the whole history.

        ``exclude``: seqs never returned (e.g. the message the query is). Near-identical hits collapse to one
        (``Policy.recall_mmr`` sets the MMR trade-off); a long hit carries its best passage (``ArchiveHit.passage``).

        ``mode``: "hybrid" (full-text and vectors fused), "text" or "vector". ``roles``, ``since`` and
        ``until`` (epoch seconds) filter; ``neighbors`` attaches that many turns on each side.
        ``speaker_weight``: how much the turns of a participant the query names are lifted (0: off; None:
        ``Policy.recall_speaker_weight``; see ``archive.recall``).
        """
        text = check_recall(query, k, roles, since, until, neighbors)
        speaker_weight, excluded = check_speaker_weight(speaker_weight), check_exclude(exclude)
        role_set = frozenset(roles) if roles else None
        where = SearchFilter(role_set, since, until) if (role_set or since is not None or until is not None) else None
        weight = self._mem.policy.recall_speaker_weight if speaker_weight is None else speaker_weight
        opts = archive.RecallOptions(
            k, where, neighbors, mode, weight, frozenset(excluded), self._mem.policy.recall_mmr
        )
        with self._mem.foreground:
            return self._search(Query.parse(text), opts)

    def _search(self, query: Query, opts: archive.RecallOptions) -> list[ArchiveHit]:
        if opts.fusion != self._mem.policy.recall_fusion:
            opts = replace(opts, fusion=self._mem.policy.recall_fusion)
        self._schedule_backlog()
        self.view.derived.check(self._mem.store, self.id)
        return archive.search(self._mem.store, self._mem.embedder, self.id, query, opts, self.view.derived)

    def tools(self, format: Format = "openai") -> list[dict[str, Any]]:
        """The ``recall`` and ``compact`` tool schemas for function calling (OpenAI or Anthropic form)."""
        return [archive.tool_schemas()[format], archive.compact_tool_schemas()[format]]

    def run_tool(self, call: dict[str, Any], *, max_tokens: int | None = None) -> dict[str, Any]:
        """Execute a model's ``recall`` or ``compact`` call (OpenAI tool call or Anthropic tool_use); its result.

        A recall answer holds at most ``max_tokens`` tokens (default: ``Policy.recall_share`` of the thread's
        budget): a long hit is shown as an excerpt around its best passage, marked with its message id
        (``archive.bounded``)."""
        if not isinstance(call, dict):
            raise InvalidMessage("tool_call", f"expected a tool call dict, got {type(call).__name__}")
        cid, fmt, name, args = archive.parse_any_tool_call(call)
        if name == archive.COMPACT_TOOL:
            return archive.compact_result(cid, fmt, self.compact(focus=args.get("focus")), self.stats())
        role = args.get("role")
        k = max(1, min(int(args.get("k") or 5), 20))
        hits = self.recall(args["query"], k, roles=None if role in (None, "any") else [role])
        cap = int(self._mem.policy.recall_share * self.budget) if max_tokens is None else max_tokens
        return archive.tool_result(cid, fmt, hits, max_tokens=max(cap, 1), count=self._mem.tokenizer.count)

    def _quotes(
        self,
        query: Query,
        room: int,
        at: tuple[Sequence[Line], Sequence[Message], Message, tuple[int, ...]] | None = None,
    ) -> tuple[list[Line], list[Line]]:
        """Quote lines for the recall share (the best ``recall_k``) and spares for unused room (``core.recall``).

        ``at`` (``context_at``): the summary lines shown then, the tail then, the message recall may not go past
        (nothing stored after it is quoted) and the seqs never quoted (the query's own turn)."""
        mem = self._mem
        lines: Sequence[Line]
        tail: Sequence[Message]
        if at is None:
            with self.view.lock:
                lines, tail = self.view.state.lines, self.view.state.tail
        else:
            lines, tail = at[0], at[1]
        agent, working = any(m.role == "tool" for m in tail), agent_at_work(tail)
        plan = plan_quotes(query, mem.policy, lines, room, tail[-1] if tail else None, agent=agent, working=working)
        if plan is None:
            return [], []
        where, extra, skip = None, 0, frozenset(plan.exclude)
        if at is not None:  # messages stored at the same time as `upto` but after it are dropped here: ask for more
            where, extra, skip = SearchFilter(until=at[2].created_at), 8, frozenset(at[3])
        opts = archive.RecallOptions(
            plan.k + extra,
            where,
            speaker_weight=mem.policy.recall_speaker_weight,
            exclude=skip,
            mmr=mem.policy.recall_mmr,
        )
        hits = self._search(query, opts)
        if at is not None:
            hits = [h for h in hits if h.seq <= (at[2].seq or 0)][: plan.k]
        return quotes(plan, hits, mem.tokenizer.count, self.view.derived.quoted)  # checked by the search above

    _backlog_scheduled = False  # set on the first recall of this Thread object

    def _schedule_backlog(self) -> None:
        """A request never embeds a backlog (only its query): messages without vectors yet are found by full text
        until the background lane has embedded them. Every add submits that lane; messages stored before this
        process opened the thread (an import, another writer, a restart) get it submitted here, once."""
        if self._backlog_scheduled or self._mem.embedder is None or self._mem.scheduler is None:
            return
        self._backlog_scheduled = True
        self._mem.scheduler.submit(("embed", self.id))

    def _embed_inline(self, added: int) -> None:
        """``background=False``: embed inside ``add`` as many batches as it added messages, plus one, oldest first
        (an older backlog drains over the adds; a request never embeds it)."""
        for _ in range(-(-added // archive.EMBED_BATCH) + 1):
            if not self._run(job_flow(self, "embed")):
                return

    # ------------------------------------------------------------------ compaction (flows of core.engine)
    def compact(self, keep_tokens: int | None = None, *, focus: str | None = None) -> SummaryVersion | None:
        """Fold older turns now (the manual trigger), in the caller's thread; works with ``Policy(auto=False)``.

        ``focus`` (the app's words, e.g. "keep the migration plan") goes to the summarizer as an instruction.
        Returns the new version, or None if there is nothing to fold (or an ``on_compaction`` hook vetoed).
        Raises SummarizerError if the summarizer fails after its retries; the committed summary is then unchanged.
        """
        version: SummaryVersion | None = self._run(job_flow(self, "manual", keep_tokens=keep_tokens, focus=focus))
        return version

    def _run(self, flow: e.Effects[Any]) -> Any:
        return run_flow(self, flow)

    def _maybe_compact(self) -> None:
        """After an append (view lock held): start a compaction if a trigger fires (in the background by default)."""
        if e.trigger(self.engine, self.view.snapshot(fresh=False), self._mem.policy, time.monotonic()) is None:
            return
        if self._mem.scheduler is not None:
            self._mem.scheduler.submit(("compact", self.id))
            return
        for _ in range(1 + (len(self._mem.policy.rollup_messages) if self._tree is not None else 0)):
            if not self._run(job_flow(self, "compact")):  # inline: the compaction, then the roll-ups it completed
                break

    # ------------------------------------------------------------------ deletion (logic in chatcompact.runtime.forget)
    def forget(self, message_ids: Iterable[int] | None = None, *, where: Any = None, scrub: bool = True) -> Any:
        """Erase turns (by seq, and/or ``where(message) -> bool``) from the log, the indexes, the vectors and
        every summary derived from them; returns a ForgetReport (``pending``: what the store's files may still
        hold). ``scrub=False`` leaves the file scrub to a later ``store.scrub()`` (a batch of forgets).
        See :mod:`chatcompact.runtime.forget`."""
        from .forget import forget

        with self.view.slot, self.view.lock:  # no compaction of this process may commit a summary of what is forgotten
            report = forget(self._mem.store, self.id, self._mem.tokenizer.count, message_ids, where, scrub=scrub)
            if report.message_ids:
                head = self._mem.store.latest_version(self.id)
                self.view.moved_to(head if head and head.version == report.head_version else None, report.message_ids)
        return report

    def delete(self) -> None:
        """Delete the thread and everything stored about it (messages, summaries, nodes, vectors, events)."""
        self._mem.delete(self.id)


def as_epoch(value: float | datetime | None) -> float | None:
    """``created_at`` as epoch seconds: a positive finite number, or a timezone-aware datetime."""
    if value is None:
        return None
    if isinstance(value, datetime):
        if value.tzinfo is None:
            raise InvalidMessage("created_at", "is a naive datetime; give it a timezone (e.g. UTC)")
        return value.timestamp()
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < math.inf:
        raise InvalidMessage("created_at", f"must be epoch seconds > 0 or an aware datetime, got {value!r}")
    return float(value)


def job_flow(thread: Thread, kind: str, **kw: Any) -> e.Effects[Any]:
    """The engine flow for a job of ``kind`` on ``thread``: "compact" (a triggered step), "embed" or "manual"
    (``compact()``; ``keep_tokens`` and ``focus`` checked here, once for both drivers)."""
    mem = thread.memory
    cfg = e.Config(
        thread.id,
        mem.policy,
        mem.summarizer.name,
        mem.tokenizer.count,
        mem.retry.cooldown,
        mem.rules,
        retries=invalid_retries(mem.summarizer),
        deadline=mem.retry.deadline,
        passages=isinstance(mem.store, PassageVectorStore),
        reader_vectors=mem.embedder is not None and reader.hears(mem.embedder.name),
    )
    if kind == "manual":
        keep_tokens, focus = check_compact(kw.get("keep_tokens"), kw.get("focus"))
        return e.manual(thread.engine, cfg, keep_tokens=keep_tokens, focus=focus)
    return e.embed(thread.engine, cfg) if kind == "embed" else e.step(thread.engine, cfg)


def run_flow(thread: Thread, flow: e.Effects[T], background: bool = False) -> T:
    """Run an engine flow on ``thread`` in the caller's thread (the sync driver; ``async_memory.drive`` is the
    async one), every effect executed by one :class:`EffectRunner`; a ``background`` flow gives way to the
    Memory's hot calls at its pauses."""
    runner = EffectRunner(thread.view, thread.memory, thread, thread.memory.foreground if background else None)
    try:
        hook = thread.memory.foreground.pause_hook() if background else None
        # what the flow derives from message text is memoised for this flow only; its long steps give way at points
        with memo.scope(), pause.pausing(hook):
            return e.drive(flow, runner)
    finally:
        runner.release()
