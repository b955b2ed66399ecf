"""The compaction scheduler and the retry policy shared by every driver.

The scheduler owns its worker thread: it starts on the first job (never in ``__init__``), keeps
at most one job per key queued or running (submitting a queued key again is a no-op: that is the
debounce), and stops in :meth:`close`. ``wait_idle`` lets scripts and tests wait for quiet.
"""

from __future__ import annotations

import asyncio
import logging
import random
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar, runtime_checkable

from ..errors import ConfigError, InvalidSummary, StoreError, SummarizerError
from ..protocols import JobStore, Store

log = logging.getLogger("chatcompact.background")
T = TypeVar("T")
K = TypeVar("K", bound=Hashable)  # a Scheduler key
JobKey = tuple[str, str]  # (kind, thread_id), e.g. ("compact", thread_id)


class Foreground:
    """The hot calls (``add``, ``context``, ``recall``) running on a Memory now, counted, so that its background
    flows give way: at each pause a background flow waits until none runs, at most ``max_wait`` seconds (a
    foreground that never rests must not starve compaction). Python runs one thread at a time, so a compaction
    running beside an ``add`` makes the ``add`` slower by about the compaction's own time; giving way moves that
    work into the gaps between calls (an agent's model call, a user's typing). Nested entries count once each.
    The flows' pauses are of two kinds: the ``Pause`` effects between their steps (:meth:`wait_quiet`) and the
    pause points inside a step (``core.pause``, :meth:`pause_hook`)."""

    def __init__(self, max_wait: float = 0.25, slice_s: float = 0.05) -> None:
        self.max_wait = max_wait
        self.slice_s = slice_s
        self._n = 0
        self._threads: dict[int, int] = {}  # thread id -> its hot calls running now
        self._quiet = threading.Condition(threading.Lock())

    def __enter__(self) -> Foreground:
        me = threading.get_ident()
        with self._quiet:
            self._n += 1
            self._threads[me] = self._threads.get(me, 0) + 1
        return self

    def __exit__(self, *exc_info: object) -> None:
        me = threading.get_ident()
        with self._quiet:
            self._n -= 1
            left = self._threads.pop(me, 1) - 1
            if left:
                self._threads[me] = left
            if not self._n:
                self._quiet.notify_all()

    @property
    def busy(self) -> bool:
        return self._n > 0

    def wait_quiet(self, timeout: float | None = None) -> bool:
        """Wait until no hot call runs (at most ``timeout``, default ``max_wait``); True if none runs."""
        with self._quiet:
            return self._quiet.wait_for(lambda: not self._n, self.max_wait if timeout is None else timeout)

    async def await_quiet(self) -> bool:
        """:meth:`wait_quiet` for the event loop: polls every millisecond (a hot call ends in milliseconds)."""
        deadline = time.monotonic() + self.max_wait
        while self._n and time.monotonic() < deadline:
            await asyncio.sleep(0.001)
        return not self._n

    def pause_hook(self) -> Callable[[], None]:
        """The hook of one background flow's pause points (``core.pause.pausing``): while a hot call of another
        thread runs, wait until none does (at most ``max_wait``); after a wait that ran out, go on for ``slice_s``
        seconds before waiting again, so a foreground that never rests still leaves the flow a share of the
        interpreter. Free while nothing runs (one attribute read)."""
        resume_at = 0.0

        def hook() -> None:
            nonlocal resume_at
            if not self._n or time.monotonic() < resume_at:
                return
            if self._threads.get(threading.get_ident()):  # a hot call of this very thread: never wait for it
                return
            if not self.wait_quiet():
                resume_at = time.monotonic() + self.slice_s

        return hook


@runtime_checkable
class JobScheduler(Protocol):
    """What a :class:`~chatcompact.runtime.memory.Memory` needs of its scheduler: :class:`Lanes` (worker
    threads), :class:`StoreQueue` (``chatcompact worker`` processes) and an :class:`AsyncScheduler`'s
    :meth:`~AsyncScheduler.jobs` (asyncio tasks) meet it. ``Memory.use_scheduler`` installs one."""

    def submit(self, key: JobKey) -> None: ...

    def wait_idle(self, timeout: float | None = None, kinds: Sequence[str] | None = None) -> bool: ...

    def close(self, timeout: float | None = 10.0) -> None: ...


