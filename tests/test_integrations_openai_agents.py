"""ChatcompactSession against the OpenAI Agents SDK's real Runner, with a scripted Model (the SDK's extension point)."""

from __future__ import annotations

import asyncio
import json
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

from chatcompact import Memory
from chatcompact.integrations.openai_agents import ChatcompactSession, items_to_messages, messages_to_items
from chatcompact.types import parse_message

from .agent_model import AgentModelServer, ToolLoop

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


def _big_output(n: int) -> str:
    return f"step {n}: " + "build log line with some detail\n" * (40 * (1 + n % 7) ** 2)


@function_tool
def bash(n: int) -> str:
    """Run a command in the repository."""
    return _big_output(n)


def test_every_model_call_inside_a_run_is_within_budget_over_real_http() -> None:
    """A 30-step tool loop in ONE run: the in-run filter bounds each request as the server receives it."""
    from agents import OpenAIChatCompletionsModel
    from openai import AsyncOpenAI

    budget = 6000
    with AgentModelServer(ToolLoop(30)) as server, Memory.open("memory://", embedder="none") as mem:
        model = OpenAIChatCompletionsModel("gpt-4o", AsyncOpenAI(base_url=server.url, api_key="x"))
        agent = Agent(name="coder", instructions="You are a coding agent.", model=model, tools=[bash])
        session = ChatcompactSession("run", mem, budget=budget)

        async def go() -> None:
            for task in ("Fix the failing test in tests/test_dates.py", "Now run the whole suite"):
                result = await Runner.run(agent, task, session=session, run_config=session.run_config(), max_turns=99)
                assert result.final_output.startswith("Done after 30 steps")

        asyncio.run(go())
        tokens = [r["tokens"] for r in server.requests]
        assert len(tokens) == 62 and max(tokens) <= budget, tokens
        history = session.thread.history()
        # each run: the task, 30 x (call, output), the answer, every one stored once
        assert [m.role for m in history] == (["user"] + ["assistant", "tool"] * 30 + ["assistant"]) * 2
        assert history[2].text == _big_output(0) and history[-2].text == _big_output(29)
        assert session.thread.stats()["history_tokens"] > 10 * budget  # the run's full input was far over it


def _hosted_items() -> list[dict[str, Any]]:
    return [
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "weather in Paris?"}]},
        {"type": "reasoning", "id": "rs_1", "summary": [{"type": "summary_text", "text": "search it"}]},
        {"id": "ws_1", "type": "web_search_call", "status": "completed", "action": {"type": "search", "query": "x"}},
        {
            "id": "msg_1",
            "type": "message",
            "role": "assistant",
            "status": "completed",
            "content": [
                {
                    "type": "output_text",
                    "text": "Sunny.",
                    "annotations": [
                        {
                            "type": "url_citation",
                            "url": "https://w.test",
                            "title": "W",
                            "start_index": 0,
                            "end_index": 5,
                        }
                    ],
                }
            ],
        },
        {"role": "user", "content": "and the files?"},
        {"id": "fs_1", "type": "file_search_call", "status": "completed", "queries": ["q"], "results": None},
        {
            "id": "cu_1",
            "type": "computer_call",
            "call_id": "cc1",
            "status": "completed",
            "pending_safety_checks": [],
            "action": {"type": "screenshot"},
        },
        {
            "type": "computer_call_output",
            "call_id": "cc1",
            "output": {"type": "computer_screenshot", "image_url": "data:image/png;base64,AAAA"},
        },
        {
            "id": "ci_1",
            "type": "code_interpreter_call",
            "status": "completed",
            "code": "print(1)",
            "container_id": "c",
            "outputs": [{"type": "logs", "logs": "1"}],
        },
        {
            "id": "mcpl_1",
            "type": "mcp_list_tools",
            "server_label": "git",
            "tools": [{"name": "log", "input_schema": {}}],
        },
        {"id": "mcpr_1", "type": "mcp_approval_request", "server_label": "git", "name": "log", "arguments": "{}"},
        {"type": "mcp_approval_response", "approval_request_id": "mcpr_1", "approve": True},
        {"id": "mcp_1", "type": "mcp_call", "server_label": "git", "name": "log", "arguments": "{}", "output": "ok"},
        {"type": "function_call", "id": "fc_1", "call_id": "f1", "name": "bash", "arguments": '{"n": 1}'},
        {"type": "function_call_output", "call_id": "f1", "output": "done"},
        {"role": "assistant", "content": "All done."},
    ]


def test_hosted_tool_and_reasoning_items_are_kept_exactly_and_shown_by_rule() -> None:
    with Memory.open("memory://", background=False) as mem:
        session = ChatcompactSession("hosted", mem, budget=4000)
        items = _hosted_items()
        asyncio.run(session.add_items(items))
        assert asyncio.run(session.get_items(limit=len(items))) == items  # exactly as added
        assert asyncio.run(session.get_items(limit=3)) == items[-3:]
        view = asyncio.run(session.get_items())
        text = json.dumps(view)
        assert "reasoning" not in {i.get("type") for i in view} and "search it" not in text  # never re-sent
        assert "[web_search_call]" in text and "[mcp_call]" in text  # shown as one line of text each
        assert not any("id" in i for i in view)  # no provider ids in what a model is sent
        assert {"type": "function_call", "call_id": "f1", "name": "bash", "arguments": '{"n": 1}'} in view


