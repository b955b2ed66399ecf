"""Summarizer over the Anthropic Messages API, structured through tool use.

The model is given one tool, ``record_summary_delta``, whose input schema is the delta schema, and is
forced to call it (``tool_choice``); the tool call's input is the delta. Requires the ``anthropic`` extra.
"""

from __future__ import annotations

import copy
import os
from typing import Any

from chatcompact.errors import MissingDependency, SummarizerError, SummarizerUnavailable
from chatcompact.types import Usage

from ._preflight import check_base_url, check_listening
from .llm import DEFAULT_TIMEOUT, LLMSummarizer, Payload
from .prompts import DEFAULT_PROMPTS, Prompts

__all__ = ["TOOL_NAME", "AnthropicSummarizer"]

TOOL_NAME = "record_summary_delta"
_TOOL_DESCRIPTION = "Record what the evicted messages add to the conversation summary (the JSON delta)."


def _sdk() -> Any:
    try:
        import anthropic
    except ImportError as exc:
        raise MissingDependency("anthropic", "anthropic") from exc
    return anthropic


class AnthropicSummarizer(LLMSummarizer):
    """An :class:`~chatcompact.summarizers.llm.LLMSummarizer` over the ``anthropic`` SDK.

    The key is ``api_key``, else whatever the SDK finds (``ANTHROPIC_API_KEY``...). ``base_url`` is for
    proxies and tests. The SDK's own retries are off: the compaction driver retries with backoff.
    """

    def __init__(
        self,
        model: str,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        max_output_tokens: int = 800,
        prompts: Prompts = DEFAULT_PROMPTS,
    ) -> None:
        super().__init__(model, timeout=timeout, max_output_tokens=max_output_tokens, prompts=prompts)
        _sdk()  # fail at construction, not at the first compaction, when the extra is missing
        self.name = f"anthropic:{model}"
        self.api_key = api_key
        self.base_url = base_url
        keyed = api_key or os.environ.get("ANTHROPIC_API_KEY") or os.environ.get("ANTHROPIC_AUTH_TOKEN")
        if not keyed and base_url is None:  # a proxy at base_url may hold the key itself
            raise SummarizerUnavailable(f"{self.name} needs an API key: set ANTHROPIC_API_KEY or pass api_key=")
        if base_url is not None:
            check_base_url(self.name, base_url)

    def preflight(self, timeout: float = 0.5) -> None:
        """SummarizerUnavailable now if a local ``base_url`` has nothing listening (remote ones are not contacted)."""
        if self.base_url is not None:
            check_listening(self.name, self.base_url, timeout)

    # ---------------------------------------------------------------- clients (lazy)
    def _options(self) -> dict[str, Any]:
        opts: dict[str, Any] = {"timeout": self.timeout, "max_retries": 0}
        if self.api_key:
            opts["api_key"] = self.api_key
        if self.base_url:
            opts["base_url"] = self.base_url
        return opts

    def _make_client(self, asynchronous: bool) -> Any:
        return (_sdk().AsyncAnthropic if asynchronous else _sdk().Anthropic)(**self._options())

    # ---------------------------------------------------------------- transport
    def _call(self, payload: Payload) -> tuple[Any, Usage]:
        return self._read(self._client().messages.create(**self._request(payload)))

    async def _acall(self, payload: Payload) -> tuple[Any, Usage]:
        return self._read(await self._aclient().messages.create(**self._request(payload)))

    def _request(self, payload: Payload) -> dict[str, Any]:
        tool = {
            "name": TOOL_NAME,
            "description": _TOOL_DESCRIPTION,
            "input_schema": copy.deepcopy(dict(payload.schema)),
        }
        return {
            "model": self.model,
            "max_tokens": payload.max_output_tokens,
            "system": payload.system,
            "messages": [{"role": "user", "content": payload.user}],
            "tools": [tool],
            "tool_choice": {"type": "tool", "name": TOOL_NAME},
            "timeout": payload.timeout,
        }

    def _read(self, response: Any) -> tuple[Any, Usage]:
        u = getattr(response, "usage", None)
        usage = Usage(
            input_tokens=getattr(u, "input_tokens", 0) or 0,
            output_tokens=getattr(u, "output_tokens", 0) or 0,
            mode="tool",
        )
        blocks = list(getattr(response, "content", None) or [])
        for block in blocks:
            if getattr(block, "type", None) == "tool_use" and getattr(block, "name", None) == TOOL_NAME:
                data = block.input if isinstance(block.input, dict) else {}
                if not data and getattr(response, "stop_reason", None) == "max_tokens":
                    raise SummarizerError(f"{self.name}: the tool call was cut off by max_tokens", retryable=True)
                return data, usage
        # No tool call (a proxy that drops tools, or a refusal): the text may still hold the JSON.
        text = "".join(getattr(b, "text", "") or "" for b in blocks if getattr(b, "type", None) == "text")
        if text.strip():
            return text, usage.model_copy(update={"mode": "text"})
        reason = getattr(response, "stop_reason", None)
        raise SummarizerError(f"{self.name}: no {TOOL_NAME} call in the reply (stop_reason={reason})", retryable=True)
