"""Output formats. OpenAI chat dicts are the wire format; Anthropic's Messages API shape is derived.

Anthropic differences handled here: the system prompt is a separate parameter; tool calls are
``tool_use`` blocks on the assistant turn; tool results are ``tool_result`` blocks in the next
user turn (parallel results together); consecutive same-role turns are merged (so assembly's data message,
a user message before the recent window, becomes the first text block of the first user turn: the summary and
quotes never reach the ``system`` parameter, which holds the app's prompt and our framing only);
mid-conversation system messages become user text marked as such; the first turn must be a user turn.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ..types import Message


def to_openai(messages: Sequence[Message]) -> list[dict[str, Any]]:
    return [m.to_openai() for m in messages]


def _image_block(part: dict[str, Any]) -> dict[str, Any]:
    url = (part.get("image_url") or {}).get("url", "")
    if url.startswith("data:") and ";base64," in url:
        media, data = url[5:].split(";base64,", 1)
        return {"type": "image", "source": {"type": "base64", "media_type": media, "data": data}}
    return {"type": "image", "source": {"type": "url", "url": url}}


def _blocks(message: Message) -> list[dict[str, Any]]:
    c = message.content
    if c is None:
        return []
    if isinstance(c, str):
        return [{"type": "text", "text": c}] if c else []
    out = []
    for part in c:
        if part.get("type") in ("text", "refusal"):
            out.append({"type": "text", "text": part.get(part["type"], "")})
        elif part.get("type") == "image_url":
            out.append(_image_block(dict(part)))
        else:  # audio/file parts have no Anthropic equivalent here: keep them visible as text
            out.append({"type": "text", "text": json.dumps(dict(part), ensure_ascii=False)})
    return out


def _tool_input(arguments: str) -> Any:
    try:
        value = json.loads(arguments or "{}")
    except json.JSONDecodeError:
        return {"_raw_arguments": arguments}
    return value if isinstance(value, dict) else {"value": value}


def _turn(message: Message) -> tuple[str, list[dict[str, Any]]]:
    if message.role == "tool":
        block = {"type": "tool_result", "tool_use_id": message.tool_call_id, "content": message.text}
        return "user", [block]
    if message.role in ("system", "developer"):
        return "user", [{"type": "text", "text": f"[system note] {message.text}"}]
    blocks = _blocks(message)
    if message.role == "assistant":
        blocks += [
            {"type": "tool_use", "id": tc.id, "name": tc.name, "input": _tool_input(tc.arguments)}
            for tc in message.tool_calls
        ]
    return message.role, blocks


def to_anthropic(messages: Sequence[Message]) -> tuple[str, list[dict[str, Any]]]:
    """``(system, messages)`` for Anthropic's Messages API from an assembled context."""
    system_parts: list[str] = []
    body = list(messages)
    while body and body[0].role in ("system", "developer"):
        system_parts.append(body.pop(0).text)
    out: list[dict[str, Any]] = []
    for m in body:
        role, blocks = _turn(m)
        if not blocks:
            continue
        if out and out[-1]["role"] == role:
            merged = out[-1]["content"] + blocks
            # Anthropic wants a turn's tool_result blocks before its text (the order OpenAI sequences give anyway)
            out[-1]["content"] = sorted(merged, key=lambda b: b["type"] != "tool_result") if role == "user" else merged
        else:
            out.append({"role": role, "content": blocks})
    if out and out[0]["role"] != "user":
        out.insert(0, {"role": "user", "content": [{"type": "text", "text": "(continuing the conversation)"}]})
    return "\n\n".join(p for p in system_parts if p), out
