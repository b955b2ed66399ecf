"""Pydantic AI: a history processor that keeps any run in budget (``pip install 'chatcompact[pydantic-ai]'``).

::

    from pydantic_ai import Agent
    from pydantic_ai.capabilities import ProcessHistory
    from chatcompact import Memory
    from chatcompact.integrations.pydantic_ai import ChatcompactProcessor

    mem = Memory.open("sqlite:///agent.db")
    agent = Agent(model, capabilities=[ChatcompactCapability(ChatcompactProcessor(mem, "user-42", budget=4000))])

Before each model request the processor stores the messages the thread lacks and returns ``thread.context(budget,
query=<latest user prompt>)`` as Pydantic AI messages; the run goes on from that view, so its history stays
bounded too. :class:`ChatcompactCapability` also stores each model response as it arrives; the plain processor
(``ProcessHistory(processor)``, or ``history_processors=[processor]`` in Pydantic AI 1.x) stores a run's final
answer only when the next run passes it back in ``message_history`` (or call :meth:`ChatcompactProcessor.record`).
Compaction runs in chatcompact's background, never in the request.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..errors import InvalidMessage, MissingDependency
from ..runtime.memory import Memory, Thread
from ._mirror import Mirror

try:
    from pydantic_ai import RunContext
    from pydantic_ai.capabilities import AbstractCapability
    from pydantic_ai.messages import (
        ImageUrl,
        ModelMessage,
        ModelRequest,
        ModelResponse,
        SystemPromptPart,
        TextPart,
        ToolCallPart,
        ToolReturnPart,
        UserPromptPart,
    )
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise MissingDependency("pydantic-ai-slim", "pydantic-ai") from exc

__all__ = ["ChatcompactCapability", "ChatcompactProcessor", "from_openai", "to_openai"]

#: Marks the system part this processor writes (system prompt + summary), so it is never stored back.
MARK = {"chatcompact": "context"}


def _user_content(content: Any) -> Any:
    if isinstance(content, str):
        return content
    parts: list[dict[str, Any]] = []
    for c in content:
        if isinstance(c, str):
            parts.append({"type": "text", "text": c})
        elif isinstance(c, ImageUrl):
            parts.append({"type": "image_url", "image_url": {"url": c.url}})
        else:
            raise InvalidMessage("content", f"cannot store a {type(c).__name__} user part")
    return parts


def _tool_content(content: Any) -> Any:
    # a string stays a string; anything else is kept as JSON in a one-part list, so it comes back as it was
    if isinstance(content, str):
        return content
    return [{"type": "text", "text": json.dumps(content, ensure_ascii=False, default=str)}]


def to_openai(messages: Iterable[ModelMessage]) -> tuple[list[dict[str, Any]], str | None]:
    """Pydantic AI messages as OpenAI chat dicts, plus the system prompt they carry (None if none).

    Kept: user prompts (text, image URLs), text responses, tool calls (name, arguments, id) and tool returns
    (name restored from the call; non-string content kept as JSON). A retry prompt becomes a tool return or a
    user message holding its text. Not kept: thinking parts, timestamps, usage, provider details.
    """
    out: list[dict[str, Any]] = []
    system: str | None = None
    for msg in messages:
        if isinstance(msg, ModelResponse):
            text = "".join(p.content for p in msg.parts if isinstance(p, TextPart))
            calls = [
                {
                    "id": p.tool_call_id,
                    "type": "function",
                    "function": {"name": p.tool_name, "arguments": p.args_as_json_str()},
                }
                for p in msg.parts
                if isinstance(p, ToolCallPart)
            ]
            if text or calls:
                d: dict[str, Any] = {"role": "assistant", "content": text or None}
                if calls:
                    d["tool_calls"] = calls
                out.append(d)
            continue
        for part in msg.parts:
            if isinstance(part, SystemPromptPart):
                if part.metadata != MARK:
                    system = part.content if system is None else f"{system}\n\n{part.content}"
            elif isinstance(part, UserPromptPart):
                out.append({"role": "user", "content": _user_content(part.content)})
            elif isinstance(part, ToolReturnPart):
                out.append({"role": "tool", "tool_call_id": part.tool_call_id, "content": _tool_content(part.content)})
            elif hasattr(part, "model_response"):  # a retry prompt (RetryPromptPart / RetryFeedbackPart)
                call_id = getattr(part, "tool_call_id", None)
                if getattr(part, "tool_name", None) and call_id:
                    out.append({"role": "tool", "tool_call_id": call_id, "content": part.model_response()})
                else:
                    out.append({"role": "user", "content": part.model_response()})
    return out, system


def _user_part(content: Any) -> UserPromptPart:
    if isinstance(content, str):
        return UserPromptPart(content=content)
    items: list[Any] = []
    for p in content:
        items.append(p["text"] if p["type"] == "text" else ImageUrl(url=p["image_url"]["url"]))
    return UserPromptPart(content=items)


def _tool_return(content: Any) -> Any:
    if isinstance(content, str):
        return content
    text = "".join(p.get("text", "") for p in content)
    try:
        return json.loads(text)
    except ValueError:
        return text


def from_openai(messages: Iterable[dict[str, Any]]) -> list[ModelMessage]:
    """OpenAI chat dicts as Pydantic AI messages: consecutive non-assistant messages share one ModelRequest;
    a system message becomes a marked ``SystemPromptPart``; a tool return gets its call's tool name."""
    out: list[ModelMessage] = []
    parts: list[Any] = []
    names: dict[str, str] = {}
    for m in messages:
        role = m["role"]
        if role == "assistant":
            if parts:
                out.append(ModelRequest(parts=parts))
                parts = []
            rparts: list[Any] = [TextPart(content=m["content"])] if m.get("content") else []
            for c in m.get("tool_calls") or ():
                names[c["id"]] = c["function"]["name"]
                rparts.append(ToolCallPart(c["function"]["name"], json.loads(c["function"]["arguments"]), c["id"]))
            out.append(ModelResponse(parts=rparts))
        elif role == "system":
            parts.append(SystemPromptPart(content=m["content"], metadata=dict(MARK)))
        elif role == "user":
            parts.append(_user_part(m["content"]))
        elif role == "tool":
            cid = m["tool_call_id"]
            parts.append(ToolReturnPart(names.get(cid, ""), _tool_return(m["content"]), cid))
    if parts:
        out.append(ModelRequest(parts=parts))
    return out


