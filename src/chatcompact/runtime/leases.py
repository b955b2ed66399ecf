"""Keep a job's lease alive while a long summarizer call runs (so no other worker takes the job meanwhile).

    with keep_lease(store, lease, lease_s):
        run the job

renews the lease every ``lease_s / 3`` seconds on a daemon thread (``store.renew_job``) until the block ends;
a store without ``renew_job`` is left alone. ``lost`` tells whether a renewal found the lease gone.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ..errors import StoreError

log = logging.getLogger("chatcompact.worker")

__all__ = ["LeaseKeeper", "keep_lease"]


class LeaseKeeper:
    """The renewing thread of :func:`keep_lease`."""

    def __init__(self, store: Any, lease: Any, lease_s: float) -> None:
        self.lost = False
        self._store, self._lease, self._lease_s = store, lease, lease_s
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="chatcompact-lease", daemon=True)

    def _run(self) -> None:
        while not self._stop.wait(self._lease_s / 3):
            try:
                if not self._store.renew_job(self._lease, self._lease_s):
                    self.lost = True
                    log.warning("lease of %s/%s was lost", self._lease.thread_id, self._lease.kind)
                    return
            except StoreError as exc:  # a transient store error: the next tick tries again
                log.warning("lease renewal failed: %s", exc)

    def start(self) -> None:
        if getattr(self._store, "renew_job", None) is not None:
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)


@contextmanager
def keep_lease(store: Any, lease: Any, lease_s: float) -> Iterator[LeaseKeeper]:
    """Renew ``lease`` on ``store`` while the block runs (see the module docstring)."""
    keeper = LeaseKeeper(store, lease, lease_s)
    keeper.start()
    try:
        yield keeper
    finally:
        keeper.stop()
