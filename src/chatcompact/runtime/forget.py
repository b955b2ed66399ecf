"""Deletion that deletes: forget turns of a thread, delete a thread, export everything about one.

``forget`` is the one audited way to change the append-only log. The forgotten turns are replaced by
tombstones (same seq and role, no text, tool calls without arguments: the log's numbering and the
tool-call pairing stay valid), their full-text entries and vectors go, and every summary version and
hierarchy node is rebuilt from provenance:

* an item citing only forgotten turns goes; one citing others keeps the rest of its sources;
* an item citing nothing goes if its text is in a forgotten turn (it may have come from there);
* pinned spans of forgotten turns go;
* a narrative retells everything before it, so the narrative of every version (and node) that covers a
  forgotten turn is dropped (the next compaction writes a new one from what is left);
* merge reports are recomputed from the rebuilt states (they quoted item texts);
* events that quote forgotten text or name a span holding a forgotten turn are deleted.

One ``forgotten`` event records what was done (ids and counts), never the text. All of it is one
transaction that also commits a new summary version (trigger ``forget``: the latest state, rebuilt, with the
same coverage) guarded by the parent version, like a compaction's commit: a compaction planned before the
forget (in another process; this one's wait for the thread's compaction slot) fails its parent check and plans
again from the tombstones, and a compaction that committed meanwhile makes the forget read and rebuild again.

The store then scrubs its files (SQLite: FTS optimize, a WAL checkpoint; secure delete zeroes the rest) and the
report lists what it could not guarantee yet (``ForgetReport.pending``: a WAL another reader holds, Postgres'
dead row versions until ``VACUUM FULL``).

The cost is bounded by what is forgotten and by the thread's summary versions (each is a full state and may
quote a forgotten turn), not by its messages: chosen ids are read as ranges; only ``where=`` reads the log.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..core.merge import diff_states, normalise
from ..errors import ConfigError, VersionConflict
from ..protocols import ForgetStore, NodeStore, PassageVectorStore, Store, VectorStore
from ..types import SECTIONS, MergeReport, Message, SummaryNode, SummaryState, SummaryVersion, ToolCall

__all__ = ["ForgetReport", "export_thread", "forget", "forget_version", "scrub_state", "seq_runs", "tombstone"]

TOMBSTONE_TEXT = "[forgotten]"
_MIN_QUOTE = 12  # a snippet this long found in an event body counts as quoting a forgotten turn


@dataclass(frozen=True)
class ForgetReport:
    """What one ``forget`` changed (no text: only ids and counts)."""

    message_ids: tuple[int, ...]
    versions_rebuilt: int
    nodes_rebuilt: int
    items_removed: int
    events_removed: int
    #: What the store could not guarantee yet when forget returned, one note each (empty: no byte of the
    #: forgotten text is left in its files). E.g. "sqlite-wal: ..." while another connection reads an older
    #: snapshot, "postgres-dead-rows: ..." until VACUUM FULL, "not-scrubbed: ..." with ``scrub=False``.
    pending: tuple[str, ...] = ()
    head_version: int = 0  # the version the forget committed (0: nothing was forgotten)

    def as_dict(self) -> dict[str, Any]:
        return {
            "message_ids": list(self.message_ids),
            "messages": len(self.message_ids),
            "versions_rebuilt": self.versions_rebuilt,
            "nodes_rebuilt": self.nodes_rebuilt,
            "items_removed": self.items_removed,
            "events_removed": self.events_removed,
            "pending": list(self.pending),
            "head_version": self.head_version,
        }


def tombstone(message: Message) -> Message:
    """What stays of a forgotten turn: its seq, role and tool-call ids (so pairing stays valid), no text; its
    ``meta`` (an adapter's ids and items) is replaced by ``{"forgotten": True}``, which adapters read."""
    calls = tuple(ToolCall(id=tc.id, name=tc.name, arguments="{}") for tc in message.tool_calls)
    content = None if calls and message.role == "assistant" else TOMBSTONE_TEXT
    return replace(message, content=content, name=None, tool_calls=calls, extra={}, meta={"forgotten": True})


def _derived(text: str, forgotten: Sequence[str]) -> bool:
    key = normalise(text)
    return bool(key) and any(key in f for f in forgotten)


def scrub_state(
    state: SummaryState, ids: frozenset[int], forgotten_texts: Sequence[str], covers_forgotten: bool
) -> tuple[SummaryState, int]:
    """``state`` without what derives from the turns ``ids`` (see the module docstring); and items removed.

    ``forgotten_texts`` are the forgotten turns' texts, normalised; ``covers_forgotten``: the state's
    narrative was written after (or from) one of them.
    """
    removed = 0
    sections: dict[str, Any] = {}
    for name in SECTIONS:
        kept = []
        for item in getattr(state, name):
            sources = tuple(s for s in item.sources if s not in ids)
            if (item.sources and not sources) or (not item.sources and _derived(item.text, forgotten_texts)):
                removed += 1
                continue
            kept.append(item if sources == item.sources else item.model_copy(update={"sources": sources}))
        sections[name] = tuple(kept)
    pinned = tuple(p for p in state.pinned if p.seq not in ids)
    removed += len(state.pinned) - len(pinned)
    narrative = "" if covers_forgotten else state.narrative
    return SummaryState(**sections, narrative=narrative, pinned=pinned), removed


def _rebuild_versions(
    versions: Sequence[SummaryVersion], ids: frozenset[int], texts: Sequence[str]
) -> tuple[list[SummaryVersion], int]:
    first = min(ids)
    out: list[SummaryVersion] = []
    removed = 0
    prev = SummaryState()
    for v in versions:
        state, n = scrub_state(v.state, ids, texts, covers_forgotten=v.covered_until >= first)
        removed += n
        if state != v.state or any(t for t in _report_texts(v) if _derived(t, texts)):
            out.append(v.model_copy(update={"state": state, "report": diff_states(prev, state)}))
        prev = state
    return out, removed


def _report_texts(v: SummaryVersion) -> Iterable[str]:
    r = v.report
    return (*r.added, *r.superseded, *r.resolved, *r.dropped, *r.not_kept, *r.pinned, *r.removed)


def _rebuild_nodes(
    nodes: Sequence[SummaryNode], ids: frozenset[int], texts: Sequence[str], count: Callable[[str], int]
) -> tuple[list[SummaryNode], int]:
    from ..core.hierarchy import node_tokens

    out: list[SummaryNode] = []
    removed = 0
    for node in nodes:
        covers = any(node.seq_from <= i <= node.seq_until for i in ids)
        state, n = scrub_state(node.state, ids, texts, covers_forgotten=covers)
        removed += n
        if state != node.state or (covers and node.meta):
            meta = {k: v for k, v in node.meta.items() if k == "usage"}  # "resolved" quotes item texts
            out.append(node.model_copy(update={"state": state, "tokens": node_tokens(state, count), "meta": meta}))
    return out, removed


def _quoting_events(events: Iterable[Any], ids: frozenset[int], raw_texts: Sequence[str]) -> list[int]:
    """Ids of events that name a span holding a forgotten turn or quote a piece of one."""
    snippets = [t[i : i + 40] for t in raw_texts for i in range(0, max(len(t) - _MIN_QUOTE, 0) + 1, 20)]
    snippets = [s for s in snippets if len(s.strip()) >= _MIN_QUOTE] or [t for t in raw_texts if t.strip()]
    out = []
    for e in events:
        span = e.data.get("span") if isinstance(e.data, Mapping) else None
        hit = isinstance(span, list) and len(span) == 2 and any(span[0] <= i <= span[1] for i in ids)
        body = json.dumps(e.data, ensure_ascii=False)
        if hit or any(s in body for s in snippets):
            out.append(e.id)
    return out


def select(
    messages: Sequence[Message], message_ids: Iterable[int] | None, where: Callable[[Message], bool] | None
) -> list[Message]:
    """The stored messages chosen by ``message_ids`` and/or the ``where`` predicate (ConfigError if neither)."""
    wanted = _wanted(message_ids, where)
    if wanted:
        missing = sorted(wanted - {m.seq for m in messages})
        if missing:
            raise ConfigError(f"the thread has no messages {missing[:10]}")
    return [m for m in messages if m.seq in wanted or (where is not None and where(m))]


def _wanted(message_ids: Iterable[int] | None, where: Callable[[Message], bool] | None) -> set[int]:
    if message_ids is None and where is None:
        raise ConfigError("forget needs message_ids=... or where=... (a predicate over Message)")
    if where is not None and not callable(where):
        raise ConfigError(f"where must be a callable taking a Message, got {type(where).__name__}")
    wanted: set[int] = set()
    if message_ids is not None:
        if isinstance(message_ids, int | str | bytes) or not isinstance(message_ids, Iterable):
            raise ConfigError(f"message_ids must be an iterable of message ids, got {message_ids!r}")
        for i in message_ids:
            if isinstance(i, bool) or not isinstance(i, int):
                raise ConfigError(f"message ids are ints (the seq of each message), got {i!r}")
            wanted.add(i)
    return wanted


def seq_runs(seqs: Iterable[int]) -> list[tuple[int, int]]:
    """Sorted seqs as (first, last) runs of consecutive numbers."""
    runs: list[tuple[int, int]] = []
    for s in sorted(set(seqs)):
        if runs and s == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], s)
        else:
            runs.append((s, s))
    return runs


