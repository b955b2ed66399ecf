"""Pydantic AI: every model request of a run kept in budget (``pip install 'chatcompact[pydantic-ai]'``).

::

    from pydantic_ai import Agent
    from chatcompact import Memory
    from chatcompact.integrations.pydantic_ai import ChatcompactCapability, ChatcompactProcessor

    mem = Memory.open("sqlite:///agent.db")
    agent = Agent(model, capabilities=[ChatcompactCapability(ChatcompactProcessor(mem, "user-42", budget=8000))])

Before each model request the capability stores the messages the thread lacks and sends the model
``thread.context(budget, query=<latest user prompt>, tools=<the request's tool schemas>)`` (the run's
instructions counted too) as Pydantic AI messages; after it, it stores the response. The run's own history is
left alone: ``result.all_messages()`` is the full record of the run, the compaction applies to the model
request only. Compaction runs in chatcompact's background, never in the request.

Three ways in, one processor:

- :class:`ChatcompactCapability` (Pydantic AI 2.x ``capabilities=[...]``): the above;
- :class:`ChatcompactModel`, a model wrapper (Pydantic AI 1.x and 2.x: ``Agent(ChatcompactModel(model,
  processor))``): the same at the model boundary; ``thread_id`` must then be a string (a model has no run context);
- the plain processor (``history_processors=[processor]`` in 1.x, ``ProcessHistory(processor)`` in 2.x): Pydantic AI
  then replaces the run's history with what a processor returns, so ``all_messages()`` is the compacted view, and a
  processor sees no tool schemas; it stores a run's final answer only when the next run passes it back in
  ``message_history`` (or call :meth:`ChatcompactProcessor.record`).

Conversion (:func:`to_openai`, :func:`from_stored`) keeps every part and field of a message (thinking parts,
timestamps, usage, provider details, native-tool parts) in its ``meta``; what a model is sent is model-neutral:
text, images, tool calls and returns (thinking parts are not re-sent).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from ..errors import InvalidMessage, MissingDependency
from ..runtime.memory import Memory
from ..types import Message
from ._mirror import Mirror, Mirrors, forgotten, message_key

try:
    from pydantic_ai import RunContext
    from pydantic_ai.messages import (
        ImageUrl,
        ModelMessage,
        ModelMessagesTypeAdapter,
        ModelRequest,
        ModelResponse,
        SystemPromptPart,
        TextPart,
        ToolCallPart,
        ToolReturnPart,
        UserPromptPart,
    )
    from pydantic_ai.models.wrapper import WrapperModel
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise MissingDependency("pydantic-ai-slim", "pydantic-ai") from exc

try:
    from pydantic_ai.capabilities import AbstractCapability

    _Capability: Any = AbstractCapability
except ImportError:  # pragma: no cover - Pydantic AI 1.x has no capabilities: use ChatcompactModel
    _Capability = object

__all__ = [
    "ChatcompactCapability",
    "ChatcompactModel",
    "ChatcompactProcessor",
    "from_openai",
    "from_stored",
    "to_openai",
]

NS = "pydantic_ai"
#: Marks the system part this processor writes (system prompt + summary), so it is never stored back.
MARK = {"chatcompact": "context"}
_HOLE = "$chatcompact"  # a part field left out of the kept copy: it is the stored message's own text
_DICT = "$chatcompact_dict"  # a request part that gave one chat dict


# ---------------------------------------------------------------- conversion


def _user_content(content: Any) -> Any:
    if isinstance(content, str):
        return content
    parts: list[dict[str, Any]] = []
    for c in content:
        if isinstance(c, str):
            parts.append({"type": "text", "text": c})
        elif isinstance(c, ImageUrl):
            parts.append({"type": "image_url", "image_url": {"url": c.url}})
        else:  # audio, documents, binary content: named here, kept whole in meta
            parts.append({"type": "text", "text": f"[{type(c).__name__}]"})
    return parts


def _tool_content(content: Any) -> Any:
    # a string stays a string; anything else is kept as JSON in a one-part list, so it comes back as it was
    if isinstance(content, str):
        return content
    return [{"type": "text", "text": json.dumps(content, ensure_ascii=False, default=str)}]


def _holes(msg: ModelMessage) -> list[bool]:
    """Which parts' text the chat dicts carry (left out of the kept copy, filled back from the dicts)."""
    texts = sum(1 for p in msg.parts if isinstance(p, TextPart))
    return [
        (isinstance(p, ToolCallPart) and isinstance(p.args, dict))  # string args: kept as the model wrote them
        or isinstance(p, ToolReturnPart)
        or (isinstance(p, TextPart) and texts == 1)
        or (isinstance(p, UserPromptPart) and isinstance(p.content, str))
        for p in msg.parts
    ]


