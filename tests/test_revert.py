"""Part 2 of issue 5: what each compaction changed (diffs), and append-only undo (revert)."""

from __future__ import annotations

import asyncio
import json
import threading

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from chatcompact import AsyncMemory, Memory, Policy, SummaryDelta, SummaryItem, SummaryState, VersionNotFound
from chatcompact.cli import main
from chatcompact.core.merge import apply_delta, diff_states
from chatcompact.errors import VersionConflict
from chatcompact.testing import ScriptedSummarizer
from chatcompact.types import PinnedItem

pytestmark = pytest.mark.timeout(60)


def _talk(t, n, start=0):
    for i in range(start, start + n):
        t.add({"role": "user" if i % 2 == 0 else "assistant", "content": f"turn {i} " + "word " * 20})


def _mem(path, **kw):
    # a budget large enough that no trigger fires on its own: every version here is a manual one
    return Memory.open(path, summarizer=ScriptedSummarizer(), policy=Policy(budget=4000), background=False, **kw)


def test_report_records_pins_narrative_and_caps():
    p = Policy(section_caps={"topics": 2})
    delta = SummaryDelta(
        add={"topics": tuple(SummaryItem(text=f"topic {i}", sources=(i,)) for i in range(1, 4))}, narrative="Hello."
    )
    pin = PinnedItem(seq=1, kind="code", text="```x = 1```")
    state, r = apply_delta(SummaryState(), delta, p, [pin])
    # proposed and kept out by the cap in the same merge: neither added nor dropped (a truthful diff)
    assert r.added == ("topic 2", "topic 3") and r.not_kept == ("topic 1",) and r.dropped == ()
    assert r.pinned == ("```x = 1```",) and r.narrative_changed
    _, r2 = apply_delta(state, SummaryDelta(), p, [pin])
    assert r2.pinned == () and not r2.narrative_changed and not r2.added


items = st.lists(st.sampled_from(["a b", "c d", "e f", "g h", "i j"]), unique=True, max_size=5)


@settings(max_examples=40, deadline=None)
@given(items, items, st.booleans())
def test_diff_states_is_exactly_the_set_difference(old, new, pin):
    def state(texts, pinned):
        pins = (PinnedItem(seq=1, kind="code", text="keep me"),) if pinned else ()
        return SummaryState(topics=tuple(SummaryItem(text=t, sources=(1,)) for t in texts), pinned=pins)

    d = diff_states(state(old, False), state(new, pin))
    assert set(d.added) == set(new) - set(old) and set(d.removed) == set(old) - set(new)
    assert d.pinned == (("keep me",) if pin else ())
    back = diff_states(state(new, pin), state(old, False))
    assert set(back.added) == set(d.removed) and set(back.removed) == set(d.added) | set(d.pinned)


def test_revert_commits_a_new_version_and_the_tail_returns(tmp_path):
    with _mem(tmp_path / "m.db") as mem:
        t = mem.thread("r")
        _talk(t, 30)
        v1 = t.compact()
        _talk(t, 20, 30)
        v2 = t.compact()
        assert v1 and v2 and v2.covered_until > v1.covered_until
        assert [m.seq for m in t.folded(2)] == list(range(v2.covered_from, v2.covered_until + 1))
        before = t.stats()
        v3 = t.revert(1)
        assert v3 is not None and (v3.version, v3.parent, v3.trigger) == (3, 2, "revert")
        assert v3.state == v1.state and v3.covered_until == v1.covered_until and v3.meta["reverted_to"] == 1
        assert set(v3.report.removed) == {i.text for i in v2.state.topics} - {i.text for i in v1.state.topics}
        after = t.stats()
        assert after["covered_until"] == v1.covered_until and after["messages"] == before["messages"] == 50
        assert after["tail_messages"] == before["tail_messages"] + (v2.covered_until - v1.covered_until)
        assert t.summary() == v1.state and t.folded(3) == []
        assert [v.version for v in t.compactions()] == [1, 2, 3]  # nothing rewritten
        ctx = t.assemble(600)
        assert ctx.tokens <= 600
        v4 = t.compact()  # the returned messages are folded again, on top of the revert
        assert v4 is not None and v4.parent == 3 and v4.covered_from == v1.covered_until + 1
        assert t.revert(4) == v4  # already there: nothing committed
        v5 = t.revert(0)  # back to no summary at all
        assert v5.state.is_empty() and t.stats()["tail_messages"] == 50
    with _mem(tmp_path / "m.db") as mem:  # durable: a fresh process sees the reverted head
        assert mem.thread("r").stats()["covered_until"] == 0


