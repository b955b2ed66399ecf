"""The baselines the agent replay measures chatcompact against, each at the same budget.

- **truncation**: system + task + the newest whole groups (a call with its results) that fit
  (:func:`truncation_request`, below);
- **observation masking** (Lindenbauer et al. 2025, "The Complexity Trap": it matches LLM summarization on
  SWE-bench Verified): every thought and command kept, tool outputs older than the last ``keep`` (10) replaced by
  a one-line placeholder, then truncation as above;
- **ToolOutputTrimmer**: the OpenAI Agents SDK's ``call_model_input_filter`` (its defaults: the last 2 user turns
  untouched, older tool outputs over 500 characters cut to a 200-character preview), run on the request as
  Responses items, then truncation. An agent run has one user turn (the task), so the trimmer's window is the
  whole run and it trims nothing: the row shows that;
- **SummarizationMiddleware**: LangChain's, its own ``before_model`` over the growing state (trigger at the budget,
  counted exactly; keeps 20 messages), its summary model a fake that answers one fixed sentence (the model a
  benchmark can run offline): what its trigger/keep policy keeps, without any summary content. It does not
  promise the budget: its largest request is printed as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..protocols import Tokenizer
from ..types import Message, parse_message

__all__ = ["MASK", "SummarizationReplay", "masking_request", "trimmer_request"]

MASK = "[Old tool output omitted for brevity.]"


def masking_request(
    messages: Sequence[Message],
    tokens: Sequence[int],
    budget: int,
    base: int,
    count: Callable[[Message], int],
    keep: int = 10,
) -> tuple[list[dict[str, Any]], int]:
    """Observation masking, then truncation: the request (OpenAI dicts) and its tokens."""
    tools = [i for i, m in enumerate(messages) if m.role == "tool"]
    old = set(tools[:-keep] if keep else tools)
    masked = [
        Message(role="tool", content=MASK, tool_call_id=m.tool_call_id) if i in old else m
        for i, m in enumerate(messages)
    ]
    mtokens = [count(m) if i in old else tokens[i] for i, m in enumerate(masked)]
    kept = truncation_request(masked, mtokens, budget, base)
    return [masked[i].to_openai() for i in kept], base + sum(mtokens[i] for i in kept)


def trimmer_request(
    messages: Sequence[Message], budget: int, base: int, tokenizer: Tokenizer
) -> tuple[list[dict[str, Any]], int] | None:
    """The Agents SDK's ToolOutputTrimmer (defaults) on the request as items, then truncation; None without
    the SDK installed."""
    try:
        from agents.extensions import ToolOutputTrimmer
        from agents.run_config import CallModelData, ModelInputData
    except ImportError:
        return None
    from ..integrations._items import items_to_messages, messages_to_items

    items: Any = messages_to_items(messages[1:])
    no_agent: Any = None  # the trimmer reads only the input
    data = CallModelData(
        model_data=ModelInputData(input=items, instructions=messages[0].text), agent=no_agent, context=None
    )
    trimmed = ToolOutputTrimmer()(data).input
    out = [messages[0], *(parse_message(d, max_chars=1 << 62) for d in items_to_messages(trimmed))]
    tokens = [tokenizer.count_message(m) for m in out]
    kept = truncation_request(out, tokens, budget, base)
    return [out[i].to_openai() for i in kept], base + sum(tokens[i] for i in kept)


class SummarizationReplay:
    """LangChain's SummarizationMiddleware over a growing state, one step at a time (None without LangChain)."""

    def __init__(self, budget: int, tokenizer: Tokenizer) -> None:
        from langchain.agents.middleware import SummarizationMiddleware
        from langchain_core.language_models.fake_chat_models import GenericFakeChatModel

        from ..integrations._lc_convert import to_openai

        class _Fixed(GenericFakeChatModel):
            def _generate(self, *a: Any, **kw: Any) -> Any:
                self.messages = iter(["The agent is working on the task."])
                return super()._generate(*a, **kw)

        def counter(msgs: Any) -> int:
            return int(tokenizer.count_messages([parse_message(to_openai(m), max_chars=1 << 62) for m in msgs]))

        self._to_lc = _lc_message
        self._to_openai = to_openai
        self.mw = SummarizationMiddleware(
            model=_Fixed(messages=iter([])), trigger=("tokens", budget), token_counter=counter
        )
        self.state: list[Any] = []
        self.tokenizer = tokenizer

    def add(self, message: dict[str, Any], names: dict[str, str]) -> None:
        self.state.append(self._to_lc(message, names))

    def request(self, system: Message) -> tuple[list[dict[str, Any]], int]:
        """Run the middleware's hook on the state (it may replace it) and return the request it leaves."""
        from langchain_core.messages import RemoveMessage

        update = self.mw.before_model({"messages": self.state}, None)  # type: ignore[arg-type]
        if update:
            self.state = [m for m in update["messages"] if not isinstance(m, RemoveMessage)]
        out = [system.to_openai(), *(self._to_openai(m) for m in self.state)]
        msgs = [parse_message({k: v for k, v in d.items() if k != "meta"}, max_chars=1 << 62) for d in out]
        return out, int(self.tokenizer.count_messages(msgs))


def _lc_message(m: dict[str, Any], names: dict[str, str]) -> Any:
    from ..integrations._lc_convert import from_openai

    return from_openai([m])[0] if m["role"] != "tool" else _tool(m, names)


def _tool(m: dict[str, Any], names: dict[str, str]) -> Any:
    from langchain_core.messages import ToolMessage

    return ToolMessage(content=m["content"], tool_call_id=m["tool_call_id"], name=names.get(m["tool_call_id"]))


def truncation_request(messages: Sequence[Message], tokens: Sequence[int], budget: int, base: int) -> list[int]:
    """Indices plain truncation sends: system + the first user message + the newest whole groups that fit."""
    from ..core.window import groups

    keep: list[int] = []
    used = base
    for i, m in enumerate(messages[:2]):
        if m.role in ("system", "user"):
            keep.append(i)
            used += tokens[i]
    grp = [g for g in groups(messages) if g[0] >= len(keep)]
    chosen: list[int] = []
    for s, e in reversed(grp):
        cost = sum(tokens[s:e])
        if used + cost > budget:
            break
        chosen = list(range(s, e)) + chosen
        used += cost
    return keep + chosen