def _emptied(part: Any) -> Any:
    return replace(part, args=None) if isinstance(part, ToolCallPart) else replace(part, content="")


def _kept(msg: ModelMessage) -> dict[str, Any]:
    """``msg`` as JSON without the fields its chat dicts carry (those are filled back from them)."""
    holes = _holes(msg)
    emptied: list[Any] = [_emptied(p) if h else p for p, h in zip(msg.parts, holes, strict=True)]
    original: Any = msg
    copy: Any = replace(original, parts=emptied)
    data: dict[str, Any] = ModelMessagesTypeAdapter.dump_python([copy], mode="json", exclude_defaults=True)[0]
    data["kind"] = msg.kind
    for part, raw, hole in zip(msg.parts, data["parts"], holes, strict=True):
        raw["part_kind"] = part.part_kind
        if hole:
            raw.pop("args" if isinstance(part, ToolCallPart) else "content", None)
            raw[_HOLE] = True
        if isinstance(msg, ModelRequest) and _gives_dict(part):
            raw[_DICT] = True
    return data


def _gives_dict(part: Any) -> bool:
    return isinstance(part, UserPromptPart | ToolReturnPart) or (
        hasattr(part, "model_response") and not isinstance(part, SystemPromptPart)
    )


def _response(msg: ModelResponse) -> list[dict[str, Any]]:
    text = "".join(p.content for p in msg.parts if isinstance(p, TextPart))
    calls = [
        {"id": p.tool_call_id, "type": "function", "function": {"name": p.tool_name, "arguments": p.args_as_json_str()}}
        for p in msg.parts
        if isinstance(p, ToolCallPart)
    ]
    d: dict[str, Any] = {"role": "assistant", "content": text or (None if calls else "")}
    if calls:
        d["tool_calls"] = calls
    return [d]


def _request(msg: ModelRequest) -> tuple[list[dict[str, Any]], str | None]:
    out: list[dict[str, Any]] = []
    system: str | None = None
    for part in msg.parts:
        if isinstance(part, SystemPromptPart):
            if not _ours(part):
                system = part.content if system is None else f"{system}\n\n{part.content}"
        elif isinstance(part, UserPromptPart):
            out.append({"role": "user", "content": _user_content(part.content)})
        elif isinstance(part, ToolReturnPart):
            out.append({"role": "tool", "tool_call_id": part.tool_call_id, "content": _tool_content(part.content)})
        elif _gives_dict(part):  # a retry prompt (RetryPromptPart / RetryFeedbackPart)
            text = getattr(part, "model_response")()  # noqa: B009 - only some part kinds have it
            call_id = getattr(part, "tool_call_id", None)
            if getattr(part, "tool_name", None) and call_id:
                out.append({"role": "tool", "tool_call_id": call_id, "content": text})
            else:
                out.append({"role": "user", "content": text})
    return out, system


_MARK_REF = "chatcompact:context"  # Pydantic AI 1.x parts have no metadata: the mark rides on dynamic_ref
_HAS_METADATA = "metadata" in getattr(SystemPromptPart, "__dataclass_fields__", {})


def _context_part(content: str) -> SystemPromptPart:
    if _HAS_METADATA:
        return SystemPromptPart(content=content, metadata=dict(MARK))  # type: ignore[call-arg, unused-ignore]
    return SystemPromptPart(content=content, dynamic_ref=_MARK_REF)


