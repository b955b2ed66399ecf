"""A real OpenAI/Anthropic-compatible HTTP server on loopback for the proxy's tests and load benchmark.

Deterministic by content, so concurrent conversations need no shared script:

* the reply is ``echo: <last user text>``;
* a last user text containing ``CALL_TOOL`` (with ``tools`` in the request) gets a tool call of the
  first tool, arguments ``{"q": <text>}``;
* ``FAIL_<status>`` in it gets that HTTP status in the provider's error shape;
* ``stream: true`` streams (chat.completion.chunk SSE / Responses events / Anthropic events);
* ``delay`` seconds before every answer (a model with a fixed latency, for the benchmark).

Paths: ``/v1/chat/completions``, ``/v1/responses``, ``/v1/messages``. Every JSON body is recorded in
``requests``. :class:`UvicornThread` runs any ASGI app (this one, or chatcompact's) on a free port.
"""

from __future__ import annotations

import asyncio
import json
import re
import socket
import threading
import time
from collections.abc import AsyncIterator
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

_FAIL = re.compile(r"FAIL_(\d{3})")


class UvicornThread:
    """Serve an ASGI app on 127.0.0.1:<free port> in a daemon thread (context manager)."""

    def __init__(self, app: Any, port: int = 0) -> None:
        self.app = app
        self.port = port or _free_port()
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> UvicornThread:
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning", lifespan="on")
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 30
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._server is not None and self._thread is not None
        self._server.should_exit = True
        self._thread.join(30)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return " ".join(str(p.get("text", "")) for p in content if isinstance(p, dict))
    return ""


def _last_user(items: list[dict[str, Any]]) -> str:
    """What the user said last: the last text block of the last user message (a memory note merged into the
    same Anthropic turn comes before it, as a block of its own)."""
    for m in reversed(items):
        if m.get("role") == "user":
            content = m.get("content")
            if isinstance(content, list):
                texts = [p for p in content if isinstance(p, dict) and p.get("type", "text") == "text"]
                return _text(texts[-1:])
            return _text(content)
    return ""