@pytest.mark.parametrize("bad", [7, -1, "1", 1.0, True, None])
def test_revert_to_a_missing_version_names_it_and_changes_nothing(tmp_path, bad):
    with _mem(tmp_path / "m.db") as mem:
        t = mem.thread("r")
        _talk(t, 30)
        t.compact()
        with pytest.raises(VersionNotFound, match=f"no summary version {bad!r}.*versions 1-1"):
            t.revert(bad)
        with pytest.raises(VersionNotFound, match="no summary version 2"):
            t.folded(2)
        assert len(t.compactions()) == 1


class Gated(ScriptedSummarizer):
    """summarize() blocks until released: a slow model, so a revert lands while it is in flight."""

    def __init__(self):
        super().__init__()
        self.entered, self.release = threading.Event(), threading.Event()

    def summarize(self, request):
        self.entered.set()
        assert self.release.wait(20)
        return super().summarize(request)


def test_revert_during_an_in_flight_compaction_wins_and_the_compaction_replans(tmp_path):
    summ = Gated()
    summ.release.set()
    with Memory.open(tmp_path / "m.db", summarizer=summ, policy=Policy(budget=4000), background=False) as mem:
        t = mem.thread("r")
        _talk(t, 30)
        v1 = t.compact()
        _talk(t, 20, 30)
        summ.release.clear()
        summ.entered.clear()
        errors: list[BaseException] = []

        def compact():
            try:
                t.compact()
            except BaseException as exc:
                errors.append(exc)

        worker = threading.Thread(target=compact)
        worker.start()
        assert summ.entered.wait(20)
        reverted = t.revert(0)  # commits while the compaction's summarizer call is in flight
        summ.release.set()
        worker.join(20)
        assert len(errors) == 1 and isinstance(errors[0], VersionConflict)
        assert [v.trigger for v in t.compactions()] == ["manual", "revert"] and reverted.parent == v1.version
        assert t.summary().is_empty() and t.stats()["tail_messages"] == 50
        again = t.compact()  # planned again on top of the revert
        assert again is not None and again.parent == reverted.version and again.covered_from == 1


def test_async_revert(tmp_path):
    async def go():
        async with await AsyncMemory.open(
            tmp_path / "a.db", summarizer=ScriptedSummarizer(), policy=Policy(budget=4000)
        ) as mem:
            t = await mem.thread("a")
            for i in range(30):
                await t.add({"role": "user" if i % 2 == 0 else "assistant", "content": "word " * 20})
            v1 = await t.compact()
            v2 = await t.revert(0)
            assert v1 and v2 and v2.trigger == "revert" and (await t.summary()).is_empty()
            assert await t.folded(1)

    asyncio.run(go())


def test_cli_inspect_diffs_and_revert(tmp_path):
    db = str(tmp_path / "c.db")
    with _mem(db) as mem:
        t = mem.thread("c")
        _talk(t, 30)
        t.compact()
        _talk(t, 20, 30)
        t.compact()
    run = CliRunner()
    r = run.invoke(main, ["inspect", db, "c"], catch_exceptions=False)
    assert r.exit_code == 0 and "v2: folded messages" in r.output and "+ turn 1" in r.output
    r = run.invoke(main, ["revert", db, "c", "1", "--json"], catch_exceptions=False)
    d = json.loads(r.output)
    assert d["version"]["trigger"] == "revert" and d["version"]["meta"]["reverted_to"] == 1
    r = run.invoke(main, ["inspect", db, "c"], catch_exceptions=False)
    assert "v3: revert to v1" in r.output and "- removed" in r.output
    r = run.invoke(main, ["revert", db, "c", "9"])
    assert r.exit_code == 2 and "no summary version 9" in r.output
    r = run.invoke(main, ["inspect", db, "c", "--json"])
    assert json.loads(r.output)["versions"][2]["report"]["removed"]
