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
from chatcompact.integrations.langchain import (
    ChatcompactHistory,
    ChatcompactMiddleware,
    from_openai,
    from_stored,
    to_openai,
)
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


def test_with_bound_state_off_the_state_the_framework_keeps_is_untouched(mem: Memory) -> None:
    model = ToolFakeModel(messages=iter(_script(2)))
    mw = ChatcompactMiddleware(mem, budget=2000, thread_id="fixed", bound_state=False)
    agent = _agent(model, mw, InMemorySaver())
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
_meta = st.dictionaries(st.sampled_from(["model_name", "finish_reason", "system_fingerprint"]), _text, max_size=2)
_id = st.none() | st.uuids().map(str)


@st.composite
def _ai(draw: Any, i: int) -> AIMessage:
    calls = [
        {
            "id": f"c{i}_{j}",
            "name": draw(st.sampled_from(["lookup", "search"])),
            "args": draw(_args),
            "type": "tool_call",
        }
        for j in range(draw(st.integers(0, 2)))
    ]
    content: Any = draw(_text) if not calls else draw(st.just("") | _text)
    if draw(st.booleans()):  # provider blocks: thinking (Anthropic), reasoning, a text block with an id
        content = [
            {"type": "thinking", "thinking": draw(_text), "signature": "sig"},
            {"type": "text", "text": draw(_text), "id": "blk_1"},
        ]
    usage = {"input_tokens": 10, "output_tokens": 3, "total_tokens": 13} if draw(st.booleans()) else None
    return AIMessage(
        content=content,
        tool_calls=calls,
        id=draw(_id),
        name=draw(st.none() | st.just("bot")),
        response_metadata=draw(_meta),
        usage_metadata=usage,
        additional_kwargs=draw(st.just({}) | st.just({"refusal": None})),
    )


@st.composite
def _conversation(draw: Any) -> list[Any]:
    out: list[Any] = []
    for i in range(draw(st.integers(1, 5))):
        out.append(HumanMessage(content=draw(_text), name=draw(st.none() | st.just("alice")), id=draw(_id)))
        ai = draw(_ai(i))
        out.append(ai)
        for c in ai.tool_calls:
            status = draw(st.sampled_from(["success", "error"]))
            artifact = draw(st.none() | st.just({"rows": [1, 2]}))
            out.append(
                ToolMessage(
                    content=draw(_text),
                    tool_call_id=c["id"],
                    name=c["name"],
                    id=draw(_id),
                    status=status,
                    artifact=artifact,
                )
            )
    return out


@settings(max_examples=60, deadline=None)
@given(_conversation())
def test_messages_round_trip_through_a_thread_exactly(convo: list[Any]) -> None:
    """ids, response_metadata, usage_metadata, additional_kwargs, provider blocks, status, artifact: all kept."""
    with Memory.open("memory://", background=False) as m:
        t = m.thread("rt")
        t.add_many([to_openai(x) for x in convo])
        names = {c.id: c.name for x in t.history() for c in x.tool_calls}
        back = [from_stored(x, names) for x in t.history()]
    assert back == convo


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
    h.clear()
    assert ChatcompactHistory(mem, "h1").messages == [SystemMessage(content="Be brief.")]
    assert "INV-10" not in mem.thread("h1").summary().model_dump_json()
    h.add_user_message("a fresh start")
    assert [m.content for m in ChatcompactHistory(mem, "h1").messages] == ["Be brief.", "a fresh start"]


def test_image_blocks_are_stored_as_openai_parts(mem: Memory) -> None:
    msg = HumanMessage(content=[{"type": "text", "text": "look"}, {"type": "image", "url": "https://x.test/a.png"}])
    stored = mem.thread("img").add(to_openai(msg))
    assert stored.content[1] == {"type": "image_url", "image_url": {"url": "https://x.test/a.png"}}
    (back,) = from_openai([stored.to_openai()])
    assert back.content == [{"type": "text", "text": "look"}, stored.content[1]]


# ---------------------------------------------------------------- a real model over HTTP


def _big_output(n: int) -> str:
    return f"step {n}: " + "build log line with some detail\n" * (40 * (1 + n % 7) ** 2)


