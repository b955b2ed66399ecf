"""ChatcompactProcessor against Pydantic AI's real Agent, with its FunctionModel and TestModel."""

from __future__ import annotations

from datetime import UTC, datetime
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
    ThinkingPart,
    ToolCallPart,
    ToolReturnPart,
    UserPromptPart,
)
from pydantic_ai.models.function import AgentInfo, FunctionModel
from pydantic_ai.models.test import TestModel
from pydantic_ai.usage import RequestUsage

from chatcompact import Memory
from chatcompact.integrations.pydantic_ai import (
    ChatcompactCapability,
    ChatcompactModel,
    ChatcompactProcessor,
    from_stored,
    to_openai,
)
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
        schema = [
            {
                "type": "function",
                "function": {
                    "name": "order_status",
                    "description": "Look up an order.",
                    "parameters": {"type": "object"},
                },
            }
        ]
        for request in seen:
            dicts, _ = to_openai(request)
            requests = [m for m in request if isinstance(m, ModelRequest)]
            sys_parts = [p for m in requests for p in m.parts if isinstance(p, SystemPromptPart)]
            assert len(sys_parts) == 1 and sys_parts[0].content.startswith("You track orders.")
            sent = [parse_message({"role": "system", "content": sys_parts[0].content})]
            tools = schema if hook == "capability" else None  # a plain processor cannot see the tools
            assert tok.count_messages(sent + [parse_message(d) for d in dicts], tools) <= budget
        # the summary is a data message (a user prompt part) before the window, never a system part (issue 20 §7)
        assert "Summary of the conversation" not in sys_parts[0].content
        assert any("Summary of the conversation" in str(p.content) for m in requests for p in m.parts)
        if hook == "capability":  # the run's history is the full record; only the requests are compacted
            assert len(history) == 4 * 14 and from_stored(stored)[-1].parts == history[-1].parts
        else:  # Pydantic AI makes a processor's result the run's history
            assert len(history) < 4 * 14


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
_call_args = st.dictionaries(_t, _t, max_size=2) | st.just('{"n": 1}')  # a model may give a dict or a JSON string
_when = st.datetimes(min_value=datetime(2020, 1, 1), max_value=datetime(2030, 1, 1), timezones=st.just(UTC))


@st.composite
def _messages(draw: Any) -> list[ModelMessage]:
    out: list[ModelMessage] = []
    pending: list[ToolCallPart] = []
    for i in range(draw(st.integers(1, 5))):
        parts: list[Any] = [
            ToolReturnPart(c.tool_name, draw(_t | _json), c.tool_call_id, timestamp=draw(_when)) for c in pending
        ]
        if i == 0 and draw(st.booleans()):
            parts.insert(0, SystemPromptPart("You track orders.", timestamp=draw(_when)))
        parts.append(UserPromptPart(draw(_t), timestamp=draw(_when)))
        out.append(ModelRequest(parts=parts, timestamp=draw(_when), instructions=draw(st.none() | _t)))
        pending = [
            ToolCallPart(draw(st.sampled_from(["a", "b"])), draw(_call_args), f"c{i}_{j}")
            for j in range(draw(st.integers(0, 2)))
        ]
        text = [TextPart(draw(_t), id=draw(st.none() | st.just("t1")))] if draw(st.booleans()) or not pending else []
        thinking = [ThinkingPart(draw(_t), signature=draw(st.none() | st.just("sig")))] if draw(st.booleans()) else []
        usage = RequestUsage(input_tokens=draw(st.integers(0, 999)), output_tokens=draw(st.integers(0, 99)))
        out.append(
            ModelResponse(
                parts=[*thinking, *text, *pending],
                usage=usage,
                model_name=draw(st.none() | st.just("gpt-4o")),
                timestamp=draw(_when),
                provider_name=draw(st.none() | st.just("openai")),
                provider_response_id=draw(st.none() | st.just("chatcmpl-1")),
                finish_reason=draw(st.none() | st.just("stop")),
            )
        )
    return out


