"""``Memory``: many threads over one store, summarizer, tokenizer and scheduler (the sync driver's entry point).

``Thread`` lives in :mod:`chatcompact.runtime.thread` (re-exported here, where it has always been imported from).
"""

from __future__ import annotations

import atexit
import logging
import os
import threading
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from ..config import Policy, Settings
from ..core.preserve import DEFAULT_RULES, Rule
from ..errors import (
    ChatcompactError,
    ConfigError,
    ThreadNotFound,
)
from ..protocols import (
    DeferredIndexing,
    Embedder,
    ForgetStore,
    FullStore,
    Store,
    Summarizer,
    Tokenizer,
)
from ..types import (
    ThreadInfo,
)
from . import archive
from .background import Foreground, JobScheduler, Retry, make_scheduler
from .inputs import (
    check_store_url,
    check_thread_id,
)
from .migrate import check_complete
from .registry import full_store, resolve_embedder, resolve_store, resolve_summarizer, resolve_tokenizer
from .thread import Failure as Failure
from .thread import Format as Format
from .thread import Hook as Hook
from .thread import Thread as Thread
from .thread import as_epoch as as_epoch
from .thread import job_flow as job_flow
from .thread import run_flow as run_flow
from .view import version_no as version_no

log = logging.getLogger("chatcompact")

#: At interpreter exit every Memory still open is closed, waiting up to this long for each background lane: its
#: running job stops at its next pause instead of being torn down mid-call. Without it a script that ended while
#: the embedding lane was inside onnxruntime aborted as Python finalised ("terminate called without an active
#: exception", exit status 134), after every add had been stored.
EXIT_TIMEOUT = 5.0
_OPEN: weakref.WeakValueDictionary[int, Memory] = weakref.WeakValueDictionary()


@atexit.register
def _close_at_exit() -> None:
    for memory in list(_OPEN.values()):
        try:
            memory.close(EXIT_TIMEOUT)
        except Exception as exc:  # an exit must go on: an AsyncMemory whose loop is gone, a store already broken
            log.warning("closing a Memory at exit failed: %s", exc)


def job_thread(memory: Memory, thread_id: str) -> Thread | None:
    """The open Thread, or one loaded just for a job (None: the thread was deleted since it was queued)."""
    t = memory.open_threads.get(thread_id)
    if t is None:
        try:
            t = Thread(memory, memory.store.thread_info(thread_id))
        except ThreadNotFound:
            return None
    return t


