"""Copy everything one store holds into another (``chatcompact migrate SRC DST``), e.g. SQLite to Postgres.

Threads, every message (seq, tokens and ``created_at`` kept), every summary version (created_at kept),
every event (ids are the destination's own) and every vector. Background jobs are not copied: they are
transient and re-requested by the next write. The destination must be empty, so a migration can never
mix two histories.

An interrupted migration cannot pass for a finished one: a marker (a thread named :data:`MARKER`) is
written into the destination first and removed last. ``Memory.open`` refuses a store holding it
(:func:`check_complete`), and running the same migration again resumes it: threads copied whole are kept,
a thread cut off half way is deleted and copied again.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

from ..errors import ConfigError, StoreError, ThreadNotFound
from ..protocols import FullStore, PassageVectorStore
from ..types import Message

_BATCH = 500
#: The thread that marks a destination whose migration has not finished.
MARKER = "__chatcompact_migration_incomplete__"
_ALL_EVENTS = 2**62


@dataclass
class MigrationReport:
    """How much was copied."""

    threads: int = 0
    messages: int = 0
    versions: int = 0
    nodes: int = 0
    events: int = 0
    vectors: int = 0


def copy_store(src: FullStore, dst: FullStore, on_thread: Callable[[str], None] | None = None) -> MigrationReport:
    """Copy every thread of ``src`` into ``dst``; ConfigError if ``dst`` already holds a thread (unless it is
    the unfinished destination of an earlier run: then the migration resumes)."""
    held = [t for t in dst.list_threads() if t.id != MARKER]
    resuming = _is_marked(dst)
    if held and not resuming:
        raise ConfigError(
            f"the destination store already holds {len(held)} thread(s) (e.g. {held[0].id!r}); "
            "migrate copies into an empty store only"
        )
    if not resuming:
        dst.ensure_thread(MARKER, "chatcompact migrate has not finished copying into this store: run it again")
    report = MigrationReport()
    done = {t.id for t in held}
    for info in src.list_threads():
        if info.id in done:
            if _same(src, dst, info.id):
                continue
            dst.delete_thread(info.id)  # cut off half way: copied again whole
        copy_thread(src, dst, info.id, report)
        if on_thread is not None:
            on_thread(info.id)
    dst.delete_thread(MARKER)  # last: only now is the destination complete
    return report


def _is_marked(store: FullStore) -> bool:
    try:
        store.thread_info(MARKER)
    except ThreadNotFound:
        return False
    return True


def _same(src: FullStore, dst: FullStore, thread_id: str) -> bool:
    """Whether ``dst`` holds all of ``src``'s thread (log, versions, nodes, events, vectors)."""
    a, b = src.thread_info(thread_id), dst.thread_info(thread_id)
    if (a.last_seq, a.last_version) != (b.last_seq, b.last_version):
        return False
    if len(src.nodes(thread_id)) != len(dst.nodes(thread_id)):
        return False
    if len(src.events(thread_id, limit=_ALL_EVENTS)) != len(dst.events(thread_id, limit=_ALL_EVENTS)):
        return False
    models = src.vector_models(thread_id)
    if models != dst.vector_models(thread_id):
        return False
    return all(len(src.get_vectors(thread_id, m)[0]) == len(dst.get_vectors(thread_id, m)[0]) for m in models)


def check_complete(store: FullStore) -> None:
    """StoreError if ``store`` is the destination of a migration that has not finished."""
    if _is_marked(store):
        raise StoreError(
            f"{store!r} is the destination of an interrupted 'chatcompact migrate': it is incomplete. "
            "Run the same migrate command again to finish it (it resumes), then open it."
        )


def copy_thread(src: FullStore, dst: FullStore, thread_id: str, report: MigrationReport) -> None:
    """Copy one thread (which must not exist in ``dst``) with its log, versions, hierarchy nodes, events and vectors."""
    info = src.thread_info(thread_id)
    dst.ensure_thread(thread_id, info.system, created_at=info.created_at, budget=info.budget)
    messages, tokens = src.messages(thread_id), src.message_tokens(thread_id)
    pos = 0
    # Messages appended together share a time stamp: append them together again (one batch per run of equal
    # times), so seqs and times come out identical.
    for created, run in itertools.groupby(messages, key=lambda m: m.created_at):
        group = list(run)
        for start in range(0, len(group), _BATCH):
            chunk = group[start : start + _BATCH]
            stored = dst.append(thread_id, chunk, tokens[pos : pos + len(chunk)], created_at=created)
            _check_seqs(thread_id, chunk, stored)
            pos += len(chunk)
    report.messages += pos
    for version in src.versions(thread_id):
        dst.commit_version(thread_id, version)
        report.versions += 1
    for node in src.nodes(thread_id):  # by level, then range, then write order: ties keep their order
        dst.put_node(thread_id, node)
        report.nodes += 1
    for event in src.events(thread_id, limit=_ALL_EVENTS):
        dst.log_event(thread_id, event.kind, dict(event.data), created_at=event.created_at)
        report.events += 1
    for model in src.vector_models(thread_id):
        _copy_vectors(src, dst, thread_id, model)
        report.vectors += len(src.get_vectors(thread_id, model)[0])
    report.threads += 1


def _copy_vectors(src: FullStore, dst: FullStore, thread_id: str, model: str) -> None:
    """The vectors of ``model`` in the thread, every part of a long message kept when both stores keep parts (a
    put is each message's whole set: batches end at a message's last part)."""
    if not (isinstance(src, PassageVectorStore) and isinstance(dst, PassageVectorStore)):
        seqs, matrix = src.get_vectors(thread_id, model)
        for start in range(0, len(seqs), _BATCH):
            dst.put_vectors(thread_id, model, seqs[start : start + _BATCH], matrix[start : start + _BATCH])
        return
    seqs, parts, matrix = src.get_vector_parts(thread_id, model)
    start = 0
    while start < len(seqs):
        end = min(start + _BATCH, len(seqs))
        while end < len(seqs) and seqs[end] == seqs[end - 1]:
            end += 1
        dst.put_vectors(thread_id, model, seqs[start:end], matrix[start:end], parts[start:end])
        start = end


def _check_seqs(thread_id: str, sent: list[Message], stored: list[Message]) -> None:
    if [m.seq for m in sent] != [m.seq for m in stored]:
        raise ConfigError(f"thread {thread_id!r}: the source log has gaps in its seqs; it cannot be copied verbatim")


__all__ = ["MARKER", "MigrationReport", "check_complete", "copy_store", "copy_thread"]
