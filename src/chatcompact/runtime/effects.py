"""Executing the engine's effects on a :class:`~chatcompact.runtime.memory.Thread`: the only code between a flow of
:mod:`chatcompact.core.engine` and the store, the summarizer, the embedder and the scheduler.

The sync driver runs every effect here; the async driver runs all but the summarizer call (awaited) and the
pauses (an event-loop yield) here too, in a worker thread, so the two drivers cannot drift apart.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any, Protocol

from ..core import engine as e
from ..core.assemble import render_lines
from ..errors import ChatcompactError, SummarizerError
from ..protocols import Embedder, Summarizer
from ..types import SummaryDelta, SummaryVersion


class Driven(Protocol):
    """What the runner needs of a thread (:class:`~chatcompact.runtime.memory.Thread` is one; no import, no circle)."""

    id: str
    on_compaction: Callable[[e.CompactionEvent], Any] | None
    _mem: Any  # the thread's Memory: store, summarizer, embedder, retry, scheduler, on_compaction
    _slot: threading.Lock
    _lock: Any  # the view lock (an RLock)
    _view: Any
    _committing: int | None

    def _snapshot(self, fresh: bool = True) -> e.Snapshot: ...

    def _load(self, info: Any) -> Any: ...

    def _advance(self, job: Any, committed: SummaryVersion, lines: Any) -> None: ...


class EffectRunner:
    """Executes one engine flow's effects on a :class:`Thread` (the async driver reuses it for all but the
    summarizer call). Holds the compaction slot the flow claimed until :meth:`release`."""

    def __init__(self, thread: Driven) -> None:
        self.thread = thread
        self.held = False
        self._do: dict[type, Callable[[Any], Any]] = {
            e.Now: lambda _: time.monotonic(),
            e.Claim: self._claim,
            e.Load: lambda eff: thread._snapshot(eff.fresh),
            e.Reload: lambda _: self._reload(),
            e.Summarize: self._summarize,
            e.Commit: self._commit,
            e.PutNode: lambda eff: thread._mem.store.put_node(thread.id, eff.node),
            e.LogEvent: lambda eff: thread._mem.store.log_event(thread.id, eff.kind, eff.data),
            e.Hook: self._hook,
            e.MissingVectors: lambda eff: thread._mem.store.missing_vectors(thread.id, self._embedder.name, eff.limit),
            e.Embed: lambda eff: self._embedder.embed(list(eff.texts)),
            e.PutVectors: lambda eff: thread._mem.store.put_vectors(
                thread.id, self._embedder.name, list(eff.seqs), eff.vectors
            ),
            e.Submit: self._submit,
            e.Pause: self._pause,
        }

    def __call__(self, effect: Any) -> Any:
        return self._do[type(effect)](effect)

    @property
    def _embedder(self) -> Embedder:
        assert self.thread._mem.embedder is not None, "an embedding job needs an embedder"
        return self.thread._mem.embedder

    def _pause(self, _: e.Pause) -> bool:
        time.sleep(0)  # a GIL yield: the foreground's next add/context runs now
        return not self.thread._mem._closed

    def _claim(self, effect: e.Claim) -> bool:
        self.held = self.thread._slot.acquire(blocking=effect.wait)
        return self.held

    def release(self) -> None:
        """Give back the compaction slot if this flow took it (however the flow ended)."""
        if self.held:
            self.held = False
            self.thread._slot.release()

    def _reload(self) -> None:
        t = self.thread
        with t._lock:
            t._view = t._load(t._mem.store.thread_info(t.id))

    def _summarize(self, effect: e.Summarize) -> SummaryDelta:
        mem = self.thread._mem
        return mem.retry.call(lambda: summarize_safely(mem.summarizer, effect.request))

    def _commit(self, effect: e.Commit) -> SummaryVersion:
        """Commit guarded by the parent version (durable first, outside the view lock), then advance the cache."""
        t = self.thread
        t._committing = effect.version.version  # _refresh must not reload for our own commit
        try:
            committed = t._mem.store.commit_version(t.id, effect.version)
            lines = render_lines(committed.state, committed.covered_until, t._mem.tokenizer.count)  # before the lock
            with t._lock:
                t._advance(effect.job, committed, lines)
            return committed
        finally:
            t._committing = None

    def _hook(self, effect: e.Hook) -> list[Any]:
        hooks = (self.thread._mem.on_compaction, self.thread.on_compaction)
        return [hook(effect.event) for hook in hooks if hook is not None]

    def _submit(self, effect: e.Submit) -> None:
        scheduler = self.thread._mem.scheduler
        if scheduler is not None:
            scheduler.submit((effect.kind, self.thread.id))


#: Times an LLM (or any non-deterministic) summarizer is asked again within one compaction for an invalid delta.
INVALID_RETRIES = 2


def invalid_retries(summarizer: Summarizer) -> int:
    """How often the engine asks ``summarizer`` again for a delta the core refused: never when it declares
    itself ``deterministic`` (the extractive one: the same request gets the same answer), else
    :data:`INVALID_RETRIES`."""
    return 0 if getattr(summarizer, "deterministic", False) is True else INVALID_RETRIES


def as_summarizer_error(summarizer: Summarizer, exc: BaseException) -> SummarizerError:
    """Anything a summarizer raises becomes a SummarizerError (a third-party one may raise anything)."""
    if isinstance(exc, SummarizerError):
        return exc
    if isinstance(exc, ChatcompactError):
        return SummarizerError(f"{summarizer.name}: {exc}")
    return SummarizerError(f"{summarizer.name} failed: {exc!r}")


def summarize_safely(summarizer: Summarizer, request: Any) -> SummaryDelta:
    """``summarizer.summarize(request)`` (a compaction's or a roll-up's), any failure as SummarizerError."""
    try:
        return summarizer.summarize(request)
    except Exception as exc:  # converted, never swallowed: the driver records and retries it
        raise as_summarizer_error(summarizer, exc) from exc
