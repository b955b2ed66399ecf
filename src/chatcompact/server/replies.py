"""Reading the model server's replies: either the reply can be stored, or the client is told it could not.

Pure: no I/O. Every reader here is strict about what it reads (a ``choices`` that is not a list, an ``index``
that is not an integer, a chunk that is not a JSON object, text that is not UTF-8, a message over the
thread's size limit) and raises :class:`BadReply`: the proxy answers that with 502 (or, mid-stream, an error
event in the vendor's shape in place of the stream's last event), never a 200 whose reply went unstored.

* non-streamed bodies: :func:`chat_message`, :func:`responses_message`, :func:`anthropic_message`;
* streams: :class:`SSEEvents` cuts the bytes into events; :class:`ChatStream`, :class:`ResponsesStream` and
  :class:`AnthropicStream` check and accumulate them and say which event ends the stream (held back until
  the reply passed every check); :func:`error_event` is the vendor-shaped error that replaces it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal, Protocol

import orjson

from ..errors import InvalidMessage
from ..types import parse_message
from . import vendor
from .wire import canonical, plain_text

Vendor = Literal["chat", "responses", "anthropic"]


class Accumulator(Protocol):
    """What each stream reader does: take an event (True for the one that ends the stream), give the message."""

    def event(self, event: bytes) -> bool: ...

    def message(self) -> dict[str, Any] | None: ...


__all__ = [
    "AnthropicStream",
    "BadReply",
    "ChatStream",
    "ResponsesStream",
    "SSEEvents",
    "anthropic_message",
    "chat_message",
    "check_message",
    "completion",
    "error_event",
    "parse_json",
    "responses_message",
]


class BadReply(Exception):
    """The upstream answered, but with a reply the proxy cannot read or store (HTTP 502 / a stream error event)."""


# ---------------------------------------------------------------- shapes
def parse_json(data: bytes | str, what: str = "reply") -> Any:
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        raise BadReply(f"the upstream {what} is not valid JSON: {exc}") from None


def _describe(value: Any) -> str:
    """A short readable form of an error object a stream carried."""
    if isinstance(value, Mapping) and isinstance(value.get("message"), str):
        return str(value["message"])[:300]
    return orjson.dumps(value, default=str).decode()[:300]


def _obj(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise BadReply(f"{where} is not a JSON object (got {type(value).__name__})")
    return value


def _list(value: Any, where: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise BadReply(f"{where} is not a list (got {type(value).__name__})")
    return value


def _text(value: Any, where: str) -> str | None:
    if value is not None and not isinstance(value, str):
        raise BadReply(f"{where} is not a string (got {type(value).__name__})")
    return value


def _index(value: Any, where: str) -> int:
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1024:
        raise BadReply(f"{where} is not a small non-negative integer (got {value!r})")
    return value


def _content(value: Any, where: str) -> str | None:
    """Chat content: a string, null, or a list of parts (their text is what is stored)."""
    if value is None or isinstance(value, str):
        return value
    parts = _list(value, where)
    for i, part in enumerate(parts):
        _text(_obj(part, f"{where}[{i}]").get("text"), f"{where}[{i}].text")
    return plain_text(parts)


def _call(value: Any, where: str) -> dict[str, Any]:
    call = _obj(value, where)
    fn = _obj(call.get("function") or {}, f"{where}.function")
    args = fn.get("arguments")
    if not isinstance(args, Mapping):
        _text(args, f"{where}.function.arguments")
    return {  # arguments as sent (an object is serialised by wire.canonical, as for the request's own turns)
        "id": _text(call.get("id"), f"{where}.id"),
        "function": {"name": _text(fn.get("name"), f"{where}.function.name"), "arguments": args},
    }


def check_message(message: dict[str, Any], max_chars: int) -> dict[str, Any]:
    """``message`` if the thread can store it as is (the library's own validation, its size limit)."""
    try:
        parse_message(message, max_chars)
    except InvalidMessage as exc:
        raise BadReply(f"the upstream reply cannot be stored: {exc}") from None
    return message


# ---------------------------------------------------------------- chat completions
def completion(body: Any) -> Mapping[str, Any]:
    """A chat.completion body, checked everywhere the proxy reads it."""
    out = _obj(body, "the upstream reply")
    for i, choice in enumerate(_list(out.get("choices"), "choices")):
        c = _obj(choice, f"choices[{i}]")
        _text(c.get("finish_reason"), f"choices[{i}].finish_reason")
        if c.get("message") is not None:
            msg = _obj(c["message"], f"choices[{i}].message")
            _content(msg.get("content"), f"choices[{i}].message.content")
            for j, call in enumerate(_list(msg.get("tool_calls"), f"choices[{i}].message.tool_calls")):
                _call(call, f"choices[{i}].message.tool_calls[{j}]")
    usage = _obj(out.get("usage") or {}, "usage")
    for key in ("prompt_tokens", "completion_tokens"):
        if usage.get(key) is not None and not isinstance(usage[key], int):
            raise BadReply(f"usage.{key} is not an integer")
    return out


def chat_message(body: Any) -> dict[str, Any] | None:
    """The assistant message of a chat.completion (first choice), canonical; None if it has no choice."""
    choices = completion(body).get("choices") or []
    if not choices or choices[0].get("message") is None:
        return None
    msg = choices[0]["message"]
    calls = [_call(c, "tool_calls") for c in _list(msg.get("tool_calls"), "tool_calls")]
    return canonical({"role": "assistant", "content": msg.get("content"), "tool_calls": calls})


class SSEEvents:
    """Cuts a server-sent-event stream into whole events, however the bytes arrive."""

    def __init__(self) -> None:
        self._buffer = b""

    def feed(self, data: bytes) -> list[bytes]:
        """The events completed by ``data`` (each with its blank-line terminator)."""
        self._buffer += data.replace(b"\r\n", b"\n") if b"\r" in data else data
        *done, self._buffer = self._buffer.split(b"\n\n")
        return [e + b"\n\n" for e in done if e.strip()]

    def rest(self) -> list[bytes]:
        """What is left when the stream ends (an event without its blank line)."""
        rest, self._buffer = self._buffer, b""
        return [rest + b"\n\n"] if rest.strip() else []


def event_fields(event: bytes) -> tuple[str, bytes]:
    """``(event name, data)`` of one SSE event (data lines joined)."""
    name, data = "", []
    for line in event.split(b"\n"):
        if line.startswith(b"event:"):
            name = line[6:].strip().decode("utf-8", "replace")
        elif line.startswith(b"data:"):
            data.append(line[5:].strip())
    return name, b"\n".join(data)


class ChatStream:
    """Checks and accumulates chat.completion.chunk events into the final assistant message."""

    def __init__(self, max_chars: int) -> None:
        self.max_chars = max_chars
        self.size = 0
        self.text: list[str] = []
        self.calls: dict[int, dict[str, Any]] = {}

    def event(self, event: bytes) -> bool:
        """Take one event; True for the one that ends the stream (``data: [DONE]``)."""
        _, data = event_fields(event)
        if not data:
            return False
        if data == b"[DONE]":
            return True
        chunk = _obj(parse_json(data, "stream chunk"), "a stream chunk")
        if chunk.get("error") is not None:
            raise BadReply(f"the upstream stream reported an error: {_describe(chunk['error'])}")
        for i, choice in enumerate(_list(chunk.get("choices"), "chunk.choices")):
            c = _obj(choice, f"chunk.choices[{i}]")
            if _index(c.get("index"), f"chunk.choices[{i}].index") == 0:
                self._delta(_obj(c.get("delta") or {}, f"chunk.choices[{i}].delta"))
        return False

    def _delta(self, delta: Mapping[str, Any]) -> None:
        text = _text(delta.get("content"), "delta.content")
        if text:
            self.text.append(text)
            self._grow(len(text))
        for j, tc in enumerate(_list(delta.get("tool_calls"), "delta.tool_calls")):
            call = _obj(tc, f"delta.tool_calls[{j}]")
            slot = self.calls.setdefault(
                _index(call.get("index"), "tool_calls.index"), {"id": "", "name": "", "args": ""}
            )
            fn = _obj(call.get("function") or {}, "tool_calls.function")
            slot["id"] = _text(call.get("id"), "tool_calls.id") or slot["id"]
            for key, field in (("name", "name"), ("args", "arguments")):
                part = _text(fn.get(field), f"tool_calls.function.{field}") or ""
                slot[key] += part
                self._grow(len(part))

    def _grow(self, n: int) -> None:
        self.size += n
        if self.size > self.max_chars:
            raise BadReply(f"the upstream reply is over the size limit of {self.max_chars:,} characters")

    def message(self) -> dict[str, Any] | None:
        """The accumulated assistant message, canonical; None if the stream carried nothing."""
        if not self.text and not self.calls:
            return None
        calls = [
            {"id": c["id"], "type": "function", "function": {"name": c["name"], "arguments": c["args"] or "{}"}}
            for _, c in sorted(self.calls.items())
        ]
        return canonical({"role": "assistant", "content": "".join(self.text) or None, "tool_calls": calls})


# ---------------------------------------------------------------- OpenAI Responses
def responses_message(response: Any) -> dict[str, Any] | None:
    """The assistant turn of a Responses ``response`` (its message text and function calls), canonical."""
    texts, calls = [], []
    for i, raw in enumerate(_list(_obj(response, "response").get("output"), "response.output")):
        item = _obj(raw, f"output[{i}]")
        if item.get("type") == "message":
            texts.append(_content(item.get("content"), f"output[{i}].content") or "")
        elif item.get("type") == "function_call":
            fn = {"name": _text(item.get("name"), "name"), "arguments": _text(item.get("arguments"), "arguments")}
            calls.append({"id": _text(item.get("call_id"), f"output[{i}].call_id"), "function": fn})
    if not texts and not calls:
        return None
    return canonical({"role": "assistant", "content": "\n".join(texts) or None, "tool_calls": calls})


class ResponsesStream:
    """Responses API events: the reply is the ``response`` of ``response.completed``, which ends the stream."""

    def __init__(self, max_chars: int) -> None:
        self.max_chars = max_chars
        self.reply: dict[str, Any] | None = None

    def event(self, event: bytes) -> bool:
        name, data = event_fields(event)
        if not data:
            return False
        body = _obj(parse_json(data, "stream event"), "a stream event")
        kind = name or body.get("type")
        if kind in ("error", "response.failed"):
            raise BadReply(f"the upstream stream reported an error: {_describe(body)}")
        if kind == "response.completed":
            self.reply = responses_message(body.get("response"))
            return True
        return False

    def message(self) -> dict[str, Any] | None:
        return self.reply


# ---------------------------------------------------------------- Anthropic Messages
def _anthropic_blocks(blocks: Any) -> list[Mapping[str, Any]]:
    """An assistant's content blocks, checked where the conversion to a chat message reads them."""
    out = []
    for i, raw in enumerate(_list(blocks, "content")):
        b = _obj(raw, f"content[{i}]")
        if b.get("type") == "text":
            _text(b.get("text"), f"content[{i}].text")
        elif b.get("type") == "tool_use":
            _obj(b.get("input") or {}, f"content[{i}].input")
            _text(b.get("id"), f"content[{i}].id")
            _text(b.get("name"), f"content[{i}].name")
        elif b.get("type") == "compaction":
            continue
        out.append(b)
    return out


def anthropic_message(reply: Any) -> dict[str, Any] | None:
    """The assistant turn of an Anthropic ``message`` body, canonical (compaction blocks skipped): made by the
    same conversion as the assistant turns a client sends back, so the two hash alike."""
    return vendor.anthropic_assistant(_anthropic_blocks(_obj(reply, "the upstream reply").get("content")))


class AnthropicStream:
    """Anthropic streaming events, accumulated into the message's content blocks; ``message_stop`` ends it."""

    def __init__(self, max_chars: int) -> None:
        self.max_chars = max_chars
        self.size = 0
        self.blocks: dict[int, dict[str, Any]] = {}

    def event(self, event: bytes) -> bool:
        name, data = event_fields(event)
        if not data:
            return False
        body = _obj(parse_json(data, "stream event"), "a stream event")
        kind = body.get("type") or name
        if kind == "error":
            raise BadReply(f"the upstream stream reported an error: {_describe(body.get('error'))}")
        if kind == "message_stop":
            return True
        if kind == "content_block_start":
            block = _obj(body.get("content_block"), "content_block")
            self.blocks[_index(body.get("index"), "index")] = {**block, "_json": ""}
        elif kind == "content_block_delta":
            self._delta(_index(body.get("index"), "index"), _obj(body.get("delta"), "delta"))
        return False

    def _delta(self, idx: int, delta: Mapping[str, Any]) -> None:
        block = self.blocks.get(idx)
        if block is None:
            raise BadReply(f"a content_block_delta for block {idx}, which never started")
        if delta.get("type") == "text_delta":
            part = _text(delta.get("text"), "delta.text") or ""
            block["text"] = (_text(block.get("text"), "text") or "") + part
        elif delta.get("type") == "input_json_delta":
            part = _text(delta.get("partial_json"), "delta.partial_json") or ""
            block["_json"] += part
        else:
            return
        self.size += len(part)
        if self.size > self.max_chars:
            raise BadReply(f"the upstream reply is over the size limit of {self.max_chars:,} characters")

    def content(self) -> list[dict[str, Any]]:
        out = []
        for _, b in sorted(self.blocks.items()):
            if b.get("type") == "tool_use" and b["_json"]:
                b["input"] = _obj(parse_json(b["_json"], "tool input"), "tool_use.input")
            out.append({k: v for k, v in b.items() if k != "_json"})
        return out

    def message(self) -> dict[str, Any] | None:
        return anthropic_message({"content": self.content()})


# ---------------------------------------------------------------- the error a stream ends with instead
def error_event(vendor: Vendor, message: str) -> bytes:
    """An error event in the vendor's stream shape (the SDKs raise on each)."""
    if vendor == "anthropic":
        body: dict[str, Any] = {"type": "error", "error": {"type": "api_error", "message": message}}
        return b"event: error\ndata: " + orjson.dumps(body) + b"\n\n"
    err: dict[str, Any] = {"message": message, "type": "upstream_error", "param": None, "code": "bad_upstream_reply"}
    if vendor == "responses":
        body = {"type": "error", "code": "bad_upstream_reply", "message": message, "param": None, "error": err}
        return b"event: error\ndata: " + orjson.dumps(body) + b"\n\n"
    return b"data: " + orjson.dumps({"error": err}) + b"\n\n"


STREAMS: dict[str, Callable[[int], Accumulator]] = {
    "chat": ChatStream,
    "responses": ResponsesStream,
    "anthropic": AnthropicStream,
}
