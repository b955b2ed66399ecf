"""LangChain v1 / LangGraph: an agent middleware and a chat message history (``pip install 'chatcompact[langchain]'``).

:class:`ChatcompactMiddleware` goes where ``SummarizationMiddleware`` goes::

    from langchain.agents import create_agent
    from chatcompact import Memory
    from chatcompact.integrations.langchain import ChatcompactMiddleware

    mem = Memory.open("sqlite:///agent.db")
    agent = create_agent(model, tools=[...], middleware=[ChatcompactMiddleware(mem, budget=8000)])
    agent.invoke({"messages": [{"role": "user", "content": "hi"}]}, {"configurable": {"thread_id": "u42"}})

Before each model call it stores the messages of the agent state the thread lacks (each once, recognised by
its LangChain id) and sends the model ``thread.context(budget, query=<latest user message>, tools=<the
request's tools>)`` instead of the whole state: every request is within ``budget``, system prompt and tool
schemas included. After the call it stores the model's reply. It never calls a model itself (compaction runs in
chatcompact's background), unless ``focus`` is given (below).

**The graph state stays bounded too** (``bound_state=True``, the default), the way ``SummarizationMiddleware``
keeps it: when the state's messages pass ``trigger`` (default ``("tokens", budget)``), they are replaced by the
thread's compacted view within ``keep`` (default ``("fraction", 0.5)`` of the budget): a ``SystemMessage`` with
the summary (id ``chatcompact:context:<thread>``, its ``additional_kwargs["chatcompact"]`` pointing at the thread)
and the recent messages with their ids (old tool outputs shown as digests). The verbatim log stays in
chatcompact (``thread.history()``, ``thread.recall()``), so a checkpointer saves a state of about the budget
whatever the run did. ``trigger`` and ``keep`` take what ``SummarizationMiddleware`` takes: ``("tokens", N)``,
``("messages", N)``, ``("fraction", F)`` of the budget (``trigger`` also a list: any of them fires).
``focus`` (``summary_prompt``'s counterpart: what the summary must keep, e.g. "the migration plan") makes the
compaction the trigger fires run in the request with that focus, as ``SummarizationMiddleware`` summarizes
inline. ``bound_state=False`` leaves the state as the framework keeps it.

:class:`ChatcompactHistory` is a ``BaseChatMessageHistory`` for ``RunnableWithMessageHistory`` chains.
Conversion (:func:`to_openai`, :func:`from_openai`) keeps LangChain ids and metadata: see
:mod:`chatcompact.integrations._lc_convert`.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from ..errors import ChatcompactError, ConfigError, MissingDependency
from ..runtime.memory import Memory, Thread
from ..types import Message, parse_message
from ._lc_convert import SYNTHETIC, from_openai, from_stored, message_id, to_openai
from ._mirror import Mirror, Mirrors, close_calls, forgotten, message_key

try:
    from langchain_core.chat_history import BaseChatMessageHistory
    from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, RemoveMessage, SystemMessage, ToolMessage
    from langchain_core.utils.function_calling import convert_to_openai_tool
    from langgraph.graph.message import REMOVE_ALL_MESSAGES
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise MissingDependency("langchain", "langchain") from exc

try:
    from langchain.agents.middleware import AgentMiddleware, ModelRequest, ModelResponse
except ImportError as exc:  # pragma: no cover
    raise MissingDependency("langchain>=1.0", "langchain") from exc

__all__ = ["ChatcompactHistory", "ChatcompactMiddleware", "from_openai", "from_stored", "to_openai"]

log = logging.getLogger("chatcompact.integrations.langchain")

Spec = tuple[str, float]
_EXACT_CHARS = 20_000  # state messages larger than this are counted from their size for the trigger
_KINDS = ("tokens", "messages", "fraction")


def _key(m: BaseMessage) -> str:
    mid = message_id(m)
    return "key:" + mid if mid else message_key(to_openai(m))


def _convert(messages: Sequence[BaseMessage]) -> list[dict[str, Any]]:
    return [to_openai(m) for m in messages]


def _text(message: BaseMessage) -> str:
    content = message.content
    if isinstance(content, str):
        return content
    return "\n".join(b if isinstance(b, str) else str(b.get("text", "")) for b in content)


def _synthetic(m: BaseMessage) -> bool:
    return isinstance(m, SystemMessage) or (message_id(m) or "").startswith(SYNTHETIC)


def _latest_user(messages: Sequence[BaseMessage]) -> str | None:
    for m in reversed(messages):
        if isinstance(m, HumanMessage) and not _synthetic(m):
            return _text(m) or None
    return None


def _specs(value: Any, name: str) -> list[Spec]:
    items = value if isinstance(value, list) else [value]
    out = []
    for v in items:
        if not (isinstance(v, tuple) and len(v) == 2 and v[0] in _KINDS and isinstance(v[1], int | float)):
            raise ConfigError(f"{name} must be ('tokens', N), ('messages', N) or ('fraction', F), got {v!r}")
        if v[1] <= 0 or (v[0] == "fraction" and v[1] > 1):
            raise ConfigError(f"{name} {v!r}: N must be > 0 and F in (0, 1]")
        out.append((str(v[0]), float(v[1])))
    return out


class ChatcompactMiddleware(AgentMiddleware):
    """Keep every model request and the graph state of a LangChain v1 ``create_agent`` within a budget.

    ``memory``: an open :class:`~chatcompact.Memory` (its background compacts). ``budget``: the tokens of
    every request, system prompt, tool schemas and messages together. ``thread_id``: a fixed thread, or
    ``None`` to use the run's ``config["configurable"]["thread_id"]``. ``query=False`` sends no query
    (no recalled quotes). ``bound_state``, ``trigger``, ``keep``, ``focus``: see the module docstring.
    The agent's ``system_prompt`` becomes the thread's system prompt.
    """

    def __init__(
        self,
        memory: Memory,
        budget: int,
        *,
        thread_id: str | None = None,
        query: bool = True,
        bound_state: bool = True,
        trigger: Spec | list[Spec] | None = None,
        keep: Spec | None = None,
        focus: str | None = None,
    ) -> None:
        super().__init__()
        self.memory = memory
        self.budget = budget
        self.thread_id = thread_id
        self.query = query
        self.bound_state = bound_state
        self.trigger = _specs(trigger if trigger is not None else ("tokens", budget), "trigger")
        self.keep = _specs(keep if keep is not None else ("fraction", 0.5), "keep")[0]
        self.focus = focus
        self._mirrors = Mirrors(memory, budget, key=_key)
        self._converted: OrderedDict[str, BaseMessage] = OrderedDict()
        self._tokens: OrderedDict[str, int] = OrderedDict()  # state message key -> tokens (bounded)
        self._tools: dict[int, dict[str, Any]] = {}

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

    # ---------------------------------------------------------------- the request
    def _tool_schemas(self, tools: Sequence[Any]) -> list[dict[str, Any]]:
        out = []
        for t in tools:
            if isinstance(t, dict):
                out.append(t)
                continue
            schema = self._tools.get(id(t))
            if schema is None:
                schema = self._tools[id(t)] = convert_to_openai_tool(t)
            out.append(schema)
        return out

    def prepare(self, request: ModelRequest) -> tuple[ModelRequest, Mirror, list[BaseMessage]]:
        """Store what the thread lacks and return the request carrying the budgeted context instead."""
        source = request.state.get("messages", request.messages) if request.state else request.messages
        state_messages: list[BaseMessage] = list(source)
        system = request.system_message
        convo = [m for m in state_messages if not _synthetic(m)]
        if system is None:
            system = next((m for m in state_messages if isinstance(m, SystemMessage) and not _synthetic_id(m)), None)
        mirror = self._mirrors.get(self._thread_id(), _text(system) if system is not None else None)
        mirror.sync(convo, _convert)
        tools = self._tool_schemas(request.tools)
        query = _latest_user(convo) if self.query else None
        result = mirror.thread.assemble(self.budget, query=query, tools=tools or None)
        new_system, messages = _split(result.messages, self._converted)
        return request.override(messages=messages, system_message=new_system), mirror, convo  # type: ignore[arg-type]

    def _reply(self, response: Any) -> list[BaseMessage]:
        if isinstance(response, AIMessage):
            return [response]
        inner = getattr(response, "model_response", response)  # ExtendedModelResponse wraps one
        return [m for m in getattr(inner, "result", []) if isinstance(m, AIMessage | ToolMessage)]

    def wrap_model_call(self, request: ModelRequest, handler: Callable[[ModelRequest], ModelResponse]) -> Any:
        """Replace the request's messages with the thread's context; store the model's reply."""
        new_request, mirror, convo = self.prepare(request)
        response = handler(new_request)
        mirror.record(self._reply(response), _convert, after=convo)
        return response

    async def awrap_model_call(
        self, request: ModelRequest, handler: Callable[[ModelRequest], Awaitable[ModelResponse]]
    ) -> Any:
        """The async twin of :meth:`wrap_model_call`; store I/O runs off the event loop."""
        new_request, mirror, convo = await asyncio.to_thread(self.prepare, request)
        response = await handler(new_request)
        await asyncio.to_thread(mirror.record, self._reply(response), _convert, convo)
        return response

    # ---------------------------------------------------------------- the state
    def before_model(self, state: Any, runtime: Any) -> dict[str, Any] | None:
        """With ``bound_state``: replace the state's messages by the compacted view once ``trigger`` fires."""
        if not self.bound_state:
            return None
        messages: list[BaseMessage] = list(state.get("messages", []))
        convo = [m for m in messages if not _synthetic(m)]
        if not convo or not self._fires(messages):
            return None
        tid = self._thread_id()
        mirror = self._mirrors.get(tid)
        with mirror.lock:
            mirror.sync(convo, _convert)
            if self.focus:
                self._compact(mirror.thread)
            view = self._state_view(mirror.thread, tid)
            mirror.assume_known([m for m in view if not _synthetic(m)])
        return {"messages": [RemoveMessage(id=REMOVE_ALL_MESSAGES), *view]}

    async def abefore_model(self, state: Any, runtime: Any) -> dict[str, Any] | None:
        """The async twin of :meth:`before_model`."""
        return await asyncio.to_thread(self.before_model, state, runtime)

    def _count(self, m: BaseMessage) -> int:
        """Tokens of a state message for the trigger: exact when small, over-estimated from its size when large
        (a trigger needs no exact count, and a megabyte tool output is not worth tokenizing twice)."""
        key = message_id(m) or ""
        n = self._tokens.get(key) if key else None
        if n is None:
            d = to_openai(m)
            size = len(_text(m)) + sum(len(c["function"]["arguments"]) for c in d.get("tool_calls") or ())
            if size > _EXACT_CHARS:
                n = size // 3 + 16
            else:
                n = self.memory.tokenizer.count_message(parse_message(d, max_chars=1 << 62))
            if key:
                self._tokens[key] = n
                if len(self._tokens) > 4096:
                    self._tokens.popitem(last=False)
        return n

    def _fires(self, messages: Sequence[BaseMessage]) -> bool:
        tokens: int | None = None
        for kind, n in self.trigger:
            if kind == "messages" and len(messages) >= n:
                return True
            if kind in ("tokens", "fraction"):
                limit = n if kind == "tokens" else n * self.budget
                tokens = sum(self._count(m) for m in messages) if tokens is None else tokens
                if tokens >= limit:
                    return True
        return False

    def _compact(self, thread: Thread) -> None:
        keep = int(self.keep[1] if self.keep[0] == "tokens" else self.keep[1] * self.budget)
        try:
            thread.compact(keep_tokens=keep if self.keep[0] != "messages" else None, focus=self.focus)
        except ChatcompactError as exc:  # the loop never stops on memory: the view still fits
            log.warning("compaction with focus did not land: %s", exc)

    def _state_view(self, thread: Thread, tid: str) -> list[BaseMessage]:
        """The compacted view the state keeps (no recalled quotes: those are for one request, not the record)."""
        kind, n = self.keep
        budget = self.budget if kind == "messages" else int(n if kind == "tokens" else n * self.budget)
        result = thread.assemble(max(budget, 1))
        shown = [m for m in result.messages if not forgotten(m)]
        head = [m for m in shown if m.seq is None]
        tail = [m for m in shown if m.seq is not None]
        if kind == "messages":
            tail = _last_groups(tail, int(n))
        out: list[BaseMessage] = []
        pointer = {"thread": tid, "covered_until": thread.stats()["covered_until"]}
        for i, m in enumerate(head):
            lc = from_openai([m])[0]
            lc.id = f"{SYNTHETIC}{'context' if m.role == 'system' else f'note{i}'}:{tid}"
            lc.additional_kwargs = {"chatcompact": pointer}
            out.append(lc)
        return out + from_openai(tail)


