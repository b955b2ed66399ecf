"""Worker processes: take background jobs (compactions, embedding batches) for any thread from the store's queue.

Run ``chatcompact worker --store postgresql://... --summarizer extractive`` on as many machines as needed;
app processes open ``Memory.open(url, background="workers")`` and only enqueue. A job is leased to one
worker at a time (``FOR UPDATE SKIP LOCKED`` on Postgres, the write lock on SQLite), so at most one
compaction of a thread runs cluster-wide; a worker that dies holding a job loses it when the lease
expires and another worker takes it over. While a job runs, the worker renews its lease every
``lease_s / 3`` seconds (``JobStore.renew_job``), so a summarizer call longer than the lease keeps the job.
Should two runs of one compaction ever overlap (a worker stalled past its lease), the summary's
parent-version guard lets only one of them commit.

Each job runs through :meth:`Memory.run_job`: the same code as in-process background compaction.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import ConfigError
from ..protocols import JOB_KINDS, JobStore
from .leases import keep_lease
from .memory import Memory

log = logging.getLogger("chatcompact.worker")


@dataclass
class Worker:
    """Claims jobs from ``memory.store`` and runs them with ``memory`` (its summarizer, embedder, policy)."""

    memory: Memory
    kinds: Sequence[str] = JOB_KINDS
    lease_s: float = 120.0  # renewed every lease_s/3 while a job runs; a dead worker's lease expires after this
    poll_s: float = 0.5  # sleep between claims when the queue is empty
    crash_delay: float = 10.0  # a job whose code raised is retried after this long
    jobs_done: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.memory.store, JobStore):
            raise ConfigError(f"{self.memory.store!r} has no job queue for workers")
        bad = [k for k in self.kinds if k not in JOB_KINDS]
        if bad or not self.kinds:
            raise ConfigError(f"worker job kinds must be some of {list(JOB_KINDS)}, got {list(self.kinds)}")
        if self.lease_s <= 0 or self.poll_s <= 0:
            raise ConfigError(f"lease and poll must be > 0 seconds, got {self.lease_s} and {self.poll_s}")

    def run_once(self) -> bool:
        """Claim, run and finish one job; False when none was ready."""
        store = self.memory.store
        lease = store.claim_job(self.kinds, self.lease_s)
        if lease is None:
            return False
        again, delay = False, 0.0
        try:
            with keep_lease(store, lease, self.lease_s):  # a long summarizer call must not lose the job
                again = self.memory.run_job(lease.kind, lease.thread_id)
        except Exception:  # the worker must survive any job; the job is retried later, the error logged
            log.exception("%s job for thread %s crashed", lease.kind, lease.thread_id)
            again, delay = True, self.crash_delay
        if not store.finish_job(lease, again=again, delay=delay):
            log.warning("lease on %s job for thread %s expired while it ran", lease.kind, lease.thread_id)
        self.jobs_done += 1
        return True

    def run(
        self, stop: threading.Event | None = None, max_jobs: int | None = None, idle_exit: float | None = None
    ) -> int:
        """Run jobs until ``stop`` is set, ``max_jobs`` ran, or the queue stayed empty ``idle_exit`` seconds.

        Returns the number of jobs run.
        """
        stop = stop or threading.Event()
        idle_since = time.monotonic()
        while not stop.is_set() and (max_jobs is None or self.jobs_done < max_jobs):
            if self.run_once():
                idle_since = time.monotonic()
                continue
            if idle_exit is not None and time.monotonic() - idle_since >= idle_exit:
                break
            stop.wait(self.poll_s)
        return self.jobs_done


__all__ = ["Worker"]