@tool
def bash(n: int) -> str:
    """Run a command in the repository."""
    return _big_output(n)


def test_chat_openai_agent_requests_and_checkpointed_state_stay_bounded(mem: Memory) -> None:
    """ChatOpenAI over real HTTP, a 30-step tool loop in one invoke: every request the server receives is within
    the budget (tool schemas included) and the checkpointed state ends near the budget, not at the whole run."""
    from langchain_openai import ChatOpenAI

    from .agent_model import AgentModelServer, ToolLoop

    budget = 6000
    with AgentModelServer(ToolLoop(30)) as server:
        model = ChatOpenAI(model="gpt-4o", base_url=server.url, api_key="x", max_retries=0)
        saver = InMemorySaver()
        agent = create_agent(
            model,
            tools=[bash],
            system_prompt="You are a coding agent.",
            middleware=[ChatcompactMiddleware(mem, budget=budget)],
            checkpointer=saver,
        )
        cfg = {"configurable": {"thread_id": "lc-http"}}
        out = agent.invoke({"messages": [{"role": "user", "content": "Fix the failing test"}]}, cfg)
        assert out["messages"][-1].content.startswith("Done after 30 steps")
        tokens = [r["tokens"] for r in server.requests]
        assert len(tokens) == 31 and max(tokens) <= budget, tokens
        state = saver.get(cfg)["channel_values"]["messages"]
        state_tokens = mem.tokenizer.count_messages([parse_message(to_openai(m)) for m in state])
        assert state_tokens <= 2 * budget, state_tokens
        assert state[0].id.startswith("chatcompact:context:") and state[0].additional_kwargs["chatcompact"]["thread"]
        history = mem.thread("lc-http").history()
        assert [m.role for m in history] == ["user"] + ["assistant", "tool"] * 30 + ["assistant"]
        assert history[2].text == _big_output(0)
        # the next invoke starts from the bounded state and stores only what is new
        agent.invoke({"messages": [{"role": "user", "content": "Thanks"}]}, cfg)
        assert len(mem.thread("lc-http").history()) == len(history) + 2 + 60


def test_trigger_keep_and_focus_are_checked_and_used(mem: Memory) -> None:
    with pytest.raises(ChatcompactError, match="trigger"):
        ChatcompactMiddleware(mem, budget=1000, trigger=("turns", 3))  # type: ignore[arg-type]
    model = ToolFakeModel(messages=iter(_script(6)))
    mw = ChatcompactMiddleware(mem, budget=2000, trigger=("messages", 6), keep=("messages", 2), focus="the orders")
    agent = _agent(model, mw, InMemorySaver())
    cfg = {"configurable": {"thread_id": "tk"}}
    for i in range(6):
        out = agent.invoke({"messages": [{"role": "user", "content": f"order {88000 + i}?"}]}, cfg)
        convo = [m for m in out["messages"] if not m.id.startswith("chatcompact:")]
        assert len(convo) <= 6 + 3  # kept 2 (widened to whole pairs), then this turn's messages
    assert mem.thread("tk").compactions(), "focus runs the compaction the trigger fires in the request"
    assert len(mem.thread("tk").history()) == 24


def test_each_model_call_converts_only_what_is_new(mem: Memory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No pass over the whole state per model call: conversions grow with the steps, not with their square."""
    import chatcompact.integrations.langchain as lc

    converted = []
    real = lc.to_openai
    monkeypatch.setattr(lc, "to_openai", lambda m: converted.append(m) or real(m))
    turns = 30
    model = ToolFakeModel(messages=iter(_script(turns)))
    agent = _agent(model, ChatcompactMiddleware(mem, budget=100_000), InMemorySaver())  # no trigger: a growing state
    cfg = {"configurable": {"thread_id": "cost"}}
    for i in range(turns):
        agent.invoke({"messages": [{"role": "user", "content": f"order {88000 + i}?"}]}, cfg)
    assert len(mem.thread("cost").history()) == 4 * turns
    assert len(converted) <= 4 * (4 * turns), len(converted)  # a whole-state pass would be ~ 2 * (4 * turns) ** 2 / 2
