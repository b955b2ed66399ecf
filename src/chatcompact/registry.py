"""The one place where names and URLs become backend objects (used by Memory, the CLI and the server)."""

from __future__ import annotations

import os

from .config import Settings
from .errors import ConfigError
from .protocols import Store, Summarizer, Tokenizer

SUMMARIZER_SPECS = ("extractive",)


def resolve_store(url: str | os.PathLike[str] | Store | None, settings: Settings) -> Store:
    """A Store object passes through; a URL or path is opened (``sqlite:///x.db``, ``memory://``...)."""
    if isinstance(url, os.PathLike):
        url = os.fspath(url)
    if url is not None and not isinstance(url, str):
        return url
    from .stores import open_store

    return open_store(url or settings.store, synchronous=settings.synchronous)


def resolve_summarizer(spec: str | Summarizer | None, settings: Settings) -> Summarizer:
    """A Summarizer object passes through; a spec string (``extractive``) is built."""
    if spec is not None and not isinstance(spec, str):
        return spec
    spec = spec or settings.summarizer
    kind = spec.split(":", 1)[0].strip().lower()
    if kind == "extractive":
        from .summarizers.extractive import ExtractiveSummarizer

        return ExtractiveSummarizer()
    raise ConfigError(f"unknown summarizer {spec!r}; available: {', '.join(SUMMARIZER_SPECS)}")


def resolve_tokenizer(tokenizer: Tokenizer | None, model: str | None, settings: Settings) -> Tokenizer:
    """A Tokenizer object passes through; otherwise the one for ``model`` (e.g. ``gpt-4o``)."""
    if tokenizer is not None:
        return tokenizer
    from .tokenizers import tokenizer_for

    return tokenizer_for(model or settings.model)
