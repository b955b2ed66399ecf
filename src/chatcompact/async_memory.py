"""``AsyncMemory`` / ``AsyncThread``: the same API as Memory/Thread, with ``await``.

No logic lives here. Every call runs the synchronous driver's code (store I/O in a worker thread,
so the event loop never blocks on disk); compaction is an asyncio task per thread that awaits the
summarizer's ``asummarize`` and then commits through the same ``Thread._complete``.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Iterable
from typing import Any

from .background import AsyncScheduler
from .core.assemble import Assembled
from .errors import SummarizerError, VersionConflict
from .memory import Memory, Thread, as_summarizer_error, log
from .tree import rollup_failed
from .types import ArchiveHit, Message, SummaryDelta, SummaryNode, SummaryState, SummaryVersion, ThreadInfo


class AsyncThread:
    """Awaitable view of a :class:`~chatcompact.memory.Thread` (see its methods for semantics)."""

    def __init__(self, thread: Thread) -> None:
        self.sync = thread
        self.id = thread.id

    async def add(self, message: dict[str, Any] | Message, **kw: Any) -> Message:
        return (await self.add_many([message], **kw))[0]

    async def add_many(self, messages: Iterable[dict[str, Any] | Message], **kw: Any) -> list[Message]:
        return await asyncio.to_thread(self.sync.add_many, list(messages), **kw)

    async def context(self, budget: int | None = None, **kw: Any) -> Any:
        return await asyncio.to_thread(self.sync.context, budget, **kw)

    async def assemble(self, budget: int | None = None, **kw: Any) -> Assembled:
        return await asyncio.to_thread(self.sync.assemble, budget, **kw)

    async def summary(self) -> SummaryState:
        return await asyncio.to_thread(self.sync.summary)

    async def history(self, after: int = 0, until: int | None = None) -> list[Message]:
        return await asyncio.to_thread(self.sync.history, after, until)

    async def compactions(self) -> list[SummaryVersion]:
        return await asyncio.to_thread(self.sync.compactions)

    async def folded(self, version: int) -> list[Message]:
        return await asyncio.to_thread(self.sync.folded, version)

    async def revert(self, version: int) -> SummaryVersion | None:
        """Commit a version returning the summary to ``version``'s state (see ``Thread.revert``)."""
        return await asyncio.to_thread(self.sync.revert, version)

    async def hierarchy(self) -> list[SummaryNode]:
        return await asyncio.to_thread(self.sync.hierarchy)

    async def expand(self, node_id: str) -> list[SummaryNode] | list[Message]:
        return await asyncio.to_thread(self.sync.expand, node_id)

    async def stats(self) -> dict[str, int]:
        return await asyncio.to_thread(self.sync.stats)

    async def recall(self, query: str, k: int = 5, **kw: Any) -> list[ArchiveHit]:
        return await asyncio.to_thread(self.sync.recall, query, k, **kw)

    def tools(self, format: str = "openai") -> list[dict[str, Any]]:
        return self.sync.tools(format)  # type: ignore[arg-type]

    async def run_tool(self, call: dict[str, Any]) -> dict[str, Any]:
        return await asyncio.to_thread(self.sync.run_tool, call)

    async def compact(self, keep_tokens: int | None = None) -> SummaryVersion | None:
        """Compact now; the summarizer is awaited on the event loop."""
        t = self.sync
        await asyncio.to_thread(t._compacting.acquire)
        try:
            snap = await asyncio.to_thread(t._snapshot_fresh)
            job = await asyncio.to_thread(t._prepare, snap, "manual", keep_tokens)
            return await _run_job(t, job) if job else None
        finally:
            t._compacting.release()


async def _run_job(thread: Thread, job: Any) -> SummaryVersion:
    summarizer = thread._mem.summarizer

    async def once() -> SummaryDelta:
        try:
            return await summarizer.asummarize(job.request)
        except Exception as exc:  # converted, never swallowed: recorded and retried by the caller
            raise as_summarizer_error(summarizer, exc) from exc

    try:
        delta = await thread._mem.retry.acall(once)
    except SummarizerError as exc:
        await asyncio.to_thread(thread._failed, job, exc)
        raise
    return await asyncio.to_thread(thread._complete, job, delta)


