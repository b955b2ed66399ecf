"""LangChain messages as chat dicts and back, losing nothing (the conversion half of the LangChain adapter).

:func:`to_openai` gives the OpenAI chat dict a thread stores; whatever that form cannot hold is kept in the
message's ``meta["langchain"]``: the message id (also ``meta["key"]``, how the adapter recognises a stored
message when the framework shows it shortened), ``response_metadata``, ``usage_metadata``,
``additional_kwargs``, ``invalid_tool_calls``, a tool message's ``status``, ``artifact`` and ``name``, the
original content when it held blocks the chat form drops (``thinking``, ``reasoning``, ``tool_use``, block ids),
and the class when it is not the plain one (a chunk, a ``ChatMessage``). :func:`from_stored` restores all of
it. Values that are not plain JSON (a ``datetime`` in metadata, an artifact object) are kept as their ``str``.

What a model is sent (:func:`from_openai` over an assembled context) keeps the id and name and the chat form's
content: text and image parts and tool calls; provider blocks are not re-sent (they are bound to the model that
made them, and a digest cannot hold them).
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from typing import Any

from ..errors import InvalidMessage
from ..types import Message

try:
    from langchain_core.messages import (
        AIMessage,
        BaseMessage,
        ChatMessage,
        HumanMessage,
        SystemMessage,
        ToolMessage,
    )
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    from ..errors import MissingDependency

    raise MissingDependency("langchain", "langchain") from exc

NS = "langchain"
SYNTHETIC = "chatcompact:"  # id prefix of the messages this adapter writes into a graph state (summary, notes)
_CACHE = 512  # converted messages kept per middleware
_ROLES = {HumanMessage: "user", AIMessage: "assistant", ToolMessage: "tool", SystemMessage: "system"}

__all__ = ["from_openai", "from_stored", "message_id", "to_openai"]


def _content_in(content: Any, role: str) -> Any:
    if isinstance(content, str):
        return content
    parts: list[dict[str, Any]] = []
    for block in content:
        if isinstance(block, str):
            parts.append({"type": "text", "text": block})
        elif block.get("type") == "text" and isinstance(block.get("text"), str):
            parts.append({"type": "text", "text": block["text"]})
        elif role == "assistant" and block.get("type") == "refusal":
            parts.append({"type": "refusal", "refusal": str(block.get("refusal", ""))})
        elif role in ("user", "system") and block.get("type") == "image" and (block.get("url") or block.get("base64")):
            # LangChain's standard image block, as the OpenAI part every provider adapter accepts
            url = block.get("url") or f"data:{block.get('mime_type', 'image/png')};base64,{block['base64']}"
            parts.append({"type": "image_url", "image_url": {"url": url}})
        elif (
            role in ("user", "system") and block.get("type") == "image_url" and isinstance(block.get("image_url"), dict)
        ):
            parts.append({"type": "image_url", "image_url": dict(block["image_url"])})
        # other blocks (thinking, reasoning, tool_use, files...) live in meta: the chat form cannot carry them
    return parts


def _plain(value: Any) -> Any:
    """``value`` as plain JSON (non-JSON leaves as their ``str``), so a store can keep it."""
    try:
        return json.loads(json.dumps(value, ensure_ascii=False, allow_nan=False))
    except (TypeError, ValueError):
        return json.loads(json.dumps(value, ensure_ascii=False, default=str))


def _role(message: BaseMessage) -> str:
    for cls, role in _ROLES.items():
        if isinstance(message, cls):
            return role
    if isinstance(message, ChatMessage) and message.role in ("user", "assistant", "system"):
        return message.role
    raise InvalidMessage("role", f"cannot store a LangChain {type(message).__name__}")


def message_id(message: BaseMessage) -> str | None:
    """The id a graph state gives the message (None if it has none)."""
    return message.id if isinstance(message.id, str) and message.id else None


def to_openai(message: BaseMessage) -> dict[str, Any]:
    """A LangChain message as the OpenAI chat dict a :class:`~chatcompact.Thread` stores, ``meta`` included
    (see the module docstring): :func:`from_stored` gives the message back, equal to this one."""
    role = _role(message)
    content = _content_in(message.content, role)
    out: dict[str, Any] = {"role": role, "content": content}
    if message.name is not None and role != "tool":
        out["name"] = message.name
    if isinstance(message, AIMessage) and message.tool_calls:
        out["tool_calls"] = [
            {
                "id": tc["id"],
                "type": "function",
                "function": {"name": tc["name"], "arguments": json.dumps(tc["args"], ensure_ascii=False)},
            }
            for tc in message.tool_calls
        ]
        if content in ("", []):
            out["content"] = None
    if isinstance(message, ToolMessage):
        out["tool_call_id"] = message.tool_call_id
    meta = _meta(message, content)
    if meta:
        out["meta"] = {NS: meta, **({"key": message.id} if message_id(message) else {})}
    return out


def _meta(message: BaseMessage, content: Any) -> dict[str, Any]:
    keep: dict[str, Any] = {}
    if isinstance(message, ChatMessage):
        keep["class"] = "ChatMessage"
        keep["role"] = message.role
    if message_id(message):
        keep["id"] = message.id
    if message.content != content and message.content != ("" if content is None else content):
        keep["content"] = _plain(message.content)
    for field in ("response_metadata", "additional_kwargs"):
        if getattr(message, field):
            keep[field] = _plain(getattr(message, field))
    if isinstance(message, AIMessage):
        if message.usage_metadata:
            keep["usage_metadata"] = _plain(dict(message.usage_metadata))
        if message.invalid_tool_calls:
            keep["invalid_tool_calls"] = _plain([dict(c) for c in message.invalid_tool_calls])
        if any(_plain(tc["args"]) != tc["args"] for tc in message.tool_calls):
            keep["tool_args"] = [_plain(tc["args"]) for tc in message.tool_calls]
    if isinstance(message, ToolMessage):
        if message.status != "success":
            keep["status"] = message.status
        if message.artifact is not None:
            keep["artifact"] = _plain(message.artifact)
        if message.name is not None:
            keep["name"] = message.name
    return keep


def _one(m: Mapping[str, Any], names: Mapping[str, str], meta: Mapping[str, Any] | None) -> BaseMessage:
    role, content = m["role"], m.get("content")
    content = "" if content is None else content
    kw: dict[str, Any] = {"name": m["name"]} if m.get("name") else {}
    if meta and meta.get("id"):
        kw["id"] = meta["id"]
    if role == "system":
        return SystemMessage(content=content, **kw)
    if role == "user":
        return HumanMessage(content=content, **kw)
    if role == "assistant":
        calls = [
            {"id": c["id"], "name": c["function"]["name"], "args": json.loads(c["function"]["arguments"] or "{}")}
            for c in m.get("tool_calls") or ()
        ]
        return AIMessage(content=content, tool_calls=[{**c, "type": "tool_call"} for c in calls], **kw)
    if role == "tool":
        tid = m["tool_call_id"]
        return ToolMessage(content=content, tool_call_id=tid, name=names.get(tid), **{k: v for k, v in kw.items()})
    raise InvalidMessage("role", f"no LangChain message for role {role!r}")


def _same(a: Any, b: Any) -> bool:
    empty: tuple[Any, ...] = ("", [], None)
    return a == b or (a in empty and b in empty)


def from_stored(message: Message | Mapping[str, Any], names: Mapping[str, str] | None = None) -> BaseMessage:
    """The LangChain message a stored message stands for, everything :func:`to_openai` kept restored (a chunk
    comes back as its message class; a content the thread shows shortened stays as shown)."""
    m = message.to_stored() if isinstance(message, Message) else message
    meta = (m.get("meta") or {}).get(NS) or {}
    base = _one(m, names or {}, meta)
    if not meta:
        return base
    fields: dict[str, Any] = {}
    if "content" in meta and _same(_content_in(meta["content"], m["role"]), m.get("content")):
        fields["content"] = meta["content"]
    for field in ("response_metadata", "additional_kwargs", "usage_metadata", "invalid_tool_calls", "status"):
        if field in meta:
            fields[field] = meta[field]
    for field in ("artifact", "name"):
        if field in meta:
            fields[field] = meta[field]
    if "tool_args" in meta and isinstance(base, AIMessage):
        fields["tool_calls"] = [{**tc, "args": a} for tc, a in zip(base.tool_calls, meta["tool_args"], strict=False)]
    if meta.get("class") == "ChatMessage":
        data: dict[str, Any] = {k: v for k, v in fields.items() if k != "usage_metadata"}
        data.setdefault("content", base.content)
        if base.id:
            data["id"] = base.id
        return ChatMessage(role=meta.get("role", m["role"]), **data)
    return base.model_copy(update=fields)


def from_openai(
    messages: Iterable[Mapping[str, Any] | Message], cache: OrderedDict[str, BaseMessage] | None = None
) -> list[BaseMessage]:
    """OpenAI chat dicts or stored messages (as ``Thread.assemble`` gives them) as the LangChain messages a model
    is sent: the chat form plus the id; a tool message gets the ``name`` of the call it answers. ``cache``
    (message key -> message) reuses earlier conversions: the recent window repeats from request to request."""
    from ._mirror import message_key, short

    out: list[BaseMessage] = []
    names: dict[str, str] = {}
    for raw in messages:
        m = raw.to_stored() if isinstance(raw, Message) else raw
        meta = (m.get("meta") or {}).get(NS)
        if m["role"] == "assistant":
            names.update((c["id"], c["function"]["name"]) for c in m.get("tool_calls") or ())
        if cache is None or m["role"] == "system":
            out.append(_one(m, names, meta))
            continue
        key = message_key({**m, "name": names.get(m["tool_call_id"])} if m["role"] == "tool" else m)
        key = f"{key}|{json.dumps(short(m.get('content')), default=str)}" if key.startswith("key:") else key
        hit = cache.get(key)
        if hit is None:
            hit = cache[key] = _one(m, names, meta)
            if len(cache) > _CACHE:
                cache.popitem(last=False)
        else:
            cache.move_to_end(key)
        out.append(hit)
    return out
