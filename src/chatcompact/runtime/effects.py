"""Executing the engine's effects on a thread's view: the only code between a flow of
:mod:`chatcompact.core.engine` and the store, the summarizer, the embedder and the scheduler.

The sync driver runs every effect here; the async driver runs all but the summarizer call (awaited) and the
pauses (an event-loop yield) here too, in a worker thread, so the two drivers cannot drift apart.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, cast

from ..core import engine as e
from ..errors import ChatcompactError, SummarizerError
from ..protocols import Embedder, FullStore, PassageVectorStore, Summarizer, Tokenizer
from ..types import SummaryDelta

if TYPE_CHECKING:
    from .background import Foreground, JobScheduler, Retry
    from .view import ThreadView


class Runtime(Protocol):
    """What the runner needs of the backends (:class:`~chatcompact.runtime.memory.Memory` is one; no import, no
    circle): read on every effect, so a scheduler installed later (``Memory.use_scheduler``) is the one used."""

    @property
    def store(self) -> FullStore: ...
    @property
    def summarizer(self) -> Summarizer: ...
    @property
    def tokenizer(self) -> Tokenizer: ...
    @property
    def embedder(self) -> Embedder | None: ...
    @property
    def retry(self) -> Retry: ...
    @property
    def scheduler(self) -> JobScheduler | None: ...
    @property
    def on_compaction(self) -> Callable[[e.CompactionEvent], Any] | None: ...
    @property
    def closed(self) -> bool: ...


class Owner(Protocol):
    """The thread a flow runs for: its id and its own ``on_compaction`` hook (run after the Memory's)."""

    id: str
    on_compaction: Callable[[e.CompactionEvent], Any] | None


class EffectRunner:
    """Executes one engine flow's effects on a thread's :class:`~chatcompact.runtime.view.ThreadView` with the
    backends of a :class:`Runtime` (the async driver reuses it for all but the summarizer call). Holds the
    compaction slot the flow claimed until :meth:`release`. ``yield_to``: a background flow's runner waits at
    each pause for the hot calls it counts to end (an inline flow runs inside one of them: it never waits)."""

    def __init__(self, view: ThreadView, runtime: Runtime, owner: Owner, yield_to: Foreground | None = None) -> None:
        self.view = view
        self.runtime = runtime
        self.owner = owner
        self.yield_to = yield_to
        self.held = False
        tid = view.id
        self._do: dict[type, Callable[[Any], Any]] = {
            e.Now: lambda _: time.monotonic(),
            e.Claim: self._claim,
            e.Load: lambda eff: view.snapshot(eff.fresh),
            e.Reload: lambda _: view.reload(),
            e.Summarize: self._summarize,
            e.Commit: lambda eff: view.commit(eff.job, eff.version),
            e.PutNode: lambda eff: runtime.store.put_node(tid, eff.node),
            e.LogEvent: lambda eff: runtime.store.log_event(tid, eff.kind, eff.data),
            e.Hook: self._hook,
            e.MissingVectors: lambda eff: runtime.store.missing_vectors(tid, self._embedder.name, eff.limit),
            e.Embed: lambda eff: self._embedder.embed(list(eff.texts)),
            e.PutVectors: self._put_vectors,
            e.Submit: self._submit,
            e.Pause: self._pause,
        }

    def __call__(self, effect: Any) -> Any:
        return self._do[type(effect)](effect)

    @property
    def _embedder(self) -> Embedder:
        embedder = self.runtime.embedder
        assert embedder is not None, "an embedding job needs an embedder"
        return embedder

    def _put_vectors(self, effect: e.PutVectors) -> None:
        store, tid, name = self.runtime.store, self.view.id, self._embedder.name
        if effect.parts is None:  # one vector per message: every VectorStore takes that
            store.put_vectors(tid, name, list(effect.seqs), effect.vectors)
        else:  # the flow embeds passages only for a PassageVectorStore (Config.passages)
            multi = cast(PassageVectorStore, store)
            multi.put_vectors(tid, name, list(effect.seqs), effect.vectors, list(effect.parts))

    def _pause(self, _: e.Pause) -> bool:
        if self.yield_to is not None:
            self.yield_to.wait_quiet()
        time.sleep(0)  # a GIL yield: the foreground's next add/context runs now
        return not self.runtime.closed

    def _claim(self, effect: e.Claim) -> bool:
        self.held = self.view.slot.acquire(blocking=effect.wait)
        return self.held

    def release(self) -> None:
        """Give back the compaction slot if this flow took it (however the flow ended)."""
        if self.held:
            self.held = False
            self.view.slot.release()

    def _summarize(self, effect: e.Summarize) -> SummaryDelta:
        rt = self.runtime
        delta: SummaryDelta = rt.retry.call(lambda: summarize_safely(rt.summarizer, effect.request))
        return delta

    def _hook(self, effect: e.Hook) -> list[Any]:
        hooks = (self.runtime.on_compaction, self.owner.on_compaction)
        return [hook(effect.event) for hook in hooks if hook is not None]

    def _submit(self, effect: e.Submit) -> None:
        scheduler = self.runtime.scheduler
        if scheduler is not None:
            scheduler.submit((effect.kind, self.view.id))


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