async def _run_rollup(thread: Thread) -> bool:
    """Build one hierarchy node, awaiting ``asummarize``; True if one was built (same rules as ``rollup_step``)."""
    tree = thread._tree
    if tree is None or time.monotonic() < thread._cooldown_until or not thread._compacting.acquire(blocking=False):
        return False
    try:
        plan = await asyncio.to_thread(tree.plan)
        if plan is None:
            return False
        summarizer = thread._mem.summarizer

        async def once() -> SummaryDelta:
            try:
                return await summarizer.asummarize(plan.request)
            except Exception as exc:  # converted, never swallowed: recorded below
                raise as_summarizer_error(summarizer, exc) from exc

        try:
            delta = await thread._mem.retry.acall(once)
            await asyncio.to_thread(tree.add_rollup, plan, delta, summarizer.name)
        except SummarizerError as exc:
            await asyncio.to_thread(rollup_failed, thread, plan, exc)
            return False
        return True
    finally:
        thread._compacting.release()


class AsyncMemory:
    """Many threads, awaitable. Open with ``await AsyncMemory.open(...)`` (same arguments as Memory.open)."""

    def __init__(self, memory: Memory, loop: asyncio.AbstractEventLoop) -> None:
        self.sync = memory
        self._scheduler: AsyncScheduler | None = None
        if memory.background != "workers":  # with workers, jobs go to the store's queue as in the sync driver
            self._scheduler = AsyncScheduler(loop, self._job)
            memory.scheduler = self._scheduler  # the sync driver's triggers now start asyncio tasks
        self._threads: dict[str, AsyncThread] = {}

    @classmethod
    async def open(cls, url: str | os.PathLike[str] | Any = None, **kw: Any) -> AsyncMemory:
        """``background="workers"`` only queues jobs for ``chatcompact worker``; otherwise asyncio tasks run them."""
        background = "workers" if kw.pop("background", True) == "workers" else False
        memory = await asyncio.to_thread(lambda: Memory.open(url, background=background, **kw))
        return cls(memory, asyncio.get_running_loop())

    async def thread(self, thread_id: str, system: str | None = None) -> AsyncThread:
        t = await asyncio.to_thread(self.sync.thread, thread_id, system)
        if thread_id not in self._threads or self._threads[thread_id].sync is not t:
            self._threads[thread_id] = AsyncThread(t)
        return self._threads[thread_id]

    async def threads(self) -> list[ThreadInfo]:
        return await asyncio.to_thread(self.sync.threads)

    async def _job(self, key: tuple[str, str]) -> bool:
        kind, thread_id = key
        t = self._threads.get(thread_id)
        if t is None:
            return False
        if kind == "embed":
            return await asyncio.to_thread(t.sync._embed_step)
        job = await asyncio.to_thread(t.sync._claim)
        if job is None:
            return await _run_rollup(t.sync)  # no compaction due: build a hierarchy node if one is
        try:
            await _run_job(t.sync, job)
            return t.sync._needs_more()
        except (SummarizerError, VersionConflict) as exc:
            log.warning("async compaction of thread %s did not land: %s", thread_id, exc)
            return False
        finally:
            t.sync._compacting.release()

    async def wait_idle(self, timeout: float | None = None) -> bool:
        if self._scheduler is None:
            return await asyncio.to_thread(self.sync.wait_idle, timeout)
        return await self._scheduler.wait_idle(timeout)

    async def close(self) -> None:
        """Cancel running compactions (nothing half-committed), then close the store."""
        if self._scheduler is not None:
            await self._scheduler.close()
            self.sync.scheduler = None
        await asyncio.to_thread(self.sync.close)

    async def __aenter__(self) -> AsyncMemory:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