def _ours(part: SystemPromptPart) -> bool:
    return getattr(part, "metadata", None) == MARK or part.dynamic_ref == _MARK_REF


def _marked(msg: ModelMessage) -> bool:
    return isinstance(msg, ModelRequest) and any(isinstance(p, SystemPromptPart) and _ours(p) for p in msg.parts)


def to_openai(messages: Iterable[ModelMessage], *, keep: bool = True) -> tuple[list[dict[str, Any]], str | None]:
    """Pydantic AI messages as OpenAI chat dicts, plus the system prompt they carry (None if none).

    A response is one assistant dict (its text, its tool calls); a request one dict per user prompt, tool
    return or retry prompt. The first dict of each message keeps the whole message in ``meta`` (thinking parts,
    timestamps, usage, ids, provider details, other parts), its texts left to the dicts: :func:`from_stored`
    gives the messages back, equal to these (``keep=False``: no meta). The system part this processor writes
    is skipped.
    """
    out: list[dict[str, Any]] = []
    system: str | None = None
    for msg in messages:
        if isinstance(msg, ModelResponse):
            dicts = _response(msg)
        else:
            dicts, sys = _request(msg)
            system = sys if system is None else (f"{system}\n\n{sys}" if sys else system)
            if _marked(msg):
                continue
        if dicts and keep:
            dicts[0]["meta"] = {NS: {"m": _kept(msg), "n": len(dicts)}}
        out += dicts
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


def from_openai(messages: Iterable[dict[str, Any] | Message]) -> list[ModelMessage]:
    """OpenAI chat dicts (an assembled context) as the Pydantic AI messages a model is sent: consecutive
    non-assistant messages share one ModelRequest; a system message becomes a marked ``SystemPromptPart``; a
    tool return gets its call's tool name."""
    out: list[ModelMessage] = []
    parts: list[Any] = []
    names: dict[str, str] = {}
    for raw in messages:
        m = raw.to_openai() if isinstance(raw, Message) else raw
        role = m["role"]
        if role == "assistant":
            if parts:
                out.append(ModelRequest(parts=parts))
                parts = []
            rparts: list[Any] = (
                [TextPart(content=m["content"])] if isinstance(m.get("content"), str) and m["content"] else []
            )
            for c in m.get("tool_calls") or ():
                names[c["id"]] = c["function"]["name"]
                rparts.append(ToolCallPart(c["function"]["name"], json.loads(c["function"]["arguments"]), c["id"]))
            out.append(ModelResponse(parts=rparts))
        elif role == "system":
            parts.append(_context_part(m["content"]))
        elif role == "user":
            parts.append(_user_part(m["content"]))
        elif role == "tool":
            cid = m["tool_call_id"]
            parts.append(ToolReturnPart(names.get(cid, ""), _tool_return(m["content"]), cid))
    if parts:
        out.append(ModelRequest(parts=parts))
    return out


def _fill(kept: dict[str, Any], group: Sequence[dict[str, Any]]) -> ModelMessage:
    data = json.loads(json.dumps(kept))
    if data["kind"] == "response":
        m = group[0]
        calls = iter(m.get("tool_calls") or ())
        for raw in data["parts"]:
            if raw["part_kind"] == "tool-call":
                args = next(calls)["function"]["arguments"]
                if raw.pop(_HOLE, False):
                    raw["args"] = json.loads(args)
            elif raw.pop(_HOLE, False):
                raw["content"] = m.get("content") or ""
    else:
        dicts = iter(group)
        for raw in data["parts"]:
            if raw.pop(_DICT, False):
                d = next(dicts)
                if raw.pop(_HOLE, False):
                    raw["content"] = _tool_return(d["content"]) if raw["part_kind"] == "tool-return" else d["content"]
    return ModelMessagesTypeAdapter.validate_python([data])[0]


