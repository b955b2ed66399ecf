"""AsyncMemory/AsyncThread: same API with await; compaction as an owned asyncio task."""

from __future__ import annotations

import asyncio

from chatcompact import AsyncMemory, Memory, Policy, SummarizerError
from chatcompact.runtime.background import Retry
from chatcompact.testing import ScriptedSummarizer
from chatcompact.types import SummaryDelta


class AsyncGated(ScriptedSummarizer):
    """asummarize waits on an asyncio.Event (a slow model that does not block the loop)."""

    def __init__(self) -> None:
        super().__init__(name="agated")
        self.gate: asyncio.Event | None = None
        self.calls = 0

    async def asummarize(self, request):
        self.calls += 1
        assert self.gate is not None
        await self.gate.wait()
        return self.summarize(request)


async def _talk(t, n, start=0):
    for i in range(start, start + n):
        await t.add({"role": "user" if i % 2 == 0 else "assistant", "content": f"turn {i} " + "word " * 40})


def test_async_api_mirrors_sync(tmp_path):
    async def main():
        async with await AsyncMemory.open(tmp_path / "a.db", policy=Policy(budget=500)) as mem:
            t = await mem.thread("a", system="sys")
            await _talk(t, 30)
            assert await mem.wait_idle(30)
            ctx = await t.context(500)
            assert ctx[0]["role"] == "system" and len(await t.history()) == 30
            assert await t.compactions() and not (await t.summary()).is_empty()
            assert (await t.assemble(500)).tokens <= 500

    asyncio.run(main())
    with Memory.open(tmp_path / "a.db") as mem:  # what the async driver wrote, the sync one reads
        assert len(mem.thread("a").history()) == 30


def test_async_compaction_never_blocks_the_loop(tmp_path):
    async def main():
        summ = AsyncGated()
        summ.gate = asyncio.Event()
        mem = await AsyncMemory.open(tmp_path / "b.db", summarizer=summ, policy=Policy(budget=600))
        t = await mem.thread("b", system="sys")
        await _talk(t, 14)
        for _ in range(100):  # the compaction task starts and parks on the gate
            if summ.calls:
                break
            await asyncio.sleep(0.01)
        assert summ.calls == 1
        await _talk(t, 20, start=14)  # adds proceed while the summarizer is parked
        assert await t.compactions() == [] and (await t.assemble(600)).tokens <= 600
        summ.gate.set()
        assert await mem.wait_idle(30)
        assert await t.compactions()
        await mem.close()

    asyncio.run(main())


def test_async_close_cancels_in_flight_compaction_cleanly(tmp_path):
    async def main():
        summ = AsyncGated()
        summ.gate = asyncio.Event()  # never set
        mem = await AsyncMemory.open(tmp_path / "c.db", summarizer=summ, policy=Policy(budget=600))
        t = await mem.thread("c")
        await _talk(t, 14)
        await asyncio.sleep(0.05)
        await mem.close()

    asyncio.run(main())
    with Memory.open(tmp_path / "c.db", background=False) as mem:
        t = mem.thread("c")
        assert len(t.history()) == 14 and t.compactions() == []


def test_async_manual_compact_retries_then_commits(tmp_path):
    async def main():
        flaky = SummarizerError("timeout", retryable=True)
        summ = ScriptedSummarizer([flaky, SummaryDelta(narrative="Async summary.")])
        mem = await AsyncMemory.open(tmp_path / "d.db", summarizer=summ, retry=Retry(base_delay=0.0))
        t = await mem.thread("d")
        await _talk(t, 6)
        v = await t.compact(keep_tokens=0)
        assert v is not None and v.state.narrative == "Async summary."
        await mem.close()

    asyncio.run(main())


def test_an_async_background_compaction_gives_way_to_a_hot_call(tmp_path):
    summ = ScriptedSummarizer()
    policy = Policy(budget=600)

    async def main():
        async with await AsyncMemory.open(tmp_path / "g.db", summarizer=summ, policy=policy, embedder="none") as mem:
            mem.sync.foreground.max_wait = 30.0
            t = await mem.thread("g", system="sys")
            with mem.sync.foreground:  # a hot call of another thread runs all along
                await _talk(t, 30)
                await asyncio.sleep(0.5)
                assert summ.requests == []  # the compaction waits at its first pause, before the model
            assert await mem.wait_idle(30)
            assert summ.requests and await t.compactions()

    asyncio.run(main())