def _latest_user(dicts: Sequence[dict[str, Any]]) -> str | None:
    for d in reversed(dicts):
        if d["role"] == "user":
            c = d["content"]
            text = c if isinstance(c, str) else " ".join(p.get("text", "") for p in c)
            return text or None
    return None


class ChatcompactProcessor:
    """A Pydantic AI history processor over a chatcompact thread.

    ``thread_id``: a fixed id, or a function of the run context (e.g. ``lambda ctx: ctx.deps.user_id``).
    ``budget``: tokens of the history sent (system prompt, summary and messages; tool schemas and
    instructions come on top). ``query=False`` sends no query (no recalled quotes).
    """

    def __init__(
        self, memory: Memory, thread_id: str | Callable[[Any], str], budget: int, *, query: bool = True
    ) -> None:
        self.memory = memory
        self.thread_id = thread_id
        self.budget = budget
        self.query = query
        self._mirrors: dict[str, Mirror] = {}
        self._systems: dict[str, str] = {}
        self._views: dict[str, list[dict[str, Any]]] = {}

    def _thread(self, tid: str, system: str | None) -> tuple[Thread, Mirror]:
        if tid not in self._mirrors or (system is not None and self._systems.get(tid) != system):
            thread = self.memory.thread(tid, system=system, budget=self.budget)
            if system is not None:
                self._systems[tid] = system
            self._mirrors.setdefault(tid, Mirror(thread))
        return self._mirrors[tid].thread, self._mirrors[tid]

    def _tid(self, ctx: Any) -> str:
        return str(self.thread_id(ctx) if callable(self.thread_id) else self.thread_id)

    def __call__(self, ctx: RunContext[Any], messages: list[ModelMessage]) -> list[ModelMessage]:
        """Store what the thread lacks; return the budgeted context in place of ``messages``."""
        tid = self._tid(ctx)
        dicts, system = to_openai(messages)
        thread, mirror = self._thread(tid, system)
        mirror.sync(dicts, dict)
        context = thread.context(self.budget, query=_latest_user(dicts) if self.query else None)
        shown = self._views[tid] = [m for m in context if m["role"] != "system"]
        mirror.assume_known(shown)
        view = from_openai(context)
        last = next((m for m in reversed(messages) if isinstance(m, ModelRequest)), None)
        if last is not None and view and isinstance(view[-1], ModelRequest):
            view[-1].instructions = last.instructions  # the run's instructions ride on its latest request
        return view

    def record(self, ctx: Any, messages: Sequence[ModelMessage]) -> None:
        """Store ``messages`` (e.g. a run's ``new_messages()``) that the thread lacks."""
        tid = self._tid(ctx)
        dicts, system = to_openai(messages)
        self._thread(tid, system)[1].sync(dicts, dict)

    def record_response(self, ctx: Any, response: ModelResponse) -> None:
        """Store a model response that follows the view this processor returned last for the thread."""
        tid = self._tid(ctx)
        dicts, _ = to_openai([response])
        _, mirror = self._thread(tid, None)
        mirror.record(dicts, dict, after=self._views.get(tid, []))


class ChatcompactCapability(AbstractCapability[Any]):
    """A Pydantic AI capability: the processor before each model request, and each response stored as it comes."""

    def __init__(self, processor: ChatcompactProcessor) -> None:
        self.processor = processor

    @classmethod
    def get_serialization_name(cls) -> str | None:
        return None  # holds a live Memory: not part of an agent spec

    async def before_model_request(self, ctx: RunContext[Any], request_context: Any) -> Any:
        """Replace the request's messages (and the run's history) with the thread's budgeted context."""
        messages = await asyncio.to_thread(self.processor, ctx, list(request_context.messages))
        request_context.messages = messages.copy()
        ctx.messages[:] = messages
        return request_context

    async def after_model_request(self, ctx: RunContext[Any], *, request_context: Any, response: Any) -> Any:
        """Store the model's response in the thread."""
        await asyncio.to_thread(self.processor.record_response, ctx, response)
        return response
