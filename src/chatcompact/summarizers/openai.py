"""Summarizer for any OpenAI-compatible chat-completions server: OpenAI, Ollama, vLLM, LM Studio, llama.cpp.

Structured output is negotiated once per instance (``mode="auto"``): ``response_format`` json_schema
(strict), and if the server rejects it, JSON mode, and if that is rejected too, plain text with
parse-and-repair. The mode that worked is remembered. Requires the ``openai`` extra.
"""

from __future__ import annotations

import copy
import logging
import os
from collections.abc import Generator, Mapping
from typing import Any

from chatcompact.core.engine import adrive, drive
from chatcompact.errors import ConfigError, MissingDependency, SummarizerError, SummarizerUnavailable
from chatcompact.types import Usage

from ._preflight import check_base_url, check_listening
from .llm import DEFAULT_TIMEOUT, LLMSummarizer, Payload
from .prompts import DEFAULT_PROMPTS, Prompts

__all__ = ["MODES", "OpenAISummarizer"]

MODES = ("auto", "json_schema", "json_object", "text")
_NEXT_MODE = {"json_schema": "json_object", "json_object": "text"}
_FORMAT_WORDS = ("response_format", "json_schema", "json_object", "structured output")
NO_KEY = "sk-no-key-required"  # local servers ignore the key, but the SDK insists on one
log = logging.getLogger("chatcompact.summarizer")


def _sdk() -> Any:
    try:
        import openai
    except ImportError as exc:
        raise MissingDependency("openai", "openai") from exc
    return openai


