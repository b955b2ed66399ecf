"""LangChain v1 / LangGraph: an agent middleware and a chat message history (``pip install 'chatcompact[langchain]'``).

:class:`ChatcompactMiddleware` goes where ``SummarizationMiddleware`` goes::

    from langchain.agents import create_agent
    from chatcompact import Memory
    from chatcompact.integrations.langchain import ChatcompactMiddleware

    mem = Memory.open("sqlite:///agent.db")
    agent = create_agent(model, tools=[...], middleware=[ChatcompactMiddleware(mem, budget=4000)])
    agent.invoke({"messages": [{"role": "user", "content": "hi"}]}, {"configurable": {"thread_id": "u42"}})

Before each model call it stores the messages of the agent state the thread lacks, and sends the model
``thread.context(budget, query=<latest user message>)`` instead of the whole state (the agent's system
prompt and tool schemas included in the budget); after the call it stores the model's reply. It never calls a
model itself: compaction runs in chatcompact's background. The agent state is left as it is (it is the
framework's record; the thread is ours), so the middleware works with a checkpointer or without one: without
one, the thread alone carries the conversation from one ``invoke`` to the next.

:class:`ChatcompactHistory` is a ``BaseChatMessageHistory`` for ``RunnableWithMessageHistory`` chains.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any

from ..errors import ChatcompactError, InvalidMessage, MissingDependency
from ..runtime.memory import Memory, Thread
from ._mirror import Mirror, message_key

try:
    from langchain_core.chat_history import BaseChatMessageHistory
    from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage
    from langchain_core.utils.function_calling import convert_to_openai_tool
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise MissingDependency("langchain", "langchain") from exc

try:
    from langchain.agents.middleware import AgentMiddleware, ModelRequest, ModelResponse
except ImportError as exc:  # pragma: no cover
    raise MissingDependency("langchain>=1.0", "langchain") from exc

_CACHE = 512  # converted messages kept per middleware

__all__ = ["ChatcompactHistory", "ChatcompactMiddleware", "from_openai", "to_openai"]


# ---------------------------------------------------------------- conversion


def _content_in(content: Any, role: str) -> Any:
    if isinstance(content, str):
        return content
    parts: list[dict[str, Any]] = []
    for block in content:
        if isinstance(block, str):
            parts.append({"type": "text", "text": block})
        elif role == "assistant" and block.get("type") not in ("text", "refusal"):
            continue  # provider blocks (tool_use, thinking) are carried by tool_calls or dropped
        elif block.get("type") == "image" and (block.get("url") or block.get("base64")):
            # LangChain's standard image block, as the OpenAI part every provider adapter accepts
            url = block.get("url") or f"data:{block.get('mime_type', 'image/png')};base64,{block['base64']}"
            parts.append({"type": "image_url", "image_url": {"url": url}})
        else:
            parts.append({k: v for k, v in block.items() if k not in ("id", "index")})
    return parts


def to_openai(message: BaseMessage) -> dict[str, Any]:
    """A LangChain message as an OpenAI chat dict (what a :class:`~chatcompact.Thread` stores).

    Kept: role, content (text and image parts), ``name``, tool calls (id, name, arguments as JSON) and the
    tool message's ``tool_call_id``. Not kept: LangChain ids, ``response_metadata``, ``usage_metadata``,
    a tool message's ``status``; a tool message's ``name`` is restored from its call by :func:`from_openai`.
    """
    if isinstance(message, HumanMessage):
        role = "user"
    elif isinstance(message, AIMessage):
        role = "assistant"
    elif isinstance(message, ToolMessage):
        role = "tool"
    elif isinstance(message, SystemMessage):
        role = "system"
    else:
        raise InvalidMessage("role", f"cannot store a LangChain {type(message).__name__}")
    out: dict[str, Any] = {"role": role, "content": _content_in(message.content, role)}
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
        if out["content"] in ("", []):
            out["content"] = None
    if isinstance(message, ToolMessage):
        out["tool_call_id"] = message.tool_call_id
    return out


def from_openai(
    messages: Iterable[dict[str, Any]], cache: OrderedDict[str, BaseMessage] | None = None
) -> list[BaseMessage]:
    """OpenAI chat dicts (as ``Thread.context`` returns them) as LangChain messages; a tool message gets
    the ``name`` of the call it answers. ``cache`` (message key -> message) reuses earlier conversions:
    building a LangChain message costs ~0.1 ms, and the recent window repeats from request to request."""
    out: list[BaseMessage] = []
    names: dict[str, str] = {}
    for m in messages:
        if m["role"] == "assistant":
            names.update((c["id"], c["function"]["name"]) for c in m.get("tool_calls") or ())
        if cache is None or m["role"] == "system":
            out.append(_one(m, names))
            continue
        key = message_key({**m, "name": names.get(m["tool_call_id"])} if m["role"] == "tool" else m)
        hit = cache.get(key)
        if hit is None:
            hit = cache[key] = _one(m, names)
            if len(cache) > _CACHE:
                cache.popitem(last=False)
        else:
            cache.move_to_end(key)
        out.append(hit)
    return out


def _one(m: dict[str, Any], names: dict[str, str]) -> BaseMessage:
    role, content = m["role"], m.get("content")
    content = "" if content is None else content
    kw: dict[str, Any] = {"name": m["name"]} if m.get("name") else {}
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
        return ToolMessage(content=content, tool_call_id=m["tool_call_id"], name=names.get(m["tool_call_id"]))
    raise InvalidMessage("role", f"no LangChain message for role {role!r}")


def _text(message: BaseMessage) -> str:
    content = message.content
    if isinstance(content, str):
        return content
    return "\n".join(b if isinstance(b, str) else str(b.get("text", "")) for b in content)


def _latest_user(messages: Sequence[BaseMessage]) -> str | None:
    for m in reversed(messages):
        if isinstance(m, HumanMessage):
            return _text(m) or None
    return None


def _context(
    thread: Thread,
    budget: int,
    query: str | None,
    tools: list[dict[str, Any]] | None,
    cache: OrderedDict[str, BaseMessage] | None = None,
) -> tuple[SystemMessage | None, list[BaseMessage]]:
    msgs = thread.context(budget, query=query, tools=tools or None)
    system = SystemMessage(content=msgs[0]["content"]) if msgs and msgs[0]["role"] == "system" else None
    return system, from_openai(msgs[1:] if system is not None else msgs, cache)


# ---------------------------------------------------------------- middleware


class ChatcompactMiddleware(AgentMiddleware):
    """Send the model a budgeted context instead of the whole agent state (LangChain v1 ``create_agent``).

    ``memory``: an open :class:`~chatcompact.Memory` (its background compacts). ``budget``: the tokens of
    every request, system prompt, tool schemas and messages together. ``thread_id``: a fixed thread, or
    ``None`` to use the run's ``config["configurable"]["thread_id"]``. ``query=False`` sends no query
    (no recalled quotes). The agent's ``system_prompt`` becomes the thread's system prompt.
    """

    def __init__(self, memory: Memory, budget: int, *, thread_id: str | None = None, query: bool = True) -> None:
        super().__init__()
        self.memory = memory
        self.budget = budget
        self.thread_id = thread_id
        self.query = query
        self._mirrors: dict[str, Mirror] = {}
        self._systems: dict[str, str | None] = {}
        self._converted: OrderedDict[str, BaseMessage] = OrderedDict()

    @property
    def name(self) -> str:
        return "ChatcompactMiddleware"

    def _thread_id(self) -> str:
        if self.thread_id is not None:
            return self.thread_id
        from langgraph.config import get_config

        try:
            tid = get_config().get("configurable", {}).get("thread_id")
        except RuntimeError:
            tid = None
        if tid is None:
            raise ChatcompactError(
                "ChatcompactMiddleware needs a thread: pass thread_id=... or invoke the agent with "
                "config={'configurable': {'thread_id': ...}}"
            )
        return str(tid)

    def _thread(self, tid: str, system: str | None) -> tuple[Thread, Mirror]:
        if tid not in self._mirrors or (system is not None and self._systems.get(tid) != system):
            thread = self.memory.thread(tid, system=system, budget=self.budget)
            self._systems[tid] = system
            self._mirrors.setdefault(tid, Mirror(thread))
        return self._mirrors[tid].thread, self._mirrors[tid]

    def prepare(self, request: ModelRequest) -> tuple[ModelRequest, Mirror, list[BaseMessage]]:
        """Store what the thread lacks and return the request carrying the budgeted context instead."""
        source = request.state.get("messages", request.messages) if request.state else request.messages
        state_messages: list[BaseMessage] = list(source)
        system = request.system_message
        convo = [m for m in state_messages if not isinstance(m, SystemMessage)]
        if system is None:
            system = next((m for m in state_messages if isinstance(m, SystemMessage)), None)
        thread, mirror = self._thread(self._thread_id(), _text(system) if system is not None else None)
        mirror.sync(convo, to_openai)
        tools = [t if isinstance(t, dict) else convert_to_openai_tool(t) for t in request.tools]
        query = _latest_user(convo) if self.query else None
        new_system, messages = _context(thread, self.budget, query, tools, self._converted)
        return request.override(messages=messages, system_message=new_system), mirror, convo  # type: ignore[arg-type]

    def _reply(self, response: Any) -> list[BaseMessage]:
        if isinstance(response, AIMessage):
            return [response]
        inner = getattr(response, "model_response", response)  # ExtendedModelResponse wraps one
        return [m for m in getattr(inner, "result", []) if isinstance(m, (AIMessage, ToolMessage))]

    def wrap_model_call(self, request: ModelRequest, handler: Callable[[ModelRequest], ModelResponse]) -> Any:
        """Replace the request's messages with the thread's context; store the model's reply."""
        new_request, mirror, convo = self.prepare(request)
        response = handler(new_request)
        mirror.record(self._reply(response), to_openai, after=convo)
        return response

    async def awrap_model_call(
        self, request: ModelRequest, handler: Callable[[ModelRequest], Awaitable[ModelResponse]]
    ) -> Any:
        """The async twin of :meth:`wrap_model_call`; store I/O runs off the event loop."""
        new_request, mirror, convo = await asyncio.to_thread(self.prepare, request)
        response = await handler(new_request)
        await asyncio.to_thread(mirror.record, self._reply(response), to_openai, convo)
        return response


