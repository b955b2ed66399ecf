"""Embeddings from any OpenAI-compatible ``/embeddings`` endpoint: OpenAI, Ollama, vLLM, LM Studio, llama.cpp.

Requires the ``openai`` extra. The client is created on the first :meth:`OpenAIEmbedder.embed`; vectors are
L2-normalised here whatever the server returns, so they are comparable by dot product.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from chatcompact.errors import ChatcompactError, ConfigError, InvalidArgument, InvalidType
from chatcompact.summarizers.openai import NO_KEY, _sdk  # one lazy SDK loader and install hint

__all__ = ["KNOWN_DIMENSIONS", "OpenAIEmbedder"]

#: Native output sizes of OpenAI's embedding models (others are learned from the first response).
KNOWN_DIMENSIONS = {
    "text-embedding-3-small": 1536,
    "text-embedding-3-large": 3072,
    "text-embedding-ada-002": 1536,
}


class OpenAIEmbedder:
    """An :class:`~chatcompact.protocols.Embedder` over the ``openai`` SDK's ``embeddings.create``.

    ``dimensions`` asks the model for shorter vectors (text-embedding-3-* support it) and becomes part of
    ``name``. When neither ``dimensions`` nor :data:`KNOWN_DIMENSIONS` gives the size, reading
    :attr:`dimensions` before the first :meth:`embed` sends one probe request (note: on Python 3.11,
    ``isinstance(x, Embedder)`` reads it too; pass ``dimensions`` to avoid that). The key is ``api_key``,
    else ``OPENAI_API_KEY``, else a placeholder when a custom ``base_url`` is given. Texts go in requests
    of ``batch_size``; empty texts are sent as a single space (the API rejects empty strings). Any failure raises
    :class:`~chatcompact.errors.ChatcompactError`, never an SDK exception.
    """

    def __init__(
        self,
        model: str = "text-embedding-3-small",
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        dimensions: int | None = None,
        timeout: float = 60.0,
        max_retries: int = 2,
        batch_size: int = 128,
    ) -> None:
        if not model or not isinstance(model, str):
            raise ConfigError("OpenAIEmbedder needs a model name")
        if dimensions is not None and dimensions < 1:
            raise ConfigError(f"dimensions must be a positive integer, got {dimensions}")
        if batch_size < 1:
            raise ConfigError("batch_size must be at least 1")
        self.model = model
        self.base_url = base_url
        self._api_key = api_key
        self._requested_dimensions = dimensions
        self._dimensions = dimensions or KNOWN_DIMENSIONS.get(model)
        self.timeout = timeout
        self.max_retries = max_retries
        self.batch_size = batch_size
        self.name = f"openai:{model}" + (f"/{dimensions}" if dimensions else "")
        self._client: Any = None
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        where = f", base_url={self.base_url!r}" if self.base_url else ""
        return f"OpenAIEmbedder(model={self.model!r}{where}, dimensions={self._dimensions})"

    @property
    def dimensions(self) -> int:
        if self._dimensions is None:
            self.embed(["dimension probe"])  # sets it
        assert self._dimensions is not None
        return self._dimensions

    def _get_client(self) -> Any:
        if self._client is not None:
            return self._client
        with self._lock:
            if self._client is None:
                openai = _sdk()
                key = self._api_key or os.environ.get("OPENAI_API_KEY") or (NO_KEY if self.base_url else None)
                if not key:
                    raise ConfigError(
                        "no OpenAI API key: pass api_key=..., set OPENAI_API_KEY, or give a base_url for a local server"
                    )
                self._client = openai.OpenAI(
                    api_key=key, base_url=self.base_url, timeout=self.timeout, max_retries=self.max_retries
                )
        return self._client

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """One L2-normalised float32 vector per text: shape ``(len(texts), dimensions)``."""
        if isinstance(texts, str):
            raise InvalidType("embed() takes a sequence of strings, not a single string: embed([text])")
        items = [t if t.strip() else " " for t in texts]
        if not items:
            return np.zeros((0, self._dimensions or 0), dtype=np.float32)
        client = self._get_client()
        parts = [self._request(client, items[i : i + self.batch_size]) for i in range(0, len(items), self.batch_size)]
        vectors = np.concatenate(parts)
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        if not np.all(np.isfinite(vectors)) or np.any(norms == 0):
            raise ChatcompactError(f"{self._where()} returned a zero or non-finite embedding vector")
        vectors = (vectors / norms).astype(np.float32)
        if self._dimensions is None:
            self._dimensions = vectors.shape[1]
        elif vectors.shape[1] != self._dimensions:
            raise ChatcompactError(
                f"{self._where()} returned {vectors.shape[1]}-dimensional vectors, expected {self._dimensions}"
            )
        out: np.ndarray = vectors
        return out

    def _where(self) -> str:
        return f"embedding model {self.model!r} at {self.base_url or 'api.openai.com'}"

    def _request(self, client: Any, batch: list[str]) -> np.ndarray:
        openai = _sdk()
        kwargs: dict[str, Any] = {"model": self.model, "input": batch, "encoding_format": "float"}
        if self._requested_dimensions:
            kwargs["dimensions"] = self._requested_dimensions
        try:
            response = client.embeddings.create(**kwargs)
        except openai.APIStatusError as exc:
            raise ChatcompactError(f"{self._where()} failed with HTTP {exc.status_code}: {_detail(exc)}") from exc
        except openai.APITimeoutError as exc:
            raise ChatcompactError(f"{self._where()} timed out after {self.timeout:g} s") from exc
        except openai.APIConnectionError as exc:
            raise ChatcompactError(f"cannot reach {self._where()}: {exc}") from exc
        except openai.OpenAIError as exc:
            raise ChatcompactError(f"{self._where()} failed: {exc}") from exc
        try:
            data = sorted(response.data, key=lambda d: d.index)
            rows = [list(d.embedding) for d in data]
            width = len(rows[0]) if rows else 0
            if len(rows) != len(batch) or width == 0 or any(len(r) != width for r in rows):
                raise InvalidArgument(f"{len(rows)} vectors for {len(batch)} texts")
            return np.asarray(rows, dtype=np.float64)
        except (AttributeError, TypeError, ValueError, IndexError) as exc:
            raise ChatcompactError(f"{self._where()} returned an unusable response: {exc}") from exc


def _detail(exc: Any) -> str:
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        err = body.get("error", body)
        if isinstance(err, dict) and err.get("message"):
            return str(err["message"])
    return str(getattr(exc, "message", None) or exc)
