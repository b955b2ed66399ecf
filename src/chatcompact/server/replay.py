"""A retry answered from the store: the stored reply in the shape the client asked for.

A request whose exact bytes this process answered lately is replayed from its memory (the upstream's own
bytes). A retry that reaches another ``serve`` process (``--workers``, or several processes on one
database), or comes after a restart, finds the thread's last stored message answering it instead
(:meth:`chatcompact.server.wire.Diff.answered`): it gets that reply rebuilt here, with
``X-Chatcompact-Replayed: true``, and nothing is stored or sent upstream twice.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import orjson
from starlette.responses import Response

from ..types import Message
from . import vendor
from .replies import Vendor

HEADERS = {"X-Chatcompact-Replayed": "true"}


def answer(kind: Vendor, message: Message, body: Mapping[str, Any]) -> Response:
    """``message`` (a stored assistant turn) as a ``kind`` reply to ``body``, streamed if it asked for a stream."""
    model, stream = str(body.get("model") or ""), bool(body.get("stream"))
    chat = _completion(message, model)
    if kind == "anthropic":
        reply = vendor.chat_to_anthropic_reply(chat, model)
        if stream:
            return _sse(vendor.anthropic_sse(reply))
        return _json(reply)
    if kind == "responses":
        response = _response(message, model)
        if stream:
            return _sse(_responses_events(response))
        return _json(response)
    if stream:
        return _sse(_chat_chunks(chat))
    return _json(chat)


def _json(data: Any) -> Response:
    return Response(orjson.dumps(data), 200, media_type="application/json", headers=HEADERS)


def _sse(events: Iterator[bytes]) -> Response:
    return Response(b"".join(events), 200, media_type="text/event-stream", headers=HEADERS)


def _completion(message: Message, model: str) -> dict[str, Any]:
    msg = message.to_openai()
    calls = msg.get("tool_calls")
    return {
        "id": f"chatcmpl-replay-{message.seq}",
        "object": "chat.completion",
        "created": int(message.created_at or 0),
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {
                    "role": "assistant",
                    "content": msg.get("content"),
                    **({"tool_calls": calls} if calls else {}),
                },
                "finish_reason": "tool_calls" if calls else "stop",
                "logprobs": None,
            }
        ],
        "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
    }


def _chat_chunks(chat: dict[str, Any]) -> Iterator[bytes]:
    choice = chat["choices"][0]
    msg = choice["message"]
    delta: dict[str, Any] = {"role": "assistant", "content": msg.get("content") or ""}
    if msg.get("tool_calls"):
        delta["tool_calls"] = [{"index": i, **c} for i, c in enumerate(msg["tool_calls"])]
    base = {k: chat[k] for k in ("id", "created", "model")}
    for d, finish in ((delta, None), ({}, choice["finish_reason"])):
        chunk = {
            **base,
            "object": "chat.completion.chunk",
            "choices": [{"index": 0, "delta": d, "finish_reason": finish}],
        }
        yield b"data: " + orjson.dumps(chunk) + b"\n\n"
    yield b"data: [DONE]\n\n"


def _response(message: Message, model: str) -> dict[str, Any]:
    output: list[dict[str, Any]] = []
    if message.text:
        content = [{"type": "output_text", "text": message.text, "annotations": []}]
        output.append(
            {
                "id": f"msg_replay_{message.seq}",
                "type": "message",
                "role": "assistant",
                "status": "completed",
                "content": content,
            }
        )
    for tc in message.tool_calls:
        output.append(
            {
                "type": "function_call",
                "id": f"fc_{tc.id}",
                "call_id": tc.id,
                "name": tc.name,
                "arguments": tc.arguments,
                "status": "completed",
            }
        )
    return {
        "id": f"resp_replay_{message.seq}",
        "object": "response",
        "created_at": int(message.created_at or 0),
        "status": "completed",
        "model": model,
        "output": output,
        "usage": vendor.responses_usage(0, 0),
    }


def _responses_events(response: dict[str, Any]) -> Iterator[bytes]:
    started = {**response, "status": "in_progress", "output": []}
    for n, (kind, body) in enumerate((("response.created", started), ("response.completed", response))):
        yield (
            f"event: {kind}\ndata: ".encode()
            + orjson.dumps({"type": kind, "sequence_number": n, "response": body})
            + b"\n\n"
        )
