"""Pause points (core.pause) and the hook a Memory's background flows install (Foreground.pause_hook)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from chatcompact.core import pause
from chatcompact.runtime.background import Foreground


@contextmanager
def hot_call_elsewhere(fg: Foreground, seconds: float = 10.0) -> Iterator[None]:
    """Another thread inside a hot call of ``fg`` from the block's start, for ``seconds`` or until the block ends."""
    entered, release = threading.Event(), threading.Event()

    def hot() -> None:
        with fg:
            entered.set()
            release.wait(seconds)

    worker = threading.Thread(target=hot)
    worker.start()
    entered.wait(10)
    try:
        yield
    finally:
        release.set()
        worker.join()


def waits_of(fg: Foreground) -> list[bool]:
    """Every wait the hook of ``fg`` starts, in order: True if it ended because no hot call ran any more, False if
    it ran out (``max_wait``). The tests below count waits instead of timing them: a loaded machine stretches
    every wall-clock figure, never the number of waits."""
    waits: list[bool] = []
    real = fg.wait_quiet

    def counted(timeout: float | None = None) -> bool:
        quiet = real(timeout)
        waits.append(quiet)
        return quiet

    fg.wait_quiet = counted  # type: ignore[method-assign]
    return waits


def test_a_point_calls_the_hook_of_its_own_thread_only() -> None:
    seen: list[str] = []
    pause.point()  # no hook: nothing happens
    with pause.pausing(lambda: seen.append("outer")):
        pause.point()
        with pause.pausing(None):
            pause.point()  # suspended inside
        other = threading.Thread(target=pause.point)  # another thread has no hook
        other.start()
        other.join()
        pause.point()
    pause.point()
    assert seen == ["outer", "outer"]


def test_the_hook_waits_while_another_thread_runs_a_hot_call() -> None:
    fg = Foreground(max_wait=60.0)
    waits = waits_of(fg)
    hook = fg.pause_hook()
    with hot_call_elsewhere(fg, 0.3):
        started = time.monotonic()
        hook()  # waits for the hot call to end
        waited = time.monotonic() - started
        assert waits == [True] and not fg.busy  # it returned because the hot call had ended
    assert waited >= 0.2, waited  # a lower bound: load only lengthens a wait
    hook()  # nothing runs: returns without waiting
    assert waits == [True]


def test_the_hook_never_waits_for_a_hot_call_of_its_own_thread() -> None:
    fg = Foreground(max_wait=60.0)
    waits = waits_of(fg)
    hook = fg.pause_hook()
    with fg, fg:  # nested: counted per thread
        hook()
        assert waits == []
    assert not fg.busy and fg._threads == {}


def test_a_foreground_that_never_rests_still_leaves_the_flow_its_slices(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """After a wait that ran out (max_wait), the flow goes on for slice_s without waiting, then waits again. The
    hook reads the slice's clock through ``time.monotonic``: a clock set by the test (the waits stay real)."""
    from chatcompact.runtime import background

    now = [1000.0]
    fg = Foreground(max_wait=0.1, slice_s=0.3)
    waits = waits_of(fg)
    hook = fg.pause_hook()
    with hot_call_elsewhere(fg):
        monkeypatch.setattr(background.time, "monotonic", lambda: now[0])
        hook()  # waits max_wait, then gives up: a slice begins
        assert waits == [False]
        for _ in range(100):
            hook()  # inside the slice: no wait
        now[0] += 0.29
        hook()
        assert waits == [False]
        now[0] += 0.02  # the slice is over: the next point waits again
        hook()
        assert waits == [False, False]
        monkeypatch.undo()


def test_the_extractive_summarizer_waits_at_its_points_while_a_hot_call_runs() -> None:
    """Summarizing a span under a flow's hook: held up while another thread's hot call runs, free otherwise."""
    from chatcompact.protocols import SummaryRequest
    from chatcompact.summarizers.extractive import ExtractiveSummarizer
    from chatcompact.types import SummaryState, parse_message

    messages = tuple(
        parse_message(
            {"role": "user" if i % 2 == 0 else "assistant", "content": f"Order {1000 + i} ships to Lyon."}
        ).with_meta(i + 1, 0.0)
        for i in range(20)
    )
    request = SummaryRequest(state=SummaryState(), messages=messages)
    fg = Foreground(max_wait=60.0)
    waits = waits_of(fg)
    summarizer = ExtractiveSummarizer()
    with pause.pausing(fg.pause_hook()):
        free = summarizer.summarize(request)
    assert waits == []  # nothing ran elsewhere: no point waited
    with hot_call_elsewhere(fg, 0.4), pause.pausing(fg.pause_hook()):
        started = time.monotonic()
        held = summarizer.summarize(request)
        waited = time.monotonic() - started
    assert held == free  # the same summary, later
    assert waits == [True]  # held at its first point until the hot call ended; free after it
    assert waited >= 0.3, waited  # a lower bound: load only lengthens a wait


def test_a_memorys_background_flows_reach_pause_points(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The Memory's background compaction runs under its foreground's hook (run_flow installs it)."""
    from chatcompact import Memory, Policy

    calls: list[int] = []
    with Memory.open(f"sqlite:///{tmp_path / 'p.db'}", policy=Policy(budget=600)) as mem:
        original = mem.foreground.pause_hook

        def counted():  # type: ignore[no-untyped-def]
            hook = original()

            def wrapped() -> None:
                calls.append(threading.get_ident())
                hook()

            return wrapped

        mem.foreground.pause_hook = counted  # type: ignore[method-assign]
        t = mem.thread("t")
        for i in range(40):
            t.add({"role": "user" if i % 2 == 0 else "assistant", "content": f"Order {1000 + i} ships to Lyon. " * 6})
        assert mem.wait_idle(60)
        assert t.stats()["summary_version"] >= 1
    assert calls and threading.get_ident() not in calls  # reached, and only on the background's threads