@dataclass
class Memory:
    """Many threads over one store, summarizer and tokenizer. Use :meth:`open` for the defaults."""

    store: FullStore  # every capability (the built-in stores have them all)
    summarizer: Summarizer
    tokenizer: Tokenizer
    policy: Policy = field(default_factory=Policy)
    rules: Sequence[Rule] = DEFAULT_RULES
    # True: compact on a worker thread; False: inside add(); "workers": only enqueue, `chatcompact worker` runs jobs
    background: bool | Literal["workers"] = True
    retry: Retry = field(default_factory=Retry)
    embedder: Embedder | None = None  # None: recall is full-text only
    # Called before each compaction (False vetoes it, a string annotates the version) and after its commit;
    # each Thread's own ``on_compaction`` runs after this one. See core.engine.CompactionEvent.
    on_compaction: Hook | None = None

    def __post_init__(self) -> None:
        self.store = full_store(self.store)
        check_complete(self.store)  # an interrupted migration's destination must not pass for a whole store
        self._threads: dict[str, Thread] = {}
        self._lock = threading.Lock()
        self._closed = False
        self.foreground = Foreground()  # the hot calls running now: background flows give way to them
        give_way = getattr(self.store, "give_way", None)  # the SQLite store's passage writer gives way too
        if callable(give_way):
            give_way(self.foreground.wait_quiet)
        delays = {"embed": (archive.EMBED_QUIET, archive.EMBED_MAX_LAG)}
        self.scheduler: JobScheduler | None = make_scheduler(self.background, self.store, self._job, delays)
        _OPEN[id(self)] = self

    @property
    def closed(self) -> bool:
        """True once :meth:`close` has run (a running background flow stops at its next pause)."""
        return self._closed

    def use_scheduler(self, scheduler: JobScheduler | None) -> None:
        """Run this Memory's background jobs on ``scheduler`` from now on (an AsyncMemory installs its event
        loop's; None: none, the triggers then only fire inline). The one it replaces is closed first."""
        if scheduler is not None and not isinstance(scheduler, JobScheduler):
            raise ConfigError(f"a scheduler needs submit, wait_idle and close; got {type(scheduler).__name__}")
        old, self.scheduler = self.scheduler, scheduler
        if old is not None and old is not scheduler:
            old.close()

    def _job(self, key: tuple[str, str]) -> bool:
        kind, thread_id = key
        with self._lock:
            t = self._threads.get(thread_id)
        return self._run(kind, t, background=True) if t is not None else False

    def run_job(self, kind: str, thread_id: str) -> bool:
        """Run one background job (``"compact"`` or ``"embed"``) on any thread of the store; True if the
        thread needs another. What ``chatcompact worker`` runs for each job it claims; a thread this Memory
        has not opened is loaded just for the job (a worker keeps no per-thread state between jobs)."""
        t = job_thread(self, thread_id)
        return self._run(kind, t, background=True) if t is not None else False

    @property
    def open_threads(self) -> dict[str, Thread]:
        """The threads this Memory has open (a copy), by id."""
        with self._lock:
            return dict(self._threads)

    def _run(self, kind: str, t: Thread, background: bool = False) -> bool:
        if kind == "embed" and self.embedder is None:
            return False
        return bool(run_flow(t, job_flow(t, kind), background))

    def wait_idle(self, timeout: float | None = None, *, kinds: Sequence[str] | None = None) -> bool:
        """Wait until no background job is queued or running; False if ``timeout`` (seconds) passed first.

        ``kinds`` (e.g. ``("compact",)``) waits only for those lanes: waiting for compaction need not wait for
        the embedding lane's debounce. With ``background="workers"`` it waits for the store's whole queue. Without
        ``kinds`` it also waits for what the store indexes after an append (``DeferredIndexing``)."""
        idle = self.scheduler.wait_idle(timeout, kinds=kinds) if self.scheduler else True
        if kinds is None and isinstance(self.store, DeferredIndexing):
            idle = self.store.wait_indexed(timeout) and idle
        return idle

    @classmethod
    def open(
        cls,
        url: str | os.PathLike[str] | Store | None = None,
        *,
        summarizer: str | Summarizer | None = None,
        policy: Policy | None = None,
        model: str | None = None,
        tokenizer: Tokenizer | None = None,
        rules: Sequence[Rule] = DEFAULT_RULES,
        background: bool | Literal["workers"] = True,
        retry: Retry | None = None,
        embedder: str | Embedder | None = None,
        settings: Settings | None = None,
        on_compaction: Hook | None = None,
    ) -> Memory:
        """Open a memory. ``url``: ``sqlite:///rel.db``, ``sqlite:////abs.db``, a path, ``memory://``,
        ``postgresql://...`` or a Store object; default ``./.chatcompact/memory.db`` (or ``CHATCOMPACT_STORE``).

        ``background``: True runs compaction and embedding on this process's worker threads, False inside
        ``add``, ``"workers"`` only queues them in the store for ``chatcompact worker`` processes."""
        settings = settings or Settings.from_env()
        check_store_url(url)
        return cls(
            store=full_store(resolve_store(url, settings)),
            summarizer=resolve_summarizer(summarizer, settings),
            tokenizer=resolve_tokenizer(tokenizer, model, settings),
            policy=policy or Policy(),
            rules=tuple(rules),
            background=background,
            retry=retry or Retry(),
            embedder=resolve_embedder(embedder, settings),
            on_compaction=on_compaction,
        )

    def thread(self, thread_id: str, system: str | None = None, *, budget: int | None = None) -> Thread:
        """Get or create a thread; ``system`` sets (or replaces) its system prompt, ``budget`` its trigger budget
        (stored with the thread, so every process and worker compacts it alike; default ``Policy.budget``)."""
        check_thread_id(thread_id)
        with self._lock:
            if self._closed:
                raise ChatcompactError("this Memory is closed")
            t = self._threads.get(thread_id)
            # an open thread is written only for a change (the proxy asks for it with its budget every request)
            if t is None or system is not None or (budget is not None and budget != t.view.state.info.budget):
                info = self.store.ensure_thread(thread_id, system, budget=budget)
                if t is None:
                    t = self._threads[thread_id] = Thread(self, info)
                else:
                    t.view.reopened(info)
            return t

    def delete(self, thread_id: str) -> None:
        """Delete thread ``thread_id`` and everything stored about it (messages, summaries, nodes, vectors,
        events); no compaction of this process is running on it meanwhile. ThreadNotFound if there is none."""
        check_thread_id(thread_id)
        t = job_thread(self, thread_id)
        if t is None:
            raise ThreadNotFound(f"no thread {thread_id!r}")
        with t.view.slot, t.view.lock:
            self.store.delete_thread(thread_id)
            with self._lock:
                self._threads.pop(thread_id, None)
            if isinstance(self.store, ForgetStore):
                self.store.scrub()

    def threads(self) -> list[ThreadInfo]:
        """Every thread in the store."""
        return self.store.list_threads()

    def export(self, thread_id: str) -> dict[str, Any]:
        """Everything the store holds for ``thread_id``, as JSON-ready values (:mod:`chatcompact.runtime.forget`)."""
        from .forget import export_thread

        return export_thread(self.store, thread_id)

    def close(self, timeout: float | None = 10.0) -> None:
        """Stop background work (a running compaction finishes or is abandoned before its atomic
        commit; queued ones are dropped and simply run after the next open), then release the store.
        Idempotent."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
        _OPEN.pop(id(self), None)
        if self.scheduler is not None:  # an AsyncMemory's loop scheduler: its owner cancels the tasks
            self.scheduler.close(timeout)
        with self._lock:
            self._threads.clear()
            self.store.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
