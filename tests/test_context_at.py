"""``Thread.context_at(seq)``: the request as it was assembled right after message ``seq`` was stored, rebuilt
with the library's own assembly (what the dashboard shows as "what the model saw at turn N")."""

from __future__ import annotations

import asyncio
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chatcompact import AsyncMemory, InvalidArgument, Memory, Policy
from chatcompact.runtime.turns import version_at
from chatcompact.types import Message, SummaryState, SummaryVersion

BUDGET = 600


def _turns(n: int) -> list[dict[str, str]]:
    out = []
    for i in range(n):
        out.append({"role": "user", "content": f"Order 88{i:03d} arrived broken; refund to IBAN DE{i:04d}, please."})
        out.append({"role": "assistant", "content": f"Noted order 88{i:03d}. " + "We will look into it. " * 6})
    return out


@pytest.fixture
def recorded() -> tuple[Memory, list[int]]:
    """A thread compacted inline as it grew, and the head version number just before each message was added."""
    mem = Memory.open("memory://", background=False, policy=Policy(budget=BUDGET), embedder="none")
    t = mem.thread("t", system="You are a support assistant.")
    heads = [0]  # heads[seq] = the head when message seq was stored (its add then compacts)
    for raw in _turns(30):
        heads.append(t.stats()["summary_version"])
        t.add(raw)
    return mem, heads


def test_each_turn_gets_the_version_that_was_current_then(recorded: tuple[Memory, list[int]]) -> None:
    mem, heads = recorded
    t = mem.thread("t")
    assert len(t.compactions()) >= 3  # the thread did compact, so older turns had older summaries
    for seq in range(1, len(heads)):
        tc = t.context_at(seq)
        assert (tc.version.version if tc.version else 0) == heads[seq], seq
        assert tc.assembled.tokens <= tc.assembled.budget == BUDGET
        shown = [m.seq for m in tc.assembled.messages if m.seq is not None]
        assert shown and shown[-1] == seq  # the tail ends at the turn itself
        assert all(m.seq > (tc.version.covered_until if tc.version else 0) for m in tc.tail)
        assert not tc.imported


def test_the_latest_turn_is_exactly_what_context_gives(recorded: tuple[Memory, list[int]]) -> None:
    mem, _ = recorded
    t = mem.thread("t")
    m = t.add({"role": "user", "content": "What was the IBAN for order 88007 again?"})  # no compaction after it
    assert t.compactions()[-1].created_at <= (m.created_at or 0)
    tc = t.context_at(m.seq or 0)
    live = t.assemble(query=m.text)
    assert [x.to_openai() for x in tc.assembled.messages] == [x.to_openai() for x in live.messages]
    assert tc.assembled.tokens == live.tokens and tc.query == m.text
    quotes = [ln for ln in tc.assembled.lines if ln.block == "quotes"]
    assert quotes and all(ln.order < (m.seq or 0) for ln in quotes)  # recalled quotes, each naming its message
    assert any(ln.block == "summary" for ln in tc.assembled.lines)


def test_recall_never_quotes_a_message_stored_after_the_turn(recorded: tuple[Memory, list[int]]) -> None:
    mem, _ = recorded
    t = mem.thread("t")
    for seq in (9, 21, 33, 45):
        tc = t.context_at(seq)
        assert tc.query and tc.query.startswith("Order 88")  # the latest user turn at or before seq
        assert all(ln.order <= seq for ln in tc.assembled.lines if ln.block == "quotes"), seq


def test_a_turn_of_an_assistant_reply_asks_with_the_user_turn_before_it(recorded: tuple[Memory, list[int]]) -> None:
    mem, _ = recorded
    t = mem.thread("t")
    tc = t.context_at(10)  # an assistant message: the query is user turn 9
    assert tc.query == t.history(8, 9)[0].text


def test_imported_history_is_flagged_and_chosen_by_coverage() -> None:
    mem = Memory.open("memory://", background=False, policy=Policy(budget=BUDGET), embedder="none")
    t = mem.thread("old")
    past = time.time() - 30 * 86400
    t.add_many(_turns(20), created_at=past)  # dated before the thread existed (it compacts as it lands)
    v = t.compact() or t.compactions()[-1]
    tc = t.context_at(v.covered_until + 1)
    assert tc.imported and tc.version is not None and tc.version.version == v.version
    assert not t.context_at(v.covered_until).version  # the version folds that turn itself: not current for it


def test_version_at_follows_commit_times_and_reverts() -> None:
    state = SummaryState(narrative="x")

    def ver(n: int, until: int, at: float, parent: int | None = None) -> SummaryVersion:
        return SummaryVersion(version=n, parent=parent, state=state, covered_from=1, covered_until=until, created_at=at)

    vs = [ver(1, 10, 100.0), ver(2, 20, 200.0, 1), ver(3, 10, 300.0, 2)]  # v3: a revert back to v1's coverage
    msg = lambda seq, at: Message(role="user", content="q", seq=seq, created_at=at)  # noqa: E731
    assert version_at(vs, msg(15, 150.0), 0.0).version == 1
    assert version_at(vs, msg(25, 250.0), 0.0).version == 2
    assert version_at(vs, msg(30, 350.0), 0.0).version == 3  # the revert was the head then
    assert version_at(vs, msg(5, 50.0), 0.0) is None
    assert version_at(vs, msg(25, 50.0), 60.0).version == 3  # imported: the newest version ending before it
    assert version_at(vs, msg(15, 50.0), 60.0).version == 3


@pytest.mark.parametrize("bad", [0, -1, 10_000, "3", True, 2.5, None])
def test_a_seq_the_thread_does_not_have_is_refused(recorded: tuple[Memory, list[int]], bad: object) -> None:
    mem, _ = recorded
    with pytest.raises(InvalidArgument, match="seq"):
        mem.thread("t").context_at(bad)  # type: ignore[arg-type]


@settings(max_examples=15, deadline=None)
@given(seq=st.integers(1, 60), budget=st.integers(200, 3000))
def test_every_reconstruction_fits_its_budget(seq: int, budget: int) -> None:
    t = _SHARED.thread("t")
    tc = t.context_at(seq, budget)
    assert tc.assembled.tokens <= budget
    assert tc.assembled.budget == budget


_SHARED = Memory.open("memory://", background=False, policy=Policy(budget=BUDGET), embedder="none")
_SHARED.thread("t", system="You are a support assistant.").add_many(_turns(30))
_SHARED.thread("t").compact()


def test_async_thread_gives_the_same_reconstruction() -> None:
    async def run() -> None:
        async with AsyncMemory.open("memory://", policy=Policy(budget=BUDGET), embedder="none") as mem:
            t = await mem.thread("a")
            await t.add_many(_turns(12))
            await t.compact()
            a = await t.context_at(20)
            b = t.sync.context_at(20)
            assert [m.to_openai() for m in a.assembled.messages] == [m.to_openai() for m in b.assembled.messages]

    asyncio.run(run())
