"""The OpenAI-compatible memory proxy, driven by the real ``openai`` SDK (only ``base_url`` changes)."""

from __future__ import annotations

from pathlib import Path

import httpx
import openai
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chatcompact.server import ServerConfig, create_app, replies, vendor, wire

from .fake_upstream import FakeUpstream, UvicornThread
from .server_support import Running, running


@pytest.fixture
def srv(tmp_path: Path):
    with running(tmp_path, budget=400) as r:
        yield r


def _client(r: Running, **kw) -> openai.OpenAI:
    return openai.OpenAI(base_url=r.v1, api_key="sk-client", max_retries=0, **kw)


def _stored(r: Running, thread: str) -> list[dict]:
    resp = httpx.get(f"{r.v1}/threads/{thread}/messages")
    resp.raise_for_status()
    return [{k: v for k, v in m.items() if k not in ("seq", "created_at")} for m in resp.json()["messages"]]


def _talk(client: openai.OpenAI, thread: str, turns: int, history: list | None = None, **kw) -> list[dict]:
    history = history if history is not None else [{"role": "system", "content": "You are terse."}]
    for i in range(turns):
        history.append({"role": "user", "content": f"turn {i}: the parcel number is PX-{1000 + i} " + "words " * 20})
        reply = client.chat.completions.create(model="m", messages=history, user=thread, **kw)
        history.append({"role": "assistant", "content": reply.choices[0].message.content})
    return history


def test_chat_stores_each_turn_once_and_sends_the_budgeted_context(srv: Running) -> None:
    client = _client(srv)
    history = _talk(client, "conv-1", 12)
    assert _stored(srv, "conv-1") == history[1:]  # every turn, in order, exactly once
    sent = srv.upstream.requests[-1]["body"]["messages"]
    assert sent[0]["role"] == "system" and "You are terse." in sent[0]["content"]
    assert len(sent) < len(history)  # older turns replaced by the summary
    assert sent[-1] == history[-2]  # the newest user turn goes verbatim
    ctx = httpx.get(f"{srv.v1}/threads/conv-1/context", params={"budget": 400}).json()
    assert ctx["tokens"] <= 400
    assert srv.upstream.requests[-1]["headers"]["authorization"] == "Bearer sk-client"  # --no-auth: passed through


def test_streaming_reply_is_relayed_and_stored(srv: Running) -> None:
    client = _client(srv)
    history = [{"role": "user", "content": "stream please"}]
    stream = client.chat.completions.create(model="m", messages=history, user="s1", stream=True)
    text = "".join(c.choices[0].delta.content or "" for c in stream if c.choices)
    assert text == "echo: stream please"
    assert _stored(srv, "s1") == [history[0], {"role": "assistant", "content": text}]


@pytest.mark.parametrize("stream", [False, True])
def test_tool_calls_round_trip(srv: Running, stream: bool) -> None:
    client = _client(srv)
    tools = [{"type": "function", "function": {"name": "lookup", "parameters": {"type": "object", "properties": {}}}}]
    history: list[dict] = [{"role": "user", "content": "CALL_TOOL please"}]
    kw = {"model": "m", "messages": history, "tools": tools, "extra_headers": {"X-Chatcompact-Thread": "tools"}}
    if stream:
        calls: dict[int, dict] = {}
        for chunk in client.chat.completions.create(stream=True, **kw):
            for tc in (chunk.choices[0].delta.tool_calls or []) if chunk.choices else []:
                slot = calls.setdefault(tc.index, {"id": "", "name": "", "arguments": ""})
                slot["id"] = tc.id or slot["id"]
                slot["name"] += tc.function.name or ""
                slot["arguments"] += tc.function.arguments or ""
        call = calls[0]
    else:
        msg = client.chat.completions.create(**kw).choices[0].message
        call = {
            "id": msg.tool_calls[0].id,
            "name": msg.tool_calls[0].function.name,
            "arguments": msg.tool_calls[0].function.arguments,
        }
    assert call["name"] == "lookup"
    stored = _stored(srv, "tools")
    assert stored[-1]["tool_calls"][0]["function"] == {"name": "lookup", "arguments": call["arguments"]}
    history.append(
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": call["id"], "type": "function", "function": {"name": "lookup", "arguments": call["arguments"]}}
            ],
        }
    )
    history.append({"role": "tool", "tool_call_id": call["id"], "content": "found it"})
    client.chat.completions.create(
        model="m", messages=history, tools=tools, extra_headers={"X-Chatcompact-Thread": "tools"}
    )
    assert [m["role"] for m in _stored(srv, "tools")] == ["user", "assistant", "tool", "assistant"]