def test_pop_item_and_clear_session_forget_on_the_append_only_log() -> None:
    with Memory.open("memory://", background=False) as mem:
        session = ChatcompactSession("undo", mem, budget=300)
        for i in range(12):
            asyncio.run(
                session.add_items(
                    [
                        {"role": "user", "content": f"Note the code ZX-{1000 + i} for the shipment to Lyon, please."},
                        {"role": "assistant", "content": f"Noted ZX-{1000 + i}."},
                    ]
                )
            )
        assert session.thread.compactions(), "the log outgrew the budget: it compacted"
        popped = asyncio.run(session.pop_item())
        assert popped == {"role": "assistant", "content": "Noted ZX-1011."}
        assert asyncio.run(session.pop_item()) == {
            "role": "user",
            "content": "Note the code ZX-1011 for the shipment to Lyon, please.",
        }
        assert asyncio.run(session.get_items(limit=1)) == [{"role": "assistant", "content": "Noted ZX-1010."}]
        assert "ZX-1011" not in json.dumps(asyncio.run(session.get_items()))
        # a message of several items: popping one keeps the others
        asyncio.run(
            session.add_items(
                [
                    {"role": "user", "content": "run it"},
                    {"role": "assistant", "content": "Running."},
                    {"type": "function_call", "call_id": "k1", "name": "bash", "arguments": "{}"},
                ]
            )
        )
        assert asyncio.run(session.pop_item())["type"] == "function_call"
        assert asyncio.run(session.get_items(limit=2)) == [
            {"role": "user", "content": "run it"},
            {"role": "assistant", "content": "Running."},
        ]
        asyncio.run(session.clear_session())
        assert asyncio.run(session.get_items(limit=100)) == []
        view = asyncio.run(session.get_items())
        assert "ZX-10" not in json.dumps(view) and all(i.get("role") == "system" for i in view)
        assert session.thread.summary().is_empty() or "ZX-10" not in session.thread.summary().model_dump_json()
        asyncio.run(session.add_items([{"role": "user", "content": "a fresh start"}]))
        assert asyncio.run(session.get_items(limit=5)) == [{"role": "user", "content": "a fresh start"}]


_s = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=30)
_id = st.sampled_from([None, "x1", "x2"])


def _with(item: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {**item, **{k: v for k, v in extra.items() if v is not None}}


@st.composite
def _user_item(draw: Any) -> dict[str, Any]:
    if draw(st.booleans()):
        return {"role": draw(st.sampled_from(["user", "user", "system", "developer"])), "content": draw(_s)}
    parts = [{"type": "input_text", "text": draw(_s)}]
    extra = draw(st.sampled_from([None, "image", "file", "image_id"]))
    if extra == "image":
        parts.append({"type": "input_image", "image_url": "https://i.test/a.png", "detail": "low"})
    elif extra == "file":
        parts.append({"type": "input_file", "file_id": "file-1", "filename": "a.pdf"})
    elif extra == "image_id":
        parts.append({"type": "input_image", "file_id": "file-2", "detail": "auto"})
    return {"type": "message", "role": "user", "content": parts}


_HOSTED = st.sampled_from(_hosted_items()[1:3] + _hosted_items()[5:7] + _hosted_items()[8:13])


@st.composite
def _output(draw: Any, i: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(0, 2))):
        out.append(draw(_HOSTED))
    if draw(st.booleans()):
        part = {"type": "output_text", "text": draw(_s), "annotations": []}
        out.append(_with({"type": "message", "role": "assistant", "content": [part]}, id=draw(_id), status="completed"))
    calls = [
        _with(
            {
                "type": "function_call",
                "call_id": f"c{i}{j}",
                "name": "tool_a",
                "arguments": draw(st.sampled_from(["{}", '{"q": "x"}'])),
            },
            id=draw(_id),
        )
        for j in range(draw(st.integers(0 if out else 1, 3)))
    ]
    out += calls
    for c in draw(st.permutations(calls)):
        output: Any = draw(_s | st.just([{"type": "input_text", "text": "t"}]))
        out.append({"type": "function_call_output", "call_id": c["call_id"], "output": output})
    return out


@st.composite
def _items(draw: Any) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for i in range(draw(st.integers(1, 4))):
        out.append(draw(_user_item()))
        out += draw(_output(i))
        if draw(st.booleans()):
            out.append({"role": "assistant", "content": draw(_s)})
    return out


@settings(max_examples=60, deadline=None)
@given(_items())
def test_items_round_trip_through_a_thread_exactly(items: list[dict[str, Any]]) -> None:
    with Memory.open("memory://", background=False) as mem:
        t = mem.thread("rt")
        t.add_many(items_to_messages(items))
        assert messages_to_items(t.history()) == items