@settings(max_examples=60, deadline=None)
@given(_messages())
def test_messages_round_trip_through_a_thread_exactly(msgs: list[ModelMessage]) -> None:
    """Thinking parts, timestamps, usage, ids, provider fields, instructions: every field comes back."""
    dicts, system = to_openai(msgs)
    with Memory.open("memory://", background=False) as mem:
        t = mem.thread("rt", system=system)
        t.add_many(dicts)
        back = from_stored(t.history())
    assert back == [m for m in msgs if not (isinstance(m, ModelRequest) and not to_openai([m])[0])]


def test_the_model_request_is_compacted_and_all_messages_stay_the_full_record_over_real_http() -> None:
    """OpenAIChatModel over real HTTP, a 30-step tool loop: every request within budget as the server counts it
    (tool schemas and instructions included), all_messages() holds every message, the thread each once."""
    from pydantic_ai.models.openai import OpenAIChatModel
    from pydantic_ai.providers.openai import OpenAIProvider

    from .agent_model import AgentModelServer, ToolLoop

    def bash(n: int) -> str:
        """Run a command in the repository."""
        return f"step {n}: " + "build log line with some detail\n" * (40 * (1 + n % 7) ** 2)

    budget = 6000
    with AgentModelServer(ToolLoop(30)) as server, Memory.open("memory://", embedder="none") as mem:
        model = OpenAIChatModel("gpt-4o", provider=OpenAIProvider(base_url=server.url, api_key="x"))
        for how in ("capability", "model"):
            server.clear()
            proc = ChatcompactProcessor(mem, f"pai-{how}", budget=budget)
            if how == "capability":
                agent = Agent(
                    model,
                    instructions="You are a coding agent.",
                    tools=[bash],
                    capabilities=[ChatcompactCapability(proc)],
                )
            else:
                agent = Agent(ChatcompactModel(model, proc), instructions="You are a coding agent.", tools=[bash])
            result = agent.run_sync("Fix the failing test")
            assert result.output.startswith("Done after 30 steps")
            tokens = [r["tokens"] for r in server.requests]
            assert len(tokens) == 31 and max(tokens) <= budget, (how, tokens)
            assert len(result.all_messages()) == 62  # request + 30 x (call, return) + answer: the full record
            stored = mem.thread(f"pai-{how}").history()
            assert [m.role for m in stored] == ["user"] + ["assistant", "tool"] * 30 + ["assistant"]
            assert stored[2].text == bash(0)


@pytest.mark.slow
def test_pydantic_ai_1x() -> None:
    """Pydantic AI 1.x cannot be installed beside 2.x: given a Python that has it (CHATCOMPACT_PYDANTIC_AI_1X),
    run tests/pydantic_ai_1x_check.py there (ChatcompactModel, history_processors, real HTTP)."""
    import os
    import subprocess
    from pathlib import Path

    python = os.environ.get("CHATCOMPACT_PYDANTIC_AI_1X")
    if not python:
        pytest.skip("set CHATCOMPACT_PYDANTIC_AI_1X to a Python with pydantic-ai-slim[openai]<2 installed")
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run(
        [python, "tests/pydantic_ai_1x_check.py"], cwd=root, capture_output=True, text=True, timeout=240
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_each_model_request_converts_only_what_is_new(monkeypatch: pytest.MonkeyPatch) -> None:
    """No pass over the whole history per request: messages converted grow with the steps, not their square."""
    import chatcompact.integrations.pydantic_ai as pai

    converted: list[int] = []
    real = pai.to_openai
    monkeypatch.setattr(
        pai, "to_openai", lambda ms, **kw: converted.append(len(list(ms := list(ms)))) or real(ms, **kw)
    )
    model, _ = _scripted()
    with Memory.open("memory://") as mem:
        cap = ChatcompactCapability(ChatcompactProcessor(mem, "cost", budget=100_000))
        agent = Agent(model, system_prompt="You track orders.", tools=[order_status], capabilities=[cap])
        history: list[ModelMessage] = []
        for i in range(20):
            history = agent.run_sync(f"Where is order {88000 + i}?", message_history=history).all_messages()
        assert len(history) == 80 and len(mem.thread("cost").history()) == 80
    assert sum(converted) <= 8 * 80, sum(converted)  # a whole-history pass per request: ~ 40 * 80 / 2 * 2
