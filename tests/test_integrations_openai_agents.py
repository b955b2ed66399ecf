"""ChatcompactSession against the OpenAI Agents SDK's real Runner, with a scripted Model (the SDK's extension point)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

pytest.importorskip("agents")

from agents import Agent, Runner, function_tool, set_tracing_disabled
from agents.items import ModelResponse
from agents.memory import Session
from agents.models.interface import Model
from agents.usage import Usage
from hypothesis import given, settings
from hypothesis import strategies as st
from openai.types.responses import ResponseFunctionToolCall, ResponseOutputMessage, ResponseOutputText

from chatcompact import ChatcompactError, Memory
from chatcompact.integrations.openai_agents import ChatcompactSession, items_to_messages, messages_to_items
from chatcompact.types import parse_message

set_tracing_disabled(True)  # no trace export from tests


def _text(text: str, i: int) -> ResponseOutputMessage:
    part = ResponseOutputText(text=text, type="output_text", annotations=[])
    return ResponseOutputMessage(id=f"msg_{i}", content=[part], role="assistant", status="completed", type="message")


class ScriptedModel(Model):
    """Each turn: one tool call, then an answer; records every input it was sent."""

    def __init__(self) -> None:
        self.inputs: list[list[dict[str, Any]]] = []
        self.n = 0

    async def get_response(self, system_instructions: Any, input: Any, *args: Any, **kw: Any) -> ModelResponse:
        self.inputs.append(list(input) if isinstance(input, list) else [{"role": "user", "content": input}])
        self.n += 1
        last = self.inputs[-1][-1]
        if last.get("type") == "function_call_output":
            out: list[Any] = [_text(f"Your order shipped: {last['output']}. " * 3, self.n)]
        else:
            call = ResponseFunctionToolCall(
                arguments=f'{{"order_id": "{88000 + self.n}"}}',
                call_id=f"call_{self.n}",
                name="order_status",
                type="function_call",
                id=f"fc_{self.n}",
            )
            out = [call]
        return ModelResponse(output=out, usage=Usage(), response_id=None)

    def stream_response(self, *args: Any, **kw: Any) -> Any:  # pragma: no cover - not used
        raise NotImplementedError


@function_tool
def order_status(order_id: str) -> str:
    """Look up an order."""
    return f"order {order_id} left the warehouse on 3 March"


def test_it_satisfies_the_sdk_session_protocol() -> None:
    with Memory.open("memory://") as mem:
        assert isinstance(ChatcompactSession("s", mem, budget=1000), Session)


def test_runner_keeps_a_long_tool_using_conversation_in_budget() -> None:
    model = ScriptedModel()
    agent = Agent(name="support", instructions="You track orders.", model=model, tools=[order_status])
    budget = 500
    with Memory.open("memory://") as mem:
        session = ChatcompactSession("u42", mem, budget=budget)

        async def chat() -> None:
            for i in range(14):
                text = f"Where is my order {88000 + i}? It is a present for my sister, her birthday is soon."
                result = await Runner.run(agent, text, session=session)
                assert "shipped" in result.final_output
                await asyncio.to_thread(mem.wait_idle, 10)

        asyncio.run(chat())
        history = mem.thread("u42").history()
        assert [m.role for m in history] == ["user", "assistant", "tool", "assistant"] * 14
        assert (
            history[1].tool_calls[0].name == "order_status" and history[2].tool_call_id == history[1].tool_calls[0].id
        )
        assert "left the warehouse" in history[2].text
        assert mem.thread("u42").compactions(), "the conversation outgrew the budget: it must have compacted"
        tok = mem.tokenizer
        for sent in model.inputs:
            calls = {x["call_id"] for x in sent if x.get("type") == "function_call"}
            assert all(x["call_id"] in calls for x in sent if x.get("type") == "function_call_output")
        # the history part of the last turn's first request: everything before the new user input
        first_of_last_turn = model.inputs[-2]
        history_part = first_of_last_turn[:-1]
        assert tok.count_messages([parse_message(m) for m in items_to_messages(history_part)]) <= budget
        # the summary is a data message (user role) before the window, never in the system role (issue 20 §7)
        assert history_part[0]["role"] == "system" and "Summary of the conversation" not in history_part[0]["content"]
        assert history_part[1]["role"] == "user" and "Summary of the conversation" in str(history_part[1]["content"])


def test_limit_returns_the_latest_items_verbatim_and_the_log_is_append_only() -> None:
    with Memory.open("memory://") as mem:
        s = ChatcompactSession("t", mem, budget=1000)
        items = [
            {"role": "user", "content": "hi"},
            {"type": "function_call", "call_id": "c1", "name": "f", "arguments": '{"a": 1}'},
            {"type": "function_call", "call_id": "c2", "name": "g", "arguments": "{}"},
            {"type": "function_call_output", "call_id": "c1", "output": "one"},
            {"type": "function_call_output", "call_id": "c2", "output": "two"},
            {"role": "assistant", "content": "done"},
        ]
        asyncio.run(s.add_items(items))
        assert asyncio.run(s.get_items(limit=4)) == items[2:]
        assert asyncio.run(s.get_items()) == items
        with pytest.raises(ChatcompactError, match="append-only"):
            asyncio.run(s.pop_item())
        with pytest.raises(ChatcompactError, match="append-only"):
            asyncio.run(s.clear_session())


_s = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=30)


@st.composite
def _items(draw: Any) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for i in range(draw(st.integers(1, 5))):
        out.append({"role": "user", "content": draw(_s)})
        n = draw(st.integers(0, 3))
        for j in range(n):
            args = draw(st.sampled_from(["{}", '{"q": "x"}', '{"n": [1, 2]}']))
            out.append({"type": "function_call", "call_id": f"c{i}{j}", "name": "tool_a", "arguments": args})
        for j in range(n):
            out.append({"type": "function_call_output", "call_id": f"c{i}{j}", "output": draw(_s)})
        out.append({"role": "assistant", "content": draw(_s)})
    return out


@settings(max_examples=40, deadline=None)
@given(_items())
def test_items_round_trip_through_a_thread_intact(items: list[dict[str, Any]]) -> None:
    with Memory.open("memory://", background=False) as mem:
        t = mem.thread("rt")
        t.add_many(items_to_messages(items))
        assert messages_to_items(t.history()) == items