@pytest.mark.parametrize(
    "status, exc", [(400, openai.BadRequestError), (429, openai.RateLimitError), (500, openai.InternalServerError)]
)
def test_upstream_errors_pass_through_with_their_status(srv: Running, status: int, exc: type) -> None:
    client = _client(srv)
    with pytest.raises(exc) as info:
        client.chat.completions.create(model="m", messages=[{"role": "user", "content": f"FAIL_{status}"}], user="e")
    assert info.value.status_code == status and "upstream says" in str(info.value)
    # the user's turn is kept; a retry of the same request does not store it again
    with pytest.raises(exc):
        client.chat.completions.create(model="m", messages=[{"role": "user", "content": f"FAIL_{status}"}], user="e")
    assert _stored(srv, "e") == [{"role": "user", "content": f"FAIL_{status}"}]


def test_retry_of_a_delivered_request_is_replayed_not_stored_twice(srv: Running) -> None:
    body = {"model": "m", "messages": [{"role": "user", "content": "hello once"}], "user": "retry"}
    first = httpx.post(f"{srv.v1}/chat/completions", json=body)
    second = httpx.post(f"{srv.v1}/chat/completions", json=body)
    assert first.json() == second.json() and second.headers["x-chatcompact-replayed"] == "true"
    assert len(_stored(srv, "retry")) == 2 and len(srv.upstream.requests) == 1
    # an explicit Idempotency-Key also covers a client that re-serialises the body differently
    keyed = {**body, "messages": [{"role": "user", "content": "again"}]}
    for extra in ({}, {"temperature": 0.5}):
        httpx.post(f"{srv.v1}/chat/completions", json={**keyed, **extra}, headers={"Idempotency-Key": "k-1"})
    assert len(_stored(srv, "retry")) == 4 and len(srv.upstream.requests) == 2


def test_thread_from_metadata_and_from_the_first_turn(srv: Running) -> None:
    client = _client(srv)
    client.chat.completions.create(
        model="m", messages=[{"role": "user", "content": "meta"}], metadata={"thread_id": "from-meta"}, store=False
    )
    assert len(_stored(srv, "from-meta")) == 2
    first = [{"role": "user", "content": "anonymous first turn"}]
    r1 = client.chat.completions.create(model="m", messages=first)
    follow = [
        *first,
        {"role": "assistant", "content": r1.choices[0].message.content},
        {"role": "user", "content": "second"},
    ]
    client.chat.completions.create(model="m", messages=follow)
    auto = wire.auto_thread_id(None, [wire.canonical(first[0])])
    assert [m["content"] for m in _stored(srv, auto)] == [
        "anonymous first turn",
        "echo: anonymous first turn",
        "second",
        "echo: second",
    ]