class Debounce(Generic[K]):
    """The due times of waiting keys, written once for both schedulers (pure: the caller passes the clock and
    holds its own lock). A key submitted again while it waits restarts its wait of ``delay`` (a burst of submits
    becomes one job, run in the pause after it), but it never waits longer than ``max_wait`` after its first
    submit; ``now`` makes it due at once."""

    def __init__(self) -> None:
        self._due: dict[K, tuple[float, float]] = {}  # key -> (first submit, run at)

    def push(self, key: K, t: float, delay: float, max_wait: float, now: bool = False) -> None:
        first = self._due[key][0] if key in self._due else t
        self._due[key] = (first, t if now else min(t + delay, first + max_wait))

    def __contains__(self, key: object) -> bool:
        return key in self._due

    def at(self, key: K) -> float:
        """When ``key`` is due (it must be waiting)."""
        return self._due[key][1]

    def pop(self, key: K) -> None:
        self._due.pop(key, None)

    def flush(self) -> None:
        """Every waiting key due now (waiting out a debounce helps nobody who waits for quiet)."""
        self._due = {k: (first, 0.0) for k, (first, _) in self._due.items()}

    def clear(self) -> None:
        self._due.clear()


@dataclass(frozen=True)
class Retry:
    """Exponential backoff with full jitter for retryable summarizer errors.

    ``deadline`` bounds one compaction's attempts, pauses and calls in flight together (seconds; None: no
    bound): no retry starts once it would end past it, and the engine hands the deadline to the summarizer
    (``SummaryRequest.deadline``), whose call in flight is abandoned when it comes (the LLM summarizers bound
    each call by the sooner of it and their ``timeout``). A hung, dripping or failing provider shows up as a
    failed compaction within about ``deadline``. A delta the core refuses is no retry of this policy: the engine
    asks a non-deterministic summarizer again at once, within the same deadline.
    """

    attempts: int = 3
    base_delay: float = 0.5
    max_delay: float = 8.0
    cooldown: float = 30.0  # after giving up, a thread waits this long before compacting again
    deadline: float | None = 60.0

    def __post_init__(self) -> None:
        if self.deadline is not None and not (0 < self.deadline < float("inf")):
            raise ConfigError(f"Retry.deadline must be a positive number of seconds or None, got {self.deadline!r}")

    def delay(self, attempt: int, rng: random.Random = random._inst) -> float:
        return rng.uniform(0, min(self.max_delay, self.base_delay * 2**attempt))

    def _next_wait(self, exc: SummarizerError, attempt: int, started: float | None = None) -> float:
        """The pause before the next attempt; re-raises when ``exc`` is final. Shared by both loops.

        An invalid delta (InvalidSummary) is final here: it is no transport failure to back off from, and the
        engine asks a non-deterministic summarizer again itself (an event each time)."""
        if not exc.retryable or attempt == self.attempts - 1 or isinstance(exc, InvalidSummary):
            raise exc
        wait = self.delay(attempt)
        if self.deadline is not None and started is not None and time.monotonic() - started + wait >= self.deadline:
            log.warning("summarizer failed (%s); no retry: the %.0fs deadline would pass", exc, self.deadline)
            raise exc
        log.info("summarizer failed (%s); retry %d in %.2fs", exc, attempt + 1, wait)
        return wait

    def call(self, fn: Callable[[], T], sleep: Callable[[float], None] = time.sleep) -> T:
        """Call ``fn``; retry a :class:`SummarizerError` marked ``retryable``; re-raise the last one."""
        started = time.monotonic()
        for attempt in range(self.attempts):
            try:
                return fn()
            except SummarizerError as exc:
                sleep(self._next_wait(exc, attempt, started))
        raise AssertionError("unreachable: attempts must be >= 1")

    async def acall(self, fn: Callable[[], Awaitable[T]]) -> T:
        """:meth:`call` for coroutines."""
        started = time.monotonic()
        for attempt in range(self.attempts):
            try:
                return await fn()
            except SummarizerError as exc:
                await asyncio.sleep(self._next_wait(exc, attempt, started))
        raise AssertionError("unreachable: attempts must be >= 1")