def _chosen(
    store: Store, thread_id: str, message_ids: Iterable[int] | None, where: Callable[[Message], bool] | None
) -> list[Message]:
    """The messages to forget. Ids are read as runs (a bounded read); only a ``where`` predicate reads the log."""
    wanted = _wanted(message_ids, where)
    if where is not None:
        return select(store.messages(thread_id), wanted if message_ids is not None else None, where)
    found = [m for a, b in seq_runs(wanted) for m in store.messages(thread_id, a - 1, b)]
    return select(found, wanted, None)


def forget_version(latest: SummaryVersion | None, forgotten: int) -> SummaryVersion:
    """The version a forget commits on top of ``latest`` (already rebuilt): the same state and coverage, so the
    summary reads the same, but a new head, so a compaction planned before the forget cannot commit."""
    return SummaryVersion(
        version=(latest.version if latest else 0) + 1,
        parent=latest.version if latest else None,
        state=latest.state if latest else SummaryState(),
        covered_from=latest.covered_from if latest else 0,
        covered_until=latest.covered_until if latest else 0,
        trigger="forget",
        summarizer=latest.summarizer if latest else "",
        report=MergeReport(),
        created_at=time.time(),
        meta={"forgotten": forgotten, "rebuilt_from": latest.version if latest else 0},
    )


