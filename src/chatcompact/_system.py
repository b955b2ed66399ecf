"""Facts about the machine the process runs on, read once where a module sizes its threads."""

from __future__ import annotations

import os


def usable_cores() -> int:
    """The cores this process may run on (a container's CPU set, ``taskset``), else all of the machine's."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not Linux
        return os.cpu_count() or 1
