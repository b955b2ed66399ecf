"""Never a 500 (issue 20 §8, §9): malformed requests are 4xx in the vendor's error shape; an upstream reply the
proxy cannot read or store is a 502 (or, in a stream, an error event the SDKs raise on), never a silent 200."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anthropic
import httpx
import openai
import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

from chatcompact.server import ServerConfig, create_app

from . import fuzz_cases as fc
from .fake_upstream import UvicornThread
from .server_support import Running, running


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    with running(tmp_path_factory.mktemp("malformed"), budget=400) as r:
        made = httpx.post(f"{r.v1}/threads/fz/messages", json={"messages": [{"role": "user", "content": "hello"}]})
        assert made.status_code == 201
        yield r


def _error_shape(path: str, resp: httpx.Response) -> bool:
    body = resp.json()
    if path.startswith("/v1/messages"):
        return body["type"] == "error" and isinstance(body["error"]["message"], str)
    return isinstance(body["error"]["message"], str)


@pytest.mark.parametrize(
    "name, method, path, body, headers", fc.MALFORMED_REQUESTS, ids=[c[0] for c in fc.MALFORMED_REQUESTS]
)
def test_malformed_request_is_a_clear_4xx(srv: Running, name: str, method: str, path: str, body: Any, headers) -> None:
    resp = fc.send_malformed(srv.url, method, path, body, headers)
    assert 400 <= resp.status_code < 500, (name, resp.status_code, resp.text[:300])
    assert _error_shape(path, resp), resp.text[:300]
    assert httpx.get(f"{srv.v1}/threads/fz/messages").json()["messages"][0]["content"] == "hello"  # nothing lost


def test_the_corpus_is_large_enough() -> None:
    assert len(fc.MALFORMED_REQUESTS) >= 59


# ---------------------------------------------------------------- upstream replies that cannot be stored
class Scripted:
    """An upstream that answers every request with the body (and content type) it was told to."""

    def __init__(self) -> None:
        self.body: bytes = b"{}"
        self.media = "application/json"
        self.app = Starlette(routes=[Route("/{path:path}", self.answer, methods=["POST"])])

    async def answer(self, request: Request) -> Response:
        await request.body()
        if self.media == "text/event-stream":
            data = self.body
            return StreamingResponse(
                iter([data[i : i + 4096] for i in range(0, len(data), 4096)]), media_type=self.media
            )
        return Response(self.body, media_type=self.media)


@pytest.fixture(scope="module")
def bad(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Scripted]]:
    up = Scripted()
    tmp = tmp_path_factory.mktemp("bad-upstream")
    with UvicornThread(up.app) as u:
        cfg = ServerConfig(store=str(tmp / "m.db"), upstream=u.url + "/v1", auth=False, keys_path=str(tmp / "k.json"))
        with UvicornThread(create_app(cfg)) as s:
            yield s.url, up


def _chunk(choice: Any) -> bytes:
    return (
        b"data: " + json.dumps({"id": "x", "object": "chat.completion.chunk", "choices": [choice]}).encode() + b"\n\n"
    )


_OK_CHUNK = _chunk({"index": 0, "delta": {"content": "partial "}})
BAD_BODIES = {
    "not-json": b"<html>oops</html>",
    "a-list": b"[1, 2]",
    "choices-text": b'{"choices": "x"}',
    "choice-int": b'{"choices": [5]}',
    "message-int": b'{"choices": [{"message": 5}]}',
    "content-int": b'{"choices": [{"message": {"role": "assistant", "content": 5}}]}',
    "tool-calls-int": b'{"choices": [{"message": {"role": "assistant", "content": null, "tool_calls": 5}}]}',
    "lone-surrogate": b'{"choices": [{"message": {"role": "assistant", "content": "\\ud800"}}]}',
}
# A reply of any size is a valid reply: assistant turns have no size limit (only user text does), so it is stored.
HUGE_BODY = json.dumps({"choices": [{"message": {"role": "assistant", "content": "y" * 5_000_000}}]}).encode()
HUGE_STREAM = (
    b"".join(_chunk({"index": 0, "delta": {"content": "z" * 100_000}}) for _ in range(50)) + b"data: [DONE]\n\n"
)
BAD_STREAMS = {
    "data-list": _OK_CHUNK + b"data: [1,2]\n\ndata: [DONE]\n\n",
    "choices-text": _OK_CHUNK + b'data: {"choices":"x"}\n\ndata: [DONE]\n\n',
    "index-text": _OK_CHUNK + _chunk({"index": "abc", "delta": {"content": "x"}}) + b"data: [DONE]\n\n",
    "lone-surrogate": _OK_CHUNK + b'data: {"choices":[{"index":0,"delta":{"content":"\\ud800"}}]}\n\ndata: [DONE]\n\n',
}


def _stored(base: str, thread: str) -> list[dict[str, Any]]:
    return httpx.get(f"{base}/v1/threads/{thread}/messages").json()["messages"]


@pytest.mark.parametrize("case", list(BAD_BODIES))
def test_an_unreadable_reply_is_a_502_and_only_the_user_turn_is_kept(bad, case: str) -> None:
    base, up = bad
    up.body, up.media = BAD_BODIES[case], "application/json"
    thread = f"body-{case}"
    body = {"model": "m", "messages": [{"role": "user", "content": "hi"}], "user": thread}
    resp = httpx.post(f"{base}/v1/chat/completions", json=body, timeout=60)
    assert resp.status_code == 502, resp.text[:300]
    assert "upstream" in resp.json()["error"]["message"]
    assert [m["role"] for m in _stored(base, thread)] == ["user"]


@pytest.mark.parametrize("case", ["not-json", "a-list", "choices-text", "content-int"])
def test_an_unreadable_reply_on_v1_messages_is_a_502_in_anthropics_shape(bad, case: str) -> None:
    base, up = bad
    up.body, up.media = BAD_BODIES[case], "application/json"
    client = anthropic.Anthropic(base_url=base, api_key="x", max_retries=0)
    with pytest.raises(anthropic.APIStatusError) as info:
        client.messages.create(
            model="c", max_tokens=5, messages=[{"role": "user", "content": "hi"}], metadata={"user_id": f"a-{case}"}
        )
    assert info.value.status_code == 502
    assert [m["role"] for m in _stored(base, f"a-{case}")] == ["user"]


@pytest.mark.parametrize("case", list(BAD_STREAMS))
def test_a_bad_stream_ends_in_an_error_the_sdk_raises(bad, case: str) -> None:
    base, up = bad
    up.body, up.media = BAD_STREAMS[case], "text/event-stream"
    thread = f"stream-{case}"
    client = openai.OpenAI(base_url=base + "/v1", api_key="x", max_retries=0)
    with pytest.raises(openai.APIError, match="upstream"):
        for _ in client.chat.completions.create(
            model="m", messages=[{"role": "user", "content": "hi"}], user=thread, stream=True
        ):
            pass
    assert [m["role"] for m in _stored(base, thread)] == ["user"]


def test_a_five_megabyte_reply_is_stored_whole(bad) -> None:
    """Issue 20 §9: either the reply is stored or the client sees the error; a 5 MB reply is valid, so stored."""
    base, up = bad
    up.body, up.media = HUGE_BODY, "application/json"
    body = {"model": "m", "messages": [{"role": "user", "content": "hi"}], "user": "huge-body"}
    resp = httpx.post(f"{base}/v1/chat/completions", json=body, timeout=60)
    assert resp.status_code == 200
    stored = _stored(base, "huge-body")
    assert [m["role"] for m in stored] == ["user", "assistant"] and len(stored[1]["content"]) == 5_000_000
    up.body, up.media = HUGE_STREAM, "text/event-stream"
    client = openai.OpenAI(base_url=base + "/v1", api_key="x", max_retries=0)
    text = "".join(
        c.choices[0].delta.content or ""
        for c in client.chat.completions.create(
            model="m", messages=[{"role": "user", "content": "hi"}], user="huge-stream", stream=True
        )
        if c.choices
    )
    assert len(text) == 5_000_000
    assert [len(m["content"]) for m in _stored(base, "huge-stream")] == [2, 5_000_000]


def test_a_good_stream_after_bad_ones_is_stored(bad) -> None:
    base, up = bad
    up.body, up.media = _OK_CHUNK + b"data: [DONE]\n\n", "text/event-stream"
    client = openai.OpenAI(base_url=base + "/v1", api_key="x", max_retries=0)
    chunks = list(
        client.chat.completions.create(
            model="m", messages=[{"role": "user", "content": "hi"}], user="good", stream=True
        )
    )
    assert "".join(c.choices[0].delta.content or "" for c in chunks if c.choices) == "partial "
    assert [m["content"] for m in _stored(base, "good")] == ["hi", "partial "]


def test_body_timeout_is_a_408(tmp_path: Path) -> None:
    import socket
    import time

    with running(tmp_path, body_timeout=0.5) as r:
        host, port = r.url.removeprefix("http://").split(":")
        with socket.create_connection((host, int(port))) as sock:
            sock.sendall(
                b"POST /v1/threads/t/messages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                b"Content-Length: 100\r\n\r\n{"
            )
            started = time.monotonic()
            sock.settimeout(10)
            answer = sock.recv(4096)
        assert answer.startswith(b"HTTP/1.1 408") and time.monotonic() - started < 5


# ---------------------------------------------------------------- slow clients (issue 20 §10)
@pytest.fixture
def timed(tmp_path: Path) -> Iterator[tuple[str, int]]:
    """chatcompact as ``serve`` runs it (its uvicorn config: the header timeout), header timeout 1 s."""
    import threading
    import time

    import uvicorn

    from chatcompact.server import uvicorn_config

    from .fake_upstream import _free_port

    port = _free_port()
    cfg = ServerConfig(store=str(tmp_path / "m.db"), auth=False, keys_path=str(tmp_path / "k.json"), header_timeout=1.0)
    server = uvicorn.Server(uvicorn_config(cfg, "127.0.0.1", port, "warning", access_log=False))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield "127.0.0.1", port
    server.should_exit = True
    thread.join(30)


def test_slow_header_clients_are_dropped(timed: tuple[str, int]) -> None:
    import socket
    import time

    host, port = timed
    socks = [socket.create_connection((host, port)) for _ in range(100)]
    for i, s in enumerate(socks):
        s.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n" if i % 2 else b"")  # half silent, half mid-headers
        s.settimeout(10)
    started = time.monotonic()
    closed = sum(1 for s in socks if s.recv(100) == b"")  # EOF: the server closed the connection
    assert closed == 100 and time.monotonic() - started < 8
    for s in socks:
        s.close()
    assert httpx.get(f"http://{host}:{port}/health").json() == {"ok": True}  # the server itself is fine


def test_keep_alive_between_requests_is_not_cut_by_the_header_timeout(timed: tuple[str, int]) -> None:
    import socket
    import time

    host, port = timed
    with socket.create_connection((host, port)) as s:
        s.settimeout(10)
        for _ in range(2):
            s.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
            assert s.recv(4096).startswith(b"HTTP/1.1 200")
            time.sleep(2.0)  # idle past the header timeout: the same connection still takes the next request


@pytest.fixture(scope="module")
def bad_anthropic(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Scripted]]:
    """The proxy in front of a scripted upstream that speaks Anthropic (``--anthropic-upstream``)."""
    up = Scripted()
    tmp = tmp_path_factory.mktemp("bad-anthropic")
    with UvicornThread(up.app) as u:
        cfg = ServerConfig(
            store=str(tmp / "m.db"),
            upstream=u.url + "/v1",
            anthropic_upstream=u.url,
            auth=False,
            keys_path=str(tmp / "k.json"),
        )
        with UvicornThread(create_app(cfg)) as s:
            yield s.url, up


_EVENT = b"event: %s\ndata: %s\n\n"
_START = json.dumps(
    {
        "type": "message_start",
        "message": {"id": "m", "type": "message", "role": "assistant", "content": [], "model": "c", "usage": {}},
    }
).encode()
ANTHROPIC_BAD = {
    "not-json": (b"nope", "application/json"),
    "content-int": (b'{"type": "message", "role": "assistant", "content": 5}', "application/json"),
    "block-text-int": (b'{"content": [{"type": "text", "text": 5}]}', "application/json"),
    "stream-delta-int": (
        _EVENT % (b"message_start", _START)
        + _EVENT
        % (
            b"content_block_start",
            b'{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}',
        )
        + _EVENT
        % (b"content_block_delta", b'{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":5}}')
        + _EVENT % (b"message_stop", b'{"type":"message_stop"}'),
        "text/event-stream",
    ),
}


@pytest.mark.parametrize("case", list(ANTHROPIC_BAD))
def test_an_unreadable_anthropic_reply_is_an_error_the_sdk_raises(bad_anthropic, case: str) -> None:
    base, up = bad_anthropic
    up.body, up.media = ANTHROPIC_BAD[case]
    client = anthropic.Anthropic(base_url=base, api_key="x", max_retries=0)
    kw = {"model": "c", "max_tokens": 5, "messages": [{"role": "user", "content": "hi"}]}
    with pytest.raises(anthropic.APIError):
        if up.media == "text/event-stream":
            with client.messages.stream(**kw, metadata={"user_id": f"as-{case}"}) as stream:
                stream.get_final_message()
        else:
            client.messages.create(**kw, metadata={"user_id": f"as-{case}"})
    assert [m["role"] for m in _stored(base, f"as-{case}")] == ["user"]


RESPONSES_BAD = {
    "output-int": (b'{"object": "response", "output": 5}', "application/json"),
    "output-item-int": (b'{"object": "response", "output": [5]}', "application/json"),
    "stream-failed": (
        _EVENT % (b"response.created", b'{"type":"response.created","response":{"output":[]}}')
        + _EVENT % (b"response.failed", b'{"type":"response.failed","response":{"error":{"message":"boom"}}}'),
        "text/event-stream",
    ),
    "stream-output-text-int": (
        _EVENT
        % (
            b"response.completed",
            b'{"type":"response.completed","response":{"output":[{"type":"message","content":[{"text":5}]}]}}',
        ),
        "text/event-stream",
    ),
}


@pytest.mark.parametrize("case", list(RESPONSES_BAD))
def test_an_unreadable_responses_reply_is_an_error_the_sdk_raises(bad, case: str) -> None:
    base, up = bad
    up.body, up.media = RESPONSES_BAD[case]
    client = openai.OpenAI(base_url=base + "/v1", api_key="x", max_retries=0)
    thread = f"rs-{case}"
    with pytest.raises(openai.APIError):
        if up.media == "text/event-stream":
            for _ in client.responses.create(
                model="m", input="hi", stream=True, extra_headers={"X-Chatcompact-Thread": thread}
            ):
                pass
        else:
            client.responses.create(model="m", input="hi", extra_headers={"X-Chatcompact-Thread": thread})
    assert [m["role"] for m in _stored(base, thread)] == ["user"]
