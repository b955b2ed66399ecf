"""OpenAI Agents SDK: a ``Session`` that keeps any conversation in budget (``pip install 'chatcompact[agents]'``).

::

    from agents import Agent, Runner
    from chatcompact import Memory
    from chatcompact.integrations.openai_agents import ChatcompactSession

    mem = Memory.open("sqlite:///agents.db")
    session = ChatcompactSession("user-42", mem, budget=4000)
    result = await Runner.run(agent, "Where is my order?", session=session)

The Runner calls ``get_items()`` before each turn and sends what it returns, followed by the new input:
here that is ``thread.context(budget, query=<latest stored user message>)`` (summary, pinned spans, recalled
quotes, recent window) as Responses input items, so the history part of every request stays within
``budget`` whatever the model, and compaction runs in chatcompact's background. (The Runner reads the session
once per run and appends the run's own items to it, so one run's tool loop is not compacted until the next run.)
``add_items`` stores every item it is given; function calls and their outputs round-trip with their ``call_id``,
name, arguments and output.

``get_items(limit=N)`` returns the latest N stored items verbatim (what the SDK's protocol says, and what it
uses to check its own writes), not the compacted view. The thread's log is append-only, so ``pop_item`` and
``clear_session`` raise :class:`~chatcompact.ChatcompactError` (the Runner only pops to undo a retried write,
and logs the refusal); use a new ``session_id`` to start over.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..errors import ChatcompactError, InvalidMessage, MissingDependency
from ..runtime.memory import Memory
from ..types import Message

try:
    import agents  # noqa: F401  (the extra must be installed for the Runner to use this session)
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise MissingDependency("openai-agents", "agents") from exc

__all__ = ["ChatcompactSession", "items_to_messages", "messages_to_items"]

log = logging.getLogger("chatcompact.integrations.openai_agents")

_TEXT_PARTS = ("input_text", "output_text", "text")


def _item(raw: Any) -> dict[str, Any]:
    if isinstance(raw, Mapping):
        return dict(raw)
    dump = getattr(raw, "model_dump", None)  # the SDK's pydantic output items
    if dump is None:
        raise InvalidMessage("item", f"expected a Responses input item (dict), got {type(raw).__name__}")
    return dump(exclude_unset=True)


def _text_of(content: Any, role: str) -> Any:
    if isinstance(content, str):
        return content
    parts: list[dict[str, Any]] = []
    for p in content or ():
        kind = p.get("type")
        if kind in _TEXT_PARTS:
            parts.append({"type": "text", "text": p.get("text", "")})
        elif kind == "refusal":
            parts.append({"type": "refusal", "refusal": p.get("refusal", "")})
        elif kind == "input_image" and p.get("image_url") and role == "user":
            parts.append({"type": "image_url", "image_url": {"url": p["image_url"]}})
        else:
            raise InvalidMessage("content", f"cannot store a {kind!r} content part")
    if len(parts) == 1 and parts[0]["type"] == "text":
        return parts[0]["text"]
    return parts


def _output(output: Any) -> Any:
    if isinstance(output, str):
        return output
    if isinstance(output, list) and all(isinstance(p, Mapping) and p.get("type") == "input_text" for p in output):
        return [{"type": "text", "text": p.get("text", "")} for p in output]
    return json.dumps(output, ensure_ascii=False)


def items_to_messages(items: Iterable[Any]) -> list[dict[str, Any]]:
    """Responses input items as OpenAI chat dicts: messages by role, consecutive ``function_call`` items as
    one assistant message with ``tool_calls``, each ``function_call_output`` as a tool message. Reasoning
    items (opaque, model-bound) are skipped with a log line; other item types raise InvalidMessage."""
    out: list[dict[str, Any]] = []
    for raw in items:
        item = _item(raw)
        kind = item.get("type", "message")
        if kind == "message":
            role = item.get("role")
            role = "system" if role == "developer" else role
            out.append({"role": role, "content": _text_of(item.get("content"), str(role))})
        elif kind == "function_call":
            call = {
                "id": item["call_id"],
                "type": "function",
                "function": {"name": item["name"], "arguments": item.get("arguments") or "{}"},
            }
            prev = out[-1] if out else None
            if prev is not None and prev.get("_calls_only"):
                prev["tool_calls"].append(call)
            else:
                out.append({"role": "assistant", "content": None, "tool_calls": [call], "_calls_only": True})
        elif kind == "function_call_output":
            out.append({"role": "tool", "tool_call_id": item["call_id"], "content": _output(item.get("output"))})
        elif kind == "reasoning":
            log.debug("skipping a reasoning item (opaque to other models)")
        else:
            raise InvalidMessage("type", f"cannot store a Responses item of type {kind!r}")
    for m in out:
        m.pop("_calls_only", None)
    return out


def _content_items(content: Any, role: str) -> Any:
    if isinstance(content, str) or content is None:
        return content or ""
    kind = "output_text" if role == "assistant" else "input_text"
    parts = []
    for p in content:
        if p["type"] == "text":
            parts.append({"type": kind, "text": p["text"]})
        elif p["type"] == "refusal":
            parts.append({"type": "refusal", "refusal": p["refusal"]})
        elif p["type"] == "image_url":
            parts.append({"type": "input_image", "image_url": p["image_url"]["url"], "detail": "auto"})
    return parts


def messages_to_items(messages: Iterable[Mapping[str, Any] | Message]) -> list[dict[str, Any]]:
    """OpenAI chat dicts (or stored messages) as Responses input items: the inverse of :func:`items_to_messages`."""
    out: list[dict[str, Any]] = []
    for raw in messages:
        m = raw.to_openai() if isinstance(raw, Message) else raw
        role, content = m["role"], m.get("content")
        if role == "tool":
            output: Any = content
            if not isinstance(content, str):
                output = [{"type": "input_text", "text": p["text"]} for p in content or ()]
            out.append({"type": "function_call_output", "call_id": m["tool_call_id"], "output": output})
            continue
        if content not in (None, "", []) or not m.get("tool_calls"):
            out.append({"role": role, "content": _content_items(content, role)})
        for c in m.get("tool_calls") or ():
            fn = c["function"]
            out.append({"type": "function_call", "call_id": c["id"], "name": fn["name"], "arguments": fn["arguments"]})
    return out


def _latest_user(messages: Sequence[Message]) -> str | None:
    return next((m.text for m in reversed(messages) if m.role == "user" and m.text), None)


class ChatcompactSession:
    """The Agents SDK's ``Session`` protocol over a :class:`~chatcompact.Thread` named ``session_id``.

    ``budget``: tokens for the history part of each request (the agent's instructions, tools and the new
    input come on top). ``query=False`` sends no query (no recalled quotes). ``session_settings``: the SDK's
    :class:`agents.memory.SessionSettings`, if any.
    """

    def __init__(
        self,
        session_id: str,
        memory: Memory,
        budget: int,
        *,
        query: bool = True,
        session_settings: Any = None,
    ) -> None:
        self.session_id = session_id
        self.memory = memory
        self.budget = budget
        self.query = query
        self.session_settings = session_settings
        self.thread = memory.thread(session_id, budget=budget)

    def _recent(self, n: int) -> list[Message]:
        last = self.thread.stats()["messages"]
        return self.thread.history(after=max(0, last - n))

    def view(self) -> list[dict[str, Any]]:
        """The compacted history as Responses input items (what ``get_items()`` returns)."""
        query = _latest_user(self._recent(8)) if self.query else None
        return messages_to_items(self.thread.context(self.budget, query=query))

    def tail(self, limit: int) -> list[dict[str, Any]]:
        """The latest ``limit`` stored items, verbatim (what ``get_items(limit)`` returns)."""
        if limit <= 0:
            return []
        items = messages_to_items(self._recent(limit))
        return items[-limit:]

    async def get_items(self, limit: int | None = None) -> list[dict[str, Any]]:
        """The compacted view (``limit=None``) or the latest ``limit`` items verbatim."""
        if limit is None:
            return await asyncio.to_thread(self.view)
        return await asyncio.to_thread(self.tail, limit)

    async def add_items(self, items: list[Any]) -> None:
        """Store the items, all or nothing (InvalidMessage / InvalidSequence name what was wrong)."""
        messages = items_to_messages(items)
        if messages:
            await asyncio.to_thread(self.thread.add_many, messages)

    async def pop_item(self) -> Any:
        """Refused: the thread's log is append-only."""
        raise ChatcompactError(f"session {self.session_id!r} is append-only: its items cannot be popped")

    async def clear_session(self) -> None:
        """Refused: the thread's log is append-only; use a new session_id."""
        raise ChatcompactError(f"session {self.session_id!r} is append-only and cannot be cleared; use a new id")