class Scheduler(Generic[K]):
    """Runs ``job(key)`` on a worker thread; a job returning True is queued again (more to do).

    With ``delay`` a submitted key waits until it has been quiet that long (every submit of a queued key
    restarts the wait) but never longer than ``max_wait`` after its first submit: a burst of submits becomes
    one job, run in the pause after the burst instead of racing the caller that submitted it.
    """

    def __init__(
        self,
        job: Callable[[K], bool],
        name: str = "chatcompact-compactor",
        delay: float = 0.0,
        max_wait: float | None = None,
    ) -> None:
        self._job = job
        self._name = name
        self._delay = delay
        self._max_wait = delay if max_wait is None else max_wait
        self._due: Debounce[K] = Debounce()
        self._queue: deque[K] = deque()
        self._queued: set[K] = set()
        self._running: set[K] = set()
        self._cv = threading.Condition()
        self._worker: threading.Thread | None = None
        self._closed = False

    def submit(self, key: K, now: bool = False) -> None:
        """Queue ``key`` unless it is already queued (then only its delay restarts); start the worker if needed.

        ``now`` skips the delay (a job that has more to do, or a flush)."""
        with self._cv:
            if self._closed:
                return
            self._due.push(key, time.monotonic(), self._delay, self._max_wait, now)
            if key in self._queued:
                self._cv.notify_all()
                return
            self._queued.add(key)
            self._queue.append(key)
            if self._worker is None:
                self._worker = threading.Thread(target=self._loop, name=self._name, daemon=True)
                self._worker.start()
            self._cv.notify_all()

    def _next(self) -> K | None:
        with self._cv:
            while True:
                if self._closed:
                    return None
                if self._queue:  # the key due first (keys without a delay are due at once)
                    key = min(self._queue, key=self._due.at)
                    wait = self._due.at(key) - time.monotonic()
                    if wait <= 0:
                        break
                    self._cv.wait(wait)
                else:
                    self._cv.wait()
            self._queue.remove(key)
            self._queued.discard(key)
            self._due.pop(key)
            self._running.add(key)
            return key

    def _loop(self) -> None:
        while (key := self._next()) is not None:
            again = False
            try:
                again = self._job(key)
            except Exception:  # the worker must survive any job; the error is logged with its traceback
                log.exception("compaction job for %r crashed", key)
            finally:
                with self._cv:
                    self._running.discard(key)
                    self._cv.notify_all()
            if again:
                self.submit(key, now=True)

    def flush(self) -> None:
        """Make every queued key due now (``wait_idle`` does this: waiting out a debounce helps nobody)."""
        with self._cv:
            self._due.flush()
            self._cv.notify_all()

    def busy(self, key: K) -> bool:
        with self._cv:
            return key in self._queued or key in self._running

    def busy_any(self) -> bool:
        with self._cv:
            return bool(self._queue or self._running)

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Run what is queued now and block until nothing is queued or running; False if ``timeout`` passed first."""
        self.flush()
        with self._cv:
            return self._cv.wait_for(lambda: not self._queue and not self._running, timeout)

    def close(self, timeout: float | None = 10.0) -> None:
        """Drop queued jobs, let the running one finish (its commit is atomic), stop the worker."""
        with self._cv:
            self._closed = True
            self._queue.clear()
            self._queued.clear()
            self._due.clear()
            self._cv.notify_all()
            worker = self._worker
        if worker is not None and worker is not threading.current_thread():
            worker.join(timeout)


class Lanes:
    """One :class:`Scheduler` (one worker) per kind of job, so a slow embedding never delays a compaction.

    Keys are ``(kind, thread_id)`` tuples. ``delays`` maps a kind to its lane's ``(delay, max_wait)``.
    """

    def __init__(
        self,
        job: Callable[[JobKey], bool],
        kinds: tuple[str, ...] = ("compact", "embed"),
        delays: Mapping[str, tuple[float, float]] | None = None,
    ) -> None:
        delays = delays or {}
        self._lanes: dict[str, Scheduler[JobKey]] = {
            kind: Scheduler(job, f"chatcompact-{kind}", *delays.get(kind, (0.0, 0.0))) for kind in kinds
        }

    def submit(self, key: tuple[str, str]) -> None:
        self._lanes[key[0]].submit(key)

    def wait_idle(self, timeout: float | None = None, kinds: Sequence[str] | None = None) -> bool:
        """Wait until the lanes of ``kinds`` (default all) are idle; False if ``timeout`` passed first."""
        lanes = [lane for kind, lane in self._lanes.items() if kinds is None or kind in kinds]
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:  # a finished compaction may queue an embedding and vice versa: wait until all are quiet
            for lane in lanes:
                left = None if deadline is None else max(deadline - time.monotonic(), 0.0)
                if not lane.wait_idle(left):
                    return False
            if not any(lane.busy_any() for lane in lanes):
                return True

    def close(self, timeout: float | None = 10.0) -> None:
        for lane in self._lanes.values():
            lane.close(timeout)


class StoreQueue:
    """The scheduler of ``background="workers"``: jobs go into the store's queue, where ``chatcompact worker``
    processes (on any machine) claim them. Nothing runs in this process."""

    def __init__(self, store: Store, poll_s: float = 0.05, debounce_s: float = 0.5) -> None:
        if not isinstance(store, JobStore):
            raise ConfigError(f'background="workers" needs a store with a job queue; {store!r} has none')
        self._store = store
        self._poll = poll_s
        # A trigger keeps firing on every add until a worker has compacted: one request per key and
        # ``debounce_s`` is enough (the next add after that asks again), and saves a write per add.
        self._debounce = debounce_s
        self._sent: dict[JobKey, float] = {}
        self._lock = threading.Lock()

    def submit(self, key: tuple[str, str]) -> None:
        kind, thread_id = key
        now = time.monotonic()
        with self._lock:
            if now - self._sent.get(key, -1e9) < self._debounce:
                return
            self._sent[key] = now
            if len(self._sent) > 10_000:  # forget old entries: the map only needs the last debounce_s
                self._sent = {k: t for k, t in self._sent.items() if now - t < self._debounce}
        try:
            self._store.enqueue_job(thread_id, kind)
        except StoreError as exc:  # the message is stored; the next add that fires a trigger asks again
            log.warning("could not queue %s job for thread %s: %s", kind, thread_id, exc)

    def wait_idle(self, timeout: float | None = None, kinds: Sequence[str] | None = None) -> bool:
        """Wait until the store's queue is empty (every worker's jobs, of every kind); False on timeout."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while self._store.pending_jobs():
            if deadline is not None and time.monotonic() >= deadline:
                return False
            time.sleep(self._poll)
        return True

    def close(self, timeout: float | None = 10.0) -> None:
        """Nothing to stop: the jobs stay queued for the workers."""