# ---------------------------------------------------------------- chat history


class ChatcompactHistory(BaseChatMessageHistory):
    """A ``BaseChatMessageHistory`` over a thread, for ``RunnableWithMessageHistory`` chains.

    ``messages`` is the budgeted context when ``budget`` is given (query: the latest stored user message),
    else the whole history. A ``SystemMessage`` added sets the thread's system prompt. The thread's log is
    append-only, so :meth:`clear` raises :class:`~chatcompact.ChatcompactError`: use a new thread id.
    """

    def __init__(self, memory: Memory, thread_id: str, *, budget: int | None = None) -> None:
        self.memory = memory
        self.thread_id = thread_id
        self.budget = budget
        self.thread = memory.thread(thread_id, budget=budget)

    @property
    def messages(self) -> list[BaseMessage]:  # type: ignore[override]
        """The budgeted context (with ``budget``) or the whole history, as LangChain messages."""
        if self.budget is None:
            prompt = self.thread.system
            head: list[BaseMessage] = [SystemMessage(content=prompt)] if prompt else []
            return head + from_openai(m.to_openai() for m in self.thread.history())
        last_user = next((m.text for m in reversed(self.thread.history()) if m.role == "user"), None)
        system, msgs = _context(self.thread, self.budget, last_user, None)
        return ([system] if system is not None else []) + msgs

    def add_messages(self, messages: Sequence[BaseMessage]) -> None:
        """Append messages (all or nothing); a ``SystemMessage`` replaces the thread's system prompt."""
        convo = []
        for m in messages:
            if isinstance(m, SystemMessage):
                self.thread = self.memory.thread(self.thread_id, system=_text(m), budget=self.budget)
            else:
                convo.append(to_openai(m))
        self.thread.add_many(convo)

    def clear(self) -> None:
        """Not possible: a thread's log is append-only (the summary cites it). Start a new thread instead."""
        raise ChatcompactError(f"thread {self.thread_id!r} is append-only and cannot be cleared; use a new thread id")