def from_stored(messages: Sequence[Message]) -> list[ModelMessage]:
    """Stored messages (``thread.history()``) as the Pydantic AI messages :func:`to_openai` was given."""
    out: list[ModelMessage] = []
    plain: list[dict[str, Any]] = []
    i = 0
    while i < len(messages):
        m = messages[i].to_stored()
        kept = (m.get("meta") or {}).get(NS)
        if not kept:
            plain.append(m)
            i += 1
            continue
        out += from_openai(plain)
        plain = []
        n = int(kept["n"])
        out.append(_fill(kept["m"], [x.to_stored() for x in messages[i : i + n]]))
        i += n
    return out + from_openai(plain)


# ---------------------------------------------------------------- the processor


def _key(msg: ModelMessage) -> str:
    dicts, _ = to_openai([msg], keep=False)
    return "|".join(message_key(d) for d in dicts) or f"empty:{id(msg)}"


def _convert(messages: Sequence[ModelMessage]) -> list[dict[str, Any]]:
    return to_openai(messages)[0]


def _latest_user(dicts: Sequence[dict[str, Any]]) -> str | None:
    for d in reversed(dicts):
        if d["role"] == "user":
            c = d["content"]
            text = c if isinstance(c, str) else " ".join(p.get("text", "") for p in c)
            return text or None
    return None


def _tools(params: Any) -> list[dict[str, Any]]:
    """A request's tool definitions as OpenAI tool schemas (what its budget pays for first)."""
    out = []
    for t in [*(getattr(params, "function_tools", None) or ()), *(getattr(params, "output_tools", None) or ())]:
        fn = {"name": t.name, "description": t.description or "", "parameters": t.parameters_json_schema}
        out.append({"type": "function", "function": fn})
    return out


def _instructions(params: Any, messages: Sequence[ModelMessage]) -> str | None:
    parts = getattr(params, "instruction_parts", None)
    if parts:
        return "\n\n".join(str(getattr(p, "content", p)) for p in parts) or None
    last = next((m for m in reversed(messages) if isinstance(m, ModelRequest)), None)
    return last.instructions if last is not None else None


class ChatcompactProcessor:
    """A Pydantic AI history processor over a chatcompact thread (and the engine of the capability and model).

    ``thread_id``: a fixed id, or a function of the run context (e.g. ``lambda ctx: ctx.deps.user_id``).
    ``budget``: tokens of each request: system prompt, instructions, summary and messages, and the tool schemas
    when the capability or the model wrapper is used. ``query=False`` sends no query (no recalled quotes).
    """

    def __init__(
        self, memory: Memory, thread_id: str | Callable[[Any], str], budget: int, *, query: bool = True
    ) -> None:
        self.memory = memory
        self.thread_id = thread_id
        self.budget = budget
        self.query = query
        self._mirrors = Mirrors(memory, budget, key=_key)
        self._prompts: dict[str, str] = {}  # thread id -> the latest user prompt seen (the query of tool steps)

    def _tid(self, ctx: Any) -> str:
        return str(self.thread_id(ctx) if callable(self.thread_id) else self.thread_id)

    def _mirror(self, ctx: Any, messages: Sequence[ModelMessage]) -> Mirror:
        system = _request(messages[0])[1] if messages and isinstance(messages[0], ModelRequest) else None
        return self._mirrors.get(self._tid(ctx), system)

    def view(
        self,
        ctx: Any,
        messages: list[ModelMessage],
        tools: Sequence[dict[str, Any]] | None = None,
        instructions: str | None = None,
    ) -> list[ModelMessage]:
        """Store what the thread lacks; return the budgeted context to send in place of ``messages``."""
        mirror = self._mirror(ctx, messages)
        mirror.sync(messages, _convert)
        tok = self.memory.tokenizer
        extra = 0
        if instructions:
            extra = tok.count_messages([Message(role="system", content=instructions)]) - tok.count_messages([])
        last = next((m for m in reversed(messages) if isinstance(m, ModelRequest)), None)
        query = self._query(self._tid(ctx), mirror, last) if self.query else None
        result = mirror.thread.assemble(max(1, self.budget - extra), query=query, tools=tools or None)
        shown = [m for m in result.messages if not forgotten(m)]
        view = from_openai(shown)
        if last is not None and view and isinstance(view[-1], ModelRequest):
            view[-1].instructions = last.instructions  # the run's instructions ride on its latest request
        return view

    def _query(self, tid: str, mirror: Mirror, last: ModelRequest | None) -> str | None:
        """The latest user prompt: in the request, else the one seen last (a tool step), else the stored one."""
        text = _latest_user(to_openai([last], keep=False)[0]) if last is not None else None
        if text is None:
            text = self._prompts.get(tid)
        if text is None:
            thread = mirror.thread
            recent = thread.history(after=max(0, thread.stats()["messages"] - 8))
            text = next((m.text for m in reversed(recent) if m.role == "user" and m.text), None)
        if text is not None:
            self._prompts[tid] = text
        return text

    def __call__(self, ctx: RunContext[Any], messages: list[ModelMessage]) -> list[ModelMessage]:
        """As a history processor: the view (Pydantic AI makes it the run's history; see the module docstring)."""
        view = self.view(ctx, messages)
        self._mirror(ctx, messages).assume_known(view)  # the run goes on from this view
        return view

    def record(self, ctx: Any, messages: Sequence[ModelMessage]) -> None:
        """Store ``messages`` (e.g. a run's ``new_messages()``) that the thread lacks."""
        self._mirror(ctx, messages).sync(list(messages), _convert)

    def record_response(self, ctx: Any, response: ModelResponse, after: Sequence[ModelMessage] = ()) -> None:
        """Store a model response that follows ``after`` (the messages the request was built from)."""
        mirror = self._mirrors.get(self._tid(ctx))
        mirror.record([response], _convert, after=list(after))