def test_bad_requests_are_clear_400s(srv: Running) -> None:
    r = httpx.post(f"{srv.v1}/chat/completions", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and "JSON" in r.json()["error"]["message"]
    r = httpx.post(f"{srv.v1}/chat/completions", json={"model": "m", "messages": [{"role": "wizard", "content": "x"}]})
    assert r.status_code == 400 and "role" in r.json()["error"]["message"]
    r = httpx.post(f"{srv.v1}/chat/completions", json={"model": "m"})
    assert r.status_code == 400


def test_unreachable_upstream_is_a_502(tmp_path: Path) -> None:
    with running(tmp_path, budget=400) as r:
        r.app.state.service.config.upstream = "http://127.0.0.1:9/v1"
        resp = httpx.post(
            f"{r.v1}/chat/completions", json={"model": "m", "messages": [{"role": "user", "content": "x"}], "user": "u"}
        )
        assert resp.status_code == 502 and "upstream unreachable" in resp.json()["error"]["message"]


# ---------------------------------------------------------------- Responses API
@pytest.mark.parametrize("stream", [False, True])
def test_responses_api_proxied_with_memory(srv: Running, stream: bool) -> None:
    client = _client(srv)
    thread = f"resp-{stream}"
    kw = {"model": "m", "instructions": "Be brief.", "extra_headers": {"X-Chatcompact-Thread": thread}}
    if stream:
        events = list(client.responses.create(input="first question", stream=True, **kw))
        text = events[-1].response.output_text
    else:
        text = client.responses.create(input="first question", **kw).output_text
    assert text == "echo: first question"
    client.responses.create(input=[{"role": "user", "content": "second question"}], **kw)
    assert [m["content"] for m in _stored(srv, thread)] == [
        "first question",
        text,
        "second question",
        "echo: second question",
    ]
    sent = srv.upstream.requests[-1]["body"]["input"]
    assert sent[0]["role"] == "system" and "Be brief." in sent[0]["content"]
    assert sent[-1] == {"type": "message", "role": "user", "content": "second question"}


def test_responses_compact_returns_openais_shape_with_a_readable_token(srv: Running) -> None:
    client = _client(srv)
    history = _talk(client, "cmp", 8)
    items = [{"role": m["role"], "content": m["content"]} for m in history[1:]]
    compacted = client.responses.compact(model="m", input=items, extra_headers={"X-Chatcompact-Thread": "cmp"})
    assert compacted.object == "response.compaction"
    assert [o.type for o in compacted.output][-1] == "compaction"
    assert [o.type for o in compacted.output[:-1]] == ["message"] * 8  # every user message, then the item
    token = vendor.read_token(compacted.output[-1].encrypted_content)
    assert token is not None and token["thread"] == "cmp" and token["version"] >= 1
    assert "PX-10" in token["summary"]  # readable: the identifiers the summary kept
    assert len(_stored(srv, "cmp")) == 16  # compaction stored nothing twice
    # the compaction item alone names the thread on the next request
    follow = [compacted.output[-1].model_dump(exclude_none=True), {"role": "user", "content": "and now?"}]
    client.responses.create(model="m", input=follow)
    assert _stored(srv, "cmp")[-2:] == [
        {"role": "user", "content": "and now?"},
        {"role": "assistant", "content": "echo: and now?"},
    ]


def test_responses_context_management_compacts_past_the_threshold(srv: Running) -> None:
    client = _client(srv)
    kw = {
        "model": "m",
        "extra_headers": {"X-Chatcompact-Thread": "cm"},
        "extra_body": {"context_management": [{"type": "compaction", "compact_threshold": 30}]},
    }
    for i in range(3):
        client.responses.create(
            input=[{"role": "user", "content": f"We decided to ship release R-{i} on Friday."}], **kw
        )
    versions = httpx.get(f"{srv.v1}/threads/cm/compactions").json()["compactions"]
    assert versions and versions[0]["trigger"] == "manual"
    assert "context_management" not in srv.upstream.requests[-1]["body"]  # ours, not forwarded


# ---------------------------------------------------------------- pure helpers
_msg = st.builds(
    lambda role, text: {"role": role, "content": text},
    st.sampled_from(["user", "assistant"]),
    st.sampled_from(["a", "b", "c", "hello", ""]),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(_msg, max_size=25), st.lists(_msg, max_size=25))
def test_resending_a_request_after_storing_it_stores_nothing(stored: list, incoming: list) -> None:
    fresh = wire.new_messages(stored, incoming)
    assert incoming[len(incoming) - len(fresh) :] == fresh  # always a suffix of what was sent
    assert wire.new_messages(stored + fresh, incoming) == []


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 30), st.integers(1, 5))
def test_a_full_history_client_stores_exactly_its_new_turns(old: int, new: int) -> None:
    history = [{"role": "user" if i % 2 == 0 else "assistant", "content": f"m{i}"} for i in range(old + new)]
    assert wire.new_messages(history[:old], history) == history[old:]


