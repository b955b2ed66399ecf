"""A real HTTP server on 127.0.0.1 that plays a script of LLM responses (stdlib only).

It speaks two wire formats, chosen by path:

* OpenAI chat completions: ``POST <anything>/chat/completions`` (use :attr:`FakeLLMServer.url`,
  ``http://127.0.0.1:<port>/v1``, as the SDK's ``base_url``);
* Anthropic messages: ``POST <anything>/messages`` (use :attr:`FakeLLMServer.base_url`); a JSON
  object reply becomes a ``tool_use`` block named after the request's first tool.

Each request takes the next step of ``script``; once it is spent, ``default`` answers (HTTP 500 if
there is none). A step is a :class:`Reply` (content, per-step delay, usage), a :class:`Fail` (HTTP
status and message), a :class:`Drip` (a reply sent one byte at a time), a :class:`Raw` (any bytes), or a
shorthand: an ``int`` is ``Fail(int)``; a ``str``, ``dict`` or callable
(``body -> str | dict``) is ``Reply(...)``. ``delay`` adds a fixed sleep to every response (a slow
model for benchmarks). Every request is recorded in :attr:`FakeLLMServer.requests`.

Use it as a context manager, in or out of pytest::

    with FakeLLMServer(default=Reply(echo_delta), delay=1.5) as server:
        summarizer = OpenAISummarizer("fake", base_url=server.url)
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

__all__ = [
    "REJECT_JSON_OBJECT",
    "REJECT_JSON_SCHEMA",
    "Drip",
    "Fail",
    "FakeLLMServer",
    "Raw",
    "Reply",
    "echo_delta",
    "fenced",
    "make_delta",
    "truncated",
]

Content = str | dict[str, Any] | Callable[[dict[str, Any]], "str | dict[str, Any]"]


@dataclass(frozen=True)
class Reply:
    """A 200 answer. ``content``: text (sent as is), a dict (JSON text / a tool_use input), or a callable
    of the request body returning either. ``usage``: (input, output) tokens; estimated when None."""

    content: Content
    delay: float = 0.0
    usage: tuple[int, int] | None = None
    finish_reason: str = "stop"


@dataclass(frozen=True)
class Fail:
    """An HTTP error in the provider's error format, after ``delay`` seconds."""

    status: int
    message: str = ""
    delay: float = 0.0


@dataclass(frozen=True)
class Drip:
    """A 200 answer sent one byte every ``interval`` seconds (a stalled or malicious server): from its first
    byte (``phase="headers"``: the status line and headers drip too) or only its body (``phase="body"``)."""

    content: Content
    interval: float = 5.0
    phase: str = "body"


@dataclass(frozen=True)
class Raw:
    """A raw HTTP answer: ``status`` with ``body`` bytes sent as is (not JSON, a list, half an object...)."""

    body: bytes
    status: int = 200
    content_type: str = "application/json"


Step = Reply | Fail | Drip | Raw | int | str | dict[str, Any] | Callable[[dict[str, Any]], Any]

# What real servers say when they do not support a response_format type.
REJECT_JSON_SCHEMA = Fail(400, "Invalid parameter: 'response_format' of type 'json_schema' is not supported.")
REJECT_JSON_OBJECT = Fail(400, "Invalid parameter: 'response_format' of type 'json_object' is not supported.")

_ANTHROPIC_ERRORS = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    429: "rate_limit_error",
    529: "overloaded_error",
}
_SECTIONS = ("decisions", "user_facts", "todos", "open_questions", "identifiers", "topics")
_IDS = re.compile(r"^\[#(\d+) ", re.M)


def make_delta(**sections: Any) -> dict[str, Any]:
    """A complete delta object (every key present, as strict mode sends it) with the given parts."""
    out: dict[str, Any] = {name: [] for name in _SECTIONS}
    out.update({"resolve": [], "narrative": "", "standing": []})
    out.update(sections)
    return out


