"""OpenAI Agents SDK: a ``Session`` that keeps every model call in budget (``pip install 'chatcompact[agents]'``).

::

    from agents import Agent, RunConfig, Runner
    from chatcompact import Memory
    from chatcompact.integrations.openai_agents import ChatcompactSession

    mem = Memory.open("sqlite:///agents.db")
    session = ChatcompactSession("user-42", mem, budget=8000)
    result = await Runner.run(agent, "Fix the failing test", session=session, run_config=session.run_config())

Two hooks, both on the session:

- **Between runs** the Runner calls ``get_items()`` and sends what it returns before the new input: here the
  thread's compacted view (summary, work log, recalled quotes, recent window) as Responses input items.
- **Inside a run** (a tool loop of many model calls) the SDK never reads the session again; the session's
  :meth:`~ChatcompactSession.input_filter`, set as ``RunConfig.call_model_input_filter`` (what
  :meth:`~ChatcompactSession.run_config` does), runs before every model call: it stores the run's new items in
  the thread as they happen and sends ``thread.context(budget, query=<latest user message>, tools=<the agent's
  tools>)`` instead of the run's whole input. ``budget`` then bounds the whole request: the agent's instructions,
  its tool schemas and the messages (counted the way chatcompact counts, see :mod:`chatcompact.tokenizers`).
  Without the filter, ``budget`` bounds the history part between runs only.

``add_items`` stores every item it is given, each once (the filter may have stored a run's input first):
messages, function calls and outputs, reasoning items and every hosted-tool or MCP item, with their ids,
statuses and annotations (kept in ``Message.meta``, see :mod:`chatcompact.integrations._items`).
``get_items(limit=N)`` returns the latest N stored items exactly as they were added. What a model is sent is
model-neutral: reasoning items are not re-sent, a hosted-tool item is shown as one line of text, provider ids
are left out.

``pop_item`` and ``clear_session`` work on the append-only log the way ``Thread.forget`` does: the items go
(tombstones keep the log's numbering), every summary is rebuilt without them, and they are gone from every
view (the correction / undo pattern ``SQLiteSession`` supports).
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Sequence
from typing import Any, cast

from ..errors import MissingDependency
from ..runtime.memory import Memory, Thread
from ..types import Message
from ._items import convert, item_key, items_to_messages, messages_to_items, restore, to_item, view_items
from ._mirror import Mirror, Mirrors, close_calls, forgotten

try:
    from agents import RunConfig
    from agents.run_config import CallModelData, ModelInputData
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise MissingDependency("openai-agents", "agents") from exc

__all__ = ["ChatcompactSession", "items_to_messages", "messages_to_items"]

log = logging.getLogger("chatcompact.integrations.openai_agents")


def _latest_user(items: Sequence[dict[str, Any]]) -> str | None:
    for item in reversed(items):
        if item.get("role") == "user" and item.get("type", "message") == "message":
            c = item.get("content")
            text = c if isinstance(c, str) else " ".join(str(p.get("text", "")) for p in c or () if p)
            if text.strip():
                return text
    return None


def _pair_safe(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Drop function calls without their output and outputs without their call (a popped half of a pair)."""
    calls = {i["call_id"] for i in items if i.get("type") == "function_call"}
    outs = {i["call_id"] for i in items if i.get("type") == "function_call_output"}
    both = calls & outs
    return [i for i in items if i.get("type") not in ("function_call", "function_call_output") or i["call_id"] in both]


async def _tool_schemas(agent: Any, context: Any) -> list[dict[str, Any]]:
    """The agent's tools and handoffs as chat-completions tool schemas (what the budget pays for first)."""
    from agents import FunctionTool, RunContextWrapper
    from agents.handoffs import Handoff, handoff
    from agents.models.chatcmpl_converter import Converter

    out: list[dict[str, Any]] = []
    for tool in await agent.get_all_tools(RunContextWrapper(context=context)):
        if isinstance(tool, FunctionTool):
            out.append(dict(Converter.tool_to_openai(tool)))
        else:  # a hosted tool: the provider renders it; its name stands in for it
            out.append({"type": "function", "function": {"name": getattr(tool, "name", type(tool).__name__)}})
    for h in getattr(agent, "handoffs", ()) or ():
        obj = h if isinstance(h, Handoff) else handoff(h)
        out.append(dict(Converter.convert_handoff_tool(obj)))
    return out


