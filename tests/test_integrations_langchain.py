"""The LangChain v1 middleware and chat history, against the real installed framework and its fake chat model."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("langchain.agents.middleware")

from hypothesis import given, settings
from hypothesis import strategies as st
from langchain.agents import create_agent
from langchain.agents.middleware import SummarizationMiddleware
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.tools import tool
from langchain_core.utils.function_calling import convert_to_openai_tool
from langgraph.checkpoint.memory import InMemorySaver
from pydantic import Field

from chatcompact import ChatcompactError, Memory
from chatcompact.integrations.langchain import ChatcompactHistory, ChatcompactMiddleware, from_openai, to_openai
from chatcompact.types import parse_message


class ToolFakeModel(GenericFakeChatModel):
    """The framework's fake chat model, recording every request; binding tools keeps the script."""

    seen: list[list[Any]] = Field(default_factory=list)

    def bind_tools(self, tools: Any, **kw: Any) -> ToolFakeModel:  # type: ignore[override]
        return self

    def _generate(self, messages: Any, stop: Any = None, run_manager: Any = None, **kw: Any) -> Any:
        self.seen.append(list(messages))
        return super()._generate(messages, stop=stop, run_manager=run_manager, **kw)


@tool
def order_status(order_id: str) -> str:
    """Look up an order."""
    return f"order {order_id} shipped on 3 March"


def _script(n_turns: int) -> list[AIMessage]:
    out = []
    for i in range(n_turns):
        call = {"id": f"call_{i}", "name": "order_status", "args": {"order_id": str(88000 + i)}}
        out += [AIMessage(content="", tool_calls=[call]), AIMessage(content=f"Order {88000 + i} shipped. " * 3)]
    return out


@pytest.fixture
def mem():
    with Memory.open("memory://") as m:
        yield m


def _agent(model: Any, middleware: Any, checkpointer: Any = None) -> Any:
    prompt = "You track orders."
    mws = [middleware]
    return create_agent(model, tools=[order_status], system_prompt=prompt, middleware=mws, checkpointer=checkpointer)


@pytest.mark.parametrize("checkpointer", [None, "memory"])
def test_agent_with_a_tool_stays_in_budget_and_stores_everything_once(mem: Memory, checkpointer: Any) -> None:
    turns = 12
    model = ToolFakeModel(messages=iter(_script(turns)))
    budget = 400
    mw = ChatcompactMiddleware(mem, budget=budget)
    agent = _agent(model, mw, InMemorySaver() if checkpointer else None)
    cfg = {"configurable": {"thread_id": "t1"}}
    for i in range(turns):
        text = f"Where is my order {88000 + i}? I ordered it for my sister's birthday party next week."
        agent.invoke({"messages": [{"role": "user", "content": text}]}, cfg)
    mem.wait_idle(10)
    thread = mem.thread("t1")
    history = thread.history()
    # each turn: user, assistant tool call, tool result, assistant answer — each stored exactly once
    assert [m.role for m in history] == ["user", "assistant", "tool", "assistant"] * turns
    assert history[1].tool_calls[0].id == "call_0" and history[2].tool_call_id == "call_0"
    assert "88000 shipped on 3 March" in history[2].text
    tok = mem.tokenizer
    for request in model.seen:
        assert isinstance(request[0], SystemMessage) and request[0].content.startswith("You track orders.")
        sent = [parse_message(to_openai(m)) for m in request]
        assert tok.count_messages(sent, [convert_to_openai_tool(order_status)]) <= budget
        # tool results always follow their call in what the model sees
        calls = {tc["id"] for m in request if isinstance(m, AIMessage) for tc in m.tool_calls}
        assert all(m.tool_call_id in calls for m in request if isinstance(m, ToolMessage))
    assert thread.compactions(), "a long conversation at budget 400 must have compacted"
    last = model.seen[-1]
    # the summary is a data message (a user turn) before the window, never in the system role (issue 20 §7)
    assert "Summary of the conversation" not in last[0].content
    assert isinstance(last[1], HumanMessage) and "Summary of the conversation" in last[1].content


def test_the_state_the_framework_keeps_is_untouched(mem: Memory) -> None:
    model = ToolFakeModel(messages=iter(_script(2)))
    agent = _agent(model, ChatcompactMiddleware(mem, budget=2000, thread_id="fixed"), InMemorySaver())
    cfg = {"configurable": {"thread_id": "lg"}}
    out = agent.invoke({"messages": [{"role": "user", "content": "order 88000?"}]}, cfg)
    assert [type(m).__name__ for m in out["messages"]] == ["HumanMessage", "AIMessage", "ToolMessage", "AIMessage"]
    assert len(mem.thread("fixed").history()) == 4  # thread_id= overrides the run's thread id


