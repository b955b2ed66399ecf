"""ChatcompactProcessor against Pydantic AI's real Agent, with its FunctionModel and TestModel."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pydantic_ai")

from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic_ai import Agent
from pydantic_ai.capabilities import ProcessHistory
from pydantic_ai.messages import (
    ModelMessage,
    ModelRequest,
    ModelResponse,
    SystemPromptPart,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
    UserPromptPart,
)
from pydantic_ai.models.function import AgentInfo, FunctionModel
from pydantic_ai.models.test import TestModel

from chatcompact import Memory
from chatcompact.integrations.pydantic_ai import ChatcompactCapability, ChatcompactProcessor, from_openai, to_openai
from chatcompact.types import parse_message


def order_status(order_id: str) -> str:
    """Look up an order."""
    return f"order {order_id} left the warehouse on 3 March"


def _scripted() -> tuple[FunctionModel, list[list[ModelMessage]]]:
    seen: list[list[ModelMessage]] = []

    def reply(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        seen.append(list(messages))
        last = messages[-1].parts[-1]
        if isinstance(last, ToolReturnPart):
            return ModelResponse(parts=[TextPart(f"Your order: {last.content}. " * 3)])
        n = len(seen)
        return ModelResponse(parts=[ToolCallPart("order_status", {"order_id": str(88000 + n)}, f"call_{n}")])

    return FunctionModel(reply), seen


@pytest.mark.parametrize("hook", ["capability", "process_history"])
def test_agent_runs_stay_in_budget_and_every_message_is_stored_once(hook: str) -> None:
    model, seen = _scripted()
    budget = 500
    with Memory.open("memory://") as mem:
        proc = ChatcompactProcessor(mem, "u42", budget=budget)
        cap = ChatcompactCapability(proc) if hook == "capability" else ProcessHistory(proc)
        agent = Agent(model, system_prompt="You track orders.", tools=[order_status], capabilities=[cap])
        history: list[ModelMessage] = []
        for i in range(14):
            text = f"Where is order {88000 + i}? It is a gift for my sister's birthday."
            result = agent.run_sync(text, message_history=history)
            assert "left the warehouse" in result.output
            history = result.all_messages()
            mem.wait_idle(10)
        if hook == "process_history":  # the plain processor sees the final answer only in the next run
            proc.record(None, result.new_messages())
        stored = mem.thread("u42").history()
        assert [m.role for m in stored] == ["user", "assistant", "tool", "assistant"] * 14
        assert stored[1].tool_calls[0].name == "order_status" and stored[2].tool_call_id == stored[1].tool_calls[0].id
        assert mem.thread("u42").system == "You track orders."
        assert mem.thread("u42").compactions()
        tok = mem.tokenizer
        for request in seen:
            dicts, _ = to_openai(request)
            requests = [m for m in request if isinstance(m, ModelRequest)]
            sys_parts = [p for m in requests for p in m.parts if isinstance(p, SystemPromptPart)]
            assert len(sys_parts) == 1 and sys_parts[0].content.startswith("You track orders.")
            sent = [parse_message({"role": "system", "content": sys_parts[0].content})]
            assert tok.count_messages(sent + [parse_message(d) for d in dicts]) <= budget
        # the summary is a data message (a user prompt part) before the window, never a system part (issue 20 §7)
        assert "Summary of the conversation" not in sys_parts[0].content
        assert any("Summary of the conversation" in str(p.content) for m in requests for p in m.parts)
        assert len(history) < 4 * 14  # the run's own history is the bounded view too


def test_test_model_calls_every_tool_through_the_processor() -> None:
    with Memory.open("memory://") as mem:
        agent = Agent(
            TestModel(),
            tools=[order_status],
            capabilities=[ChatcompactCapability(ChatcompactProcessor(mem, "tm", 2000))],
        )
        agent.run_sync("status of order 5?")
        roles = [m.role for m in mem.thread("tm").history()]
        assert roles == ["user", "assistant", "tool", "assistant"]


def test_thread_id_from_the_run_context() -> None:
    with Memory.open("memory://") as mem:
        proc = ChatcompactProcessor(mem, lambda ctx: f"user-{ctx.deps}", 2000)
        agent = Agent(TestModel(call_tools=[]), deps_type=int, capabilities=[ChatcompactCapability(proc)])
        agent.run_sync("hello", deps=7)
        assert [m.role for m in mem.thread("user-7").history()] == ["user", "assistant"]


_t = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=30)
_json = st.recursive(st.none() | st.integers() | _t, lambda c: st.lists(c, max_size=3), max_leaves=5)


@st.composite
def _messages(draw: Any) -> list[ModelMessage]:
    out: list[ModelMessage] = []
    pending: list[ToolCallPart] = []
    for i in range(draw(st.integers(1, 5))):
        parts: list[Any] = [ToolReturnPart(c.tool_name, draw(_t | _json), c.tool_call_id) for c in pending]
        parts.append(UserPromptPart(draw(_t)))
        out.append(ModelRequest(parts=parts))
        pending = [
            ToolCallPart(draw(st.sampled_from(["a", "b"])), draw(st.dictionaries(_t, _t, max_size=2)), f"c{i}_{j}")
            for j in range(draw(st.integers(0, 2)))
        ]
        text = [TextPart(draw(_t))] if draw(st.booleans()) or not pending else []
        out.append(ModelResponse(parts=[*text, *pending]))
    return out


def _shape(msgs: list[ModelMessage]) -> list[Any]:
    out = []
    for m in msgs:
        for p in m.parts:
            if isinstance(p, ToolCallPart):
                out.append(("call", p.tool_name, p.args_as_dict(), p.tool_call_id))
            elif isinstance(p, ToolReturnPart):
                out.append(("return", p.tool_name, p.content, p.tool_call_id))
            else:
                out.append((type(p).__name__, p.content))
    return out


@settings(max_examples=40, deadline=None)
@given(_messages())
def test_messages_round_trip_through_a_thread_without_loss(msgs: list[ModelMessage]) -> None:
    dicts, _ = to_openai(msgs)
    with Memory.open("memory://", background=False) as mem:
        t = mem.thread("rt")
        t.add_many(dicts)
        back = from_openai(m.to_openai() for m in t.history())
    # tool returns answering the last response's calls sit at the head of the next request, as they came
    assert _shape(back) == _shape(msgs)