def _user_text(body: dict[str, Any]) -> str:
    texts = []
    for m in body.get("messages", []):
        c = m.get("content")
        if isinstance(c, list):
            c = " ".join(str(p.get("text", "")) for p in c if isinstance(p, dict))
        if m.get("role") == "user" and isinstance(c, str):
            texts.append(c)
    return "\n".join(texts)


def echo_delta(body: dict[str, Any]) -> dict[str, Any]:
    """A valid delta for any request: one topic and one decision citing the first and last ids shown."""
    ids = [int(i) for i in _IDS.findall(_user_text(body))] or [1]
    first, last = ids[0], ids[-1]
    return make_delta(
        topics=[{"text": f"messages {first}-{last}", "sources": [first], "subject": ""}],
        decisions=[{"text": f"Agreed on what messages {first}-{last} say", "sources": [last], "subject": ""}],
        narrative=f"The conversation went on through message {last}.",
    )


def fenced(delta: dict[str, Any]) -> str:
    """The delta as a chatty model writes it: prose and a ```json fence."""
    return f"Here is the summary delta:\n```json\n{json.dumps(delta, indent=2)}\n```\nLet me know if you need more."


def truncated(delta: dict[str, Any], keep: float = 0.8) -> str:
    """The delta's JSON cut off after ``keep`` of its characters (as when max_tokens is hit)."""
    text = json.dumps(delta)
    return text[: max(1, int(len(text) * keep))]


def _step(raw: Step) -> Reply | Fail | Drip | Raw:
    if isinstance(raw, Reply | Fail | Drip | Raw):
        return raw
    if isinstance(raw, int):
        return Fail(raw)
    return Reply(raw)


class FakeLLMServer:
    """Scripted OpenAI/Anthropic-compatible server on 127.0.0.1 (see the module docstring)."""

    def __init__(
        self, script: Iterable[Step] = (), *, default: Step | None = None, delay: float = 0.0, model: str = "fake"
    ) -> None:
        self._script = [_step(s) for s in script]
        self.default = _step(default) if default is not None else None
        self.delay = delay
        self.model = model
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # ---------------------------------------------------------------- lifecycle
    def start(self) -> FakeLLMServer:
        """Bind a free port and serve on a daemon thread."""
        self._stopping.clear()
        handler = type("Handler", (_Handler,), {"fake": self})
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, args=(0.05,), daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Wake sleeping responses, stop serving and close the socket."""
        self._stopping.set()
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
        if self._thread is not None:
            self._thread.join(5)
        self._httpd = self._thread = None

    def __enter__(self) -> FakeLLMServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # ---------------------------------------------------------------- script
    @property
    def port(self) -> int:
        assert self._httpd is not None, "server not started"
        return self._httpd.server_address[1]

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:<port>`` (Anthropic SDK base_url)."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def url(self) -> str:
        """``http://127.0.0.1:<port>/v1`` (OpenAI SDK base_url)."""
        return f"{self.base_url}/v1"

    def push(self, *steps: Step) -> None:
        """Append steps to the script."""
        with self._lock:
            self._script.extend(_step(s) for s in steps)

    @property
    def remaining(self) -> int:
        with self._lock:
            return len(self._script)

    def bodies(self, path_suffix: str = "") -> list[dict[str, Any]]:
        """The JSON bodies received (optionally only for paths ending with ``path_suffix``)."""
        with self._lock:
            return [r["body"] for r in self.requests if r["path"].endswith(path_suffix)]

    def _take(self, record: dict[str, Any]) -> Reply | Fail | Drip | Raw:
        with self._lock:
            self.requests.append(record)
            if self._script:
                return self._script.pop(0)
        return self.default or Fail(500, "fake server: script exhausted")

    def _sleep(self, seconds: float) -> None:
        if seconds > 0:
            self._stopping.wait(seconds)