def test_chat_stream_accumulates_split_events() -> None:
    acc = replies.ChatStream(10**6)
    raw = (
        b'data: {"choices":[{"index":0,"delta":{"content":"he"}}]}\n\n'
        b'data: {"choices":[{"index":0,"delta":{"content":"llo","tool_calls":[{"index":0,"id":"c1",'
        b'"function":{"name":"f","arguments":"{\\"a\\""}}]}}]}\n\n'
        b'data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":": 1}"}}]}}]}\n\n'
        b"data: [DONE]\n\n"
    )
    events = replies.SSEEvents()
    ends = [acc.event(e) for i in range(0, len(raw), 7) for e in events.feed(raw[i : i + 7])]
    assert ends == [False, False, False, True]  # [DONE] ends the stream
    assert acc.message() == {
        "role": "assistant",
        "content": "hello",
        "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": '{"a": 1}'}}],
    }


def test_proxy_on_postgres(pg_url: str, tmp_path: Path) -> None:
    """The same proxy on the real Postgres store (``--store postgresql://...``)."""
    up = FakeUpstream()
    with UvicornThread(up.app) as u:
        cfg = ServerConfig(store=pg_url, upstream=u.url + "/v1", auth=False, keys_path=str(tmp_path / "k.json"))
        with UvicornThread(create_app(cfg)) as s:
            client = openai.OpenAI(base_url=s.url + "/v1", api_key="x", max_retries=0)
            history = [{"role": "user", "content": "hello postgres"}]
            reply = client.chat.completions.create(model="m", messages=history, user="pg")
            history += [
                {"role": "assistant", "content": reply.choices[0].message.content},
                {"role": "user", "content": "again"},
            ]
            client.chat.completions.create(model="m", messages=history, user="pg")
            got = httpx.get(f"{s.url}/v1/threads/pg/messages").json()["messages"]
            assert [m["content"] for m in got] == ["hello postgres", "echo: hello postgres", "again", "echo: again"]


# ---------------------------------------------------------------- sizes (issue 18 §3): as the library
def _library_takes_big_tool_outputs() -> bool:
    from chatcompact import Memory

    with Memory.open("memory://", background=False) as mem:
        t = mem.thread("probe")
        call = {"id": "c1", "type": "function", "function": {"name": "bash", "arguments": "{}"}}
        t.add_many(
            [{"role": "user", "content": "run it"}, {"role": "assistant", "content": None, "tool_calls": [call]}]
        )
        try:
            t.add({"role": "tool", "tool_call_id": "c1", "content": "x" * (mem.policy.max_message_chars + 1)})
        except Exception:
            return False
    return True


def test_a_tool_output_of_any_size_within_the_body_limit_is_accepted(tmp_path: Path) -> None:
    if not _library_takes_big_tool_outputs():
        pytest.skip("Thread.add still refuses tool outputs above Policy.max_message_chars (issue 18 §3, library side)")
    with running(tmp_path, budget=2000, max_body=8 * 1024 * 1024) as r:
        call = {"id": "c1", "type": "function", "function": {"name": "bash", "arguments": '{"cmd": "cat big.log"}'}}
        history = [
            {"role": "user", "content": "show me the log"},
            {"role": "assistant", "content": None, "tool_calls": [call]},
            {"role": "tool", "tool_call_id": "c1", "content": "log line\n" * 150_000},  # 1.35 M characters
        ]
        resp = httpx.post(
            f"{r.v1}/chat/completions", json={"model": "m", "messages": history, "user": "big"}, timeout=120
        )
        assert resp.status_code == 200, resp.text[:300]
        assert len(_stored(r, "big")[2]["content"]) == 1_350_000  # stored in full


def test_serve_limits_are_options(tmp_path: Path) -> None:
    big = {"model": "m", "messages": [{"role": "user", "content": "y" * 300_000}], "user": "limits"}
    with running(tmp_path / "a", budget=400, max_message_chars=200_000) as r:
        resp = httpx.post(f"{r.v1}/chat/completions", json=big, timeout=60)
        assert resp.status_code == 400 and "200,000" in resp.json()["error"]["message"]
    with running(tmp_path / "b", budget=400, max_message_chars=500_000, max_body=200_000) as r:
        resp = httpx.post(f"{r.v1}/chat/completions", json=big, timeout=60)
        assert resp.status_code == 413 and "200000 bytes" in resp.json()["error"]["message"]
    with running(tmp_path / "c", budget=200_000, max_message_chars=500_000) as r:  # the whole turn fits
        assert httpx.post(f"{r.v1}/chat/completions", json=big, timeout=60).status_code == 200
        assert len(_stored(r, "limits")[0]["content"]) == 300_000