class OpenAISummarizer(LLMSummarizer):
    """An :class:`~chatcompact.summarizers.llm.LLMSummarizer` over the ``openai`` SDK.

    ``base_url`` points at any OpenAI-compatible server (e.g. ``http://127.0.0.1:8080/v1``). The key is
    ``api_key``, else ``OPENAI_API_KEY``, else a placeholder when a custom ``base_url`` is given.
    ``mode``: ``auto`` (negotiate, see the module docstring), or force ``json_schema``, ``json_object``
    or ``text``. ``request_options`` are added to every request (e.g. ``{"temperature": 0}``).
    The SDK's own retries are off: the compaction driver retries with backoff.
    """

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        max_output_tokens: int = 800,
        mode: str = "auto",
        prompts: Prompts = DEFAULT_PROMPTS,
        request_options: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(model, timeout=timeout, max_output_tokens=max_output_tokens, prompts=prompts)
        if mode not in MODES:
            raise ConfigError(f"OpenAISummarizer mode must be one of {', '.join(MODES)}, got {mode!r}")
        _sdk()  # fail at construction, not at the first compaction, when the extra is missing
        self.name = f"openai:{model}"
        self.base_url = base_url
        self.api_key = api_key or os.environ.get("OPENAI_API_KEY") or (NO_KEY if base_url else None)
        if self.api_key is None:  # fail now, not at every compaction of a demo that then reports none
            raise SummarizerUnavailable(
                f"{self.name} needs an API key: set OPENAI_API_KEY, pass api_key=, or give a local server "
                "(openai:MODEL@http://127.0.0.1:8080/v1)"
            )
        if base_url is not None:
            check_base_url(self.name, base_url)
        self.mode = mode
        self.request_options = dict(request_options or {})
        self._mode = "json_schema" if mode == "auto" else mode  # the mode in use; auto moves it down
        self._token_param = "max_tokens"  # widest support; switched if a server asks for the new name

    def preflight(self, timeout: float = 0.5) -> None:
        """SummarizerUnavailable now if a local ``base_url`` has nothing listening (a cheap TCP connect; remote
        servers are not contacted). The CLI calls it before it starts work."""
        if self.base_url is not None:
            check_listening(self.name, self.base_url, timeout)

    @property
    def active_mode(self) -> str:
        """The structured-output mode currently used (what ``auto`` settled on so far)."""
        return self._mode

    # ---------------------------------------------------------------- clients (lazy)
    def _options(self) -> dict[str, Any]:
        return {"api_key": self.api_key, "base_url": self.base_url, "timeout": self.timeout, "max_retries": 0}

    def _make_client(self, asynchronous: bool) -> Any:
        return (_sdk().AsyncOpenAI if asynchronous else _sdk().OpenAI)(**self._options())

    # ---------------------------------------------------------------- transport
    def _call(self, payload: Payload) -> tuple[str, Usage]:
        create = self._client().chat.completions.create
        return drive(self._flow(payload), lambda kwargs: create(**kwargs))

    async def _acall(self, payload: Payload) -> tuple[str, Usage]:
        create = self._aclient().chat.completions.create
        return await adrive(self._flow(payload), lambda kwargs: create(**kwargs))

    def _flow(self, payload: Payload) -> Generator[dict[str, Any], Any, tuple[str, Usage]]:
        """Yield request kwargs until one succeeds; step down the structured-output modes on rejection.

        Driven by the engine's own driver (:func:`chatcompact.core.engine.drive`, ``adrive``): a request's error
        is thrown in at the yield. Stepping down is capability negotiation, not a retry: each step changes the
        request, and each state is visited at most once, so the loop ends.
        """
        calls = 0
        while True:
            mode = self._mode
            calls += 1
            try:
                response = yield self._request(payload, mode, self._token_param)
            except Exception as exc:  # a rejection we can adapt to is asked again; anything else goes out
                if not self._adapt(exc, mode):
                    raise
                continue
            text, usage = self._read(response)
            return text, usage.model_copy(update={"attempts": calls, "mode": mode})

    def _request(self, payload: Payload, mode: str, token_param: str) -> dict[str, Any]:
        args: dict[str, Any] = {
            **self.request_options,
            "model": self.model,
            "messages": [{"role": "system", "content": payload.system}, {"role": "user", "content": payload.user}],
            token_param: payload.max_output_tokens,
            "timeout": payload.timeout,
        }
        if mode == "json_schema":
            schema = copy.deepcopy(dict(payload.schema))  # the SDK may touch it; DELTA_SCHEMA stays pristine
            args["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": "summary_delta", "strict": True, "schema": schema},
            }
        elif mode == "json_object":
            args["response_format"] = {"type": "json_object"}
        return args

    def _adapt(self, exc: BaseException, mode: str) -> bool:
        """True if ``exc`` is a rejection of a request option we can drop or rename (state updated)."""
        status = getattr(exc, "status_code", None)
        if status not in (400, 422):
            return False
        text = f"{exc} {getattr(exc, 'body', '')}".lower()
        if self._token_param == "max_tokens" and "max_completion_tokens" in text:
            self._token_param = "max_completion_tokens"  # newer OpenAI models reject max_tokens
            log.info("%s: the server rejects max_tokens; sending max_completion_tokens", self.name)
            return True
        if self.mode == "auto" and mode in _NEXT_MODE and any(w in text for w in _FORMAT_WORDS):
            # Only move down from the mode that was rejected, so concurrent calls cannot skip a step.
            if self._mode == mode:
                self._mode = _NEXT_MODE[mode]
                log.info("%s: the server rejects %s output; falling back to %s", self.name, mode, self._mode)
            return True
        return False

    def _read(self, response: Any) -> tuple[str, Usage]:
        choices = getattr(response, "choices", None) or []
        if not choices:
            raise SummarizerError(f"{self.name}: the reply has no choices", retryable=True)
        message = choices[0].message
        content = message.content
        if not content:
            refusal = getattr(message, "refusal", None)
            if refusal:  # asking again gets the same refusal
                raise SummarizerError(f"{self.name}: the model refused: {refusal}", retryable=False)
            reason = getattr(choices[0], "finish_reason", None)
            raise SummarizerError(f"{self.name}: empty reply (finish_reason={reason})", retryable=True)
        u = getattr(response, "usage", None)
        usage = Usage(
            input_tokens=getattr(u, "prompt_tokens", 0) or 0,
            output_tokens=getattr(u, "completion_tokens", 0) or 0,
        )
        return content, usage
