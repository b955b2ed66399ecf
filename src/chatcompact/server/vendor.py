"""Pure conversions between the vendor wire shapes and OpenAI chat messages (what chatcompact stores).

* OpenAI Responses API items (``input`` / ``output``) <-> chat messages;
* Anthropic Messages (requests, replies) <-> chat messages and chat.completion bodies, so that
  ``/v1/messages`` can run on any OpenAI-compatible upstream;
* the compaction token chatcompact hands out in place of OpenAI's ``encrypted_content``: it is not
  encrypted, it names the thread and summary version, and anyone can read it.
"""

from __future__ import annotations

import base64
import json
import time
import uuid
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ..errors import InvalidMessage
from .wire import canonical, plain_text

TOKEN_PREFIX = "chatcompact:v1:"


# ---------------------------------------------------------------- compaction token
def compaction_token(thread: str, version: int, summary: str) -> str:
    """The readable stand-in for ``encrypted_content``: ``chatcompact:v1:`` and the URL-safe base64 of a JSON
    object with the thread, the summary version and the summary text."""
    body = json.dumps({"thread": thread, "version": version, "summary": summary}, ensure_ascii=False)
    return TOKEN_PREFIX + base64.urlsafe_b64encode(body.encode()).decode()


def read_token(token: Any) -> dict[str, Any] | None:
    """The token's fields, or None if it is not one of ours (e.g. a real OpenAI ciphertext)."""
    if not isinstance(token, str) or not token.startswith(TOKEN_PREFIX):
        return None
    try:
        out = json.loads(base64.urlsafe_b64decode(token[len(TOKEN_PREFIX) :].encode()))
    except ValueError:
        return None
    return out if isinstance(out, dict) and isinstance(out.get("thread"), str) else None


# ---------------------------------------------------------------- Responses API
def responses_input(body: Mapping[str, Any]) -> tuple[str | None, list[dict[str, Any]], str | None]:
    """``(instructions, chat messages, thread named by a compaction item)`` of a Responses request."""
    raw = body.get("input")
    items: Sequence[Any] = [{"role": "user", "content": raw}] if isinstance(raw, str) else raw or []
    if not isinstance(items, list):
        raise InvalidMessage("input", "expected a string or a list of items")
    out: list[dict[str, Any]] = []
    named = None
    for i, item in enumerate(items):
        if not isinstance(item, Mapping):
            raise InvalidMessage(f"input[{i}]", "expected an object")
        kind = item.get("type", "message")
        if kind == "message":
            out.append(canonical({"role": item.get("role"), "content": plain_text(item.get("content"))}))
        elif kind == "function_call":
            call = {
                "id": item.get("call_id"),
                "function": {"name": item.get("name"), "arguments": item.get("arguments")},
            }
            if out and out[-1]["role"] == "assistant" and "tool_calls" in out[-1]:
                out[-1]["tool_calls"].append(canonical({"tool_calls": [call]})["tool_calls"][0])
            else:
                out.append(canonical({"role": "assistant", "content": None, "tool_calls": [call]}))
        elif kind == "function_call_output":
            output = item.get("output")
            text = output if isinstance(output, str) else plain_text(output)
            out.append({"role": "tool", "content": text, "tool_call_id": item.get("call_id")})
        elif kind == "compaction":
            token = read_token(item.get("encrypted_content"))
            named = token["thread"] if token else named
        # reasoning and other item types carry nothing chatcompact stores
    if not out:
        raise InvalidMessage("input", "at least one message or function call output is required")
    instructions = body.get("instructions")
    return (instructions if isinstance(instructions, str) else None), out, named