class ChatcompactSession:
    """The Agents SDK's ``Session`` protocol over a :class:`~chatcompact.Thread` named ``session_id``.

    ``budget``: tokens of each model request when :meth:`input_filter` is in the run config (instructions, tool
    schemas and messages), else of the history part sent between runs. ``query=False`` sends no query (no
    recalled quotes). ``session_settings``: the SDK's :class:`agents.memory.SessionSettings`, if any.
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
        self._mirrors = Mirrors(memory, budget, key=item_key)
        self._ahead: deque[str] = deque()  # keys of items the filter stored that add_items was not given yet
        self._view_keys: frozenset[str] = frozenset()  # items of the view get_items() handed out last

    @property
    def thread(self) -> Thread:
        """The session's thread (its verbatim log, summary and archive)."""
        return self._mirrors.thread(self.session_id)

    @property
    def _mirror(self) -> Mirror:
        return self._mirrors.get(self.session_id)

    # ---------------------------------------------------------------- reading
    def _recent(self, n: int) -> list[Message]:
        """The latest ``n`` stored messages that are not tombstones."""
        thread = self.thread
        last = thread.stats()["messages"]
        want = n
        while True:
            got = [m for m in thread.history(after=max(0, last - want)) if not forgotten(m)]
            if len(got) >= n or want >= last:
                return got[-n:] if n else []
            want *= 2

    def view(self, tools: Sequence[dict[str, Any]] | None = None, query: str | None = None) -> list[dict[str, Any]]:
        """The compacted history as Responses input items (what ``get_items()`` returns), system message first."""
        if query is None and self.query:
            query = next((m.text for m in reversed(self._recent(8)) if m.role == "user" and m.text), None)
        result = self.thread.assemble(self.budget, query=query if self.query else None, tools=tools)
        shown = [m for m in result.messages if not forgotten(m)]
        return _pair_safe(view_items(shown))

    def tail(self, limit: int) -> list[dict[str, Any]]:
        """The latest ``limit`` stored items, exactly as they were added (what ``get_items(limit)`` returns)."""
        if limit <= 0:
            return []
        return messages_to_items(self._recent(limit))[-limit:]

    async def get_items(self, limit: int | None = None) -> list[dict[str, Any]]:
        """The compacted view (``limit=None``) or the latest ``limit`` items verbatim."""
        if limit is None:
            return await asyncio.to_thread(self._view_for_run)
        return await asyncio.to_thread(self.tail, limit)

    def _view_for_run(self) -> list[dict[str, Any]]:
        items = self.view()
        with self._mirror.lock:
            self._mirror.assume_known(items)  # the run's input starts with this view: none of it is new
            self._view_keys = frozenset(item_key(i) for i in items)
            self._ahead.clear()
        return items

    # ---------------------------------------------------------------- writing
    async def add_items(self, items: list[Any]) -> None:
        """Store the items the thread lacks, all or nothing (InvalidMessage / InvalidSequence name what was wrong)."""
        if items:
            await asyncio.to_thread(self._add, [to_item(i) for i in items])

    def _add(self, items: list[dict[str, Any]]) -> None:
        mirror = self._mirror
        with mirror.lock:
            skip = 0
            while skip < len(items) and self._ahead and self._ahead[0] == item_key(items[skip]):
                self._ahead.popleft()
                skip += 1
            if self._ahead and skip < len(items):  # the SDK saved something else than the filter saw: re-align
                log.debug(
                    "session %r: saved items differ from the run's input; lining up with the log", self.session_id
                )
                self._ahead.clear()
                mirror.store(mirror.lacking(items_to_messages(items[skip:])))
            else:
                mirror.store(items_to_messages(items[skip:]))
            mirror.advance(items[skip:])

    # ---------------------------------------------------------------- inside a run
    def run_config(self, **kwargs: Any) -> RunConfig:
        """A ``RunConfig`` (``kwargs`` passed on) whose ``call_model_input_filter`` is :meth:`input_filter`."""
        return RunConfig(call_model_input_filter=self.input_filter, **kwargs)

    async def input_filter(self, data: CallModelData[Any]) -> ModelInputData:
        """``RunConfig.call_model_input_filter``: store the run's new items, send the budgeted context instead."""
        tools = await _tool_schemas(data.agent, data.context)
        model_data = data.model_data
        return await asyncio.to_thread(self._filter, list(model_data.input), model_data.instructions, tools)

    def _filter(self, raw: list[Any], instructions: str | None, tools: list[dict[str, Any]]) -> ModelInputData:
        items = [to_item(i) for i in raw]
        mirror = self._mirrors.get(self.session_id, system=instructions)
        with mirror.lock:
            start = mirror.known_prefix(items)
            if start is None:
                start = self._cold_start(mirror, items)
            fresh = items[start:]
            mirror.store(items_to_messages(fresh))
            self._ahead.extend(item_key(i) for i in fresh)
            mirror.assume_known(items)
        view = self.view(tools=tools, query=_latest_user(items))
        system = None
        if view and view[0].get("role") == "system" and isinstance(view[0].get("content"), str):
            system, view = view[0]["content"], view[1:]
        return ModelInputData(input=cast(Any, view), instructions=system)

    def _cold_start(self, mirror: Mirror, items: list[dict[str, Any]]) -> int:
        """How many leading ``items`` are held already, for a run input not seen before: the view the session
        handed out last (never stored again), then what lines up with the thread's latest messages."""
        i = 0
        while i < len(items) and item_key(items[i]) in self._view_keys:
            i += 1
        pairs = convert(items[i:])
        held = len(pairs) - len(mirror.lacking([m for m, _ in pairs]))
        return i + sum(n for _, n in pairs[:held])

    # ---------------------------------------------------------------- undo
    async def pop_item(self) -> Any:
        """Remove and return the latest item (None if there is none): its message is forgotten (the summary
        rebuilt without it) and what else the message held is stored again after the tombstone."""
        return await asyncio.to_thread(self._pop)

    def _pop(self) -> dict[str, Any] | None:
        mirror = self._mirror
        with mirror.lock:
            latest = self._recent(1)
            if not latest:
                return None
            message = latest[0]
            items = restore(message)
            self.thread.forget([message.seq or 0])
            mirror.reset()
            self._ahead.clear()
            mirror.store(close_calls(self.thread))
            if items[:-1]:
                mirror.store(items_to_messages(items[:-1]))
            return items[-1]

    async def clear_session(self) -> None:
        """Forget every item of the session (tombstones stay in the log; no summary keeps any of it)."""
        await asyncio.to_thread(self._clear)

    def _clear(self) -> None:
        mirror = self._mirror
        with mirror.lock:
            self.thread.forget(where=lambda m: not forgotten(m))
            mirror.reset()
            self._ahead.clear()
            mirror.store(close_calls(self.thread))
