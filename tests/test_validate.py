"""A bad summary never lands: schema, provenance and size checks before anything commits (issue 13 §1)."""

from __future__ import annotations

import json

import pytest

from chatcompact import Memory, Policy, SummarizerError
from chatcompact.core import merge
from chatcompact.core.validate import check_delta, delta_problems, max_chars, max_items
from chatcompact.errors import InvalidSummary
from chatcompact.runtime.background import Retry
from chatcompact.summarizers.openai import OpenAISummarizer
from chatcompact.testing import CountingTokenizer, ScriptedSummarizer
from chatcompact.types import Message, SummaryDelta, SummaryItem, SummaryState

from .fake_llm_server import FakeLLMServer, make_delta

pytestmark = pytest.mark.timeout(120)

SPAN = [
    Message(role="user", content="Hi, I'm Dupont and my order 88231 arrived broken yesterday.", seq=1),
    Message(role="assistant", content="Sorry to hear that! I'll send the return label today.", seq=2),
]


def _item(text: str, *sources: int) -> SummaryItem:
    return SummaryItem(text=text, sources=sources)


def test_good_delta_passes():
    delta = SummaryDelta(add={"user_facts": (_item("User is Dupont", 1),)}, narrative="Dupont wrote.")
    assert check_delta(delta, SPAN, Policy(), "s") is delta


def test_empty_delta_for_real_content_is_refused_but_fine_for_chit_chat():
    with pytest.raises(InvalidSummary, match="empty delta"):
        check_delta(SummaryDelta(), SPAN, Policy(), "s")
    chit = [Message(role="user", content="ok", seq=1), Message(role="assistant", content="thanks!", seq=2)]
    assert check_delta(SummaryDelta(), chit, Policy(), "s") == SummaryDelta()


def test_foreign_sources_wrong_type_and_size_bounds():
    foreign = SummaryDelta(add={"decisions": (_item("Invented", 99),)})
    assert any("outside the folded span" in p for p in delta_problems(foreign, SPAN, Policy()))
    assert delta_problems({"decisions": []}, SPAN, Policy()) == ["expected a SummaryDelta, got dict"]
    p = Policy()
    many = SummaryDelta(add={"topics": tuple(_item(f"topic {i}", 1) for i in range(max_items(p, "topics") + 1))})
    assert any("more than the bound" in x for x in delta_problems(many, SPAN, p))
    huge = SummaryDelta(narrative="x" * (max_chars(p) + 1))
    assert any("characters" in x for x in delta_problems(huge, SPAN, p))


def test_merge_is_bounded_and_near_linear_on_a_5000_item_5mb_delta(monkeypatch):
    """The merge itself (without validation in front) takes a 5,000-item, 5 MB delta in O(n log n):
    normalise runs a bounded number of times per item and the result respects the caps."""
    calls = {"n": 0}
    real = merge.normalise

    def counting(text: str) -> str:
        calls["n"] += 1
        return real(text)

    monkeypatch.setattr(merge, "normalise", counting)
    items = tuple(_item(f"fact number {i} " + "y" * 1000, i % 7 + 1) for i in range(5000))
    delta = SummaryDelta(add={"user_facts": items})
    assert sum(len(i.text) for i in items) > 5_000_000
    p = Policy()
    state, report = merge.apply_delta(SummaryState(), delta, p)
    assert calls["n"] <= 3 * len(items)  # the old merge compared every item with every kept one: ~n^2/2
    assert len(state.user_facts) <= p.section_caps["user_facts"]
    assert all(len(i.text) <= p.item_max_chars for i in state.user_facts)
    assert len(report.added) == 5000


def test_merge_keeps_its_semantics():
    p = Policy()
    state, _ = merge.apply_delta(
        SummaryState(),
        SummaryDelta(add={"user_facts": (SummaryItem(text="Email is a@x.fr", sources=(1,), subject="email"),)}),
        p,
    )
    state, report = merge.apply_delta(
        state,
        SummaryDelta(
            add={
                "user_facts": (
                    SummaryItem(text="email is A@X.FR!", sources=(2,)),  # duplicate: refreshes, sources merged
                    SummaryItem(text="Email is b@y.fr", sources=(3,), subject="email"),  # supersedes
                )
            }
        ),
        p,
    )
    assert [i.text for i in state.user_facts] == ["Email is b@y.fr"]
    assert report.duplicates == 1 and report.superseded == ("Email is a@x.fr",)


