"""``AsyncMemory`` / ``AsyncThread``: the same API as Memory/Thread, with ``await``.

No logic lives here. Every call runs the synchronous driver's method in a worker thread (so the event loop
never blocks on disk); background jobs are asyncio tasks that drive the same engine flows
(:mod:`chatcompact.core.engine`) as the sync driver, executing every effect with the sync driver's
:class:`~chatcompact.runtime.effects.EffectRunner` except two: the summarizer call is awaited (``asummarize``) and
the pauses between steps yield to the event loop.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine, Generator, Sequence
from typing import TYPE_CHECKING, Any, Concatenate, Literal, ParamSpec, TypeVar, overload

from ..core import engine as e
from ..core import memo
from ..types import SummaryDelta, SummaryVersion, ThreadInfo
from . import archive
from .background import AsyncScheduler, JobScheduler
from .effects import EffectRunner, as_summarizer_error
from .memory import Format, Memory, Thread, job_flow, job_thread

P = ParamSpec("P")
R = TypeVar("R")


def _offload(
    method: Callable[Concatenate[Thread, P], R],
) -> Callable[Concatenate[AsyncThread, P], Coroutine[Any, Any, R]]:
    """``Thread.method`` as a coroutine method run in a worker thread (same parameters, same docstring)."""

    async def call(self: AsyncThread, /, *args: P.args, **kwargs: P.kwargs) -> R:
        return await asyncio.to_thread(method, self.sync, *args, **kwargs)

    functools.update_wrapper(call, method)
    return call


def _forwarded(name: str) -> Any:
    """An attribute read from and written to the sync object (``on_compaction`` hooks)."""
    return property(lambda self: getattr(self.sync, name), lambda self, value: setattr(self.sync, name, value))


async def drive(thread: Thread, flow: e.Effects[R], background: bool = False) -> R:
    """Run an engine flow on ``thread``, awaiting the summarizer on the event loop; a ``background`` flow gives
    way to the Memory's hot calls at its pauses (see ``background.Foreground``)."""
    mem = thread.memory
    runner = EffectRunner(thread.view, mem, thread)

    async def once(request: Any) -> SummaryDelta:
        try:
            return await mem.summarizer.asummarize(request)
        except Exception as exc:  # converted, never swallowed: the engine records it, the Retry retries it
            raise as_summarizer_error(mem.summarizer, exc) from exc

    async def execute(effect: Any) -> Any:
        if isinstance(effect, e.Summarize):
            return await mem.retry.acall(lambda: once(effect.request))
        if isinstance(effect, e.Pause):
            if background:
                await mem.foreground.await_quiet()
            await asyncio.sleep(0)
            return not mem.closed
        return await asyncio.to_thread(runner, effect)

    try:
        with memo.scope():  # for this flow only (the worker-thread calls copy the context, so they share it)
            return await e.adrive(flow, execute)
    finally:
        runner.release()


class AsyncThread:
    """Awaitable view of a :class:`~chatcompact.runtime.thread.Thread` (see its methods for semantics)."""

    def __init__(self, thread: Thread) -> None:
        self.sync = thread
        self.id = thread.id

    add = _offload(Thread.add)
    add_many = _offload(Thread.add_many)
    assemble = _offload(Thread.assemble)
    context_at = _offload(Thread.context_at)
    if TYPE_CHECKING:  # Thread.context's overloads (the return type follows ``format``); at run time, _offload

        @overload
        async def context(
            self,
            budget: int | None = None,
            *,
            query: str | None = None,
            format: Literal["openai"] = "openai",
            tools: Sequence[dict[str, Any]] | None = None,
        ) -> list[dict[str, Any]]: ...

        @overload
        async def context(
            self,
            budget: int | None = None,
            *,
            query: str | None = None,
            format: Literal["anthropic"],
            tools: Sequence[dict[str, Any]] | None = None,
        ) -> tuple[str, list[dict[str, Any]]]: ...

        async def context(
            self,
            budget: int | None = None,
            *,
            query: str | None = None,
            format: Format = "openai",
            tools: Sequence[dict[str, Any]] | None = None,
        ) -> list[dict[str, Any]] | tuple[str, list[dict[str, Any]]]: ...

    else:
        context = _offload(Thread.context)
    usage = _offload(Thread.usage)
    summary = _offload(Thread.summary)
    history = _offload(Thread.history)
    compactions = _offload(Thread.compactions)
    folded = _offload(Thread.folded)
    revert = _offload(Thread.revert)
    hierarchy = _offload(Thread.hierarchy)
    expand = _offload(Thread.expand)
    stats = _offload(Thread.stats)
    recall = _offload(Thread.recall)
    forget = _offload(Thread.forget)
    delete = _offload(Thread.delete)

    @property
    def budget(self) -> int:
        return self.sync.budget

    on_compaction = _forwarded("on_compaction")

    def tools(self, format: Format = "openai") -> list[dict[str, Any]]:
        """The ``recall`` and ``compact`` tool schemas (see ``Thread.tools``)."""
        return self.sync.tools(format)

    async def run_tool(self, call: dict[str, Any], *, max_tokens: int | None = None) -> dict[str, Any]:
        """Execute a model's ``recall`` or ``compact`` call (see ``Thread.run_tool``); compaction awaits the model."""
        cid, fmt, name, args = archive.parse_any_tool_call(call)
        if name != archive.COMPACT_TOOL:
            return await asyncio.to_thread(self.sync.run_tool, call, max_tokens=max_tokens)
        version = await self.compact(focus=args.get("focus"))
        return archive.compact_result(cid, fmt, version, await self.stats())

    async def compact(self, keep_tokens: int | None = None, *, focus: str | None = None) -> SummaryVersion | None:
        """Compact now (see ``Thread.compact``); the summarizer is awaited on the event loop."""
        return await drive(self.sync, job_flow(self.sync, "manual", keep_tokens=keep_tokens, focus=focus))