def forget(
    store: Store,
    thread_id: str,
    count: Callable[[str], int],
    message_ids: Iterable[int] | None = None,
    where: Callable[[Message], bool] | None = None,
    *,
    scrub: bool = True,
) -> ForgetReport:
    """Forget the chosen turns of ``thread_id`` in ``store`` (see the module docstring); returns what changed.

    ``scrub=False`` skips the file scrub (a batch of forgets then calls ``store.scrub()`` once); the report's
    ``pending`` says so."""
    if not isinstance(store, ForgetStore):
        raise ConfigError(f"{store!r} cannot erase messages: it is not a ForgetStore (no forget_messages/scrub)")
    for _ in range(8):  # lost a race with a compaction (or another forget): read and rebuild again
        report = _forget_once(store, thread_id, count, message_ids, where)
        if report is not None:
            break
    else:
        raise VersionConflict(f"thread {thread_id!r}: could not forget, other compactions kept committing")
    if not report.message_ids:
        return report
    pending = tuple(store.scrub()) if scrub else ("not-scrubbed: forget(scrub=False); call the store's scrub()",)
    return replace(report, pending=pending)


def _forget_once(
    store: ForgetStore,
    thread_id: str,
    count: Callable[[str], int],
    message_ids: Iterable[int] | None,
    where: Callable[[Message], bool] | None,
) -> ForgetReport | None:
    """One attempt: read, rebuild, write in one transaction; None if a version was committed meanwhile."""
    chosen = _chosen(store, thread_id, message_ids, where)
    chosen = [m for m in chosen if m.text != TOMBSTONE_TEXT or m.tool_calls]  # already forgotten: nothing to do
    if not chosen:
        return ForgetReport((), 0, 0, 0, 0)
    ids = frozenset(m.seq for m in chosen if m.seq is not None)
    raw = [m.searchable_text for m in chosen]
    texts = [normalise(t) for t in raw]
    old = store.versions(thread_id)
    versions, removed = _rebuild_versions(old, ids, texts)
    nodes: list[SummaryNode] = []
    if isinstance(store, NodeStore):
        nodes, n = _rebuild_nodes(store.nodes(thread_id), ids, texts, count)
        removed += n
    events = _quoting_events(store.events(thread_id, limit=1_000_000), ids, raw)
    rebuilt = {v.version: v for v in versions}
    head = forget_version(rebuilt.get(old[-1].version, old[-1]) if old else None, len(ids))
    report = ForgetReport(tuple(sorted(ids)), len(versions), len(nodes), removed, len(events), (), head.version)
    tombstones = [tombstone(m) for m in chosen]
    try:
        store.forget_messages(thread_id, tombstones, versions, nodes, events, report.as_dict(), head)
    except VersionConflict:
        return None
    return report


def export_thread(store: Store, thread_id: str) -> dict[str, Any]:
    """Everything ``store`` holds for ``thread_id`` as plain JSON values (``json.dumps`` works on it)."""
    info = store.thread_info(thread_id)
    out: dict[str, Any] = {
        "format": "chatcompact.export/1",
        "thread": {"id": info.id, "system": info.system, "created_at": info.created_at},
        "messages": [m.to_record() for m in store.messages(thread_id)],
        "summary_versions": [v.model_dump(mode="json") for v in store.versions(thread_id)],
        "events": [
            {"id": e.id, "kind": e.kind, "data": dict(e.data), "created_at": e.created_at}
            for e in store.events(thread_id, limit=1_000_000)
        ],
    }
    if isinstance(store, NodeStore):
        out["hierarchy_nodes"] = [n.model_dump(mode="json") for n in store.nodes(thread_id)]
    if isinstance(store, VectorStore):
        vectors = {}
        for model in store.vector_models(thread_id):
            seqs, matrix = store.get_vectors(thread_id, model)
            vectors[model] = {"seqs": list(seqs), "vectors": [[float(x) for x in row] for row in matrix]}
            if isinstance(store, PassageVectorStore):  # a long message has a row per part: which part each is
                vectors[model]["parts"] = list(store.get_vector_parts(thread_id, model)[1])
        out["vectors"] = vectors
    return out