# ---------------------------------------------------------------- through a thread


def _thread(mem: Memory, n: int = 6):
    t = mem.thread("v", system="s")
    for i in range(n):
        t.add({"role": "user", "content": f"My order number {1000 + i} arrived broken, please help me out."})
        t.add({"role": "assistant", "content": f"Sorry about order {1000 + i}; a return label is on its way."})
    return t


@pytest.mark.parametrize(
    "bad",
    [
        SummaryDelta(),
        SummaryDelta(add={"decisions": (_item("Invented decision", 999),)}),
        SummaryDelta(add={"topics": tuple(_item(f"t{i}", 1) for i in range(5000))}),
    ],
    ids=["empty", "foreign", "oversize"],
)
def test_a_bad_delta_is_a_failed_compaction_with_an_event(bad):
    with Memory.open("memory://", summarizer=ScriptedSummarizer([bad]), tokenizer=CountingTokenizer()) as mem:
        t = _thread(mem)
        with pytest.raises(InvalidSummary) as err:
            t.compact(keep_tokens=0)
        assert err.value.retryable
        assert t.compactions() == [] and t.summary().is_empty()
        events = mem.store.events("v", "compaction_failed")
        assert len(events) == 1 and "invalid delta" in events[0].data["error"]


BAD_REPLIES = {
    "foreign-schema": {"foo": 1},
    "empty-object": {},
    "not-a-list": make_delta(decisions="not a list"),
    "number-item": make_delta(user_facts=[5]),
    "all-foreign": make_delta(decisions=[{"text": "Invented", "sources": [77], "subject": ""}], narrative="A story."),
    "truncated-fragment": '{"decisions": [{"text": "Agr',
}


@pytest.mark.parametrize("name", list(BAD_REPLIES))
def test_bad_provider_replies_never_commit(name):
    reply = BAD_REPLIES[name]
    content = reply if isinstance(reply, str) else json.dumps(reply)
    with FakeLLMServer(default=content) as server:
        summ = OpenAISummarizer("fake", base_url=server.url, api_key="k")
        retry = Retry(attempts=2, base_delay=0.0)
        with Memory.open("memory://", summarizer=summ, tokenizer=CountingTokenizer(), retry=retry) as mem:
            t = _thread(mem)
            with pytest.raises(SummarizerError):
                t.compact(keep_tokens=0)
            assert t.compactions() == [] and t.summary().is_empty()
            assert len(mem.store.events("v", "compaction_failed")) == 1
            # Refused by the summarizer: retried at once (the reply may come right the next time). Refused by
            # the core's check (a truncated reply repaired to an empty delta): retried after the cooldown.
            assert len(server.requests) == (1 if name == "truncated-fragment" else 2)


def test_a_5mb_provider_reply_is_refused_without_merging():
    items = [{"text": f"fact {i} " + "z" * 1000, "sources": [1], "subject": ""} for i in range(5000)]
    content = json.dumps(make_delta(user_facts=items))
    assert len(content) > 5_000_000
    with FakeLLMServer(default=content) as server:
        summ = OpenAISummarizer("fake", base_url=server.url, api_key="k")
        with Memory.open("memory://", summarizer=summ, retry=Retry(attempts=1), tokenizer=CountingTokenizer()) as mem:
            t = _thread(mem)
            with pytest.raises(InvalidSummary, match="more than the bound"):
                t.compact(keep_tokens=0)
            assert t.compactions() == []


def test_retry_deadline_stops_retrying():
    clock = {"t": 0.0}
    calls = []

    def fn():
        calls.append(1)
        raise SummarizerError("down", retryable=True)

    retry = Retry(attempts=10, base_delay=5.0, max_delay=5.0, deadline=0.01)
    with pytest.raises(SummarizerError):
        retry.call(fn, sleep=lambda s: clock.__setitem__("t", clock["t"] + s))
    assert len(calls) == 1  # the first pause would pass the deadline: the failure shows at once
    assert Retry().deadline == 60.0
    with pytest.raises(Exception, match="deadline"):
        Retry(deadline=float("nan"))


def test_llm_summarizers_have_a_bounded_default_timeout():
    assert OpenAISummarizer("m", api_key="k").timeout <= 30.0