def _opener(open_: Callable[P, Memory]) -> Callable[P, _Opening]:
    """``Memory.open`` as ``AsyncMemory.open``: same parameters; opens in a worker thread. ``background="workers"``
    only queues jobs for ``chatcompact worker``; otherwise asyncio tasks run them."""

    @functools.wraps(open_)
    def opener(*args: P.args, **kwargs: P.kwargs) -> _Opening:
        kwargs["background"] = "workers" if kwargs.get("background", True) == "workers" else False

        async def make() -> AsyncMemory:
            memory = await asyncio.to_thread(open_, *args, **kwargs)
            return AsyncMemory(memory, asyncio.get_running_loop())

        return _Opening(make)

    return opener


class _Opening:
    """What ``AsyncMemory.open`` returns: await it for the memory, or ``async with`` it (closed on exit)."""

    def __init__(self, make: Callable[[], Coroutine[Any, Any, AsyncMemory]]) -> None:
        self._make = make
        self._mem: AsyncMemory | None = None

    def __await__(self) -> Generator[Any, None, AsyncMemory]:
        return self._make().__await__()

    async def __aenter__(self) -> AsyncMemory:
        self._mem = await self._make()
        return self._mem

    async def __aexit__(self, *exc: object) -> None:
        if self._mem is not None:
            await self._mem.close()


class AsyncMemory:
    """Many threads, awaitable: ``async with AsyncMemory.open(...) as mem`` or ``mem = await AsyncMemory.open(...)``
    (same arguments as Memory.open)."""

    def __init__(self, memory: Memory, loop: asyncio.AbstractEventLoop) -> None:
        self.sync = memory
        self._scheduler: AsyncScheduler | None = None
        if memory.background != "workers":  # with workers, jobs go to the store's queue as in the sync driver
            self._scheduler = AsyncScheduler(loop, self._job, {"embed": (archive.EMBED_QUIET, archive.EMBED_MAX_LAG)})
            memory.use_scheduler(self._scheduler.jobs())  # the sync driver's triggers now start asyncio tasks
        self._threads: dict[str, AsyncThread] = {}

    open = staticmethod(_opener(Memory.open))

    on_compaction = _forwarded("on_compaction")

    async def thread(self, thread_id: str, system: str | None = None, *, budget: int | None = None) -> AsyncThread:
        """Get or create a thread (see ``Memory.thread``)."""
        t = await asyncio.to_thread(self.sync.thread, thread_id, system, budget=budget)
        if thread_id not in self._threads or self._threads[thread_id].sync is not t:
            self._threads[thread_id] = AsyncThread(t)
        return self._threads[thread_id]

    async def export(self, thread_id: str) -> dict[str, Any]:
        """Everything the store holds for ``thread_id`` (see ``Memory.export``)."""
        return await asyncio.to_thread(self.sync.export, thread_id)

    async def delete(self, thread_id: str) -> None:
        """Delete a thread and everything stored about it (see ``Memory.delete``)."""
        await asyncio.to_thread(self.sync.delete, thread_id)
        self._threads.pop(thread_id, None)

    async def threads(self) -> list[ThreadInfo]:
        """Every thread in the store."""
        return await asyncio.to_thread(self.sync.threads)

    async def _job(self, key: tuple[str, str]) -> bool:
        t = self._threads.get(key[1])
        return await self._run(key[0], t.sync) if t is not None else False

    async def run_job(self, kind: str, thread_id: str) -> bool:
        """Run one background job on any thread of the store (see ``Memory.run_job``), awaiting the summarizer."""
        t = await asyncio.to_thread(job_thread, self.sync, thread_id)
        return await self._run(kind, t) if t is not None else False

    async def _run(self, kind: str, t: Thread) -> bool:
        if kind == "embed" and self.sync.embedder is None:
            return False
        return bool(await drive(t, job_flow(t, kind), background=True))

    async def wait_idle(self, timeout: float | None = None, *, kinds: Sequence[str] | None = None) -> bool:
        """Wait until no background job (of ``kinds``, default all) is queued or running; False on timeout."""
        if self._scheduler is None:
            return await asyncio.to_thread(self.sync.wait_idle, timeout, kinds=kinds)
        return await self._scheduler.wait_idle(timeout, kinds)

    async def use_scheduler(self, scheduler: JobScheduler | None) -> None:
        """Run the background jobs on ``scheduler`` instead of this event loop's tasks (see
        ``Memory.use_scheduler``); the loop's running tasks are cancelled first (nothing half-committed)."""
        if self._scheduler is not None:
            await self._scheduler.close()
            self._scheduler = None
        await asyncio.to_thread(self.sync.use_scheduler, scheduler)

    async def close(self, timeout: float | None = 10.0) -> None:
        """Cancel running compactions (nothing half-committed), then close the store."""
        if self._scheduler is not None:
            await self._scheduler.close()
            self.sync.use_scheduler(None)
        await asyncio.to_thread(self.sync.close, timeout)

    async def __aenter__(self) -> AsyncMemory:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
