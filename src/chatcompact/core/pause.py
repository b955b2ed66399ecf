"""Pause points: where the long pure work of a background flow may stop while a hot call runs.

Python runs one thread at a time. A hot call (``add``, ``context``) hands the interpreter over at every SQLite call
and every token count, and while a background compaction computes, each hand-over costs the hot call up to the
switch interval (5 ms) before it runs again: a 2 ms ``add`` took 15-60 ms beside a compaction. The engine's flows
already give way between their steps (``Pause`` effects); inside a step (summarizing a span, pinning, checking the
result) the work calls :func:`point` in its loops, a turn or a sentence apart. Outside a driver's
:func:`pausing` block :func:`point` does nothing; inside, it calls the driver's hook, which returns at once when no
hot call runs and otherwise waits, so the interpreter stays with the hot call. What the hook does (how long it may
wait, so that a foreground that never rests cannot starve compaction) is the driver's (``runtime.background``).
The hook is kept per thread: a point in a hot call's own thread never waits.

    with pausing(hook):
        ... every point() on this thread calls hook() ...
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

__all__ = ["pausing", "point"]

_local = threading.local()


def point() -> None:
    """A place where the current thread's background flow may wait for the hot calls (see the module docstring)."""
    hook = getattr(_local, "hook", None)
    if hook is not None:
        hook()


@contextmanager
def pausing(hook: Callable[[], object] | None) -> Iterator[None]:
    """Call ``hook`` at every :func:`point` of this thread inside the block (None: none; the outer one is restored)."""
    previous = getattr(_local, "hook", None)
    _local.hook = hook
    try:
        yield
    finally:
        _local.hook = previous