class ChatcompactCapability(_Capability):  # type: ignore[misc]
    """A Pydantic AI 2.x capability: the budgeted context for each model request, each response stored."""

    def __init__(self, processor: ChatcompactProcessor) -> None:
        self.processor = processor
        self._sent: dict[int, list[ModelMessage]] = {}

    @classmethod
    def get_serialization_name(cls) -> str | None:
        return None  # holds a live Memory: not part of an agent spec

    async def before_model_request(self, ctx: RunContext[Any], request_context: Any) -> Any:
        """Send the thread's budgeted context; the run's history (``all_messages()``) stays as it is."""
        messages = list(request_context.messages)
        params = request_context.model_request_parameters
        tools, instructions = _tools(params), _instructions(params, messages)
        view = await asyncio.to_thread(self.processor.view, ctx, messages, tools, instructions)
        if len(self._sent) > 64:  # requests that never got an answer (the model call raised)
            self._sent.clear()
        self._sent[id(request_context)] = messages  # the same object reaches after_model_request
        request_context.messages = view
        return request_context

    async def after_model_request(self, ctx: RunContext[Any], *, request_context: Any, response: Any) -> Any:
        """Store the model's response in the thread."""
        after = self._sent.pop(id(request_context), [])
        await asyncio.to_thread(self.processor.record_response, ctx, response, after)
        return response


class ChatcompactModel(WrapperModel):
    """A model wrapper (Pydantic AI 1.x and 2.x): each request sent as the processor's budgeted context, tool
    schemas and instructions counted; each response stored. The processor's ``thread_id`` must be a string."""

    def __init__(self, wrapped: Any, processor: ChatcompactProcessor) -> None:
        super().__init__(wrapped)
        if callable(processor.thread_id):
            raise InvalidMessage("thread_id", "ChatcompactModel has no run context: give the processor a string id")
        self.processor = processor

    async def request(self, messages: list[ModelMessage], model_settings: Any, model_request_parameters: Any) -> Any:
        """The wrapped model's answer to the budgeted context."""
        tools = _tools(model_request_parameters)
        instructions = _instructions(model_request_parameters, messages)
        view = await asyncio.to_thread(self.processor.view, None, messages, tools, instructions)
        response = await self.wrapped.request(view, model_settings, model_request_parameters)
        await asyncio.to_thread(self.processor.record_response, None, response, messages)
        return response
