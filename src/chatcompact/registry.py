"""The one place where names and URLs become backend objects (used by Memory, the CLI and the server)."""

from __future__ import annotations

import os
import re
from collections.abc import Callable

from .config import Settings
from .errors import ConfigError
from .protocols import Store, Summarizer, Tokenizer

# The forms a summarizer spec takes (CLI --summarizer, CHATCOMPACT_SUMMARIZER, Memory.open(summarizer=...)).
SUMMARIZER_SPECS = (
    "extractive",
    "openai:MODEL",
    "openai:MODEL@BASE_URL",
    "anthropic:MODEL",
)


def resolve_store(url: str | os.PathLike[str] | Store | None, settings: Settings) -> Store:
    """A Store object passes through; a URL or path is opened (``sqlite:///x.db``, ``memory://``...)."""
    if isinstance(url, os.PathLike):
        url = os.fspath(url)
    if url is not None and not isinstance(url, str):
        return url
    from .stores import open_store

    return open_store(url or settings.store, synchronous=settings.synchronous)


_MODEL_AT_URL = re.compile(r"^(.*?)@(https?://\S+)$")


def _spec_error(spec: str, problem: str) -> ConfigError:
    forms = ", ".join(SUMMARIZER_SPECS)
    return ConfigError(f"bad summarizer spec {spec!r}: {problem}; expected one of: {forms}")


def _extractive(spec: str, arg: str) -> Summarizer:
    if arg:
        raise _spec_error(spec, "'extractive' takes no argument")
    from .summarizers.extractive import ExtractiveSummarizer

    return ExtractiveSummarizer()


def _openai(spec: str, arg: str) -> Summarizer:
    # model@base_url; the model may hold ':' (Ollama's "qwen2.5:7b") and the URL may hold '@' (user info).
    m = _MODEL_AT_URL.match(arg)
    model, base_url = (m.group(1).strip(), m.group(2).strip()) if m else (arg, "")
    if not model:
        raise _spec_error(spec, "a model name is required after 'openai:'")
    if "@" in arg and not base_url:
        raise _spec_error(spec, "the base URL after '@' must start with http:// or https://")
    from .summarizers.openai import OpenAISummarizer

    return OpenAISummarizer(model, base_url=base_url or None)


def _anthropic(spec: str, arg: str) -> Summarizer:
    if not arg:
        raise _spec_error(spec, "a model name is required after 'anthropic:'")
    from .summarizers.anthropic import AnthropicSummarizer

    return AnthropicSummarizer(arg)


# kind -> builder(spec, argument after the first ':'). New kinds register here, e.g.
# "local": _local for "local:/path/model.gguf" (add its form to SUMMARIZER_SPECS too).
_SUMMARIZER_BUILDERS: dict[str, Callable[[str, str], Summarizer]] = {
    "extractive": _extractive,
    "openai": _openai,
    "anthropic": _anthropic,
}


def resolve_summarizer(spec: str | Summarizer | None, settings: Settings) -> Summarizer:
    """A Summarizer object passes through; a spec string is built (forms in ``SUMMARIZER_SPECS``).

    ``extractive`` (the default), ``openai:gpt-4o-mini``, ``openai:qwen2.5@http://127.0.0.1:8080/v1``
    (any OpenAI-compatible server; key from ``OPENAI_API_KEY``), ``anthropic:claude-haiku-4-5``.
    Raises ConfigError for a malformed spec, MissingDependency when the provider's extra is absent.
    """
    if spec is not None and not isinstance(spec, str):
        return spec
    spec = (spec or settings.summarizer).strip()
    kind, _, arg = spec.partition(":")
    builder = _SUMMARIZER_BUILDERS.get(kind.strip().lower())
    if builder is None:
        raise _spec_error(spec, f"unknown kind {kind.strip()!r}")
    return builder(spec, arg.strip())


def resolve_tokenizer(tokenizer: Tokenizer | None, model: str | None, settings: Settings) -> Tokenizer:
    """A Tokenizer object passes through; otherwise the one for ``model`` (e.g. ``gpt-4o``)."""
    if tokenizer is not None:
        return tokenizer
    from .tokenizers import tokenizer_for

    return tokenizer_for(model or settings.model)