def to_responses_input(messages: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Chat messages (a context) as Responses ``input`` items."""
    items: list[dict[str, Any]] = []
    for m in messages:
        role = m.get("role")
        if role == "tool":
            items.append({"type": "function_call_output", "call_id": m.get("tool_call_id"), "output": m.get("content")})
            continue
        text = plain_text(m.get("content"))
        if text or not m.get("tool_calls"):
            items.append({"type": "message", "role": role, "content": text})
        for tc in m.get("tool_calls") or []:
            fn = tc.get("function") or {}
            items.append(
                {
                    "type": "function_call",
                    "call_id": tc.get("id"),
                    "name": fn.get("name"),
                    "arguments": fn.get("arguments"),
                }
            )
    return items


def compacted_response(
    model: str, users: Sequence[Mapping[str, Any]], token: str, usage: dict[str, int]
) -> dict[str, Any]:
    """A ``response.compaction`` body: the user messages, then one compaction item (OpenAI's shape)."""
    output: list[dict[str, Any]] = [
        {
            "id": f"msg_{uuid.uuid4().hex[:24]}",
            "type": "message",
            "role": "user",
            "status": "completed",
            "content": [{"type": "input_text", "text": plain_text(m.get("content"))}],
        }
        for m in users
    ]
    output.append({"id": f"cmp_{uuid.uuid4().hex[:24]}", "type": "compaction", "encrypted_content": token})
    return {
        "id": f"resp_{uuid.uuid4().hex[:24]}",
        "object": "response.compaction",
        "created_at": int(time.time()),
        "model": model,
        "output": output,
        "usage": responses_usage(usage.get("input", 0), usage.get("output", 0)),
    }


def responses_usage(inp: int, out: int) -> dict[str, Any]:
    return {
        "input_tokens": inp,
        "input_tokens_details": {"cached_tokens": 0},
        "output_tokens": out,
        "output_tokens_details": {"reasoning_tokens": 0},
        "total_tokens": inp + out,
    }


# ---------------------------------------------------------------- Anthropic Messages
def anthropic_input(body: Mapping[str, Any]) -> tuple[str | None, list[dict[str, Any]]]:
    """``(system, chat messages)`` of an Anthropic Messages request (compaction blocks skipped)."""
    system = body.get("system")
    sys_text = system if isinstance(system, str) else plain_text(system) if system else None
    msgs = body.get("messages")
    if not isinstance(msgs, list) or not msgs:
        raise InvalidMessage("messages", "a non-empty list of messages is required")
    out: list[dict[str, Any]] = []
    for i, m in enumerate(msgs):
        if not isinstance(m, Mapping) or m.get("role") not in ("user", "assistant"):
            raise InvalidMessage("role", "expected 'user' or 'assistant'", index=i)
        content = m.get("content", "")
        blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content
        if not isinstance(blocks, list):
            raise InvalidMessage("content", "expected a string or a list of blocks", index=i)
        try:
            out.extend(_anthropic_turn(m["role"], blocks))
        except InvalidMessage as exc:
            raise InvalidMessage(exc.field, exc.problem, index=i) from None
    return sys_text or None, out


def _anthropic_turn(role: str, blocks: list[Any]) -> Iterator[dict[str, Any]]:
    texts: list[str] = []
    calls: list[dict[str, Any]] = []
    for i, b in enumerate(blocks):
        if not isinstance(b, Mapping):
            raise InvalidMessage(f"content[{i}]", f"expected a content block object, got {type(b).__name__}")
        kind = b.get("type")
        if kind == "text":
            texts.append(str(b.get("text", "")))
        elif kind == "tool_use":
            args = json.dumps(b.get("input", {}), ensure_ascii=False)
            calls.append({"id": b.get("id"), "function": {"name": b.get("name"), "arguments": args}})
        elif kind == "tool_result":
            result = b.get("content")
            text = result if isinstance(result, str) else plain_text(result)
            yield {"role": "tool", "content": text, "tool_call_id": b.get("tool_use_id")}
        # compaction blocks: the thread holds the real summary; images etc. are not stored
    if role == "assistant" and (texts or calls):
        yield canonical({"role": "assistant", "content": "\n".join(texts) or None, "tool_calls": calls})
    elif texts:
        yield {"role": role, "content": "\n".join(texts)}


def anthropic_to_chat_request(body: Mapping[str, Any], messages: list[dict[str, Any]]) -> dict[str, Any]:
    """An OpenAI chat.completions request for an Anthropic Messages request (context already applied)."""
    out: dict[str, Any] = {"model": body.get("model"), "messages": messages}
    if body.get("max_tokens") is not None:
        out["max_tokens"] = body["max_tokens"]
    for key in ("temperature", "top_p"):
        if body.get(key) is not None:
            out[key] = body[key]
    if body.get("stop_sequences"):
        out["stop"] = body["stop_sequences"]
    if body.get("tools"):
        if not isinstance(body["tools"], list):
            raise InvalidMessage("tools", "expected a list of tools")
        out["tools"] = [
            {
                "type": "function",
                "function": {
                    "name": t.get("name"),
                    "description": t.get("description", ""),
                    "parameters": t.get("input_schema") or {},
                },
            }
            for t in body["tools"]
            if isinstance(t, Mapping)
        ]
    choice = body.get("tool_choice")
    if isinstance(choice, Mapping):
        kind = choice.get("type")
        out["tool_choice"] = (
            {"type": "function", "function": {"name": choice.get("name")}}
            if kind == "tool"
            else {"any": "required", "none": "none"}.get(str(kind), "auto")
        )
    return out


_STOP = {"stop": "end_turn", "length": "max_tokens", "tool_calls": "tool_use", "content_filter": "refusal"}


def chat_to_anthropic_reply(completion: Mapping[str, Any], model: str) -> dict[str, Any]:
    """An Anthropic ``message`` body for an OpenAI chat.completion body."""
    choice = (completion.get("choices") or [{}])[0]
    msg = choice.get("message") or {}
    blocks: list[dict[str, Any]] = []
    if msg.get("content"):
        blocks.append({"type": "text", "text": plain_text(msg["content"])})
    for tc in msg.get("tool_calls") or []:
        fn = tc.get("function") or {}
        args = fn.get("arguments") or "{}"
        if not isinstance(args, Mapping):
            try:
                args = json.loads(args)
            except ValueError:
                args = {"_raw": fn.get("arguments")}
        if not isinstance(args, Mapping):  # valid JSON, but Anthropic's input is an object
            args = {"_raw": fn.get("arguments")}
        blocks.append({"type": "tool_use", "id": tc.get("id"), "name": fn.get("name"), "input": args})
    usage = completion.get("usage") or {}
    return {
        "id": f"msg_{uuid.uuid4().hex[:24]}",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": blocks,
        "stop_reason": _STOP.get(choice.get("finish_reason") or "stop", "end_turn"),
        "stop_sequence": None,
        "usage": {"input_tokens": usage.get("prompt_tokens", 0), "output_tokens": usage.get("completion_tokens", 0)},
    }


def anthropic_assistant(blocks: list[Any]) -> dict[str, Any] | None:
    """The chat message of an assistant's Anthropic content blocks (None if they hold no text or tool call)."""
    turn = list(_anthropic_turn("assistant", blocks))
    return turn[0] if turn else None


def anthropic_sse(reply: Mapping[str, Any]) -> Iterator[bytes]:
    """A complete Anthropic ``message`` replayed as the Messages streaming events."""

    def event(name: str, data: dict[str, Any]) -> bytes:
        return f"event: {name}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n".encode()

    start = {**reply, "content": [], "stop_reason": None, "usage": {**reply["usage"], "output_tokens": 0}}
    yield event("message_start", {"type": "message_start", "message": start})
    for i, block in enumerate(reply["content"]):
        if block["type"] == "text":
            empty: dict[str, Any] = {"type": "text", "text": ""}
            delta = {"type": "text_delta", "text": block["text"]}
        elif block["type"] == "tool_use":
            empty = {**block, "input": {}}
            delta = {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}
        else:  # compaction
            empty = {"type": "compaction", "content": None}
            delta = {"type": "compaction_delta", "content": block.get("content")}
        yield event("content_block_start", {"type": "content_block_start", "index": i, "content_block": empty})
        yield event("content_block_delta", {"type": "content_block_delta", "index": i, "delta": delta})
        yield event("content_block_stop", {"type": "content_block_stop", "index": i})
    done = {"stop_reason": reply["stop_reason"], "stop_sequence": None}
    usage = {"output_tokens": reply["usage"]["output_tokens"]}
    yield event("message_delta", {"type": "message_delta", "delta": done, "usage": usage})
    yield event("message_stop", {"type": "message_stop"})