def _synthetic_id(m: BaseMessage) -> bool:
    return (message_id(m) or "").startswith(SYNTHETIC)


def _last_groups(tail: list[Message], n: int) -> list[Message]:
    """The last ``n`` messages of ``tail``, widened so no tool result is cut from its call."""
    start = max(0, len(tail) - n)
    while start > 0 and tail[start].role == "tool":
        start -= 1
    return tail[start:]


def _split(
    messages: Sequence[Message], cache: OrderedDict[str, BaseMessage] | None
) -> tuple[SystemMessage | None, list[BaseMessage]]:
    shown = [m for m in messages if not forgotten(m)]
    if shown and shown[0].role == "system":
        return SystemMessage(content=shown[0].text), from_openai(shown[1:], cache)
    return None, from_openai(shown, cache)


# ---------------------------------------------------------------- chat history


class ChatcompactHistory(BaseChatMessageHistory):
    """A ``BaseChatMessageHistory`` over a thread, for ``RunnableWithMessageHistory`` chains.

    ``messages`` is the budgeted context when ``budget`` is given (query: the latest stored user message),
    else the whole history, every message as it was added (ids and metadata included). A ``SystemMessage``
    added sets the thread's system prompt. :meth:`clear` forgets every message (``Thread.forget``: tombstones
    keep the log's numbering, no summary keeps any of it).
    """

    def __init__(self, memory: Memory, thread_id: str, *, budget: int | None = None) -> None:
        self.memory = memory
        self.thread_id = thread_id
        self.budget = budget
        self.thread = memory.thread(thread_id, budget=budget)

    @property
    def messages(self) -> list[BaseMessage]:  # type: ignore[override]
        """The budgeted context (with ``budget``) or the whole history, as LangChain messages."""
        history = [m for m in self.thread.history() if not forgotten(m)]
        if self.budget is None:
            prompt = self.thread.system
            head: list[BaseMessage] = [SystemMessage(content=prompt)] if prompt else []
            names = {c.id: c.name for m in history for c in m.tool_calls}
            return head + [from_stored(m, names) for m in history]
        last_user = next((m.text for m in reversed(history) if m.role == "user"), None)
        system, msgs = _split(self.thread.assemble(self.budget, query=last_user).messages, None)
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
        """Forget every message of the thread (see the class docstring); the thread takes new ones after."""
        self.thread.forget(where=lambda m: not forgotten(m))
        self.thread.add_many(close_calls(self.thread))