def test_without_a_thread_id_the_error_says_how_to_give_one(mem: Memory) -> None:
    agent = _agent(ToolFakeModel(messages=iter(_script(1))), ChatcompactMiddleware(mem, budget=2000))
    with pytest.raises(ChatcompactError, match="thread_id"):
        agent.invoke({"messages": [{"role": "user", "content": "hi"}]})


def test_async_agent(mem: Memory) -> None:
    import asyncio

    model = ToolFakeModel(messages=iter(_script(3)))
    agent = _agent(model, ChatcompactMiddleware(mem, budget=2000))

    async def run() -> None:
        for i in range(3):
            cfg = {"configurable": {"thread_id": "a"}}
            await agent.ainvoke({"messages": [{"role": "user", "content": f"order {i}?"}]}, cfg)

    asyncio.run(run())
    assert [m.role for m in mem.thread("a").history()] == ["user", "assistant", "tool", "assistant"] * 3


def test_same_slot_as_summarization_middleware(mem: Memory) -> None:
    """Both construct and run in create_agent(middleware=[...]) with the same model and tools."""
    for mw in (ChatcompactMiddleware(mem, budget=2000, thread_id="s"), SummarizationMiddleware(model=_summ())):
        model = ToolFakeModel(messages=iter(_script(1)))
        out = _agent(model, mw).invoke({"messages": [{"role": "user", "content": "order?"}]})
        assert out["messages"][-1].content.startswith("Order 88000")


def _summ() -> GenericFakeChatModel:
    return GenericFakeChatModel(messages=iter(["summary"] * 10))


# ---------------------------------------------------------------- conversion

_text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=40)
_args = st.dictionaries(st.text("abcxyz_", min_size=1, max_size=6), st.integers() | _text | st.booleans(), max_size=3)


@st.composite
def _conversation(draw: Any) -> list[Any]:
    out: list[Any] = []
    for i in range(draw(st.integers(1, 6))):
        out.append(HumanMessage(content=draw(_text), name=draw(st.none() | st.just("alice"))))
        calls = [
            {"id": f"c{i}_{j}", "name": draw(st.sampled_from(["lookup", "search"])), "args": draw(_args)}
            for j in range(draw(st.integers(0, 2)))
        ]
        out.append(AIMessage(content=draw(_text) if not calls else draw(st.just("") | _text), tool_calls=calls))
        for c in calls:
            out.append(ToolMessage(content=draw(_text), tool_call_id=c["id"], name=c["name"]))
    return out


def _same(a: Any, b: Any) -> bool:
    if type(a) is not type(b) or a.content != b.content:
        return False
    if isinstance(a, AIMessage):
        strip = [{k: tc[k] for k in ("id", "name", "args")} for tc in a.tool_calls]
        return strip == [{k: tc[k] for k in ("id", "name", "args")} for tc in b.tool_calls] and a.name == b.name
    if isinstance(a, ToolMessage):
        return a.tool_call_id == b.tool_call_id and a.name == b.name
    return a.name == b.name


@settings(max_examples=40, deadline=None)
@given(_conversation())
def test_messages_round_trip_through_a_thread_without_loss(convo: list[Any]) -> None:
    with Memory.open("memory://", background=False) as m:
        t = m.thread("rt")
        t.add_many([to_openai(x) for x in convo])
        back = from_openai(x.to_openai() for x in t.history())
    assert len(back) == len(convo)
    assert all(_same(a, b) for a, b in zip(convo, back, strict=True))


# ---------------------------------------------------------------- chat history


def test_chat_history_for_older_chains(mem: Memory) -> None:
    h = ChatcompactHistory(mem, "h1", budget=300)
    h.add_messages([SystemMessage(content="Be brief.")])
    for i in range(40):
        h.add_user_message(f"Question {i}: what about invoice INV-{1000 + i} and its due date next month?")
        h.add_ai_message(f"Invoice INV-{1000 + i} is due on the 30th; I have noted it for you.")
    mem.wait_idle(10)
    msgs = h.messages
    assert isinstance(msgs[0], SystemMessage) and msgs[0].content.startswith("Be brief.")
    last_ai = next(m for m in reversed(msgs) if isinstance(m, AIMessage))
    assert "INV-1039" in last_ai.content  # the newest answer is there (a recall note may follow it)
    assert mem.tokenizer.count_messages([parse_message(to_openai(x)) for x in msgs]) <= 300
    full = ChatcompactHistory(mem, "h1").messages
    assert len(full) == 81  # system + every message verbatim
    with pytest.raises(ChatcompactError, match="append-only"):
        h.clear()


def test_image_blocks_are_stored_as_openai_parts(mem: Memory) -> None:
    msg = HumanMessage(content=[{"type": "text", "text": "look"}, {"type": "image", "url": "https://x.test/a.png"}])
    stored = mem.thread("img").add(to_openai(msg))
    assert stored.content[1] == {"type": "image_url", "image_url": {"url": "https://x.test/a.png"}}
    (back,) = from_openai([stored.to_openai()])
    assert back.content == [{"type": "text", "text": "look"}, stored.content[1]]
