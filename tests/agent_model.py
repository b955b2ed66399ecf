"""A real HTTP model server that drives agent loops: OpenAI chat completions whose replies script tool calls.

Each ``POST .../chat/completions`` is answered at once by ``policy(body)`` (default: :class:`ToolLoop`, a tool
call per request until ``steps`` calls were made, then a final answer). Every request is measured as the
server receives it: tokens of its messages and tool schemas counted with chatcompact's tokenizer (the same
accounting the budget guarantees), message count and body size. Used by the framework tests and by
``benchmarks/agent_loop.py``::

    with AgentModelServer(ToolLoop(steps=40, tool="bash")) as server:
        client = AsyncOpenAI(base_url=server.url, api_key="x")
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from chatcompact.tokenizers import tokenizer_for
from chatcompact.types import Message, ToolCall

__all__ = ["AgentModelServer", "ToolLoop", "request_tokens"]

TOK = tokenizer_for("gpt-4o")


def _message(raw: dict[str, Any]) -> Message:
    """A request message as chatcompact counts it (lenient: whatever the framework sent)."""
    content = raw.get("content")
    if isinstance(content, list):
        content = tuple(p if isinstance(p, dict) else {"type": "text", "text": str(p)} for p in content)
    calls = tuple(
        ToolCall(c.get("id", ""), c["function"]["name"], c["function"].get("arguments") or "{}")
        for c in raw.get("tool_calls") or ()
    )
    return Message(
        role=raw.get("role", "user"),
        content=content,
        name=raw.get("name"),
        tool_calls=calls,
        tool_call_id=raw.get("tool_call_id"),
    )


def request_tokens(body: dict[str, Any]) -> int:
    """Tokens of a chat-completions request body: its messages and its tool schemas."""
    return TOK.count_messages([_message(m) for m in body.get("messages", [])], body.get("tools") or None)


class ToolLoop:
    """Calls ``tool`` (default: the request's first tool) ``steps`` times, one call per request, then answers.

    The arguments of call ``i`` are ``args(i)`` (default ``{"n": i}``). Thread-safe; ``calls`` counts them."""

    def __init__(self, steps: int, tool: str | None = None, args: Callable[[int], dict[str, Any]] | None = None):
        self.steps = steps
        self.tool = tool
        self.args = args or (lambda i: {"n": i})
        self.calls = 0
        self._lock = threading.Lock()

    def reset(self) -> None:
        with self._lock:
            self.calls = 0

    def __call__(self, body: dict[str, Any]) -> dict[str, Any]:
        with self._lock:
            i = self.calls
            if i >= self.steps or not body.get("tools"):
                self.calls = 0  # the next run starts a new loop
                return {"role": "assistant", "content": f"Done after {i} steps."}
            self.calls += 1
        name = self.tool or body["tools"][0]["function"]["name"]
        call = {"id": f"call_{i}_{time.monotonic_ns() % 10**9}", "type": "function"}
        call["function"] = {"name": name, "arguments": json.dumps(self.args(i))}
        return {"role": "assistant", "content": None, "tool_calls": [call]}


class AgentModelServer:
    """The server (context manager); ``requests`` holds one record per request: tokens, messages, bytes."""

    def __init__(
        self, policy: Callable[[dict[str, Any]], dict[str, Any]], *, keep_bodies: bool = False, count: bool = True
    ) -> None:
        self.policy = policy
        self.keep_bodies = keep_bodies
        self.count = count  # False: record sizes only (a benchmark's baseline, whose requests grow to megabytes)
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    def __enter__(self) -> AgentModelServer:
        handler = type("Handler", (_Handler,), {"server_ref": self})
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, args=(0.05,), daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
        if self._thread is not None:
            self._thread.join(5)

    @property
    def url(self) -> str:
        """``http://127.0.0.1:<port>/v1``: the OpenAI SDK's ``base_url``."""
        assert self._httpd is not None, "server not started"
        return f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"

    def clear(self) -> None:
        with self._lock:
            self.requests.clear()

    def answer(self, raw: bytes) -> dict[str, Any]:
        body = json.loads(raw or b"{}")
        tokens = request_tokens(body) if self.count else None
        record: dict[str, Any] = {"tokens": tokens, "messages": len(body.get("messages", []))}
        record["bytes"] = len(raw)
        if self.keep_bodies:
            record["body"] = body
        with self._lock:
            self.requests.append(record)
        message = self.policy(body)
        return {
            "id": f"chatcmpl-{len(self.requests)}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": body.get("model", "fake"),
            "choices": [
                {
                    "index": 0,
                    "message": message,
                    "finish_reason": "tool_calls" if message.get("tool_calls") else "stop",
                    "logprobs": None,
                }
            ],
            "usage": {"prompt_tokens": tokens or 0, "completion_tokens": 5, "total_tokens": (tokens or 0) + 5},
        }


class _Handler(BaseHTTPRequestHandler):
    server_ref: AgentModelServer

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_POST(self) -> None:
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if not self.path.split("?", 1)[0].endswith("/chat/completions"):
            self._send(404, {"error": {"message": f"no route {self.path}", "type": "not_found"}})
            return
        try:
            payload = self.server_ref.answer(raw)
        except Exception as exc:
            self._send(400, {"error": {"message": f"fake model: {exc!r}", "type": "invalid_request_error"}})
            return
        self._send(200, payload)

    def _send(self, status: int, payload: dict[str, Any]) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