class FakeUpstream:
    """The fake model server; ``app`` is its ASGI app (run it with :class:`UvicornThread`)."""

    def __init__(self, delay: float = 0.0, record: bool = True) -> None:
        self.delay = delay
        self.record = record
        self.requests: list[dict[str, Any]] = []
        self.app = Starlette(
            routes=[
                Route("/v1/chat/completions", self.chat, methods=["POST"]),
                Route("/v1/responses", self.responses, methods=["POST"]),
                Route("/v1/messages", self.messages, methods=["POST"]),
            ]
        )

    async def _take(self, request: Request, kind: str) -> dict[str, Any]:
        body = await request.json()
        if self.record:
            self.requests.append({"kind": kind, "body": body, "headers": dict(request.headers)})
        if self.delay:
            await asyncio.sleep(self.delay)
        return body

    # -------------------------------------------------------------- OpenAI chat completions
    async def chat(self, request: Request) -> Response:
        body = await self._take(request, "chat")
        text = _last_user(body.get("messages", []))
        if m := _FAIL.search(text):
            status = int(m.group(1))
            err = {"error": {"message": f"upstream says {status}", "type": "fake_error", "param": None, "code": None}}
            return JSONResponse(err, status)
        tools = body.get("tools") or []
        call = None
        if "CALL_TOOL" in text and tools:
            call = {
                "id": f"call_{abs(hash(text)) % 10**8}",
                "type": "function",
                "function": {"name": tools[0]["function"]["name"], "arguments": json.dumps({"q": text})},
            }
        reply = f"echo: {text}"
        if body.get("stream"):
            return StreamingResponse(self._chat_chunks(body, reply, call), media_type="text/event-stream")
        message: dict[str, Any] = {"role": "assistant", "content": None if call else reply, "refusal": None}
        if call:
            message["tool_calls"] = [call]
        return JSONResponse(
            {
                "id": "chatcmpl-fake",
                "object": "chat.completion",
                "created": int(time.time()),
                "model": body.get("model", "fake"),
                "choices": [
                    {
                        "index": 0,
                        "message": message,
                        "finish_reason": "tool_calls" if call else "stop",
                        "logprobs": None,
                    }
                ],
                "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
            }
        )

    async def _chat_chunks(self, body: dict[str, Any], reply: str, call: dict[str, Any] | None) -> AsyncIterator[bytes]:
        def chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
            data = {
                "id": "chatcmpl-fake",
                "object": "chat.completion.chunk",
                "created": int(time.time()),
                "model": body.get("model", "fake"),
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
            }
            return f"data: {json.dumps(data)}\n\n".encode()

        yield chunk({"role": "assistant", "content": ""})
        if call:
            fn = call["function"]
            yield chunk(
                {
                    "tool_calls": [
                        {
                            "index": 0,
                            "id": call["id"],
                            "type": "function",
                            "function": {"name": fn["name"], "arguments": ""},
                        }
                    ]
                }
            )
            half = len(fn["arguments"]) // 2
            for part in (fn["arguments"][:half], fn["arguments"][half:]):
                yield chunk({"tool_calls": [{"index": 0, "function": {"arguments": part}}]})
            yield chunk({}, "tool_calls")
        else:
            for word in re.findall(r"\S+\s*", reply):
                yield chunk({"content": word})
            yield chunk({}, "stop")
        yield b"data: [DONE]\n\n"

    # -------------------------------------------------------------- OpenAI Responses
    async def responses(self, request: Request) -> Response:
        body = await self._take(request, "responses")
        items = [i for i in body.get("input", []) if isinstance(i, dict)]
        text = _last_user(items)
        if m := _FAIL.search(text):
            return JSONResponse({"error": {"message": "upstream failed", "type": "fake_error"}}, int(m.group(1)))
        reply = f"echo: {text}"
        response = {
            "id": "resp_fake",
            "object": "response",
            "created_at": int(time.time()),
            "status": "completed",
            "model": body.get("model", "fake"),
            "output": [
                {
                    "id": "msg_fake",
                    "type": "message",
                    "role": "assistant",
                    "status": "completed",
                    "content": [{"type": "output_text", "text": reply, "annotations": []}],
                }
            ],
            "parallel_tool_calls": True,
            "tool_choice": "auto",
            "tools": [],
            "usage": {
                "input_tokens": 10,
                "input_tokens_details": {"cached_tokens": 0},
                "output_tokens": 5,
                "output_tokens_details": {"reasoning_tokens": 0},
                "total_tokens": 15,
            },
        }
        if body.get("stream"):

            async def events() -> AsyncIterator[bytes]:
                started = {**response, "status": "in_progress", "output": []}
                for n, (kind, body) in enumerate((("response.created", started), ("response.completed", response))):
                    data = json.dumps({"type": kind, "sequence_number": n, "response": body})
                    yield f"event: {kind}\ndata: {data}\n\n".encode()

            return StreamingResponse(events(), media_type="text/event-stream")
        return JSONResponse(response)

    # -------------------------------------------------------------- Anthropic Messages
    async def messages(self, request: Request) -> Response:
        body = await self._take(request, "messages")
        text = _last_user(body.get("messages", []))
        if m := _FAIL.search(text):
            status = int(m.group(1))
            return JSONResponse({"type": "error", "error": {"type": "api_error", "message": "upstream failed"}}, status)
        reply = {
            "id": "msg_fake",
            "type": "message",
            "role": "assistant",
            "model": body.get("model", "fake"),
            "content": [{"type": "text", "text": f"echo: {text}"}],
            "stop_reason": "end_turn",
            "stop_sequence": None,
            "usage": {"input_tokens": 10, "output_tokens": 5},
        }
        if body.get("stream"):
            import chatcompact.server.vendor as vendor  # the same event sequence a real server sends

            return StreamingResponse(iter(list(vendor.anthropic_sse(reply))), media_type="text/event-stream")
        return JSONResponse(reply)