class _Handler(BaseHTTPRequestHandler):
    fake: FakeLLMServer

    def log_message(self, format: str, *args: Any) -> None:  # keep test output clean
        pass

    def do_POST(self) -> None:
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            body = {"_unparsed": raw.decode("utf-8", "replace")}
        path = self.path.split("?", 1)[0]
        kind = "openai" if path.endswith("/chat/completions") else "anthropic" if path.endswith("/messages") else None
        record = {
            "path": path,
            "headers": {k.lower(): v for k, v in self.headers.items()},
            "body": body,
            "at": time.time(),
        }
        if kind is None:
            with self.fake._lock:
                self.fake.requests.append(record)
            self._send(404, {"error": {"message": f"no route {path}", "type": "not_found"}})
            return
        step = self.fake._take(record)
        self.fake._sleep(self.fake.delay + getattr(step, "delay", 0.0))
        if self.fake._stopping.is_set():
            return
        if isinstance(step, Fail):
            self._send(step.status, _error(kind, step))
            return
        if isinstance(step, Raw):
            self._write(step.status, step.body, step.content_type)
            return
        content = step.content(body) if callable(step.content) else step.content
        reply = _openai_reply if kind == "openai" else _anthropic_reply
        payload = reply(self.fake, body, step if isinstance(step, Reply) else Reply(content), content)
        if isinstance(step, Drip):
            self._drip(json.dumps(payload).encode(), step)
            return
        self._send(200, payload)

    def _drip(self, data: bytes, step: Drip) -> None:
        head = f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n".encode()
        slow = head + data if step.phase == "headers" else data
        try:
            if step.phase != "headers":
                self.wfile.write(head)
                self.wfile.flush()
            for i in range(len(slow)):
                if self.fake._stopping.wait(step.interval):
                    return
                self.wfile.write(slow[i : i + 1])
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError, OSError):
            pass  # the client gave up: what a total deadline is for
        self.close_connection = True

    def _write(self, status: int, data: bytes, content_type: str) -> None:
        try:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def _send(self, status: int, payload: dict[str, Any]) -> None:
        data = json.dumps(payload).encode()
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (its timeout is shorter than our delay): expected in timeout tests


def _error(kind: str, step: Fail) -> dict[str, Any]:
    message = step.message or f"fake server: HTTP {step.status}"
    if kind == "anthropic":
        etype = _ANTHROPIC_ERRORS.get(step.status, "api_error")
        return {"type": "error", "error": {"type": etype, "message": message}}
    return {"error": {"message": message, "type": "fake_error", "param": None, "code": str(step.status)}}


def _usage(body: dict[str, Any], step: Reply, text: str) -> tuple[int, int]:
    if step.usage is not None:
        return step.usage
    return max(1, len(json.dumps(body.get("messages", []))) // 4), max(1, len(text) // 4)


def _openai_reply(fake: FakeLLMServer, body: dict[str, Any], step: Reply, content: Any) -> dict[str, Any]:
    text = content if isinstance(content, str) else json.dumps(content)
    prompt, completion = _usage(body, step, text)
    message = {"role": "assistant", "content": text}
    return {
        "id": f"chatcmpl-fake{len(fake.requests)}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": body.get("model", fake.model),
        "choices": [{"index": 0, "message": message, "finish_reason": step.finish_reason, "logprobs": None}],
        "usage": {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion},
    }


def _anthropic_reply(fake: FakeLLMServer, body: dict[str, Any], step: Reply, content: Any) -> dict[str, Any]:
    text = content if isinstance(content, str) else json.dumps(content)
    prompt, completion = _usage(body, step, text)
    tools = body.get("tools") or []
    if isinstance(content, dict):
        name = tools[0]["name"] if tools else "record_summary_delta"
        blocks: list[dict[str, Any]] = [{"type": "tool_use", "id": "toolu_fake", "name": name, "input": content}]
        stop = "tool_use"
    else:
        blocks, stop = [{"type": "text", "text": content}], "end_turn"
    return {
        "id": f"msg_fake{len(fake.requests)}",
        "type": "message",
        "role": "assistant",
        "model": body.get("model", fake.model),
        "content": blocks,
        "stop_reason": stop if step.finish_reason == "stop" else step.finish_reason,
        "stop_sequence": None,
        "usage": {"input_tokens": prompt, "output_tokens": completion},
    }
