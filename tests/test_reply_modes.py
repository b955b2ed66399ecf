"""The summarizer reply modes (issue 20): a real HTTP server answers a real SDK client in every bad way we could list.

Whatever comes back, no bad version ever commits (every item of a committed version cites folded messages and
invents no identifier; its text is storable) and every failure is a ``compaction_failed`` event that starts the
cooldown. Each mode runs a manual compaction of a chat span (no tool calls: the work log cannot make an empty
delta non-empty here) through :class:`~chatcompact.summarizers.openai.OpenAISummarizer`; a subset runs through
the Anthropic summarizer and the async driver.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest

from chatcompact import AsyncMemory, Memory, SummarizerError
from chatcompact.core.validate import Grounding, unstorable
from chatcompact.runtime.background import Retry
from chatcompact.summarizers.anthropic import AnthropicSummarizer
from chatcompact.summarizers.openai import OpenAISummarizer
from chatcompact.testing import CountingTokenizer
from chatcompact.types import SECTIONS, SummaryVersion

from .fake_llm_server import Drip, Fail, FakeLLMServer, Raw, Reply, make_delta, truncated

pytestmark = pytest.mark.timeout(300)

CHAT = [
    {"role": "user", "content": "Hi, I'm Dupont. Order 88231 arrived broken, the box was crushed on delivery."},
    {"role": "assistant", "content": "Sorry about order 88231! I'll send the return label to dupont@example.com."},
    {"role": "user", "content": "Does the refund of 120 EUR cover the shipping costs as well?"},
    {"role": "assistant", "content": "Yes, the refund covers shipping; it reaches your card within five days."},
    {"role": "user", "content": "Great, thanks. Please keep the ticket open until it arrives."},
    {"role": "assistant", "content": "Will do: the ticket stays open until the refund has arrived."},
]
GOOD_ITEM = {"text": "User is Dupont; order 88231 arrived broken", "sources": [1], "subject": "user:name"}
GOOD = make_delta(user_facts=[GOOD_ITEM], narrative="Dupont reported order 88231 broken; a refund was agreed.")
INVENTED = {"text": "INVENTED: refund goes to evil@attacker.example", "sources": [], "subject": ""}


def _item(text: str, sources: Any, subject: Any = "") -> dict[str, Any]:
    return {"text": text, "sources": sources, "subject": subject}


def _deep(n: int) -> str:
    return '{"narrative": ' + "[" * n + "]" * n + "}"


# name -> (the step the server answers every request with, "commit" if a good version must land else "fail")
MODES: dict[str, tuple[Any, str]] = {
    # the reply is no JSON object
    "empty-content": (Reply(""), "fail"),
    "whitespace": (Reply("   \n "), "fail"),
    "prose": (Reply("I'm sorry, I can't summarise this conversation."), "fail"),
    "json-array": (Reply("[1, 2, 3]"), "fail"),
    "json-string": (Reply('"a summary"'), "fail"),
    "json-number": (Reply("5"), "fail"),
    "json-null": (Reply("null"), "fail"),
    "empty-object": (Reply("{}"), "fail"),
    "foreign-keys": (Reply({"foo": 1, "bar": [2]}), "fail"),
    "truncated-early": (Reply(truncated(GOOD, 0.15)), "fail"),
    "truncated-fragment": (Reply('{"decisions": [{"text": "Agr'), "fail"),
    "deep-nesting": (Reply(_deep(50_000)), "fail"),
    "huge-reply": (Reply(json.dumps(make_delta(narrative="x" * 2_100_000))), "fail"),
    "5000-items": (Reply(make_delta(topics=[_item(f"topic {i} " + "z" * 900, [1]) for i in range(5000)])), "fail"),
    # wrong types
    "section-not-a-list": (Reply(make_delta(decisions="refund agreed")), "fail"),
    "item-a-number": (Reply(make_delta(user_facts=[5])), "fail"),
    "text-a-list": (Reply(make_delta(decisions=[_item(["refund"], [1])])), "fail"),  # type: ignore[list-item]
    "subject-a-number": (Reply(make_delta(decisions=[_item("Refund agreed", [4], 7)])), "fail"),
    "sources-none-string": (Reply(make_delta(decisions=[_item("Refund agreed", "none")])), "fail"),
    "sources-object": (Reply(make_delta(decisions=[_item("Refund agreed", {"id": 4})])), "fail"),
    "sources-float": (Reply(make_delta(decisions=[_item("Refund agreed", [4.5])])), "fail"),
    "sources-bool": (Reply(make_delta(decisions=[_item("Refund agreed", [True])])), "fail"),
    "narrative-a-number": (Reply('{"narrative": 5}'), "fail"),
    "narrative-nan": (Reply('{"narrative": NaN, "topics": []}'), "fail"),
    "resolve-not-a-list": (Reply(make_delta(resolve="todos")), "fail"),
    "resolve-text-a-number": (Reply(make_delta(resolve=[{"section": "todos", "text": 5}])), "fail"),
    # well-formed but empty for the span (issue 20 §2)
    "resolve-matching-nothing": (Reply({"resolve": [{"section": "todos", "text": "zzz"}]}), "fail"),
    "narrative-x": (Reply({"narrative": "x"}), "fail"),
    "topic-without-sources": (Reply({"topics": ["a"]}), "fail"),
    "all-empty-sections": (Reply(make_delta()), "fail"),
    # invented provenance (issue 20 §3)
    "invented-no-sources": (Reply({"decisions": [INVENTED]}), "fail"),
    "invented-foreign-ids": (
        Reply(make_delta(decisions=[_item("Refund goes elsewhere", [999])], narrative="Ok.")),
        "fail",
    ),
    "invented-email-cited": (Reply(make_delta(decisions=[_item("Refund goes to evil@attacker.example", [4])])), "fail"),
    "invented-account-cited": (Reply(make_delta(todos=[_item("Transfer to account 666-0042", [3])])), "fail"),
    "only-surrogate-narrative": (Reply('{"narrative": "\\udfff"}'), "fail"),
    # HTTP and transport failures
    "http-429": (Fail(429, "rate limited"), "fail"),
    "http-500": (Fail(500), "fail"),
    "http-503": (Fail(503, "overloaded"), "fail"),
    "http-400": (Fail(400, "bad request"), "fail"),
    "http-401": (Fail(401, "invalid api key"), "fail"),
    "raw-html": (Raw(b"<html><body>502 Bad Gateway</body></html>", content_type="text/html"), "fail"),
    "raw-json-list": (Raw(b"[1, 2]"), "fail"),
    "raw-choices-string": (Raw(b'{"choices": "x"}'), "fail"),
    "raw-no-choices": (Raw(b'{"id": "x", "object": "chat.completion", "choices": []}'), "fail"),
    "raw-refusal": (
        Raw(
            json.dumps(
                {
                    "choices": [
                        {
                            "index": 0,
                            "message": {"role": "assistant", "content": None, "refusal": "no"},
                            "finish_reason": "stop",
                        }
                    ]
                }
            ).encode()
        ),
        "fail",
    ),
    "drip-body": (Drip(GOOD, interval=0.4), "fail"),
    "drip-headers": (Drip(GOOD, interval=0.4, phase="headers"), "fail"),
    # odd but usable: each lands, and only what is supported lands
    "fenced-with-prose": (Reply("Here you go:\n```json\n" + json.dumps(GOOD) + "\n```\nAnything else?"), "commit"),
    "truncated-late": (
        Reply(truncated(make_delta(user_facts=[GOOD_ITEM, _item("User's refund is 120 EUR", [3])]), 0.7)),
        "commit",
    ),
    "string-ids": (
        Reply(make_delta(decisions=[_item("Refund of 120 EUR agreed, shipping included", ["#3", "4"])])),
        "commit",
    ),
    "mixed-invented-and-good": (Reply(make_delta(user_facts=[GOOD_ITEM], decisions=[INVENTED])), "commit"),
    "surrogate-in-narrative": (
        Reply(make_delta(user_facts=[GOOD_ITEM], narrative="Dupont \ud800 wrote in about 88231.")),
        "commit",
    ),
    "surrogate-in-item": (Reply('{"user_facts": [{"text": "User is Dupont \\ud83d", "sources": [1]}]}'), "commit"),
    "nested-add": (
        Reply({"add": {"user_facts": [GOOD_ITEM]}, "narrative": "Dupont wrote about order 88231."}),
        "commit",
    ),
}


def _summarizer(kind: str, server: FakeLLMServer) -> Any:
    if kind == "anthropic":
        return AnthropicSummarizer("fake", base_url=server.base_url, api_key="k", timeout=1.5)
    return OpenAISummarizer("fake", base_url=server.url, api_key="k", timeout=1.5, mode="json_schema")


def _check_version(v: SummaryVersion, folded: list[Any]) -> None:
    """A committed version is a good one: supported items only, storable text."""
    span = {m.seq for m in folded}
    grounding = Grounding.of(folded)
    for name in SECTIONS:
        for item in getattr(v.state, name):
            assert item.sources and set(item.sources) <= span, (name, item)
            assert grounding.invented(item.text) is None, (name, item)
            assert unstorable(item.text) is None
    assert grounding.invented(v.state.narrative) is None and unstorable(v.state.narrative) is None
    assert "evil@attacker.example" not in v.model_dump_json()


def _run(mode: str, kind: str = "openai") -> None:
    step, expect = MODES[mode]
    with FakeLLMServer(default=step) as server:
        summ = _summarizer(kind, server)
        retry = Retry(attempts=2, base_delay=0.0, deadline=20.0)
        with Memory.open("memory://", summarizer=summ, tokenizer=CountingTokenizer(), retry=retry) as mem:
            t = mem.thread("r", system="You are a support assistant.")
            t.add_many(CHAT)
            if expect == "commit":
                v = t.compact(keep_tokens=0)
                assert v is not None
                _check_version(v, t.folded(v.version))
                assert not mem.store.events("r", "compaction_failed")
                return
            started = time.monotonic()
            with pytest.raises(SummarizerError):
                t.compact(keep_tokens=0)
            assert time.monotonic() - started < 15  # drips included: the whole call is bounded
            assert t.compactions() == [] and t.summary().is_empty()
            events = mem.store.events("r", "compaction_failed")
            assert len(events) == 1 and events[0].data["error"]
            assert t.failures and t.engine.cooldown_until > time.monotonic()  # the cooldown started
        summ.close()


@pytest.mark.parametrize("mode", list(MODES))
def test_reply_mode_openai(mode):
    _run(mode)


ANTHROPIC_MODES = [
    "prose",
    "foreign-keys",
    "sources-none-string",
    "resolve-matching-nothing",
    "narrative-x",
    "topic-without-sources",
    "invented-no-sources",
    "invented-email-cited",
    "http-429",
    "http-500",
    "drip-body",
    "mixed-invented-and-good",
    "surrogate-in-narrative",
]


@pytest.mark.parametrize("mode", ANTHROPIC_MODES)
def test_reply_mode_anthropic(mode):
    _run(mode, "anthropic")


def test_the_count_of_modes():
    assert len(MODES) >= 45 and sum(1 for _, e in MODES.values() if e == "fail") >= 45


@pytest.mark.parametrize(
    "kind, mode",
    [
        ("openai", "drip-body"),
        ("openai", "invented-no-sources"),
        ("openai", "narrative-x"),
        ("openai", "http-500"),
        ("anthropic", "drip-body"),
        ("anthropic", "invented-email-cited"),
    ],
)
def test_reply_mode_async(kind, mode):
    step, _ = MODES[mode]

    async def main() -> None:
        with FakeLLMServer(default=step) as server:
            summ = _summarizer(kind, server)
            retry = Retry(attempts=2, base_delay=0.0, deadline=20.0)
            async with AsyncMemory.open("memory://", summarizer=summ, tokenizer=CountingTokenizer(), retry=retry) as m:
                t = await m.thread("r", system="You are a support assistant.")
                await t.add_many(CHAT)
                started = time.monotonic()
                with pytest.raises(SummarizerError):
                    await t.compact(keep_tokens=0)
                assert time.monotonic() - started < 15
                assert await t.compactions() == []
                assert len(m.sync.store.events("r", "compaction_failed")) == 1

    asyncio.run(main())


def test_a_retry_deadline_stops_a_call_in_flight():
    """Retry(deadline) bounds the compaction, calls in flight included: a drip that would outlast it is cut."""
    with FakeLLMServer(default=Drip(GOOD, interval=0.5)) as server:
        summ = OpenAISummarizer("fake", base_url=server.url, api_key="k", timeout=30.0)
        retry = Retry(attempts=5, base_delay=0.0, deadline=2.0)
        with Memory.open("memory://", summarizer=summ, tokenizer=CountingTokenizer(), retry=retry) as mem:
            t = mem.thread("d")
            t.add_many(CHAT)
            started = time.monotonic()
            with pytest.raises(SummarizerError, match="timeout"):
                t.compact(keep_tokens=0)
            assert time.monotonic() - started < 6
        summ.close()


def test_a_lone_surrogate_is_repaired_and_counted():
    """Issue 20 §4: the repaired text lands (U+FFFD), the repair is in the version's usage, the version stores."""
    step, _ = MODES["surrogate-in-narrative"]
    with FakeLLMServer(default=step) as server:
        summ = _summarizer("openai", server)
        with Memory.open("memory://", summarizer=summ, tokenizer=CountingTokenizer()) as mem:
            t = mem.thread("s")
            t.add_many(CHAT)
            v = t.compact(keep_tokens=0)
            assert v is not None and "\ufffd" in v.state.narrative and "repaired_text=1" in v.meta["usage"]["mode"]
            assert mem.store.latest_version("s") == v
        summ.close()


def test_a_timeout_drops_the_http_client_only():
    """Abandoning a stuck call closes the HTTP client, never what a subclass's close() owns (a local server)."""

    class Owning(OpenAISummarizer):
        stopped = False

        def close(self) -> None:
            type(self).stopped = True
            super().close()

    with FakeLLMServer(script=[Drip(GOOD, interval=0.4)], default=Reply(GOOD)) as server:
        summ = Owning("fake", base_url=server.url, api_key="k", timeout=1.0)
        retry = Retry(attempts=2, base_delay=0.0)
        with Memory.open("memory://", summarizer=summ, tokenizer=CountingTokenizer(), retry=retry) as mem:
            t = mem.thread("o")
            t.add_many(CHAT)
            v = t.compact(keep_tokens=0)  # the drip times out, the retry gets the reply on a new client
            assert v is not None and len(server.requests) == 2 and not Owning.stopped