def make_scheduler(
    background: object,
    store: Store,
    job: Callable[[JobKey], bool],
    delays: Mapping[str, tuple[float, float]] | None = None,
) -> Lanes | StoreQueue | None:
    """The scheduler for a ``Memory(background=...)`` value: True, False or "workers" (``delays``: see Lanes)."""
    if background == "workers":
        return StoreQueue(store)
    if not isinstance(background, bool):
        raise ConfigError(f'background must be True, False or "workers", got {background!r}')
    return Lanes(job, delays=delays) if background else None


class AsyncScheduler:
    """The asyncio twin of :class:`Lanes`: one task per key at a time, owned and cancellable, with the same
    per-kind debounce (``delays``: kind -> ``(delay, max_wait)``; see :class:`Scheduler`).

    ``submit`` is thread-safe (the sync driver calls it from ``asyncio.to_thread``). A key submitted while its
    job runs is run once more after it (the job may have read the state before the submit's change).
    """

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        job: Callable[[JobKey], Awaitable[bool]],
        delays: Mapping[str, tuple[float, float]] | None = None,
    ) -> None:
        self._loop = loop
        self._job = job
        self._delays = dict(delays or {})
        self._tasks: dict[JobKey, asyncio.Task[None]] = {}
        self._due: Debounce[JobKey] = Debounce()  # the keys waiting for quiet, in loop time
        self._again: set[JobKey] = set()  # submitted while running
        self._closed = False

    def submit(self, key: JobKey) -> None:
        self._loop.call_soon_threadsafe(self._start, key)

    def jobs(self) -> JobScheduler:
        """This scheduler as the sync driver sees it: its triggers start asyncio tasks here; waiting and closing
        belong to the event loop (``AsyncMemory.wait_idle`` / ``close``)."""
        return _LoopJobs(self)

    def _start(self, key: JobKey, now: bool = False) -> None:
        if self._closed:
            return
        delay, max_wait = self._delays.get(key[0], (0.0, 0.0)) if isinstance(key, tuple) else (0.0, 0.0)
        t = self._loop.time()
        task = self._tasks.get(key)
        if task is not None and not task.done():
            if key in self._due:  # still waiting for quiet: the wait restarts (bounded by max_wait)
                self._due.push(key, t, delay, max_wait, now)
            else:
                self._again.add(key)
            return
        self._due.push(key, t, delay, max_wait, now)
        self._tasks[key] = self._loop.create_task(self._run(key), name=f"chatcompact-{key}")

    async def _run(self, key: JobKey) -> None:
        again = False
        try:
            while (wait := self._due.at(key) - self._loop.time()) > 0:
                await asyncio.sleep(wait)
            self._due.pop(key)
            again = await self._job(key)
        except asyncio.CancelledError:
            raise
        except Exception:  # keep the loop alive; the error is logged with its traceback
            log.exception("compaction task for %r crashed", key)
        finally:
            self._due.pop(key)
            if self._tasks.get(key) is asyncio.current_task():
                del self._tasks[key]
        if again or key in self._again:
            self._again.discard(key)
            self._start(key, now=True)

    async def wait_idle(self, timeout: float | None = None, kinds: Sequence[str] | None = None) -> bool:
        """Run what waits for quiet now and wait until no task of ``kinds`` (default all) runs, tasks started
        meanwhile included; False on timeout."""

        def mine() -> list[asyncio.Task[None]]:
            return [t for k, t in self._tasks.items() if kinds is None or (isinstance(k, tuple) and k[0] in kinds)]

        async def drain() -> None:
            await asyncio.sleep(0)  # let call_soon_threadsafe submissions land
            while tasks := mine():
                self._due.flush()
                await asyncio.gather(*tasks, return_exceptions=True)
                await asyncio.sleep(0)

        try:
            await asyncio.wait_for(drain(), timeout)
        except TimeoutError:
            return False
        return True

    async def close(self) -> None:
        """Cancel running compactions: a cancelled one has committed nothing (commits are atomic)."""
        self._closed = True
        tasks = list(self._tasks.values())
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


class _LoopJobs:
    """An :class:`AsyncScheduler` behind the sync :class:`JobScheduler` face (see :meth:`AsyncScheduler.jobs`)."""

    def __init__(self, scheduler: AsyncScheduler) -> None:
        self.submit = scheduler.submit

    def wait_idle(self, timeout: float | None = None, kinds: Sequence[str] | None = None) -> bool:
        raise ConfigError("this Memory's jobs run on an AsyncMemory's event loop: await AsyncMemory.wait_idle()")

    def close(self, timeout: float | None = 10.0) -> None:
        """Nothing here: the AsyncMemory that owns the event loop cancels its tasks."""
