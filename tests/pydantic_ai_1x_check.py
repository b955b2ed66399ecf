"""Run under a Python that has Pydantic AI 1.x (``python tests/pydantic_ai_1x_check.py``, from the repository root):
ChatcompactModel and ``history_processors=[processor]`` with OpenAIChatModel over real HTTP. Exits non-zero on a
miss; ``test_integrations_pydantic_ai.py::test_pydantic_ai_1x`` runs it when CHATCOMPACT_PYDANTIC_AI_1X names
such a Python."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

import pydantic_ai  # noqa: E402
from pydantic_ai import Agent  # noqa: E402
from pydantic_ai.models.openai import OpenAIChatModel  # noqa: E402
from pydantic_ai.providers.openai import OpenAIProvider  # noqa: E402

from chatcompact import Memory  # noqa: E402
from chatcompact.integrations.pydantic_ai import ChatcompactModel, ChatcompactProcessor, from_stored  # noqa: E402
from tests.agent_model import AgentModelServer, ToolLoop  # noqa: E402


def bash(n: int) -> str:
    """Run a command in the repository."""
    return f"step {n}: " + "build log line with some detail\n" * (40 * (1 + n % 7) ** 2)


def main() -> int:
    assert pydantic_ai.__version__.startswith("1."), pydantic_ai.__version__
    budget = 6000
    with AgentModelServer(ToolLoop(30)) as server, Memory.open("memory://", embedder="none") as mem:
        model = OpenAIChatModel("gpt-4o", provider=OpenAIProvider(base_url=server.url, api_key="x"))
        for how in ("model", "history_processors"):
            server.clear()
            proc = ChatcompactProcessor(mem, f"pai1-{how}", budget=budget)
            if how == "model":
                agent = Agent(ChatcompactModel(model, proc), instructions="You are a coding agent.", tools=[bash])
            else:
                agent = Agent(model, instructions="You are a coding agent.", tools=[bash], history_processors=[proc])
            result = agent.run_sync("Fix the failing test")
            tokens = [r["tokens"] for r in server.requests]
            stored = mem.thread(f"pai1-{how}").history()
            print(
                f"pydantic_ai {pydantic_ai.__version__} {how}: {len(tokens)} requests, largest {max(tokens)} "
                f"(budget {budget}), all_messages {len(result.all_messages())}, stored {len(stored)}"
            )
            assert max(tokens) <= budget and result.output.startswith("Done after 30 steps")
            if how == "model":
                assert len(result.all_messages()) == 62 and len(stored) == 62
                assert [m.parts for m in from_stored(stored)] == [m.parts for m in result.all_messages()]
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
