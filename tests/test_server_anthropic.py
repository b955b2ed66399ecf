"""``/v1/messages`` with the real ``anthropic`` SDK: translated to an OpenAI upstream (the default) or
forwarded to an Anthropic-shaped one; the ``compact_20260112`` edit done by chatcompact."""

from __future__ import annotations

from pathlib import Path

import anthropic
import httpx
import pytest

from .server_support import Running, running


@pytest.fixture(params=["openai-upstream", "anthropic-upstream"])
def srv(request: pytest.FixtureRequest, tmp_path: Path):
    with running(tmp_path, budget=400, anthropic_upstream=request.param == "anthropic-upstream") as r:
        yield r


def _client(r: Running) -> anthropic.Anthropic:
    return anthropic.Anthropic(base_url=r.url, api_key="sk-ant-client", max_retries=0)


def _stored(r: Running, thread: str) -> list[dict]:
    return [
        {k: v for k, v in m.items() if k not in ("seq", "created_at")}
        for m in httpx.get(f"{r.v1}/threads/{thread}/messages").json()["messages"]
    ]


def _kind(r: Running) -> str:
    return r.upstream.requests[-1]["kind"]


def test_messages_with_memory(srv: Running) -> None:
    client = _client(srv)
    history: list[dict] = []
    for i in range(10):
        history.append({"role": "user", "content": f"note {i}: invoice INV-{500 + i} is due " + "soon " * 20})
        reply = client.messages.create(
            model="claude-x", max_tokens=100, system="Be brief.", messages=history, metadata={"user_id": "a1"}
        )
        assert reply.content[0].text == f"echo: {history[-1]['content']}"
        history.append({"role": "assistant", "content": reply.content[0].text})
    assert _stored(srv, "a1") == history
    body = srv.upstream.requests[-1]["body"]
    sent = body["messages"]
    assert len(sent) < len(history)  # the budgeted context, not the whole history
    if srv.config.anthropic_upstream:
        assert _kind(srv) == "messages" and "Be brief." in body["system"]
        got = srv.upstream.requests[-1]["headers"]
        assert "sk-ant-client" in (got.get("x-api-key") or got.get("authorization") or "")
    else:
        assert _kind(srv) == "chat" and sent[0]["role"] == "system" and "Be brief." in sent[0]["content"]


def test_streaming(srv: Running) -> None:
    client = _client(srv)
    with client.messages.stream(
        model="claude-x", max_tokens=50, messages=[{"role": "user", "content": "stream it"}], metadata={"user_id": "s"}
    ) as stream:
        text = "".join(stream.text_stream)
        final = stream.get_final_message()
    assert text == "echo: stream it" and final.stop_reason == "end_turn"
    assert _stored(srv, "s")[-1] == {"role": "assistant", "content": "echo: stream it"}


def test_upstream_error_keeps_its_status(srv: Running) -> None:
    with pytest.raises(anthropic.RateLimitError) as info:
        _client(srv).messages.create(
            model="c", max_tokens=10, messages=[{"role": "user", "content": "FAIL_429"}], metadata={"user_id": "e"}
        )
    assert info.value.status_code == 429


def test_tool_use_translated_both_ways(tmp_path: Path) -> None:
    with running(tmp_path, budget=400) as srv:
        client = _client(srv)
        tools = [
            {
                "name": "lookup",
                "description": "find",
                "input_schema": {"type": "object", "properties": {"q": {"type": "string"}}},
            }
        ]
        msgs: list = [{"role": "user", "content": "CALL_TOOL now"}]
        reply = client.messages.create(
            model="c", max_tokens=50, tools=tools, messages=msgs, metadata={"user_id": "tool"}
        )
        use = reply.content[0]
        assert (
            reply.stop_reason == "tool_use"
            and use.type == "tool_use"
            and use.name == "lookup"
            and use.input == {"q": "CALL_TOOL now"}
        )
        assert srv.upstream.requests[-1]["body"]["tools"][0]["function"]["name"] == "lookup"
        msgs += [
            {"role": "assistant", "content": [use.model_dump()]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": use.id, "content": "42"}]},
        ]
        client.messages.create(model="c", max_tokens=50, tools=tools, messages=msgs, metadata={"user_id": "tool"})
        roles = [(m["role"], m.get("tool_call_id")) for m in _stored(srv, "tool")]
        assert roles == [("user", None), ("assistant", None), ("tool", use.id), ("assistant", None)]


def test_compact_edit_returns_a_readable_compaction_block(tmp_path: Path) -> None:
    with running(tmp_path, budget=2000) as srv:
        client = _client(srv)
        history: list[dict] = []
        for i in range(6):
            history.append({"role": "user", "content": f"We decided to keep order ORD-{700 + i} on hold until Friday."})
            history.append({"role": "assistant", "content": f"Noted: ORD-{700 + i} stays on hold."})
        edits = {
            "edits": [
                {
                    "type": "compact_20260112",
                    "trigger": {"type": "input_tokens", "value": 50},
                    "pause_after_compaction": True,
                }
            ]
        }
        history.append({"role": "user", "content": "Summarise please."})
        reply = client.beta.messages.create(
            model="c",
            max_tokens=50,
            messages=history,
            metadata={"user_id": "ce"},
            context_management=edits,
            betas=["compact-2026-01-12"],
        )
        assert reply.stop_reason == "compaction" and reply.content[0].type == "compaction"
        assert "ORD-70" in reply.content[0].content  # readable, with the identifiers
        assert not [r for r in srv.upstream.requests if r["kind"] in ("chat", "messages")]  # paused: no model call
        # the client sends the block back (as the API asks); nothing is stored twice, the thread goes on
        history += [
            {"role": "assistant", "content": [reply.content[0].model_dump(exclude_none=True)]},
            {"role": "user", "content": "go on"},
        ]
        client.beta.messages.create(
            model="c", max_tokens=50, messages=history, metadata={"user_id": "ce"}, betas=["compact-2026-01-12"]
        )
        stored = _stored(srv, "ce")
        assert len(stored) == 15 and stored[-2] == {"role": "user", "content": "go on"}
        assert httpx.get(f"{srv.v1}/threads/ce/compactions").json()["compactions"]
